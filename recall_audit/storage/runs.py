"""Runs: started, resumed after a crash, finished with totals computed from stored results."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import case, func
from sqlmodel import Session, col, select

from recall_audit.storage.columns import utcnow
from recall_audit.storage.records import MEAN_STATUSES, UNSCORABLE_STATUSES, RunRecord, RunStatus
from recall_audit.storage.tables import CaseResult, Dataset, Run, VerdictRow
from recall_audit.types import Status, Usage


def run_record(run: Run, dataset_name: str) -> RunRecord:
    return RunRecord(
        id=run.id,
        dataset_id=run.dataset_id,
        dataset_name=dataset_name,
        dataset_fingerprint=run.dataset_fingerprint,
        retriever=run.retriever,
        judge=run.judge,
        judge_version=run.judge_version,
        config_key=run.config_key,
        config_name=run.config_name,
        scale=run.scale,
        params=run.params,
        status=RunStatus(run.status),
        started_at=run.started_at,
        finished_at=run.finished_at,
        mean_recall=run.mean_recall,
        case_count=run.case_count,
        scored_count=run.scored_count,
        no_context_count=run.no_context_count,
        unscorable_count=run.unscorable_count,
        error_count=run.error_count,
        supported_claims=run.supported_claims,
        verified_quotes=run.verified_quotes,
        unsure_claims=run.unsure_claims,
        escalated_claims=run.escalated_claims,
        mean_context_precision=run.mean_context_precision,
        mean_id_recall=run.mean_id_recall,
        id_recall_cases=run.id_recall_cases,
        # The usage columns carry the Usage field names.
        usage=Usage.model_validate(run, from_attributes=True),
        prefect_flow_run_id=run.prefect_flow_run_id,
        baseline_run_id=run.baseline_run_id,
    )


def runs_with_dataset() -> Any:
    """The select every run query starts from: runs with their dataset's name."""
    return select(Run, Dataset.name).join(Dataset, col(Dataset.id) == col(Run.dataset_id))


def records(rows: Sequence[tuple[Run, str]]) -> list[RunRecord]:
    return [run_record(run, name) for run, name in rows]


def create_run(
    session: Session,
    *,
    dataset_id: int,
    retriever: str,
    judge: str,
    judge_version: str,
    scale: float = 1.0,
    params: dict[str, Any] | None = None,
    prefect_flow_run_id: str | None = None,
    run_id: str | None = None,
    config_key: str | None = None,
    config_name: str | None = None,
) -> RunRecord:
    """A new run in status running, with `run_id` when the caller chose one. Commits."""
    dataset = session.get(Dataset, dataset_id)
    if dataset is None:
        raise KeyError(f"no dataset with id {dataset_id}")
    run = Run(
        id=run_id or str(uuid.uuid4()),
        dataset_id=dataset_id,
        dataset_fingerprint=dataset.fingerprint,
        retriever=retriever,
        judge=judge,
        judge_version=judge_version,
        config_key=config_key,
        config_name=config_name,
        scale=scale,
        params=params or {},
        status=RunStatus.RUNNING,
        prefect_flow_run_id=prefect_flow_run_id,
    )
    session.add(run)
    session.commit()
    return run_record(run, dataset.name)


def get_run(session: Session, run_id: str) -> RunRecord | None:
    row = session.exec(runs_with_dataset().where(Run.id == run_id)).first()
    return run_record(*row) if row else None


def resolve_run_id(session: Session, prefix: str) -> str | None:
    """The full id of the one run whose id starts with `prefix` (as the CLI accepts)."""
    if not prefix:
        return None
    ids = session.exec(
        select(Run.id).where(col(Run.id).startswith(prefix, autoescape=True)).limit(2)
    ).all()
    if len(ids) > 1:
        raise ValueError(f"run id prefix {prefix!r} is ambiguous")
    return ids[0] if ids else None


def list_runs(session: Session, dataset: str | None = None, limit: int = 20) -> list[RunRecord]:
    """Newest first, optionally for one dataset (by name)."""
    query = runs_with_dataset()
    if dataset is not None:
        query = query.where(Dataset.name == dataset)
    query = query.order_by(col(Run.started_at).desc(), col(Run.id)).limit(limit)
    return records(session.exec(query).all())


