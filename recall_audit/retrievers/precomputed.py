"""The case's own chunks, as written in the dataset: no retriever is called."""

from __future__ import annotations

from typing import Any

from recall_audit.datasets.cases import DatasetCase
from recall_audit.retrievers.base import BaseRetriever, RetrieverError


class PrecomputedRetriever(BaseRetriever):
    """Returns `case.contexts` (all of them: top_k does not cut a fixed list, so recall@k
    for every k stays available), each chunk naming its document when the row gives
    `retrieved_context_ids`."""

    name = "precomputed"
    capped = False

    async def retrieve(self, case: DatasetCase, top_k: int) -> Any:
        return precomputed_answer(case)


def precomputed_answer(case: DatasetCase) -> Any:
    """What the precomputed retriever answers for `case`: its own chunks."""
    if case.contexts is None:
        raise RetrieverError(
            f"case '{case.case_key}' (line {case.line}) has no precomputed contexts; "
            "add a contexts field or choose a retriever"
        )
    if case.context_ids is None:
        return case.contexts
    return [_named(c, i) for c, i in zip(case.contexts, case.context_ids, strict=True)]


def _named(chunk: Any, document: str) -> Any:
    """A chunk as a hit naming its document (recall_audit/scorer/hits.py reads it back)."""
    if isinstance(chunk, str):
        return {"text": chunk, "document_id": document}
    if isinstance(chunk, dict):
        return {**chunk, "document_id": document}
    return chunk
