"""Engines for SQLite (WAL, busy timeout, foreign keys) and PostgreSQL, migrated on open."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import NullPool

from recall_audit.errors import ConfigurationError
from recall_audit.storage.settings import DATABASE_URL_ENV, database_url

# Long enough for a writer to wait out another process's short transaction.
BUSY_TIMEOUT_MS = 30_000


def normalise_url(url: str) -> URL:
    """SQLite or PostgreSQL (through psycopg 3, whatever driver the URL names or omits)."""
    try:
        parsed = make_url(url)
    except Exception as exc:  # SQLAlchemy's message may echo the URL, password included
        raise ConfigurationError(f"{DATABASE_URL_ENV} is not a database URL") from exc
    backend = parsed.get_backend_name()
    if backend in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg")
    if backend == "sqlite":
        return parsed
    raise ConfigurationError(
        f"unsupported database {backend!r}: use sqlite:///path/to/file.db or postgresql://..."
    )


def _switch_to_wal(cursor: sqlite3.Cursor) -> None:
    """WAL lets readers (the CLI, the UI) work while a run writes.

    A fresh file opened by several connections at once: one switches it while another
    already holds the write lock, and SQLite refuses the switch at once instead of waiting
    (to it, a deadlock), so it is asked again until the other's transaction is over.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, *, foreign_keys: bool) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    _switch_to_wal(cursor)
    # NORMAL sync is safe in WAL.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
    cursor.close()


def _postgres_settings(dbapi_connection: Any, _record: Any) -> None:
    # Like SQLite's synchronous=NORMAL: a commit does not wait for its WAL flush (5 ms on a
    # busy disk, per case). A server crash can lose the last fraction of a second of saved
    # cases, which a resumed run redoes; it never corrupts or half-writes one.
    with dbapi_connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO OFF")
    dbapi_connection.commit()


def build_engine(url: URL, *, foreign_keys: bool = True, **kwargs: Any) -> Engine:
    """An engine with our connection settings, without touching the schema."""
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, **kwargs)
        event.listen(
            engine,
            "connect",
            lambda conn, record: _sqlite_pragmas(conn, record, foreign_keys=foreign_keys),
        )
        return engine
    engine = create_engine(url, pool_pre_ping=True, **kwargs)
    event.listen(engine, "connect", _postgres_settings)
    return engine


def absolute_database_url(url: str | None = None) -> str:
    """`url` (default: the configured one) with a SQLite path made absolute, so processes
    started elsewhere (task-runner workers) open the same file."""
    given = url or database_url()
    parsed = normalise_url(given)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return given
    return parsed.set(database=str(Path(parsed.database).resolve())).render_as_string()


def connect_database(url: str) -> Engine:
    """An engine on a database someone already brought to the schema head (the flow, before
    its batches): no migration check, so opening one per batch, on any worker, costs nothing."""
    return build_engine(normalise_url(url))


def open_database(url: str | None = None) -> Engine:
    """The engine for `url` (default: `storage.settings.database_url()`), schema at head.

    Cheap to call again: an up-to-date schema costs one version check. The caller keeps
    the engine (one per process or flow run) and opens `sqlmodel.Session(engine)` from it.
    """
    from recall_audit.storage.schema import upgrade_schema  # Alembic is only needed here

    parsed = normalise_url(url or database_url())
    upgrade_schema(build_engine(parsed, foreign_keys=False, poolclass=NullPool))
    return build_engine(parsed)
