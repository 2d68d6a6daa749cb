"""A fresh Prefect database seeded from the recorded SQL (recall_audit/server/prefect_database.py) is, once
a Prefect server's start has run on it (migrations, block types), the database that start
makes from nothing: the same tables, indexes and rows. Only a missing plain SQLite file is
seeded, and only when the installed Prefect knows the recorded revision."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

import prefect
import prefect.server.database

from recall_audit.server.prefect_database import seed_fresh_database, started_on

REVISIONS = Path(prefect.server.database.__file__).parent / "_migrations" / "versions" / "sqlite"


def _contents(database: Path) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Each table's and index's statement, and each table's rows. Prefect's own migrations
    order a recreated table's constraints differently from one run to the next (a set's
    order), so a statement is its lines in any order; a row is its values less the ones
    every start makes anew (ids, times), another row's id standing as that row's key, and a
    block schema's capabilities (a set's order too) in any order."""
    with contextlib.closing(sqlite3.connect(database)) as connection:
        master = list(connection.execute("SELECT type, name, sql FROM sqlite_master"))
        schema = {
            f"{kind} {name}": sorted(line.strip().rstrip(",") for line in (sql or "").splitlines())
            for kind, name, sql in master
        }
        keys = dict(connection.execute("SELECT id, slug FROM block_type"))
        keys |= {
            id_: f"{checksum} {version}"
            for id_, checksum, version in connection.execute(
                "SELECT id, checksum, version FROM block_schema"
            )
        }
        rows = {}
        for kind, name, _ in master:
            if kind != "table":
                continue
            cursor = connection.execute(f'SELECT * FROM "{name}"')
            kept = [
                i
                for i, column in enumerate(cursor.description)
                if column[0] not in ("id", "created", "updated")
            ]
            rows[name] = sorted(
                repr([_value(keys.get(row[i], row[i])) for i in kept]) for row in cursor.fetchall()
            )
    return schema, rows


def _value(value: object) -> object:
    if isinstance(value, str) and value.startswith('["'):
        return sorted(json.loads(value))
    return value


def test_a_seeded_database_is_the_one_a_prefect_start_makes_from_nothing(tmp_path: Path) -> None:
    seeded = tmp_path / "seeded"
    seeded.mkdir()
    # Recorded by the installed Prefect: its server skips registering the block types again.
    assert seed_fresh_database(f"sqlite+aiosqlite:///{seeded}/prefect.db", REVISIONS) == (
        prefect.__version__
    )
    from_nothing = started_on(tmp_path / "from-nothing")
    assert _contents(started_on(seeded)) == _contents(from_nothing)


def test_only_a_missing_sqlite_file_that_prefect_can_upgrade_is_seeded(tmp_path: Path) -> None:
    existing = tmp_path / "prefect.db"
    existing.write_bytes(b"")
    assert seed_fresh_database(f"sqlite+aiosqlite:///{existing}", REVISIONS) is None
    assert existing.read_bytes() == b""
    memory = "sqlite+aiosqlite:///file::memory:?cache=shared&uri=true&check_same_thread=false"
    assert seed_fresh_database(memory, REVISIONS) is None
    assert seed_fresh_database("postgresql+asyncpg://u:p@127.0.0.1/prefect", REVISIONS) is None
    # A Prefect that does not know the recorded revision migrates from nothing itself.
    unknown = tmp_path / "other-prefect.db"
    assert seed_fresh_database(f"sqlite+aiosqlite:///{unknown}", tmp_path) is None
    assert not unknown.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prefect.db"]
