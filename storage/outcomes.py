"""A stored run as the paired comparison reads it: one outcome per case, one per claim."""

from __future__ import annotations

from sqlmodel import Session, col, select

from scorer.compare import CaseOutcome, RunOutcome
from storage.reports import claim_outcomes
from storage.runs import get_run
from storage.tables import Case, CaseResult


def run_outcome(session: Session, run_id: str) -> RunOutcome:
    """Scores on a 0..1 scale whatever the run's scale, so tolerances mean the same everywhere."""
    run = get_run(session, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    claims = claim_outcomes(session, run_id)
    rows = session.exec(
        select(Case.case_key, Case.question, CaseResult.status, CaseResult.score)
        .join(CaseResult, col(CaseResult.case_id) == col(Case.id))
        .where(CaseResult.run_id == run_id)
        .order_by(col(Case.case_key))
    ).all()
    cases = [
        CaseOutcome(
            case_key=key,
            question=question,
            status=status,
            score=None if score is None else score / run.scale,
            claims=claims.get(key, []),
        )
        for key, question, status, score in rows
    ]
    return RunOutcome(
        run_id=run.id, dataset=run.dataset_name, started_at=run.started_at, cases=cases
    )
