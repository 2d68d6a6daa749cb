"""A fresh Prefect database in a blink: the SQLite database that a Prefect server's start
makes in an empty home (every Alembic migration, then the registration of its block types),
recorded as SQL (prefect_database.sql), seeds the project's server's database when it has
none yet.

On two cores that start costs a first command 8 s or more; running the recorded SQL takes
0.1 s. The seeded database is at the recorded revision, and Prefect's migrate-on-start (left
on) takes it from there to the installed Prefect's head, as it upgrades any older database.
The recorded block types are those of the Prefect that recorded them (no installed
collection adds any): the server skips registering them again when that is the installed
Prefect, and registers the installed Prefect's over them otherwise. An installed Prefect
that does not know the recorded revision migrates from nothing, as before.

    python -m recall_audit.server.prefect_database   # records it anew from the installed Prefect
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

SNAPSHOT = Path(__file__).with_name("prefect_database.sql")
# The snapshot's first line names the Prefect whose start it records.
RECORDED_BY = re.compile(r"-- Prefect (\S+):")


def seed_fresh_database(connection_url: str, migrations: Path) -> str | None:
    """Makes the SQLite file of `connection_url` from the snapshot when it does not exist
    and `migrations` (Prefect's SQLite revisions) holds the snapshot's revision; returns
    the version of the Prefect that recorded it, None when it made none. Any other database
    is left to Prefect."""
    database = _sqlite_file(connection_url)
    if database is None or database.exists():
        return None
    sql = SNAPSHOT.read_text(encoding="utf-8")
    recorded_by = RECORDED_BY.match(sql)
    handle, name = tempfile.mkstemp(prefix=f".{database.name}.", dir=database.parent)
    os.close(handle)
    made = Path(name)
    try:
        with contextlib.closing(sqlite3.connect(made)) as connection:
            connection.executescript(sql)
            (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        if recorded_by is None or not any(migrations.glob(f"*_{revision}_*.py")):
            return None
        # A link, not a rename: a database another process made meanwhile is never replaced.
        os.link(made, database)
        return recorded_by.group(1)
    except FileExistsError:
        return None
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


async def _start_on_it() -> None:
    """What Prefect's server does to its database when it starts: migrate it to the head,
    then register the block types (installed collections' too: they are loaded first)."""
    from prefect.plugins import load_prefect_collections
    from prefect.server.database import provide_database_interface
    from prefect.server.models.block_registration import run_block_auto_registration

    database = provide_database_interface()
    await database.create_db()
    load_prefect_collections()
    async with await database.session() as session:
        await run_block_auto_registration(session=session)


def started_on(home: Path) -> Path:
    """The database of Prefect home `home` (made when missing) as a Prefect server's start
    leaves it, by Prefect's own code in a process of its own (Prefect reads its home once)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    subprocess.run(
        [sys.executable, "-m", "recall_audit.server.prefect_database", "start-on"],
        env=env | {"PREFECT_HOME": str(home), "DO_NOT_TRACK": "1", "PYTHONSAFEPATH": "1"},
        check=True,
        capture_output=True,
    )
    return home / "prefect.db"


def record_snapshot() -> None:
    import prefect

    with tempfile.TemporaryDirectory() as home:
        database = started_on(Path(home))
        with contextlib.closing(sqlite3.connect(database)) as connection:
            lines = [
                f"-- Prefect {prefect.__version__}: its server's start on an empty home, "
                "recorded by `python -m recall_audit.server.prefect_database`",
                *connection.iterdump(),
            ]
    SNAPSHOT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["start-on"]:
        asyncio.run(_start_on_it())
    else:
        record_snapshot()
