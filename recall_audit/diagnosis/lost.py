"""Why a claim found by the baseline is lost now: the chunk that supported it was removed
from the knowledge base, edited (same document, other text), is still there but ranked
below k, is still retrieved and the judge changed, or the ground truth changed.

Everything is decided from what the runs recorded: the chunk that supported the claim in the
base run (its text, so its hash), the base run's knowledge-base version (hash → document),
the head run's chunks and knowledge base, and where the retriever ranks the old chunk now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel

from recall_audit.compare.compare import ClaimChange
from recall_audit.diagnosis.knowledge import KnowledgeBase, KnowledgeChunk, content_hash

LostCause = Literal[
    "removed", "edited", "ranked", "judge_changed", "ground_truth_changed", "not_retrieved"
]


class LostClaim(BaseModel):
    case_key: str
    claim_index: int
    claim: str
    cause: LostCause
    document: str | None = None
    title: str = ""
    # The supporting chunk in the base run, and what stands in its place now (edited).
    old_text: str | None = None
    new_text: str | None = None
    # Where the retriever ranks the old chunk now (ranked), 1-based; None beyond `depth`.
    rank: int | None = None
    top_k: int | None = None
    depth: int | None = None
    detail: str = ""

    @property
    def label(self) -> str:
        where = f" ({self.document})" if self.document else ""
        if self.cause == "removed":
            return f"removed{where}"
        if self.cause == "edited":
            return f"edited{where}"
        if self.cause == "ranked":
            if self.rank is None:
                return f"ranked beyond {self.depth} now" if self.depth else "ranked below k now"
            return f"ranked {self.rank} > {self.top_k}"
        if self.cause == "judge_changed":
            return "judge changed"
        if self.cause == "ground_truth_changed":
            return "ground truth changed"
        return "not retrieved any more" + (f": {self.detail}" if self.detail else "")


class LostEvidence(BaseModel):
    """What the two runs recorded that explains their lost claims."""

    base_judge: str = ""
    head_judge: str = ""
    # Ground-truth hashes by case key, where known.
    base_ground_truths: dict[str, str] = {}
    head_ground_truths: dict[str, str] = {}
    # The base run's knowledge-base version, by chunk hash; empty when not recorded.
    base_chunks: dict[str, KnowledgeChunk] = {}
    # The hashes of the chunks the head run retrieved, by case key.
    head_retrieved: dict[str, list[str]] = {}
    head_top_k: int | None = None
    depth: int | None = None


def explain_lost(
    lost: Sequence[ClaimChange],
    evidence: LostEvidence,
    head_kb: KnowledgeBase | None,
    ranks: Mapping[str, list[str]] | None = None,
) -> list[LostClaim]:
    """The cause of each lost claim. `ranks` holds, by case key, the hashes of the chunks the
    retriever returns now when asked for `evidence.depth` (where it could be asked)."""
    return [_explained(change, evidence, head_kb, ranks or {}) for change in lost]


def _explained(
    change: ClaimChange,
    evidence: LostEvidence,
    kb: KnowledgeBase | None,
    ranks: Mapping[str, list[str]],
) -> LostClaim:
    key = change.case_key
    claim = LostClaim(
        case_key=key,
        claim_index=change.claim_index,
        claim=change.claim,
        cause="not_retrieved",
        old_text=change.chunk_text,
        top_k=evidence.head_top_k,
        depth=evidence.depth,
    )
    before, after = evidence.base_ground_truths.get(key), evidence.head_ground_truths.get(key)
    if before and after and before != after:
        return claim.model_copy(update={"cause": "ground_truth_changed"})
    if evidence.base_judge and evidence.head_judge and evidence.base_judge != evidence.head_judge:
        detail = f"{evidence.base_judge} → {evidence.head_judge}"
        return claim.model_copy(update={"cause": "judge_changed", "detail": detail})
    if change.chunk_text is None:
        return claim.model_copy(update={"detail": "the base run's supporting chunk is not stored"})
    old = content_hash(change.chunk_text)
    known = evidence.base_chunks.get(old)
    if known is None and kb is not None and (now := kb.chunk_with_hash(old)) is not None:
        known = KnowledgeChunk(hash=old, chunk_id=now.id, document=now.document, title=now.title)
    if known is not None:
        claim = claim.model_copy(update={"document": known.document, "title": known.title})
    if old in evidence.head_retrieved.get(key, []):
        position = evidence.head_retrieved[key].index(old) + 1
        detail = f"the same chunk is still retrieved (chunk {position}); the verdict changed"
        return claim.model_copy(update={"cause": "judge_changed", "detail": detail})
    if kb is None:
        return _by_rank(claim, old, ranks.get(key))
    if kb.holds(change.chunk_text):
        return _by_rank(claim, old, ranks.get(key)).model_copy(update={"cause": "ranked"})
    if known is None:
        detail = (
            "its chunk is no longer in the knowledge base (the base run's version is not recorded)"
        )
        return claim.model_copy(update={"cause": "removed", "detail": detail})
    standing = kb.chunk_now(known.chunk_id, known.document)
    if standing is None:
        return claim.model_copy(update={"cause": "removed"})
    return claim.model_copy(update={"cause": "edited", "new_text": standing.text})


def _by_rank(claim: LostClaim, old: str, ranked: list[str] | None) -> LostClaim:
    """Ranked below k when the retriever still returns the chunk deeper down; without a
    knowledge base to look in, not retrieved any more (removed or beyond the depth)."""
    if ranked is not None and old in ranked:
        return claim.model_copy(update={"cause": "ranked", "rank": ranked.index(old) + 1})
    if ranked is None:
        return claim.model_copy(update={"depth": None})
    return claim.model_copy(update={"detail": f"not within rank {claim.depth}"})
