"""The values the scorer hands back: claims, verdicts, usage and the result of one case."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Usage(BaseModel):
    """Model traffic spent on a piece of work; cached calls cost nothing but are counted."""

    model_config = ConfigDict(frozen=True)

    calls: int = 0
    cached_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    # Calls that re-asked part of an earlier answer, and the items (claims, references) they
    # re-asked: what a weak judge costs beyond one call per request.
    repairs: int = 0
    reasked: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            **{name: getattr(self, name) + getattr(other, name) for name in Usage.model_fields}
        )


class Verdict(BaseModel):
    """Whether one claim is supported by the retrieved chunks, and by which ones."""

    claim_index: int = Field(ge=0)
    supported: bool
    # 0-based positions in the retrieved list, best first; empty when unsupported.
    chunk_indices: list[int] = Field(default_factory=list)
    quote: str = ""
    # Whether the quote was found (normalised) in a chunk the verdict cites; None when there
    # is no quote to check. An unverified quote still counts as support: the verdict is the
    # judgement, the quote only its evidence (docs/real-models.md, "Quotes").
    quote_verified: bool | None = None
    explanation: str = ""
    # The chunks state the claim is false (then `supported` is False).
    contradicted: bool = False
    # Why the judge could not decide (evidence partly there, a paraphrase it cannot confirm);
    # empty when it decided. `supported` is then its best reading, and the result's
    # `recall_bounds` count the claim as missed and as found.
    unsure: str = ""
    # Why a cascade's first judge was unsure of the claim, when its model judge decided this
    # verdict instead (recall_audit/scorer/judges/cascade.py); empty otherwise.
    escalated: str = ""


class Status(StrEnum):
    SCORED = "scored"
    NO_GROUND_TRUTH = "no_ground_truth"
    NO_CONTEXT = "no_context"
    NO_CLAIMS = "no_claims"
    ERROR = "error"


class RecallResult(BaseModel):
    """Context recall of one case, with everything needed to explain it."""

    status: Status
    # None only when status is ERROR: a failed judgement is never counted as "not supported".
    score: float | None
    scale: float = 1.0
    reason: str
    claims: list[str] = Field(default_factory=list)
    verdicts: list[Verdict] = Field(default_factory=list)
    # recall_at_k[k-1] is the recall using only the first k chunks.
    recall_at_k: list[float] = Field(default_factory=list)
    # Recall of each sample when the case was judged several times (see recall_audit/scorer/samples.py).
    sample_recalls: list[float] = Field(default_factory=list)
    # From the same verdicts, no call: the mean of precision@i over the positions i of the
    # chunks that support a claim (recall_audit/scorer/recall.py); None without chunks or claims.
    context_precision: float | None = None
    # Where the relevant documents' ids were given (recall_audit/scorer/id_recall.py): the share of them
    # the retrieved chunks came from, the same with only the first k chunks, and those
    # missed. None when no ids were given, never 0.
    id_recall: float | None = None
    id_recall_at_k: list[float] = Field(default_factory=list)
    missed_ids: list[str] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    error: str | None = None

    @property
    def sample_spread(self) -> float | None:
        """Largest minus smallest recall over the samples; None when judged once."""
        if not self.sample_recalls:
            return None
        return max(self.sample_recalls) - min(self.sample_recalls)

    @property
    def supported_count(self) -> int:
        return sum(v.supported for v in self.verdicts)

    @property
    def unsure_count(self) -> int:
        return sum(bool(v.unsure) for v in self.verdicts)

    @property
    def escalated_count(self) -> int:
        """Claims a cascade's model judge decided, its first judge being unsure of them."""
        return sum(bool(v.escalated) for v in self.verdicts)

    @property
    def recall_bounds(self) -> tuple[float, float] | None:
        """The recall with every unsure claim missed, and with every one found (on the
        result's scale); None when there is no score."""
        if self.score is None or not self.verdicts:
            return None if self.score is None else (self.score, self.score)
        sure = sum(v.supported and not v.unsure for v in self.verdicts)
        total = len(self.verdicts)
        return (sure / total * self.scale, (sure + self.unsure_count) / total * self.scale)

    @property
    def missing_claims(self) -> list[str]:
        return [self.claims[v.claim_index] for v in self.verdicts if not v.supported]
