"""Where the dense retriever keeps its vectors: a content-addressed cache of every text it has
embedded, and one saved USearch index per (knowledge-base version, embedding, chunking).

The cache is one SQLite file (the standard library's sqlite3: several processes, such as Dask
workers, may read and write it at once). A key names the embedding settings, the kind
(question or passage) and the text, so a changed knowledge base embeds only its new chunks
and a question asked before is not embedded again. An index is written beside the list of
its chunks (one JSON line each, with its source document), under a temporary name first, so
a reader never sees half of one.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Mapping
from contextlib import closing
from pathlib import Path

import numpy as np
from recall_audit.scorer.retrievers.chunking import Chunk
from usearch.index import Index

CACHE_ENV = "RECALL_AUDIT_EMBEDDING_CACHE"
DEFAULT_CACHE = Path(".recall-audit") / "embeddings"
# Up to this many chunks a question is compared with every one (exact, deterministic,
# milliseconds); beyond, the HNSW graph answers (docs/performance.md measures both).
EXACT_UP_TO = 20_000
# Candidates the graph search keeps: higher finds the true nearest more often, slower.
EXPANSION_SEARCH = 128
# SQLite binds at most this many variables in one statement on older builds.
_LOOKUP_BATCH = 900


def cache_folder(folder: str | Path | None = None) -> Path:
    """The given folder, else RECALL_AUDIT_EMBEDDING_CACHE, else .recall-audit/embeddings."""
    return Path(folder or os.environ.get(CACHE_ENV) or DEFAULT_CACHE)


class VectorCache:
    """Vectors by key, in `folder`/vectors.sqlite."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "vectors.sqlite"
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=60)

    def get_many(self, keys: Iterable[str]) -> dict[str, np.ndarray]:
        wanted = list(dict.fromkeys(keys))
        found: dict[str, np.ndarray] = {}
        with closing(self._connect()) as db:
            for at in range(0, len(wanted), _LOOKUP_BATCH):
                part = wanted[at : at + _LOOKUP_BATCH]
                marks = ",".join("?" * len(part))
                rows = db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", part)
                found.update((key, np.frombuffer(blob, dtype="<f4")) for key, blob in rows)
        return found

    def put_many(self, vectors: Mapping[str, np.ndarray]) -> None:
        rows = [(key, np.asarray(v, dtype="<f4").tobytes()) for key, v in vectors.items()]
        with closing(self._connect()) as db, db:
            db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)


class ChunkIndex:
    """The chunks of one knowledge base and their vectors, searchable by a question's."""

    def __init__(self, index: Index, chunks: list[Chunk]) -> None:
        self.index = index
        self.chunks = chunks

    @classmethod
    def build(cls, chunks: list[Chunk], vectors: np.ndarray) -> ChunkIndex:
        index = Index(
            ndim=vectors.shape[1], metric="cos", dtype="f32", expansion_search=EXPANSION_SEARCH
        )
        index.add(np.arange(len(chunks), dtype=np.uint64), vectors)
        return cls(index, chunks)

    def search(self, vector: np.ndarray, top_k: int) -> list[Chunk]:
        """The top_k chunks nearest to `vector`, nearest first."""
        count = min(top_k, len(self.chunks))
        if count < 1:
            return []
        matches = self.index.search(vector, count, exact=len(self.chunks) <= EXACT_UP_TO)
        return [self.chunks[int(key)] for key in matches.keys]

    def save(self, path: Path) -> None:
        """`path`.usearch and `path`.chunks.jsonl, each replacing any older one whole."""
        path.parent.mkdir(parents=True, exist_ok=True)
        listing = _chunks_path(path)
        partial = listing.with_name(f"{listing.name}.{os.getpid()}.partial")
        partial.write_text("".join(c.model_dump_json() + "\n" for c in self.chunks), "utf-8")
        os.replace(partial, listing)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        self.index.save(str(partial))
        os.replace(partial, _index_path(path))

    @classmethod
    def load(cls, path: Path) -> ChunkIndex | None:
        """The saved index at `path`, or None when there is none (yet)."""
        if not _index_path(path).is_file() or not _chunks_path(path).is_file():
            return None
        lines = _chunks_path(path).read_text("utf-8").splitlines()
        index = Index.restore(str(_index_path(path)), view=True)
        if index is None or len(index) != len(lines):
            return None
        index.expansion_search = EXPANSION_SEARCH
        return cls(index, [Chunk.model_validate_json(line) for line in lines])


def _index_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.usearch")


def _chunks_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.chunks.jsonl")
