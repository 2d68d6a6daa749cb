"""Saving case results (one case, or the cases of one group commit, per transaction), and what
a resumed run can skip."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple

from sqlalchemy import bindparam, delete
from sqlmodel import Session, col, select

from recall_audit.scorer.hits import Hit
from recall_audit.storage.claims import IN_BATCH, freeze
from recall_audit.storage.columns import utcnow
from recall_audit.storage.hashing import list_hash, text_hash
from recall_audit.storage.sql import batched, dialect_insert, dialect_name, insert_rows, table
from recall_audit.storage.tables import (
    Case,
    CaseResult,
    Chunk,
    ClaimSet,
    RetrievedChunk,
    Run,
    VerdictRow,
)
from recall_audit.types import RecallResult, Status


class CaseToSave(NamedTuple):
    """One case's result and the chunks the judge saw (after cleaning), in order: verdicts'
    chunk indices point into them."""

    case_id: int
    result: RecallResult
    chunks: Sequence[str]
    # What the retriever's hits said about each chunk (document id, title, score), if anything.
    hits: Sequence[Hit | None] = ()
    # The ids of the documents labelled relevant to the case (None: not labelled).
    reference_ids: Sequence[str] | None = None


def save_case_result(
    session: Session,
    run_id: str,
    case_id: int,
    result: RecallResult,
    chunks: Sequence[str],
) -> None:
    """Stores one case's result with its verdicts and chunks, in one transaction. Commits.

    Saving the same (run, case) again replaces the earlier result, so a retried task or a
    resumed run never counts a case twice.

    The claims are frozen for the case's ground truth and the run's judge if they were not
    already; a result whose claims differ from the frozen ones is refused (ValueError), since
    it would move the denominator.
    """
    try:
        write_case_results(session, run_id, [CaseToSave(case_id, result, chunks)])
    except Exception:
        # Leaves the session usable for the next case of the batch.
        session.rollback()
        raise
    session.commit()


def write_case_results(session: Session, run_id: str, cases: Sequence[CaseToSave]) -> None:
    """What `save_case_result` writes, for several cases at once and without committing (a
    group commit commits them): one lookup, one insert of their chunks, one upsert per case,
    then every verdict and chunk position in two bulk inserts."""
    # The last result of a case wins, as when it is saved twice.
    latest = list({c.case_id: c for c in cases}.values())
    if not latest:
        return
    ids = [c.case_id for c in latest]
    found = _lookup(session, run_id, ids)
    # Sorted, so concurrent savers take the chunks' row locks in the same order.
    unique_chunks = sorted({text_hash(t): t for c in latest for t in c.chunks}.items())
    insert_rows(
        session, Chunk, [{"hash": h, "text": t} for h, t in unique_chunks], ignore_conflicts=True
    )
    now = utcnow()
    rows: list[dict[str, object]] = []
    for case in latest:
        if case.case_id not in found:
            raise KeyError(f"no run {run_id} or no case {case.case_id}")
        judge, judge_version, case_key, gt_hash, frozen_id, frozen = found[case.case_id]
        claim_set_id = _claim_set_id(
            session,
            (gt_hash, judge, judge_version),
            None if frozen_id is None else (frozen_id, frozen),
            case_key,
            case.result,
        )
        rows.append(_result_row(run_id, case, claim_set_id, now))
    result_id = _upsert_results(session, run_id, rows)
    result_ids = list(result_id.values())
    verdicts: list[dict[str, object]] = []
    positions: list[dict[str, object]] = []
    for case in latest:
        verdicts += [
            {
                "case_result_id": result_id[case.case_id],
                "claim_index": v.claim_index,
                "supported": v.supported,
                "chunk_indices": v.chunk_indices,
                "best_chunk": v.chunk_indices[0] if v.chunk_indices else None,
                "quote": v.quote,
                "quote_verified": v.quote_verified,
                "explanation": v.explanation,
                "unsure": v.unsure,
                "escalated": v.escalated,
            }
            for v in case.result.verdicts
        ]
        hits = list(case.hits) + [None] * (len(case.chunks) - len(case.hits))
        positions += [
            {
                "case_result_id": result_id[case.case_id],
                "position": i,
                "chunk_hash": text_hash(c),
                "document_id": hit.document_id if hit else None,
                "title": hit.title if hit else None,
                "score": hit.score if hit else None,
            }
            for i, (c, hit) in enumerate(zip(case.chunks, hits, strict=False))
        ]
    # A replaced result loses its old verdicts and chunks (none on a first save). Deleted
    # after the upserts, which hold the write lock: a concurrent saver of the same case cannot
    # slip its rows in between.
    for statement in _REPLACED.values():
        session.exec(statement, params={"result_ids": result_ids})
    insert_rows(session, VerdictRow, verdicts)
    insert_rows(session, RetrievedChunk, positions)


def _lookup(session: Session, run_id: str, case_ids: Sequence[int]) -> dict[int, tuple]:  # type: ignore[type-arg]
    """The run's judge, and each case's key, ground-truth hash and frozen claims, by case id."""
    rows = session.exec(_LOOKUP, params={"run_id": run_id, "case_ids": list(case_ids)}).all()
    return {row[0]: tuple(row[1:]) for row in rows}


# Statements built once (their values bound at each execution): built for every group commit,
# they and their cache keys cost more CPU than the rows they wrote.
_LOOKUP = (
    select(
        Case.id,
        Run.judge,
        Run.judge_version,
        Case.case_key,
        Case.ground_truth_hash,
        ClaimSet.id,
        ClaimSet.claims,
    )
    .select_from(Run)
    .join(Case, col(Case.id).in_(bindparam("case_ids", expanding=True)))
    .outerjoin(
        ClaimSet,
        (col(ClaimSet.ground_truth_hash) == col(Case.ground_truth_hash))
        & (col(ClaimSet.judge) == col(Run.judge))
        & (col(ClaimSet.judge_version) == col(Run.judge_version)),
    )
    .where(Run.id == bindparam("run_id"))
)
_RESULT_IDS = select(CaseResult.case_id, CaseResult.id).where(
    CaseResult.run_id == bindparam("run_id"),
    col(CaseResult.case_id).in_(bindparam("case_ids", expanding=True)),
)
_REPLACED = {
    model: delete(table(model)).where(
        table(model).c.case_result_id.in_(bindparam("result_ids", expanding=True))
    )
    for model in (VerdictRow, RetrievedChunk)
}


def _result_row(
    run_id: str, case: CaseToSave, claim_set_id: int | None, now: datetime
) -> dict[str, object]:
    result, chunks = case.result, case.chunks
    return {
        "run_id": run_id,
        "case_id": case.case_id,
        "status": str(result.status),
        "score": result.score,
        "reason": result.reason,
        "error": result.error,
        "claim_set_id": claim_set_id,
        "chunks_hash": list_hash(chunks) if chunks else None,
        "recall_at_k": result.recall_at_k,
        "sample_recalls": result.sample_recalls,
        "context_precision": result.context_precision,
        "reference_ids": None if case.reference_ids is None else list(case.reference_ids),
        "id_recall": result.id_recall,
        "id_recall_at_k": result.id_recall_at_k,
        "calls": result.usage.calls,
        "cached_calls": result.usage.cached_calls,
        "input_tokens": result.usage.input_tokens,
        "output_tokens": result.usage.output_tokens,
        "repairs": result.usage.repairs,
        "reasked": result.usage.reasked,
        "created_at": now,
    }


def _upsert_results(session: Session, run_id: str, rows: list[dict[str, object]]) -> dict[int, int]:
    """Inserts or replaces the rows' results in one executemany, and returns their ids by case
    id. One statement for the group, compiled once: built per row, with its values inline,
    it was most of the cost of saving a case."""
    session.exec(_upsert(dialect_name(session), tuple(rows[0])), params=rows)
    ids: dict[int, int] = {}
    case_ids = [row["case_id"] for row in rows]
    for part in batched(case_ids, IN_BATCH):
        params = {"run_id": run_id, "case_ids": list(part)}
        ids |= dict(session.exec(_RESULT_IDS, params=params).all())
    return ids


@cache
def _upsert(dialect: str, columns: tuple[str, ...]) -> Any:
    statement = dialect_insert(dialect, CaseResult)
    keys = ("run_id", "case_id")
    return statement.on_conflict_do_update(
        index_elements=list(keys),
        set_={name: statement.excluded[name] for name in columns if name not in keys},
    )


def _claim_set_id(
    session: Session,
    claim_set_key: tuple[str | None, str, str],
    frozen: tuple[int, list[str]] | None,
    case_key: str,
    result: RecallResult,
) -> int | None:
    """The frozen claims this result counts against; freezes the result's own if none yet."""
    gt_hash, judge, judge_version = claim_set_key
    if gt_hash is None:
        return None
    # Empty claims are never frozen: a judge that found nothing (or was not asked, as for a
    # case with no context) may find claims on another run or after `claims refresh`.
    if not result.claims:
        return frozen[0] if frozen else None
    if frozen is None:
        stored = freeze(session, {gt_hash: result.claims}, judge, judge_version)[gt_hash]
        frozen = (stored.id, stored.claims)  # type: ignore[assignment]
    assert frozen is not None
    if list(frozen[1]) != list(result.claims):
        raise ValueError(
            f"case {case_key!r}: claims differ from the claims frozen for its ground truth; "
            "score with storage.get_claims(...) so the denominator stays fixed"
        )
    return frozen[0]


def finished_case_keys(
    session: Session,
    run_id: str,
    *,
    retry_errors: bool = False,
    case_ids: Sequence[int] | None = None,
) -> set[str]:
    """Case keys a resumed run skips: every saved case, or all but errors with retry_errors.

    `case_ids` limits the answer to those cases, so checking one batch stays cheap.
    """
    query = (
        select(Case.case_key)
        .join(CaseResult, col(CaseResult.case_id) == col(Case.id))
        .where(CaseResult.run_id == run_id)
    )
    if retry_errors:
        query = query.where(CaseResult.status != str(Status.ERROR))
    if case_ids is not None:
        query = query.where(col(CaseResult.case_id).in_(list(case_ids)))
    return set(session.exec(query).all())
