"""Stage 3: ask the retriever under test for each case's chunks."""

from __future__ import annotations

import anyio

from recall_audit.errors import RecallAuditError
from recall_audit.limits import beyond
from recall_audit.retrievers.base import prepare
from recall_audit.storable import unstorable
from recall_audit.tasks.concurrent import map_bounded
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork


@stage("retrieve", batch_number="batch.number")
async def retrieve(ctx: AuditContext, batch: Batch) -> Batch:
    """A retriever failure is recorded against its case; the rest of the batch goes on, and
    a retrieval that takes longer than the limit is one."""

    seconds = ctx.spec.case_limits.retriever_timeout
    try:
        await prepare(ctx.retriever)
    except RecallAuditError as error:
        return batch.with_cases([work.failed("retriever", error) for work in batch.cases])

    async def one(work: CaseWork) -> CaseWork:
        try:
            with anyio.fail_after(seconds):
                raw = await ctx.retriever.retrieve(work.case, ctx.spec.retriever.top_k)
        except TimeoutError:
            took = f"{ctx.retriever.name} took longer than {seconds:g} s"
            return work.failed("retriever", beyond(took, "retriever_timeout"))
        except RecallAuditError as error:
            return work.failed("retriever", error)
        # Too deep an answer would overflow the recursion of whatever walks it next.
        too_deep = unstorable(raw, text=False)
        if too_deep is not None:
            return work.failed("retriever", f"the answer {too_deep}")
        return work.model_copy(update={"raw": raw})

    return batch.with_cases(await map_bounded(one, batch.cases, ctx.spec.limits.concurrency))
