"""Why a claim was missed: not in the knowledge base, in it but not retrieved (and at which
rank the retriever returns it when asked for more), or retrieved and judged unsupported.

One case's missed claims are judged together, by the run's own judge, against one pool of
chunks: what the retriever returns when asked for `depth` chunks (beyond what the run
already judged), then each claim's BM25 candidates from the knowledge base. So a model judge
costs one call per case with a missed claim, and the same pool the next night is the same
request, answered from its cache. The pool is bounded in chunks and characters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from recall_audit.datasets.cases import DatasetCase
from recall_audit.diagnosis.kinds import ClaimKind, claim_kind
from recall_audit.diagnosis.knowledge import KnowledgeBase, content_hash
from recall_audit.errors import RecallAuditError
from recall_audit.retrievers.base import Retriever
from recall_audit.retrievers.context import Extractor, extract_chunks
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.recall import clean_chunks
from recall_audit.types import Usage

MissCause = Literal[
    "not_in_knowledge_base", "not_retrieved", "judged_unsupported", "not_found", "undiagnosed"
]
DEFAULT_DEPTH = 50


class DiagnoseSettings(BaseModel):
    """How far the diagnosis looks, and what it may cost."""

    model_config = ConfigDict(frozen=True)

    # Chunks the retriever is asked for, to find the rank of a chunk it did not return.
    depth: int = Field(default=DEFAULT_DEPTH, ge=1, le=10_000)
    # BM25 candidates from the knowledge base per missed claim.
    candidates: int = Field(default=5, ge=1, le=100)
    # Bounds on one case's pool: what one model call may carry.
    max_chunks: int = Field(default=80, ge=1)
    max_chars: int = Field(default=40_000, ge=1)


class Source(BaseModel):
    """Where a chunk comes from in the knowledge base (or in the retriever's own hit)."""

    document: str
    title: str = ""
    chunk_id: str = ""
    hash: str = ""


class MissedClaim(BaseModel):
    case_key: str
    question: str
    claim_index: int
    claim: str
    kind: ClaimKind
    cause: MissCause
    # 1-based rank at which the retriever returns a supporting chunk (None: not within depth).
    rank: int | None = None
    top_k: int
    # How deep the retriever was asked; None when it could not be asked again.
    depth: int | None = None
    source: Source | None = None
    # The supporting chunk, when one was found.
    evidence: str = ""
    detail: str = ""

    @property
    def label(self) -> str:
        if self.cause == "not_in_knowledge_base":
            return "not in knowledge base"
        if self.cause == "not_retrieved":
            if self.rank is not None:
                return f"not retrieved, rank {self.rank}"
            return f"not retrieved, beyond {self.depth}" if self.depth else "not retrieved"
        if self.cause == "judged_unsupported":
            return f"retrieved at rank {self.rank}, judged unsupported"
        if self.cause == "not_found":
            return f"not found within rank {self.depth} (no knowledge base to search)"
        return f"not diagnosed: {self.detail}" if self.detail else "not diagnosed"


class CaseDiagnosis(BaseModel):
    case_key: str
    missed: list[MissedClaim] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    # Chunks the judge was shown for this case's missed claims.
    judged_chunks: int = 0
    # Hashes of the chunks the retriever returned when asked for `depth`, best first: where
    # a lost claim's old chunk ranks now. None when it was not asked.
    ranked: list[str] | None = None
    error: str | None = None


class CaseToDiagnose(BaseModel):
    """One scored case of a run, as the diagnosis reads it."""

    case_key: str
    question: str
    claims: list[str]
    supported: list[bool]
    # The chunks the run judged, in order.
    retrieved: list[str] = Field(default_factory=list)
    top_k: int = Field(ge=1)
    # The retriever's answer when asked for `depth` chunks; None when it cannot be asked.
    deeper: list[str] | None = None


@dataclass(frozen=True)
class _Item:
    text: str
    hash: str
    # 1-based rank in the deeper answer, when it is one of its chunks.
    rank: int | None = None
    # 1-based position among the chunks the run judged, when it is one of them.
    retrieved: int | None = None


class _Pool:
    """The chunks one judgement is shown, each once, within the bounds."""

    def __init__(self, settings: DiagnoseSettings) -> None:
        self.items: list[_Item] = []
        self._seen: set[str] = set()
        self._chars = 0
        self._settings = settings

    def add(self, item: _Item) -> None:
        full = len(self.items) >= self._settings.max_chunks
        if (
            item.hash in self._seen
            or full
            or self._chars + len(item.text) > self._settings.max_chars
        ):
            return
        self._seen.add(item.hash)
        self._chars += len(item.text)
        self.items.append(item)


async def retrieve_deeper(
    retriever: Retriever,
    case: DatasetCase,
    depth: int,
    *,
    text_field: str | None = None,
    extractor: Extractor | None = None,
) -> list[str] | None:
    """What the retriever returns when asked for `depth` chunks; None for the dataset's own
    chunks (there is nothing more to ask for)."""
    if not getattr(retriever, "capped", True):
        return None
    raw = await retriever.retrieve(case, depth)
    return clean_chunks(extract_chunks(raw, text_field=text_field, extractor=extractor))[:depth]


def _pool(
    case: CaseToDiagnose, missed: list[int], kb: KnowledgeBase | None, settings: DiagnoseSettings
) -> _Pool:
    """The deeper answer's chunks the run did not judge, then the claims' candidates in
    turns (each claim's first, then each one's second...), so every claim gets its share."""
    retrieved = {content_hash(t): n for n, t in enumerate(case.retrieved, start=1)}
    pool = _Pool(settings)
    for rank, text in enumerate(case.deeper or [], start=1):
        if (h := content_hash(text)) not in retrieved:
            pool.add(_Item(text, h, rank=rank))
    if kb is None:
        return pool
    ranks = {content_hash(t): r for r, t in enumerate(case.deeper or [], start=1)}
    lists = [kb.candidates(case.claims[i], settings.candidates) for i in missed]
    for turn in range(settings.candidates):
        for found in lists:
            if turn < len(found):
                h = content_hash(found[turn].text)
                pool.add(_Item(found[turn].text, h, ranks.get(h), retrieved.get(h)))
    return pool


async def diagnose_case(
    case: CaseToDiagnose,
    judge: Judge,
    kb: KnowledgeBase | None,
    settings: DiagnoseSettings | None = None,
) -> CaseDiagnosis:
    """Every missed claim of `case` with its cause; one judgement for all of them."""
    settings = settings or DiagnoseSettings()
    missed = [i for i, supported in enumerate(case.supported) if not supported]
    if not missed:
        return CaseDiagnosis(case_key=case.case_key)
    pool = _pool(case, missed, kb, settings)
    depth = settings.depth if case.deeper is not None else None
    if not pool.items:
        detail = "" if kb is not None or case.deeper is not None else "no knowledge base given"
        return _diagnosis(case, missed, [[]] * len(missed), kb, depth, Usage(), 0, detail)
    try:
        attribution = await judge.attribute(
            [case.claims[i] for i in missed], [i.text for i in pool.items]
        )
    except RecallAuditError as error:
        claims = [[] for _ in missed]
        diagnosis = _diagnosis(case, missed, claims, kb, None, Usage(), len(pool.items), str(error))
        return diagnosis.model_copy(update={"error": str(error)})
    support = [
        [pool.items[x] for x in v.chunk_indices if 0 <= x < len(pool.items)] if v.supported else []
        for v in attribution.verdicts
    ]
    return _diagnosis(case, missed, support, kb, depth, attribution.usage, len(pool.items), "")


def _diagnosis(
    case: CaseToDiagnose,
    missed: list[int],
    support: Sequence[list[_Item]],
    kb: KnowledgeBase | None,
    depth: int | None,
    usage: Usage,
    judged: int,
    detail: str,
) -> CaseDiagnosis:
    claims = [
        _classified(case, index, items, kb, depth, detail)
        for index, items in zip(missed, support, strict=True)
    ]
    return CaseDiagnosis(case_key=case.case_key, missed=claims, usage=usage, judged_chunks=judged)


def _classified(
    case: CaseToDiagnose,
    index: int,
    support: list[_Item],
    kb: KnowledgeBase | None,
    depth: int | None,
    detail: str,
) -> MissedClaim:
    claim = MissedClaim(
        case_key=case.case_key,
        question=case.question,
        claim_index=index,
        claim=case.claims[index],
        kind=claim_kind(case.claims[index]),
        cause="undiagnosed",
        top_k=case.top_k,
        depth=depth,
        detail=detail,
    )
    if detail and not support:
        return claim
    retrieved = sorted((i for i in support if i.retrieved), key=lambda i: i.retrieved or 0)
    ranked = sorted((i for i in support if i.rank), key=lambda i: i.rank or 0)
    if retrieved:
        best, cause, rank = retrieved[0], "judged_unsupported", retrieved[0].retrieved
    elif ranked:
        best, cause, rank = ranked[0], "not_retrieved", ranked[0].rank
    elif support:
        best, cause, rank = support[0], "not_retrieved", None
    else:
        cause = "not_in_knowledge_base" if kb is not None else "not_found"
        if cause == "not_found" and depth is None:
            return claim.model_copy(update={"detail": "no knowledge base given"})
        return claim.model_copy(update={"cause": cause})
    return claim.model_copy(
        update={
            "cause": cause,
            "rank": rank,
            "source": _source(best, kb),
            "evidence": best.text,
            "detail": "",
        }
    )


def _source(item: _Item, kb: KnowledgeBase | None) -> Source | None:
    chunk = kb.chunk_with_hash(item.hash) if kb is not None else None
    if chunk is None:
        return None
    return Source(document=chunk.document, title=chunk.title, chunk_id=chunk.id, hash=item.hash)
