"""Group commit: writes that arrive while another group is being committed share the next
transaction.

Every caller still returns only once its own item is committed, so a case reported as saved
is on disk and a kill -9 loses none; but cases that finish together cost one transaction
(and one bulk insert per table), not one each. On the 100 ms bench the per-case commits were
the largest cost after the model calls.

One writer serves every kind of write to a database (case results, the response cache): two
writers committing from two threads made SQLite's busy handler sleep the second one for up
to 100 ms at a time, with the model calls waiting behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from sqlalchemy import Engine
from sqlmodel import Session

T = TypeVar("T")
# Stores one kind of item: `write_many(session, items)`, never committing.
WriteMany = Callable[[Session, list[Any]], None]


@dataclass
class _Pending:
    write_many: WriteMany
    item: Any
    done: bool = False
    error: Exception | None = None


class GroupCommit:
    """`await commits.write(write_many, item)` has `write_many(session, items)` store the item
    with those waiting beside it (each kind with its own function), in one transaction off
    the event loop. A caller gets the error its own item caused, and only that."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._waiting: list[_Pending] = []
        self._turn = anyio.Lock()

    async def write(self, write_many: Callable[[Session, list[T]], None], item: T) -> None:
        pending = _Pending(write_many, item)
        self._waiting.append(pending)
        async with self._turn:
            # A caller whose item was committed by an earlier group has nothing left to do.
            if not pending.done:
                group, self._waiting = self._waiting, []
                await anyio.to_thread.run_sync(self._commit, group)
        if pending.error is not None:
            raise pending.error

    def _commit(self, group: list[_Pending]) -> None:
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

    def _in_one_transaction(self, group: list[_Pending]) -> None:
        kinds: dict[WriteMany, list[Any]] = {}
        for pending in group:
            kinds.setdefault(pending.write_many, []).append(pending.item)
        with Session(self._engine) as session:
            for write_many, items in kinds.items():
                write_many(session, items)
            session.commit()
