"""Stage 5: the claims of each ground truth, extracted once per judge and frozen for good."""

from __future__ import annotations

from recall_audit.errors import JudgeError
from recall_audit.scorer.judge import Extraction, Judge, OneCallJudge
from recall_audit.scorer.prompts import Source, claim_key, claim_source
from recall_audit.storage import get_claims, save_claims
from recall_audit.tasks.concurrent import map_bounded
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork
from recall_audit.types import Usage

# Ground truths per extraction request, and their characters: few calls, yet prompts (and
# answers) that fit a small local model's context and finish within its timeout.
GROUND_TRUTHS_PER_CALL = 20
CHARACTERS_PER_CALL = 4_000


def _has_ground_truth(work: CaseWork) -> bool:
    return bool(work.case.ground_truth and work.case.ground_truth.strip())


def _source(work: CaseWork) -> Source:
    return claim_source(work.case.ground_truth, work.case.question)


def case_claim_key(work: CaseWork) -> str:
    """The key the case's ground truth has its claims frozen under."""
    return claim_key(*_source(work))


def judgement_inputs(work: CaseWork) -> tuple[str, list[str], str | None]:
    """What the judge is given to find a new ground truth's claims and judge them."""
    ground_truth, question = _source(work)
    return ground_truth, work.chunks, question


def extraction_groups(sources: list[Source]) -> list[list[Source]]:
    """Consecutive groups within GROUND_TRUTHS_PER_CALL and CHARACTERS_PER_CALL (a longer
    ground truth goes alone)."""
    groups: list[list[Source]] = []
    size = 0
    for source in sources:
        chars = len(source[0]) + len(source[1] or "")
        if (
            not groups
            or len(groups[-1]) >= GROUND_TRUTHS_PER_CALL
            or size + chars > CHARACTERS_PER_CALL
        ):
            groups.append([])
            size = 0
        groups[-1].append(source)
        size += chars
    return groups


async def _ask(judge: Judge, group: list[Source]) -> Extraction:
    questions = [q for _, q in group]
    truths = [t for t, _ in group]
    # Questions only when one is needed, so judges written before they existed still work.
    if any(questions):
        return await judge.extract_claims(truths, questions)
    return await judge.extract_claims(truths)


async def extract_sources(
    judge: Judge, sources: list[Source], concurrency: int
) -> tuple[dict[str, list[str]], Usage, dict[str, str]]:
    """New claims by claim key, the usage spent, and why each failed source failed.

    The groups go to the judge concurrently; a judge keeps a group's good answers and
    names only the ground truths that failed.
    """

    async def one(group: list[Source]) -> Extraction | JudgeError:
        try:
            return await _ask(judge, group)
        except JudgeError as error:
            return error

    groups = extraction_groups(sources)
    answers = await map_bounded(one, groups, concurrency)
    claims: dict[str, list[str]] = {}
    failures: dict[str, str] = {}
    usage = Usage()
    for group, answer in zip(groups, answers, strict=True):
        usage += answer.usage
        keys = [claim_key(*source) for source in group]
        if isinstance(answer, JudgeError):
            failures.update((key, str(answer)) for key in keys)
            continue
        for index, key in enumerate(keys):
            if index in answer.failed:
                failures[key] = answer.failed[index]
            else:
                claims[key] = answer.claims[index]
    return claims, usage, failures


def _defers(ctx: AuditContext) -> bool:
    """Whether new claims come with a case's judgement (one call for both) instead of being
    extracted here: a judge that can, and one judgement per case."""
    return isinstance(ctx.judge, OneCallJudge) and ctx.spec.samples == 1


@stage("extract-claims", batch_number="batch.number")
async def extract_claims(ctx: AuditContext, batch: Batch) -> Batch:
    """Frozen claims are reused, so the denominator never moves from night to night.

    With a judge that can, a new ground truth's claims come with its first case's
    judgement in the attribute stage; only those of ground truths without a case to judge
    (no chunks) are extracted here.

    Empty extractions are not frozen (the case is reported as having no claims, and asked
    again next run). The calls that extract a batch's new claims are booked on the first
    case that needed them.
    """
    judge = ctx.judge
    sources = {
        claim_key(*_source(w)): _source(w)
        for w in batch.cases
        if w.error is None and _has_ground_truth(w)
    }
    wanted = sorted(sources)
    frozen = await in_session(ctx.engine, get_claims, wanted, judge.name, judge.version)
    missing = [key for key in wanted if key not in frozen]
    deferred: set[str] = set()
    if _defers(ctx):
        judged = {claim_key(*_source(w)) for w in batch.cases if w.chunks}
        deferred = {key for key in missing if key in judged or key in ctx.new_claims}
    missing = [key for key in missing if key not in deferred]
    fresh, usage, failures = await extract_sources(
        judge, [sources[key] for key in missing], ctx.spec.limits.concurrency
    )
    found = {key: claims for key, claims in fresh.items() if claims}
    if found:
        frozen |= await in_session(ctx.engine, save_claims, found, judge.name, judge.version)

    done = []
    needed = set(missing)
    for work in batch.cases:
        key = claim_key(*_source(work)) if _has_ground_truth(work) else None
        if work.error is None and key in needed and usage != Usage():
            work = work.model_copy(update={"usage": work.usage + usage})
            usage = Usage()
        if work.error is None and key in failures:
            work = work.failed("claim extraction", failures[key])
        elif work.error is None and key in deferred:
            work = work.model_copy(update={"claims_pending": True})
        elif work.error is None and key is not None:
            work = work.model_copy(update={"claims": frozen.get(key, fresh.get(key))})
        done.append(work)
    return batch.with_cases(done)
