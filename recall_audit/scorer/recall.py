"""Context recall of one case: claims, verdicts, score, recall@k and reason."""

from __future__ import annotations

import math
from collections.abc import Sequence

from recall_audit.errors import ConfigurationError, JudgeError
from recall_audit.scorer.id_recall import IdRecall, given_ids, id_recall
from recall_audit.scorer.judge import Judge, Judgement, OneCallJudge, ReasonWriter
from recall_audit.scorer.prompts import needs_question
from recall_audit.scorer.quotes import with_quote_checked
from recall_audit.scorer.reason import explain
from recall_audit.scorer.samples import judge_samples
from recall_audit.types import RecallResult, Status, Usage, Verdict


def clean_chunks(chunks: Sequence[str] | None) -> list[str]:
    """Chunks as the judge sees them; blank ones are dropped since they support nothing."""
    return [c for c in (chunks or []) if isinstance(c, str) and c.strip()]


def recall_at_k(verdicts: Sequence[Verdict], n_claims: int, n_chunks: int) -> list[float]:
    """Recall using only the first k chunks, for k = 1..n_chunks (free from the verdicts)."""
    if n_claims == 0:
        return [0.0] * n_chunks
    first_rank = [min(v.chunk_indices) + 1 for v in verdicts if v.supported and v.chunk_indices]
    return [sum(r <= k for r in first_rank) / n_claims for k in range(1, n_chunks + 1)]


def context_precision(verdicts: Sequence[Verdict], n_chunks: int) -> float | None:
    """The mean of precision@i over the positions i of the relevant chunks, a chunk being
    relevant when it supports at least one claim (Ragas' and Mastra's definition): 1 when
    every supporting chunk comes first, 0 when no chunk supports anything, None without
    chunks. Free from the verdicts: no model call."""
    if n_chunks == 0:
        return None
    relevant = {i for v in verdicts if v.supported for i in v.chunk_indices if 0 <= i < n_chunks}
    if not relevant:
        return 0.0
    found, total = 0, 0.0
    for position in range(n_chunks):
        if position in relevant:
            found += 1
            total += found / (position + 1)
    return total / len(relevant)


def score_verdicts(
    claims: Sequence[str], verdicts: Sequence[Verdict], n_chunks: int, scale: float = 1.0
) -> tuple[float, list[float]]:
    """Supported / total × scale, clamped to [0, scale], and the recall@k curve."""
    if not claims:
        return 0.0, [0.0] * n_chunks
    supported = sum(v.supported for v in verdicts)
    score = min(max(supported / len(claims), 0.0), 1.0) * scale
    return score, recall_at_k(verdicts, len(claims), n_chunks)


def is_blank(text: str | None) -> bool:
    return text is None or not text.strip()


def no_ground_truth(scale: float) -> RecallResult:
    return RecallResult(
        status=Status.NO_GROUND_TRUTH,
        score=0.0,
        scale=scale,
        reason="No ground truth was given, so there are no claims to recall; scored 0.",
    )


def no_context(scale: float) -> RecallResult:
    return RecallResult(
        status=Status.NO_CONTEXT,
        score=0.0,
        scale=scale,
        reason="The retriever returned no context, so no claim can be supported; scored 0.",
    )


def result_from_verdicts(
    claims: Sequence[str],
    verdicts: Sequence[Verdict],
    chunks: Sequence[str],
    *,
    scale: float = 1.0,
    usage: Usage | None = None,
) -> RecallResult:
    """Builds the result of a judged case (also used when claims and verdicts come from storage)."""
    usage = usage or Usage()
    if not claims:
        return RecallResult(
            status=Status.NO_CLAIMS,
            score=0.0,
            scale=scale,
            reason="The ground truth yielded no checkable claims; scored 0.",
            usage=usage,
        )
    score, at_k = score_verdicts(claims, verdicts, len(chunks), scale)
    return RecallResult(
        status=Status.SCORED,
        score=score,
        scale=scale,
        reason=explain(claims, verdicts, chunks, score, scale),
        claims=list(claims),
        verdicts=list(verdicts),
        recall_at_k=at_k,
        context_precision=context_precision(verdicts, len(chunks)),
        usage=usage,
    )


