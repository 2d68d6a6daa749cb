"""One batch of cases through every stage, in the flow's process or wherever its task runner
puts it.

A submitted batch opens what it needs (database engine, judge, retriever) where it runs, from
a small picklable plan: a Dask worker on another machine needs nothing from the flow's
process but the plan and its cases.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import TYPE_CHECKING

from prefect import task
from prefect.cache_policies import NO_CACHE
from pydantic import BaseModel, ConfigDict, SecretStr
from sqlalchemy.engine import Engine

from recall_audit.datasets.cases import DatasetCase
from recall_audit.redact import scrub_logs
from recall_audit.retrievers import load_callable, retriever_from_spec
from recall_audit.retrievers.context import Extractor
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges import get_judge
from recall_audit.spec import PRECOMPUTED, AuditSpec
from recall_audit.storage import (
    DatabaseResponseCache,
    GroupCommit,
    RunRecord,
    connect_database,
)
from recall_audit.tasks.attribute import attribute
from recall_audit.tasks.cases import register_cases
from recall_audit.tasks.claims import extract_claims
from recall_audit.tasks.context import extract_context
from recall_audit.tasks.endpoint import model_settings
from recall_audit.tasks.limits import SharedLimits, shared_model_limits
from recall_audit.tasks.ordered import RankedLimiter
from recall_audit.tasks.retrieve import retrieve
from recall_audit.tasks.secrets import secret_from_block
from recall_audit.tasks.work import AuditContext
from recall_audit.types import Usage

if TYPE_CHECKING:
    from recall_audit.tasks.given import HeadStartJudges

# Cases being judged for each request the endpoint has in flight.
CASES_PER_REQUEST_SLOT = 2


class BatchPlan(BaseModel):
    """What every batch of one run needs to open its own resources; crosses the wire as is."""

    model_config = ConfigDict(frozen=True)

    # A secret: the URL may carry a password, and the plan must never print it.
    database_url: SecretStr
    run: RunRecord
    # The audit, its retriever and app_dir resolved: `python:` retrievers and extractors are
    # imported from the flow's folder, wherever the batch runs. Its api_key_block names the
    # Prefect Secret block read where the batch runs: the key never travels in the plan.
    spec: AuditSpec
    # The Prefect global limits on the judge's endpoint (none: per process only).
    shared_limits: SharedLimits = SharedLimits()
    # A resumed run does its errored cases again (the endpoint may have recovered).
    retry_errors: bool = True


def _extractor(spec: str | None, app_dir: str | None) -> Extractor | None:
    if spec is None:
        return None
    return load_callable(spec.removeprefix("python:"), app_dir)


@asynccontextmanager
async def opened_judge(judge: Judge) -> AsyncIterator[Judge]:
    """Model judges pool connections: closed when the block ends."""
    if isinstance(judge, AbstractAsyncContextManager):
        async with judge:
            yield judge
    else:
        yield judge


def named_judge(spec: AuditSpec) -> AbstractAsyncContextManager[Judge]:
    """The judge a spec names (with its escalation), for its name, version and endpoint; it
    judges nothing."""
    return opened_judge(get_judge(spec.judge, escalate=spec.escalate))


@asynccontextmanager
async def open_batch_context(
    plan: BatchPlan, engine: Engine, head_start: HeadStartJudges | None = None
) -> AsyncIterator[AuditContext]:
    """The judge and retriever the plan names, on `engine`, closed when the block ends; the
    judge answers first from the command's `head_start`, when it made one."""
    spec, limits = plan.spec, plan.spec.limits
    commits = GroupCommit(engine)
    cache = DatabaseResponseCache(engine, commits)
    # The judge the command's early calls were made with (recall_audit/headstart/early.py).
    judge = head_start.early_judge(spec, cache) if head_start else None
    if judge is None:
        key = await secret_from_block(spec.api_key_block) if spec.api_key_block else None
        settings = model_settings(spec, key)
        judge = get_judge(
            spec.judge,
            escalate=spec.escalate,
            settings=settings,
            cache=cache,
            limits=spec.case_limits,
        )
    if head_start:
        judge = head_start.remembering(judge)
    async with AsyncExitStack() as stack:
        yield AuditContext(
            engine=engine,
            run=plan.run,
            judge=await stack.enter_async_context(
                opened_judge(shared_model_limits(judge, plan.shared_limits))
            ),
            retriever=await stack.enter_async_context(
                retriever_from_spec(
                    spec.retriever.spec or PRECOMPUTED,
                    app_dir=spec.app_dir,
                    local=spec.retriever.local_settings(),
                    limits=spec.case_limits,
                )
            ),
            spec=spec,
            # Twice the requests in flight: while `concurrency` cases wait for the model,
            # as many more look up the cache, parse an answer or wait for their commit, so
            # no request slot sits idle on the database.
            judging=RankedLimiter(CASES_PER_REQUEST_SLOT * limits.concurrency),
            commits=commits,
            extractor=_extractor(spec.retriever.context_extractor, spec.app_dir),
            retry_errors=plan.retry_errors,
        )


async def run_batch(ctx: AuditContext, cases: list[DatasetCase], number: int) -> Usage:
    """One batch through every stage; each case is saved as soon as it is scored, and cases
    already saved are skipped. Returns what the batch spent on the judge."""
    batch = await register_cases(ctx, cases, number)
    batch = await retrieve(ctx, batch)
    batch = await extract_context(ctx, batch)
    batch = await extract_claims(ctx, batch)
    return await attribute(ctx, batch)


@task(name="audit-batch", task_run_name="batch {number}", cache_policy=NO_CACHE)
async def audit_batch(plan: BatchPlan, cases: list[DatasetCase], number: int) -> Usage:
    """A batch submitted to a task runner: it opens its own engine, judge and retriever. Run
    again (its worker was lost), it redoes only the cases not saved yet."""
    scrub_logs()  # a worker process logs to the Prefect server too
    engine = connect_database(plan.database_url.get_secret_value())
    try:
        async with open_batch_context(plan, engine) as ctx:
            return await run_batch(ctx, cases, number)
    finally:
        engine.dispose()
