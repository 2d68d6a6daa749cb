"""Recall by document id, where a dataset labels the documents relevant to each case (Ragas'
IDBasedContextRecall: `reference_context_ids`; or a BEIR/TREC qrels file, recall_audit/datasets/qrels.py):

    id recall = |relevant ∩ retrieved document ids| / |relevant|

and recall@k by id for every k, from the ids of the retrieved chunks (several chunks of one
document count it once). Deterministic and free: no judge, no model call. A case without
labels has no id recall (None), never 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from recall_audit.errors import ConfigurationError


class IdRecall(BaseModel):
    """A case's recall by document id."""

    model_config = ConfigDict(frozen=True)

    recall: float = Field(ge=0, le=1)
    # recall_at_k[k-1]: the share of relevant documents among the first k chunks' documents.
    recall_at_k: list[float] = Field(default_factory=list)
    # The labelled relevant documents that no retrieved chunk came from, in label order.
    missed: list[str] = Field(default_factory=list)


def given_ids(value: object, name: str, *, blanks: bool = False) -> list[str | None] | None:
    """A library caller's list of document ids, checked: a lone string would otherwise be
    read as its characters (`"p1"` as the ids "p" and "1"), so it is refused, as a dataset
    row's is. `blanks` lets a chunk name no document (None)."""
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | set | frozenset):
        raise ConfigurationError(
            f"{name}: expected a list of document ids (strings), got {type(value).__name__}"
            + (f"; for one id write [{value!r}]" if isinstance(value, str) else "")
        )
    ids = list(value)
    wrong = sorted(
        {type(i).__name__ for i in ids if not (isinstance(i, str) or (blanks and i is None))}
    )
    if wrong:
        raise ConfigurationError(
            f"{name}: expected a list of document ids (strings), got a list with "
            f"{', '.join(wrong)} items"
        )
    return ids


def relevant_ids(labels: Sequence[str] | None) -> list[str]:
    """The distinct labelled ids, in their first order; blank ones mean nothing."""
    return list(dict.fromkeys(i for i in labels or () if i.strip()))


def id_recall(labels: Sequence[str] | None, retrieved: Sequence[str | None]) -> IdRecall | None:
    """Recall by id of the chunks whose documents are `retrieved` (best first; None for a
    chunk whose hit named no document). None without labels, and when chunks were retrieved
    but none of them named its document: nothing can be said, which is not 0. A retriever
    that returned nothing found nothing: 0."""
    relevant = relevant_ids(labels)
    if not relevant:
        return None
    if retrieved and all(document is None for document in retrieved):
        return None
    wanted, seen, curve = set(relevant), set[str](), []
    for document in retrieved:
        if document is not None and document in wanted:
            seen.add(document)
        curve.append(len(seen) / len(relevant))
    return IdRecall(
        recall=len(seen) / len(relevant),
        recall_at_k=curve,
        missed=[i for i in relevant if i not in seen],
    )
