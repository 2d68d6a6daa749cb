"""No temporary server per command: the first command without a Prefect API starts the
project's server in the background (loopback, UI on, its Prefect home), the next command
uses it, `recall-audit server stop` ends it, and an idle one stops by itself.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest
from project_server import server_env, server_pid, stopped_after
from test_cli import CLI, EINSTEIN, cli_env, recall_audit


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


@pytest.mark.timeout(600)
def test_the_first_command_starts_the_server_and_the_next_one_uses_it(
    sqlite_db_url: str, tmp_path: Path
) -> None:
    extra = server_env()
    port = extra["RECALL_AUDIT_SERVER_PORT"]
    env = cli_env(None, sqlite_db_url, **extra)
    with stopped_after(CLI, env, tmp_path):
        first = recall_audit("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=tmp_path)
        assert first.returncode == 0, first.stderr[-2000:]
        assert f"started the Prefect server at http://127.0.0.1:{port}" in first.stderr
        assert "recall-audit server stop" in first.stderr
        pid = server_pid(tmp_path)
        assert pid is not None, "no server was left running for the next command"
        # Its UI, on loopback, and the run it recorded.
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=30).status_code == 200
        flow_runs = httpx.post(
            f"http://127.0.0.1:{port}/api/flow_runs/filter", json={}, timeout=30
        ).json()
        assert [r["state_type"] for r in flow_runs] == ["COMPLETED"]

        second = recall_audit("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=tmp_path)
        assert second.returncode == 0, second.stderr[-2000:]
        assert "started the Prefect server" not in second.stderr
        assert json.loads(second.stdout)["scored"] == 4
        assert server_pid(tmp_path) == pid

        stopped = recall_audit("server", "stop", env=env, cwd=tmp_path)
        assert (
            stopped.returncode == 0 and f"stopped the Prefect server (pid {pid})" in stopped.stdout
        )
        assert server_pid(tmp_path) is None
        again = recall_audit("server", "stop", env=env, cwd=tmp_path)
        assert "no background Prefect server" in again.stdout


@pytest.mark.timeout(600)
def test_an_idle_server_stops_by_itself(sqlite_db_url: str, tmp_path: Path) -> None:
    # Idle long enough for the command to reach it on a busy machine, then stopped.
    env = cli_env(None, sqlite_db_url, **server_env(idle_seconds=60))
    with stopped_after(CLI, env, tmp_path):
        done = recall_audit("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "it stops after 1 idle minute," in done.stderr
        assert wait_for(lambda: server_pid(tmp_path) is None, 240), "the idle server kept running"
