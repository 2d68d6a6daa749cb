"""A cascade: a first judge (the built-in one) decides what it can, and only the verdicts it
marks unsure go to a model judge, all of one case's in that judge's one call (its windows
when the chunks are long). The claims are the first judge's.

A case whose first verdicts are all sure costs no call; a failed model call fails the case,
as it would for the model judge alone (an unsure verdict is never passed off as decided).
"""

from __future__ import annotations

from collections.abc import Sequence

from recall_audit.scorer.judge import Attribution, Extraction, Judge, verdict_cache_version


class CascadeJudge:
    """`first` judges every claim; `escalate_to` decides the ones `first` is unsure of."""

    def __init__(self, first: Judge, escalate_to: Judge) -> None:
        self.first = first
        self.escalate_to = escalate_to
        self.name = f"{first.name}+{escalate_to.name}"
        self.version = f"{first.version}+{escalate_to.version}"

    def __repr__(self) -> str:
        return f"CascadeJudge({self.first.name!r}, escalate_to={self.escalate_to.name!r})"

    async def __aenter__(self) -> CascadeJudge:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Closes the judges' connections (a model judge pools them)."""
        for judge in (self.first, self.escalate_to):
            close = getattr(judge, "aclose", None)
            if close is not None:
                await close()

    @property
    def cache_version(self) -> str:
        """What its cached verdicts key on: both judges' versions, and the model judge's
        server (judge.verdict_cache_version)."""
        return f"{verdict_cache_version(self.first)}+{verdict_cache_version(self.escalate_to)}"

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction:
        if questions is None:
            return await self.first.extract_claims(ground_truths)
        return await self.first.extract_claims(ground_truths, questions)

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        """The first judge's verdicts, its unsure ones replaced by the model judge's (each
        saying why it was escalated)."""
        first = await self.first.attribute(claims, chunks)
        unsure = [i for i, verdict in enumerate(first.verdicts) if verdict.unsure]
        if not unsure:
            return first
        decided = await self.escalate_to.attribute([claims[i] for i in unsure], chunks)
        verdicts = list(first.verdicts)
        for index, verdict in zip(unsure, decided.verdicts, strict=True):
            verdicts[index] = verdict.model_copy(
                update={"claim_index": index, "escalated": first.verdicts[index].unsure}
            )
        return Attribution(verdicts=verdicts, usage=first.usage + decided.usage)
