"""A model endpoint that fails one request in five, every way real providers fail: each case
still comes back exactly once, scored right or carrying its error; none lost, none doubled."""

from __future__ import annotations

from collections import Counter

import anyio
import pytest
from lexical_model import lexical_model
from model_server import FAULTS, FakeModelServer, FaultInjector
from pydantic import SecretStr

from recall_audit.models.base import ModelSettings
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.recall import context_recall
from recall_audit.types import RecallResult, Status

CASES = 80
TIMEOUT = 0.5


@pytest.mark.anyio
async def test_every_case_is_scored_or_carries_its_error_under_20_percent_faults(
    record_property: pytest.RecordProperty,
) -> None:
    faults = FaultInjector(lexical_model, rate=0.2, seed=20, timeout=TIMEOUT)
    with FakeModelServer(faults) as server:
        settings = ModelSettings(
            base_url=f"{server.url}/v1",
            api_key=SecretStr("sk-test-faults"),
            timeout=TIMEOUT,
            backoff_base=0.01,
            backoff_max=0.05,
            retry_after_max=0.05,
        )
        judge = get_judge("openai/fake", settings=settings)
        results: dict[int, list[RecallResult]] = {}

        async def one(number: int) -> None:
            truth = f"Case {number} was filed in Zurich. It closed in {1900 + number}."
            chunks = [f"Case {number} was filed in Zurich.", f"It closed in {1900 + number}."]
            result = await context_recall(truth, chunks, judge)
            results.setdefault(number, []).append(result)

        async with judge.model, anyio.create_task_group() as group:
            for number in range(CASES):
                group.start_soon(one, number)

    assert sorted(results) == list(range(CASES)), "a case was lost"
    assert all(len(found) == 1 for found in results.values()), "a case came back twice"
    outcomes = [found[0] for found in results.values()]
    statuses = Counter(r.status for r in outcomes)
    assert set(statuses) <= {Status.SCORED, Status.ERROR}
    for result in outcomes:
        if result.status == Status.SCORED:
            assert result.score == 1.0 and len(result.verdicts) == len(result.claims) == 2
        else:
            assert result.error and result.score is None
    # Every kind of fault was sent, and retries and repairs saved most of the cases.
    assert set(faults.injected) == set(FAULTS)
    assert statuses[Status.SCORED] >= CASES * 0.8
    for name, value in {
        "cases": CASES,
        "requests": len(server.requests),
        "faults_injected": sum(faults.injected.values()),
        "scored": statuses[Status.SCORED],
        "errors": statuses[Status.ERROR],
        "lost": CASES - len(results),
        "duplicated": sum(len(found) - 1 for found in results.values()),
    }.items():
        record_property(name, value)
