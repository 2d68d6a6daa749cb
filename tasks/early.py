"""The run's first model calls, made while the command still imports Prefect and creates the
flow run: on a fast endpoint they are answered before the flow's first batch asks for them,
and the flow is handed those answers instead of asking again.

Only what the flow will ask is asked early: the one call that lists and judges a new ground
truth's claims, for its first case in the first batch, from chunks the rows carry, read as
the extract-context stage reads them (tasks/chunks.py). The calls go through the model
client the flow's batches then use (the same pool, the same limiter: the in-flight limit and
the rate limits count them), and the flow's judge gets each answer as the answer to its own
first ask of that request, its usage booked on the case as any call's. An answer the flow
never asks for (a ground truth another process froze meanwhile) is a call wasted, never a
result changed: every case is judged, saved and shown in Prefect as it would have been.
No Prefect here: all of this happens before it is imported.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr
from recall_audit.scorer.audit_spec import BATCH_SIZE, PRECOMPUTED, AuditSpec
from recall_audit.scorer.context import ContextError
from recall_audit.scorer.datasets import DatasetCase, iter_cases
from recall_audit.scorer.judges import LLMJudge, get_judge
from recall_audit.scorer.models import ModelSettings, RateLimits
from recall_audit.scorer.models.base import ChatModel, JsonReply, JsonRequest
from recall_audit.scorer.models.cache import ResponseCache
from recall_audit.scorer.prompts import claim_key, claim_source
from recall_audit.scorer.redact import Scrubber, scrubber
from recall_audit.scorer.retrievers.precomputed import precomputed_answer
from recall_audit.tasks.chunks import chunk_problem, kept_chunks

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine


def model_settings(spec: AuditSpec, api_key: SecretStr | None = None) -> ModelSettings:
    """The judge's endpoint settings for the audit's batches."""
    limits = spec.limits
    return ModelSettings(
        limits=RateLimits(rpm=limits.rpm, tpm=limits.tpm),
        # The endpoint's own limiter keeps `concurrency` requests in flight, no more; a late
        # request's copy would escape Prefect's shared limits, so there are none with them.
        max_connections=limits.concurrency,
        hedge=limits.shared_model_limit is None and limits.shared_model_rpm is None,
        api_key=api_key,
    )


class EarlyReplies:
    """A ChatModel that keeps the answer to each request asked early, for the first time the
    flow asks it; every other request goes to the model as it comes."""

    def __init__(self, inner: ChatModel) -> None:
        self._inner = inner
        self.provider = inner.provider
        self.model = inner.model
        self.base_url = inner.base_url
        self._early: dict[str, asyncio.Task[JsonReply]] = {}
        self.recording = True

    async def complete_json(self, request: JsonRequest) -> JsonReply:
        key = request.canonical_json()
        if self.recording:
            task = self._early.setdefault(
                key, asyncio.ensure_future(self._inner.complete_json(request))
            )
            # Shielded: the early judge stopping (the flow took over) leaves the call going.
            return await asyncio.shield(task)
        asked = self._early.pop(key, None)
        return await asked if asked is not None else await self._inner.complete_json(request)

    async def aclose(self) -> None:
        for task in self._early.values():
            task.cancel()
        await self._inner.aclose()


class _ReadOnly:
    """The database's response cache, read but never written: the early judge asks nothing
    it holds, and leaves the answers to be cached by the flow's judge, which books them."""

    def __init__(self, cache: ResponseCache) -> None:
        self._cache = cache

    async def get(self, key: str) -> dict[str, Any] | None:
        return await self._cache.get(key)

    async def set(self, key: str, value: dict[str, Any]) -> None:
        return None


class _NoAnswers:
    """The response cache of a database that does not exist yet: it holds nothing."""

    async def get(self, key: str) -> dict[str, Any] | None:
        return None

    async def set(self, key: str, value: dict[str, Any]) -> None:
        return None


class EarlyCalls:
    """The early judge at work on the loop the flow will run on, until the flow takes over."""

    def __init__(self, spec: AuditSpec, model: EarlyReplies, work: Future[Any]) -> None:
        self.spec = spec
        self.model = model
        self._work = work

    def judge_for(self, spec: AuditSpec, cache: ResponseCache) -> LLMJudge | None:
        """The flow's judge, on the early calls' model, when `spec` asks for the judge and
        endpoint settings they were made with; the early judge stops asking."""
        if _endpoint(spec) != _endpoint(self.spec):
            return None
        self._work.cancel()
        self.model.recording = False
        return LLMJudge(self.model, cache=cache)


