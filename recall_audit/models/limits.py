"""What one model endpoint (base URL + model) allows, kept by the client that talks to it.

`EndpointLimiter` paces requests and tokens per minute (aiolimiter's leaky buckets) and keeps
the number of requests in flight adaptive: it halves when the server answers 429 (or a
request times out) and grows back by one each time a window's worth of requests succeeds
(AIMD, as TCP does), never beyond where latency says the server starts queueing
(recall_audit/models/latency.py). A 429 also pauses every request to the endpoint for the server's
Retry-After, so the requests waiting behind it do not all try at once and get rejected again.

A request's timeout is a verdict on the endpoint, not on the request (`patience`,
recall_audit/models/patience.py): while the endpoint answers anyone, or its health check, a request
without its answer is waiting in the server's queue, and sending it again would only put it
at the back of a longer one.

A late request may get a copy (`hedging`, recall_audit/models/hedge.py), in a place in flight that
nobody waits for: the copy counts in flight like any request, and none goes to a server whose
latency shows a queue, nor to an endpoint with a rate budget.

Each model client owns one limiter; two clients of the same endpoint may share one by passing
it in. Nothing here is module state, and nothing here knows of Prefect: a cross-process limit
wraps `EndpointLimiter.request` in its own.
"""

from __future__ import annotations

import asyncio
import math
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import anyio
from aiolimiter import AsyncLimiter
from pydantic import BaseModel, ConfigDict, Field

from recall_audit.errors import ConfigurationError, ModelError
from recall_audit.models.hedge import Hedging
from recall_audit.models.latency import QueueProbe, Sample
from recall_audit.models.patience import Patience

RPM_ENV = "RECALL_AUDIT_RPM"
TPM_ENV = "RECALL_AUDIT_TPM"
# Providers tokenise at roughly four characters per token for English and JSON.
CHARS_PER_TOKEN = 4


class RateLimits(BaseModel):
    """Budgets per endpoint; None means the provider sets no such limit (or we do not know it)."""

    model_config = ConfigDict(frozen=True)

    rpm: int | None = Field(default=None, ge=1, description="Requests per minute.")
    tpm: int | None = Field(default=None, ge=1, description="Tokens per minute, in and out.")
    # The span the budgets cover. Providers count per minute; tests shrink it to stay fast.
    window: float = Field(default=60.0, gt=0)

    def or_environment(self) -> RateLimits:
        """Unset budgets taken from RECALL_AUDIT_RPM / RECALL_AUDIT_TPM, when those are set."""
        return self.model_copy(
            update={
                "rpm": self.rpm if self.rpm is not None else _env_budget(RPM_ENV),
                "tpm": self.tpm if self.tpm is not None else _env_budget(TPM_ENV),
            }
        )


