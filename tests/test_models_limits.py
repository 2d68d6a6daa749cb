"""Provider limits against a rate-limited fake provider: budgets per minute, 429 back-off.

The server counts in windows of a couple of seconds instead of a minute, and the clients'
RateLimits get the same window (the command line only offers per-minute budgets).
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import anyio
import pytest
from model_server import Budget, FakeModelServer, Recorded, openai_completion, openai_tokens
from pydantic import SecretStr

from recall_audit.errors import ConfigurationError
from recall_audit.models import (
    EndpointLimiter,
    JsonRequest,
    ModelSettings,
    OpenAIModel,
    RateLimits,
)

pytestmark = pytest.mark.anyio

WINDOW = 2.0


def answer(_request: Recorded):
    return openai_completion({"ok": True})


def settings(server: FakeModelServer, limits: RateLimits, **overrides: object) -> ModelSettings:
    values: dict[str, object] = {
        "base_url": server.url + "/v1",
        "api_key": SecretStr("sk-limits"),
        "max_retries": 6,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "max_tokens": 50,
        "limits": limits,
    }
    values.update(overrides)
    return ModelSettings.model_validate(values)


def ask(number: int) -> JsonRequest:
    return JsonRequest(
        system="Answer in JSON.",
        user=f"question {number}",
        json_schema={"type": "object", "properties": {"ok": {"type": "boolean"}}},
        schema_name="answer",
    )


async def ask_all(model: OpenAIModel, n: int) -> None:
    async with anyio.create_task_group() as group:
        for i in range(n):
            group.start_soon(model.complete_json, ask(i))


def longest_refusal_streak(requests: list[Recorded]) -> int:
    """Per question, the most 429s it got in a row, as the server saw them."""
    statuses: dict[str, list[int | None]] = defaultdict(list)
    for request in requests:
        statuses[request.json["messages"][1]["content"]].append(request.status)
    longest = 0
    for answered in statuses.values():
        streak = 0
        for status in answered:
            streak = streak + 1 if status == 429 else 0
            longest = max(longest, streak)
    return longest


async def test_rpm_at_the_provider_limit_finishes_without_repeated_refusals() -> None:
    # 60 requests per window at the server, rpm=60 at the client; 16 asked at once.
    with FakeModelServer(answer, Budget(60, WINDOW)) as server:
        limits = RateLimits(rpm=60, window=WINDOW)
        async with OpenAIModel("m", settings(server, limits)) as model:
            await ask_all(model, 80)
    answered = [r for r in server.requests if r.status == 200]
    assert len({r.json["messages"][1]["content"] for r in answered}) == 80
    assert longest_refusal_streak(server.requests) <= 1
    # The pace kept within the server's budget (unpaced, this run draws about 20 429s);
    # a stalled event loop on a busy machine may bunch a pair, hence not exactly zero.
    assert sum(r.status == 429 for r in server.requests) <= 2


async def test_tpm_paces_tokens_within_the_providers_budget() -> None:
    # Each request costs 57 tokens as the server counts them: 20 need more than 2 windows.
    with FakeModelServer(answer, Budget(500, 1.0, cost=openai_tokens)) as server:
        async with OpenAIModel("m", settings(server, RateLimits(tpm=500, window=1.0))) as model:
            await ask_all(model, 20)
    assert sum(r.status == 200 for r in server.requests) == 20
    assert sum(openai_tokens(r) for r in server.requests) > 2 * 500
    assert sum(r.status == 429 for r in server.requests) <= 2


async def test_two_clients_sharing_a_limiter_share_its_budget() -> None:
    # One endpoint, two clients (say, two judges of one run): alone, each would spend it all.
    with FakeModelServer(answer, Budget(30, 1.0)) as server:
        limits = RateLimits(rpm=30, window=1.0)
        first = OpenAIModel("m", settings(server, limits))
        second = OpenAIModel("m", settings(server, limits), first.limiter)
        async with first, second, anyio.create_task_group() as group:
            group.start_soon(ask_all, first, 20)
            group.start_soon(ask_all, second, 20)
    assert sum(r.status == 200 for r in server.requests) == 40
    # Together they kept one budget's pace: a burst of 1, then 29 a second, so any span of
    # t seconds holds at most 1 + 29t requests (two more allowed for a busy machine).
    arrivals = [r.at for r in server.requests]
    for (i, start), (j, end) in itertools.combinations(enumerate(arrivals), 2):
        assert j - i + 1 <= 1 + 29 * (end - start) + 2


async def test_without_budgets_429s_shrink_concurrency_and_the_run_finishes() -> None:
    # The client does not know the limit: it learns it from 429s and Retry-After.
    with FakeModelServer(answer, Budget(10, 1.0)) as server:
        async with OpenAIModel("m", settings(server, RateLimits(), max_connections=8)) as model:
            await ask_all(model, 24)
            shrunk = model.limiter.in_flight_limit
    assert sum(r.status == 200 for r in server.requests) == 24
    assert shrunk < 8
    refusals = sum(r.status == 429 for r in server.requests)
    # Refused requests wait out the pause together instead of hammering the server.
    assert refusals <= 16


async def test_concurrency_grows_back_after_a_429() -> None:
    limiter = EndpointLimiter(RateLimits(), max_in_flight=8)
    async with limiter.request() as started:
        pass
    limiter.throttled(started, 0.0)
    limiter.throttled(started, 0.0)  # a second 429 of the same burst does not cut again
    assert limiter.in_flight_limit == 4
    for _ in range(4 + 5 + 6 + 7):
        limiter.succeeded()
    assert limiter.in_flight_limit == 8


def test_budgets_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECALL_AUDIT_RPM", "500")
    monkeypatch.setenv("RECALL_AUDIT_TPM", "200000")
    assert RateLimits().or_environment() == RateLimits(rpm=500, tpm=200000)
    # An explicit budget wins over the environment.
    assert RateLimits(rpm=60).or_environment().rpm == 60
    monkeypatch.setenv("RECALL_AUDIT_RPM", "lots")
    with pytest.raises(ConfigurationError, match="RECALL_AUDIT_RPM='lots'"):
        RateLimits().or_environment()
