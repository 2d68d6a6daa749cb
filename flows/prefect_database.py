"""A fresh Prefect database in a blink: the SQLite database that a Prefect server's start
makes in an empty home (every Alembic migration, then the registration of its block types),
recorded as SQL (prefect_database.sql), seeds the project's server's database when it has
none yet.

On two cores that start costs a first command 8 s or more; running the recorded SQL takes
0.1 s. The seeded database is at the recorded revision, and Prefect's migrate-on-start (left
on) takes it from there to the installed Prefect's head, as it upgrades any older database;
the project's server registers the installed Prefect's block types over the recorded ones
(flows/local_server.py). An installed Prefect that does not know the recorded revision
migrates from nothing, as before. The recorded block types depend on Prefect alone (no
installed collection adds any).

    python -m recall_audit.flows.prefect_database   # records it anew from the installed Prefect
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

SNAPSHOT = Path(__file__).with_name("prefect_database.sql")


def seed_fresh_database(connection_url: str, migrations: Path) -> bool:
    """Makes the SQLite file of `connection_url` from the snapshot when it does not exist
    and `migrations` (Prefect's SQLite revisions) holds the snapshot's revision; returns
    whether it did. Any other database is left to Prefect."""
    database = _sqlite_file(connection_url)
    if database is None or database.exists():
        return False
    handle, name = tempfile.mkstemp(prefix=f".{database.name}.", dir=database.parent)
    os.close(handle)
    made = Path(name)
    try:
        with contextlib.closing(sqlite3.connect(made)) as connection:
            connection.executescript(SNAPSHOT.read_text(encoding="utf-8"))
            (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        if not any(migrations.glob(f"*_{revision}_*.py")):
            return False
        # A link, not a rename: a database another process made meanwhile is never replaced.
        os.link(made, database)
        return True
    except FileExistsError:
        return False
    finally:
        made.unlink(missing_ok=True)


def _sqlite_file(connection_url: str) -> Path | None:
    """The file of a plain SQLite URL (`sqlite+aiosqlite:////path/prefect.db`), else None:
    an in-memory or URI database, or another dialect."""
    from sqlalchemy.engine import make_url

    url = make_url(connection_url)
    if url.get_backend_name() != "sqlite" or url.query or not url.database:
        return None
    if url.database == ":memory:" or url.database.startswith("file:"):
        return None
    return Path(url.database)


async def register_block_types() -> None:
    """Prefect's registration of its block types, as its server's start runs it: installed
    collections are loaded first, so that theirs are among them."""
    from prefect.plugins import load_prefect_collections
    from prefect.server.database import provide_database_interface
    from prefect.server.models.block_registration import run_block_auto_registration

    load_prefect_collections()
    async with await provide_database_interface().session() as session:
        await run_block_auto_registration(session=session)


async def _start_on_it() -> None:
    """What Prefect's server does to its database when it starts: migrate it to the head,
    then register the block types."""
    from prefect.server.database import provide_database_interface

    await provide_database_interface().create_db()
    await register_block_types()


def started_on(home: Path) -> Path:
    """The database of Prefect home `home` (made when missing) as a Prefect server's start
    leaves it, by Prefect's own code in a process of its own (Prefect reads its home once)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    subprocess.run(
        [sys.executable, "-m", "recall_audit.flows.prefect_database", "start-on"],
        env=env | {"PREFECT_HOME": str(home), "DO_NOT_TRACK": "1", "PYTHONSAFEPATH": "1"},
        check=True,
        capture_output=True,
    )
    return home / "prefect.db"


def record_snapshot() -> None:
    with tempfile.TemporaryDirectory() as home:
        database = started_on(Path(home))
        with contextlib.closing(sqlite3.connect(database)) as connection:
            SNAPSHOT.write_text("\n".join(connection.iterdump()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["start-on"]:
        asyncio.run(_start_on_it())
    else:
        record_snapshot()
