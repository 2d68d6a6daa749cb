"""A capacity limiter that lets its waiters in by rank, lowest first, instead of by arrival.

The cases being judged are ranked by batch first (recall_audit/tasks/attribute.py says the rest). Served
in arrival order, a case that waited for its ground truth's new claims (recall_audit/tasks/new_claims.py)
joined the line behind every case of the next batch, so the two batches in flight finished
together and the judge sat idle while both next ones were read and prepared. By rank, the
oldest batch finishes first, and the next one is prepared while the other still keeps the
judge busy.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio

Rank = tuple[int, ...]


class _Waiter:
    def __init__(self, rank: Rank, order: int) -> None:
        self.key = (rank, order)
        self.admitted = anyio.Event()
        self.gone = False

    def __lt__(self, other: _Waiter) -> bool:
        return self.key < other.key


class RankedLimiter:
    """At most `total` holders at once; a freed place goes to the lowest-ranked waiter (the
    first to come among equals)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self._held = 0
        self._waiting: list[_Waiter] = []
        self._arrivals = itertools.count()

    @asynccontextmanager
    async def place(self, rank: Rank) -> AsyncIterator[None]:
        if self._held < self.total and not self._waiting:
            self._held += 1
        else:
            waiter = _Waiter(rank, next(self._arrivals))
            heapq.heappush(self._waiting, waiter)
            try:
                await waiter.admitted.wait()
            except BaseException:
                waiter.gone = True
                if waiter.admitted.is_set():
                    self._release()  # admitted, then cancelled before it could go in
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        """The place goes to the next waiter still waiting, else back to the pool."""
        while self._waiting:
            waiter = heapq.heappop(self._waiting)
            if not waiter.gone:
                waiter.admitted.set()
                return
        self._held -= 1
