"""Stage 6: judge each case's claims against its chunks, score it, and save it at once."""

from __future__ import annotations

from functools import partial

from recall_audit.scorer.recall import (
    error_result,
    is_blank,
    judge_claims,
    no_ground_truth,
    result_from_verdicts,
)
from recall_audit.scorer.types import RecallResult, Status, Usage, Verdict
from recall_audit.storage import (
    GroupCommit,
    Session,
    get_cached_attributions,
    write_attribution,
    write_case_result,
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
    return await judge_claims(claims, chunks, ctx.judge, scale=ctx.scale, usage=work.usage)


def _save(
    session: Session, ctx: AuditContext, work: CaseWork, result: RecallResult, fresh: bool
) -> None:
    """The case's result, and its verdicts for the cache when the judge just gave them."""
    if fresh and result.status is Status.SCORED and work.claims and work.chunks:
        judge = ctx.judge
        write_attribution(
            session, work.claims, work.chunks, judge.name, judge.version, result.verdicts
        )
    write_case_result(session, ctx.run.id, work.case_id, result, work.chunks)


@stage("attribute", batch_number="batch.number")
async def attribute(ctx: AuditContext, batch: Batch) -> Usage:
    """Each case is committed as soon as it is scored, so a killed run loses nothing; cases
    scored together share a commit (GroupCommit). Cached verdicts are read for the whole
    batch at once.

    Returns what the batch spent on the judge."""
    judge = ctx.judge
    judgeable = [w for w in batch.cases if _judgeable(w)]
    pairs = [(w.claims or [], w.chunks) for w in judgeable]
    found = await in_session(ctx.engine, get_cached_attributions, pairs, judge.name, judge.version)
    cached = {w.case_id: verdicts for w, verdicts in zip(judgeable, found, strict=True)}
    writer = GroupCommit(ctx.engine)

    async def one(work: CaseWork) -> Usage:
        verdicts = cached.get(work.case_id)
        result = await score_case(ctx, work, verdicts)
        await writer.write(
            partial(_save, ctx=ctx, work=work, result=result, fresh=verdicts is None)
        )
        return result.usage

    return sum(await map_bounded(one, batch.cases, ctx.concurrency), Usage())
