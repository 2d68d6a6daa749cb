"""The built-in judge's work for a run, done while the command waits for the Prefect server it
started (seconds, on a project's first command): each case's claims and verdicts, then the
diagnosis of its missed claims, judged on the loop the flow will run on and kept in a
JudgedAhead, whose `judge_for` gives the flow's judges a RememberedJudge: it hands each claim
list and verdict list judged ahead to the first ask of the same, once.

Only what the flow will ask the same way is judged: the built-in judge, once per case, the
rows' own chunks or a local `bm25:` index (nothing of the user's runs twice), read as the
flow's stages read them, through the same functions. It stops when the server answers: the
flow judges whatever is left, and whatever it asks otherwise (claims frozen before, verdicts
its database holds), as ever. Results never depend on it. No Prefect here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

import anyio

from recall_audit.datasets.cases import DatasetCase, iter_cases
from recall_audit.diagnosis import DiagnoseSettings, diagnose_cases
from recall_audit.diagnosis.missed import CaseToDiagnose
from recall_audit.errors import RecallAuditError
from recall_audit.redact import scrubber
from recall_audit.retrievers import retriever_from_spec
from recall_audit.retrievers.base import BaseRetriever
from recall_audit.scorer.judge import Attribution, Extraction, Judge
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.judges.bounded import GroundTruthLimit
from recall_audit.scorer.judges.builtin import BuiltinJudge, extract_claim_texts
from recall_audit.scorer.recall import judge_claims
from recall_audit.spec import PRECOMPUTED, AuditSpec
from recall_audit.storage.records import MEAN_STATUSES
from recall_audit.tasks.chunks import chunk_problem, kept_chunks
from recall_audit.tasks.diagnose import open_knowledge_base
from recall_audit.types import Verdict


def can_judge_ahead(spec: AuditSpec, resume: str | None) -> bool:
    """Whether the flow's judgements can be known before it runs: the built-in judge, once
    per case, batches in this process, a new run, and chunks from the rows or a local BM25
    index (the user's own code, or a service, is asked by the flow alone)."""
    retriever = spec.retriever
    return (
        resume is None
        and spec.judge in (None, "builtin")
        and spec.escalate is None
        and spec.samples == 1
        and spec.limits.task_runner is None
        and retriever.context_extractor is None
        and (retriever.spec in (None, PRECOMPUTED) or retriever.spec.startswith("bm25:"))
    )


_Verdicts = tuple[str, str, tuple[str, ...], tuple[str, ...]]


class JudgedAhead:
    """Claims and verdicts judged ahead of the flow, by the judge of each name and version,
    until the flow's judge takes them."""

    def __init__(self) -> None:
        self.claims: dict[tuple[str, str, str], list[str]] = {}
        self.verdicts: dict[_Verdicts, list[Verdict]] = {}

    def judge_for(self, judge: Judge) -> Judge:
        """`judge`, handing first what was judged ahead by a judge of its name and version,
        when it is the built-in judge; any other judge (a model's) as it is."""
        return RememberedJudge(judge, self) if _is_builtin(judge) else judge

    def take_claims(self, judge: Judge, ground_truth: str) -> list[str] | None:
        found = self.claims.pop((judge.name, judge.version, ground_truth), None)
        return None if found is None else list(found)

    def take_verdicts(
        self, judge: Judge, claims: Sequence[str], chunks: Sequence[str]
    ) -> list[Verdict] | None:
        return self.verdicts.pop((judge.name, judge.version, tuple(claims), tuple(chunks)), None)


def _is_builtin(judge: Judge) -> bool:
    return isinstance(judge, GroundTruthLimit) and isinstance(judge.judge, BuiltinJudge)


class RememberedJudge:
    """`judge`, each ground truth's claims and each verdict list judged ahead handed to the
    first ask of the same, once; everything else `judge` is asked."""

    def __init__(self, judge: Judge, ahead: JudgedAhead) -> None:
        self.judge = judge
        self.name, self.version = judge.name, judge.version
        self._ahead = ahead

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction:
        claims: list[list[str]] = [[] for _ in ground_truths]
        rest: list[int] = []
        for index, truth in enumerate(ground_truths):
            found = self._ahead.take_claims(self.judge, truth)
            if found is None:
                rest.append(index)
            else:
                claims[index] = found
        if not rest:
            return Extraction(claims=claims)
        truths = [ground_truths[i] for i in rest]
        asked = await self.judge.extract_claims(
            truths, None if questions is None else [questions[i] for i in rest]
        )
        failed: dict[int, str] = {}
        for position, index in enumerate(rest):
            claims[index] = asked.claims[position]
            if position in asked.failed:
                failed[index] = asked.failed[position]
        return Extraction(claims=claims, failed=failed, usage=asked.usage)

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        found = self._ahead.take_verdicts(self.judge, claims, chunks)
        if found is not None:
            return Attribution(verdicts=found)
        return await self.judge.attribute(claims, chunks)


class _Judging:
    """The built-in judge at work ahead of the flow, keeping what it finds in `ahead`."""

    def __init__(self, judge: GroundTruthLimit, builtin: BuiltinJudge, ahead: JudgedAhead) -> None:
        self._limited = judge
        self._builtin = builtin
        self._ahead = ahead
        self.name, self.version = judge.name, judge.version
        self.max_chars = judge.max_chars

    def claims_of(self, ground_truth: str) -> list[str]:
        claims = extract_claim_texts(ground_truth)
        self._ahead.claims[self.name, self.version, ground_truth] = claims
        return claims

    async def extract_claims(self, ground_truths: Any, questions: Any = None) -> Extraction:
        return await self._limited.extract_claims(ground_truths, questions)

    async def attribute(self, claims: Any, chunks: Any) -> Attribution:
        verdicts = self._builtin.judge(claims, chunks)
        self._ahead.verdicts[self.name, self.version, tuple(claims), tuple(chunks)] = verdicts
        return Attribution(verdicts=verdicts)


def start_judging_ahead(
    spec: AuditSpec, ahead: JudgedAhead, loop: asyncio.AbstractEventLoop
) -> Future[None]:
    """Begins the run's judgements on `loop`, kept in `ahead`; cancel the future when the
    flow starts."""
    return asyncio.run_coroutine_threadsafe(judge_run_ahead(spec, ahead), loop)


async def judge_run_ahead(spec: AuditSpec, kept: JudgedAhead) -> None:
    """Every case judged, then the diagnosis of the missed claims, one case at a time, each
    judgement kept in `kept`."""
    judge = get_judge(spec.judge, limits=spec.case_limits)
    if not isinstance(judge, GroundTruthLimit) or not isinstance(judge.judge, BuiltinJudge):
        return
    ahead = _Judging(judge, judge.judge, kept)
    retriever = retriever_from_spec(
        spec.retriever.spec or PRECOMPUTED,
        app_dir=spec.app_dir,
        local=spec.retriever.local_settings(),
        limits=spec.case_limits,
    )
    missed = []
    for case in iter_cases(spec.dataset.path, on_error="skip"):
        judged = await _judge_case(spec, ahead, retriever, case)
        if judged is not None:
            missed.append(judged)
        await anyio.sleep(0)  # the flow, once it starts, stops this here
    if spec.diagnosis.diagnose is not False and missed:
        await _diagnose(spec, ahead, retriever, missed)


async def _judge_case(
    spec: AuditSpec, judge: _Judging, retriever: BaseRetriever, case: DatasetCase
) -> CaseToDiagnose | None:
    """The case judged as the flow's stages judge it; what the diagnosis reads of it, when it
    has a missed claim."""
    if not (case.ground_truth and case.ground_truth.strip()):
        return None
    top_k = spec.retriever.top_k
    cap = top_k if retriever.capped else None
    try:
        raw = await retriever.retrieve(case, top_k)
        _, chunks = kept_chunks(raw, spec.retriever.context_field, None, cap, scrubber())
    except RecallAuditError:  # the flow records it against the case
        return None
    if chunk_problem(chunks, spec.case_limits) is not None:
        return None
    # A ground truth past the judge's limit fails in the flow; no chunks, nothing to judge.
    if len(case.ground_truth) > judge.max_chars or not chunks:
        return None
    claims = judge.claims_of(case.ground_truth)
    if not claims:
        return None
    result = await judge_claims(claims, chunks, judge, scale=spec.scale)
    supported = {v.claim_index for v in result.verdicts if v.supported}
    flags = [i in supported for i in range(len(claims))]
    if result.status not in MEAN_STATUSES or all(flags):
        return None
    return CaseToDiagnose(
        case_key=case.case_key,
        question=case.question,
        claims=claims,
        supported=flags,
        retrieved=chunks,
        top_k=top_k,
    )


async def _diagnose(
    spec: AuditSpec, judge: _Judging, retriever: BaseRetriever, cases: list[CaseToDiagnose]
) -> None:
    """The missed claims' judgements, as the flow's diagnosis will ask them."""
    local = spec.retriever.local_settings()
    kb = await anyio.to_thread.run_sync(
        open_knowledge_base,
        spec.retriever.spec or PRECOMPUTED,
        spec.diagnosis.knowledge_base,
        retriever,
        local,
        spec.case_limits,
    )
    if kb is None and spec.diagnosis.diagnose is None:
        return  # the flow diagnoses only what it can see a knowledge base of
    await diagnose_cases(
        cases,
        judge,
        kb,
        retriever=retriever,
        settings=DiagnoseSettings(depth=spec.diagnosis.diagnose_depth),
        concurrency=spec.limits.concurrency,
        text_field=spec.retriever.context_field,
    )
