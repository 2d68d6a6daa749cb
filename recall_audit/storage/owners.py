"""Which process is running a run, so that a run whose process was killed (kill -9, a lost
machine) can be told from one still going, and closed instead of staying "running" for ever."""

from __future__ import annotations

import os
import socket
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlmodel import Session, col

from recall_audit.storage.records import RunRecord, RunStatus
from recall_audit.storage.runs import records, runs_with_dataset
from recall_audit.storage.tables import Run

# The key in runs.params; the other keys are the run's own parameters.
OWNER_KEY = "owner"


class RunOwner(BaseModel):
    host: str
    pid: int

    @classmethod
    def current(cls) -> RunOwner:
        return cls(host=socket.gethostname(), pid=os.getpid())

    def is_gone(self) -> bool:
        """Whether the process has exited (only answerable on its own host)."""
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # alive, someone else's
            return False
        return False


def with_owner(params: dict[str, Any], owner: RunOwner) -> dict[str, Any]:
    """A run's params recording the process that runs it; a new dict, so that a JSON column
    holding the old one is seen as changed."""
    return {**params, OWNER_KEY: owner.model_dump()}


def set_run_owner(session: Session, run_id: str, owner: RunOwner) -> None:
    """Records the process now running `run_id` (a resumed run changes hands). Commits."""
    run = session.get(Run, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    run.params = with_owner(run.params, owner)
    session.commit()


def running_runs_of(session: Session, host: str) -> list[tuple[RunRecord, RunOwner]]:
    """The runs in status running whose recorded process is on `host`, with that process."""
    found = records(session.exec(runs_with_dataset().where(Run.status == RunStatus.RUNNING)).all())
    owned = [(run, run.params.get(OWNER_KEY)) for run in found]
    return [
        (run, RunOwner.model_validate(owner))
        for run, owner in owned
        if isinstance(owner, dict) and owner.get("host") == host
    ]


def runs_of(session: Session, owner: RunOwner, since: datetime) -> list[RunRecord]:
    """The runs `owner` started (or resumed) at `since` or later, newest first: what one
    command made, an experiment's child runs above all."""
    query = runs_with_dataset().where(Run.started_at >= since)
    found = records(session.exec(query.order_by(col(Run.started_at).desc())).all())
    return [run for run in found if run.params.get(OWNER_KEY) == owner.model_dump()]
