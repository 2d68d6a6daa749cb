"""The interface every judge implements: extract claims, then attribute them to chunks."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from recall_audit.types import Usage, Verdict


class Extraction(BaseModel):
    """Claims for each ground truth of a batch, in the batch's order.

    A ground truth the judge could not extract claims from is in `failed` (its position and
    why); its entry in `claims` is empty and means nothing.
    """

    claims: list[list[str]]
    failed: dict[int, str] = Field(default_factory=dict)
    usage: Usage = Field(default_factory=Usage)


class Attribution(BaseModel):
    """Exactly one verdict per claim index, in claim order (the judge checks this)."""

    verdicts: list[Verdict]
    usage: Usage = Field(default_factory=Usage)


class Judgement(BaseModel):
    """A new ground truth's claims and their verdicts against one case's chunks.

    `claims_error` says why no claims could be had (then nothing else is set but `usage`);
    `verdicts_error` why claims that were found could not all be judged (the claims stand).
    No claims and no error: the ground truth has no checkable claim.
    """

    claims: list[str] = Field(default_factory=list)
    verdicts: list[Verdict] = Field(default_factory=list)
    claims_error: str | None = None
    verdicts_error: str | None = None
    usage: Usage = Field(default_factory=Usage)


@runtime_checkable
class Judge(Protocol):
    """Decides what the claims of a ground truth are and which chunks support them.

    `name` and `version` identify the judge in stored results and cache keys: two judges
    with the same name and version must give the same answers to the same inputs.

    `questions`, when given, are the questions the ground truths answer, one per ground
    truth (None where unknown): a short answer such as "Yes." needs its question to be
    turned into a claim (see prompts.needs_question).
    """

    name: str
    version: str

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction: ...

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution: ...


@runtime_checkable
class ReasonWriter(Protocol):
    """A judge that can also write a reason in its own words (model judges can)."""

    async def explain(
        self, claims: Sequence[str], verdicts: Sequence[Verdict], score: float
    ) -> tuple[str, Usage]: ...


@runtime_checkable
class OneCallJudge(Protocol):
    """A judge that can find a new ground truth's claims and judge them in one model call.

    Its claims are as good as `extract_claims`' (they are frozen like them); a judge without
    this method has its claims extracted first, then attributed.
    """

    async def claims_and_verdicts(
        self, ground_truth: str, chunks: Sequence[str], question: str | None = None
    ) -> Judgement: ...


def verdict_cache_version(judge: Judge) -> str:
    """What a judge's cached verdicts are keyed on besides its name: its version and, for a
    model judge, a hash of the server it asks, since one model name on two servers (a local
    llama.cpp and a provider) can be two different models. A judge made of others (a
    cascade) says its own, as `cache_version`."""
    composed = getattr(judge, "cache_version", None)
    if isinstance(composed, str):
        return composed
    base_url = getattr(getattr(judge, "model", None), "base_url", None)
    if not base_url:
        return judge.version
    return f"{judge.version}@{hashlib.sha256(base_url.rstrip('/').encode()).hexdigest()[:16]}"
