"""What a retry loop costs a request that needs none: microseconds per call of tenacity's
loop around an immediate answer, and of `with_retries` (recall_audit/web.py, which enters that
loop only after a failed try), against a bare call.

    .venv/bin/python bench/retry_overhead.py
"""

from __future__ import annotations

import time

import anyio
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt

from recall_audit.web import with_retries

CALLS = 20_000


async def answer() -> int:
    return 1


async def in_tenacity() -> int:
    retrying = AsyncRetrying(
        stop=stop_after_attempt(3), retry=retry_if_exception_type(OSError), reraise=True
    )
    async for attempt in retrying:
        with attempt:
            return await answer()
    raise AssertionError("unreachable")


async def ours() -> int:
    return await with_retries(lambda _number: answer(), 3, lambda _failure, _number: 0.0)


async def per_call(fn) -> float:
    start = time.perf_counter()
    for _ in range(CALLS):
        await fn()
    return (time.perf_counter() - start) / CALLS * 1e6


async def main() -> None:
    bare, looped, first = [await per_call(fn) for fn in (answer, in_tenacity, ours)]
    print(f"bare call {bare:.1f} µs; in tenacity's loop +{looped - bare:.1f} µs; "
          f"with_retries +{first - bare:.1f} µs")  # fmt: skip


if __name__ == "__main__":
    anyio.run(main)
