"""Which run a new run is compared with: a pinned one, else the previous comparable run."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from recall_audit.storage.columns import utcnow
from recall_audit.storage.records import RunRecord, RunStatus
from recall_audit.storage.runs import get_run, records, run_record, runs_with_dataset
from recall_audit.storage.sql import insert
from recall_audit.storage.tables import Baseline, Dataset, Run


def previous_completed_run(
    session: Session, run_id: str, *, same_configuration: bool = True
) -> RunRecord | None:
    """The latest completed run started before `run_id` on the same dataset with the same judge
    and judge version (so its claims are the same), and by default the same configuration
    (retriever, its settings, samples): another configuration is another experiment's arm,
    never a night before."""
    run = get_run(session, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    query = runs_with_dataset().where(
        Run.dataset_id == run.dataset_id,
        Run.judge == run.judge,
        Run.judge_version == run.judge_version,
        Run.status == RunStatus.COMPLETED,
        Run.id != run.id,
        col(Run.started_at) <= run.started_at,
    )
    if same_configuration:
        query = query.where(Run.config_key == run.config_key)
    row = session.exec(query.order_by(col(Run.started_at).desc(), col(Run.id))).first()
    return run_record(*row) if row else None


def pin_baseline(session: Session, run_id: str) -> RunRecord:
    """Makes a completed run the baseline of its dataset and configuration until unpinned:
    runs of another configuration keep theirs. Commits."""
    run = get_run(session, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    if run.status != RunStatus.COMPLETED:
        raise ValueError(f"run {run_id} is {run.status}; only a completed run can be a baseline")
    now = utcnow()
    statement = insert(session, Baseline).values(
        dataset_id=run.dataset_id, config_key=run.config_key or "", run_id=run.id, pinned_at=now
    )
    session.exec(
        statement.on_conflict_do_update(
            index_elements=["dataset_id", "config_key"], set_={"run_id": run.id, "pinned_at": now}
        )
    )
    session.commit()
    return run


def _pins(dataset: str, config_key: str | None) -> Any:
    query = select(Baseline).join(Dataset, col(Dataset.id) == col(Baseline.dataset_id))
    query = query.where(Dataset.name == dataset)
    return query if config_key is None else query.where(Baseline.config_key == config_key)


def unpin_baseline(session: Session, dataset: str, config_key: str | None = None) -> int:
    """Back to comparing with the previous run: the pin of one configuration of `dataset`,
    or of every one when `config_key` is None. Commits; returns how many pins went."""
    rows = session.exec(_pins(dataset, config_key)).all()
    for row in rows:
        session.delete(row)
    session.commit()
    return len(rows)


def pinned_baseline(
    session: Session, dataset: str, config_key: str | None = None
) -> RunRecord | None:
    """The run pinned for `dataset` and configuration `config_key` (None: the pin made
    last, whatever its configuration)."""
    query = (
        runs_with_dataset()
        .join(Baseline, col(Baseline.run_id) == col(Run.id))
        .where(Dataset.name == dataset)
    )
    if config_key is not None:
        query = query.where(Baseline.config_key == config_key)
    row = session.exec(query.order_by(col(Baseline.pinned_at).desc())).first()
    return run_record(*row) if row else None


def baseline_for(session: Session, run_id: str) -> RunRecord | None:
    """What `run_id` is compared with: the run pinned for its dataset and configuration,
    else the previous run of its configuration."""
    run = get_run(session, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    pinned = pinned_baseline(session, run.dataset_name, run.config_key or "")
    if pinned is not None and pinned.id != run.id and pinned.config_key == run.config_key:
        return pinned
    return previous_completed_run(session, run_id)


def recall_history(
    session: Session,
    dataset: str,
    *,
    retriever: str | None = None,
    config_key: str | None = None,
    limit: int = 30,
) -> list[RunRecord]:
    """The latest `limit` completed runs of a dataset (of one retriever or one configuration
    when given), oldest first: the recall trend."""
    query = runs_with_dataset().where(Dataset.name == dataset, Run.status == RunStatus.COMPLETED)
    if retriever is not None:
        query = query.where(Run.retriever == retriever)
    if config_key is not None:
        query = query.where(Run.config_key == config_key)
    rows = session.exec(query.order_by(col(Run.started_at).desc()).limit(limit)).all()
    return list(reversed(records(rows)))
