"""Diagnosis of a stored run: every missed claim classified against the knowledge base, and
every claim lost since the baseline explained (recall_audit/scorer/diagnosis does the judging). Used by
the audit at its end (the `diagnose` stage of recall_audit/tasks/publish.py, whose artifacts the Prefect
UI shows), by `recall-audit diagnose RUN` and by `recall-audit compare` for its lost claims:
this module imports no Prefect, which those commands have no use for."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import TYPE_CHECKING, Any

import anyio
from pydantic import BaseModel, ConfigDict
from sqlalchemy.engine import Engine
from sqlmodel import Session

from recall_audit.compare.compare import Comparison
from recall_audit.diagnosis import (
    DiagnoseSettings,
    KnowledgeBase,
    RunDiagnosis,
    diagnose_cases,
    explain_lost,
    knowledge_base_for,
    summarise,
)
from recall_audit.limits import CaseLimits
from recall_audit.retrievers import load_callable, retriever_from_spec
from recall_audit.retrievers.context import Extractor
from recall_audit.scorer.judge import Attribution, Extraction, Judge, verdict_cache_version
from recall_audit.scorer.judges import get_judge
from recall_audit.spec import PRECOMPUTED, AuditSpec
from recall_audit.storage import DatabaseResponseCache, get_cached_attribution, write_attributions
from recall_audit.storage.diagnosis import cases_to_diagnose, lost_evidence, run_top_k
from recall_audit.storage.knowledge import (
    record_knowledge_base,
    run_knowledge_base,
    set_run_knowledge_base,
)
from recall_audit.tasks.db import in_session
from recall_audit.types import Verdict

if TYPE_CHECKING:
    from recall_audit.tasks.given import HeadStartJudges


class DiagnosisPlan(BaseModel):
    """What the diagnosis of one run needs: the run and its spec (the audit's own; a stored
    run's as it was stored), whose judge, retriever (with its settings, context field and
    extractor), knowledge base, depth, concurrency and limits it diagnoses with."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    spec: AuditSpec

    @property
    def retriever(self) -> str:
        return self.spec.retriever.spec or PRECOMPUTED

    @property
    def depth(self) -> int:
        return self.spec.diagnosis.diagnose_depth


def open_knowledge_base(
    retriever: str,
    knowledge_base: str | None,
    index: object = None,
    local: dict[str, Any] | None = None,
    limits: CaseLimits | None = None,
) -> KnowledgeBase | None:
    own = None
    if index is not None:
        # Imported only here: an audit on its rows' own chunks never loads BM25 (nor numpy).
        from recall_audit.retrievers.bm25 import Bm25Retriever

        own = index if isinstance(index, Bm25Retriever) else None
    max_chars = (limits or CaseLimits()).max_chunk_chars
    return knowledge_base_for(retriever, knowledge_base, local, own, max_chars)


async def record_run_knowledge_base(engine: Engine, run_id: str, kb: KnowledgeBase) -> None:
    """The run names its knowledge-base version; the version's chunks are recorded once."""

    def write(session: Session) -> None:
        record_knowledge_base(session, kb.version, kb.fingerprint, kb.path, kb.entries())
        set_run_knowledge_base(session, run_id, kb.version)

    await in_session(engine, write)


def _recorded_version(session: Session, run_id: str) -> str | None:
    recorded = run_knowledge_base(session, run_id)
    return recorded.version if recorded else None


def version_note(run_id: str, recorded: str | None, kb: KnowledgeBase | None) -> str | None:
    """One line when the knowledge base diagnosed against is not the version the run saw:
    its files changed since, so a claim may be judged against facts the run never had."""
    if recorded is None or kb is None or kb.version == recorded:
        return None
    return (
        f"The knowledge base changed since run {run_id[:8]}: it saw version "
        f"{_named(recorded)}, diagnosed against version {_named(kb.version)} of {kb.path} "
        "(today's files)."
    )


def _named(version: str) -> str:
    """A version as people read it: its fingerprint's first 12 digits, and its chunking."""
    fingerprint, at, chunking = version.partition("@")
    return fingerprint[:12] + at + chunking


