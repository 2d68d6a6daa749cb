"""What every HTTP client here shares (model endpoints and retrievers under test): which
answers are worth a retry, how long to wait, the server's Retry-After; and the retrievers'
pooled client (model endpoints use aiohttp, see scorer.models.http)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx

# Throttled, timed out, conflicting or failing servers: worth another try. Other 4xx are not.
RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


def pooled_client(
    headers: dict[str, str], timeout: float, max_connections: int
) -> httpx.AsyncClient:
    """One client per endpoint, reused for every call: connections stay open between cases."""
    return httpx.AsyncClient(
        headers=headers,
        timeout=httpx.Timeout(timeout),
        limits=httpx.Limits(
            max_connections=max_connections, max_keepalive_connections=max_connections
        ),
    )


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
