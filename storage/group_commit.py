"""Group commit: writes that arrive while another group is being committed share the next
transaction.

Every caller still returns only once its own item is committed, so a case reported as saved
is on disk and a kill -9 loses none; but cases that finish together cost one transaction
(and one bulk insert per table), not one each. On the 100 ms bench the per-case commits were
the largest cost after the model calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import anyio
import anyio.to_thread
from sqlalchemy import Engine
from sqlmodel import Session

T = TypeVar("T")


@dataclass
class _Pending(Generic[T]):
    item: T
    done: bool = False
    error: Exception | None = None


class GroupCommit(Generic[T]):
    """`await writer.write(item)` has `write_many(session, items)` store the item with those
    waiting beside it, in one transaction off the event loop; `write_many` never commits.
    A caller gets the error its own item caused, and only that."""

    def __init__(self, engine: Engine, write_many: Callable[[Session, list[T]], None]) -> None:
        self._engine = engine
        self._write_many = write_many
        self._waiting: list[_Pending[T]] = []
        self._turn = anyio.Lock()

    async def write(self, item: T) -> None:
        pending = _Pending(item)
        self._waiting.append(pending)
        async with self._turn:
            # A caller whose item was committed by an earlier group has nothing left to do.
            if not pending.done:
                group, self._waiting = self._waiting, []
                await anyio.to_thread.run_sync(self._commit, group)
        if pending.error is not None:
            raise pending.error

    def _commit(self, group: list[_Pending[T]]) -> None:
        """One transaction for the group; if it fails, each item again in its own, so a bad
        item fails its caller alone and its neighbours are still saved."""
        try:
            self._in_one_transaction(group)
        except Exception as error:
            if len(group) == 1:
                group[0].error = error
            else:
                for pending in group:
                    try:
                        self._in_one_transaction([pending])
                    except Exception as alone:
                        pending.error = alone
        for pending in group:
            pending.done = True

    def _in_one_transaction(self, group: list[_Pending[T]]) -> None:
        with Session(self._engine) as session:
            self._write_many(session, [p.item for p in group])
            session.commit()
