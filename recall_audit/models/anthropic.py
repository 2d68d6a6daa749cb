"""Anthropic's Messages API; structured output through a forced tool call."""

from __future__ import annotations

from typing import Any

from pydantic import SecretStr

from recall_audit.models.base import JsonReply, JsonRequest, output_tokens, reported_tokens
from recall_audit.models.http import HttpChatModel
from recall_audit.types import Usage

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"


class AnthropicModel(HttpChatModel):
    """Asks for the answer as the input of a tool the model must call; its schema is ours."""

    provider = "anthropic"
    default_base_url = DEFAULT_BASE_URL
    base_url_env = "ANTHROPIC_BASE_URL"
    api_key_env = "ANTHROPIC_API_KEY"

    def auth_headers(self, key: SecretStr | None) -> dict[str, str]:
        headers = {"anthropic-version": API_VERSION}
        if key:
            headers["x-api-key"] = key.get_secret_value()
        return headers

    async def complete_json(self, request: JsonRequest) -> JsonReply:
        # The base URL may be given with or without the /v1 suffix.
        path = "messages" if self.base_url.endswith("/v1") else "v1/messages"
        raw = await self._transport.post_json(path, self._body(request))
        return _reply(raw, request.schema_name)

    def _body(self, request: JsonRequest) -> dict[str, Any]:
        return {
            "model": self.model,
            "max_tokens": output_tokens(request, self.settings),
            "temperature": 0,
            "system": request.system,
            "messages": [{"role": "user", "content": request.user}],
            "tools": [
                {
                    "name": request.schema_name,
                    "description": "Record the answer.",
                    "input_schema": request.json_schema,
                }
            ],
            "tool_choice": {"type": "tool", "name": request.schema_name},
        }


def _reply(raw: dict[str, Any], tool_name: str) -> JsonReply:
    usage_raw = raw.get("usage")
    usage = Usage(
        calls=1,
        input_tokens=reported_tokens(usage_raw, "input_tokens"),
        output_tokens=reported_tokens(usage_raw, "output_tokens"),
    )
    blocks = raw.get("content")
    truncated = raw.get("stop_reason") == "max_tokens"
    for block in blocks if isinstance(blocks, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_use":
            data = block.get("input")
            if block.get("name") == tool_name and isinstance(data, dict):
                return JsonReply(data=data, usage=usage, truncated=truncated)
    if truncated:
        problem = "the reply was cut off at the token limit before the tool call was complete"
    else:
        problem = f"the reply did not call the {tool_name} tool with an object"
    return JsonReply(data=None, problem=problem, usage=usage, truncated=truncated)
