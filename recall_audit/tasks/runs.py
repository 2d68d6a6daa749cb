"""Opening a run (new or resumed) and closing it with totals computed from what was saved."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from recall_audit.errors import ConfigurationError
from recall_audit.scorer.judge import Judge
from recall_audit.spec import Configuration
from recall_audit.storage import (
    DatasetRecord,
    RunRecord,
    RunStatus,
    create_run,
    finish_run,
    get_run,
    resolve_run_id,
    resume_run,
)
from recall_audit.storage.owners import RunOwner, set_run_owner, with_owner
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage


def _resume(
    session: Session,
    prefix: str,
    dataset: DatasetRecord,
    judge: Judge,
    configuration: Configuration,
    flow_run_id: str | None,
) -> RunRecord:
    run_id = resolve_run_id(session, prefix)
    run = get_run(session, run_id) if run_id else None
    if run is None:
        raise ConfigurationError(f"--resume {prefix}: no such run")
    if run.dataset_id != dataset.id or (run.judge, run.judge_version) != (
        judge.name,
        judge.version,
    ):
        raise ConfigurationError(
            f"--resume {prefix}: run {run.id} audited {run.dataset_name} with judge {run.judge}; "
            "resume it with the same dataset and judge"
        )
    if run.config_key not in (None, configuration.key):
        raise ConfigurationError(
            f"--resume {prefix}: run {run.id} audited configuration {run.config_name}; "
            "resume it with the same retriever settings and samples"
        )
    if run.status == RunStatus.COMPLETED:
        raise ConfigurationError(f"--resume {prefix}: run {run.id} already completed")
    return resume_run(session, run.id, flow_run_id)


@stage("open-run")
async def open_run(
    engine: Engine,
    dataset: DatasetRecord,
    configuration: Configuration,
    judge: Judge,
    scale: float,
    params: dict[str, Any],
    resume: str | None,
    run_id: str | None,
    flow_run_id: str | None,
) -> RunRecord:
    # Who runs it, so that the next run can tell when this process was killed.
    owner = RunOwner.current()
    if resume:
        run = await in_session(engine, _resume, resume, dataset, judge, configuration, flow_run_id)
        await in_session(engine, set_run_owner, run.id, owner)
        return run
    return await in_session(
        engine,
        create_run,
        run_id=run_id,
        dataset_id=dataset.id,
        # The configuration's retriever is resolved and masked: no credential is stored.
        retriever=configuration.retriever,
        judge=judge.name,
        judge_version=judge.version,
        config_key=configuration.key,
        config_name=configuration.name,
        scale=scale,
        params=with_owner(params, owner),
        prefect_flow_run_id=flow_run_id,
    )


@stage("close-run")
async def close_run(engine: Engine, run_id: str, *, failed: bool) -> RunRecord:
    status = RunStatus.FAILED if failed else RunStatus.COMPLETED
    return await in_session(engine, finish_run, run_id, status)
