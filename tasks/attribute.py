"""Stage 6: judge each case's claims against its chunks, score it, and save it at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import anyio
from recall_audit.scorer.recall import (
    error_result,
    is_blank,
    judge_claims,
    no_ground_truth,
    result_from_verdicts,
)
from recall_audit.scorer.types import RecallResult, Status, Usage, Verdict
from recall_audit.storage import (
    CaseToSave,
    GroupCommit,
    Session,
    get_cached_attributions,
    write_attributions,
    write_case_results,
)
from recall_audit.tasks.concurrent import map_bounded
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork


def _judgeable(work: CaseWork) -> bool:
    return work.error is None and bool(work.claims) and bool(work.chunks)


async def score_case(
    ctx: AuditContext, work: CaseWork, cached: list[Verdict] | None
) -> RecallResult:
    """The case's result; a case whose claims and chunks were judged before (`cached`) costs
    no call."""
    if work.error is not None:
        return error_result(work.error, scale=ctx.scale, usage=work.usage)
    if is_blank(work.case.ground_truth):
        return no_ground_truth(ctx.scale)
    if work.claims is None:
        return error_result("no claims were extracted", scale=ctx.scale, usage=work.usage)
    claims, chunks = work.claims, work.chunks
    if cached is not None:
        usage = work.usage + Usage(cached_calls=1)
        return result_from_verdicts(claims, cached, chunks, scale=ctx.scale, usage=usage)
    return await judge_claims(
        claims, chunks, ctx.judge, scale=ctx.scale, usage=work.usage, samples=ctx.samples
    )


class _Scored(NamedTuple):
    work: CaseWork
    result: RecallResult
    # Whether the judge just gave these verdicts (then they go to the cache).
    fresh: bool


def _saver(ctx: AuditContext) -> Callable[[Session, list[_Scored]], None]:
    """Writes scored cases: their results, and fresh verdicts to the cache."""
    judge = ctx.judge

    def write_many(session: Session, scored: list[_Scored]) -> None:
        judged = [
            (s.work.claims or [], s.work.chunks, s.result.verdicts)
            for s in scored
            # Sampled verdicts are not cached here (this cache keeps no spread): their samples
            # are served from the response cache instead, so a re-run still costs no call.
            if s.fresh
            and ctx.samples == 1
            and s.result.status is Status.SCORED
            and s.work.claims
            and s.work.chunks
        ]
        write_attributions(session, judged, judge.name, judge.version)
        write_case_results(
            session,
            ctx.run.id,
            [CaseToSave(s.work.case_id, s.result, s.work.chunks) for s in scored],
        )

    return write_many


@stage("attribute", batch_number="batch.number")
async def attribute(ctx: AuditContext, batch: Batch) -> Usage:
    """Each case is committed as soon as it is scored, so a killed run loses nothing; cases
    scored together share a commit (GroupCommit). Cached verdicts are read for the whole
    batch at once.

    Returns what the batch spent on the judge."""
    judge = ctx.judge
    judgeable = [w for w in batch.cases if _judgeable(w) and ctx.samples == 1]
    pairs = [(w.claims or [], w.chunks) for w in judgeable]
    found = await in_session(ctx.engine, get_cached_attributions, pairs, judge.name, judge.version)
    cached = {w.case_id: verdicts for w, verdicts in zip(judgeable, found, strict=True)}
    writer: GroupCommit[_Scored] = GroupCommit(ctx.engine, _saver(ctx))
    # Bounds the cases being judged, not those waiting for their commit: a slot freed as soon
    # as the verdicts are in keeps the judge busy while the database writes.
    judging = anyio.CapacityLimiter(ctx.concurrency)

    async def one(work: CaseWork) -> Usage:
        verdicts = cached.get(work.case_id)
        async with judging:
            result = await score_case(ctx, work, verdicts)
        await writer.write(_Scored(work, result, fresh=verdicts is None))
        return result.usage

    return sum(await map_bounded(one, batch.cases, max(1, len(batch.cases))), Usage())