def with_id_recall(result: RecallResult, ids: IdRecall | None) -> RecallResult:
    """The result with the case's recall by document id (unchanged without one)."""
    if ids is None:
        return result
    return result.model_copy(
        update={
            "id_recall": ids.recall,
            "id_recall_at_k": ids.recall_at_k,
            "missed_ids": ids.missed,
        }
    )


def _kept_ids(
    chunks: Sequence[str] | None, retrieved_ids: Sequence[str | None] | None
) -> list[str | None]:
    """The ids of the chunks the judge sees (blank ones dropped), checked against the chunks."""
    chunks = list(chunks or [])
    if retrieved_ids is None:
        return [None] * len(clean_chunks(chunks))
    if len(retrieved_ids) != len(chunks):
        raise ConfigurationError(
            f"retrieved_context_ids names {len(retrieved_ids)} documents for {len(chunks)} "
            "chunks; give one id a chunk, in the chunks' order"
        )
    return [i for c, i in zip(chunks, retrieved_ids, strict=True) if clean_chunks([c])]


def error_result(
    message: str, *, scale: float, claims: Sequence[str] = (), usage: Usage | None = None
) -> RecallResult:
    return RecallResult(
        status=Status.ERROR,
        score=None,
        scale=scale,
        reason=f"Not scored: {message}",
        claims=list(claims),
        usage=usage or Usage(),
        error=message,
    )


def checked_result(
    claims: Sequence[str],
    verdicts: Sequence[Verdict],
    chunks: Sequence[str],
    *,
    scale: float,
    usage: Usage,
) -> RecallResult:
    """The result of verdicts a judge just gave, their quotes looked for in the chunks."""
    verdicts = [with_quote_checked(v, chunks) for v in verdicts]
    return result_from_verdicts(claims, verdicts, chunks, scale=scale, usage=usage)


def judgement_result(
    judgement: Judgement, chunks: Sequence[str], *, scale: float = 1.0, usage: Usage | None = None
) -> RecallResult:
    """The result of a new ground truth's claims and verdicts judged in one go."""
    usage = (usage or Usage()) + judgement.usage
    if judgement.claims_error is not None:
        return error_result(judgement.claims_error, scale=scale, usage=usage)
    if judgement.verdicts_error is not None:
        return error_result(
            judgement.verdicts_error, scale=scale, claims=judgement.claims, usage=usage
        )
    return checked_result(judgement.claims, judgement.verdicts, chunks, scale=scale, usage=usage)


async def judge_claims(
    claims: Sequence[str],
    chunks: Sequence[str],
    judge: Judge,
    *,
    scale: float = 1.0,
    usage: Usage | None = None,
    samples: int = 1,
) -> RecallResult:
    """Attributes frozen claims to cleaned chunks; no context means every claim is missed.

    With `samples` above 1 the claims are judged that many times (the chunks in different
    orders) and each claim gets the majority verdict; the result carries each sample's recall.
    """
    usage = usage or Usage()
    if claims and not chunks:
        verdicts = [Verdict(claim_index=i, supported=False) for i in range(len(claims))]
        return RecallResult(
            status=Status.NO_CONTEXT,
            score=0.0,
            scale=scale,
            reason="The retriever returned no context, so none of the "
            f"{len(claims)} claims is supported; scored 0.",
            claims=list(claims),
            verdicts=verdicts,
            usage=usage,
        )
    if not claims:
        return result_from_verdicts([], [], chunks, scale=scale, usage=usage)
    try:
        if samples > 1:
            sampled = await judge_samples(judge, claims, chunks, samples)
            verdicts, usage, recalls = sampled.verdicts, usage + sampled.usage, sampled.recalls
        else:
            attribution = await judge.attribute(claims, chunks)
            verdicts, usage, recalls = attribution.verdicts, usage + attribution.usage, []
    except JudgeError as exc:
        return error_result(str(exc), scale=scale, claims=claims, usage=usage + exc.usage)
    result = checked_result(claims, verdicts, chunks, scale=scale, usage=usage)
    if not recalls:
        return result
    spread = max(recalls) - min(recalls)
    reason = f"{result.reason} Judged {len(recalls)} times: recall spread {spread:.2f}."
    return result.model_copy(update={"sample_recalls": recalls, "reason": reason})


