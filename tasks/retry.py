"""Which task failures are worth a retry: the passing ones, never a bug or bad input."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy.exc import DBAPIError, OperationalError

TRANSIENT = (httpx.TransportError, OperationalError, TimeoutError, ConnectionError)


def is_transient(error: BaseException) -> bool:
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, TRANSIENT)


def retry_transient(task: Any, task_run: Any, state: Any) -> bool:
    """Prefect's retry_condition_fn: retry only when the failure was transient."""
    try:
        state.result()
    except Exception as error:
        return is_transient(error)
    return False


# Shared by every stage: a few quick retries with jitter, so workers don't retry in lockstep.
RETRY_OPTIONS: dict[str, Any] = {
    "retries": 2,
    "retry_delay_seconds": [1, 5],
    "retry_jitter_factor": 0.5,
    "retry_condition_fn": retry_transient,
}
