"""The run's model calls, made ahead of the flow: the first while the command still imports
Prefect and creates the flow run, the rest while the flow's batches start, wait on Prefect's
task runs and save, so the endpoint is kept busy by the dataset rather than by the flow's
pace. The flow is handed each answer instead of asking again.

Only what the flow will ask is asked early, as it will ask it: the first case of a new
ground truth, the one call that lists and judges its claims; each later case of it, its
verdicts on the claims that answer gave. The chunks are the rows' own, read as the
extract-context stage reads them (recall_audit/tasks/chunks.py), and the cases come in the dataset's
order, never more than EARLY_BATCHES batches' answers ahead of what the flow has taken. A
request the flow asked first is not asked again. The calls go through the model client the
flow's batches then use (the same pool, the same limiter: the in-flight limit and the rate
limits count them), and the flow's judge gets each answer as the answer to its own first ask
of that request, its usage booked on the case as any call's. An answer the flow never asks
for (a ground truth another process froze meanwhile) is a call wasted, never a result
changed: every case is judged, saved and shown in Prefect as it would have been. The
flow's batches take the calls through `EarlyCalls.judge_for`, which the command's HeadStart
hands them (recall_audit/headstart/__init__.py).
No Prefect here: the first calls go before it is imported.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from recall_audit.datasets.cases import DatasetCase, iter_batches, iter_cases
from recall_audit.models.base import ChatModel, JsonReply, JsonRequest
from recall_audit.models.cache import ResponseCache
from recall_audit.redact import Scrubber, scrubber
from recall_audit.retrievers.context import ContextError
from recall_audit.retrievers.precomputed import precomputed_answer
from recall_audit.scorer.judges import LLMJudge, get_judge
from recall_audit.scorer.prompts import claim_key, claim_source
from recall_audit.spec import BATCH_SIZE, PRECOMPUTED, AuditSpec
from recall_audit.tasks.chunks import chunk_problem, kept_chunks
from recall_audit.tasks.endpoint import model_settings

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

# How far ahead of the flow the early calls may go, in batches of answers it has not taken:
# the two it starts with, and as many again to keep a fast endpoint busy while it starts one.
EARLY_BATCHES = 4


class Overtaken(Exception):
    """The flow asked this request itself first: asking it early now would make the same
    call twice."""


class EarlyDone(Exception):
    """The flow's judge is closed, or will take no more early answers."""


class EarlyReplies:
    """The flow's ChatModel: the answer to each request asked early is kept for the first
    time the flow asks it; every other request goes to the model as it comes. The early
    judge asks through `early`, alongside the flow, never asking what the flow has asked
    already."""

    def __init__(self, inner: ChatModel) -> None:
        self._inner = inner
        self.provider = inner.provider
        self.model = inner.model
        self.base_url = inner.base_url
        # Asked early, not taken by the flow yet: in flight or answered.
        self._early: dict[str, asyncio.Task[JsonReply]] = {}
        # What the flow asked that was not asked early, while the early judge may still ask.
        self._flow_asked: set[str] | None = set()
        self._taken = asyncio.Event()
        self.early = _EarlyAsker(self)

    async def complete_json(self, request: JsonRequest) -> JsonReply:
        key = request.canonical_json()
        asked = self._early.pop(key, None)
        if asked is not None:
            self._taken.set()
            return await asked
        if self._flow_asked is not None:
            self._flow_asked.add(key)
        return await self._inner.complete_json(request)

    async def room_for(self, untaken: int) -> None:
        """Waits until fewer than `untaken` early answers wait for the flow."""
        while len(self._early) >= untaken and self._flow_asked is not None:
            self._taken.clear()
            await self._taken.wait()

    async def ask_early(self, request: JsonRequest) -> JsonReply:
        key = request.canonical_json()
        if self._flow_asked is None:
            raise EarlyDone
        if key in self._flow_asked:
            raise Overtaken
        task = self._early.setdefault(
            key, asyncio.ensure_future(self._inner.complete_json(request))
        )
        # Shielded: the early judge stopping leaves the call going, for the flow to take.
        return await asyncio.shield(task)

    @property
    def done(self) -> bool:
        """Whether the early judge is to ask nothing more."""
        return self._flow_asked is None

    def early_done(self) -> None:
        """The early judge asks nothing more."""
        self._flow_asked = None
        self._taken.set()

    async def aclose(self) -> None:
        self.early_done()
        for task in self._early.values():
            task.cancel()
        await self._inner.aclose()


class _EarlyAsker:
    """The early judge's ChatModel: EarlyReplies.ask_early."""

    def __init__(self, replies: EarlyReplies) -> None:
        self.provider, self.model, self.base_url = replies.provider, replies.model, replies.base_url
        self.complete_json = replies.ask_early

    async def aclose(self) -> None:
        return None


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
        endpoint settings they were made with; otherwise the early judge stops asking."""
        if _endpoint(spec) != _endpoint(self.spec):
            self._work.cancel()
            self.model.early_done()
            return None
        return LLMJudge(self.model, cache=cache)


def _endpoint(spec: AuditSpec) -> tuple[Any, ...]:
    """What the judge's client is built from."""
    limits = spec.limits
    return spec.judge, limits.concurrency, limits.rpm, limits.tpm, spec.api_key_block


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
        and spec.escalate is None
    )


