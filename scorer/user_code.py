"""Calling a user's own code (a `python:` retriever, a context extractor) so that nothing it
does ends the run: whatever it raises becomes its case's error, naming the line of the
user's code, and a plain function that never returns cannot keep the process alive."""

from __future__ import annotations

import contextlib
import sysconfig
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel

T = TypeVar("T")
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
