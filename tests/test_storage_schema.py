"""The database is created and evolved by the Alembic migrations, on SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from recall_audit.errors import ConfigurationError
from recall_audit.storage import database_url, open_database, upsert_dataset
from recall_audit.storage.engine import normalise_url
from recall_audit.storage.schema import (
    SCHEMA_HEAD,
    alembic_config,
    current_revision,
    head_revision,
)
from recall_audit.storage.tables import Case, metadata

TABLES = {
    "alembic_version",
    "attribution_cache",
    "baselines",
    "case_results",
    "cases",
    "chunks",
    "claim_sets",
    "datasets",
    "knowledge_base_chunks",
    "knowledge_base_versions",
    "labels",
    "response_cache",
    "retrieved_chunks",
    "runs",
    "verdicts",
}


def test_the_head_the_code_stamps_is_the_newest_migration() -> None:
    assert SCHEMA_HEAD == head_revision() == "0009"


def test_opening_a_fresh_database_brings_it_to_head(empty_db_url: str) -> None:
    engine = open_database(empty_db_url)
    with engine.connect() as connection:
        assert current_revision(connection) == SCHEMA_HEAD
        assert set(inspect(connection).get_table_names()) == TABLES
    engine.dispose()


def test_migrations_build_exactly_the_tables_the_code_declares(db_engine) -> None:
    with db_engine.connect() as connection:
        command.downgrade(alembic_config(connection), "base")
        command.upgrade(alembic_config(connection), "head")
        connection.commit()
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []


def test_a_database_built_from_the_declarations_is_one_alembic_can_migrate(
    empty_db_url: str,
) -> None:
    engine = open_database(empty_db_url)
    with engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == SCHEMA_HEAD
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
        command.downgrade(alembic_config(connection), "0002")
        connection.commit()
        assert current_revision(connection) == "0002"
    engine.dispose()
    # Behind head: opening it migrates it forward.
    engine = open_database(empty_db_url)
    with engine.connect() as connection:
        assert current_revision(connection) == SCHEMA_HEAD
    engine.dispose()


def test_opening_a_database_at_head_does_not_import_alembic(db_url: str) -> None:
    open_database(db_url).dispose()
    code = (
        "import sys; from recall_audit.storage import open_database; "
        f"open_database({db_url!r}).dispose(); print('alembic' in sys.modules)"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert shown.stdout.strip() == "False", shown.stderr


def test_reopening_keeps_data_and_revision(db_url: str) -> None:
    engine = open_database(db_url)
    with Session(engine) as session:
        upsert_dataset(session, "faq", "faq.jsonl", "f1")
    engine.dispose()
    engine = open_database(db_url)
    with Session(engine) as session, engine.connect() as connection:
        assert current_revision(connection) == head_revision()
        assert upsert_dataset(session, "faq", "faq.jsonl", "f1").id == 1
    engine.dispose()


def test_downgrade_to_base_then_upgrade_again(db_engine) -> None:
    with db_engine.connect() as connection:
        command.downgrade(alembic_config(connection), "base")
        connection.commit()
        assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
        command.upgrade(alembic_config(connection), "head")
        connection.commit()
        assert set(inspect(connection).get_table_names()) == TABLES


def test_engines_opening_a_fresh_database_together_migrate_it_once(empty_db_url: str) -> None:
    start = threading.Barrier(4)

    def open_together() -> str | None:
        start.wait()
        engine = open_database(empty_db_url)
        with engine.connect() as connection:
            revision = current_revision(connection)
        engine.dispose()
        return revision

    with ThreadPoolExecutor(4) as pool:
        revisions = list(pool.map(lambda _: open_together(), range(4)))
    assert revisions == [SCHEMA_HEAD] * 4


def test_foreign_keys_are_enforced(db_session: Session) -> None:
    db_session.add(Case(dataset_id=999, case_key="k", question="q"))
    with pytest.raises(IntegrityError):
        db_session.commit()
    db_session.rollback()
    assert db_session.exec(select(Case)).all() == []


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(sqlite_db_url: str) -> None:
    engine = open_database(sqlite_db_url)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    engine.dispose()


def test_default_database_is_a_sqlite_file_under_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RECALL_AUDIT_DATABASE_URL", "  ")
    assert database_url() == f"sqlite:///{tmp_path}/.recall-audit/recall.db"
    open_database().dispose()
    assert (tmp_path / ".recall-audit" / "recall.db").is_file()


def test_environment_variable_names_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALL_AUDIT_DATABASE_URL", f"sqlite:///{tmp_path}/elsewhere.db")
    open_database().dispose()
    assert (tmp_path / "elsewhere.db").is_file()


def test_postgres_urls_use_psycopg_whatever_driver_they_name() -> None:
    for url in ("postgresql://u@h/db", "postgres://u@h/db", "postgresql+psycopg2://u@h/db"):
        assert normalise_url(url).drivername == "postgresql+psycopg"


@pytest.mark.parametrize(
    "url", ["mysql://admin:hunter2@db/recall", "not a url with hunter2", "://hunter2@"]
)
def test_unsupported_urls_are_refused_without_echoing_secrets(url: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        normalise_url(url)
    assert "hunter2" not in str(caught.value)


def insert_old_run(connection, **columns: str) -> None:
    """Dataset 1 and its completed run r1, as a migration older than head left them."""
    from sqlalchemy import text

    connection.execute(
        text(
            "INSERT INTO datasets (id, name, path, fingerprint, created_at, updated_at) "
            "VALUES (1, 'faq', 'faq.jsonl', 'f', '2026-01-01', '2026-01-01')"
        )
    )
    counters = ("case_count scored_count no_context_count unscorable_count error_count calls "
                "cached_calls input_tokens output_tokens repairs reasked supported_claims "
                "verified_quotes").split()  # fmt: skip
    values = {
        "id": "r1", "dataset_id": 1, "dataset_fingerprint": "f", "retriever": "bm25:kb",
        "judge": "builtin", "judge_version": "1", "scale": 1.0, "params": "{}",
        "status": "completed", "started_at": "2026-01-01", **dict.fromkeys(counters, 0),
    } | columns  # fmt: skip
    names = ", ".join(values)
    marks = ", ".join(f":{name}" for name in values)
    connection.execute(text(f"INSERT INTO runs ({names}) VALUES ({marks})"), values)


def test_runs_made_before_configurations_get_theirs(db_engine) -> None:
    """Migration 0005 gives each existing run the configuration it recorded, so that the
    first run after the upgrade still finds its baseline."""
    from sqlalchemy import text

    from recall_audit.spec import Configuration

    with db_engine.connect() as connection:
        command.downgrade(alembic_config(connection), "0004")
        insert_old_run(connection, retriever="bm25:/kb/docs.jsonl", params='{"top_k": 4}')
        command.upgrade(alembic_config(connection), "head")
        connection.commit()
        row = connection.execute(text("SELECT config_key, config_name FROM runs")).one()
    expected = Configuration(retriever="bm25:/kb/docs.jsonl", top_k=4, judge="builtin")
    assert tuple(row) == (expected.key, "bm25:docs.jsonl k=4")


def test_a_pin_made_per_dataset_becomes_the_pin_of_its_runs_configuration(db_engine) -> None:
    """Migration 0006 keys baselines by dataset and configuration; an existing pin stays the
    baseline of its own configuration's runs, and going down keeps one pin per dataset."""
    from sqlalchemy import text

    from recall_audit.storage.engine import build_engine

    # As the migrations run: SQLite rebuilding a table must not cascade into its children.
    engine = build_engine(db_engine.url, foreign_keys=False)
    with engine.connect() as connection:
        command.downgrade(alembic_config(connection), "0005")
        insert_old_run(connection, config_key="abcd1234", config_name="bm25:kb k=4")
        connection.execute(
            text(
                "INSERT INTO baselines (dataset_id, run_id, pinned_at) "
                "VALUES (1, 'r1', '2026-01-02')"
            )
        )
        command.upgrade(alembic_config(connection), "head")
        pins = connection.execute(text("SELECT dataset_id, config_key, run_id FROM baselines"))
        assert [tuple(p) for p in pins] == [(1, "abcd1234", "r1")]
        command.downgrade(alembic_config(connection), "0005")
        pins = connection.execute(text("SELECT dataset_id, run_id FROM baselines"))
        assert [tuple(p) for p in pins] == [(1, "r1")]
        command.upgrade(alembic_config(connection), "head")
        connection.commit()
    engine.dispose()


def test_a_new_sqlite_file_is_told_from_any_other_database(tmp_path: Path) -> None:
    from recall_audit.storage.settings import is_new_sqlite_file

    made = tmp_path / "made.db"
    made.touch()
    assert is_new_sqlite_file(f"sqlite:///{tmp_path / 'new.db'}")
    assert is_new_sqlite_file(f"sqlite+pysqlite:///{tmp_path / 'new.db'}")
    assert not is_new_sqlite_file(f"sqlite:///{made}")
    assert not is_new_sqlite_file("sqlite:///:memory:")
    assert not is_new_sqlite_file(f"sqlite:///{tmp_path / 'new.db'}?mode=ro")
    assert not is_new_sqlite_file("postgresql://u@127.0.0.1/db")
