"""The shared HTTP transport against a real local server: retries, limits, reuse, secrecy."""

from __future__ import annotations

import email.utils
import json
import time

import anyio
import pytest
from model_server import Canned, FakeModelServer, openai_completion
from prefect_server import free_port
from pydantic import SecretStr

from recall_audit.errors import ModelError
from recall_audit.models import JsonRequest, ModelSettings, OpenAIModel

pytestmark = pytest.mark.anyio

KEY = "sk-test-5ecret-never-shown"


def settings_for(server: FakeModelServer, **overrides: object) -> ModelSettings:
    values: dict[str, object] = {
        "base_url": server.url + "/v1",
        "api_key": SecretStr(KEY),
        "timeout": 2.0,
        "max_retries": 3,
        "backoff_base": 0.001,
        "backoff_max": 0.005,
        "retry_after_max": 5.0,
    }
    values.update(overrides)
    return ModelSettings.model_validate(values)


def ask(text: str = "hello") -> JsonRequest:
    return JsonRequest(
        system="Answer in JSON.",
        user=text,
        json_schema={"type": "object", "properties": {"ok": {"type": "boolean"}}},
        schema_name="answer",
    )


def user_text(request) -> str:
    return request.json["messages"][1]["content"]


async def test_500_then_success_retries_and_answers(model_server: FakeModelServer) -> None:
    model_server.enqueue(openai_completion({"ok": True}))  # confirms json_schema mode
    model_server.enqueue(Canned(500, {"error": "boom"}), openai_completion({"ok": True}))
    async with OpenAIModel("m", settings_for(model_server)) as model:
        await model.complete_json(ask())
        reply = await model.complete_json(ask())
    assert reply.data == {"ok": True}
    assert len(model_server.requests) == 3
    # A transient 500 on a confirmed mode is retried as it was, not taken for a rejection.
    assert model_server.requests[2].json["response_format"]["type"] == "json_schema"


async def test_429_pauses_every_request_to_the_endpoint(model_server: FakeModelServer) -> None:
    model_server.enqueue(
        Canned(429, {"error": "slow down"}, headers={"Retry-After": "1"}),
        *[openai_completion({"ok": True}) for _ in range(4)],
    )
    model = OpenAIModel("m", settings_for(model_server))

    async def others() -> None:
        # Once the client has taken in A's 429 (its window of requests in flight shrank).
        while model.limiter.in_flight_limit == model.limiter.max_in_flight:
            await anyio.sleep(0.005)
        async with anyio.create_task_group() as group:
            for i in range(3):
                group.start_soon(model.complete_json, ask(f"B{i}"))

    async with model, anyio.create_task_group() as group:
        group.start_soon(model.complete_json, ask("A"))
        group.start_soon(others)
    refused, *after = model_server.requests
    assert user_text(refused) == "A" and len(after) == 4
    # Nobody, A's retry included, asked again before the server's Retry-After was over.
    assert min(r.at for r in after) - refused.at >= 0.95
    assert {r.status for r in after} == {200}


async def test_429_out_of_quota_is_not_retried(model_server: FakeModelServer) -> None:
    quota = {"error": {"code": "insufficient_quota", "message": "You exceeded your quota."}}
    model_server.enqueue(Canned(429, quota, headers={"Retry-After": "1"}))
    async with OpenAIModel("m", settings_for(model_server)) as model:
        with pytest.raises(ModelError, match=r"HTTP 429: .*insufficient_quota"):
            await model.complete_json(ask())
    assert len(model_server.requests) == 1


async def test_two_500s_then_success_keep_json_schema(model_server: FakeModelServer) -> None:
    model_server.enqueue(
        Canned(500, {"error": "boom"}),
        Canned(502, "<html><body>Bad gateway</body></html>"),
        openai_completion({"ok": True}),
        openai_completion({"ok": False}),
    )
    async with OpenAIModel("m", settings_for(model_server)) as model:
        first = await model.complete_json(ask())
        second = await model.complete_json(ask())
    assert (first.data, second.data) == ({"ok": True}, {"ok": False})
    # Transient failures are no verdict on the format: every request, the first included.
    formats = [r.json["response_format"]["type"] for r in model_server.requests]
    assert formats == ["json_schema"] * 4 and model.mode == "json_schema"


async def test_html_200_from_a_proxy_is_retried(model_server: FakeModelServer) -> None:
    page = "<!DOCTYPE html><html><body>Please wait while we check your browser</body></html>"
    model_server.enqueue(
        Canned(200, page, headers={"Content-Type": "text/html"}), openai_completion({"ok": True})
    )
    async with OpenAIModel("m", settings_for(model_server)) as model:
        reply = await model.complete_json(ask())
    assert reply.data == {"ok": True}
    assert [r.status for r in model_server.requests] == [200, 200]
    assert model.mode == "json_schema"


async def test_html_200_every_time_is_reported(model_server: FakeModelServer) -> None:
    model_server.enqueue(*[Canned(200, "<html>maintenance</html>") for _ in range(3)])
    async with OpenAIModel("m", settings_for(model_server, max_retries=2)) as model:
        with pytest.raises(ModelError, match="not a JSON object after 3 attempts"):
            await model.complete_json(ask())
    assert len(model_server.requests) == 3


