"""Local models with one slot: the in-flight limit follows latency, and a request waiting in
the server's queue is not timed out and sent again to the back of a longer one, nor is one
answer that takes longer than the timeout while the server answers its health check.

Against real HTTP servers on 127.0.0.1: a one-slot server (one request served at a time, the
others wait, as llama.cpp's server with one slot does) and a server with room for every
request; and the latency probe alone (recall_audit/models/latency.py) on simulated servers.
"""

from __future__ import annotations

import random
import threading
import time

import anyio
import pytest
from model_server import Canned, FakeModelServer, Recorded, openai_completion
from pydantic import SecretStr

from recall_audit.models import JsonRequest, ModelSettings, OpenAIModel
from recall_audit.models.latency import QueueProbe, Sample

pytestmark = pytest.mark.anyio


class OneSlot:
    """Serves one request at a time for `service` seconds; the others wait their turn. Counts
    how many were waiting or served when each request arrived."""

    def __init__(self, service: float) -> None:
        self.service = service
        self.slot = threading.Lock()
        self.count = threading.Lock()
        self.present = 0
        self.seen_on_arrival: list[int] = []

    def __call__(self, _request: Recorded) -> Canned:
        with self.count:
            self.present += 1
            self.seen_on_arrival.append(self.present)
        try:
            with self.slot:
                time.sleep(self.service)
        finally:
            with self.count:
                self.present -= 1
        return openai_completion({"ok": True})


def room_for_all(_request: Recorded) -> Canned:
    answer = openai_completion({"ok": True})
    # Long beside what a busy machine adds per request in flight (tens of ms with 16 in
    # flight on two loaded cores), which at 0.1 s read as a queue to the probe.
    answer.delay = 0.3
    return answer


def settings(server: FakeModelServer, timeout: float) -> ModelSettings:
    return ModelSettings(
        base_url=server.url + "/v1",
        api_key=SecretStr("sk-queue"),
        timeout=timeout,
        max_retries=2,
        backoff_base=0.001,
        backoff_max=0.005,
    )


def ask(number: int) -> JsonRequest:
    return JsonRequest(
        system="Answer in JSON.",
        user=f"question {number}",
        json_schema={"type": "object", "properties": {"ok": {"type": "boolean"}}},
        schema_name="answer",
    )


async def ask_all(model: OpenAIModel, n: int) -> list[bool]:
    answers: list[bool] = []

    async def one(number: int) -> None:
        reply = await model.complete_json(ask(number))
        answers.append(bool(reply.data and reply.data["ok"]))

    async with anyio.create_task_group() as group:
        for i in range(n):
            group.start_soon(one, i)
    return answers


async def test_a_request_waiting_its_turn_is_not_timed_out_and_sent_again() -> None:
    server_side = OneSlot(service=0.1)
    with FakeModelServer(server_side) as server:
        # 16 sent at once: the last waits 1.6 s for its turn, beyond the 0.6 s timeout.
        async with OpenAIModel("m", settings(server, timeout=0.6)) as model:
            answers = await ask_all(model, 16)
    assert answers == [True] * 16
    # While the server kept answering, a request without its answer was in its queue: none
    # was given up and sent again to the back of a longer one.
    assert len(server.requests) == 16


async def test_a_one_slot_server_is_not_sent_sixteen_at_a_time() -> None:
    server_side = OneSlot(service=0.1)
    with FakeModelServer(server_side) as server:
        async with OpenAIModel("m", settings(server, timeout=30.0)) as model:
            answers = await ask_all(model, 176)
            limit = model.limiter.in_flight_limit
    assert answers == [True] * 176 and len(server.requests) == 176
    # Latency fell with the requests in flight and answers came no slower: the limit came
    # down from 16 to where halving it no longer shortens latency (1 for the slot alone; a
    # busy machine's own delay per request can make halving below 4 look like no gain).
    assert limit <= 4
    assert max(server_side.seen_on_arrival[-16:]) <= 5


