"""Whether an endpoint queues our requests, told from latency: where the in-flight limit holds.

A server with fewer slots than the requests sent to it (a local llama.cpp has one) queues
the rest: each request then waits for those ahead of it, so latency grows with the requests
in flight while answers come no faster. Latency alone cannot tell a queue from a slow model
(by Little's law both show `in flight / throughput`); how latency answers a change of the
limit can. So, as adaptive concurrency limiters do (Envoy's gradient filter measures its
latency again at a lower limit), a probe halves the limit for one window of requests and
compares the median latency of the two windows:

- latency fell by a third or more (QUEUEING): the server may be queueing. One window at the
  limit again confirms it: when its latency is nearer the limit's first window than the
  halved one's (by ratio), the limit is what made the difference, and the server was
  queueing (answers came as fast with half as many in flight):
  the limit stays halved and is probed again lower, until halving no longer improves latency
  (or one request is in flight): there it holds. When latency did not rise again, what fell
  was the moment's latency, not the limit's (a busy client, importing while its first answers
  arrive, reads late answers as a queue): the limit stays where it was;
- otherwise the server was serving them side by side: the limit goes back up.

A queueing server answers as fast at either limit, so the confirming window costs it nothing;
without it, one slow window at a busy moment held a server with room for all at half its
limit for the rest of the run.

A probe follows the first window when its median latency is BURST_GAP times the first
burst's or more (the burst's requests found the server's queue empty, so a queue makes the
requests after them wait longer, while a server with room for them all answers both alike
and pays no window at half the limit), and every window whose median latency grew RISE-fold
since the last decision.
A limit held below the maximum is let go when latency falls RISE-fold (the queue emptied).
Medians, not means or minima: a model's own latency varies with every prompt, and a median
of a window is what that noise hardly moves.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

QUEUEING = 1.5
RISE = 2.0
# How much slower than the first burst the first window must be for a probe: a queue makes it
# about twice as slow; a server with room for all, as slow give or take its own spread.
BURST_GAP = 1.3
# Latencies a window holds at the least: fewer, and a model's own spread of latencies would
# read as a queue too often.
WINDOW = 32


@dataclass(frozen=True)
class Sample:
    """One answered request: its latency and the limit when it was sent."""

    latency: float
    limit: int


class QueueProbe:
    """Decides the in-flight limit from latency; `observe` returns a new limit, or None."""

    def __init__(self, max_in_flight: int) -> None:
        self.max_in_flight = max_in_flight
        # The most in flight latency allows: the maximum until a queue is found (and the
        # halved limit while a probe measures it).
        self.ceiling = max_in_flight
        self._window: list[Sample] = []
        self._window_limit = max_in_flight
        # The first burst is left out of the windows: its requests found the server's queue
        # empty, and would hide the queue the requests after them meet. Its latencies are
        # what the first window is compared with.
        self._burst = max_in_flight
        self._burst_latencies: list[float] = []
        # The median latency at the last decision (None before the first window).
        self._reference: float | None = None
        # While probing: the limit before it was halved, and its window's median latency.
        self._halved_from: tuple[int, float] | None = None
        # While confirming (back at the limit a probe halved): the halved limit, the median
        # latency there, and the median latency at the limit before it was halved.
        self._confirming: tuple[int, float, float] | None = None

    @property
    def room(self) -> bool:
        """Whether latency was measured at the full limit and showed no queue."""
        return (
            self._reference is not None
            and self._halved_from is None
            and self._confirming is None
            and self.ceiling == self.max_in_flight
        )

    def observe(self, sample: Sample, limit: int) -> int | None:
        """Takes one answered request, sent at `sample.limit`, while the limit is `limit`."""
        if limit != self._window_limit:
            # The limit changed (a 429, a timeout, growth): windows measure one limit each.
            self._window, self._window_limit = [], limit
            if self._halved_from is not None and self._halved_from[0] // 2 != limit:
                self._halved_from = None
            if self._confirming is not None and self._confirming[0] * 2 != limit:
                self._confirming = None
        if sample.limit != limit:
            return None  # sent under another limit: it says nothing of this one
        if self._burst > 0:
            self._burst -= 1
            self._burst_latencies.append(sample.latency)
            return None
        self._window.append(sample)
        if len(self._window) < max(WINDOW, 2 * limit):
            return None
        window, self._window = self._window, []
        median = statistics.median(s.latency for s in window)
        if self._halved_from is not None:
            return self._after_halving(limit, median)
        if self._confirming is not None:
            return self._after_confirming(limit, median)
        if self._reference is None:
            return self._after_first_window(limit, median, [s.latency for s in window])
        return self._after_window(limit, median, self._reference)

    def _after_halving(self, limit: int, median: float) -> int | None:
        before, before_median = self._halved_from or (limit, median)
        self._halved_from = None
        if before_median >= QUEUEING * median:
            # Half as many in flight, latency fell with them: back at the limit for one
            # window, to tell the limit's doing from the moment's.
            self._confirming, self.ceiling = (limit, median, before_median), before
            return before
        # Halving did not help: the level before it is where latency stops improving.
        self.ceiling, self._reference = before, before_median
        return before

    def _after_confirming(self, limit: int, median: float) -> int | None:
        halved, halved_median, before_median = self._confirming or (limit, median, median)
        self._confirming = None
        if median * median >= halved_median * before_median:
            # Latency rose again with the limit, nearer where it was than where it fell: the
            # server queues; probed lower from there.
            self.ceiling, self._reference = halved, halved_median
            return self._halve(halved, halved_median) or halved
        # Latency did not rise again: the limit holds, at the latency measured now.
        self._reference = median
        return None

    def _after_first_window(self, limit: int, median: float, latencies: list[float]) -> int | None:
        self._reference = median
        burst = statistics.median(self._burst_latencies or [median])
        # Behind a queue the whole window waits longer than the burst did; a model's own
        # spread leaves a quarter of it as fast as the burst's median, however slow its tail.
        lower_quartile = statistics.quantiles(latencies, n=4)[0]
        queued = median >= BURST_GAP * burst and lower_quartile >= burst
        return self._halve(limit, median) if queued else None

    def _after_window(self, limit: int, median: float, reference: float) -> int | None:
        if median >= RISE * reference:
            self._reference = median
            return self._halve(limit, median)
        if median * RISE <= reference and self.ceiling < self.max_in_flight:
            # The queue emptied (another client left): growing is allowed again.
            self.ceiling, self._reference = self.max_in_flight, median
        return None

    def _halve(self, limit: int, median: float) -> int | None:
        if limit <= 1:
            self._halved_from = None
            return None
        # While the probe measures the lower limit, nothing grows it.
        self._halved_from, self.ceiling = (limit, median), limit // 2
        return limit // 2
