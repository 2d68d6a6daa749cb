"""What the OpenAI-compatible and Anthropic clients send and how they read the replies."""

from __future__ import annotations

import json

import pytest
from model_server import Canned, FakeModelServer, anthropic_message, openai_completion
from pydantic import SecretStr

from recall_audit.errors import ModelError
from recall_audit.models import AnthropicModel, JsonRequest, ModelSettings, OpenAIModel
from recall_audit.types import Usage

pytestmark = pytest.mark.anyio

KEY = "sk-provider-key-0123456789"
SCHEMA = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}
REQUEST = JsonRequest(
    system="Be brief.", user="Is it ok?", json_schema=SCHEMA, schema_name="answer"
)


def settings_for(base_url: str) -> ModelSettings:
    return ModelSettings(
        base_url=base_url, api_key=SecretStr(KEY), max_retries=2, backoff_base=0.001, seed=7
    )


async def test_openai_sends_strict_json_schema_and_reads_usage(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(openai_completion({"ok": True}, prompt_tokens=42, completion_tokens=3))
    async with OpenAIModel("gpt-test", settings_for(model_server.url + "/v1")) as model:
        reply = await model.complete_json(REQUEST)

    assert reply.data == {"ok": True} and reply.problem is None
    assert reply.usage == Usage(calls=1, input_tokens=42, output_tokens=3)
    sent = model_server.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    body = sent.json
    assert body["model"] == "gpt-test" and body["temperature"] == 0 and body["seed"] == 7
    assert body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Is it ok?"},
    ]
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "answer", "schema": SCHEMA, "strict": True},
    }


# What llama-cpp-python's server (the real one in ../shared/tools) answers to json_schema.
LLAMA_CPP_REFUSAL = {
    "error": {
        "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', "
        "'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", "
        "'input': 'json_schema', 'ctx': {'expected': \"'text' or 'json_object'\"}}",
        "type": "internal_server_error",
    }
}