async def test_a_server_with_room_for_every_request_keeps_them_all_in_flight() -> None:
    with FakeModelServer(room_for_all) as server:
        async with OpenAIModel("m", settings(server, timeout=5.0)) as model:
            answers = await ask_all(model, 112)
            limit = model.limiter.in_flight_limit
    assert answers == [True] * 112 and len(server.requests) == 112
    # The probe's window at 8 answered as fast as at 16: the limit went back up.
    assert limit == 16


async def test_a_server_that_answers_nobody_still_times_out() -> None:
    with FakeModelServer(lambda _r: Canned(200, {}, delay=2.0)) as server:
        # Hung: not even its health check is answered.
        server.health = Canned(200, {}, delay=2.0)
        model = OpenAIModel(
            "m", settings(server, timeout=0.2).model_copy(update={"max_retries": 0})
        )
        async with model:
            began = time.monotonic()
            with pytest.raises(Exception, match="timed out after 1 attempts"):
                await model.complete_json(ask(0))
    # One allowance of silence, then one health check as long: given up well before 2 s.
    assert time.monotonic() - began < 1.0
    assert server.health_checks == 1


async def test_a_one_slot_server_slower_than_the_timeout_answers_each_request_once() -> None:
    # Each answer takes 2.5 timeouts, and eight are sent at once: the last waits 20 timeouts.
    # (A timeout of 0.2 s, not less: a loaded machine's scheduling delay stays well under it.)
    server_side = OneSlot(service=0.5)
    with FakeModelServer(server_side) as server:
        no_retry = settings(server, timeout=0.2).model_copy(update={"max_retries": 0})
        async with OpenAIModel("m", no_retry) as model:
            began = time.monotonic()
            answers = await ask_all(model, 8)
            wall = time.monotonic() - began
    # Not one timed out (no retry was allowed), and none was sent twice.
    assert answers == [True] * 8 and len(server.requests) == 8
    # The endpoint was silent past the timeout only before its first answer, and answered its
    # health check then; after it, the allowance follows the silences between answers.
    assert 1 <= server.health_checks <= 3
    # The wall time is the server's own busy time (8 x 0.25 s), give or take the event loop.
    assert wall < 1.2 * 8 * server_side.service + 0.2


async def test_a_request_a_live_server_never_answers_is_given_up_at_its_ceiling() -> None:
    with FakeModelServer(lambda _r: Canned(200, {}, delay=3.0)) as server:
        # The ceiling: max_connections (2) allowances of 0.1 s after it was sent.
        tight = settings(server, timeout=0.1).model_copy(
            update={"max_retries": 0, "max_connections": 2}
        )
        async with OpenAIModel("m", tight) as model:
            began = time.monotonic()
            with pytest.raises(Exception, match="timed out after 1 attempts"):
                await model.complete_json(ask(0))
    assert time.monotonic() - began < 1.0
    assert server.health_checks >= 1


def settle(
    slots: float, noise: random.Random | None = None, sigma: float = 0.69, answers: int = 600
) -> int:
    """The limit the probe holds against a simulated server with `slots` slots: a request's
    latency is its service time (1, or a log-normal draw of median 1, sigma `sigma`) times the
    queue's share, in flight / slots when more are in flight than there are slots. The first
    16 are a burst: the k-th, sent with k in flight, waits for k - 1 (FIFO)."""
    probe, limit = QueueProbe(max_in_flight=16), 16
    for number in range(answers):
        in_flight = min(number + 1, limit)
        service = noise.lognormvariate(0, sigma) if noise else 1.0
        latency = service * max(1.0, in_flight / slots)
        limit = probe.observe(Sample(latency, limit), limit) or limit
    return limit


@pytest.mark.parametrize(("slots", "held"), [(1, 1), (2, 2), (4, 4), (16, 16), (float("inf"), 16)])
def test_the_probe_holds_the_limit_where_latency_stops_improving(slots: float, held: int) -> None:
    assert settle(slots) == held