def _endpoint(spec: AuditSpec) -> tuple[Any, ...]:
    """What the judge's client is built from."""
    limits = spec.limits
    return spec.judge, limits.concurrency, limits.rpm, limits.tpm, spec.api_key_block


# The early calls this process made, until the flow's batches take them.
_made: EarlyCalls | None = None


def take_early_calls() -> EarlyCalls | None:
    global _made
    made, _made = _made, None
    return made


def can_call_early(spec: AuditSpec, resume: str | None) -> bool:
    """Whether the flow's first calls can be known before it runs: a model judge, once per
    case, batches in this process on the endpoint's own limits, a new run, and the rows'
    own chunks (no retriever or function of the user's runs twice)."""
    limits, retriever = spec.limits, spec.retriever
    return (
        resume is None
        and spec.samples == 1
        and limits.task_runner is None
        and limits.shared_model_limit is None
        and limits.shared_model_rpm is None
        and spec.api_key_block is None
        and retriever.spec in (None, PRECOMPUTED)
        and retriever.context_extractor is None
        and spec.judge not in (None, "builtin")
    )


def start_early_calls(
    spec: AuditSpec, engine: Engine | None, loop: asyncio.AbstractEventLoop
) -> EarlyCalls | None:
    """Begins the first cases' calls on `loop` (the one the flow will run on), for the flow's
    batches to take; None when the judge makes no model calls. Without `engine` the results
    database does not exist yet (it holds no frozen claims and no cached answers): the calls
    go while it is created."""
    global _made
    judge = get_judge(spec.judge, settings=model_settings(spec), limits=spec.case_limits)
    if not isinstance(judge, LLMJudge):
        return None
    model = EarlyReplies(judge.model)
    early = LLMJudge(model, cache=_NoAnswers() if engine is None else _read_only_cache(engine))
    inputs = list(_first_new_ground_truths(spec, engine, early))
    work = asyncio.run_coroutine_threadsafe(_judge_all(early, inputs), loop)
    _made = EarlyCalls(spec, model, work)
    return _made


def _read_only_cache(engine: Engine) -> _ReadOnly:
    from recall_audit.storage import DatabaseResponseCache

    return _ReadOnly(DatabaseResponseCache(engine))


async def _judge_all(judge: LLMJudge, inputs: list[tuple[str, list[str], str | None]]) -> None:
    await asyncio.gather(*(judge.claims_and_verdicts(*one) for one in inputs))


def _first_new_ground_truths(
    spec: AuditSpec, engine: Engine | None, judge: LLMJudge
) -> Iterator[tuple[str, list[str], str | None]]:
    """(ground truth, chunks, question) of the first case of each ground truth whose claims
    are not frozen, in the first batch: its cases ask for new claims in the dataset's order,
    before any later batch's do."""
    count = spec.limits.batch_size or BATCH_SIZE
    cases: list[DatasetCase] = []
    for case in iter_cases(spec.dataset.path, on_error="skip"):
        cases.append(case)
        if len(cases) >= count:
            break
    sources = {
        claim_key(*claim_source(c.ground_truth, c.question)): c
        for c in reversed(cases)  # the first case of each ground truth wins
        if c.ground_truth and c.ground_truth.strip() and c.contexts is not None
    }
    frozen = {} if engine is None else _frozen(engine, sorted(sources), judge)
    scrub = scrubber()
    for case in cases:
        ground_truth, question = claim_source(case.ground_truth, case.question)
        key = claim_key(ground_truth, question)
        if sources.get(key) is not case or key in frozen:
            continue
        chunks = _chunks(case, spec, scrub)
        if chunks:
            yield ground_truth, chunks, question


def _frozen(engine: Engine, keys: list[str], judge: LLMJudge) -> dict[str, list[str]]:
    from recall_audit.storage import Session, get_claims

    with Session(engine) as session:
        return get_claims(session, keys, judge.name, judge.version)


def _chunks(case: DatasetCase, spec: AuditSpec, scrub: Scrubber) -> list[str] | None:
    """The case's chunks as the extract-context stage reads them from the precomputed
    retriever's answer (every one of them: it is not capped); None when it fails them."""
    try:
        _, chunks = kept_chunks(
            precomputed_answer(case), spec.retriever.context_field, None, None, scrub
        )
    except ContextError:
        return None
    return None if chunk_problem(chunks, spec.case_limits) else chunks
