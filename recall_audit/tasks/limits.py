"""Calls to one model endpoint limited across every process and run, by Prefect global
limits named after the endpoint, on top of each model client's own limits: one on the calls
in flight, one on the calls a minute.

The scorer knows nothing of Prefect: the judge's model is wrapped here, at the task layer.
"""

from __future__ import annotations

import re
from contextlib import suppress

from prefect.client.orchestration import get_client
from prefect.client.schemas.actions import GlobalConcurrencyLimitCreate
from prefect.concurrency.asyncio import concurrency, rate_limit
from prefect.exceptions import ObjectAlreadyExists, ObjectNotFound
from pydantic import BaseModel, ConfigDict

from recall_audit.models.base import ChatModel, JsonReply, JsonRequest
from recall_audit.retrievers.http import public_url
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges import CascadeJudge, LLMJudge


class SharedLimits(BaseModel):
    """The names of the Prefect global limits on the judge's endpoint; None: not limited."""

    model_config = ConfigDict(frozen=True)

    in_flight: str | None = None
    per_minute: str | None = None


def limit_name(model: ChatModel) -> str:
    """One limit per endpoint (scheme, host, port, path), whatever model it serves; a name
    Prefect accepts (letters, digits, dashes) and one that holds no credential."""
    slug = re.sub(r"[^a-z0-9]+", "-", public_url(model.base_url).lower()).strip("-")
    return f"model-endpoint-{slug}"


async def _ensure(limit: GlobalConcurrencyLimitCreate) -> str:
    """Creates the limit on first use; an existing one keeps the size an operator gave it."""
    async with get_client() as client:
        try:
            await client.read_global_concurrency_limit_by_name(limit.name)
        except ObjectNotFound:
            # Another audit may create it between our read and our write: theirs stands.
            with suppress(ObjectAlreadyExists):
                await client.create_global_concurrency_limit(limit)
    return limit.name


async def ensure_shared_limits(
    judge: Judge, in_flight: int | None, per_minute: int | None
) -> SharedLimits:
    """The judge endpoint's shared limits, created on first use: `in_flight` slots held for
    each call, and a rate limit of `per_minute` calls whose slots drain at that pace (a
    second's worth may go at once)."""
    model_judge = judge.escalate_to if isinstance(judge, CascadeJudge) else judge
    if not isinstance(model_judge, LLMJudge):
        return SharedLimits()
    name = limit_name(model_judge.model)
    return SharedLimits(
        in_flight=None
        if in_flight is None
        else await _ensure(GlobalConcurrencyLimitCreate(name=name, limit=in_flight)),
        per_minute=None
        if per_minute is None
        else await _ensure(
            GlobalConcurrencyLimitCreate(
                name=f"{name}-per-minute",
                limit=max(1, per_minute // 60),
                slot_decay_per_second=per_minute / 60,
            )
        ),
    )


class SharedLimitModel:
    """A ChatModel whose every call first takes a slot of the shared rate (it is spent, not
    returned), then holds a slot of the shared in-flight limit while it runs."""

    def __init__(self, inner: ChatModel, limits: SharedLimits) -> None:
        self._inner = inner
        self.limits = limits
        self.provider = inner.provider
        self.model = inner.model
        self.base_url = inner.base_url

    async def complete_json(self, request: JsonRequest) -> JsonReply:
        if self.limits.per_minute is not None:
            await rate_limit(self.limits.per_minute, occupy=1)
        if self.limits.in_flight is None:
            return await self._inner.complete_json(request)
        async with concurrency(self.limits.in_flight, occupy=1):
            return await self._inner.complete_json(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


def shared_model_limits(judge: Judge, limits: SharedLimits) -> Judge:
    """The judge, its model calls held to the shared limits when there are any (a cascade's
    model judge's)."""
    if isinstance(judge, CascadeJudge) and limits != SharedLimits():
        return CascadeJudge(judge.first, shared_model_limits(judge.escalate_to, limits))
    if limits == SharedLimits() or not isinstance(judge, LLMJudge):
        return judge
    return LLMJudge(
        SharedLimitModel(judge.model, limits),
        template=judge.template,
        cache=judge.cache,
        context_budget=judge.context_budget,
    )
