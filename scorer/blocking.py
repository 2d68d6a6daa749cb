"""Runs the async scorer from synchronous code, also inside notebooks with a running loop."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Self, TypeVar

T = TypeVar("T")

# How long closing waits for the owner's cleanup (e.g. an HTTP pool) before stopping anyway.
CLEANUP_SECONDS = 5.0


def _serve(loop: asyncio.AbstractEventLoop) -> None:
    """The loop's thread: runs the loop until it is stopped, then closes it, so the loop is
    never closed from another thread while it still runs."""
    try:
        loop.run_forever()
    finally:
        loop.close()


def _stop(
    loop: asyncio.AbstractEventLoop,
    thread: threading.Thread,
    cleanup: Callable[[], Awaitable[None]] | None,
) -> None:
    """Runs the cleanup on the loop, then stops the loop and waits for its thread to end."""
    if threading.current_thread() is thread:
        # Collected on the loop's own thread, which cannot wait for itself: just stop.
        loop.stop()
        return
    if cleanup is not None:
        # A pool that fails to shut down must not keep the loop, and the interpreter, running.
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(cleanup(), loop).result(CLEANUP_SECONDS)
    loop.call_soon_threadsafe(loop.stop)
    thread.join()


def closer_of(owned: object) -> Callable[[], Awaitable[None]] | None:
    """The `aclose` of something holding connections (a model judge), if it has one."""
    return getattr(owned, "aclose", None)


class BlockingRunner:
    """One event loop in a daemon thread, kept until `close()`.

    Keeping a single loop matters: HTTP judges pool connections, and a pool belongs to the
    loop that opened it, so a fresh loop per call would strand them. The thread is a daemon
    so that a forgotten scorer never keeps the interpreter from exiting; a finalizer stops
    the loop when the runner is closed, garbage-collected or at interpreter exit (atexit
    runs while daemon threads still do; later, closing the loop would fail on a running one).
    `cleanup`, if given, runs on the loop first: that is where the owner's pools can close.
    """

    def __init__(self, cleanup: Callable[[], Awaitable[None]] | None = None) -> None:
        self._cleanup = cleanup
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopper: weakref.finalize | None = None
        self._closed = False

    def call(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        if self._closed:
            # The cleanup may have closed what calls need (a judge's HTTP pool).
            raise RuntimeError("this scorer is closed; create a new one")
        if self._loop is None:
            loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=_serve, args=(loop,), name="recall-audit-scorer", daemon=True
            )
            thread.start()
            # The finalizer holds the loop, the thread and the cleanup, never the runner.
            self._stopper = weakref.finalize(self, _stop, loop, thread, self._cleanup)
            self._loop = loop
        return asyncio.run_coroutine_threadsafe(fn(*args), self._loop).result()

    def close(self) -> None:
        """Runs the cleanup, stops the loop and its thread; later calls raise. Idempotent."""
        if self._stopper is not None:
            self._stopper()
        self._loop = self._stopper = None
        self._closed = True


class ClosesItsLoop:
    """For the sync APIs: `close()`, or leaving a `with` block, stops the loop that their
    blocking calls run on (and closes a judge they made from a model string)."""

    _runner: BlockingRunner

    def close(self) -> None:
        self._runner.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
