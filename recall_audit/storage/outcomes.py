"""Stored runs as the paired comparison reads them: one outcome per case, claims where needed.

Memory matters here: a nightly run may hold tens of thousands of cases. Every case costs a
key, a status and a score; the claims, quotes and chunk texts are loaded only for cases whose
verdicts differ between the two runs, since only those can have lost or gained claims.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlmodel import Session, col, select

from recall_audit.compare.compare import CaseOutcome, RunOutcome
from recall_audit.storage.records import SPEC_KEY, RunRecord
from recall_audit.storage.reports import claim_outcomes, run_results
from recall_audit.storage.runs import get_run
from recall_audit.storage.tables import Case, CaseResult, VerdictRow

Signature = tuple[str, float | None, tuple[bool, ...]]


def run_outcome(
    session: Session, run_id: str, detail_for: Collection[str] | None = None
) -> RunOutcome:
    """Scores on a 0..1 scale whatever the run's scale, so tolerances mean the same everywhere.

    Questions and claims are filled for the cases in `detail_for` (all cases when None).
    """
    run = get_run(session, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    claims = claim_outcomes(session, run_id, detail_for)
    rows = session.exec(
        select(Case.case_key, Case.question, CaseResult.status, CaseResult.score)
        .join(CaseResult, col(CaseResult.case_id) == col(Case.id))
        .where(CaseResult.run_id == run_id)
        .order_by(col(Case.case_key))
    ).all()
    cases = [
        CaseOutcome(
            case_key=key,
            question=question if detail_for is None or key in detail_for else "",
            status=status,
            score=None if score is None else score / run.scale,
            claims=claims.get(key, []),
        )
        for key, question, status, score in rows
    ]
    return RunOutcome(
        run_id=run.id,
        dataset=run.dataset_name,
        started_at=run.started_at,
        judge=run.judge_version
        if run.judge_version.startswith(run.judge)
        else f"{run.judge} {run.judge_version}",
        settings=_measured_settings(run),
        cases=cases,
    )


def _measured_settings(run: RunRecord) -> dict[str, Any]:
    if SPEC_KEY not in run.params:  # a run stored before its spec was: nothing to read
        return {}
    # Imported here: the spec's names (recall_audit/spec.py) only for runs that stored one.
    from recall_audit.storage.specs import measured_settings

    return measured_settings(run)


def _signatures(session: Session, run_id: str) -> dict[str, Signature]:
    """Per case: status, score and which claims were supported; small, whatever the chunks."""
    rows = session.exec(
        select(Case.case_key, CaseResult.status, CaseResult.score, VerdictRow.supported)
        .join(CaseResult, col(CaseResult.case_id) == col(Case.id))
        .outerjoin(VerdictRow, col(VerdictRow.case_result_id) == col(CaseResult.id))
        .where(CaseResult.run_id == run_id)
        .order_by(col(Case.case_key), col(VerdictRow.claim_index))
    ).all()
    found: dict[str, Signature] = {}
    for key, status, score, supported in rows:
        _, _, flags = found.get(key, (status, score, ()))
        found[key] = (status, score, flags if supported is None else (*flags, supported))
    return found


def paired_outcomes(session: Session, base_id: str, head_id: str) -> tuple[RunOutcome, RunOutcome]:
    """Both runs, with claim detail only for the cases present in both whose verdicts differ."""
    base, head = _signatures(session, base_id), _signatures(session, head_id)
    changed = {key for key in base.keys() & head.keys() if base[key] != head[key]}
    return run_outcome(session, base_id, changed), run_outcome(session, head_id, changed)


def worst_outcomes(session: Session, run_id: str, n: int) -> list[CaseOutcome]:
    """The n lowest-scoring cases of a run, with their claims: only those n are read, so a
    run of any size costs the same here."""
    worst = run_results(session, run_id, worst_first=True, limit=n)
    claims = claim_outcomes(session, run_id, [r.case_key for r in worst])
    return [
        CaseOutcome(
            case_key=r.case_key,
            question=r.question,
            status=str(r.status),
            score=None if r.score is None else r.score / r.scale,
            claims=claims.get(r.case_key, []),
        )
        for r in worst
    ]
