"""Alembic, driven from code: the schema is brought to head whenever a database is opened."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

MIGRATIONS = Path(__file__).parent / "migrations"
# Any fixed number: PostgreSQL advisory lock that serialises concurrent upgrades.
PG_MIGRATION_LOCK = 0x7265_6361_6C6C  # "recall"


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _lock(connection: Connection) -> None:
    """Blocks until no other process is migrating; held until the upgrade commits."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_MIGRATION_LOCK})")
    else:
        # Takes SQLite's write lock now (waiting out busy_timeout); every migration then
        # runs in this one transaction, since SQLite's DDL is transactional.
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def upgrade_schema(engine: Engine) -> None:
    """Upgrades to head, idempotently; safe when several processes open the database at once.

    Takes an engine of its own (foreign keys off on SQLite, as table rebuilds require) and
    disposes of it.
    """
    head = head_revision()
    try:
        with engine.connect() as connection:
            if current_revision(connection) == head:
                return
            _lock(connection)
            # Alembic runs inside our transaction (it sees one open) and leaves the commit to us.
            command.upgrade(alembic_config(connection), "head")
            connection.commit()
    finally:
        engine.dispose()
