"""Stage 4: read the context chunks out of whatever the retriever returned."""

from __future__ import annotations

from recall_audit.datasets.cases import DatasetCase
from recall_audit.limits import CaseLimits
from recall_audit.redact import scrubber
from recall_audit.retrievers.context import ContextError
from recall_audit.scorer.hits import Hit, hit_details
from recall_audit.scorer.id_recall import IdRecall, id_recall
from recall_audit.tasks.chunks import chunk_problem, kept_chunks
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork


@stage("extract-context", batch_number="batch.number", retried=False)
async def extract_context(ctx: AuditContext, batch: Batch) -> Batch:
    """Chunks past the first top_k of a retriever's answer are dropped, however many it sent:
    they are neither stored nor judged. Precomputed chunks are the dataset's own, kept whole."""
    # A retriever of the user's own, not built on BaseRetriever, is capped too.
    cap = ctx.spec.retriever.top_k if getattr(ctx.retriever, "capped", True) else None
    # Whatever the retriever echoed (a token, a key it was configured with) is never stored.
    scrub = scrubber()
    extracted = []
    for work in batch.cases:
        if work.error is None:
            try:
                kept, chunks = kept_chunks(
                    work.raw, ctx.spec.retriever.context_field, ctx.extractor, cap, scrub
                )
            except ContextError as error:
                work = work.failed("context", error)
            else:
                # The hits' own ids, titles and scores, unless a function of yours read them.
                hits = hit_details(work.raw, kept) if ctx.extractor is None else []
                work = _checked(work, chunks, ctx.spec.case_limits)
                if work.error is None:
                    ids = _ids(work.case, hits, len(work.chunks))
                    work = work.model_copy(update={"hits": hits, "ids": ids})
        extracted.append(work)
    return batch.with_cases(extracted)


def _ids(case: DatasetCase, hits: list[Hit | None], chunks: int) -> IdRecall | None:
    """The case's recall by document id, from the documents its chunks' hits name."""
    named = [h.document_id if h else None for h in hits]
    return id_recall(case.reference_ids, named + [None] * (chunks - len(named)))


def _checked(work: CaseWork, chunks: list[str], limits: CaseLimits) -> CaseWork:
    """A chunk no database can store fails its case here, not the batch when it is saved;
    so do more chunks, or a longer one, than the limits allow."""
    problem = chunk_problem(chunks, limits)
    if problem is not None:
        return work.failed("context", problem)
    return work.model_copy(update={"chunks": chunks, "raw": None})
