"""Calling a user's own code (a `python:` retriever, a context extractor) so that nothing it
does ends the run: whatever it raises becomes its case's error, naming the line of the
user's code, and a function that never returns, or an async one that blocks its event loop,
can neither hold up the audit's timeouts nor keep the process alive."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import sysconfig
import threading
import time
import traceback
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, NoReturn, TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel

T = TypeVar("T")
# The process's own exit, for the command line's one deliberate use (a stop whose user code
# is stuck): while `exits_guarded` holds, `os._exit` is the guard.
_PROCESS_EXIT = os._exit
# What user code may raise that is its case's error. BaseException would also catch the
# event loop's cancellation, which must go on: so SystemExit and KeyboardInterrupt by name
# (MemoryError and RecursionError are Exceptions).
USER_CODE_ERRORS = (Exception, SystemExit, KeyboardInterrupt)
_OWN_PACKAGE = "recall_audit"
_LIBRARY_FOLDERS = tuple(
    str(Path(sysconfig.get_path(name)).resolve()) for name in ("stdlib", "purelib", "platlib")
)


def raised(error: BaseException) -> str:
    """'raised ValueError: boom (my_rag.py:12, in search)': the exception and the innermost
    line of the user's own code on its way."""
    text = f"raised {type(error).__name__}"
    if str(error):
        text += f": {error}"
    where = user_frame(error.__traceback__)
    return f"{text} ({where})" if where else text


def user_frame(tb: TracebackType | None) -> str | None:
    """The innermost frame of a traceback that is neither ours nor a library's."""
    found = None
    for frame, line in traceback.walk_tb(tb):
        if str(frame.f_globals.get("__name__", "")).partition(".")[0] == _OWN_PACKAGE:
            continue
        path = Path(frame.f_code.co_filename)
        if str(path.resolve()).startswith(_LIBRARY_FOLDERS) or not path.is_file():
            continue
        found = f"{_shown(path)}:{line}, in {frame.f_code.co_name}"
    return found


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


async def in_daemon_thread(function: Callable[[], T]) -> T:
    """`function()` in a daemon thread of its own, awaited without blocking the event loop.

    Unlike a worker thread of anyio's pool, a daemon thread that never returns neither holds
    a slot of the pool nor stops the interpreter from exiting; a caller that gives up on it
    (a timeout, Ctrl-C) leaves it behind. What it raises is raised here.
    """
    token = anyio.lowlevel.current_token()
    done = anyio.Event()
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, function()))
        except BaseException as error:
            outcome.append((False, error))
        # The event loop may be gone (the run ended): then nobody waits for this any more.
        with contextlib.suppress(Exception):
            anyio.from_thread.run_sync(done.set, token=token)

    threading.Thread(target=run, name="recall-audit user code", daemon=True).start()
    await done.wait()
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value


class UserLoop:
    """An event loop of the user's own, in a daemon thread, that their coroutines run on.

    On the audit's own loop, a coroutine that blocks (`time.sleep` inside `async def`, a
    sync client) would stop every timeout and every other case with it. Here it stops only
    this loop: the audit awaits each call's result from its own loop, where the retrieval's
    timeout still fires. One loop serves every call, so a client or connection pool the
    user's module keeps works from call to call, as on any single event loop.
    """

    # How often the loop notes it is running, and how long without a note means it is
    # blocked. A call given up on (its timeout) while the loop is blocked leaves the loop
    # behind, with the calls queued on it, and the next call gets a fresh one; the blocked
    # thread is a daemon, so it never holds up the process's exit. A loop that is only
    # slow (CPU work inside `async def`) is kept: nothing gave up on it.
    BEAT_SECONDS = 0.05
    STUCK_SECONDS = 0.25

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._beat = 0.0

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """`coroutine`'s result, run on this loop (carrying the caller's context)."""
        loop = self._running()
        future = asyncio.run_coroutine_threadsafe(coroutine, loop)
        try:
            return await asyncio.wrap_future(future)
        except BaseException:
            if self._loop is loop and self.stuck():
                self.close()  # left to its thread, to stop if it ever comes back
            raise

    def stuck(self) -> bool:
        return time.monotonic() - self._beat > self.STUCK_SECONDS

    def close(self) -> None:
        """Stops the loop once its running callbacks return (a blocked one never does)."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # closed already
                self._loop.call_soon_threadsafe(self._loop.stop)
            self._loop = None

    def _running(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            loop = asyncio.new_event_loop()
            self._beat = time.monotonic()
            thread = threading.Thread(
                target=self._serve, args=(loop,), name="recall-audit user loop", daemon=True
            )
            thread.start()
            self._loop = loop
        return self._loop

    def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)

        def beat() -> None:
            if loop is self._loop:
                self._beat = time.monotonic()
            loop.call_later(self.BEAT_SECONDS, beat)

        loop.call_soon(beat)
        try:
            loop.run_forever()
        finally:
            loop.close()


def process_exit(code: int) -> NoReturn:
    """Ends the process at once with `code`, guard or no guard."""
    _PROCESS_EXIT(code)


@contextlib.contextmanager
def exits_guarded() -> Iterator[None]:
    """While the block runs, `os._exit` called in this process (a retriever, an extractor, a
    module being imported) raises SystemExit where it was called, which becomes that case's
    or that module's error: it would otherwise end the command at once with the code it was
    given, 0 with no output looking like a passed audit. A child process the user's code
    forked exits as it asks."""
    pid = os.getpid()

    def guard(code: int) -> NoReturn:
        if os.getpid() != pid:
            _PROCESS_EXIT(code)
        raise SystemExit(f"os._exit({code}) was called; user code may not end the audit")

    os._exit = guard
    try:
        yield
    finally:
        os._exit = _PROCESS_EXIT


@contextlib.contextmanager
def prints_to_stderr() -> Iterator[None]:
    """While the block runs (an audit), what user code prints goes to stderr: stdout is the
    command's own (`--json`)."""
    with contextlib.redirect_stdout(sys.stderr):
        yield
