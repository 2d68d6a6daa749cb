"""The knowledge base an audit can see: its chunks as the local retriever indexes them, their
content hashes with document id and title, and BM25 over them to find a claim's candidates.

For `bm25:PATH` and `dense:PATH` it is that corpus, chunked as the retriever chunks it; for
an HTTP or `python:` retriever it is the folder or file given as `--knowledge-base PATH`
(the formats of `bm25:`), read as `bm25:` reads it.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode

from pydantic import BaseModel, ConfigDict

from recall_audit.retrievers.chunking import Chunk, Chunking
from recall_audit.retrievers.knowledge_base import knowledge_base_fingerprint
from recall_audit.retrievers.local_options import ChunkOptions, parse_local
from recall_audit.retrievers.spec import resolve_spec

if TYPE_CHECKING:
    from recall_audit.retrievers.bm25 import Bm25Retriever

LOCAL_KINDS = ("bm25", "dense")


def content_hash(text: str) -> str:
    """sha256 of a chunk's text: the key storage keeps retrieved chunks under, too."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class KnowledgeChunk(BaseModel):
    """One chunk of a knowledge-base version as storage records it (no text: hashes only)."""

    model_config = ConfigDict(frozen=True)

    hash: str
    chunk_id: str
    document: str
    title: str = ""


class KnowledgeBase:
    """A knowledge base at one version. `version` is its fingerprint (the `kb.updated`
    version), with the chunking appended when the chunks are windows, since the same files
    cut otherwise hold other chunks."""

    def __init__(
        self,
        path: str | Path,
        chunking: Chunking | None = None,
        index: Bm25Retriever | None = None,
        max_document_chars: int | None = None,
    ) -> None:
        self.path = str(path)
        self.chunking = chunking
        self.fingerprint = knowledge_base_fingerprint(path)
        self.version = self.fingerprint + (f"@{chunking.label}" if chunking else "")
        if index is None:
            # Imported here: an audit that diagnoses nothing never loads BM25 (and numpy).
            from recall_audit.retrievers.bm25 import Bm25Retriever

            index = Bm25Retriever(path, max_document_chars, chunking)
        # The run's own BM25 retriever, when it is one over this corpus: indexed once.
        self.index = index
        self.chunks: list[Chunk] = self.index.chunks
        self._by_hash = {content_hash(c.text): c for c in self.chunks}
        self._by_id = {c.id: c for c in self.chunks}
        self._by_document: dict[str, list[Chunk]] = defaultdict(list)
        for chunk in self.chunks:
            self._by_document[chunk.document].append(chunk)

    def entries(self) -> list[KnowledgeChunk]:
        """Every chunk's hash, id, document and title, in knowledge-base order."""
        return [
            KnowledgeChunk(hash=h, chunk_id=c.id, document=c.document, title=c.title)
            for h, c in self._by_hash.items()
        ]

    def chunk_with_hash(self, hash_: str) -> Chunk | None:
        return self._by_hash.get(hash_)

    def holds(self, text: str) -> bool:
        return content_hash(text) in self._by_hash

    def chunk_now(self, chunk_id: str, document: str) -> Chunk | None:
        """What stands today where a chunk was: the chunk of that id, else the document's
        first chunk; None when the document is gone."""
        if chunk_id in self._by_id and self._by_id[chunk_id].document == document:
            return self._by_id[chunk_id]
        chunks = self._by_document.get(document)
        return chunks[0] if chunks else None

    def candidates(self, query: str, n: int) -> list[Chunk]:
        """The `n` chunks BM25 ranks first for `query` (a claim): where its support would be."""
        return self.index.search_chunks(query, n)


def knowledge_base_for(
    retriever: str | None,
    knowledge_base: str | Path | None = None,
    local: dict[str, Any] | None = None,
    index: Bm25Retriever | None = None,
    max_document_chars: int | None = None,
) -> KnowledgeBase | None:
    """The knowledge base of an audit: `knowledge_base` when given (chunked by `local`'s
    chunk settings, as `bm25:` would), else the corpus of a `bm25:`/`dense:` retriever; None
    when the audit cannot see one (precomputed chunks, an HTTP retriever without a path).
    A document longer than `max_document_chars` (default: the limit on a chunk) is refused."""
    if knowledge_base is not None:
        path, query = str(knowledge_base), ""
    else:
        spec = resolve_spec(retriever) if retriever else ""
        kind, _, rest = spec.partition(":")
        if kind not in LOCAL_KINDS:
            return None
        path, _, query = rest.partition("?")
    # Only the chunk settings say what the chunks are: a dense spec's embedding does not.
    given = {k: v for k, v in parse_qsl(query) if k in ChunkOptions.model_fields}
    options = {k: v for k, v in (local or {}).items() if k in ChunkOptions.model_fields}
    spec = f"bm25:{path}" + (f"?{urlencode(given)}" if given else "")
    path, chunks = parse_local(spec, "bm25", ChunkOptions, options)
    own = index if index is not None and index.name == f"bm25:{path}" else None
    return KnowledgeBase(path, chunks.chunking(), own, max_document_chars)