def _env_budget(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ConfigurationError(f"{name}={value!r}: expected a whole number of at least 1")
    return int(value)


def request_tokens(body: dict[str, Any]) -> int:
    """What a request may cost against a token budget: its text plus the most it may answer.

    The text is every string in the body (messages, system prompt, schema); OpenAI counts
    max_tokens against the budget when the request arrives, and so do we.
    """
    return math.ceil(_text_length(body) / CHARS_PER_TOKEN) + int(body.get("max_tokens") or 0)


def _text_length(value: object) -> int:
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return sum(_text_length(item) for item in value.values())
    if isinstance(value, list):
        return sum(_text_length(item) for item in value)
    return 0


class _Budget:
    """A leaky bucket that never lets more than `limit` units into any span of `window`.

    A bucket admits at most burst + rate x span in any span, so the steady rate is
    (limit - burst) / window. The burst is a sixtieth of the limit (one second's worth for a
    per-minute budget, as OpenAI enforces its minute limits in smaller slices); a request
    larger than the burst is admitted piece by piece, at the steady rate, one request at a
    time, so requests leave one after another instead of all finishing together.
    """

    def __init__(self, limit: int, window: float) -> None:
        self._burst = max(1, limit // 60)
        steady = max(limit - self._burst, self._burst)
        self._bucket = AsyncLimiter(self._burst, window * self._burst / steady)
        self._turn = anyio.Lock()

    async def spend(self, amount: int) -> None:
        async with self._turn:
            while amount > 0:
                piece = min(amount, self._burst)
                await self._bucket.acquire(piece)
                amount -= piece


@dataclass(frozen=True)
class Slot:
    """A request's place in flight: when it was sent, and under which limit; a hedged copy's
    place is held on behalf of its `holder`."""

    started: float
    limit: int
    holder: object | None = None


class EndpointLimiter:
    """Paces one endpoint's requests: rpm and tpm budgets, adaptive concurrency, 429 pauses."""

    def __init__(self, limits: RateLimits, max_in_flight: int, hedge: bool = True) -> None:
        self.limits = limits
        self.hedge = hedge
        self.max_in_flight = max_in_flight
        self._requests = None if limits.rpm is None else _Budget(limits.rpm, limits.window)
        self._tokens = None if limits.tpm is None else _Budget(limits.tpm, limits.window)
        self._in_flight = anyio.CapacityLimiter(max_in_flight)
        self._queue = QueueProbe(max_in_flight)
        self._resume_at = 0.0
        self._last_cut = -math.inf
        self._successes = 0
        # How long the endpoint's requests wait for their answers.
        self.patience = Patience(max_in_flight)
        # When a late request gets a copy (recall_audit/models/hedge.py).
        self.hedging = Hedging()
        # Set when a place in flight is given back, for the late requests waiting for one.
        self._freed: asyncio.Future[None] | None = None

    def __repr__(self) -> str:
        return f"EndpointLimiter({self.limits!r}, in_flight={self.in_flight_limit})"

    @property
    def in_flight_limit(self) -> int:
        """How many requests may be in flight now (between 1 and max_in_flight)."""
        return int(self._in_flight.total_tokens)

    @asynccontextmanager
    async def request(self, tokens: int = 0) -> AsyncIterator[Slot]:
        """Holds one request's place; yields its Slot, for `succeeded` and `throttled`.

        The place in flight is taken first and the budgets spent last, right before sending,
        so requests reach the server at the pace the budgets set, not in bunches. A request
        of more tokens than the whole budget is refused at once: no window would admit it
        (`--tpm 1` waited about a minute per token, an audit for days).
        """
        if self.limits.tpm is not None and tokens > self.limits.tpm:
            raise ModelError(
                f"a request of about {tokens:,} tokens is more than the endpoint's whole budget "
                f"of {self.limits.tpm:,} tokens per minute (tpm): it could never be sent; "
                "give the tpm the endpoint allows, or none"
            )
        try:
            async with self._in_flight:
                await self._pause()
                if self._requests is not None:
                    await self._requests.spend(1)
                if self._tokens is not None and tokens:
                    await self._tokens.spend(tokens)
                await self._pause()
                yield Slot(anyio.current_time(), self.in_flight_limit)
        finally:
            # Once the place is given back (to the next request waiting, if any).
            self._pulse()

    def hedge_after(self) -> float | None:
        """Seconds after it was sent at which a request is late and may get a copy; None when
        no copy may go: a rate budget is set, a 429 or a timeout cut the limit, the server's
        latency showed a queue (or was not measured at the full limit yet), or copies are off."""
        if (
            not self.hedge
            or self._requests is not None
            or self._tokens is not None
            or self.in_flight_limit < self.max_in_flight
            or not self._queue.room
        ):
            return None
        return self.hedging.late

    def spare(self) -> Slot | None:
        """A place in flight for a late request's copy: only one free now (nobody waiting
        for it), while the server has room and the budget of copies allows one. Given back
        with `give_back`."""
        if self.hedge_after() is None or not self.hedging.affordable():
            return None
        if self._resume_at > anyio.current_time():
            return None
        holder = object()
        try:
            self._in_flight.acquire_on_behalf_of_nowait(holder)
        except anyio.WouldBlock:
            return None
        self.hedging.sent += 1
        return Slot(anyio.current_time(), self.in_flight_limit, holder)

    def give_back(self, slot: Slot) -> None:
        """Frees a copy's place (from `spare`)."""
        self._in_flight.release_on_behalf_of(slot.holder)
        self._pulse()

    def freed(self) -> asyncio.Future[None]:
        """Done when a place in flight is next given back."""
        loop = asyncio.get_running_loop()
        if self._freed is None or self._freed.done() or self._freed.get_loop() is not loop:
            self._freed = loop.create_future()
        return self._freed

    def _pulse(self) -> None:
        if self._freed is not None and not self._freed.done():
            self._freed.set_result(None)

    def succeeded(self, slot: Slot | None = None) -> None:
        """Additive increase: one more request in flight per window's worth of successes, up
        to where latency says the server queues; `slot`'s latency tells the probe and the
        hedging."""
        if slot is not None:
            sample = Sample(anyio.current_time() - slot.started, slot.limit)
            self.hedging.answered(sample.latency)
            decided = self._queue.observe(sample, self.in_flight_limit)
            if decided is not None:
                self._set_limit(decided)
                return
        if self.in_flight_limit >= min(self.max_in_flight, self._queue.ceiling):
            return
        self._successes += 1
        if self._successes >= self.in_flight_limit:
            self._set_limit(self.in_flight_limit + 1)

    def throttled(self, slot: Slot | float, wait: float) -> None:
        """The server said 429 (or did not answer in time): pause every request for `wait`
        seconds and halve the requests in flight.

        Requests sent before the last cut were answered for the old window, so their 429s do
        not cut it again (one cut per congestion event, as in TCP).
        """
        started = slot.started if isinstance(slot, Slot) else slot
        now = anyio.current_time()
        self._resume_at = max(self._resume_at, now + wait)
        if started >= self._last_cut:
            self._set_limit(max(1, self.in_flight_limit // 2))
            self._last_cut = now

    def _set_limit(self, limit: int) -> None:
        self._in_flight.total_tokens = limit
        self._successes = 0

    async def _pause(self) -> None:
        while (wait := self._resume_at - anyio.current_time()) > 0:
            await anyio.sleep(wait)
