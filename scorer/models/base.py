"""The one small interface every model provider implements: a JSON question, a JSON answer."""

from __future__ import annotations

import json
import os
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, SecretStr
from recall_audit.scorer.models.limits import RateLimits
from recall_audit.scorer.types import Usage


class ModelSettings(BaseModel):
    """How to reach a model endpoint; unset fields fall back to the provider's environment."""

    model_config = ConfigDict(frozen=True)

    base_url: str | None = None
    # SecretStr keeps the key out of repr, str and model_dump output.
    api_key: SecretStr | None = None
    timeout: float = Field(default=60.0, gt=0)
    # Most requests in flight to one endpoint at once; fewer while the server answers 429.
    max_connections: int = Field(default=16, ge=1)
    # Requests and tokens per minute; unset budgets come from RECALL_AUDIT_RPM / _TPM.
    limits: RateLimits = Field(default_factory=RateLimits)
    # Retries after the first attempt; the total number of attempts is max_retries + 1.
    max_retries: int = Field(default=4, ge=0)
    backoff_base: float = Field(default=0.5, ge=0)
    backoff_max: float = Field(default=20.0, ge=0)
    # Longest wait a server's Retry-After may impose before we try again.
    retry_after_max: float = Field(default=60.0, ge=0)
    max_tokens: int = Field(default=2048, ge=1)
    seed: int = 0


class JsonRequest(BaseModel):
    """One structured question: instructions, the material, and the shape of the answer."""

    model_config = ConfigDict(frozen=True)

    system: str
    user: str
    json_schema: dict[str, Any]
    schema_name: str

    def canonical_json(self) -> str:
        """Stable text of the request, for cache keys."""
        return json.dumps(self.model_dump(), sort_keys=True, separators=(",", ":"))


class JsonReply(BaseModel):
    """The parsed answer, or why it could not be parsed (the judge may then repair once)."""

    data: dict[str, Any] | None
    problem: str | None = None
    usage: Usage = Field(default_factory=Usage)


@runtime_checkable
class ChatModel(Protocol):
    """A model endpoint that answers a JsonRequest; `provider/model` names it."""

    provider: str
    model: str
    base_url: str

    async def complete_json(self, request: JsonRequest) -> JsonReply: ...

    async def aclose(self) -> None: ...


def parse_json_object(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """The JSON object in a model's text (code fences and chatter around it tolerated)."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0:
        return None, "the reply contained no JSON object"
    if end < start:
        return None, "the reply's JSON was truncated"
    try:
        data = json.loads(text[start : end + 1])
    except json.JSONDecodeError as exc:
        return None, f"the reply was not valid JSON ({exc.msg} at char {exc.pos})"
    if not isinstance(data, dict):
        return None, "the reply's JSON was not an object"
    return data, None


def env_secret(name: str) -> SecretStr | None:
    """A key from the environment, wrapped at once so it never travels as plain text."""
    value = os.environ.get(name)
    return SecretStr(value) if value else None
