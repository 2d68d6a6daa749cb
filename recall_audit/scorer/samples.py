"""Repeated samples for noisy judges: each case judged N times, a majority verdict per claim.

The samples are the chunks in N deterministic orders (recall_audit/scorer/bias.py): a model judge at
temperature 0 varies with the order it reads the chunks in, and each order is its own
request, so every sample is cached like any answer. A claim is supported when more than
half of the samples support it (a tie is not support); the spread is the largest minus the
smallest recall over the samples.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from recall_audit.scorer.bias import OrderRun, position_bias
from recall_audit.scorer.judge import Judge
from recall_audit.types import Usage, Verdict


class Sampled(BaseModel):
    verdicts: list[Verdict]
    # Recall of each sample (empty when there was only one way to order the chunks).
    recalls: list[float] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)


def majority(runs: Sequence[OrderRun], n_claims: int) -> list[Verdict]:
    """Per claim, the first supporting sample's verdict if most samples support it."""
    verdicts = []
    for index in range(n_claims):
        supporting = [run.verdicts[index] for run in runs if run.verdicts[index].supported]
        if 2 * len(supporting) > len(runs):
            verdicts.append(supporting[0])
        else:
            verdicts.append(Verdict(claim_index=index, supported=False))
    return verdicts


async def judge_samples(
    judge: Judge, claims: Sequence[str], chunks: Sequence[str], samples: int, seed: int = 0
) -> Sampled:
    """Majority verdicts over `samples` orders of the chunks; raises JudgeError like attribute."""
    bias = await position_bias(judge, claims, chunks, orders=samples, seed=seed)
    if not bias.runs:
        # A single chunk has one order only: one judgement is all there is.
        attribution = await judge.attribute(claims, chunks)
        return Sampled(verdicts=attribution.verdicts, usage=attribution.usage)
    return Sampled(
        verdicts=majority(bias.runs, len(claims)),
        recalls=[run.recall for run in bias.runs],
        usage=bias.usage,
    )
