"""Runs the async scorer from synchronous code, also inside notebooks with a running loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")


class BlockingRunner:
    """One event loop in a daemon thread, kept for the owner's lifetime.

    Keeping a single loop matters: HTTP judges pool connections, and a pool belongs to the
    loop that opened it, so a fresh loop per call would strand them. The thread is a daemon
    so that a forgotten scorer never keeps the interpreter from exiting.
    """

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def call(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(
                target=self._loop.run_forever, name="recall-audit-scorer", daemon=True
            )
            self._thread.start()
        return asyncio.run_coroutine_threadsafe(fn(*args), self._loop).result()

    def close(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()
            self._loop = self._thread = None

    def __del__(self) -> None:
        self.close()
