"""Opening a run (new or resumed) and closing it with totals computed from what was saved."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from recall_audit.errors import ConfigurationError
from recall_audit.scorer.judge import Judge
from recall_audit.spec import UNMEASURED, AuditSpec, measured_differences
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
from recall_audit.storage.records import SPEC_KEY
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage


def _resume(
    session: Session,
    prefix: str,
    dataset: DatasetRecord,
    judge: Judge,
    spec: AuditSpec,
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
    _check_same_spec(prefix, run, spec)
    if run.status == RunStatus.COMPLETED:
        raise ConfigurationError(f"--resume {prefix}: run {run.id} already completed")
    return resume_run(session, run.id, flow_run_id)


def _check_same_spec(prefix: str, run: RunRecord, spec: AuditSpec) -> None:
    """A resumed run goes on with the spec it was started with: half its cases measured one
    way and half another would be no run at all. Only how fast and where it runs may change."""
    stored = run.params.get(SPEC_KEY)
    if stored is None:  # a run stored before its spec was: its configuration must match
        if run.config_key not in (None, spec.configuration().key):
            raise ConfigurationError(
                f"--resume {prefix}: run {run.id} audited configuration {run.config_name}; "
                "resume it with the same retriever settings and samples"
            )
        return
    differences = measured_differences(stored, spec.stored())
    if differences:
        told = "; ".join(f"{name} {old!r} then, {new!r} now" for name, old, new in differences)
        may = ", ".join(sorted(UNMEASURED))
        raise ConfigurationError(
            f"--resume {prefix}: the run was started with other settings ({told}); "
            f"resume it with the settings it was started with (only {may} may differ)"
        )


@stage("open-run")
async def open_run(
    engine: Engine,
    dataset: DatasetRecord,
    spec: AuditSpec,
    judge: Judge,
    trigger: str | None,
    resume: str | None,
    run_id: str | None,
    flow_run_id: str | None,
) -> RunRecord:
    # Who runs it, so that the next run can tell when this process was killed.
    owner = RunOwner.current()
    if resume:
        run = await in_session(engine, _resume, resume, dataset, judge, spec, flow_run_id)
        await in_session(engine, set_run_owner, run.id, owner)
        return run
    configuration = spec.configuration()
    # The whole spec, its secrets as references (the resumed run, its diagnosis and a
    # comparison read it back); what started the run beside it.
    params: dict[str, Any] = {SPEC_KEY: spec.stored(), "trigger": trigger}
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
        scale=spec.scale,
        params=with_owner(params, owner),
        prefect_flow_run_id=flow_run_id,
    )


@stage("close-run")
async def close_run(engine: Engine, run_id: str, *, failed: bool) -> RunRecord:
    status = RunStatus.FAILED if failed else RunStatus.COMPLETED
    return await in_session(engine, finish_run, run_id, status)
