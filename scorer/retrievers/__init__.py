"""Retrievers under test, one module per kind, behind the `Retriever` interface."""

from recall_audit.scorer.retrievers.base import (
    TOKEN_ENV,
    BaseRetriever,
    Retriever,
    RetrieverError,
    RetrieverSettings,
)
from recall_audit.scorer.retrievers.bm25 import Bm25Retriever
from recall_audit.scorer.retrievers.chunking import Chunk, Chunking
from recall_audit.scorer.retrievers.http import HttpRetriever
from recall_audit.scorer.retrievers.knowledge_base import (
    Document,
    knowledge_base_fingerprint,
    load_chunks,
    load_documents,
)
from recall_audit.scorer.retrievers.precomputed import PrecomputedRetriever
from recall_audit.scorer.retrievers.python import PythonRetriever, load_callable
from recall_audit.scorer.retrievers.spec import retriever_from_spec

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
