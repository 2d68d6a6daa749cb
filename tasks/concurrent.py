"""Runs one coroutine per case of a batch, at most `limit` at a time, results in input order."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import anyio

T = TypeVar("T")
R = TypeVar("R")


async def map_bounded(fn: Callable[[T], Awaitable[R]], items: Sequence[T], limit: int) -> list[R]:
    results: list[R | None] = [None] * len(items)
    limiter = anyio.CapacityLimiter(limit)

    async def one(index: int, item: T) -> None:
        async with limiter:
            results[index] = await fn(item)

    async with anyio.create_task_group() as group:
        for index, item in enumerate(items):
            group.start_soon(one, index, item)
    return results  # type: ignore[return-value]
