"""The model layer's response cache, kept in the database so every worker shares it."""

from __future__ import annotations

from functools import cache
from typing import Any

import anyio.to_thread
from recall_audit.storage.columns import utcnow
from recall_audit.storage.group_commit import GroupCommit
from recall_audit.storage.sql import dialect_insert, dialect_name, table
from recall_audit.storage.tables import ResponseCache
from sqlalchemy import Engine, bindparam, select
from sqlmodel import Session

_VALUE_BY_KEY = select(table(ResponseCache).c.value).where(
    table(ResponseCache).c.key == bindparam("key")
)


class DatabaseResponseCache:
    """`async get(key)` / `async set(key, value)`; the blocking database work runs in a thread
    so the event loop keeps other model calls in flight, and answers that arrive together are
    committed together (with the case results, when given the audit's `commits`)."""

    def __init__(self, engine: Engine, commits: GroupCommit | None = None) -> None:
        self._engine = engine
        self._commits = commits or GroupCommit(engine)

    async def get(self, key: str) -> dict[str, Any] | None:
        return await anyio.to_thread.run_sync(self._get, key)

    async def set(self, key: str, value: dict[str, Any]) -> None:
        await self._commits.write(_write_many, (key, value))

    def _get(self, key: str) -> dict[str, Any] | None:
        # One Core statement on a plain connection: an ORM session and its identity map cost
        # several times the lookup. Each call decodes a fresh value, so callers never share it.
        with self._engine.connect() as connection:
            return connection.execute(_VALUE_BY_KEY, {"key": key}).scalar_one_or_none()


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