class CachedVerdicts:
    """The built-in judge, its verdicts kept in the verdict cache the audit's batches use
    (keyed by claims, chunks, judge and version): the same missed claims judged against the
    same pool on the next night are read back, not judged again (over half a second of the
    demo's run). A model judge needs none of this: its answers are cached by request."""

    def __init__(self, judge: Judge, engine: Engine) -> None:
        self.judge = judge
        self.name = judge.name
        self.version = judge.version
        self._engine = engine
        self._key = verdict_cache_version(judge)
        # Judged here and not cached yet: written together, in one transaction, at the end.
        self._judged: list[tuple[Sequence[str], Sequence[str], Sequence[Verdict]]] = []

    async def __aenter__(self) -> CachedVerdicts:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None and self._judged:
            judged = self._judged

            def write(session: Session) -> None:
                write_attributions(session, judged, self.name, self._key)
                session.commit()

            await in_session(self._engine, write)

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction:
        return await self.judge.extract_claims(ground_truths, questions)

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        found = await in_session(
            self._engine, get_cached_attribution, claims, chunks, self.name, self._key
        )
        if found is not None:
            return Attribution(verdicts=found)
        attribution = await self.judge.attribute(claims, chunks)
        self._judged.append((claims, chunks, attribution.verdicts))
        return attribution


def _extractor(spec: AuditSpec) -> Extractor | None:
    extractor = spec.retriever.context_extractor
    if extractor is None:
        return None
    return load_callable(extractor.removeprefix("python:"), spec.app_dir)


async def diagnose_run(
    engine: Engine,
    plan: DiagnosisPlan,
    comparison: Comparison | None = None,
    only: set[str] | None = None,
    head_start: HeadStartJudges | None = None,
) -> RunDiagnosis:
    """The run's missed claims with their causes, what to do next, and (given the run's
    comparison with its baseline) the cause of each lost claim. A model judge's answers, and
    the built-in judge's verdicts, are cached in the database, so an unchanged case costs
    nothing the next night. `only` limits it to those case keys; the judge answers first
    from the command's `head_start`, when it made one."""
    cases = await in_session(engine, cases_to_diagnose, plan.run_id)
    cases = [c for c in cases if only is None or c.case_key in only]
    top_k = await in_session(engine, run_top_k, plan.run_id)
    recorded = await in_session(engine, _recorded_version, plan.run_id)
    spec = plan.spec
    local, limits = spec.retriever.local_settings(), spec.case_limits
    async with AsyncExitStack() as stack:
        judge = get_judge(
            spec.judge,
            escalate=spec.escalate,
            cache=DatabaseResponseCache(engine),
            limits=limits,
        )
        if head_start:
            judge = head_start.remembering(judge)
        if isinstance(judge, AbstractAsyncContextManager):  # a model judge's pool
            await stack.enter_async_context(judge)
        else:
            judge = await stack.enter_async_context(CachedVerdicts(judge, engine))
        retriever = await stack.enter_async_context(
            retriever_from_spec(plan.retriever, app_dir=spec.app_dir, local=local, limits=limits)
        )
        kb = await anyio.to_thread.run_sync(
            open_knowledge_base,
            plan.retriever,
            spec.diagnosis.knowledge_base,
            retriever,
            local,
            limits,
        )
        diagnoses = await diagnose_cases(
            cases,
            judge,
            kb,
            retriever=retriever,
            settings=DiagnoseSettings(depth=plan.depth),
            concurrency=spec.limits.concurrency,
            text_field=spec.retriever.context_field,
            extractor=_extractor(spec),
        )
    diagnosis = summarise(
        plan.run_id,
        diagnoses,
        depth=plan.depth,
        top_k=top_k,
        knowledge_base=kb.path if kb else None,
        version=kb.version if kb else None,
    )
    if (note := version_note(plan.run_id, recorded, kb)) is not None:
        diagnosis = diagnosis.model_copy(
            update={"recorded_version": recorded, "notes": [note, *diagnosis.notes]}
        )
    if comparison is None or not comparison.lost_claims:
        return diagnosis
    evidence = await in_session(
        engine, lost_evidence, comparison.base_run_id, comparison.head_run_id, plan.depth
    )
    ranks = {d.case_key: d.ranked for d in diagnoses if d.ranked is not None}
    lost = explain_lost(comparison.lost_claims, evidence, kb, ranks)
    return diagnosis.model_copy(update={"lost": lost})
