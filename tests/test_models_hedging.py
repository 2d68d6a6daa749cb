"""Hedged requests (recall_audit/models/hedge.py): a late request gets a copy when a place in flight
is free and the server has room, and the first answer of the two is taken.

Against real HTTP servers on 127.0.0.1: one with room for every request whose answer to one
request stalls (its copy answers at once), and a one-slot server (a local model) where a copy
would wait behind the stalled request; and the lateness rule alone on drawn latencies.
"""

from __future__ import annotations

import math
import random
import threading

import anyio
import pytest
from model_server import Canned, FakeModelServer, Recorded, openai_completion
from pydantic import SecretStr
from test_models_queueing import OneSlot

from recall_audit.models import JsonRequest, ModelSettings, OpenAIModel
from recall_audit.models.hedge import MIN_ANSWERS, SHARE, STALL, Hedging, lateness

pytestmark = pytest.mark.anyio

STALLED = "the request whose first copy stalls"


def settings(server: FakeModelServer) -> ModelSettings:
    return ModelSettings(
        base_url=server.url + "/v1", api_key=SecretStr("sk-hedge"), timeout=30.0, max_retries=0
    )


def ask(text: str) -> JsonRequest:
    return JsonRequest(system="Answer in JSON.", user=text, json_schema={}, schema_name="a")


def user_text(request: Recorded) -> str:
    return request.json["messages"][1]["content"]


class FirstCopyStalls:
    """Answers every request after `service` seconds, except that the first copy of STALLED
    waits until `release` is set (the copies after it answer at once, saying which they are)."""

    def __init__(self, service: float) -> None:
        self.service = service
        self.release = threading.Event()
        self.copies = 0
        self._count = threading.Lock()

    def __call__(self, request: Recorded) -> Canned:
        if user_text(request) != STALLED:
            answer = openai_completion({"ok": True})
            answer.delay = self.service
            return answer
        with self._count:
            self.copies += 1
            copy = self.copies
        if copy == 1:
            self.release.wait(30)
        return openai_completion({"copy": copy})


async def warm(model: OpenAIModel, n: int) -> None:
    """`n` ordinary requests, 16 in flight: the limiter learns the endpoint's latencies."""
    async with anyio.create_task_group() as group:
        for i in range(n):
            group.start_soon(model.complete_json, ask(f"question {i}"))


async def test_a_stalled_request_is_answered_by_its_copy() -> None:
    # Long beside what a busy machine adds per request in flight (as room_for_all in
    # test_models_queueing.py), so that the limiter sees a server with room.
    responder = FirstCopyStalls(service=0.3)
    with FakeModelServer(responder) as server:
        try:
            async with OpenAIModel("m", settings(server)) as model:
                await warm(model, 112)
                reply = await model.complete_json(ask(STALLED))
                sent = model.limiter.hedging.sent
        finally:
            responder.release.set()
    # The first copy never answered: the second one's answer was taken.
    assert reply.data == {"copy": 2}
    assert sent == 1
    assert [user_text(r) for r in server.requests].count(STALLED) == 2


async def test_a_queueing_server_gets_no_copy() -> None:
    # One slot: requests wait their turn, so a copy of the stalled one would wait behind it.
    server_side = OneSlot(service=0.02)
    stalls = FirstCopyStalls(service=0.0)

    def responder(request: Recorded) -> Canned:
        if user_text(request) == STALLED:
            with server_side.slot:
                return stalls(request)
        return server_side(request)

    with FakeModelServer(responder) as server:
        async with OpenAIModel("m", settings(server)) as model:
            await warm(model, 112)
            # The stalled request is let go once it is the only one left, later than any copy
            # would have gone (STALL times every recent latency).
            async with anyio.create_task_group() as group:
                group.start_soon(model.complete_json, ask(STALLED))
                await anyio.sleep(1.0)
                stalls.release.set()
            allowed = model.limiter.hedge_after()
    assert allowed is None
    assert [user_text(r) for r in server.requests].count(STALLED) == 1
    assert model.limiter.hedging.sent == 0


def lognormal(seed: int, n: int = 256) -> list[float]:
    """Latencies of median 1.2 s and p99 6 s, as the bench's log-normal provider."""
    draw = random.Random(seed)
    sigma = math.log(6 / 1.2) / 2.3263
    return [draw.lognormvariate(math.log(1.2), sigma) for _ in range(n)]


def test_a_long_tail_is_cut_above_its_median() -> None:
    for seed in range(10):
        latencies = sorted(lognormal(seed))
        late = lateness(latencies)
        assert latencies[128] < late < latencies[int(0.9 * 255)]


def test_on_steady_latencies_only_a_stalled_request_is_late() -> None:
    draw = random.Random(0)
    latencies = [0.1 + 0.04 * draw.random() for _ in range(256)]
    assert lateness(latencies) == STALL * max(latencies)


def test_copies_wait_for_enough_answers_and_stay_within_their_share() -> None:
    hedging = Hedging()
    for latency in lognormal(0, MIN_ANSWERS - 1):
        hedging.answered(latency)
    assert hedging.late is None
    for latency in lognormal(1, 200):
        hedging.answered(latency)
    assert hedging.late is not None
    while hedging.affordable():
        hedging.sent += 1
    assert hedging.sent == math.ceil(SHARE * (MIN_ANSWERS - 1 + 200))
