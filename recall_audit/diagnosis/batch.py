"""A run's cases diagnosed together: the retriever asked again for `depth` chunks where a
claim was missed, then each case judged (diagnose_case), a bounded number at a time."""

from __future__ import annotations

from collections.abc import Sequence

import anyio

from recall_audit.datasets.cases import DatasetCase
from recall_audit.diagnosis.knowledge import KnowledgeBase, content_hash
from recall_audit.diagnosis.missed import (
    CaseDiagnosis,
    CaseToDiagnose,
    DiagnoseSettings,
    diagnose_case,
    retrieve_deeper,
)
from recall_audit.errors import RecallAuditError
from recall_audit.retrievers.base import Retriever
from recall_audit.retrievers.context import Extractor
from recall_audit.scorer.judge import Judge


async def diagnose_cases(
    cases: Sequence[CaseToDiagnose],
    judge: Judge,
    kb: KnowledgeBase | None,
    *,
    retriever: Retriever | None = None,
    settings: DiagnoseSettings | None = None,
    concurrency: int = 16,
    text_field: str | None = None,
    extractor: Extractor | None = None,
) -> list[CaseDiagnosis]:
    """One diagnosis per case, in input order; a retriever that fails for a case leaves that
    case diagnosed against the knowledge base alone, saying so."""
    settings = settings or DiagnoseSettings()
    limiter = anyio.CapacityLimiter(concurrency)
    out: list[CaseDiagnosis | None] = [None] * len(cases)

    async def one(number: int, case: CaseToDiagnose) -> None:
        async with limiter:
            problem = None
            if retriever is not None and case.deeper is None and not all(case.supported):
                asked = DatasetCase(
                    case_key=case.case_key, line=0, question=case.question, ground_truth=""
                )
                try:
                    deeper = await retrieve_deeper(
                        retriever, asked, settings.depth, text_field=text_field, extractor=extractor
                    )
                except RecallAuditError as error:
                    problem = f"the retriever, asked for {settings.depth} chunks: {error}"
                else:
                    case = case.model_copy(update={"deeper": deeper})
            diagnosis = await diagnose_case(case, judge, kb, settings)
            ranked = None if case.deeper is None else [content_hash(t) for t in case.deeper]
            out[number] = diagnosis.model_copy(
                update={"ranked": ranked, "error": diagnosis.error or problem}
            )

    async with anyio.create_task_group() as group:
        for number, case in enumerate(cases):
            group.start_soon(one, number, case)
    return [d for d in out if d is not None]
