"""The schema, brought to head whenever a database is opened.

Alembic's migrations are the schema's history, and they run whenever a database is behind.
The two common cases need no migration, and not Alembic either (importing it costs about
0.1 s, paid on every run when it was imported to find nothing to do):
- a database already at head costs one SELECT of its version;
- an empty database is created from the tables the code declares, in one transaction, and
  stamped with the head version (the test suite checks that migrations and declarations
  build the same schema, and that SCHEMA_HEAD is Alembic's head).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Column, Connection, Engine, MetaData, PrimaryKeyConstraint, String, Table
from sqlalchemy import inspect as inspect_schema

from recall_audit.errors import RecallAuditError
from recall_audit.storage.tables import metadata

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"
# The newest migration's revision.
SCHEMA_HEAD = "0009"
# Any fixed number: PostgreSQL advisory lock that serialises concurrent upgrades.
PG_MIGRATION_LOCK = 0x7265_6361_6C6C  # "recall"

# Alembic's own version table, as Alembic creates it.
_VERSIONS = Table(
    "alembic_version",
    MetaData(),
    Column("version_num", String(32), nullable=False),
    PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
)


class NewerSchema(RecallAuditError):
    """The database was migrated past every revision this version knows: never touched."""


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    """Alembic's head, read from the migration scripts."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    """The database's version; None for a database Alembic never touched."""
    if not inspect_schema(connection).has_table(_VERSIONS.name):
        return None
    return connection.execute(_VERSIONS.select()).scalar_one_or_none()


def _lock(connection: Connection) -> None:
    """Blocks until no other process is migrating; held until the upgrade commits."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_MIGRATION_LOCK})")
    else:
        # Takes SQLite's write lock now (waiting out busy_timeout); every migration then
        # runs in this one transaction, since SQLite's DDL is transactional.
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _create_at_head(connection: Connection) -> None:
    metadata.create_all(connection)
    _VERSIONS.create(connection)
    connection.execute(_VERSIONS.insert().values(version_num=SCHEMA_HEAD))


def _migrate(connection: Connection, version: str | None) -> None:
    from alembic import command
    from alembic.script import ScriptDirectory

    known = {s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    if version is not None and version not in known:
        raise NewerSchema(_newer_message(connection, version))
    # Alembic runs inside our transaction (it sees one open) and leaves the commit to us.
    command.upgrade(alembic_config(connection), "head")


def _newer_message(connection: Connection, version: str) -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        ours = f"Recall Audit {installed('recall-audit')}"
    except PackageNotFoundError:
        ours = "this Recall Audit"
    url = connection.engine.url.render_as_string(hide_password=True)
    return (
        f"the results database {url} was migrated by a newer Recall Audit: its schema is at "
        f"revision {version!r}, and {ours} knows revisions up to {SCHEMA_HEAD}; upgrade "
        "Recall Audit (pip install -U recall-audit) to use it, or set "
        "RECALL_AUDIT_DATABASE_URL to another database"
    )


def upgrade_schema(engine: Engine) -> None:
    """Upgrades to head, idempotently; safe when several processes open the database at once.

    Takes an engine of its own (foreign keys off on SQLite, as table rebuilds require) and
    disposes of it.
    """
    try:
        with engine.connect() as connection:
            if current_revision(connection) == SCHEMA_HEAD:
                return
            _lock(connection)
            # Another process may have brought it to head while this one waited for the lock.
            version = current_revision(connection)
            if version is None and not inspect_schema(connection).get_table_names():
                _create_at_head(connection)
            elif version != SCHEMA_HEAD:
                _migrate(connection, version)
            connection.commit()
    finally:
        engine.dispose()