def resume_run(session: Session, run_id: str, prefect_flow_run_id: str | None = None) -> RunRecord:
    """Puts an unfinished run back in status running; its saved cases stay. Commits."""
    run = _run(session, run_id)
    if run.status == RunStatus.COMPLETED:
        raise ValueError(f"run {run_id} is completed; start a new run instead")
    run.status = RunStatus.RUNNING
    run.finished_at = None
    if prefect_flow_run_id is not None:
        run.prefect_flow_run_id = prefect_flow_run_id
    session.commit()
    return _reload(session, run_id)


def finish_run(session: Session, run_id: str, status: RunStatus = RunStatus.COMPLETED) -> RunRecord:
    """Sets the final status and the totals, computed in SQL from the stored results. Commits."""
    run = _run(session, run_id)
    totals = session.exec(
        select(
            func.count(),
            func.avg(case((_has_status(*MEAN_STATUSES), CaseResult.score))),
            _count(Status.SCORED),
            _count(Status.NO_CONTEXT),
            _count(*UNSCORABLE_STATUSES),
            _count(Status.ERROR),
            func.coalesce(func.sum(CaseResult.calls), 0),
            func.coalesce(func.sum(CaseResult.cached_calls), 0),
            func.coalesce(func.sum(CaseResult.input_tokens), 0),
            func.coalesce(func.sum(CaseResult.output_tokens), 0),
            func.coalesce(func.sum(CaseResult.repairs), 0),
            func.coalesce(func.sum(CaseResult.reasked), 0),
        ).where(CaseResult.run_id == run_id)
    ).one()
    run.mean_context_precision, run.mean_id_recall, run.id_recall_cases = session.exec(
        select(
            func.avg(CaseResult.context_precision),
            func.avg(CaseResult.id_recall),
            func.count(CaseResult.id_recall),
        ).where(CaseResult.run_id == run_id)
    ).one()
    run.supported_claims, run.verified_quotes = session.exec(
        select(
            func.count(),
            func.coalesce(func.sum(case((col(VerdictRow.quote_verified), 1), else_=0)), 0),
        )
        .join(CaseResult, col(CaseResult.id) == col(VerdictRow.case_result_id))
        .where(CaseResult.run_id == run_id, col(VerdictRow.supported))
    ).one()
    run.unsure_claims, run.escalated_claims = session.exec(
        select(
            func.coalesce(func.sum(case((col(VerdictRow.unsure) != "", 1), else_=0)), 0),
            func.coalesce(func.sum(case((col(VerdictRow.escalated) != "", 1), else_=0)), 0),
        )
        .join(CaseResult, col(CaseResult.id) == col(VerdictRow.case_result_id))
        .where(CaseResult.run_id == run_id)
    ).one()
    (
        run.case_count,
        run.mean_recall,
        run.scored_count,
        run.no_context_count,
        run.unscorable_count,
        run.error_count,
        run.calls,
        run.cached_calls,
        run.input_tokens,
        run.output_tokens,
        run.repairs,
        run.reasked,
    ) = (totals[0], totals[1], *(int(v or 0) for v in totals[2:]))
    run.status = status
    run.finished_at = utcnow()
    session.commit()
    return _reload(session, run_id)


def set_run_baseline(session: Session, run_id: str, baseline_run_id: str | None) -> None:
    """Records which run this one was compared with. Commits."""
    _run(session, run_id).baseline_run_id = baseline_run_id
    session.commit()


def _has_status(*statuses: Status) -> Any:
    return col(CaseResult.status).in_([str(s) for s in statuses])


def _count(*statuses: Status) -> Any:
    return func.sum(case((_has_status(*statuses), 1), else_=0))


def _run(session: Session, run_id: str) -> Run:
    run = session.get(Run, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    return run


def _reload(session: Session, run_id: str) -> RunRecord:
    record = get_run(session, run_id)
    assert record is not None  # the caller just wrote it
    return record
