"""Database fixtures: every test that takes `db_url`, `db_engine` or `db_session` runs twice,
on a SQLite file in tmp_path and on a throwaway PostgreSQL database (skipped, with the
reason, when no server answers at 127.0.0.1:5432).

- `db_url`: URL of a fresh database of its own, already at the schema head (pass it to
  `storage.open_database` or set RECALL_AUDIT_DATABASE_URL to it).
- `empty_db_url`: the same, but without any table (for migration tests).
- `db_engine` / `db_session`: an engine from `open_database(db_url)` / a Session on it.
- `sqlite_db_url`: SQLite only, for tests that need a database but not both backends.
- `seed_dataset(...)` and `judged(...)`: helpers that write a small dataset and build a
  scored RecallResult through the scorer.

PostgreSQL databases are named recall_audit_test_<random> and dropped after each test, so
concurrent test sessions never collide. Override the server with
RECALL_AUDIT_TEST_POSTGRES_URL (a database the user may connect to and create others from).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlmodel import Session

from recall_audit.scorer.recall import result_from_verdicts
from recall_audit.storage import (
    CaseInput,
    CaseRecord,
    DatasetRecord,
    open_database,
    upsert_cases,
    upsert_dataset,
)
from recall_audit.types import RecallResult, Usage, Verdict

POSTGRES_URL = os.environ.get(
    "RECALL_AUDIT_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
BACKENDS = ["sqlite", "postgresql"]


def _with_database(url: str, name: str) -> str:
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def _admin(url: str) -> psycopg.Connection:
    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    return psycopg.connect(libpq, autocommit=True, connect_timeout=1)


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """The maintenance database's URL, once a PostgreSQL server has answered within ~1 s."""
    try:
        _admin(POSTGRES_URL).close()
    except psycopg.Error:
        pytest.skip("PostgreSQL not reachable at 127.0.0.1:5432")
    return POSTGRES_URL


class PostgresDatabases:
    """Creates throwaway databases on one admin connection; drops them one by one or at the end."""

    def __init__(self, admin: psycopg.Connection) -> None:
        self._admin = admin
        self._created: list[str] = []

    def create(self, template: str | None = None) -> str:
        name = f"recall_audit_test_{uuid.uuid4().hex[:12]}"
        clause = f" TEMPLATE {template}" if template else ""
        self._admin.execute(f"CREATE DATABASE {name}{clause}")
        self._created.append(name)
        return name

    def drop(self, name: str) -> None:
        # FORCE: a test that leaked a connection must not leave its database behind.
        self._admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self._created.remove(name)

    def drop_all(self) -> None:
        for name in list(reversed(self._created)):
            self.drop(name)


@pytest.fixture(scope="session")
def postgres_databases(postgres_url: str) -> Iterator[PostgresDatabases]:
    with _admin(postgres_url) as admin:
        databases = PostgresDatabases(admin)
        yield databases
        databases.drop_all()


@pytest.fixture(scope="session")
def postgres_template(postgres_url: str, postgres_databases: PostgresDatabases) -> str:
    """A database migrated once to head, cloned for each test (much faster than migrating)."""
    name = postgres_databases.create()
    open_database(_with_database(postgres_url, name)).dispose()
    return name


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/recall.db"
        open_database(url).dispose()
        yield url
        return
    template = request.getfixturevalue("postgres_template")
    yield from _postgres_database(request, template)


@pytest.fixture(params=BACKENDS)
def empty_db_url(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/recall.db"
        return
    yield from _postgres_database(request, None)


def _postgres_database(request: pytest.FixtureRequest, template: str | None) -> Iterator[str]:
    url = request.getfixturevalue("postgres_url")
    databases: PostgresDatabases = request.getfixturevalue("postgres_databases")
    name = databases.create(template)
    yield _with_database(url, name)
    databases.drop(name)


@pytest.fixture
def sqlite_db_url(tmp_path: os.PathLike[str]) -> str:
    return f"sqlite:///{tmp_path}/recall.db"


@pytest.fixture
def db_engine(db_url: str) -> Iterator[Engine]:
    engine = open_database(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def db_session(db_engine: Engine) -> Iterator[Session]:
    with Session(db_engine) as session:
        yield session


def seed_dataset(
    session: Session, name: str = "faq", cases: dict[str, str | None] | None = None
) -> tuple[DatasetRecord, dict[str, CaseRecord]]:
    """A dataset with cases {case_key: ground truth}; questions are "question <key>"."""
    cases = cases if cases is not None else {"c1": "Paris is the capital of France."}
    dataset = upsert_dataset(session, name, f"{name}.jsonl", f"fingerprint-{name}")
    stored = upsert_cases(
        session,
        dataset.id,
        [
            CaseInput(case_key=k, question=f"question {k}", ground_truth=gt)
            for k, gt in cases.items()
        ],
    )
    return dataset, {c.case_key: c for c in stored}


def judged(
    claims: list[str], supported_by: list[int | None], chunks: list[str], calls: int = 1
) -> RecallResult:
    """A scored result built by the scorer itself: claim i is supported by chunk
    supported_by[i] (None: unsupported)."""
    verdicts = [
        Verdict(
            claim_index=i,
            supported=chunk is not None,
            chunk_indices=[] if chunk is None else [chunk],
            quote="" if chunk is None else chunks[chunk][:20],
        )
        for i, chunk in enumerate(supported_by)
    ]
    return result_from_verdicts(
        claims, verdicts, chunks, usage=Usage(calls=calls, input_tokens=100, output_tokens=10)
    )
