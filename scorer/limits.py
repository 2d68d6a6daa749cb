"""How far one case may go in time and memory before it is that case's error.

Each limit has a default that no real retriever or dataset comes near, and an environment
variable, RECALL_AUDIT_<NAME>, that raises it (`RECALL_AUDIT_RETRIEVER_TIMEOUT=300`). The
message of a case that hits one names the limit and its variable (`beyond`).
"""

from __future__ import annotations

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict
from recall_audit.scorer.errors import ConfigurationError

ENV_PREFIX = "RECALL_AUDIT_"


class Limits(BaseSettings):
    """The bounds of one case; read from the environment by `limits_from_env`."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, frozen=True, extra="ignore")

    retriever_timeout: float = Field(
        default=60.0,
        gt=0,
        description="Seconds one retrieval may take in all, retries included, for every kind "
        "of retriever; a sync `python:` function still running is left behind.",
    )
    retriever_idle_timeout: float = Field(
        default=30.0,
        gt=0,
        description="Seconds an HTTP retriever may stay silent: connecting, or between two "
        "bytes of its answer.",
    )
    max_response_bytes: int = Field(
        default=32 * 2**20,
        ge=1,
        description="Bytes of an HTTP retriever's answer, counted after decompression, so a "
        "gzip bomb or an endless body stops there.",
    )
    max_chunks: int = Field(
        default=1_000, ge=1, description="Chunks one case's answer may hold (after --top-k)."
    )
    max_chunk_chars: int = Field(
        default=1_000_000,
        ge=1,
        description="Characters of one chunk, and of one knowledge-base document or line.",
    )
    # The built-in judge's time grows faster than its input (a megabyte of distinct
    # sentences ran for minutes); 20,000 characters are some three pages, judged in seconds
    # (docs/reliability.md has the time measured at the limit).
    max_ground_truth_chars: int = Field(
        default=20_000,
        ge=1,
        description="Characters of a ground truth the built-in judge takes.",
    )


def limits_from_env() -> Limits:
    """The limits as the environment sets them; a value that cannot be one is one line."""
    try:
        return Limits()
    except ValidationError as error:
        problem = error.errors()[0]
        name = ENV_PREFIX + str(problem["loc"][0]).upper()
        raise ConfigurationError(f"{name}: {problem['msg']}") from None


def env_name(field: str) -> str:
    """The environment variable that sets `field` of Limits."""
    return ENV_PREFIX + field.upper()


def beyond(what: str, field: str) -> str:
    """A case's message for a limit it went past: what happened, and how to raise it."""
    return f"{what} (raise the limit with {env_name(field)})"
