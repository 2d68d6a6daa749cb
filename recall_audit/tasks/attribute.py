"""Stage 6: judge each case's claims against its chunks, score it, and save it at once."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import cast

from recall_audit.compare.calibration import LABEL_MARK
from recall_audit.scorer.judge import OneCallJudge, verdict_cache_version
from recall_audit.scorer.recall import (
    error_result,
    is_blank,
    judge_claims,
    judgement_result,
    no_ground_truth,
    result_from_verdicts,
    with_id_recall,
)
from recall_audit.storage import (
    CaseToSave,
    Session,
    freeze_claims,
    get_cached_attributions,
    write_attributions,
    write_case_results,
)
from recall_audit.storage.labels import StoredLabel, dataset_labels
from recall_audit.tasks.claims import case_claim_key, judgement_inputs
from recall_audit.tasks.concurrent import map_bounded
from recall_audit.tasks.db import in_session
from recall_audit.tasks.ordered import Rank
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork
from recall_audit.types import RecallResult, Status, Usage, Verdict


def _judgeable(work: CaseWork) -> bool:
    return work.error is None and bool(work.claims) and bool(work.chunks)


def label_verdict(index: int, label: StoredLabel) -> Verdict:
    """A person's label as the claim's verdict: the judge is not asked about it."""
    said = "supported" if label.supported else "not supported"
    when = label.labelled_at.date().isoformat()
    note = f": {label.note}" if label.note else ""
    return Verdict(
        claim_index=index,
        supported=label.supported,
        chunk_indices=[label.chunk] if label.supported and label.chunk is not None else [],
        explanation=f"{LABEL_MARK} {said}, labelled by {label.labelled_by} on {when}{note}",
    )


def _labelled(work: CaseWork, labels: dict[tuple[str, str], StoredLabel]) -> dict[int, Verdict]:
    """The case's claims a person labelled against these claims and chunks, as verdicts."""
    claims = work.claims or []
    found = {}
    for index, claim in enumerate(claims):
        label = labels.get((work.case.case_key, claim))
        if label is not None and label.current(work.chunks):
            found[index] = label_verdict(index, label)
    return found


async def _with_labels(
    ctx: AuditContext, work: CaseWork, cached: list[Verdict] | None, labelled: dict[int, Verdict]
) -> RecallResult:
    """The labelled claims take the person's verdict; the judge is asked (or its cache read)
    only about the others."""
    claims, chunks = work.claims or [], work.chunks
    rest = [i for i in range(len(claims)) if i not in labelled]
    usage, judged = work.usage, {}
    if cached is not None:
        judged = {v.claim_index: v for v in cached if v.claim_index in rest}
        usage += Usage(cached_calls=1)
    elif rest:
        part = await judge_claims(
            [claims[i] for i in rest], chunks, ctx.judge, scale=ctx.spec.scale, usage=usage
        )
        if part.status is Status.ERROR:
            return part
        usage = part.usage
        judged = {
            rest[v.claim_index]: v.model_copy(update={"claim_index": rest[v.claim_index]})
            for v in part.verdicts
        }
    verdicts = [labelled.get(i) or judged[i] for i in range(len(claims))]
    return result_from_verdicts(claims, verdicts, chunks, scale=ctx.spec.scale, usage=usage)


async def score_case(
    ctx: AuditContext,
    work: CaseWork,
    cached: list[Verdict] | None,
    labelled: dict[int, Verdict] | None = None,
) -> RecallResult:
    """The case's result; a case whose claims and chunks were judged before (`cached`) costs
    no call, and a claim a person labelled (`labelled`) takes the person's verdict."""
    if work.error is not None:
        return error_result(work.error, scale=ctx.spec.scale, usage=work.usage)
    if is_blank(work.case.ground_truth):
        return no_ground_truth(ctx.spec.scale)
    if work.claims is None:
        return error_result("no claims were extracted", scale=ctx.spec.scale, usage=work.usage)
    claims, chunks = work.claims, work.chunks
    if labelled and chunks:
        return await _with_labels(ctx, work, cached, labelled)
    if cached is not None:
        usage = work.usage + Usage(cached_calls=1)
        return result_from_verdicts(claims, cached, chunks, scale=ctx.spec.scale, usage=usage)
    return await judge_claims(
        claims, chunks, ctx.judge, scale=ctx.spec.scale, usage=work.usage, samples=ctx.spec.samples
    )


@dataclass
class _Scored:
    work: CaseWork
    result: RecallResult
    # Whether the judge just gave these verdicts (then they go to the cache).
    fresh: bool
    # A ground truth's first judgement: its claims are frozen in the same transaction. When
    # another process froze other claims first, `taken` holds them and nothing is written.
    freezes: bool = False
    taken: list[str] | None = None


def _to_save(scored: _Scored) -> CaseToSave:
    """A scored case as it is stored, with its recall by document id and its labels."""
    work = scored.work
    result = with_id_recall(scored.result, work.ids)
    return CaseToSave(work.case_id, result, work.chunks, work.hits, work.case.reference_ids)


