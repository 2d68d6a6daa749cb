"""Stage 5: the claims of each ground truth, extracted once per judge and frozen for good."""

from __future__ import annotations

from recall_audit.scorer.datasets import iter_batches
from recall_audit.scorer.errors import JudgeError
from recall_audit.scorer.judge import Extraction
from recall_audit.scorer.types import Usage
from recall_audit.storage import get_claims, save_claims
from recall_audit.tasks.concurrent import map_bounded
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork

# Ground truths per extraction request: few calls, yet prompts of a sane size.
GROUND_TRUTHS_PER_CALL = 20


def _has_ground_truth(work: CaseWork) -> bool:
    return bool(work.case.ground_truth and work.case.ground_truth.strip())


async def _extract_missing(
    ctx: AuditContext, missing: list[str]
) -> tuple[dict[str, list[str]], Usage, dict[str, str]]:
    """New claims by ground truth, the usage spent, and the ground truths that failed.

    The groups go to the judge concurrently; their answers are merged in group order.
    """

    async def one(group: list[str]) -> Extraction | JudgeError:
        try:
            return await ctx.judge.extract_claims(group)
        except JudgeError as error:
            return error

    groups = list(iter_batches(missing, GROUND_TRUTHS_PER_CALL))
    answers = await map_bounded(one, groups, ctx.concurrency)
    claims: dict[str, list[str]] = {}
    failures: dict[str, str] = {}
    usage = Usage()
    for group, answer in zip(groups, answers, strict=True):
        usage += answer.usage
        if isinstance(answer, JudgeError):
            failures.update((gt, str(answer)) for gt in group)
        else:
            claims.update(zip(group, answer.claims, strict=True))
    return claims, usage, failures


@stage("extract-claims", batch_number="batch.number")
async def extract_claims(ctx: AuditContext, batch: Batch) -> Batch:
    """Frozen claims are reused, so the denominator never moves from night to night.

    The calls that extract a batch's new claims are booked on the first case that needed them.
    """
    judge = ctx.judge
    wanted = sorted(
        {w.case.ground_truth for w in batch.cases if w.error is None and _has_ground_truth(w)}
    )
    frozen = await in_session(ctx.engine, get_claims, wanted, judge.name, judge.version)
    missing = [gt for gt in wanted if gt not in frozen]
    fresh, usage, failures = await _extract_missing(ctx, missing)
    if fresh:
        frozen |= await in_session(ctx.engine, save_claims, fresh, judge.name, judge.version)

    done = []
    needed = set(missing)
    for work in batch.cases:
        truth = work.case.ground_truth
        if work.error is None and truth in needed and usage != Usage():
            work = work.model_copy(update={"usage": work.usage + usage})
            usage = Usage()
        if work.error is None and truth in failures:
            work = work.failed("claim extraction", failures[truth])
        elif work.error is None and truth in frozen:
            work = work.model_copy(update={"claims": frozen[truth]})
        done.append(work)
    return batch.with_cases(done)
