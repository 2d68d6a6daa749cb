"""Where the dense retriever keeps its vectors: a content-addressed cache of every text it has
embedded, and one saved index per (knowledge-base version, embedding, chunking).

The cache is one SQLite file (the standard library's sqlite3: several processes, such as Dask
workers, may read and write it at once). A key names the embedding settings, the kind
(question or passage) and the text, so a changed knowledge base embeds only its new chunks
and a question asked before is not embedded again. An index is its chunks' vectors as one
float32 matrix (numpy's .npy, memory-mapped back) beside the list of its chunks (one JSON line
each, with its source document), each written under a temporary name first, so a reader
never sees half of one. Search is exact: docs/performance.md measures it at 100,000 chunks.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Mapping
from contextlib import closing
from pathlib import Path

import numpy as np

from recall_audit.retrievers.chunking import Chunk

CACHE_ENV = "RECALL_AUDIT_EMBEDDING_CACHE"
DEFAULT_CACHE = Path(".recall-audit") / "embeddings"
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
    """The chunks of one knowledge base and their unit vectors, searched exactly: a question
    is compared with every chunk (one matrix product), so results are deterministic and no
    approximate index stands between the retriever and what it is measured on."""

    def __init__(self, vectors: np.ndarray, chunks: list[Chunk]) -> None:
        self.vectors = vectors
        self.chunks = chunks

    @classmethod
    def build(cls, chunks: list[Chunk], vectors: np.ndarray) -> ChunkIndex:
        return cls(np.ascontiguousarray(vectors, dtype=np.float32), chunks)

    def search(self, vector: np.ndarray, top_k: int) -> list[Chunk]:
        """The top_k chunks nearest to `vector` (cosine), nearest first; equal scores keep
        knowledge-base order."""
        count = min(top_k, len(self.chunks))
        if count < 1:
            return []
        scores = self.vectors @ np.asarray(vector, dtype=np.float32)
        best = np.argpartition(-scores, count - 1)[:count]
        order = best[np.lexsort((best, -scores[best]))]
        return [self.chunks[int(i)] for i in order]

    def save(self, path: Path) -> None:
        """`path`.npy and `path`.chunks.jsonl, each replacing any older one whole."""
        path.parent.mkdir(parents=True, exist_ok=True)
        listing = _chunks_path(path)
        partial = listing.with_name(f"{listing.name}.{os.getpid()}.partial")
        partial.write_text("".join(c.model_dump_json() + "\n" for c in self.chunks), "utf-8")
        os.replace(partial, listing)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial.npy")
        np.save(partial, self.vectors)
        os.replace(partial, _vectors_path(path))

    @classmethod
    def load(cls, path: Path) -> ChunkIndex | None:
        """The saved index at `path` (its vectors memory-mapped), or None when there is none."""
        if not _vectors_path(path).is_file() or not _chunks_path(path).is_file():
            return None
        lines = _chunks_path(path).read_text("utf-8").splitlines()
        vectors = np.load(_vectors_path(path), mmap_mode="r")
        if len(vectors) != len(lines):
            return None
        return cls(vectors, [Chunk.model_validate_json(line) for line in lines])


def _vectors_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.npy")


def _chunks_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.chunks.jsonl")
