"""Where the dense retriever keeps its vectors: a content-addressed cache of every text it has
embedded, and one saved index per (knowledge-base version, embedding, chunking).

The cache is one SQLite file (the standard library's sqlite3: several processes, such as Dask
workers, may read and write it at once). A key names the embedding settings, the kind
(question or passage) and the text, so a changed knowledge base embeds only its new chunks
and a question asked before is not embedded again. An index is its chunks' vectors as one
float32 matrix (numpy's .npy, memory-mapped back) beside the list of its chunks (one JSON line
each, with its source document) and what made it (the embeddings server and model, the
vectors' dimension), each written under a temporary name first, so a reader never sees half
of one. Search is exact: docs/performance.md measures it at 100,000 chunks.

Neither is worth a failed run: a cache file that is not SQLite is started afresh, a vector
or an index that cannot be read is embedded again, each said once in a log line; a cache that
cannot be written is warned about once and the run goes on with what it embedded in memory.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterable, Mapping
from contextlib import closing
from pathlib import Path

import numpy as np
from pydantic import ValidationError

from recall_audit.retrievers.chunking import Chunk

CACHE_ENV = "RECALL_AUDIT_EMBEDDING_CACHE"
DEFAULT_CACHE = Path(".recall-audit") / "embeddings"
# SQLite binds at most this many variables in one statement on older builds.
_LOOKUP_BATCH = 900
# Bumped when what `meta` holds changes.
_META_FORMAT = 1

log = logging.getLogger("recall_audit.dense")


def cache_folder(folder: str | Path | None = None) -> Path:
    """The given folder, else RECALL_AUDIT_EMBEDDING_CACHE, else .recall-audit/embeddings."""
    return Path(folder or os.environ.get(CACHE_ENV) or DEFAULT_CACHE)


def unusable(folder: Path) -> str | None:
    """Why `folder` cannot hold the cache (a file in its place or in its path, no right to
    write), or None; nothing is created to find out, so checking a spec stays free."""
    if folder.exists() and not folder.is_dir():
        return "is a file, not a folder"
    for inside, kind in (("vectors.sqlite", "file"), ("indexes", "folder")):
        at = folder / inside
        if at.exists() and at.is_dir() != (kind == "folder"):
            return f"holds {inside}, which is not a {kind}"
    existing = next((p for p in (folder, *folder.parents) if p.exists()), None)
    if existing is None:
        return None
    if not existing.is_dir():
        return f"cannot be made: {existing} is a file"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"cannot be written: {existing} is not writable by this user"
    return None


def _garbled(error: sqlite3.Error) -> bool:
    """Whether SQLite found the file not to be a (sound) database, rather than busy, full or
    read-only: the first kind is started afresh, the others leave the cache unused."""
    return isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.OperationalError
    )


class VectorCache:
    """Vectors by key, in `folder`/vectors.sqlite. It never fails a run: a garbled file is
    started afresh, a garbled vector is a miss, and a cache that cannot be read or written
    is left unused from then on (a warning says why, once)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "vectors.sqlite"
        self.unused: str | None = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self._create()
        except sqlite3.Error as error:
            self._failed(error)
        except OSError as error:
            self._unused(f"{error.strerror or error}")

    def _create(self) -> None:
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=60)

    def _failed(self, error: sqlite3.Error) -> None:
        """A garbled file is replaced by an empty cache; any other failure leaves it unused."""
        if not _garbled(error):
            self._unused(str(error))
            return
        log.warning(
            "embeddings cache %s is not a readable SQLite database (%s): started afresh, "
            "its vectors are embedded again",
            self.path,
            error,
        )
        try:
            for suffix in ("", "-wal", "-shm"):
                self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
            self._create()
        except (sqlite3.Error, OSError) as again:
            self._unused(str(again))

    def _unused(self, why: str) -> None:
        if self.unused is None:
            log.warning(
                "embeddings cache %s cannot be used (%s): going on without it, "
                "so nothing embedded now is kept",
                self.path,
                why,
            )
        self.unused = why

    def get_many(self, keys: Iterable[str]) -> dict[str, np.ndarray]:
        """The cached vectors of `keys`; one that is not float32 numbers, finite and not all
        zero (a garbled row) is a miss, embedded again and replaced."""
        if self.unused is not None:
            return {}
        wanted = list(dict.fromkeys(keys))
        found: dict[str, np.ndarray] = {}
        garbled = 0
        try:
            with closing(self._connect()) as db:
                for at in range(0, len(wanted), _LOOKUP_BATCH):
                    part = wanted[at : at + _LOOKUP_BATCH]
                    marks = ",".join("?" * len(part))
                    query = f"SELECT key, vector FROM vectors WHERE key IN ({marks})"
                    for key, blob in db.execute(query, part):
                        vector = _stored_vector(blob)
                        if vector is None:
                            garbled += 1
                        else:
                            found[key] = vector
        except sqlite3.Error as error:
            self._failed(error)
            return {}
        if garbled:
            log.warning(
                "embeddings cache %s: %d garbled vectors, embedded again", self.path, garbled
            )
        return found

    def put_many(self, vectors: Mapping[str, np.ndarray]) -> None:
        if self.unused is not None:
            return
        rows = [(key, np.asarray(v, dtype="<f4").tobytes()) for key, v in vectors.items()]
        try:
            with closing(self._connect()) as db, db:
                db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
        except sqlite3.Error as error:
            self._failed(error)
            if self.unused is None:
                self.put_many(vectors)


