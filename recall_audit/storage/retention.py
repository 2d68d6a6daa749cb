"""Retention: a nightly audit adds a run every night, so `prune_runs` keeps what comparisons
and resumes need and deletes the rest with their results.

Claim sets and the attribution and response caches are never pruned: they are what makes the
next night cheap, and they grow with the knowledge base, not with the number of runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, ConfigDict
from sqlalchemy import Exists, delete, exists, func
from sqlmodel import Session, col, select

from recall_audit.storage.records import RunStatus
from recall_audit.storage.sql import batched, table
from recall_audit.storage.tables import Baseline, CaseResult, Chunk, Dataset, RetrievedChunk, Run

# Ids bound per DELETE: far below SQLite's and PostgreSQL's bind parameter limits.
DELETE_BATCH = 500

# Runs that ended without finishing: resumable, and pruned like the completed ones.
ENDED_UNFINISHED = (RunStatus.FAILED, RunStatus.CANCELLED)


class DatasetPrune(BaseModel):
    model_config = ConfigDict(frozen=True)

    dataset: str
    kept_runs: int
    # Newest first.
    deleted_run_ids: list[str]
    # The Prefect flow runs that ran them, for the caller to delete from Prefect too.
    deleted_flow_run_ids: list[str] = []


class PruneReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    dry_run: bool
    keep: int
    datasets: list[DatasetPrune]
    # Chunks are shared across datasets, so they are counted once for the whole prune.
    chunks_deleted: int

    @property
    def deleted_run_ids(self) -> list[str]:
        return [run_id for d in self.datasets for run_id in d.deleted_run_ids]

    @property
    def deleted_flow_run_ids(self) -> list[str]:
        return [flow_run for d in self.datasets for flow_run in d.deleted_flow_run_ids]


def prune_runs(
    session: Session, *, dataset: str | None = None, keep: int = 30, dry_run: bool = False
) -> PruneReport:
    """Deletes old runs of `dataset` (default: every dataset) with their results, then the
    chunks no stored result refers to any more. One transaction per dataset, one for chunks.

    Kept per dataset: the newest `keep` completed runs; every running run; failed runs (which
    can be resumed) started no earlier than the oldest of those completed runs, or all failed
    runs if none completed; the pinned baseline; and the run each of these names as its
    baseline (one level: a baseline's own baseline goes, its reference set to NULL).

    With `dry_run` nothing is deleted and the report says what would be.
    """
    if keep < 1:
        raise ValueError("keep must be at least 1: the newest completed run is always kept")
    query = select(Dataset.id, Dataset.name).order_by(col(Dataset.name))
    if dataset is not None:
        query = query.where(Dataset.name == dataset)
    datasets = session.exec(query).all()
    if dataset is not None and not datasets:
        raise KeyError(f"no dataset named {dataset!r}; see `recall-audit runs`")

    pruned: list[DatasetPrune] = []
    for dataset_id, name in datasets:
        kept, doomed = _split_runs(session, dataset_id, keep)
        total = len(kept) + len(doomed)
        flow_runs = _flow_run_ids(session, doomed)
        if not dry_run:
            doomed = _delete_runs(session, doomed)
            session.commit()
        pruned.append(
            DatasetPrune(
                dataset=name,
                kept_runs=total - len(doomed),
                deleted_run_ids=doomed,
                deleted_flow_run_ids=[flow_runs[r] for r in doomed if r in flow_runs],
            )
        )

    if dry_run:
        chunks = _count_orphan_chunks(session, [r for d in pruned for r in d.deleted_run_ids])
        session.rollback()  # ends the read transaction
    else:
        chunks = _delete_orphan_chunks(session)
        session.commit()
    return PruneReport(dry_run=dry_run, keep=keep, datasets=pruned, chunks_deleted=chunks)


def _split_runs(session: Session, dataset_id: int, keep: int) -> tuple[list[str], list[str]]:
    """(kept, deleted) run ids of one dataset, newest first."""
    runs = session.exec(
        select(Run.id, Run.status, Run.started_at, Run.baseline_run_id)
        .where(Run.dataset_id == dataset_id)
        .order_by(col(Run.started_at).desc(), col(Run.id))
    ).all()
    completed = [
        (run_id, started) for run_id, status, started, _ in runs if status == RunStatus.COMPLETED
    ]
    newest = completed[:keep]
    window_start = newest[-1][1] if newest else None
    newest_ids = {run_id for run_id, _ in newest}

    def expendable(run_id: str, status: str, started: datetime) -> bool:
        if status == RunStatus.COMPLETED:
            return run_id not in newest_ids
        # Anything unfinished may still be resumed, unless it failed before the window.
        return status in ENDED_UNFINISHED and window_start is not None and started < window_start

    primary = {r for r, status, started, _ in runs if not expendable(r, status, started)}
    primary.update(session.exec(select(Baseline.run_id).where(Baseline.dataset_id == dataset_id)))
    kept = primary | {base for r, _, _, base in runs if r in primary and base}
    return [r for r, *_ in runs if r in kept], [r for r, *_ in runs if r not in kept]


def _flow_run_ids(session: Session, run_ids: Sequence[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for ids in batched(run_ids, DELETE_BATCH):
        rows = session.exec(
            select(Run.id, Run.prefect_flow_run_id).where(
                col(Run.id).in_(ids), col(Run.prefect_flow_run_id).is_not(None)
            )
        )
        found.update({run_id: flow_run for run_id, flow_run in rows if flow_run})
    return found


def _delete_runs(session: Session, run_ids: Sequence[str]) -> list[str]:
    """Deletes the runs (their results, verdicts and retrieved chunks cascade); returns the ids
    really deleted. A run resumed or pinned since it was chosen is left alone."""
    runs = table(Run)
    deleted: set[str] = set()
    for ids in batched(run_ids, DELETE_BATCH):
        statement = (
            delete(runs)
            .where(
                runs.c.id.in_(ids),
                runs.c.status.in_([RunStatus.COMPLETED, *ENDED_UNFINISHED]),
                runs.c.id.not_in(select(Baseline.run_id)),
            )
            .returning(runs.c.id)
        )
        deleted.update(session.exec(statement).scalars())
    return [run_id for run_id in run_ids if run_id in deleted]


def _still_used(excluded_runs: Sequence[str]) -> Exists:
    """A chunk is still used when a result of a run not in `excluded_runs` retrieved it."""
    return exists(
        select(RetrievedChunk.chunk_hash)
        .join(CaseResult, col(CaseResult.id) == col(RetrievedChunk.case_result_id))
        .where(
            col(RetrievedChunk.chunk_hash) == col(Chunk.hash),
            col(CaseResult.run_id).not_in(list(excluded_runs)),
        )
    )


def _count_orphan_chunks(session: Session, doomed_runs: Sequence[str]) -> int:
    query = select(func.count()).select_from(Chunk).where(~_still_used(doomed_runs))
    return session.exec(query).one()


def _delete_orphan_chunks(session: Session) -> int:
    chunks = table(Chunk)
    unused = ~exists().where(table(RetrievedChunk).c.chunk_hash == chunks.c.hash)
    return session.exec(delete(chunks).where(unused)).rowcount
