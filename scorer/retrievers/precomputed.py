"""The case's own chunks, as written in the dataset: no retriever is called."""

from __future__ import annotations

from typing import Any

from recall_audit.scorer.datasets import DatasetCase
from recall_audit.scorer.retrievers.base import BaseRetriever, RetrieverError


class PrecomputedRetriever(BaseRetriever):
    """Returns `case.contexts` unchanged (all of them: top_k does not cut a fixed list,
    so recall@k for every k stays available)."""

    name = "precomputed"
    capped = False

    async def retrieve(self, case: DatasetCase, top_k: int) -> Any:
        if case.contexts is None:
            raise RetrieverError(
                f"case '{case.case_key}' (line {case.line}) has no precomputed contexts; "
                "add a contexts field or choose a retriever"
            )
        return case.contexts
