"""Calls to one model endpoint limited across every process and run, by a Prefect global
concurrency limit named after the endpoint, on top of each model client's own limit.

The scorer knows nothing of Prefect: the judge's model is wrapped here, at the task layer.
"""

from __future__ import annotations

import re
from contextlib import suppress

from prefect.client.orchestration import get_client
from prefect.client.schemas.actions import GlobalConcurrencyLimitCreate
from prefect.concurrency.asyncio import concurrency
from prefect.exceptions import ObjectAlreadyExists, ObjectNotFound
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges import LLMJudge
from recall_audit.scorer.models.base import ChatModel, JsonReply, JsonRequest
from recall_audit.scorer.retrievers.http import public_url


def limit_name(model: ChatModel) -> str:
    """One limit per endpoint (scheme, host, port, path), whatever model it serves; a name
    Prefect accepts (letters, digits, dashes) and one that holds no credential."""
    slug = re.sub(r"[^a-z0-9]+", "-", public_url(model.base_url).lower()).strip("-")
    return f"model-endpoint-{slug}"


async def ensure_shared_limit(judge: Judge, limit: int | None) -> str | None:
    """The name of the judge's endpoint limit, created with `limit` slots on first use (an
    existing limit keeps the size an operator gave it). None when there is nothing to limit."""
    if limit is None or not isinstance(judge, LLMJudge):
        return None
    name = limit_name(judge.model)
    async with get_client() as client:
        try:
            await client.read_global_concurrency_limit_by_name(name)
        except ObjectNotFound:
            # Another audit may create it between our read and our write: theirs stands.
            with suppress(ObjectAlreadyExists):
                await client.create_global_concurrency_limit(
                    GlobalConcurrencyLimitCreate(name=name, limit=limit)
                )
    return name


class SharedLimitModel:
    """A ChatModel whose every call holds one slot of the named global limit."""

    def __init__(self, inner: ChatModel, limit: str) -> None:
        self._inner = inner
        self.limit = limit
        self.provider = inner.provider
        self.model = inner.model
        self.base_url = inner.base_url

    async def complete_json(self, request: JsonRequest) -> JsonReply:
        async with concurrency(self.limit, occupy=1):
            return await self._inner.complete_json(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


def shared_model_limit(judge: Judge, limit: str | None) -> Judge:
    """The judge, its model calls held to the named limit when there is one."""
    if limit is None or not isinstance(judge, LLMJudge):
        return judge
    return LLMJudge(
        SharedLimitModel(judge.model, limit),
        template=judge.template,
        cache=judge.cache,
        context_budget=judge.context_budget,
    )
