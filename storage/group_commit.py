"""Group commit: writes that arrive while another group is being committed share the next
transaction.

Every caller still returns only once its own write is committed, so a case reported as saved
is on disk and a kill -9 loses none; but cases that finish together cost one commit, not one
each. On the 100 ms bench the per-case commits were the largest cost after the model calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import anyio
import anyio.to_thread
from sqlalchemy import Engine
from sqlmodel import Session

# A write adds rows through the session it is given and never commits: the group does.
Write = Callable[[Session], None]


@dataclass
class _Pending:
    write: Write
    done: bool = False
    error: Exception | None = None


class GroupCommit:
    """`await writer.write(fn)` runs `fn(session)` in a transaction shared with the writes
    waiting beside it, off the event loop; it raises what `fn` raised, and only for `fn`."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._waiting: list[_Pending] = []
        self._turn = anyio.Lock()

    async def write(self, write: Write) -> None:
        pending = _Pending(write)
        self._waiting.append(pending)
        async with self._turn:
            # A caller whose write was committed by an earlier group has nothing left to do.
            if not pending.done:
                group, self._waiting = self._waiting, []
                await anyio.to_thread.run_sync(_commit, self._engine, group)
        if pending.error is not None:
            raise pending.error


def _commit(engine: Engine, group: list[_Pending]) -> None:
    """One transaction for the group; if it fails, each write again in its own, so a bad write
    fails its caller alone and its neighbours are still saved."""
    try:
        _in_one_transaction(engine, group)
    except Exception as error:
        if len(group) == 1:
            group[0].error = error
        else:
            for pending in group:
                try:
                    _in_one_transaction(engine, [pending])
                except Exception as alone:
                    pending.error = alone
    for pending in group:
        pending.done = True


def _in_one_transaction(engine: Engine, group: list[_Pending]) -> None:
    with Session(engine) as session:
        for pending in group:
            pending.write(session)
        session.commit()
