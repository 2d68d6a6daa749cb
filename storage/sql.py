"""INSERT ... ON CONFLICT for the two databases we support: race-free upserts in one statement."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel


def insert(session: Session, model: type[SQLModel]) -> Any:
    """The dialect's Core insert into the model's table (plain executemany for lists of rows,
    no ORM bookkeeping), which has on_conflict_do_nothing/do_update."""
    dialect = session.get_bind().dialect.name
    module = postgresql if dialect == "postgresql" else sqlite
    return module.insert(table(model))


def table(model: type[SQLModel]) -> Table:
    return model.__table__  # type: ignore[attr-defined]
