"""A real Prefect server for the slow tests (marker `server`), one per test session.

`prefect server start` runs on a free port of 127.0.0.1 with its own PREFECT_HOME (SQLite
inside) and no telemetry; the fixture waits for /api/health and stops the server by its
pid at the end. Tests talk to it through `prefect_server.env` (PREFECT_API_URL and friends)
or `prefect_server.api_url`.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

# A fresh database migrates in 10-15 s; a loaded two-core machine can take several times that.
STARTUP_SECONDS = 120


@dataclass(frozen=True)
class PrefectServer:
    api_url: str
    home: Path
    pid: int

    @property
    def ui_url(self) -> str:
        return self.api_url.removesuffix("/api")

    @property
    def env(self) -> dict[str, str]:
        """Variables that point a client (or a subprocess) at this server."""
        return {
            "PREFECT_API_URL": self.api_url,
            "DO_NOT_TRACK": "1",
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def recent_events(client: Any, name: str) -> list[Any]:
    """The server's events called `name` from the last hour (each test starts its server)."""
    from prefect.events.filters import EventFilter, EventNameFilter, EventOccurredFilter

    since = datetime.now(UTC) - timedelta(hours=1)
    page = await client.read_events(
        EventFilter(event=EventNameFilter(name=[name]), occurred=EventOccurredFilter(since=since)),
        limit=50,
    )
    return page.events


def server_environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    return env | {
        "PREFECT_HOME": str(home),
        "DO_NOT_TRACK": "1",
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "PREFECT_LOGGING_LEVEL": "WARNING",
    }


def _wait_healthy(api_url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"prefect server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{api_url}/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"prefect server not healthy after {STARTUP_SECONDS} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM by pid (background Prefect processes ignore SIGINT), SIGKILL if it lingers."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="session")
def prefect_server() -> Iterator[PrefectServer]:
    home = Path(tempfile.mkdtemp(prefix="recall-audit-prefect-"))
    port = free_port()
    log = home / "server.log"
    prefect = Path(sys.executable).with_name("prefect")
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(prefect), "server", "start", "--host", "127.0.0.1", "--port", str(port)],
            # The UI asks this URL for its data; Prefect's default ignores --port.
            env=server_environment(home)
            | {
                "PREFECT_UI_API_URL": f"http://127.0.0.1:{port}/api",
                "PREFECT_UI_URL": f"http://127.0.0.1:{port}",
                # Proactive triggers (the knowledge-base debounce) are checked every second
                # rather than every five, so tests wait less after a quiet window.
                "PREFECT_SERVER_EVENTS_PROACTIVE_GRANULARITY": "PT1S",
            },
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    api_url = f"http://127.0.0.1:{port}/api"
    try:
        _wait_healthy(api_url, process, log)
        yield PrefectServer(api_url=api_url, home=home, pid=process.pid)
    finally:
        stop(process)
        shutil.rmtree(home, ignore_errors=True)
