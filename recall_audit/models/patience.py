"""How long a request waits for its answer: as long as its endpoint shows signs of life.

A local model with one slot (llama.cpp's server) answers one request at a time while the
others wait in its queue, and one long answer keeps every request behind it waiting without
a word. Timing each request out on its own clock gives up requests the server is working
through; worse, a server like llama-cpp-python's finishes the abandoned answer anyway, and the
retry, as slow as the first try (the same prompt at temperature 0), times out again. So a
timeout here is a verdict on the endpoint, not on one request:

- **silence**: a request is given up only when the endpoint has shown no sign of life for the
  allowance, counted from the later of the request's start and the last sign: no answer to
  anyone, and then no answer to a health check either (`Probe`: GET /health on its host, any
  HTTP status, as every server answers one at once while its model works). One probe at a
  time for the whole endpoint; a server that answers it is working, so every waiting request
  gets another allowance from then;
- **the allowance** is the configured timeout, or ALLOWANCE_SCALE times the 95th percentile
  of the silences that ended in an answer when that is longer: a server that answers slowly
  but steadily is not probed at every answer, and never timed out;
- **a ceiling** per request, `max_in_flight` allowances after it was sent, for a server that
  answers its health check but never this request (a request lost on the way).

The answer is awaited as its own asyncio task (aiohttp runs on asyncio), so a probe never
interrupts it: an answer arriving during a probe is taken at once.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import anyio

T = TypeVar("T")
# Whether the endpoint's server answers at all, within the given seconds.
Probe = Callable[[float], Awaitable[bool]]

ALLOWANCE_SCALE = 3.0
# The silences the percentile is taken over: the most recent ones.
SILENCES = 64
# A health check takes at most this long (or the allowance, when shorter).
PROBE_TIMEOUT = 10.0


class Patience:
    """One endpoint's requests waiting for their answers; `wait` awaits one of them."""

    def __init__(self, max_in_flight: int) -> None:
        self.max_in_flight = max_in_flight
        self._silences: deque[float] = deque(maxlen=SILENCES)
        self._longest_usual = 0.0
        self._last_answer = -float("inf")
        self._last_sign = -float("inf")
        self._probe: asyncio.Task[bool] | None = None

    def allowance(self, timeout: float) -> float:
        """How long the endpoint may be silent: `timeout`, or more for a slow server."""
        return max(timeout, ALLOWANCE_SCALE * self._longest_usual)

    async def wait(self, answer: Coroutine[Any, Any, T], timeout: float, probe: Probe) -> T:
        """`answer`'s result; TimeoutError when the endpoint fell silent (a probe found no
        server) or the request reached its ceiling. Any answer is a sign of life."""
        started = anyio.current_time()
        task = asyncio.ensure_future(answer)
        try:
            while True:
                allowance = self.allowance(timeout)
                ceiling = started + allowance * self.max_in_flight
                silent_at = max(started, self._last_sign) + allowance
                now = anyio.current_time()
                if now >= ceiling:
                    raise TimeoutError
                if now < silent_at:
                    await asyncio.wait({task}, timeout=min(silent_at, ceiling) - now)
                elif not await self._alive(task, min(allowance, PROBE_TIMEOUT), probe):
                    raise TimeoutError
                if task.done():
                    if task.exception() is None:
                        self._answered(started)
                    return task.result()
        finally:
            if not task.done():
                task.cancel()
                # Whatever it ends with now is nobody's to read.
                task.add_done_callback(unread)

    def _answered(self, started: float) -> None:
        now = anyio.current_time()
        # How long the endpoint was silent before this answer, as this request saw it.
        self._silences.append(now - max(started, self._last_answer))
        self._last_answer = self._last_sign = now
        ordered = sorted(self._silences)
        self._longest_usual = ordered[int(0.95 * (len(ordered) - 1))]

    async def _alive(self, task: asyncio.Future[Any], seconds: float, probe: Probe) -> bool:
        """False when the server answered neither this request nor a health check; one check
        runs at a time, shared by every request that fell silent meanwhile."""
        running = self._probe
        if (
            running is None
            or running.done()
            or running.get_loop() is not asyncio.get_running_loop()
        ):
            self._probe = asyncio.ensure_future(self._check(probe, seconds))
        checked = self._probe
        await asyncio.wait({task, checked}, return_when=asyncio.FIRST_COMPLETED)
        return task.done() or checked.result()

    async def _check(self, probe: Probe, seconds: float) -> bool:
        alive = await probe(seconds)
        if alive:
            self._last_sign = max(self._last_sign, anyio.current_time())
        return alive


def unread(task: asyncio.Future[Any]) -> None:
    """A done callback for a task nobody awaits: its exception is retrieved, never logged."""
    if not task.cancelled():
        task.exception()