def test_a_models_own_spread_of_latencies_is_not_taken_for_a_queue() -> None:
    # Log-normal service times, p99 five times the median, from a server with room for all.
    assert [settle(float("inf"), random.Random(seed)) for seed in range(20)] == [16] * 20
    # Prompts of different lengths (p99 twice the median) into one slot: the queue is found.
    assert [settle(1, random.Random(seed), sigma=0.3) for seed in range(10)] == [1] * 10


def test_a_models_own_spread_rarely_costs_a_window_at_half_the_limit() -> None:
    """A heavy-tailed server with room for all (p99 five times the median) may answer a first
    window slower than its first burst by chance; the probe is for a window that is slower
    as a whole, as behind a queue. Of 200 runs, at most one in twenty-five pays for a probe
    (a median test alone paid in one in seven)."""

    def probed(seed: int) -> bool:
        noise, probe, limit = random.Random(seed), QueueProbe(max_in_flight=16), 16
        for _ in range(600):
            limit = probe.observe(Sample(noise.lognormvariate(0, 0.69), limit), limit) or limit
            if limit < 16:
                return True
        return False

    assert sum(probed(seed) for seed in range(200)) <= 8


def test_a_server_with_room_pays_no_window_at_half_the_limit() -> None:
    # The first window answered as fast as the first burst: no probe, the limit stays.
    probe = QueueProbe(max_in_flight=16)
    assert [probe.observe(Sample(1.0, 16), 16) for _ in range(16 + 32 * 4)] == [None] * 144
    assert probe.ceiling == 16


def test_a_first_window_slower_than_the_first_burst_is_probed_at_half_the_limit() -> None:
    # The burst found the queue empty, the window behind it waited twice as long: probed at 8,
    # where latency halved with the limit, so the limit goes back to 16 to confirm it.
    probe = QueueProbe(max_in_flight=16)
    burst = [probe.observe(Sample(1.0, 16), 16) for _ in range(16)]
    window = [probe.observe(Sample(2.0, 16), 16) for _ in range(32)]
    assert burst + window == [None] * 47 + [8]
    assert [probe.observe(Sample(1.0, 8), 8) for _ in range(32)] == [None] * 31 + [16]


def test_one_slow_window_at_a_busy_moment_is_not_taken_for_a_queue() -> None:
    # A server with room for all, read by a client busy for one window (importing while its
    # first answers arrive): that window is twice as slow, so the probe halves the limit;
    # latency is back to normal at 8, and stays normal back at 16: the limit is not the cause.
    probe = QueueProbe(max_in_flight=16)
    for _ in range(16 + 32):
        assert probe.observe(Sample(1.0, 16), 16) is None
    slow = [probe.observe(Sample(2.5, 16), 16) for _ in range(32)]
    assert slow[-1] == 8
    assert [probe.observe(Sample(1.0, 8), 8) for _ in range(32)][-1] == 16
    assert [probe.observe(Sample(1.1, 16), 16) for _ in range(32 * 4)] == [None] * 128
    assert probe.ceiling == 16 and probe.room


def test_a_queue_is_confirmed_back_at_the_limit_before_the_probe_goes_lower() -> None:
    # One slot: latency halves with the limit and doubles again back at it.
    probe = QueueProbe(max_in_flight=16)
    burst = [probe.observe(Sample(1.0, 16), 16) for _ in range(16)]
    window = [probe.observe(Sample(2.0, 16), 16) for _ in range(32)]
    assert burst + window == [None] * 47 + [8]
    assert [probe.observe(Sample(1.0, 8), 8) for _ in range(32)][-1] == 16
    assert [probe.observe(Sample(2.0, 16), 16) for _ in range(32)][-1] == 4
    assert probe.ceiling == 4 and not probe.room
