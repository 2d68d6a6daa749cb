"""Runs one coroutine per case of a batch, at most `limit` at a time, results in input order."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import anyio

T = TypeVar("T")
R = TypeVar("R")


async def map_bounded(fn: Callable[[T], Awaitable[R]], items: Sequence[T], limit: int) -> list[R]:
    """`limit` workers take the items in order: a task spawned per item cost more than a quick
    stage's own work (retrieving precomputed chunks, say)."""
    results: list[R | None] = [None] * len(items)
    queue = iter(enumerate(items))

    async def worker() -> None:
        for index, item in queue:
            results[index] = await fn(item)

    async with anyio.create_task_group() as group:
        for _ in range(min(limit, len(items))):
            group.start_soon(worker)
    return results  # type: ignore[return-value]
