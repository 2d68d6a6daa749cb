"""Runs that end without finishing. Left behind by a killed process (kill -9, a lost machine):
their Prefect flow run is set Crashed and our run failed, so that nothing stays "running" for
ever and `--resume` starts from the truth; only runs of this host can be judged, a pid means
nothing elsewhere. Stopped on purpose (Ctrl-C, SIGTERM): Cancelled and cancelled."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING
from uuid import UUID

from sqlalchemy.engine import Engine
from sqlmodel import Session

from recall_audit.storage import RunStatus, finish_run, get_run
from recall_audit.storage.owners import RunOwner, running_runs_of, runs_of

if TYPE_CHECKING:
    from prefect.client.orchestration import PrefectClient
    from prefect.client.schemas.objects import FlowRun
    from prefect.states import State

# Seconds a stopped command gives Prefect to record the cancellation.
PREFECT_SECONDS = 10


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
    """The flow run and its unfinished task runs end Crashed, as Prefect shows a lost process,
    and so do the flow runs above it: an experiment's parent run lived in the same process
    (its children are subflows), and stayed Running for ever after a kill -9 or the OOM
    killer."""
    from prefect.states import Crashed

    message = f"the process running it (pid {owner.pid} on {owner.host}) was killed"
    parent: UUID | None = flow_run_id
    while parent is not None:
        parent = await _end_flow_run(parent, lambda: Crashed(message=message), over_final=False)


def cancel_stopped_run(engine: Engine, run_id: str, reason: str) -> bool:
    """Our run cancelled and its flow run Cancelled (even when the stop made it Crashed on
    the way); False when the run never started. Prefect gets a few seconds, no more: a
    stopped command must not hang on a server that is down too."""
    with Session(engine) as session:
        run = get_run(session, run_id)
        if run is None:
            return False
        finish_run(session, run_id, RunStatus.CANCELLED)
    if run.prefect_flow_run_id:
        _cancel_flow_runs(UUID(run.prefect_flow_run_id), reason)
    return True


def cancel_stopped_experiment(engine: Engine, since: datetime, reason: str) -> str | None:
    """The configuration this process was auditing when stopped (its newest run since
    `since`, unless completed) cancelled as cancel_stopped_run cancels a run, and the
    experiment's flow run above it Cancelled, also when the stop came between two
    configurations; returns the cancelled run's id, if any."""
    with Session(engine) as session:
        mine = runs_of(session, RunOwner.current(), since)
    if not mine:
        return None
    last = mine[0]
    # Not only a running one: the stop may have made the audit close its run as failed.
    if last.status != RunStatus.COMPLETED:
        cancel_stopped_run(engine, last.id, reason)
        return last.id
    if last.prefect_flow_run_id:
        _cancel_flow_runs(UUID(last.prefect_flow_run_id), reason, itself=False)
    return None


def _cancel_flow_runs(flow_run_id: UUID, reason: str, *, itself: bool = True) -> None:
    """The flow run (unless not `itself`) and every flow run above it Cancelled, within
    PREFECT_SECONDS: a stopped command must not hang on a server that is down too."""
    from prefect.client.orchestration import get_client
    from prefect.states import Cancelled

    async def cancel() -> None:
        parent: UUID | None = flow_run_id
        if not itself:
            async with get_client() as client:
                parent = await _parent_flow_run(client, await client.read_flow_run(flow_run_id))
        while parent is not None:
            parent = await _end_flow_run(parent, lambda: Cancelled(message=reason), over_final=True)

    with contextlib.suppress(Exception):  # the run is cancelled here whatever Prefect does
        asyncio.run(asyncio.wait_for(cancel(), PREFECT_SECONDS))


async def _end_flow_run(
    flow_run_id: UUID, state: Callable[[], State], *, over_final: bool
) -> UUID | None:
    """The flow run and its unfinished task runs in `state`; with `over_final` also those
    that already ended otherwise than Completed (the stop itself made them Crashed).
    Returns the flow run it is a subflow of, if any."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId
    from prefect.exceptions import ObjectNotFound

    async with get_client() as client:
        try:
            flow_run = await client.read_flow_run(flow_run_id)
        except ObjectNotFound:  # recorded by another Prefect server
            return None
        task_runs = await client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run_id]))
        )
        for task_run in task_runs:
            if _replaced(task_run.state, over_final):
                await client.set_task_run_state(task_run.id, state(), force=True)
        if _replaced(flow_run.state, over_final):
            await client.set_flow_run_state(flow_run_id, state(), force=True)
        return await _parent_flow_run(client, flow_run)


async def _parent_flow_run(client: PrefectClient, flow_run: FlowRun) -> UUID | None:
    """The flow run `flow_run` is a subflow of, if any (and Prefect still has it)."""
    from prefect.exceptions import ObjectNotFound

    if flow_run.parent_task_run_id is None:
        return None
    try:
        return (await client.read_task_run(flow_run.parent_task_run_id)).flow_run_id
    except ObjectNotFound:
        return None


def _replaced(current: State | None, over_final: bool) -> bool:
    if current is None or not current.is_final():
        return True
    return over_final and not current.is_completed()
