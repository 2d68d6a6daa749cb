"""SQL helpers for the two databases we support: INSERT ... ON CONFLICT, bulk inserts, batches."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from importlib import import_module
from typing import Any, TypeVar

from sqlalchemy import Table
from sqlmodel import Session, SQLModel

T = TypeVar("T")


def table(model: type[SQLModel]) -> Table:
    return model.__table__  # type: ignore[attr-defined]


def dialect_name(session: Session) -> str:
    return session.get_bind().dialect.name


def insert(session: Session, model: type[SQLModel]) -> Any:
    """The dialect's Core insert into the model's table, with on_conflict_do_nothing/do_update."""
    return dialect_insert(dialect_name(session), model)


def dialect_insert(dialect: str, model: type[SQLModel]) -> Any:
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
    session.exec(_bulk_insert(dialect_name(session), model, ignore_conflicts), params=list(rows))


@cache
def _bulk_insert(dialect: str, model: type[SQLModel], ignore_conflicts: bool) -> Any:
    """Built once per table: building a statement (and its cache key) for every group commit
    was a large share of the CPU a saved case cost, with the model calls waiting on the GIL."""
    statement = dialect_insert(dialect, model)
    return statement.on_conflict_do_nothing() if ignore_conflicts else statement
