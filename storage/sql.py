"""SQL helpers for the two databases we support: INSERT ... ON CONFLICT and multi-row inserts."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel

T = TypeVar("T")
# Keeps every statement far below SQLite's (32,766) and PostgreSQL's (65,535) bound parameters.
MAX_PARAMETERS = 10_000


def table(model: type[SQLModel]) -> Table:
    return model.__table__  # type: ignore[attr-defined]


def insert(session: Session, model: type[SQLModel]) -> Any:
    """The dialect's Core insert into the model's table, with on_conflict_do_nothing/do_update."""
    dialect = session.get_bind().dialect.name
    module = postgresql if dialect == "postgresql" else sqlite
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
    """Inserts rows as multi-row VALUES statements: one round trip per batch, where an
    executemany costs one per row on PostgreSQL."""
    if not rows:
        return
    for batch in batched(rows, max(1, MAX_PARAMETERS // len(rows[0]))):
        statement = insert(session, model).values(list(batch))
        if ignore_conflicts:
            statement = statement.on_conflict_do_nothing()
        session.exec(statement)
