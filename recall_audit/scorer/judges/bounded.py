"""A judge that refuses ground truths longer than it can judge in reasonable time.

The built-in judge's time grows faster than its input (a megabyte of distinct sentences
ran for minutes); past the limit a ground truth is that case's error, naming the limit and
the setting that raises it, and the other ground truths of its request are judged as usual.
"""

from __future__ import annotations

from collections.abc import Sequence

from recall_audit.limits import beyond
from recall_audit.scorer.judge import Attribution, Extraction, Judge


class GroundTruthLimit:
    """`judge`, with ground truths over `max_chars` characters failed before it sees them."""

    def __init__(self, judge: Judge, max_chars: int) -> None:
        self.judge = judge
        self.max_chars = max_chars
        self.name = judge.name
        self.version = judge.version

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction:
        failed = {
            index: beyond(
                f"the ground truth has {len(truth):,} characters, more than the "
                f"{self.name} judge takes ({self.max_chars:,})",
                "max_ground_truth_chars",
            )
            for index, truth in enumerate(ground_truths)
            if len(truth) > self.max_chars
        }
        kept = [i for i in range(len(ground_truths)) if i not in failed]
        claims: list[list[str]] = [[] for _ in ground_truths]
        if not kept:
            return Extraction(claims=claims, failed=failed)
        truths = [ground_truths[i] for i in kept]
        if questions is None:
            inner = await self.judge.extract_claims(truths)
        else:
            inner = await self.judge.extract_claims(truths, [questions[i] for i in kept])
        for position, index in enumerate(kept):
            claims[index] = inner.claims[position]
            if position in inner.failed:
                failed[index] = inner.failed[position]
        return Extraction(claims=claims, failed=failed, usage=inner.usage)

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        return await self.judge.attribute(claims, chunks)
