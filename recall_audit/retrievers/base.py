"""The one interface every retriever under test implements, and its settings."""

from __future__ import annotations

import os
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import RecallAuditError
from recall_audit.limits import CaseLimits, limits_from_env

TOKEN_ENV = "RECALL_AUDIT_RETRIEVER_TOKEN"


class RetrieverError(RecallAuditError):
    """A retriever failed for one case (after its retries); safe to show, no secrets inside."""


def _token_from_env() -> SecretStr | None:
    token = os.environ.get(TOKEN_ENV)
    return SecretStr(token) if token else None


class RetrieverSettings(BaseModel):
    """How retrievers behind the network are called. Secrets are kept out of reprs."""

    model_config = ConfigDict(frozen=True)

    # Seconds the endpoint may stay silent (connecting, or between two bytes of its answer);
    # the whole call is bounded by CaseLimits.retriever_timeout, in the audit.
    timeout: float = Field(default_factory=lambda: limits_from_env().retriever_idle_timeout, gt=0)
    # Bytes of an answer, decompressed; beyond them the case errors.
    max_response_bytes: int = Field(
        default_factory=lambda: limits_from_env().max_response_bytes, ge=1
    )
    max_connections: int = Field(default=8, ge=1)
    # Retries after the first attempt, on 429, 5xx, timeouts and connection errors.
    retries: int = Field(default=3, ge=0)
    backoff: float = Field(default=0.5, ge=0)
    max_backoff: float = Field(default=10.0, ge=0)
    headers: dict[str, SecretStr] = Field(default_factory=dict)
    # Sent as "Authorization: Bearer <token>"; read from RECALL_AUDIT_RETRIEVER_TOKEN by default.
    token: SecretStr | None = Field(default_factory=_token_from_env)

    @classmethod
    def within(cls, limits: CaseLimits) -> RetrieverSettings:
        """The default settings, with the idle timeout and answer size of `limits`."""
        return cls(
            timeout=limits.retriever_idle_timeout, max_response_bytes=limits.max_response_bytes
        )


@runtime_checkable
class Retriever(Protocol):
    """Finds the chunks for one case. `retrieve` returns the raw answer, which
    `scorer.context.extract_chunks` turns into chunks. It takes the whole case so that the
    precomputed retriever can hand back the case's own contexts; the others use its question.

    `name` identifies the retriever in results and never holds a secret.
    """

    name: str

    async def retrieve(self, case: DatasetCase, top_k: int) -> Any: ...

    async def aclose(self) -> None: ...


class BaseRetriever:
    """Shared plumbing: `async with retriever:` closes it when done."""

    name: str
    # Whether the audit keeps only the first top_k chunks of an answer: a retriever's answer
    # is capped whatever it sent back; the dataset's own chunks are kept whole.
    capped: ClassVar[bool] = True

    async def prepare(self) -> None:
        """Builds what the retriever needs before its first question (the dense retriever's
        index); nothing to build for most. The audit calls it once per batch, outside the
        limit on one retrieval's time, which an index of a large knowledge base exceeds."""

    async def aclose(self) -> None:
        """Nothing to release unless a subclass holds a connection pool."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


async def prepare(retriever: Retriever) -> None:
    """`retriever.prepare()` when it has one: a user's own retriever need not."""
    hook = getattr(retriever, "prepare", None)
    if callable(hook):
        await hook()
