"""Reading a run back: full case results for `show`, scores and claim outcomes for comparisons."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from typing import Any

from sqlmodel import Session, col, select

from recall_audit.compare.compare import ClaimOutcome
from recall_audit.storage.claims import IN_BATCH
from recall_audit.storage.records import MEAN_STATUSES, CaseResultRecord
from recall_audit.storage.sql import batched
from recall_audit.storage.tables import (
    Case,
    CaseResult,
    Chunk,
    ClaimSet,
    RetrievedChunk,
    Run,
    VerdictRow,
)
from recall_audit.types import Status, Usage, Verdict


def run_results(
    session: Session, run_id: str, *, worst_first: bool = False, limit: int | None = None
) -> list[CaseResultRecord]:
    """The run's case results with claims, verdicts and chunks; by case key, or lowest score
    first (errors last) with worst_first."""
    query = (
        select(CaseResult, Case, ClaimSet.claims, Run.scale)
        .join(Case, col(Case.id) == col(CaseResult.case_id))
        .join(Run, col(Run.id) == col(CaseResult.run_id))
        .outerjoin(ClaimSet, col(ClaimSet.id) == col(CaseResult.claim_set_id))
        .where(CaseResult.run_id == run_id)
    )
    if worst_first:
        query = query.order_by(
            col(CaseResult.score).is_(None), col(CaseResult.score), col(Case.case_key)
        )
    else:
        query = query.order_by(col(Case.case_key))
    rows = session.exec(query.limit(limit)).all()
    # With a limit only the chosen results' details are loaded; otherwise the whole run's.
    chosen: Any = (
        col(CaseResult.id).in_([r.id for r, *_ in rows])
        if limit is not None
        else CaseResult.run_id == run_id
    )
    verdicts = _verdicts(session, chosen)
    chunks = _chunks(session, chosen)
    return [
        CaseResultRecord(
            case_key=case.case_key,
            question=case.question,
            ground_truth=case.ground_truth,
            status=Status(result.status),
            score=result.score,
            scale=scale,
            reason=result.reason,
            error=result.error,
            claims=list(claims or []),
            verdicts=verdicts.get(result.id, []),
            chunks=[text for text, _ in chunks.get(result.id, [])],
            recall_at_k=result.recall_at_k,
            sample_recalls=result.sample_recalls,
            context_precision=result.context_precision,
            reference_ids=result.reference_ids,
            document_ids=[document for _, document in chunks.get(result.id, [])],
            id_recall=result.id_recall,
            id_recall_at_k=result.id_recall_at_k,
            # The usage columns carry the Usage field names.
            usage=Usage.model_validate(result, from_attributes=True),
            created_at=result.created_at,
        )
        for result, case, claims, scale in rows
    ]


def _verdicts(session: Session, chosen: Any) -> dict[int, list[Verdict]]:
    rows = session.exec(
        select(VerdictRow)
        .join(CaseResult, col(CaseResult.id) == col(VerdictRow.case_result_id))
        .where(chosen)
        .order_by(col(VerdictRow.case_result_id), col(VerdictRow.claim_index))
    ).all()
    found: dict[int, list[Verdict]] = defaultdict(list)
    for row in rows:
        found[row.case_result_id].append(
            Verdict(
                claim_index=row.claim_index,
                supported=row.supported,
                chunk_indices=row.chunk_indices,
                quote=row.quote,
                quote_verified=row.quote_verified,
                explanation=row.explanation,
                unsure=row.unsure,
                escalated=row.escalated,
            )
        )
    return found


def _chunks(session: Session, chosen: Any) -> dict[int, list[tuple[str, str | None]]]:
    """Each result's chunks in order: their text, and the document their hit named."""
    rows = session.exec(
        select(RetrievedChunk.case_result_id, Chunk.text, RetrievedChunk.document_id)
        .join(Chunk, col(Chunk.hash) == col(RetrievedChunk.chunk_hash))
        .join(CaseResult, col(CaseResult.id) == col(RetrievedChunk.case_result_id))
        .where(chosen)
        .order_by(col(RetrievedChunk.case_result_id), col(RetrievedChunk.position))
    ).all()
    found: dict[int, list[tuple[str, str | None]]] = defaultdict(list)
    for result_id, text, document in rows:
        found[result_id].append((text, document))
    return found


def claim_outcomes(
    session: Session, run_id: str, case_keys: Collection[str] | None = None
) -> dict[str, list[ClaimOutcome]]:
    """Every claim of every counted case (scored or no context) of the run, found or not,
    by case key, in claim order: what the paired comparison reads. `case_keys` limits it
    to those cases (the comparison only needs the detail of cases that changed).

    A no-context case whose claims are frozen contributes each of them as missed; errors and
    unscorable cases contribute nothing.
    """
    query = (
        select(CaseResult.id, Case.case_key, ClaimSet.claims)
        .join(Case, col(Case.id) == col(CaseResult.case_id))
        .join(ClaimSet, col(ClaimSet.id) == col(CaseResult.claim_set_id))
        .where(
            CaseResult.run_id == run_id,
            col(CaseResult.status).in_([str(s) for s in MEAN_STATUSES]),
        )
        .order_by(col(Case.case_key))
    )
    if case_keys is None:
        results = list(session.exec(query).all())
    else:
        results = []
        for keys in batched(sorted(case_keys), IN_BATCH):
            results += session.exec(query.where(col(Case.case_key).in_(keys))).all()
        results.sort(key=lambda row: row[1])
    verdicts = []
    for ids in batched([result_id for result_id, _, _ in results], IN_BATCH):
        verdicts += session.exec(
            select(VerdictRow, Chunk.text)
            .outerjoin(
                RetrievedChunk,
                (col(RetrievedChunk.case_result_id) == col(VerdictRow.case_result_id))
                & (col(RetrievedChunk.position) == col(VerdictRow.best_chunk)),
            )
            .outerjoin(Chunk, col(Chunk.hash) == col(RetrievedChunk.chunk_hash))
            .where(col(VerdictRow.case_result_id).in_(ids))
        ).all()
    by_claim = {(v.case_result_id, v.claim_index): (v, text) for v, text in verdicts}
    outcomes: dict[str, list[ClaimOutcome]] = {}
    for result_id, case_key, claims in results:
        outcomes[case_key] = []
        for index, claim in enumerate(claims):
            verdict, text = by_claim.get((result_id, index), (None, None))
            outcomes[case_key].append(
                ClaimOutcome(
                    claim_index=index,
                    claim=claim,
                    supported=bool(verdict and verdict.supported),
                    chunk_positions=verdict.chunk_indices if verdict else [],
                    quote=verdict.quote if verdict else "",
                    chunk_text=text if verdict and verdict.supported else None,
                )
            )
    return outcomes


def sample_spreads(session: Session, run_id: str) -> dict[str, float]:
    """Each sampled case's recall spread (largest minus smallest sample), by case key."""
    rows = session.exec(
        select(Case.case_key, CaseResult.sample_recalls)
        .join(Case, col(Case.id) == col(CaseResult.case_id))
        .where(CaseResult.run_id == run_id)
        .order_by(col(Case.case_key))
    ).all()
    return {key: max(recalls) - min(recalls) for key, recalls in rows if recalls}
