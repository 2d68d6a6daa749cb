"""Stages retry passing failures (connections, a locked database) and never bugs or bad input."""

from __future__ import annotations

import asyncio

import pytest
from recall_audit.tasks.stage import is_transient, stage
from sqlalchemy.exc import OperationalError


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
