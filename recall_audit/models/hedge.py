"""Hedged requests: a late request gets a second copy, and the first answer of the two is
taken (as in Dean and Barroso's "The Tail at Scale").

A provider's latency has a long tail (a log-normal with a p99 five times its median): near the
end of an audit the last answers are the slow ones, while most request slots sit idle. A copy
of such a request usually answers long before it, and the other copy is cancelled. A copy is
sent only when all of these hold (the endpoint's limiter checks the last three):

- **the request is late**: older than the 75th percentile of the recent latencies, on an
  endpoint whose latencies have a long tail (their 90th percentile at least LONG_TAIL times
  their median; a log-normal with a p99 five times its median has 2.4). Where latencies
  hardly vary (a fixed-latency server), a request past the usual ones is answered a moment
  later and a copy would be wasted: only one older than STALL times every recent latency
  (stalled) is late there;
- **the budget**: at most SHARE of the answered requests got a copy;
- **a place in flight is free now**, nobody waiting for it: a copy never takes a place
  another request waits for, and the requests in flight stay within the limit;
- **the server has room**: its latency was measured at the full limit and showed no queue
  (recall_audit/models/latency.py), no 429 or timeout cut the limit, and no rpm/tpm budget is set.
  A copy sent to a queueing server (a local model with one slot) waits at the back of its
  queue, and a rate-limited provider's budget is what the other requests need.

`ModelSettings(hedge=False)` sends no copy (the audit sets it with Prefect's shared limits on
the endpoint, which a copy would escape). The bench's mock counts copies (bench/peers.py).
"""

from __future__ import annotations

from collections import deque

# The latencies the lateness is taken over: the most recent answers.
LATENCIES = 256
# Answers before any copy: fewer say too little of the endpoint's latencies.
MIN_ANSWERS = 32
# The lateness is computed again every so many answers, not at each request.
REFRESH = 16
# Most copies, as a share of the answered requests.
SHARE = 0.03
# A request older than this multiple of every recent latency has stalled.
STALL = 2.0
# Latencies are long-tailed when their 90th percentile is this many times their median.
LONG_TAIL = 2.0
# On a long tail, a request older than this quantile of the recent latencies is late.
LATE_QUANTILE = 0.75


def lateness(latencies: list[float]) -> float:
    """The least age at which a request is late, given recent latencies (at least one)."""
    ordered = sorted(latencies)
    last = len(ordered) - 1
    median = ordered[last // 2]
    if ordered[int(0.9 * last)] < LONG_TAIL * median:
        return STALL * ordered[-1]
    return ordered[int(LATE_QUANTILE * last)]


class Hedging:
    """One endpoint's hedging: when a request is late, and whether the budget allows a copy."""

    def __init__(self) -> None:
        self._latencies: deque[float] = deque(maxlen=LATENCIES)
        self._answered = 0
        self._late: float | None = None
        # Copies sent.
        self.sent = 0

    def answered(self, latency: float) -> None:
        self._latencies.append(latency)
        self._answered += 1
        if self._answered >= MIN_ANSWERS and (self._late is None or self._answered % REFRESH == 0):
            self._late = lateness(list(self._latencies))

    @property
    def late(self) -> float | None:
        """Seconds after it was sent at which a request is late; None before MIN_ANSWERS."""
        return self._late

    def affordable(self) -> bool:
        return self.sent < SHARE * self._answered
