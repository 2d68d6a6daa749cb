"""The interface every judge implements: extract claims, then attribute them to chunks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field
from recall_audit.scorer.types import Usage, Verdict


class Extraction(BaseModel):
    """Claims for each ground truth of a batch, in the batch's order."""

    claims: list[list[str]]
    usage: Usage = Field(default_factory=Usage)


class Attribution(BaseModel):
    """Exactly one verdict per claim index, in claim order (the judge checks this)."""

    verdicts: list[Verdict]
    usage: Usage = Field(default_factory=Usage)


@runtime_checkable
class Judge(Protocol):
    """Decides what the claims of a ground truth are and which chunks support them.

    `name` and `version` identify the judge in stored results and cache keys: two judges
    with the same name and version must give the same answers to the same inputs.
    """

    name: str
    version: str

    async def extract_claims(self, ground_truths: Sequence[str]) -> Extraction: ...

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution: ...


@runtime_checkable
class ReasonWriter(Protocol):
    """A judge that can also write a reason in its own words (model judges can)."""

    async def explain(
        self, claims: Sequence[str], verdicts: Sequence[Verdict], score: float
    ) -> tuple[str, Usage]: ...
