"""How far one case may go in time and memory before it is that case's error.

The limits are a group of the AuditSpec (`spec.case_limits`), set like its other settings:
on the command line (`--retriever-timeout 300`), in an experiment.yaml or a deployment's
parameters (`retriever_timeout: 300`). One left unset is read from its environment variable,
RECALL_AUDIT_<NAME> (`RECALL_AUDIT_RETRIEVER_TIMEOUT=300`), else it has a default that no
real retriever or dataset comes near. The message of a case that hits one names the limit
and how to raise it (`beyond`).
"""

from __future__ import annotations

import os
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from recall_audit.errors import ConfigurationError

ENV_PREFIX = "RECALL_AUDIT_"
# The upper ends, far beyond any real retriever or dataset: a day for one retrieval (a
# thread's wait takes at most some 9e9 s; past it, an OverflowError), a gibibyte of answer.
MAX_SECONDS = 86_400.0
MAX_BYTES = 2**30
# A chunk of a local knowledge base (characters or sentences), and its overlap: a chunk is
# no longer than a document may be (max_chunk_chars' default).
MAX_CHUNK_SIZE = 1_000_000


class CaseLimits(BaseModel):
    """The bounds of one case. A limit not given is read from RECALL_AUDIT_<NAME> when that
    is set; a value there that cannot be one is a ConfigurationError naming the variable."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    retriever_timeout: float = Field(
        default=60.0,
        gt=0,
        le=MAX_SECONDS,
        description="Seconds one retrieval may take in all, retries included, for every kind "
        "of retriever; a `python:` function still running is left behind.",
    )
    retriever_idle_timeout: float = Field(
        default=30.0,
        gt=0,
        le=MAX_SECONDS,
        description="Seconds an HTTP retriever may stay silent: connecting, or between two "
        "bytes of its answer.",
    )
    max_response_bytes: int = Field(
        default=32 * 2**20,
        ge=1,
        le=MAX_BYTES,
        description="Bytes of an HTTP retriever's answer, counted after decompression, so a "
        "gzip bomb or an endless body stops there.",
    )
    max_chunks: int = Field(
        default=1_000,
        ge=1,
        le=100_000,
        description="Chunks one case's answer may hold (after --top-k).",
    )
    max_chunk_chars: int = Field(
        default=1_000_000,
        ge=1,
        le=MAX_BYTES,
        description="Characters of one chunk, and of one knowledge-base document or line.",
    )
    # The built-in judge's time grows faster than its input (a megabyte of distinct
    # sentences ran for minutes); 20,000 characters are some three pages, judged in seconds
    # (docs/reliability.md has the time measured at the limit).
    max_ground_truth_chars: int = Field(
        default=20_000,
        ge=1,
        le=1_000_000,
        description="Characters of a ground truth the built-in judge takes.",
    )

    @model_validator(mode="before")
    @classmethod
    def _unset_from_environment(cls, data: Any) -> Any:
        """Each limit not given takes its environment variable's value, when that is set."""
        if not isinstance(data, dict):
            return data
        given = dict(data)
        for name, field in cls.model_fields.items():
            raw = os.environ.get(env_name(name), "").strip()
            if name in given or not raw:
                continue
            check = TypeAdapter(
                Annotated[field.annotation, *field.metadata], config=cls.model_config
            )
            try:
                given[name] = check.validate_python(raw)
            except ValidationError as error:
                message = error.errors()[0]["msg"]
                raise ConfigurationError(f"{env_name(name)}={raw!r}: {message}") from None
        return given


def limits_from_env() -> CaseLimits:
    """The limits as the environment sets them (defaults for the unset ones)."""
    return CaseLimits()


def env_name(field: str) -> str:
    """The environment variable that sets `field` of CaseLimits."""
    return ENV_PREFIX + field.upper()


def shown_default(field: str) -> str:
    """`field`'s default as people read it: `60 s`, `33,554,432`."""
    default = CaseLimits.model_fields[field].default
    return f"{default:,}" if isinstance(default, int) else f"{default:g} s"


def option_name(field: str) -> str:
    """The command line's option for `field` of CaseLimits."""
    return "--" + field.replace("_", "-")


def beyond(what: str, field: str) -> str:
    """A case's message for a limit it went past: what happened, and how to raise it."""
    return f"{what} (raise the limit with {option_name(field)} or {env_name(field)})"
