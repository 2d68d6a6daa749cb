"""Retrievers under test, one module per kind, behind the `Retriever` interface.

Its names are imported on first use (recall_audit/lazy.py): a run on precomputed chunks imports
neither httpx nor numpy and bm25s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from recall_audit.lazy import lazy_names

if TYPE_CHECKING:
    from recall_audit.retrievers.base import (
        TOKEN_ENV,
        BaseRetriever,
        Retriever,
        RetrieverError,
        RetrieverSettings,
    )
    from recall_audit.retrievers.bm25 import Bm25Retriever
    from recall_audit.retrievers.chunking import Chunk, Chunking
    from recall_audit.retrievers.http import HttpRetriever
    from recall_audit.retrievers.knowledge_base import (
        Document,
        knowledge_base_fingerprint,
        load_chunks,
        load_documents,
    )
    from recall_audit.retrievers.precomputed import PrecomputedRetriever
    from recall_audit.retrievers.python import PythonRetriever, load_callable
    from recall_audit.retrievers.spec import retriever_from_spec

_HOMES = {
    ".base": ("TOKEN_ENV", "BaseRetriever", "Retriever", "RetrieverError", "RetrieverSettings"),
    ".bm25": ("Bm25Retriever",),
    ".chunking": ("Chunk", "Chunking"),
    ".http": ("HttpRetriever",),
    ".knowledge_base": (
        "Document",
        "knowledge_base_fingerprint",
        "load_chunks",
        "load_documents",
    ),
    ".precomputed": ("PrecomputedRetriever",),
    ".python": ("PythonRetriever", "load_callable"),
    ".spec": ("retriever_from_spec",),
}

__all__ = [
    "TOKEN_ENV",
    "BaseRetriever",
    "Bm25Retriever",
    "Chunk",
    "Chunking",
    "Document",
    "HttpRetriever",
    "PrecomputedRetriever",
    "PythonRetriever",
    "Retriever",
    "RetrieverError",
    "RetrieverSettings",
    "knowledge_base_fingerprint",
    "load_callable",
    "load_chunks",
    "load_documents",
    "retriever_from_spec",
]

__getattr__, __dir__ = lazy_names(__name__, _HOMES)
