"""The built-in judge's work for a run, done while the command waits for the Prefect server it
started (seconds, on a project's first command): each case's claims and verdicts, then the
diagnosis of its missed claims, judged on the loop the flow will run on and kept for the
flow's judge (BuiltinJudge.judge_ahead), which takes them when it asks the same.

Only what the flow will ask the same way is judged: the built-in judge, once per case, the
rows' own chunks or a local `bm25:` index (nothing of the user's runs twice), read as the
flow's stages read them, through the same functions. It stops when the server answers: the
flow judges whatever is left, and whatever it asks otherwise (claims frozen before, verdicts
its database holds), as ever. Results never depend on it. No Prefect here.
"""

from __future__ import annotations

import asyncio
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
from recall_audit.scorer.judge import Attribution, Extraction
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.judges.bounded import GroundTruthLimit
from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.scorer.recall import judge_claims
from recall_audit.spec import PRECOMPUTED, AuditSpec
from recall_audit.storage.records import MEAN_STATUSES
from recall_audit.tasks.chunks import chunk_problem, kept_chunks
from recall_audit.tasks.diagnose import open_knowledge_base


def can_judge_ahead(spec: AuditSpec, resume: str | None) -> bool:
    """Whether the flow's judgements can be known before it runs: the built-in judge, once
    per case, batches in this process, a new run, and chunks from the rows or a local BM25
    index (the user's own code, or a service, is asked by the flow alone)."""
    retriever = spec.retriever
    return (
        resume is None
        and spec.judge in (None, "builtin")
        and spec.samples == 1
        and spec.limits.task_runner is None
        and retriever.context_extractor is None
        and (retriever.spec in (None, PRECOMPUTED) or retriever.spec.startswith("bm25:"))
    )


class _Ahead:
    """The built-in judge, its verdicts kept for the flow's judge."""

    def __init__(self, judge: GroundTruthLimit, builtin: BuiltinJudge) -> None:
        self._limited = judge
        self._builtin = builtin
        self.name, self.version = judge.name, judge.version
        self.max_chars = judge.max_chars

    def extract_ahead(self, ground_truth: str) -> list[str]:
        return self._builtin.extract_ahead(ground_truth)

    async def extract_claims(self, ground_truths: Any, questions: Any = None) -> Extraction:
        return await self._limited.extract_claims(ground_truths, questions)

    async def attribute(self, claims: Any, chunks: Any) -> Attribution:
        return Attribution(verdicts=self._builtin.judge_ahead(claims, chunks))


def start_judging_ahead(spec: AuditSpec, loop: asyncio.AbstractEventLoop) -> Future[None]:
    """Begins the run's judgements on `loop`; cancel the future when the flow starts."""
    return asyncio.run_coroutine_threadsafe(judge_run_ahead(spec), loop)


async def judge_run_ahead(spec: AuditSpec) -> None:
    """Every case judged, then the diagnosis of the missed claims, one case at a time."""
    judge = get_judge(spec.judge, limits=spec.case_limits)
    if not isinstance(judge, GroundTruthLimit) or not isinstance(judge.judge, BuiltinJudge):
        return
    ahead = _Ahead(judge, judge.judge)
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
    spec: AuditSpec, judge: _Ahead, retriever: BaseRetriever, case: DatasetCase
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
    claims = judge.extract_ahead(case.ground_truth)
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
    spec: AuditSpec, judge: _Ahead, retriever: BaseRetriever, cases: list[CaseToDiagnose]
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
