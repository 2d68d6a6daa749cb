"""Stage 2: register a batch's cases and leave out those this run already finished."""

from __future__ import annotations

from sqlmodel import Session

from recall_audit.datasets.cases import DatasetCase
from recall_audit.storage import CaseInput, finished_case_keys, upsert_cases
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage
from recall_audit.tasks.work import AuditContext, Batch, CaseWork


def _register(session: Session, ctx: AuditContext, batch: list[DatasetCase]) -> list[CaseWork]:
    inputs = [
        CaseInput(case_key=c.case_key, question=c.question, ground_truth=c.ground_truth)
        for c in batch
    ]
    records = upsert_cases(session, ctx.run.dataset_id, inputs)
    done = finished_case_keys(
        session, ctx.run.id, retry_errors=ctx.retry_errors, case_ids=[r.id for r in records]
    )
    return [
        CaseWork(case_id=record.id, case=case)
        for record, case in zip(records, batch, strict=True)
        if case.case_key not in done
    ]


@stage("register-cases", batch_number="number")
async def register_cases(ctx: AuditContext, cases: list[DatasetCase], number: int) -> Batch:
    """Cases a resumed (or retried) run already saved are not redone, nor counted twice."""
    return Batch(number=number, cases=await in_session(ctx.engine, _register, ctx, cases))