def start_early_calls(
    spec: AuditSpec, engine: Engine | None, loop: asyncio.AbstractEventLoop
) -> EarlyCalls | None:
    """Begins the first cases' calls on `loop` (the one the flow will run on), for the flow's
    batches to take; None when the judge makes no model calls. Without `engine` the results
    database does not exist yet (it holds no frozen claims and no cached answers): the calls
    go while it is created."""
    judge = get_judge(spec.judge, settings=model_settings(spec), limits=spec.case_limits)
    if not isinstance(judge, LLMJudge):
        return None
    model = EarlyReplies(judge.model)
    cache = _NoAnswers() if engine is None else _read_only_cache(engine)
    early = LLMJudge(model.early, cache=cache)
    work = asyncio.run_coroutine_threadsafe(_judge_ahead(spec, engine, early, model), loop)
    return EarlyCalls(spec, model, work)


async def _judge_ahead(
    spec: AuditSpec, engine: Engine | None, judge: LLMJudge, replies: EarlyReplies
) -> None:
    """The early calls in the dataset's order, as the flow's batches will ask them: the
    endpoint is kept busy while the flow starts and between its batches. At most twice the
    requests in flight wait for an answer (a case waiting for its ground truth's claims takes
    no place until they come), and at most EARLY_BATCHES batches of answers wait
    for the flow, so what the flow takes is what it asks next and a run whose flow never
    starts has cost at most that."""
    ahead = asyncio.Semaphore(2 * spec.limits.concurrency)
    size = spec.limits.batch_size or BATCH_SIZE
    untaken = EARLY_BATCHES * size
    # Each new ground truth's claims, once its first case's judgement gives them.
    claims: dict[str, asyncio.Future[list[str]]] = {}

    async def first(ask: EarlyAsk) -> None:
        found: list[str] = []
        try:
            judgement = await judge.claims_and_verdicts(ask.ground_truth, ask.chunks, ask.question)
            found = judgement.claims if judgement.claims_error is None else []
        except (Overtaken, EarlyDone):
            pass  # the flow asks this one itself
        finally:
            ahead.release()
            claims[ask.key].set_result(found)  # none when its call failed: nothing to judge

    async def later(ask: EarlyAsk) -> None:
        # The flow judges this case's chunks against the claims its first case's answer gave;
        # it waits for them without a place, since a slow first answer would keep it idle.
        known = await claims[ask.key]
        async with ahead:
            with contextlib.suppress(Overtaken, EarlyDone):
                await judge.ask_attribution_ahead(known, ask.chunks)

    batches = iter_batches(iter_cases(spec.dataset.path, on_error="skip"), size)
    frozen: set[str] = set()
    try:
        async with asyncio.TaskGroup() as group:
            # Read off the loop: answers are being read on it meanwhile.
            while batch := await asyncio.to_thread(next, batches, None):
                asks = await asyncio.to_thread(_early_asks, batch, frozen, spec, engine, judge)
                for ask in asks:
                    await replies.room_for(untaken)
                    if replies.done:
                        return
                    if ask.key in claims:
                        group.create_task(later(ask))
                        continue
                    await ahead.acquire()
                    if replies.done:
                        return
                    claims[ask.key] = asyncio.get_running_loop().create_future()
                    group.create_task(first(ask))
    finally:
        replies.early_done()


def _read_only_cache(engine: Engine) -> _ReadOnly:
    from recall_audit.storage import DatabaseResponseCache

    return _ReadOnly(DatabaseResponseCache(engine))


@dataclass(frozen=True)
class EarlyAsk:
    """A case the flow will ask the model about: its ground truth's key, and what is asked."""

    key: str
    ground_truth: str
    chunks: list[str]
    question: str | None


def _early_asks(
    cases: list[DatasetCase],
    frozen: set[str],
    spec: AuditSpec,
    engine: Engine | None,
    judge: LLMJudge,
) -> list[EarlyAsk]:
    """The cases of a batch with chunks whose ground truth's claims were not frozen before
    the run (`frozen`, which this extends): the first of each ground truth is asked for its
    claims and verdicts, the others for verdicts on those claims, as the flow asks them."""
    scrub = scrubber()
    asks: list[EarlyAsk] = []
    for case in cases:
        if not (case.ground_truth and case.ground_truth.strip()) or case.contexts is None:
            continue
        ground_truth, question = claim_source(case.ground_truth, case.question)
        chunks = _chunks(case, spec, scrub)
        if chunks:
            asks.append(EarlyAsk(claim_key(ground_truth, question), ground_truth, chunks, question))
    if engine is not None:
        frozen.update(_frozen(engine, sorted({a.key for a in asks}), judge))
    return [a for a in asks if a.key not in frozen]


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
