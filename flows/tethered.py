"""A temporary Prefect server that dies with the process that started it.

Prefect's own temporary server is stopped at a clean exit only: after kill -9 of the command
it stays behind (about 230 MB, still listening) for ever. This one is the same server (the
same app, database and settings) run by a child that watches its parent: when the parent is
gone, the child is re-parented, notices within PARENT_POLL_SECONDS and shuts down. Polling
the parent id works on every platform, unlike Linux's PR_SET_PDEATHSIG.
"""

from __future__ import annotations

import atexit
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import httpx
from recall_audit.flows.environment import SAFE_PATH
from recall_audit.scorer.errors import ConfigurationError

PARENT_POLL_SECONDS = 0.5
# How long an exiting command waits for the server to record its last task states.
SETTLE_SECONDS = 5.0
# Given to a graceful shutdown before the child exits regardless.
SHUTDOWN_GRACE_SECONDS = 10.0
# What Prefect sets for its temporary server: no UI, and the server knows it is temporary.
SERVER_ENV = {"PREFECT_UI_ENABLED": "0", "PREFECT__SERVER_EPHEMERAL": "1"}


def ensure_prefect_api() -> None:
    """A temporary server when no PREFECT_API_URL is set (configure_prefect() has already
    picked up a local server that answers)."""
    if not os.environ.get("PREFECT_API_URL", "").strip():
        start_temporary_server()


def start_temporary_server(timeout: float = 120.0) -> str:
    """Starts the server on a free loopback port, points PREFECT_API_URL at it and stops it
    when this process exits; returns the API URL."""
    port = _free_port()
    process = subprocess.Popen(
        # -P: the working folder is not on the server's import path (a user's http.py).
        [sys.executable, "-P", "-m", __name__, str(os.getpid()), str(port)],
        env=os.environ | SERVER_ENV | SAFE_PATH,
    )
    api = f"http://127.0.0.1:{port}/api"
    atexit.register(_stop, process, api)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ConfigurationError(
                f"the temporary Prefect server exited (code {process.returncode})"
            )
        try:
            if httpx.get(f"{api}/health", timeout=1).status_code == 200:
                os.environ["PREFECT_API_URL"] = api
                return api
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise ConfigurationError(f"the temporary Prefect server did not answer within {timeout:.0f} s")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _settle(api: str) -> None:
    """Waits (briefly) until the server has recorded the last task states: Prefect sends them
    as events, and a server stopped at once loses the newest ("Pending" for ever in the UI)."""
    unfinished = {"task_runs": {"state": {"type": {"any_": ["PENDING", "RUNNING"]}}}}
    deadline = time.monotonic() + SETTLE_SECONDS
    with httpx.Client(timeout=2) as client:
        while time.monotonic() < deadline:
            try:
                if client.post(f"{api}/task_runs/count", json=unfinished).json() == 0:
                    return
            except (httpx.HTTPError, ValueError):
                return
            time.sleep(0.2)


def _stop(process: subprocess.Popen[bytes], api: str) -> None:
    if process.poll() is None:
        _settle(api)
    process.terminate()
    try:
        process.wait(timeout=SHUTDOWN_GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _follow_parent(parent: int) -> None:
    """Ends this process once `parent` is gone (we are then re-parented)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)  # uvicorn's graceful shutdown
    time.sleep(SHUTDOWN_GRACE_SECONDS)
    os._exit(1)


def _serve(parent: int, port: int) -> None:
    import uvicorn

    threading.Thread(target=_follow_parent, args=(parent,), daemon=True).start()
    uvicorn.run(
        "prefect.server.api.server:create_app",
        factory=True,
        host="127.0.0.1",
        port=port,
        log_level="error",
        lifespan="on",
    )


if __name__ == "__main__":
    _serve(int(sys.argv[1]), int(sys.argv[2]))
