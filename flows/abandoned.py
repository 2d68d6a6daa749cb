"""Runs left behind by a killed process (kill -9, a lost machine): their Prefect flow run is
set Crashed and our run failed, so that nothing stays "running" for ever and `--resume`
starts from the truth. Only runs of this host can be judged: a pid means nothing elsewhere."""

from __future__ import annotations

import socket
from uuid import UUID

from recall_audit.storage import RunStatus, finish_run
from recall_audit.storage.owners import RunOwner, running_runs_of
from sqlalchemy.engine import Engine
from sqlmodel import Session


async def close_abandoned_runs(engine: Engine) -> list[str]:
    """Closes this host's runs whose process is gone; returns their ids."""
    with Session(engine) as session:
        owned = running_runs_of(session, socket.gethostname())
    gone = [(run, owner) for run, owner in owned if owner.is_gone()]
    for run, owner in gone:
        if run.prefect_flow_run_id:
            await _crash_flow_run(UUID(run.prefect_flow_run_id), owner)
        with Session(engine) as session:
            finish_run(session, run.id, RunStatus.FAILED)
    return [run.id for run, _ in gone]


async def _crash_flow_run(flow_run_id: UUID, owner: RunOwner) -> None:
    """The flow run and its unfinished task runs end Crashed, as Prefect shows a lost process."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId
    from prefect.exceptions import ObjectNotFound
    from prefect.states import Crashed

    message = f"the process running it (pid {owner.pid} on {owner.host}) was killed"
    async with get_client() as client:
        try:
            flow_run = await client.read_flow_run(flow_run_id)
        except ObjectNotFound:  # recorded by another Prefect server
            return
        task_runs = await client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run_id]))
        )
        for task_run in task_runs:
            if task_run.state is not None and not task_run.state.is_final():
                await client.set_task_run_state(task_run.id, Crashed(message=message), force=True)
        if flow_run.state is not None and not flow_run.state.is_final():
            await client.set_flow_run_state(flow_run_id, Crashed(message=message), force=True)
