"""Retrievers under test, one module per kind, behind the `Retriever` interface."""

from scorer.retrievers.base import (
    TOKEN_ENV,
    BaseRetriever,
    Retriever,
    RetrieverError,
    RetrieverSettings,
)
from scorer.retrievers.bm25 import (
    Bm25Retriever,
    Document,
    knowledge_base_fingerprint,
    load_documents,
)
from scorer.retrievers.http import HttpRetriever
from scorer.retrievers.precomputed import PrecomputedRetriever
from scorer.retrievers.python import PythonRetriever, load_callable
from scorer.retrievers.spec import retriever_from_spec

__all__ = [
    "TOKEN_ENV",
    "BaseRetriever",
    "Bm25Retriever",
    "Document",
    "HttpRetriever",
    "PrecomputedRetriever",
    "PythonRetriever",
    "Retriever",
    "RetrieverError",
    "RetrieverSettings",
    "knowledge_base_fingerprint",
    "load_callable",
    "load_documents",
    "retriever_from_spec",
]
