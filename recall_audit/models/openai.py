"""OpenAI-compatible chat completions (OpenAI, Azure, vLLM, Ollama, llama.cpp, LM Studio)."""

from __future__ import annotations

import json
import re
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import SecretStr

from recall_audit.models.base import (
    JsonReply,
    JsonRequest,
    Refused,
    output_tokens,
    parse_json_object,
    reported_tokens,
)
from recall_audit.models.http import HttpChatModel
from recall_audit.types import Usage

DEFAULT_BASE_URL = "https://api.openai.com/v1"
AZURE_HOSTS = (".openai.azure.com", ".cognitiveservices.azure.com")

Mode = Literal["json_schema", "json_object", "prompt"]
# Best first: each later mode asks less of the server and more of the prompt.
MODES: tuple[Mode, ...] = ("json_schema", "json_object", "prompt")
# How servers refuse a response_format: 400 or 422 (OpenAI, vLLM, LM Studio), and
# llama-cpp-python's server answers 500 with a validation error naming response_format.
FORMAT_REFUSED_STATUS = frozenset({400, 422, 500, 501})
# The refusal names the format; a 500 that does not ("boom", a proxy's page) is transient.
FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|\bschema\b|grammar", re.I)


class OpenAIModel(HttpChatModel):
    """Structured output by json_schema, falling back to json_object, then to the prompt alone.

    A mode is left only on the server's word that it does not support it (see
    `_format_refused`), never on a transient failure; a refused mode is not tried again.
    """

    provider = "openai"
    default_base_url = DEFAULT_BASE_URL
    base_url_env = "OPENAI_BASE_URL"
    api_key_env = "OPENAI_API_KEY"
    # Index into MODES of the best mode not refused yet; set per instance once one is refused.
    _mode = 0

    def auth_headers(self, key: SecretStr | None) -> dict[str, str]:
        return openai_auth_headers(self.base_url, key)

    @property
    def mode(self) -> Mode:
        return MODES[self._mode]

    async def complete_json(self, request: JsonRequest) -> JsonReply:
        index = self._mode
        while True:
            may_fall_back = index < len(MODES) - 1
            try:
                raw = await self._transport.post_json(
                    "chat/completions",
                    self._body(request, MODES[index]),
                    refuses=_format_refused if may_fall_back else None,
                )
            except Refused:
                # Requests in flight may have been refused too: the mode only moves forward.
                index = self._mode = max(self._mode, index + 1)
                continue
            return _reply(raw)

    def _body(self, request: JsonRequest, mode: Mode) -> dict[str, Any]:
        system = request.system
        if mode != "json_schema":
            schema = json.dumps(request.json_schema, separators=(",", ":"))
            system += f"\nReply with one JSON object only, matching this JSON schema: {schema}"
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [
                {"role": "system", "content": system},
                {"role": "user", "content": request.user},
            ],
            "temperature": 0,
            "seed": self.settings.seed,
            "max_tokens": output_tokens(request, self.settings),
        }
        if mode == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {
                    "name": request.schema_name,
                    "schema": request.json_schema,
                    "strict": True,
                },
            }
        elif mode == "json_object":
            # llama.cpp constrains decoding with this schema; others ignore the extra field.
            body["response_format"] = {"type": "json_object", "schema": request.json_schema}
        return body


def openai_auth_headers(base_url: str, key: SecretStr | None) -> dict[str, str]:
    if not key:
        return {}
    # Azure OpenAI's v1 endpoint takes its resource key in `api-key`, not as a bearer token.
    if (urlsplit(base_url).hostname or "").endswith(AZURE_HOSTS):
        return {"api-key": key.get_secret_value()}
    return {"Authorization": f"Bearer {key.get_secret_value()}"}


def _format_refused(status: int, body: str) -> bool:
    return status in FORMAT_REFUSED_STATUS and FORMAT_WORDS.search(body) is not None


def _reply(raw: dict[str, Any]) -> JsonReply:
    usage_raw = raw.get("usage")
    usage = Usage(
        calls=1,
        input_tokens=reported_tokens(usage_raw, "prompt_tokens"),
        output_tokens=reported_tokens(usage_raw, "completion_tokens"),
    )
    try:
        choice = raw["choices"][0]
        content = choice["message"].get("content")
    except (KeyError, IndexError, TypeError, AttributeError):
        return JsonReply(data=None, problem="the reply had no message", usage=usage)
    if not isinstance(content, str) or not content.strip():
        return JsonReply(data=None, problem="the reply's message was empty", usage=usage)
    data, problem = parse_json_object(content)
    truncated = choice.get("finish_reason") == "length"
    if problem and truncated:
        problem = "the reply was cut off at the token limit, so its JSON is incomplete"
    return JsonReply(data=data, problem=problem, usage=usage, text=content, truncated=truncated)
