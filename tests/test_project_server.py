"""No temporary server per command: the first command without a Prefect API starts the
project's server in the background (loopback, UI on, its Prefect home), the next command
uses it, `recall-audit server stop` ends it, and an idle one stops by itself.

No Python process of ours runs code from the working folder by accident either: a user's
`http.py` there (a name the standard library uses) is never imported by the command or by
the project's Prefect server it starts. Both are seen in one project folder (`first_command`):
starting a server migrates its fresh database, the slowest part of these tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from project_server import server_env, server_pid, stopped_after
from test_cli import CLI, EINSTEIN, cli_env, recall_audit

from recall_audit.server.local_server import idle_wording

# The installed command: `python -m` would put the working folder first on its path.
COMMAND = Path(sys.executable).parent / "recall-audit"
SHADOW = """\
from pathlib import Path
Path(__file__).with_suffix(".imported").write_text("imported")
raise SystemExit("a user's http.py was imported")
"""


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def command(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(COMMAND), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=300
    )


@dataclass(frozen=True)
class FirstCommand:
    """A project folder holding a user's `http.py`, where the first `recall-audit run`
    (no Prefect API) started the project's server, idle for up to 10 minutes."""

    folder: Path
    env: dict[str, str]
    port: str
    done: subprocess.CompletedProcess


@pytest.fixture(scope="module")
def first_command(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirstCommand]:
    folder = tmp_path_factory.mktemp("project")
    (folder / "http.py").write_text(SHADOW)
    extra = server_env()
    env = cli_env(None, f"sqlite:///{folder}/recall.db", **extra)
    with stopped_after([str(COMMAND)], env, folder):
        done = command("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=folder)
        yield FirstCommand(folder, env, extra["RECALL_AUDIT_SERVER_PORT"], done)


def test_the_projects_server_never_imports_the_working_folder(first_command: FirstCommand):
    done = first_command.done
    assert not (first_command.folder / "http.imported").exists(), done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["scored"] == 4


@pytest.mark.timeout(600)
def test_the_first_command_starts_the_server_and_the_next_one_uses_it(
    first_command: FirstCommand,
) -> None:
    first, env, cwd = first_command.done, first_command.env, first_command.folder
    port = first_command.port
    assert first.returncode == 0, first.stderr[-2000:]
    assert f"started the Prefect server at http://127.0.0.1:{port}" in first.stderr
    assert "it stops after 10 idle minutes," in first.stderr
    assert "recall-audit server stop" in first.stderr
    pid = server_pid(cwd)
    assert pid is not None, "no server was left running for the next command"
    # Its UI, on loopback, and the run it recorded.
    assert httpx.get(f"http://127.0.0.1:{port}/", timeout=30).status_code == 200
    flow_runs = httpx.post(
        f"http://127.0.0.1:{port}/api/flow_runs/filter", json={}, timeout=30
    ).json()
    assert [r["state_type"] for r in flow_runs] == ["COMPLETED"]
    # Its database has Prefect's block types (seeded with them, recall_audit/server/prefect_database.py).
    block_types = httpx.post(
        f"http://127.0.0.1:{port}/api/block_types/filter", json={}, timeout=30
    ).json()
    assert {"secret", "custom-webhook", "local-file-system"} <= {t["slug"] for t in block_types}

    second = command("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=cwd)
    assert second.returncode == 0, second.stderr[-2000:]
    assert "started the Prefect server" not in second.stderr
    assert json.loads(second.stdout)["scored"] == 4
    assert server_pid(cwd) == pid

    stopped = command("server", "stop", env=env, cwd=cwd)
    assert stopped.returncode == 0 and f"stopped the Prefect server (pid {pid})" in stopped.stdout
    assert server_pid(cwd) is None
    again = command("server", "stop", env=env, cwd=cwd)
    assert "no background Prefect server" in again.stdout
    # Neither command nor either server imported the folder's http.py.
    assert not (cwd / "http.imported").exists()


def test_the_idle_time_is_told_in_minutes_or_seconds() -> None:
    assert idle_wording(1800) == "30 idle minutes"
    assert idle_wording(60) == "1 idle minute"
    assert idle_wording(90) == "1.5 idle minutes"
    assert idle_wording(10) == "10 idle seconds"
    assert idle_wording(1) == "1 idle second"


@pytest.mark.timeout(600)
def test_an_idle_server_stops_by_itself(sqlite_db_url: str, tmp_path: Path) -> None:
    # Short: the command keeps the server from idling while it lives (it registers as a
    # user right after the start), so only the time after it counts.
    env = cli_env(None, sqlite_db_url, **server_env(idle_seconds=10))
    with stopped_after(CLI, env, tmp_path):
        done = recall_audit("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "it stops after 10 idle seconds," in done.stderr
        assert server_pid(tmp_path) is not None, "the server stopped with the command"
        assert wait_for(lambda: server_pid(tmp_path) is None, 240), "the idle server kept running"


def _servers_on(port: str) -> list[int]:
    """The pids of this module's servers started for `port` (their command line names it)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:  # it exited meanwhile
            continue
        if b"recall_audit.server.local_server" in args and port.encode() in args:
            found.append(int(cmdline.parent.name))
    return found


def test_a_command_stopped_by_bad_input_leaves_no_server_running(tmp_path: Path) -> None:
    # The server is launched at the command's very start, before its options are read.
    extra = server_env()
    env = cli_env(None, f"sqlite:///{tmp_path}/recall.db", **extra)
    with stopped_after([str(COMMAND)], env, tmp_path):
        done = command("run", "--dataset", str(tmp_path / "nope.jsonl"), env=env, cwd=tmp_path)
        assert done.returncode == 2 and "nope.jsonl" in done.stderr, done.stderr[-2000:]
        assert (tmp_path / ".recall-audit" / "prefect" / "recall-audit-server.log").is_file()
        assert server_pid(tmp_path) is None
        port = extra["RECALL_AUDIT_SERVER_PORT"]
        assert wait_for(lambda: not _servers_on(port), 30), "the unused server kept running"


def test_the_servers_settings_are_hashed_once_each(monkeypatch):
    """Its app cache's key, the whole settings rendered, is computed once per settings
    object (the server's API clients ask it as its services start); new settings, new key."""
    from prefect.settings import PREFECT_API_URL, get_current_settings, temporary_settings
    from prefect.settings.models.root import Settings

    from recall_audit.server.local_server import _settings_hashed_once

    hashed: list[int] = []
    hash_key = Settings.hash_key
    monkeypatch.setattr(Settings, "hash_key", lambda self: hashed.append(1) or hash_key(self))
    _settings_hashed_once()
    settings = get_current_settings()
    key = settings.hash_key()
    assert settings.hash_key() == key == hash_key(settings) and len(hashed) == 1
    with temporary_settings({PREFECT_API_URL: "http://127.0.0.1:9/api"}):
        assert get_current_settings().hash_key() != key
    assert len(hashed) == 2
