"""How every pipeline stage is declared: named for the Prefect UI, never cached by Prefect
(the database keeps claims and verdicts, keyed by content), retried only on passing failures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from prefect import Task
from prefect.cache_policies import NO_CACHE
from prefect.states import aget_state_exception
from prefect.utilities.annotations import opaque
from sqlalchemy.exc import DBAPIError, OperationalError

TRANSIENT = (httpx.TransportError, OperationalError, TimeoutError, ConnectionError)


def is_transient(error: BaseException) -> bool:
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, TRANSIENT)


async def retry_transient(task: Any, task_run: Any, state: Any) -> bool:
    """Prefect's retry_condition_fn: retry only when the failure was transient, never a bug.

    Async, like every stage: Prefect awaits it, and reads the failure without blocking.
    """
    return is_transient(await aget_state_exception(state))


# A few quick retries with jitter, so several workers don't retry in lockstep.
RETRY_OPTIONS: dict[str, Any] = {
    "retries": 2,
    "retry_delay_seconds": [1, 5],
    "retry_jitter_factor": 0.5,
    "retry_condition_fn": retry_transient,
}


# Keyword arguments of a task call that are Prefect's own, not the stage's parameters.
_CALL_OPTIONS = frozenset({"return_state", "wait_for"})


class Stage(Task):  # type: ignore[type-arg]
    """A task whose arguments Prefect does not walk into.

    Before a task runs, Prefect visits every parameter recursively, looking for futures to
    wait for; a batch is hundreds of nested models, and that walk (twice per task run) cost
    more than the stage's own work. Stage arguments never hold futures, so each goes in
    `opaque`: resolved at the top, never traversed. Names and values reach the task as given.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return super().__call__(
            *(opaque(a) for a in args),
            **{k: v if k in _CALL_OPTIONS else opaque(v) for k, v in kwargs.items()},
        )


def stage(
    name: str, *, batch_number: str | None = None, retried: bool = True
) -> Callable[..., Any]:
    """A Prefect task for one stage; `batch_number` names the parameter that numbers the
    batch, so the UI shows task runs as "retrieve · batch 3"."""
    options: dict[str, Any] = {"name": name, "cache_policy": NO_CACHE}
    if batch_number is not None:
        options["task_run_name"] = f"{name} · batch {{{batch_number}}}"
    if retried:
        options |= RETRY_OPTIONS
    return lambda fn: Stage(fn=fn, **options)
