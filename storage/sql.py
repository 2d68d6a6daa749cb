"""SQL helpers for the two databases we support: INSERT ... ON CONFLICT, bulk inserts, batches."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from typing import Any, TypeVar

from sqlalchemy import Table
from sqlmodel import Session, SQLModel

T = TypeVar("T")


def table(model: type[SQLModel]) -> Table:
    return model.__table__  # type: ignore[attr-defined]


def insert(session: Session, model: type[SQLModel]) -> Any:
    """The dialect's Core insert into the model's table, with on_conflict_do_nothing/do_update."""
    dialect = session.get_bind().dialect.name
    # The dialect in use only: PostgreSQL's (with its asyncpg module) costs a SQLite user's
    # every command a third of a second of imports on two cores.
    module = import_module(
        "sqlalchemy.dialects." + ("postgresql" if dialect == "postgresql" else "sqlite")
    )
    return module.insert(table(model))


def batched(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def insert_rows(
    session: Session,
    model: type[SQLModel],
    rows: Sequence[Mapping[str, Any]],
    *,
    ignore_conflicts: bool = False,
) -> None:
    """One executemany: a statement compiled once and cached, the rows bound by the driver
    (measured faster than a multi-row VALUES statement, which is compiled on every call)."""
    if not rows:
        return
    statement = insert(session, model)
    if ignore_conflicts:
        statement = statement.on_conflict_do_nothing()
    session.exec(statement, params=list(rows))
