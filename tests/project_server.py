"""The project's Prefect server that `recall-audit run` starts in the background
(recall_audit/server/local_server.py), on a port of the test's own, stopped when the test ends."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from prefect_server import free_port

PID_FILE = Path(".recall-audit") / "prefect" / "recall-audit-server.pid"


def server_env(idle_seconds: float = 600) -> dict[str, str]:
    """What points a command's background server at a free port of this test's."""
    return {
        "RECALL_AUDIT_SERVER_PORT": str(free_port()),
        "RECALL_AUDIT_SERVER_IDLE": str(idle_seconds),
    }


def server_pid(cwd: Path) -> int | None:
    """The pid of the background server of the project in `cwd`, if it is alive."""
    try:
        pid = int((cwd / PID_FILE).read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


@contextmanager
def stopped_after(cli: list[str], env: dict[str, str], cwd: Path) -> Iterator[None]:
    """Whatever happens in the test, the project's server is stopped after it."""
    try:
        yield
    finally:
        subprocess.run([*cli, "server", "stop"], env=env, cwd=cwd, capture_output=True, timeout=60)
        pid = server_pid(cwd)
        if pid is not None:  # the stop command itself failed: end it by its pid
            os.kill(pid, signal.SIGKILL)