async def test_retry_after_http_date_is_capped(model_server: FakeModelServer) -> None:
    in_an_hour = email.utils.formatdate(time.time() + 3600, usegmt=True)
    model_server.enqueue(
        Canned(503, "busy", headers={"Retry-After": in_an_hour}), openai_completion({"ok": True})
    )
    async with OpenAIModel("m", settings_for(model_server, retry_after_max=0.01)) as model:
        reply = await model.complete_json(ask())
    assert reply.data == {"ok": True}
    assert len(model_server.requests) == 2


async def test_timeout_then_success(model_server: FakeModelServer) -> None:
    late = openai_completion({"ok": False})
    late.delay = 1.5
    model_server.enqueue(late, openai_completion({"ok": True}))
    # Silent to its health check too: the server looks hung, so the request is sent again.
    model_server.health = Canned(200, {}, delay=1.5)
    async with OpenAIModel("m", settings_for(model_server, timeout=0.3)) as model:
        reply = await model.complete_json(ask())
    assert reply.data == {"ok": True}
    assert len(model_server.requests) == 2
    # An overloaded server: fewer requests at once from now on (16 halved).
    assert model.limiter.in_flight_limit == 8
    # A timeout is no verdict on the format either.
    assert model_server.requests[1].json["response_format"]["type"] == "json_schema"


async def test_a_slow_answer_of_a_live_server_is_awaited_not_sent_again(
    model_server: FakeModelServer,
) -> None:
    late = openai_completion({"ok": True})
    late.delay = 1.0
    model_server.enqueue(late, openai_completion({"ok": False}))
    async with OpenAIModel("m", settings_for(model_server, timeout=0.3)) as model:
        reply = await model.complete_json(ask())
    # Silent past the timeout, but the server answered its health check: it is working.
    assert reply.data == {"ok": True}
    assert len(model_server.requests) == 1 and model_server.health_checks >= 1
    assert model.limiter.in_flight_limit == 16


async def test_retries_are_bounded(model_server: FakeModelServer) -> None:
    model_server.enqueue(*[Canned(503, "overloaded") for _ in range(10)])
    async with OpenAIModel("m", settings_for(model_server, max_retries=2)) as model:
        with pytest.raises(ModelError) as caught:
            await model.complete_json(ask())
    assert len(model_server.requests) == 3
    assert "503" in str(caught.value) and "/v1/chat/completions" in str(caught.value)


async def test_client_error_is_not_retried_and_never_shows_the_key(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(Canned(401, {"error": f"invalid api key {KEY}"}))
    async with OpenAIModel("m", settings_for(model_server)) as model:
        with pytest.raises(ModelError) as caught:
            await model.complete_json(ask())
    assert len(model_server.requests) == 1
    message = str(caught.value)
    assert "401" in message and model_server.url in message
    assert KEY not in message and "***" in message
    # The key did go to the server, in the Authorization header only.
    assert model_server.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert KEY not in model_server.requests[0].body.decode()


async def test_connection_errors_are_retried_then_reported() -> None:
    port = free_port()  # nobody listens there
    settings = ModelSettings(
        base_url=f"http://127.0.0.1:{port}/v1",
        api_key=SecretStr(KEY),
        max_retries=2,
        backoff_base=0.001,
        backoff_max=0.002,
    )
    async with OpenAIModel("m", settings) as model:
        with pytest.raises(ModelError) as caught:
            await model.complete_json(ask())
    assert f"127.0.0.1:{port}" in str(caught.value) and KEY not in str(caught.value)


async def test_concurrency_limit_per_endpoint_is_respected() -> None:
    def slow_answer(_request) -> Canned:
        answer = openai_completion({"ok": True})
        answer.delay = 0.05
        return answer

    with FakeModelServer(slow_answer) as server:
        model = OpenAIModel("m", settings_for(server, max_connections=3))
        async with model, anyio.create_task_group() as group:
            for i in range(12):
                group.start_soon(model.complete_json, ask(str(i)))
    assert len(server.requests) == 12
    assert 2 <= server.max_in_flight <= 3


async def test_one_client_is_reused_across_calls(model_server: FakeModelServer) -> None:
    model_server.enqueue(*[openai_completion({"ok": True}) for _ in range(3)])
    async with OpenAIModel("m", settings_for(model_server)) as model:
        for _ in range(3):
            await model.complete_json(ask())
    assert len({r.client_port for r in model_server.requests}) == 1


async def test_the_body_is_compact_utf8_json(model_server: FakeModelServer) -> None:
    model_server.enqueue(openai_completion({"ok": True}))
    async with OpenAIModel("m", settings_for(model_server)) as model:
        await model.complete_json(ask("Maria Skłodowska-Curie"))
    sent = model_server.requests[0]
    assert sent.headers["content-type"] == "application/json"
    compact = json.dumps(sent.json, separators=(",", ":"), ensure_ascii=False)
    assert sent.body == compact.encode() and "Skłodowska" in sent.body.decode()


async def test_key_is_absent_from_reprs_and_dumps(model_server: FakeModelServer) -> None:
    settings = settings_for(model_server)
    async with OpenAIModel("m", settings) as model:
        shown = [repr(settings), str(settings), settings.model_dump_json(), repr(model)]
    assert all(KEY not in text for text in shown)
