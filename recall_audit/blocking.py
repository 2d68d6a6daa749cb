"""Runs the async scorer from synchronous code, also inside notebooks with a running loop:
anyio's blocking portal, one per scorer, kept until `close()`."""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, Self, TypeVar

from anyio.from_thread import BlockingPortal, start_blocking_portal

T = TypeVar("T")

# How long closing waits for the owner's cleanup (e.g. an HTTP pool) before stopping anyway.
CLEANUP_SECONDS = 5.0
THREAD_NAME = "recall-audit-scorer"


def _stop(
    manager: AbstractContextManager[BlockingPortal],
    portal: BlockingPortal,
    thread: threading.Thread,
    cleanup: Callable[[], Awaitable[None]] | None,
) -> None:
    """Runs the cleanup in the portal, then stops the portal and waits for its thread."""
    if threading.current_thread() is thread:
        # Collected on the portal's own thread, which cannot wait for itself: the thread is
        # a daemon and ends with the interpreter.
        return
    if cleanup is not None:
        # A pool that fails to shut down must not keep the portal, and the interpreter, running.
        with contextlib.suppress(Exception):
            portal.start_task_soon(cleanup).result(CLEANUP_SECONDS)
    with contextlib.suppress(RuntimeError):
        portal.call(portal.stop, True)
    manager.__exit__(None, None, None)


def closer_of(owned: object) -> Callable[[], Awaitable[None]] | None:
    """The `aclose` of something holding connections (a model judge), if it has one."""
    return getattr(owned, "aclose", None)


class BlockingRunner:
    """One blocking portal (an event loop in a daemon thread), started on the first call and
    kept until `close()`.

    Keeping a single loop matters: HTTP judges pool connections, and a pool belongs to the
    loop that opened it, so a fresh loop per call would strand them. A finalizer stops the
    portal when the runner is closed, garbage-collected or at interpreter exit (atexit runs
    while daemon threads still do). `cleanup`, if given, runs in the portal first: that is
    where the owner's pools can close.
    """

    def __init__(self, cleanup: Callable[[], Awaitable[None]] | None = None) -> None:
        self._cleanup = cleanup
        self._portal: BlockingPortal | None = None
        self._stopper: weakref.finalize | None = None
        self._closed = False

    def call(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        if self._closed:
            # The cleanup may have closed what calls need (a judge's HTTP pool).
            raise RuntimeError("this scorer is closed; create a new one")
        if self._portal is None:
            manager = start_blocking_portal(name=THREAD_NAME)
            portal = manager.__enter__()
            thread = portal.call(threading.current_thread)
            # The finalizer holds the portal, its thread and the cleanup, never the runner.
            self._stopper = weakref.finalize(self, _stop, manager, portal, thread, self._cleanup)
            self._portal = portal
        return self._portal.call(fn, *args)

    @property
    def started(self) -> bool:
        return self._portal is not None

    def close(self) -> None:
        """Runs the cleanup, stops the portal and its thread; later calls raise. Idempotent."""
        if self._stopper is not None:
            self._stopper()
        self._portal = self._stopper = None
        self._closed = True


# The portal of each judge given to the sync APIs (rather than made from a model string): a
# judge's connection pool belongs to the loop that opened it, so every metric and scorer
# sharing one judge must share its loop too. Kept while the judge lives.
_HOSTED: weakref.WeakKeyDictionary[object, BlockingRunner] = weakref.WeakKeyDictionary()


def hosted_runner(judge: object) -> BlockingRunner:
    """The one portal the sync APIs use for this judge; never closed by them."""
    try:
        runner = _HOSTED.get(judge)
        if runner is None:
            runner = _HOSTED[judge] = BlockingRunner()
    except TypeError:  # neither hashable nor weakly referenceable: a portal of its own
        runner = BlockingRunner()
    return runner


def release(judge: object) -> None:
    """Closes a hosted judge (its pools) in its portal, then stops the portal."""
    runner = _HOSTED.pop(judge, None)
    close = closer_of(judge)
    if runner is None:
        return
    if close is not None and runner.started:
        runner.call(close)
    runner.close()


class ClosesItsLoop:
    """For the sync APIs: `close()`, or leaving a `with` block, stops the portal that their
    blocking calls run in and closes a judge they made from a model string; a judge given to
    them is the caller's, and its portal stays for whoever else uses it."""

    _runner: BlockingRunner
    _owns_runner: bool
    _closed: bool

    def _use_portal(self, judge: object, *, owns_judge: bool) -> None:
        self._closed = False
        self._owns_runner = owns_judge
        self._runner = BlockingRunner(closer_of(judge)) if owns_judge else hosted_runner(judge)

    def blocking(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """`fn(*args)` awaited in this object's portal, where its judge's pools live."""
        if self._closed:
            raise RuntimeError("this scorer is closed; create a new one")
        return self._runner.call(fn, *args)

    def close(self) -> None:
        self._closed = True
        if self._owns_runner:
            self._runner.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
