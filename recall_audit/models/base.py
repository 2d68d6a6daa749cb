"""The one small interface every model provider implements: a JSON question, a JSON answer."""

from __future__ import annotations

import json
import os
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from recall_audit.errors import ModelError

# Re-exported: the providers read their replies with it.
from recall_audit.models.lenient_json import parse_json_object as parse_json_object
from recall_audit.models.limits import RateLimits
from recall_audit.types import Usage

# Output tokens for a request that did not estimate its own.
DEFAULT_MAX_TOKENS = 2048


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
    # Whether a late request may get a copy when a place in flight is free (the first answer
    # is taken: recall_audit/models/hedge.py). Off where another limit than this client's own
    # counts the requests in flight (Prefect's shared limits), since a copy escapes it.
    hedge: bool = True
    # Retries after the first attempt; the total number of attempts is max_retries + 1.
    max_retries: int = Field(default=4, ge=0)
    backoff_base: float = Field(default=0.5, ge=0)
    backoff_max: float = Field(default=20.0, ge=0)
    # Longest wait a server's Retry-After may impose before we try again.
    retry_after_max: float = Field(default=60.0, ge=0)
    # Bytes of one answer, counted after decompression: a gzip bomb or an endless body stops
    # there (as an HTTP retriever's does: CaseLimits.max_response_bytes, the same default).
    max_response_bytes: int = Field(default=32 * 2**20, ge=1)
    # A ceiling on output tokens; under it each request asks for what it needs (see
    # JsonRequest.max_tokens), so a big batch is not cut and a small one reserves little.
    max_tokens: int | None = Field(default=None, ge=1)
    seed: int = 0


class JsonRequest(BaseModel):
    """One structured question: instructions, the material, and the shape of the answer."""

    model_config = ConfigDict(frozen=True)

    system: str
    user: str
    json_schema: dict[str, Any]
    schema_name: str
    # Output tokens this request needs, as its builder estimated them; None: the default.
    max_tokens: int | None = Field(default=None, ge=1)

    def canonical_json(self) -> str:
        """Stable text of the request, for cache keys."""
        return json.dumps(self.model_dump(), sort_keys=True, separators=(",", ":"))


class JsonReply(BaseModel):
    """The parsed answer, or why it could not be parsed (the judge may then repair once).

    A cut-off reply carries both: the complete members it had, and the problem.
    """

    data: dict[str, Any] | None
    problem: str | None = None
    usage: Usage = Field(default_factory=Usage)
    # The model's own text, shown back to it when its answer is repaired.
    text: str = ""
    # The model stopped at the token limit (finish_reason "length"): ask for less, not again.
    truncated: bool = False


class EndpointError(ModelError):
    """A request failed for good; `status` is the HTTP status, None for timeouts and I/O."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class Refused(EndpointError):
    """The server refused the request as it was sent; the caller may change it and ask again."""


@runtime_checkable
class ChatModel(Protocol):
    """A model endpoint that answers a JsonRequest; `provider/model` names it."""

    provider: str
    model: str
    base_url: str

    async def complete_json(self, request: JsonRequest) -> JsonReply: ...

    async def aclose(self) -> None: ...


def output_tokens(request: JsonRequest, settings: ModelSettings) -> int:
    """What a request may spend on its answer: its own estimate, under the settings' ceiling."""
    wanted = request.max_tokens or settings.max_tokens or DEFAULT_MAX_TOKENS
    return min(wanted, settings.max_tokens) if settings.max_tokens else wanted


# No single request spends more tokens than this; a larger count is a server's garbage.
MOST_TOKENS = 10**9


def reported_tokens(usage: object, field: str) -> int:
    """A token count from a reply's `usage`, when it is one (a whole number from 0 to
    MOST_TOKENS); else 0. Usage is informational: `"usage": "n/a"`, a string or a count of
    10**30 (which no database column holds) must not cost the answer."""
    value = usage.get(field) if isinstance(usage, dict) else None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return int(value) if 0 <= value <= MOST_TOKENS and value == int(value) else 0


def env_secret(name: str) -> SecretStr | None:
    """A key from the environment, wrapped at once so it never travels as plain text."""
    value = os.environ.get(name)
    return SecretStr(value) if value else None
