"""Build a retriever from its one-string spec, as written in settings or on the command line."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from recall_audit.scorer.errors import ConfigurationError
from recall_audit.scorer.redact import redact_spec
from recall_audit.scorer.retrievers.base import BaseRetriever, RetrieverSettings
from recall_audit.scorer.retrievers.bm25 import Bm25Retriever
from recall_audit.scorer.retrievers.http import HttpRetriever, public_url
from recall_audit.scorer.retrievers.precomputed import PrecomputedRetriever
from recall_audit.scorer.retrievers.python import PythonRetriever

SPEC_HELP = (
    "use 'precomputed', an http(s):// URL, 'python:module:function', 'bm25:PATH' or 'env:VAR'"
)
ENV_PREFIX = "env:"


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
    return value


def shown_spec(spec: str) -> str:
    """The spec as it may be stored and shown: resolved, its credentials masked."""
    return redact_spec(resolve_spec(spec))


def retriever_from_spec(
    spec: str, *, settings: RetrieverSettings | None = None, app_dir: str | Path | None = None
) -> BaseRetriever:
    """`precomputed`, `http(s)://host/path`, `python:module:function`, `bm25:PATH` or
    `env:VAR` (the spec held in environment variable VAR).

    `settings` apply to HTTP retrievers (timeouts, connections, retries, headers, token);
    `python:` modules are imported from `app_dir` (default: the working folder).
    Raises ConfigurationError with a one-line message when the spec cannot be used.
    """
    text = resolve_spec(spec)
    if text == "precomputed":
        return PrecomputedRetriever()
    if text.startswith(("http://", "https://")):
        if not urlsplit(text).hostname:
            raise ConfigurationError(f"retriever URL {public_url(text)} has no host")
        return HttpRetriever(text, settings)
    if text.startswith("python:"):
        try:
            return PythonRetriever.from_target(text.removeprefix("python:"), app_dir)
        except ConfigurationError as error:
            raise ConfigurationError(f"retriever '{text}': {error}") from None
    if text.startswith("bm25:"):
        path = text.removeprefix("bm25:")
        if not path:
            raise ConfigurationError("retriever 'bm25:' needs a path: bm25:PATH")
        return Bm25Retriever(path)
    shown = public_url(text) if "://" in text else text
    raise ConfigurationError(f"unknown retriever '{shown}': {SPEC_HELP}")
