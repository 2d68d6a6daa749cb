"""Runs the async scorer from synchronous code, also inside notebooks with a running loop."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from anyio.from_thread import BlockingPortal, start_blocking_portal

T = TypeVar("T")


class BlockingRunner:
    """One event loop in a helper thread, kept for the owner's lifetime.

    Keeping a single loop matters: HTTP judges pool connections, and a pool belongs to the
    loop that opened it, so a fresh loop per call would strand them.
    """

    def __init__(self) -> None:
        self._manager: AbstractContextManager[BlockingPortal] | None = None
        self._portal: BlockingPortal | None = None

    def call(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        if self._portal is None:
            self._manager = start_blocking_portal()
            self._portal = self._manager.__enter__()
        return self._portal.call(fn, *args)

    def close(self) -> None:
        if self._manager is not None:
            self._manager.__exit__(None, None, None)
            self._manager = self._portal = None

    def __del__(self) -> None:
        self.close()