def check_scale(scale: float) -> float:
    """A scale is a finite number above 0 (nan and inf would pass a comparison or two)."""
    if isinstance(scale, str | bytes) or not (math.isfinite(float(scale)) and scale > 0):
        raise ValueError(f"scale must be a finite number above 0, got {scale!r}")
    return scale


async def context_recall(
    ground_truth: str | None,
    chunks: Sequence[str] | None,
    judge: Judge,
    *,
    scale: float = 1.0,
    question: str | None = None,
    reference_context_ids: Sequence[str] | None = None,
    retrieved_context_ids: Sequence[str | None] | None = None,
) -> RecallResult:
    """Scores one case: claims from the ground truth, then one verdict per claim (in one
    model call when the judge can).

    The question is shown to the judge only for a ground truth too short to stand alone.
    Given the ids of the relevant documents (`reference_context_ids`) and of each chunk's
    document (`retrieved_context_ids`, in the chunks' order), the result carries the recall
    by document id too (`id_recall`, `id_recall_at_k`, `missed_ids`), at no cost."""
    check_scale(scale)
    for name, given in (("reference_context_ids", reference_context_ids),
                        ("retrieved_context_ids", retrieved_context_ids)):  # fmt: skip
        if isinstance(given, str | bytes):
            # A string is a sequence too: "p1" would be read as the ids "p" and "1".
            raise TypeError(f"{name} must be a list of ids, not a string (give [{given!r}])")
    ids = None
    labels = given_ids(reference_context_ids, "reference_context_ids")
    retrieved = given_ids(retrieved_context_ids, "retrieved_context_ids", blanks=True)
    if labels is not None:
        ids = id_recall(labels, _kept_ids(chunks, retrieved))
    return with_id_recall(await _claim_recall(ground_truth, chunks, judge, scale, question), ids)


async def _claim_recall(
    ground_truth: str | None,
    chunks: Sequence[str] | None,
    judge: Judge,
    scale: float,
    question: str | None,
) -> RecallResult:
    chunks = clean_chunks(chunks)
    # Answered without a model call: nothing to recall, or nothing to recall it from.
    if is_blank(ground_truth):
        return no_ground_truth(scale)
    if not chunks:
        return no_context(scale)
    if isinstance(judge, OneCallJudge):
        judgement = await judge.claims_and_verdicts(ground_truth, chunks, question)
        return judgement_result(judgement, chunks, scale=scale)
    try:
        if question is not None and needs_question(ground_truth):
            extraction = await judge.extract_claims([ground_truth], [question])
        else:
            extraction = await judge.extract_claims([ground_truth])
    except JudgeError as exc:
        return error_result(str(exc), scale=scale, usage=exc.usage)
    if extraction.failed:
        return error_result(extraction.failed[0], scale=scale, usage=extraction.usage)
    return await judge_claims(
        extraction.claims[0], chunks, judge, scale=scale, usage=extraction.usage
    )


async def with_model_reason(result: RecallResult, judge: ReasonWriter) -> RecallResult:
    """The same result with a model-written reason; if the model fails, the built one stays."""
    if result.status is not Status.SCORED or result.score is None:
        return result
    try:
        reason, usage = await judge.explain(
            result.claims, result.verdicts, result.score / result.scale
        )
    except JudgeError as exc:
        return result.model_copy(update={"usage": result.usage + exc.usage})
    return result.model_copy(update={"reason": reason, "usage": result.usage + usage})


def reason_writer(judge: Judge, wanted: bool) -> ReasonWriter | None:
    """The judge as a reason writer when model-written reasons are wanted (and possible)."""
    if not wanted:
        return None
    if not isinstance(judge, ReasonWriter):
        raise ConfigurationError(
            f"model-written reasons need a model judge (openai/... or anthropic/...), not {judge.name}"
        )
    return judge