def _stored_vector(blob: object) -> np.ndarray | None:
    if not isinstance(blob, bytes) or not blob or len(blob) % 4:
        return None
    vector = np.frombuffer(blob, dtype="<f4")
    return vector if np.all(np.isfinite(vector)) and np.any(vector) else None


class ChunkIndex:
    """The chunks of one knowledge base and their unit vectors, searched exactly: a question
    is compared with every chunk (one matrix product), so results are deterministic and no
    approximate index stands between the retriever and what it is measured on."""

    def __init__(self, vectors: np.ndarray, chunks: list[Chunk], source: str = "") -> None:
        self.vectors = vectors
        self.chunks = chunks
        # Which embeddings server and model made the vectors (OpenAIEmbeddings.server).
        self.source = source

    @property
    def dimensions(self) -> int:
        return int(self.vectors.shape[1]) if self.vectors.ndim == 2 else 0

    @classmethod
    def build(cls, chunks: list[Chunk], vectors: np.ndarray, source: str = "") -> ChunkIndex:
        return cls(np.ascontiguousarray(vectors, dtype=np.float32), chunks, source)

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

    def meta(self) -> dict[str, object]:
        """What made the index, kept beside it and checked when it is loaded back."""
        return {
            "format": _META_FORMAT,
            "source": self.source,
            "dimensions": self.dimensions,
            "chunks": len(self.chunks),
        }

    def save(self, path: Path) -> None:
        """`path`.npy, `path`.chunks.jsonl and `path`.meta.json, each replacing any older one
        whole; the meta last, so an index without it is one that was never finished."""
        path.parent.mkdir(parents=True, exist_ok=True)
        _meta_path(path).unlink(missing_ok=True)
        listing = _chunks_path(path)
        partial = listing.with_name(f"{listing.name}.{os.getpid()}.partial")
        partial.write_text("".join(c.model_dump_json() + "\n" for c in self.chunks), "utf-8")
        os.replace(partial, listing)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial.npy")
        np.save(partial, self.vectors)
        os.replace(partial, _vectors_path(path))
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial.meta")
        partial.write_text(json.dumps(self.meta()), "utf-8")
        os.replace(partial, _meta_path(path))

    @classmethod
    def load(cls, path: Path, source: str = "") -> ChunkIndex | None:
        """The saved index at `path` (its vectors memory-mapped), or None when there is none,
        or when it is not one `source` made or cannot be read (then it is built again, and
        a log line says why)."""
        if not all(p.is_file() for p in (_vectors_path(path), _chunks_path(path))):
            return None
        try:
            meta = json.loads(_meta_path(path).read_text("utf-8"))
            lines = _chunks_path(path).read_text("utf-8").splitlines()
            vectors = np.load(_vectors_path(path), mmap_mode="r", allow_pickle=False)
            index = cls(vectors, [Chunk.model_validate_json(line) for line in lines], source)
        except (OSError, ValueError, ValidationError) as error:
            log.warning("dense index %s cannot be read (%s): built again", path, error)
            return None
        if meta != index.meta() or vectors.dtype != np.float32:
            log.warning(
                "dense index %s was made by %s (%s dimensions, %s chunks), not by %s: built again",
                path,
                meta.get("source") if isinstance(meta, dict) else None,
                meta.get("dimensions") if isinstance(meta, dict) else None,
                meta.get("chunks") if isinstance(meta, dict) else None,
                source,
            )
            return None
        return index


def _vectors_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.npy")


def _chunks_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.chunks.jsonl")


def _meta_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.meta.json")
