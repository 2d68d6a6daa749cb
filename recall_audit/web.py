"""What every HTTP client here shares (model endpoints and retrievers under test): which
answers are worth a retry, how long to wait, the server's Retry-After, the retry loop
itself (tenacity's). Model endpoints use aiohttp (scorer.models.http), retrievers httpx
(scorer.retrievers.http): this module imports neither."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TypeVar

import anyio
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt

T = TypeVar("T")

# Throttled, timed out, conflicting or failing servers: worth another try. Other 4xx are not.
RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


def backoff(attempt: int, base: float, cap: float, rng: random.Random) -> float:
    """Exponential backoff with jitter, so many clients do not retry in step."""
    ceiling = min(cap, base * 2**attempt)
    return rng.uniform(ceiling / 2, ceiling)


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds the server asked us to wait (Retry-After in seconds or as an HTTP date), from
    an answer's case-insensitive headers."""
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


class Retryable(Exception):
    """One attempt failed in a way worth another: `wait` is what the answer asked for (its
    Retry-After, or 0 when a limiter already waits), None for the client's own backoff.

    If it was the last attempt, its message reads `head`, " after N attempts" when
    `counted`, then `tail`.
    """

    def __init__(
        self,
        head: str,
        tail: str = "",
        *,
        status: int | None = None,
        wait: float | None = None,
        counted: bool = True,
    ) -> None:
        super().__init__(head)
        self.head, self.tail, self.status, self.wait, self.counted = (
            head,
            tail,
            status,
            wait,
            counted,
        )

    def message(self, attempts: int) -> str:
        return self.head + (f" after {attempts} attempts" if self.counted else "") + self.tail


# The wait before the next attempt, from the failure and the 0-based number of the one that
# failed.
WaitFor = Callable[[Retryable, int], float]
# One attempt, given its 0-based number.
Attempt = Callable[[int], Awaitable[T]]


async def with_retries(attempt: Attempt[T], attempts: int, wait_for: WaitFor) -> T:
    """`attempt(n)` until it returns, at most `attempts` times, retrying what raises
    `Retryable` after `wait_for` seconds (on whatever loop runs it); the last failure is
    re-raised as it is.

    The first try runs on its own: tenacity's loop costs tens of microseconds a call
    (bench/retry_overhead.py), which only a request that already failed then pays.
    """
    try:
        return await attempt(0)
    except Retryable as failure:
        if attempts <= 1:
            raise
        await anyio.sleep(wait_for(failure, 0))

    def wait(state: RetryCallState) -> float:
        failure = state.outcome.exception() if state.outcome else None
        assert isinstance(failure, Retryable)  # the only exception `retry` lets through
        return wait_for(failure, state.attempt_number)

    retrying = AsyncRetrying(
        stop=stop_after_attempt(attempts - 1),
        retry=retry_if_exception_type(Retryable),
        wait=wait,
        sleep=anyio.sleep,
        reraise=True,
    )
    async for each in retrying:
        with each:
            return await attempt(each.retry_state.attempt_number)
    raise AssertionError("unreachable: the last attempt returns or raises")
