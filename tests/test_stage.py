"""Stages retry passing failures (connections, a locked database) and never bugs or bad input."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.exc import OperationalError

from recall_audit.tasks.stage import is_transient, stage


def test_transient_errors_are_told_apart_from_bugs():
    assert is_transient(OperationalError("UPDATE", {}, Exception("database is locked")))
    assert is_transient(ConnectionResetError())
    assert not is_transient(ValueError("bad row"))
    assert not is_transient(KeyError("no run"))


def test_a_stage_retries_a_transient_failure_but_not_a_bug(prefect_api):
    from prefect import flow

    calls: list[str] = []

    @stage("flaky", batch_number="number")
    async def flaky(number: int, error: type[Exception]) -> int:
        calls.append(error.__name__)
        if len(calls) == 1:
            raise error("first attempt fails")
        return number

    @flow
    async def pipeline(error: type[Exception]) -> int:
        return await flaky(7, error)

    assert asyncio.run(pipeline(ConnectionResetError)) == 7
    assert calls == ["ConnectionResetError", "ConnectionResetError"]

    calls.clear()
    with pytest.raises(ValueError, match="first attempt fails"):
        asyncio.run(pipeline(ValueError))
    assert calls == ["ValueError"]


def test_a_stage_gets_its_arguments_as_given_and_names_its_run_from_them(prefect_api):
    from prefect import flow
    from prefect.runtime import task_run
    from pydantic import BaseModel

    class Batch(BaseModel):
        number: int
        cases: list[dict[str, list[str]]]

    seen: list[tuple[object, str]] = []

    @stage("judge", batch_number="batch.number")
    async def judge(batch: Batch, limit: int) -> int:
        seen.append((batch, task_run.name))
        return len(batch.cases) * limit

    batch = Batch(number=3, cases=[{"chunks": ["a", "b"]}] * 50)

    @flow
    async def pipeline() -> int:
        return await judge(batch, limit=2)

    assert asyncio.run(pipeline()) == 100
    # The very object (Prefect neither copies nor rebuilds it), and the name read from it.
    assert seen == [(batch, "judge · batch 3")]
    assert seen[0][0] is batch
