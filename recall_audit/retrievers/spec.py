"""Build a retriever from its one-string spec, as written in settings or on the command line."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from recall_audit.errors import ConfigurationError
from recall_audit.limits import CaseLimits, limits_from_env
from recall_audit.redact import redact_spec
from recall_audit.retrievers.base import BaseRetriever, RetrieverSettings
from recall_audit.retrievers.precomputed import PrecomputedRetriever

if TYPE_CHECKING:
    from recall_audit.retrievers.dense import DenseRetriever
    from recall_audit.retrievers.local_options import ChunkOptions

SPEC_HELP = (
    "use 'precomputed', an http(s):// URL, 'python:module:function', 'bm25:PATH', "
    "'dense:PATH' or 'env:VAR'"
)
ENV_PREFIX = "env:"
# How every spec starts; an environment variable holding anything else is not shown.
SPEC_KINDS = ("precomputed", "http://", "https://", "python:", "bm25:", "dense:")


def resolve_spec(spec: str) -> str:
    """`env:VAR` is the spec held in environment variable VAR: a URL with credentials passes
    through Prefect's parameters and our database by that name, never by value."""
    text = spec.strip()
    if not text.startswith(ENV_PREFIX):
        return text
    name = text.removeprefix(ENV_PREFIX)
    value = os.environ.get(name, "").strip()
    if not value or value.startswith(ENV_PREFIX):
        raise ConfigurationError(
            f"retriever '{text}': environment variable {name} must hold a retriever spec"
        )
    if not value.startswith(SPEC_KINDS):
        # Whatever else it holds (an API key, say) is never quoted back.
        raise ConfigurationError(
            f"retriever '{text}': environment variable {name} does not hold a retriever spec; "
            f"{SPEC_HELP}"
        )
    return value


def shown_spec(spec: str) -> str:
    """The spec as it may be stored and shown: resolved, its credentials masked."""
    return redact_spec(resolve_spec(spec))


def retriever_from_spec(
    spec: str,
    *,
    settings: RetrieverSettings | None = None,
    app_dir: str | Path | None = None,
    local: dict[str, Any] | None = None,
    limits: CaseLimits | None = None,
) -> BaseRetriever:
    """`precomputed`, `http(s)://host/path`, `python:module:function`, `bm25:PATH[?...]`,
    `dense:PATH[?...]` or `env:VAR` (the spec held in environment variable VAR).

    `settings` apply to HTTP retrievers (timeouts, connections, retries, headers, token;
    default: those of `limits`); `python:` modules are imported from `app_dir` (default: the
    working folder); `local` holds settings of the local retrievers (chunk_size, overlap,
    embedding, ...; see local_options.py) that the spec's own query does not give; `limits`
    (default: the environment's) bound a knowledge base's documents too.
    Raises ConfigurationError with a one-line message when the spec cannot be used.
    """
    text = resolve_spec(spec)
    limits = limits or limits_from_env()
    try:
        return _built(text, settings or RetrieverSettings.within(limits), app_dir, local, limits)
    except ConfigurationError:
        if text == spec.strip():
            raise
        # The spec came from the environment, and no part of a variable's value is quoted.
        kind = text.partition(":")[0]
        raise ConfigurationError(
            f"retriever '{spec.strip()}': the {kind} spec it holds cannot be used "
            "(give it as --retriever to see why)"
        ) from None


def _built(
    text: str,
    settings: RetrieverSettings,
    app_dir: str | Path | None,
    local: dict[str, Any] | None,
    limits: CaseLimits,
) -> BaseRetriever:
    # Each kind is imported where it is built: precomputed chunks need neither httpx nor
    # numpy and bm25s, and a model judge's first calls wait for what this module imports.
    if text == "precomputed":
        return PrecomputedRetriever()
    if text.startswith(("http://", "https://")):
        from recall_audit.retrievers.http import HttpRetriever, public_url

        if not urlsplit(text).hostname:
            raise ConfigurationError(f"retriever URL {public_url(text)} has no host")
        return HttpRetriever(text, settings)
    if text.startswith("python:"):
        from recall_audit.retrievers.python import PythonRetriever

        try:
            return PythonRetriever.from_target(text.removeprefix("python:"), app_dir)
        except ConfigurationError as error:
            raise ConfigurationError(f"retriever '{text}': {error}") from None
    if text.startswith("bm25:"):
        from recall_audit.retrievers.bm25 import Bm25Retriever
        from recall_audit.retrievers.local_options import ChunkOptions, parse_local

        path, chunks = parse_local(text, "bm25", ChunkOptions, _only(local, ChunkOptions))
        return Bm25Retriever(path, limits.max_chunk_chars, chunks.chunking())
    if text.startswith("dense:"):
        return _dense(text, local, limits)
    raise ConfigurationError(f"unknown retriever '{_shown(text)}': {SPEC_HELP}")


def _shown(text: str) -> str:
    if "://" not in text:
        return text
    from recall_audit.retrievers.http import public_url

    return public_url(text)


def _only(values: dict[str, Any] | None, model: type[ChunkOptions]) -> dict[str, Any]:
    """The settings `model` reads: an audit's embedding model means nothing to bm25."""
    return {k: v for k, v in (values or {}).items() if k in model.model_fields}


def _dense(text: str, local: dict[str, Any] | None, limits: CaseLimits) -> DenseRetriever:
    # Imported here: the model layer (aiohttp) is a dense retriever's alone.
    from recall_audit.retrievers.dense import DenseRetriever
    from recall_audit.retrievers.local_options import DenseOptions, parse_local

    path, options = parse_local(text, "dense", DenseOptions, local)
    try:
        embedding = options.embedding_settings()
    except ValueError as error:
        raise ConfigurationError(f"retriever '{text}': {error}") from None
    return DenseRetriever(
        path,
        embedding,
        chunking=options.chunking(),
        name=text,
        max_document_chars=limits.max_chunk_chars,
        limits=limits,
    )
