"""Stage 4: read the context chunks out of whatever the retriever returned."""

from __future__ import annotations

from recall_audit.scorer.context import ContextError, extract_chunks
from recall_audit.scorer.recall import clean_chunks
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch


@stage("extract-context", batch_number="batch.number", retried=False)
async def extract_context(ctx: AuditContext, batch: Batch) -> Batch:
    extracted = []
    for work in batch.cases:
        if work.error is None:
            try:
                chunks = extract_chunks(
                    work.raw, text_field=ctx.text_field, extractor=ctx.extractor
                )
            except ContextError as error:
                work = work.failed("context", error)
            else:
                work = work.model_copy(update={"chunks": clean_chunks(chunks), "raw": None})
        extracted.append(work)
    return batch.with_cases(extracted)
