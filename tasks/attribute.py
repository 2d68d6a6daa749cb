"""Stage 6: judge each case's claims against its chunks, score it, and save it at once."""

from __future__ import annotations

from recall_audit.scorer.recall import (
    error_result,
    is_blank,
    judge_claims,
    no_ground_truth,
    result_from_verdicts,
)
from recall_audit.scorer.types import RecallResult, Status, Usage
from recall_audit.storage import get_cached_attribution, save_attribution, save_case_result
from recall_audit.tasks.concurrent import map_bounded
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork


async def score_case(ctx: AuditContext, work: CaseWork) -> RecallResult:
    """The case's result; a case whose claims and chunks were judged before costs no call."""
    if work.error is not None:
        return error_result(work.error, scale=ctx.scale, usage=work.usage)
    if is_blank(work.case.ground_truth):
        return no_ground_truth(ctx.scale)
    if work.claims is None:
        return error_result("no claims were extracted", scale=ctx.scale, usage=work.usage)
    judge, claims, chunks = ctx.judge, work.claims, work.chunks
    if claims and chunks:
        cached = await in_session(
            ctx.engine, get_cached_attribution, claims, chunks, judge.name, judge.version
        )
        if cached is not None:
            usage = work.usage + Usage(cached_calls=1)
            return result_from_verdicts(claims, cached, chunks, scale=ctx.scale, usage=usage)
    result = await judge_claims(claims, chunks, judge, scale=ctx.scale, usage=work.usage)
    if result.status is Status.SCORED:
        await in_session(
            ctx.engine, save_attribution, claims, chunks, judge.name, judge.version, result.verdicts
        )
    return result


@stage("attribute", batch_number="batch.number")
async def attribute(ctx: AuditContext, batch: Batch) -> Usage:
    """Each case is committed as soon as it is scored, so a killed run loses nothing.

    Returns what the batch spent on the judge."""

    async def one(work: CaseWork) -> Usage:
        result = await score_case(ctx, work)
        await in_session(
            ctx.engine, save_case_result, ctx.run.id, work.case_id, result, work.chunks
        )
        return result.usage

    return sum(await map_bounded(one, batch.cases, ctx.concurrency), Usage())
