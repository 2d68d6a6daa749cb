"""Build a retriever from its one-string spec, as written in settings or on the command line."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from recall_audit.scorer.errors import ConfigurationError
from recall_audit.scorer.retrievers.base import BaseRetriever, RetrieverSettings
from recall_audit.scorer.retrievers.bm25 import Bm25Retriever
from recall_audit.scorer.retrievers.http import HttpRetriever, public_url
from recall_audit.scorer.retrievers.precomputed import PrecomputedRetriever
from recall_audit.scorer.retrievers.python import PythonRetriever

SPEC_HELP = "use 'precomputed', an http(s):// URL, 'python:module:function' or 'bm25:PATH'"


def retriever_from_spec(
    spec: str, *, settings: RetrieverSettings | None = None, app_dir: str | Path | None = None
) -> BaseRetriever:
    """`precomputed`, `http(s)://host/path`, `python:module:function` or `bm25:PATH`.

    `settings` apply to HTTP retrievers (timeouts, connections, retries, headers, token);
    `python:` modules are imported from `app_dir` (default: the working folder).
    Raises ConfigurationError with a one-line message when the spec cannot be used.
    """
    text = spec.strip()
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
