"""Alembic environment: uses the connection `storage.schema` hands over, or, from the alembic
command line, the database of `RECALL_AUDIT_DATABASE_URL` (or the default SQLite file)."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.pool import NullPool

from recall_audit.storage.columns import UTCDateTime
from recall_audit.storage.engine import build_engine, normalise_url
from recall_audit.storage.settings import database_url
from recall_audit.storage.tables import metadata


def render_item(kind: str, obj: Any, _context: Any) -> str | bool:
    """Migrations spell plain SQL types, so they never depend on our Python-side decorators."""
    if kind == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things; batch mode rebuilds the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    if context.is_offline_mode():
        context.configure(
            url=normalise_url(database_url()),
            target_metadata=metadata,
            literal_binds=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    given = context.config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    engine = build_engine(normalise_url(database_url()), foreign_keys=False, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            run(connection)
    finally:
        engine.dispose()


main()
