"""Child processes of the benchmarks: the mock model, a Prefect server, and measured runs."""

from __future__ import annotations

import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
OUR_PYTHON = ROOT / ".venv" / "bin" / "python"
# The command line a user runs.
OUR_CLI = ROOT / ".venv" / "bin" / "recall-audit"
PEERS_VENV = BENCH / ".venv-peers"
PEERS_PYTHON = PEERS_VENV / "bin" / "python"
# Written by `make bench` once the peers' requirements are installed.
PEERS_STAMP = PEERS_VENV / ".installed-stamp"
LOAD_EVERY_S = 15.0
QUIET_ENV = {
    "DO_NOT_TRACK": "1",
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "RAGAS_DO_NOT_TRACK": "true",
    "DEEPEVAL_TELEMETRY_OPT_OUT": "YES",
    "DEEPEVAL_UPDATE_WARNING_OPT_IN": "NO",
    "TOKENIZERS_PARALLELISM": "false",
}


@dataclass
class Measured:
    returncode: int
    wall_s: float
    # Peak resident memory of the child, from the kernel's own accounting (wait4).
    max_rss_mb: float
    stdout: str
    stderr: str
    # time.monotonic() at the child's start and at its exit: the machine's clock, which the
    # mock model's first and last request times are on too.
    started_at: float = 0.0
    ended_at: float = 0.0

    def last_json_line(self) -> str:
        lines = [line for line in self.stdout.splitlines() if line.startswith("{")]
        if self.returncode != 0 or not lines:
            raise RuntimeError(f"exit {self.returncode}: {self.stderr[-2000:]}")
        return lines[-1]


class LoadSampler:
    """The 1-minute load average, sampled every LOAD_EVERY_S seconds while it runs."""

    def __init__(self) -> None:
        self.samples = [os.getloadavg()[0]]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> LoadSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()
        self.samples.append(os.getloadavg()[0])

    def _sample(self) -> None:
        while not self._stop.wait(LOAD_EVERY_S):
            self.samples.append(os.getloadavg()[0])

    def summary(self) -> str:
        low, middle, high = min(self.samples), statistics.median(self.samples), max(self.samples)
        return f"{low:.1f} / {middle:.1f} / {high:.1f} on {os.cpu_count()} cores"


def env_with(**extra: str) -> dict[str, str]:
    return {**os.environ, **QUIET_ENV, **extra}


def tool_env(mock_url: str, api: str, prefect_home: Path, work: Path) -> dict[str, str]:
    """A tool's environment: the mock model, the Prefect server, a database of its own."""
    return env_with(
        OPENAI_BASE_URL=mock_url,
        OPENAI_API_KEY="sk-bench",
        PREFECT_API_URL=api,
        PREFECT_HOME=str(prefect_home),
        RECALL_AUDIT_DATABASE_URL=f"sqlite:///{work / 'recall.db'}",
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_measured(cmd: list[str], env: dict[str, str], cwd: Path) -> Measured:
    """Runs `cmd` to its end; wall time and peak RSS are the child's alone."""
    out, err = cwd / ".stdout", cwd / ".stderr"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        started = time.monotonic()
        child = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(child.pid, 0)
        ended = time.monotonic()
    child.returncode = os.waitstatus_to_exitcode(status)
    return Measured(
        returncode=child.returncode,
        wall_s=ended - started,
        max_rss_mb=usage.ru_maxrss / 1024,  # kilobytes on Linux
        stdout=out.read_text(),
        stderr=err.read_text(),
        started_at=started,
        ended_at=ended,
    )


def start_mock(*options: str) -> tuple[subprocess.Popen[str], str]:
    """The mock model in its own process, and its base URL; `options` are its command line's
    (`--shape lognormal`, ...)."""
    child = subprocess.Popen(
        [str(OUR_PYTHON), str(BENCH / "mock_model.py"), *options],
        stdout=subprocess.PIPE,
        text=True,
        env=env_with(),
    )
    assert child.stdout is not None
    line = child.stdout.readline().strip()
    if not line.startswith("READY "):
        stop(child)
        raise RuntimeError(f"the mock model did not start: {line!r}")
    return child, line.removeprefix("READY ")


def start_prefect_server(home: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A real Prefect server on a fresh home, and its API URL once it answers."""
    port = free_port()
    api = f"http://127.0.0.1:{port}/api"
    log = open(home / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    child = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "prefect"),
            "server",
            "start",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env_with(PREFECT_HOME=str(home)),
        stdout=log,
        stderr=subprocess.STDOUT,
        # Its own process group, so stopping it also stops the workers it starts.
        start_new_session=True,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise RuntimeError(f"the Prefect server exited; see {home / 'server.log'}")
        try:
            if httpx.get(f"{api}/health", timeout=1).status_code == 200:
                return child, api
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    stop(child)
    raise RuntimeError("the Prefect server did not answer within 180 s")


@contextmanager
def prefect_server(root: Path) -> Iterator[tuple[str, Path]]:
    """A real Prefect server with its home under `root`: (API URL, home), stopped after."""
    home = root / "prefect"
    home.mkdir(exist_ok=True)
    log("starting a Prefect server ...")
    server, api = start_prefect_server(home)
    try:
        _warm_up(api, home, root)
        yield api, home
    finally:
        stop(server)


def _warm_up(api: str, home: Path, root: Path) -> None:
    """One throwaway flow run, as a server that has run before would have had: a fresh
    server's first flow run costs more than any later one (the server's own first use),
    which no nightly audit against a running server pays."""
    work = root / "warm-up"
    work.mkdir(exist_ok=True)
    run_prefect_only(0, 16, env_with(PREFECT_API_URL=api, PREFECT_HOME=str(home)), work)


def run_prefect_only(cases: int, concurrency: int, env: dict[str, str], work: Path) -> float:
    """The wall time of bench/tool_prefect_only.py: Prefect alone, in a flow shaped like the
    audit of `cases` cases."""
    command = [str(OUR_PYTHON), str(BENCH / "tool_prefect_only.py"), "--cases", str(cases)]
    done = run_measured([*command, "--concurrency", str(concurrency)], env, work)
    if done.returncode != 0:
        raise RuntimeError(f"bench/tool_prefect_only.py failed: {done.stderr[-2000:]}")
    return json.loads(done.last_json_line())["wall_s"]


def stop(child: subprocess.Popen) -> None:  # type: ignore[type-arg]
    """SIGTERM by process id (its group when it has one), then wait."""
    if child.poll() is not None:
        return
    try:
        if os.getpgid(child.pid) == child.pid:
            os.killpg(child.pid, signal.SIGTERM)
        else:
            child.terminate()
        child.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        child.kill()
        child.wait()


def python_for_peers() -> Path | None:
    return PEERS_PYTHON if PEERS_STAMP.exists() else None


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
