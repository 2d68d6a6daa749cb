"""The project's own Prefect server, started in the background by the first command that
needs one and left running for the next, until it has been idle for a while.

Start-up is paid once: a temporary server per command cost every command 6 to 15 seconds
and, at its exit, a wait for the server to record the last task states before it was
stopped. This server outlives the command (its own session, so a Ctrl-C or kill of the
command does not reach it), listens on loopback only, serves the UI, keeps its database in
the project's Prefect home, and stops itself after `RECALL_AUDIT_SERVER_IDLE` seconds (30
minutes) without a request and without a command using it; `recall-audit server stop`
stops it at once. A command killed
mid-run leaves its flow run Running on this server; the next audit marks it Crashed
(recall_audit/flows/abandoned.py), as it did when the server died with the command.

Run as `python -m recall_audit.server.local_server PORT IDLE_SECONDS` by `start_local_server`.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any

from recall_audit.errors import ConfigurationError
from recall_audit.flows.environment import (
    SERVER_HOST,
    choose_project_api,
    configure_prefect,
    local_server_answers,
    prefect_home,
    server_api,
    server_environment,
    server_port,
    skip_ca_bundle_for_plain_http,
)
from recall_audit.server.prefect_database import seed_fresh_database

IDLE_ENV = "RECALL_AUDIT_SERVER_IDLE"
IDLE_SECONDS = 1800.0
PID_FILE = "recall-audit-server.pid"
LOG_FILE = "recall-audit-server.log"
# One empty file per command using the server, named by its pid.
USERS_DIR = "recall-audit-server.users"
# A first start migrates a fresh database: slow on a busy two-core machine.
START_TIMEOUT_SECONDS = 180.0


def idle_seconds() -> float:
    value = os.environ.get(IDLE_ENV, "").strip()
    try:
        seconds = float(value) if value else IDLE_SECONDS
    except ValueError:
        seconds = -1.0
    if seconds <= 0:
        raise ConfigurationError(f"{IDLE_ENV}={value!r}: expected a number of seconds above 0")
    return seconds


def idle_wording(idle: float) -> str:
    """How long the server may stay idle, as the user is told: "30 idle minutes"."""
    count, unit = (idle / 60, "minute") if idle >= 60 else (idle, "second")
    return f"{count:g} idle {unit}{'' if count == 1 else 's'}"


def ensure_prefect_api() -> None:
    """The Prefect API to use: PREFECT_API_URL when set (configure_prefect() has already set
    it to the project's server when that answers), else the project's server, started now
    without waiting for it: the command goes on with its own start-up (its imports, its
    checks) while the server boots, and `prefect_api_ready()` waits before the first run."""
    if not os.environ.get("PREFECT_API_URL", "").strip():
        start_local_server()
    if os.environ["PREFECT_API_URL"].rstrip("/") == server_api():
        _register_user(prefect_home())
    skip_ca_bundle_for_plain_http()


def server_starting() -> bool:
    """Whether this command launched a server that has not answered yet."""
    return _starting.get() is not None


def prefect_api_ready() -> str | None:
    """Waits until the server this command started answers; returns the line to tell the
    user, None when it started none."""
    starting = _starting.get()
    if starting is None:
        return None
    _starting.set(None)
    return starting.ready()


def _register_user(home: Path) -> None:
    """This command uses the project's server: it is not idle while the command lives, even
    through a batch of slow model calls that sends it nothing for an hour."""
    users = home / USERS_DIR
    users.mkdir(exist_ok=True)
    (users / str(os.getpid())).touch()


def _users_alive(home: Path) -> bool:
    """Whether a registered command is still running (the files of finished ones go)."""
    alive = False
    for entry in (home / USERS_DIR).glob("*"):
        if entry.name.isdigit() and _alive(int(entry.name)):
            alive = True
        else:
            entry.unlink(missing_ok=True)
    return alive


class _Starting:
    """A server this command launched, and the start lock it holds until that answers: a
    second command waits at the lock, then finds it answering."""

    def __init__(self, home: Path, port: int, idle: float, lock: IO[str]) -> None:
        self.home, self.port, self.idle, self.lock = home, port, idle, lock
        self.pid = _launch(home, port, idle)

    def ready(self) -> str:
        try:
            _wait_until_it_answers(self.home, self.pid, f"http://{SERVER_HOST}:{self.port}/api")
        finally:
            self.lock.close()  # closing the file releases its lock
        return (
            f"started the Prefect server at http://{SERVER_HOST}:{self.port} (UI, home "
            f"{self.home}); it stops after {idle_wording(self.idle)}, or with "
            "`recall-audit server stop`"
        )

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)
        pid_file = self.home / PID_FILE
        with contextlib.suppress(OSError, ValueError):
            if int(pid_file.read_text()) == self.pid:
                pid_file.unlink()
        self.lock.close()


# The server this command launched and has not yet seen answer: set and read by the
# command's main thread, from its first lines (start_before_imports) to its last.
_starting: ContextVar[_Starting | None] = ContextVar("recall_audit_server_starting", default=None)


def start_local_server() -> None:
    """Launches the project's server in the background unless one answers, and points
    PREFECT_API_URL at it. Two commands starting at once start one server (a file lock)."""
    home = prefect_home()
    home.mkdir(parents=True, exist_ok=True)
    port, idle = server_port(), idle_seconds()
    api = f"http://{SERVER_HOST}:{port}/api"
    lock = open(home / f"{PID_FILE}.lock", "a")  # noqa: SIM115 (held past this function)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if local_server_answers(api):
            lock.close()
        else:
            _starting.set(_Starting(home, port, idle, lock))
    except BaseException:
        lock.close()
        raise
    choose_project_api(api)


def start_before_imports() -> None:
    """The project's server launched at the very start of a command that runs audits, before
    the command's own imports and checks: its start (seconds of imports and set-up) overlaps
    theirs. Anything in the way (PREFECT_HOME a file, a bad RECALL_AUDIT_SERVER_IDLE) is left
    for the command's own checks to tell in its words; a command that stops at them stops
    this server too (`stop_unused_server`)."""
    if "PREFECT_API_URL" in os.environ:
        return
    try:
        configure_prefect()
        ensure_prefect_api()
    except (ConfigurationError, OSError):
        return


def stop_unused_server() -> None:
    """A server this command launched and never ran an audit on (it stopped at bad input or
    a signal first) is stopped: a command that did nothing leaves nothing running."""
    starting = _starting.get()
    if starting is None:
        return
    _starting.set(None)
    starting.stop()


def _launch(home: Path, port: int, idle: float) -> int:
    with open(home / LOG_FILE, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", __name__, str(port), str(idle)],
            env=server_environment(SERVER_HOST, port),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            # Its own session: the command's Ctrl-C, SIGTERM or kill never reaches it.
            start_new_session=True,
        )
    (home / PID_FILE).write_text(str(process.pid))
    return process.pid


def _wait_until_it_answers(home: Path, pid: int, api: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if not _alive(pid):
            raise ConfigurationError(f"the Prefect server exited at start; see {home / LOG_FILE}")
        if local_server_answers(api):
            return
        # A refused connection costs a millisecond: the command waits no longer than it must.
        time.sleep(0.02)
    raise ConfigurationError(
        f"the Prefect server did not answer within {START_TIMEOUT_SECONDS:.0f} s; "
        f"see {home / LOG_FILE}"
    )


def stop_local_server(grace: float = 20.0) -> int | None:
    """Stops the project's background server; returns its pid, None when none was running."""
    pid_file = prefect_home() / PID_FILE
    try:
        pid = int(pid_file.read_text())
    except (OSError, ValueError):
        return None
    if not _alive(pid) or not _is_ours(pid):
        pid_file.unlink(missing_ok=True)
        return None
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _alive(pid):
        os.kill(pid, signal.SIGKILL)
    pid_file.unlink(missing_ok=True)
    return pid


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A child of this process that exited is a zombie until reaped: reap it.
    with contextlib.suppress(ChildProcessError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    return True


def _is_ours(pid: int) -> bool:
    """The pid is still this module's server (not a reused pid), where /proc can tell."""
    cmdline = Path(f"/proc/{pid}/cmdline")
    if not cmdline.exists():
        return True
    return __name__.encode() in cmdline.read_bytes()


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class IdleWatch:
    """ASGI middleware: when the server last had a request, and whether one is under way.
    A websocket counts by its messages (the events a flow run sends), not by being open."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.active = 0
        self.last = time.monotonic()

    def idle_for(self) -> float:
        return 0.0 if self.active else time.monotonic() - self.last

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.app(scope, self._touching(receive), send)
            return
        counted = scope["type"] == "http"
        self.active += counted
        try:
            await self.app(scope, receive, send)
        finally:
            self.active -= counted
            self.last = time.monotonic()

    def _touching(self, receive: Receive) -> Receive:
        async def touched() -> MutableMapping[str, Any]:
            message = await receive()
            self.last = time.monotonic()
            return message

        return touched


def _logging_set_up_once() -> None:
    """Prefect's logging configured once for the server's life. `create_app` sets it up on
    every call, and the server's own API clients call it as its services start (the app is
    cached, the logging is not): each time the whole settings are rendered into the logging
    template, a quarter of a second or more before the server first answers, and the extra
    loggers get their handlers once more."""
    from prefect.logging import configuration

    config = configuration.setup_logging()
    configuration.setup_logging = lambda incremental=None: config


def _settings_hashed_once() -> None:
    """Each Prefect settings object hashed once. `create_app` keys its cache on a hash of the
    whole settings, rendered into environment variables on every call, and each of the
    server's own API clients calls it as the services start, before the server first
    answers; a settings object is replaced, never changed, when a setting is (Prefect's
    `temporary_settings` and `copy_with_update` make new ones)."""
    from prefect.settings.models.root import Settings

    hash_key = Settings.hash_key
    hashed: dict[int, tuple[Settings, str]] = {}

    def once(self: Settings) -> str:
        kept = hashed.get(id(self))
        if kept is None or kept[0] is not self:  # kept[0] holds the object: its id stays its
            kept = hashed[id(self)] = (self, hash_key(self))
        return kept[1]

    Settings.hash_key = once  # type: ignore[method-assign]


def _serve(port: int, idle: float) -> None:
    import prefect
    import prefect.server.database
    import uvicorn
    from prefect.server.api.server import create_app
    from prefect.settings import (
        PREFECT_API_BLOCKS_REGISTER_ON_START,
        PREFECT_API_DATABASE_CONNECTION_URL,
        PREFECT_MEMOIZE_BLOCK_AUTO_REGISTRATION,
        temporary_settings,
    )

    home = prefect_home()
    revisions = Path(prefect.server.database.__file__).parent / "_migrations" / "versions"
    seeded_by = seed_fresh_database(
        PREFECT_API_DATABASE_CONNECTION_URL.value(), revisions / "sqlite"
    )
    # A database seeded from this very Prefect's start has its block types: registering
    # them again, or hashing them to find whether they changed since the last start, would
    # cost 2 to 3 s before the server answers (tests/test_prefect_database.py).
    skip = (
        {
            PREFECT_API_BLOCKS_REGISTER_ON_START: False,
            PREFECT_MEMOIZE_BLOCK_AUTO_REGISTRATION: False,
        }
        if seeded_by == prefect.__version__
        else {}
    )
    # The settings hold in the server's event loop too: asyncio's tasks copy the context.
    with temporary_settings(updates=skip):
        _logging_set_up_once()
        _settings_hashed_once()
        watch = IdleWatch(create_app(final=True))
        server = uvicorn.Server(
            uvicorn.Config(watch, host=SERVER_HOST, port=port, log_level="warning", lifespan="on")
        )

        def stop_when_idle() -> None:
            while not server.started and not server.should_exit:
                time.sleep(0.1)
            watch.last = time.monotonic()  # idle from when it could first be used
            while not server.should_exit:
                time.sleep(min(1.0, idle / 4))
                if _users_alive(home):
                    watch.last = time.monotonic()
                elif watch.idle_for() >= idle:
                    server.should_exit = True

        threading.Thread(target=stop_when_idle, daemon=True).start()
        gc.freeze()  # what its start made lives as long as the server (see __main__)
        gc.enable()
        try:
            server.run()
        finally:
            pid_file = prefect_home() / PID_FILE
            with contextlib.suppress(OSError, ValueError):
                if int(pid_file.read_text()) == os.getpid():
                    pid_file.unlink()


if __name__ == "__main__":
    # Its start (the imports of Prefect's server, FastAPI and SQLAlchemy, the app) makes
    # objects that live as long as the server: the collector passing over them as they are
    # made delayed its first answer; it is back on, with them frozen out, once they are.
    gc.disable()
    _serve(int(sys.argv[1]), float(sys.argv[2]))