def _saver(ctx: AuditContext) -> Callable[[Session, list[_Scored]], None]:
    """Writes scored cases: new claims, their results, and fresh verdicts to the cache."""
    judge = ctx.judge

    def write_many(session: Session, scored: list[_Scored]) -> None:
        new = {case_claim_key(s.work): s.work.claims or [] for s in scored if s.freezes}
        if new:
            frozen = freeze_claims(session, new, judge.name, judge.version)
            for s in scored:
                if s.freezes and frozen[case_claim_key(s.work)] != s.work.claims:
                    s.taken = frozen[case_claim_key(s.work)]
            scored = [s for s in scored if s.taken is None]
        judged = [
            (s.work.claims or [], s.work.chunks, s.result.verdicts)
            for s in scored
            # Sampled verdicts are not cached here (this cache keeps no spread): their samples
            # are served from the response cache instead, so a re-run still costs no call.
            if s.fresh
            and ctx.spec.samples == 1
            and s.result.status is Status.SCORED
            and s.work.claims
            and s.work.chunks
        ]
        write_attributions(session, judged, judge.name, verdict_cache_version(judge))
        write_case_results(session, ctx.run.id, [_to_save(s) for s in scored])

    return write_many


async def _first_judgement(
    ctx: AuditContext, work: CaseWork, rank: Rank, save: Callable[[_Scored], Awaitable[None]]
) -> _Scored:
    """A new ground truth's claims and this case's verdicts in one call; the claims are
    frozen with the case's result, then given to the cases waiting for them."""
    # Claims are left pending only for such a judge. Not asserted: a runtime check of a
    # Protocol walks its members on every call (a quarter second over 600 ground truths).
    judge = cast(OneCallJudge, ctx.judge)
    key = case_claim_key(work)
    try:
        async with ctx.judging.place(rank):
            judgement = await judge.claims_and_verdicts(*judgement_inputs(work))
        if judgement.claims_error is not None:
            work = work.model_copy(update={"usage": work.usage + judgement.usage})
            work = work.failed("claim extraction", judgement.claims_error)
            scored = _Scored(work, await score_case(ctx, work, None), fresh=False)
        else:
            result = judgement_result(
                judgement, work.chunks, scale=ctx.spec.scale, usage=work.usage
            )
            work = work.model_copy(update={"claims": judgement.claims})
            scored = _Scored(work, result, fresh=True, freezes=bool(judgement.claims))
        await save(scored)
    except BaseException as error:
        ctx.new_claims.settle(key, f"{type(error).__name__}: {error}")
        ctx.new_claims.forget(key)
        raise
    ctx.new_claims.settle(key, scored.taken or judgement.claims_error or judgement.claims)
    return scored


@stage("attribute", batch_number="batch.number")
async def attribute(ctx: AuditContext, batch: Batch) -> Usage:
    """Each case is committed as soon as it is scored, so a killed run loses nothing; cases
    scored together share a commit (GroupCommit). Cached verdicts are read for the whole
    batch at once. A case whose ground truth's claims are new gets them here, from the
    first case of that ground truth to be judged (one call for claims and verdicts).

    Returns what the batch spent on the judge."""
    judge = ctx.judge
    judgeable = [w for w in batch.cases if _judgeable(w) and ctx.spec.samples == 1]
    pairs = [(w.claims or [], w.chunks) for w in judgeable]
    found = await in_session(
        ctx.engine, get_cached_attributions, pairs, judge.name, verdict_cache_version(judge)
    )
    cached = {w.case_id: verdicts for w, verdicts in zip(judgeable, found, strict=True)}
    labels = await in_session(
        ctx.engine, dataset_labels, ctx.run.dataset_id, [w.case.case_key for w in judgeable]
    )
    write_many = _saver(ctx)

    async def save(scored: _Scored) -> None:
        await ctx.commits.write(write_many, scored)

    # ctx.judging bounds the cases being judged, not those waiting for their commit: a slot
    # freed as soon as the verdicts are in keeps the judge busy while the database writes.
    # A case's rank is its batch, then whether cases wait for its call (the first case of a
    # ground truth with new claims goes before the others of its batch, so that the cases
    # waiting for those claims are not left for the end), then its place in the batch.
    judging = ctx.judging

    async def one(placed: tuple[int, CaseWork]) -> Usage:
        index, work = placed
        rank = (batch.number, 1, index)
        verdicts = cached.get(work.case_id)
        if work.claims_pending:
            work, first = await _new_claims(work, (batch.number, 0, index))
            if first is not None:
                return first.result.usage
        labelled = _labelled(work, labels) if labels else {}
        async with judging.place(rank):
            result = await score_case(ctx, work, verdicts, labelled)
        # Verdicts partly a person's are not the judge's to cache.
        await save(_Scored(work, result, fresh=verdicts is None and not labelled))
        return result.usage

    async def _new_claims(work: CaseWork, rank: Rank) -> tuple[CaseWork, _Scored | None]:
        """The case with its ground truth's new claims, and its result when it was the first
        case to ask for them (judged at `rank`); the others wait for them."""
        key = case_claim_key(work)
        if work.chunks and ctx.new_claims.lead(key):
            first = await _first_judgement(ctx, work, rank, save)
            if first.taken is None:
                return work, first
            # Another process froze its claims first: those are judged, as every case's are.
            usage = first.result.usage
            return work.model_copy(update={"claims": first.taken, "usage": usage}), None
        outcome = await ctx.new_claims.wait(key)
        if isinstance(outcome, str):
            return work.failed("claim extraction", outcome), None
        return work.model_copy(update={"claims": outcome}), None

    placed = list(enumerate(batch.cases))
    return sum(await map_bounded(one, placed, max(1, len(placed))), Usage())
