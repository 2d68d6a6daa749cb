"""The model layer's response cache, kept in the database so every worker shares it."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import Any

import anyio.to_thread
from sqlalchemy import Engine, bindparam, select
from sqlmodel import Session

from recall_audit.storage.columns import utcnow
from recall_audit.storage.group_commit import GroupCommit
from recall_audit.storage.sql import dialect_insert, dialect_name, table
from recall_audit.storage.tables import ResponseCache

_COLUMNS = table(ResponseCache).c
_VALUES_BY_KEYS = select(_COLUMNS.key, _COLUMNS.value).where(
    _COLUMNS.key.in_(bindparam("keys", expanding=True))
)


@dataclass
class _Lookup:
    key: str
    value: dict[str, Any] | None = None
    done: bool = False


class DatabaseResponseCache:
    """`async get(key)` / `async set(key, value)`; the blocking database work runs in a thread
    so the event loop keeps other model calls in flight. Lookups that arrive while another
    group is being read share the next query, as answers that arrive together are committed
    together (with the case results, when given the audit's `commits`): a thread hand-off
    per lookup cost the event loop more than the query."""

    def __init__(self, engine: Engine, commits: GroupCommit | None = None) -> None:
        self._engine = engine
        self._commits = commits or GroupCommit(engine)
        self._waiting: list[_Lookup] = []
        self._turn = anyio.Lock()

    async def get(self, key: str) -> dict[str, Any] | None:
        lookup = _Lookup(key)
        self._waiting.append(lookup)
        async with self._turn:
            # A lookup an earlier group answered has nothing left to do.
            if not lookup.done:
                group, self._waiting = self._waiting, []
                await anyio.to_thread.run_sync(self._read, group)
        return lookup.value

    async def set(self, key: str, value: dict[str, Any]) -> None:
        await self._commits.write(_write_many, (key, value))

    def _read(self, group: list[_Lookup]) -> None:
        # One Core statement on a plain connection: an ORM session and its identity map cost
        # several times the lookup.
        keys = sorted({lookup.key for lookup in group})
        with self._engine.connect() as connection:
            rows = connection.execute(_VALUES_BY_KEYS, {"keys": keys})
            found = {key: value for key, value in rows}
        given: set[str] = set()
        for lookup in group:
            value = found.get(lookup.key)
            # Each caller gets a value of its own, even when two asked for one key.
            lookup.value = copy.deepcopy(value) if lookup.key in given else value
            given.add(lookup.key)
            lookup.done = True


def _write_many(session: Session, entries: list[tuple[str, dict[str, Any]]]) -> None:
    """One executemany of one statement for the group (in order: a key answered twice keeps
    its last answer); a statement built per entry, its value inline, cost more to compile
    than to run."""
    now = utcnow()
    rows = [{"key": key, "value": value, "created_at": now} for key, value in entries]
    session.exec(_upsert(dialect_name(session)), params=rows)


@cache
def _upsert(dialect: str) -> Any:
    """Built once: built for every group commit, it cost more CPU than the rows it wrote."""
    statement = dialect_insert(dialect, ResponseCache)
    return statement.on_conflict_do_update(
        index_elements=["key"],
        set_={"value": statement.excluded.value, "created_at": statement.excluded.created_at},
    )
