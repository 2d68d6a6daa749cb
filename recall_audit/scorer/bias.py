"""Position bias of a judge: the same claims judged against the chunks in several orders.

A judge that reads chunks fairly gives the same verdicts whatever their order; a model judge
may favour the first or last chunks (Mastra #19881). Orders are deterministic: the original,
then the reversed one, then shuffles drawn from `seed`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from pydantic import BaseModel, Field, computed_field

from recall_audit.errors import ConfigurationError, JudgeError
from recall_audit.scorer.judge import Attribution, Judge
from recall_audit.types import Usage, Verdict


class OrderRun(BaseModel):
    """The verdicts of one order, with chunk indices mapped back to the original positions."""

    # order[p] is the original position of the chunk the judge saw at position p.
    order: list[int]
    verdicts: list[Verdict]
    recall: float


class FlippedClaim(BaseModel):
    """A claim whose verdict depended on the order of the chunks."""

    claim_index: int
    claim: str
    # Indices into PositionBias.runs (0 is the original order) of the orders that supported it.
    supported_in: list[int]


class PositionBias(BaseModel):
    """How much a judge's verdicts move when only the order of the chunks changes."""

    # One run per order judged; empty when the input was too small to judge in two orders.
    runs: list[OrderRun] = Field(default_factory=list)
    # Per claim: the supported verdict was the same in every order.
    stable: list[bool]
    flipped: list[FlippedClaim] = Field(default_factory=list)
    # Per claim: the set of supporting chunks (original positions) was the same in every order.
    chunks_agree: list[bool]
    usage: Usage = Field(default_factory=Usage)

    @computed_field
    @property
    def agreement(self) -> float:
        """Share of claims with the same verdict in every order (1.0 when there are none)."""
        return sum(self.stable) / len(self.stable) if self.stable else 1.0

    @computed_field
    @property
    def recall_min(self) -> float | None:
        return min((r.recall for r in self.runs), default=None)

    @computed_field
    @property
    def recall_max(self) -> float | None:
        return max((r.recall for r in self.runs), default=None)

    @computed_field
    @property
    def spread(self) -> float:
        """Max minus min recall over the orders."""
        if self.recall_min is None or self.recall_max is None:
            return 0.0
        return self.recall_max - self.recall_min

    @property
    def is_stable(self) -> bool:
        return all(self.stable) and all(self.chunks_agree)


def chunk_orders(n_chunks: int, orders: int, seed: int) -> list[list[int]]:
    """The original order, the reversed one, then seeded shuffles not seen yet (while any remain)."""
    identity = list(range(n_chunks))
    result = [identity, identity[::-1]][:orders]
    seen = {tuple(o) for o in result}
    rng = random.Random(seed)
    while len(result) < orders:
        order = identity.copy()
        rng.shuffle(order)
        # Repeating an order adds no evidence, but tiny inputs have too few orders to avoid it.
        if tuple(order) not in seen or len(seen) >= math.factorial(n_chunks):
            seen.add(tuple(order))
            result.append(order)
    return result


def map_back(attribution: Attribution, order: Sequence[int], n_claims: int) -> list[Verdict]:
    """One verdict per claim, in claim order, citing chunks by their original positions."""
    by_claim = {v.claim_index: v for v in attribution.verdicts}
    if sorted(by_claim) != list(range(n_claims)):
        raise JudgeError(
            f"the judge returned verdicts for claims {sorted(by_claim)}", attribution.usage
        )
    mapped = []
    for i in range(n_claims):
        verdict = by_claim[i]
        if any(not 0 <= p < len(order) for p in verdict.chunk_indices):
            raise JudgeError(
                f"the judge cited chunks {verdict.chunk_indices} of {len(order)}", attribution.usage
            )
        indices = [order[p] for p in verdict.chunk_indices]
        mapped.append(verdict.model_copy(update={"chunk_indices": indices}))
    return mapped


def supporting(verdict: Verdict) -> frozenset[int]:
    return frozenset(verdict.chunk_indices) if verdict.supported else frozenset()


def summarise(claims: Sequence[str], runs: list[OrderRun], usage: Usage) -> PositionBias:
    stable, chunks_agree, flipped = [], [], []
    for i, claim in enumerate(claims):
        verdicts = [run.verdicts[i] for run in runs]
        supported_in = [n for n, v in enumerate(verdicts) if v.supported]
        same = len(supported_in) in (0, len(runs))
        stable.append(same)
        chunks_agree.append(len({supporting(v) for v in verdicts}) <= 1)
        if not same:
            flipped.append(FlippedClaim(claim_index=i, claim=claim, supported_in=supported_in))
    return PositionBias(
        runs=runs, stable=stable, flipped=flipped, chunks_agree=chunks_agree, usage=usage
    )


async def position_bias(
    judge: Judge,
    claims: Sequence[str],
    chunks: Sequence[str],
    *,
    orders: int = 2,
    seed: int = 0,
) -> PositionBias:
    """Judges the claims against the chunks in `orders` orders and reports what changed.

    A failing judge raises JudgeError carrying the usage of every order judged so far.
    """
    if orders < 1:
        raise ConfigurationError(f"orders must be at least 1, not {orders}")
    if not claims or len(chunks) < 2:
        # One order only exists, so nothing can move: no judge call is worth making.
        return PositionBias(stable=[True] * len(claims), chunks_agree=[True] * len(claims))
    runs: list[OrderRun] = []
    usage = Usage()
    # One order at a time, so a failure can report what the earlier ones cost.
    for order in chunk_orders(len(chunks), orders, seed):
        try:
            attribution = await judge.attribute(claims, [chunks[p] for p in order])
            verdicts = map_back(attribution, order, len(claims))
        except JudgeError as exc:
            raise JudgeError(str(exc), usage + exc.usage) from exc
        usage += attribution.usage
        recall = sum(v.supported for v in verdicts) / len(claims)
        runs.append(OrderRun(order=order, verdicts=verdicts, recall=recall))
    return summarise(claims, runs, usage)