async def test_openai_falls_back_to_json_object_when_llama_cpp_refuses_json_schema(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(
        Canned(500, LLAMA_CPP_REFUSAL),
        openai_completion({"ok": True}),
        openai_completion({"ok": False}),
    )
    async with OpenAIModel("smollm2", settings_for(model_server.url + "/v1")) as model:
        first = await model.complete_json(REQUEST)
        second = await model.complete_json(REQUEST)

    assert (first.data, second.data) == ({"ok": True}, {"ok": False})
    formats = [r.json["response_format"] for r in model_server.requests]
    assert formats[0]["type"] == "json_schema"
    assert formats[1] == {"type": "json_object", "schema": SCHEMA}
    # The schema travels in the prompt too, and the rejected mode is not tried again.
    assert (
        json.dumps(SCHEMA, separators=(",", ":"))
        in model_server.requests[1].json["messages"][0]["content"]
    )
    assert formats[2]["type"] == "json_object" and len(formats) == 3
    assert model.mode == "json_object"


async def test_openai_falls_back_to_prompt_only_when_json_object_is_rejected_too(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(
        Canned(400, {"error": "unknown response_format"}),
        Canned(400, {"error": "unknown response_format"}),
        openai_completion('Sure! ```json\n{"ok": true}\n```'),
    )
    async with OpenAIModel("old", settings_for(model_server.url + "/v1")) as model:
        reply = await model.complete_json(REQUEST)

    assert reply.data == {"ok": True}
    assert "response_format" not in model_server.requests[2].json
    assert model.mode == "prompt"


async def test_openai_falls_back_on_400_response_format_unsupported(
    model_server: FakeModelServer,
) -> None:
    refusal = {"error": {"message": "response_format 'json_schema' is not supported"}}
    model_server.enqueue(Canned(400, refusal), openai_completion({"ok": True}))
    async with OpenAIModel("m", settings_for(model_server.url + "/v1")) as model:
        reply = await model.complete_json(REQUEST)
    assert reply.data == {"ok": True} and model.mode == "json_object"
    assert [r.json["response_format"]["type"] for r in model_server.requests] == [
        "json_schema",
        "json_object",
    ]


async def test_openai_client_error_not_about_the_format_is_raised_at_once(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(*[Canned(400, {"error": "context too long"}) for _ in range(3)])
    async with OpenAIModel("m", settings_for(model_server.url + "/v1")) as model:
        with pytest.raises(ModelError, match="400"):
            await model.complete_json(REQUEST)
    assert len(model_server.requests) == 1 and model.mode == "json_schema"


async def test_openai_500_that_does_not_name_the_format_is_retried_not_a_fallback(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(*[Canned(500, {"error": "internal error"}) for _ in range(3)])
    async with OpenAIModel("m", settings_for(model_server.url + "/v1")) as model:
        with pytest.raises(ModelError, match="500 after 3 attempts"):
            await model.complete_json(REQUEST)
    formats = [r.json["response_format"]["type"] for r in model_server.requests]
    assert formats == ["json_schema"] * 3 and model.mode == "json_schema"


async def test_openai_truncated_reply_is_reported_not_guessed(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(openai_completion('{"ok": tr', finish_reason="length"))
    async with OpenAIModel("m", settings_for(model_server.url + "/v1")) as model:
        reply = await model.complete_json(REQUEST)
    # No member was complete, so nothing is kept; the judge sees the cut and asks for less.
    assert reply.data == {} and reply.truncated and "token limit" in (reply.problem or "")
    assert reply.usage.calls == 1


async def test_openai_base_url_and_key_come_from_the_environment(
    model_server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    model_server.enqueue(openai_completion({"ok": True}))
    async with OpenAIModel("m", ModelSettings(max_retries=0)) as model:
        await model.complete_json(REQUEST)
        assert KEY not in repr(model)
    assert model_server.requests[0].headers["authorization"] == f"Bearer {KEY}"


async def test_anthropic_forces_a_tool_and_reads_its_input(model_server: FakeModelServer) -> None:
    model_server.enqueue(
        anthropic_message({"ok": True}, "answer", input_tokens=50, output_tokens=9)
    )
    async with AnthropicModel("claude-test", settings_for(model_server.url)) as model:
        reply = await model.complete_json(REQUEST)

    assert reply.data == {"ok": True}
    assert reply.usage == Usage(calls=1, input_tokens=50, output_tokens=9)
    sent = model_server.requests[0]
    assert sent.path == "/v1/messages"
    assert sent.headers["x-api-key"] == KEY
    assert sent.headers["anthropic-version"] == "2023-06-01"
    body = sent.json
    assert body["system"] == "Be brief." and body["temperature"] == 0
    assert body["messages"] == [{"role": "user", "content": "Is it ok?"}]
    assert body["tools"][0]["name"] == "answer" and body["tools"][0]["input_schema"] == SCHEMA
    assert body["tool_choice"] == {"type": "tool", "name": "answer"}


async def test_anthropic_without_tool_call_is_a_problem_to_repair(
    model_server: FakeModelServer,
) -> None:
    model_server.enqueue(
        Canned(
            body={
                "content": [{"type": "text", "text": "I think it is"}],
                "stop_reason": "max_tokens",
                "usage": {"input_tokens": 5, "output_tokens": 2048},
            }
        )
    )
    async with AnthropicModel("claude-test", settings_for(model_server.url + "/v1")) as model:
        reply = await model.complete_json(REQUEST)
    assert reply.data is None and "token limit" in (reply.problem or "")
    assert model_server.requests[0].path == "/v1/messages"


async def test_anthropic_errors_hide_the_key(model_server: FakeModelServer) -> None:
    model_server.enqueue(Canned(403, {"error": {"message": f"key {KEY} is not allowed"}}))
    async with AnthropicModel("claude-test", settings_for(model_server.url)) as model:
        with pytest.raises(ModelError) as caught:
            await model.complete_json(REQUEST)
    assert "403" in str(caught.value) and KEY not in str(caught.value)


def test_azure_openai_endpoints_get_the_key_in_api_key_not_as_a_bearer() -> None:
    from pydantic import SecretStr

    from recall_audit.models import OpenAIModel
    from recall_audit.models.base import ModelSettings

    key = SecretStr("azure-key")
    azure = OpenAIModel(
        "gpt-4o", ModelSettings(base_url="https://res.openai.azure.com/openai/v1", api_key=key)
    )
    local = OpenAIModel("qwen", ModelSettings(base_url="http://127.0.0.1:8080/v1", api_key=key))
    assert azure.auth_headers(key) == {"api-key": "azure-key"}
    assert local.auth_headers(key) == {"Authorization": "Bearer azure-key"}
    assert "azure-key" not in repr(azure)


@pytest.mark.parametrize(
    ("usage", "tokens"),
    [
        ("n/a", (0, 0)),
        ({"prompt_tokens": 10**30, "completion_tokens": 5}, (0, 5)),
        ({"prompt_tokens": "42", "completion_tokens": -3}, (0, 0)),
        ({"prompt_tokens": 42.0, "completion_tokens": True}, (42, 0)),
    ],
)
async def test_a_usage_that_is_no_token_count_costs_the_count_not_the_answer(
    model_server: FakeModelServer, usage: object, tokens: tuple[int, int]
) -> None:
    canned = openai_completion({"ok": True})
    canned.body["usage"] = usage
    model_server.enqueue(canned)
    async with OpenAIModel("gpt-test", settings_for(model_server.url + "/v1")) as model:
        reply = await model.complete_json(REQUEST)
    assert reply.data == {"ok": True}
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == tokens
