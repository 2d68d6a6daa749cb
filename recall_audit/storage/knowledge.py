"""Knowledge-base versions: recorded once per version (its chunks' content hashes with
document id and title), and named by each run that could see it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from recall_audit.diagnosis.knowledge import KnowledgeChunk
from recall_audit.storage.sql import batched, insert_rows
from recall_audit.storage.tables import KnowledgeBaseChunk, KnowledgeBaseVersion, Run

# Rows per bulk insert: a large knowledge base is written in bounded statements.
INSERT_BATCH = 5000


def record_knowledge_base(
    session: Session,
    version: str,
    fingerprint: str,
    path: str,
    chunks: Sequence[KnowledgeChunk],
) -> bool:
    """Records a version and its chunks unless it is recorded already; True when it was
    new. Commits. Two runs recording the same version at once record it once."""
    if session.get(KnowledgeBaseVersion, version) is not None:
        return False
    insert_rows(
        session,
        KnowledgeBaseVersion,
        [
            {
                "version": version,
                "fingerprint": fingerprint,
                "path": path,
                "chunk_count": len(chunks),
            }
        ],
        ignore_conflicts=True,
    )
    rows = [
        {
            "version": version,
            "position": position,
            "chunk_hash": chunk.hash,
            "chunk_id": chunk.chunk_id,
            "document_id": chunk.document,
            "title": chunk.title,
        }
        for position, chunk in enumerate(chunks)
    ]
    for part in batched(rows, INSERT_BATCH):
        insert_rows(session, KnowledgeBaseChunk, part, ignore_conflicts=True)
    session.commit()
    return True


def set_run_knowledge_base(session: Session, run_id: str, version: str | None) -> None:
    """Names the knowledge-base version the run could see. Commits."""
    run = session.get(Run, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    run.knowledge_base_version = version
    session.commit()


def run_knowledge_base(session: Session, run_id: str) -> KnowledgeBaseVersion | None:
    """The knowledge-base version recorded for the run, if any."""
    run = session.get(Run, run_id)
    if run is None or run.knowledge_base_version is None:
        return None
    return session.get(KnowledgeBaseVersion, run.knowledge_base_version)


def knowledge_base_chunks(session: Session, version: str) -> dict[str, KnowledgeChunk]:
    """The chunks of a recorded version, by content hash."""
    rows = session.exec(
        select(KnowledgeBaseChunk)
        .where(KnowledgeBaseChunk.version == version)
        .order_by(col(KnowledgeBaseChunk.position))
    ).all()
    return {
        row.chunk_hash: KnowledgeChunk(
            hash=row.chunk_hash, chunk_id=row.chunk_id, document=row.document_id, title=row.title
        )
        for row in rows
    }


def chunk_in_run_knowledge_base(session: Session, run_id: str, chunk_hash: str) -> bool:
    """Whether a chunk (by content hash) was in the knowledge base of run `run_id`."""
    found = session.exec(
        select(KnowledgeBaseChunk.position)
        .join(Run, col(Run.knowledge_base_version) == col(KnowledgeBaseChunk.version))
        .where(Run.id == run_id, KnowledgeBaseChunk.chunk_hash == chunk_hash)
        .limit(1)
    ).first()
    return found is not None
