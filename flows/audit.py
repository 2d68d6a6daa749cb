"""The audit: load the dataset, then per batch retrieve, extract context and claims, attribute
and save; finally compare with the baseline and publish what changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal
from uuid import UUID

import anyio
from prefect import flow, get_run_logger
from prefect.artifacts import acreate_progress_artifact, aupdate_progress_artifact
from prefect.futures import PrefectFuture, as_completed
from prefect.runtime import flow_run
from prefect.states import State
from prefect.task_runners import TaskRunner
from pydantic import BaseModel
from recall_audit.flows.abandoned import close_abandoned_runs
from recall_audit.flows.deployed import check_deployed_parameters
from recall_audit.flows.runners import batch_runner, batch_size_for, check_task_runner
from recall_audit.flows.verdict import final_state
from recall_audit.scorer.compare import Comparison
from recall_audit.scorer.datasets import DatasetCase, iter_batches, iter_cases
from recall_audit.scorer.diagnosis import DEFAULT_DEPTH, RunDiagnosis
from recall_audit.scorer.errors import ConfigurationError
from recall_audit.scorer.gate import Gate, RunFigures, check_gate
from recall_audit.scorer.redact import scrub_logs
from recall_audit.scorer.types import Usage
from recall_audit.storage import (
    RunRecord,
    absolute_database_url,
    open_database,
    sample_spreads,
)
from recall_audit.tasks.batch import (
    BatchPlan,
    audit_batch,
    named_judge,
    open_batch_context,
    run_batch,
)
from recall_audit.tasks.dataset import dataset_name, load_dataset
from recall_audit.tasks.db import in_session
from recall_audit.tasks.diagnose import (
    DiagnosisPlan,
    diagnose_and_publish,
    open_knowledge_base,
    record_run_knowledge_base,
)
from recall_audit.tasks.limits import ensure_shared_limits
from recall_audit.tasks.publish import announce_regression, label_flow_run, publish_report
from recall_audit.tasks.runs import close_run, open_run
from recall_audit.tasks.secrets import remember_alert_secrets, secret_from_block
from recall_audit.tasks.work import AuditContext

# Every log record of a process that runs audits (its own, Prefect's, a library's) is
# scrubbed before any handler sees it: Prefect sends log lines to its server.
scrub_logs()


class AuditSummary(BaseModel):
    """What the audit returns and `recall-audit run --json` prints."""

    run_id: str
    dataset: str
    retriever: str
    judge: str
    cases: int
    scored: int
    no_context: int
    unscorable: int
    errors: int
    skipped_rows: int
    row_errors: list[str]
    mean_recall: float | None
    scale: float
    model_calls: int
    cached_calls: int
    input_tokens: int
    output_tokens: int
    # What a model judge needed beyond one call per request: calls that re-asked part of an
    # answer, and the items (references, claims) they re-asked.
    repairs: int = 0
    reasked_items: int = 0
    supported_claims: int = 0
    # Supported claims whose quote was found in the chunk they cite.
    verified_quotes: int = 0
    # With --samples above 1: each case's recall spread over its samples, by case key.
    samples: int = 1
    sample_spreads: dict[str, float] = {}
    comparison: Comparison | None = None
    # Why each claim was missed, and the cause of each lost one (when the audit diagnosed).
    diagnosis: RunDiagnosis | None = None

    @classmethod
    def of(
        cls,
        run: RunRecord,
        skipped: int,
        row_errors: list[str],
        comparison: Comparison | None,
        spreads: dict[str, float] | None = None,
    ) -> AuditSummary:
        return cls(
            run_id=run.id,
            dataset=run.dataset_name,
            retriever=run.retriever,
            judge=run.judge,
            cases=run.case_count,
            scored=run.scored_count,
            no_context=run.no_context_count,
            unscorable=run.unscorable_count,
            errors=run.error_count,
            skipped_rows=skipped,
            row_errors=row_errors,
            mean_recall=run.mean_recall,
            scale=run.scale,
            model_calls=run.usage.calls,
            cached_calls=run.usage.cached_calls,
            input_tokens=run.usage.input_tokens,
            output_tokens=run.usage.output_tokens,
            repairs=run.usage.repairs,
            reasked_items=run.usage.reasked,
            supported_claims=run.supported_claims,
            verified_quotes=run.verified_quotes,
            samples=int(run.params.get("samples") or 1),
            sample_spreads=spreads or {},
            comparison=comparison,
        )


class Tally:
    """What the batches spent, and the progress artifact that shows how far they got."""

    def __init__(self, description: str, total: int) -> None:
        self.description, self.total = description, total
        self.spent, self.done = Usage(), 0
        self._progress: UUID | None = None
        self._created = anyio.Event()

    async def create(self) -> None:
        """The artifact at 0%; made beside the first batch (in process), so that no model
        call waits for it."""
        self._progress = await acreate_progress_artifact(progress=0.0, description=self.description)
        self._created.set()

    async def add(self, spent: Usage, cases: int) -> None:
        self.spent += spent
        self.done += cases
        await self._created.wait()
        assert self._progress is not None
        await aupdate_progress_artifact(
            self._progress, 100 * min(self.done, self.total) / max(self.total, 1)
        )


async def audit_in_process(
    ctx: AuditContext, batches: Iterator[list[DatasetCase]], in_flight: int, tally: Tally
) -> None:
    """Batches on the flow's own event loop, sharing one judge (its connection pool and its
    rpm/tpm limiter) and one retriever; `in_flight` at a time, so one batch's model calls
    fill the idle tail of another's, and reading the file waits for a free slot."""
    slots = anyio.Semaphore(in_flight)

    async def one(cases: list[DatasetCase], number: int) -> None:
        try:
            spent = await run_batch(ctx, cases, number)
        finally:
            slots.release()
        # The next batch starts first: the progress artifact's round trip is nobody's wait.
        await tally.add(spent, len(cases))

    async with anyio.create_task_group() as group:
        group.start_soon(tally.create)
        for number, cases in enumerate(batches, start=1):
            await slots.acquire()
            group.start_soon(one, cases, number)


async def _next_done(futures: list[PrefectFuture[Usage]]) -> PrefectFuture[Usage]:
    """The first of `futures` to finish, waited for off the event loop."""
    return await anyio.to_thread.run_sync(lambda: next(as_completed(futures)))


async def audit_submitted(
    runner: TaskRunner[Any],
    plan: BatchPlan,
    batches: Iterator[list[DatasetCase]],
    in_flight: int,
    tally: Tally,
) -> None:
    """Each batch is submitted to the task runner, which decides where it runs (a Dask worker
    here or on another machine); `in_flight` at a time, so memory stays flat."""
    await tally.create()
    pending: dict[PrefectFuture[Usage], int] = {}

    async def settle_one() -> None:
        future = await _next_done(list(pending))
        await tally.add(future.result(), pending.pop(future))

    for number, cases in enumerate(batches, start=1):
        while len(pending) >= in_flight:
            await settle_one()
        params = {"plan": plan, "cases": cases, "number": number}
        pending[runner.submit(audit_batch, params)] = len(cases)
    while pending:
        await settle_one()


def _run_name() -> str:
    params = flow_run.parameters
    return f"audit-{dataset_name(params['dataset'], params.get('name'))}"


@flow(name="recall-audit", flow_run_name=_run_name, log_prints=False)
async def audit(
    dataset: str,
    name: str | None = None,
    retriever: str | None = None,
    judge: str = "builtin",
    top_k: int = 5,
    batch_size: int | None = None,
    concurrency: int = 16,
    scale: float = 1.0,
    resume: str | None = None,
    keep_errors: bool = False,
    run_id: str | None = None,
    on_bad_row: Literal["skip", "fail"] = "skip",
    context_field: str | None = None,
    context_extractor: str | None = None,
    tolerance: float = 0.02,
    fail_under: float | None = None,
    max_regression: float | None = None,
    max_lost_claims: int | None = None,
    require_significance: bool = False,
    database_url: str | None = None,
    trigger: str | None = None,
    app_dir: str | None = None,
    rpm: int | None = None,
    tpm: int | None = None,
    api_key_block: str | None = None,
    samples: int = 1,
    task_runner: str | None = None,
    shared_model_limit: int | None = None,
    shared_model_rpm: int | None = None,
    knowledge_base: str | None = None,
    diagnose: bool | None = None,
    diagnose_depth: int = DEFAULT_DEPTH,
) -> State:
    """Audits the context recall of `retriever` on the labelled cases in `dataset`.

    `retriever` is `precomputed` (the default when rows carry chunks), an http(s) URL,
    `python:module:function`, `bm25:PATH` or `env:VAR` (the spec held in that environment
    variable, so that credentials never become a flow parameter); `judge` is `builtin`,
    `openai/<model>` or `anthropic/<model>`. `resume` continues an unfinished run, doing its
    errored cases again unless `keep_errors`; `trigger` records what started the run (a
    schedule, a knowledge-base event). `python:` modules are imported
    from `app_dir` (default: the working folder). `rpm` and `tpm` are the judge endpoint's
    requests and tokens per minute (unset: RECALL_AUDIT_RPM / RECALL_AUDIT_TPM, else none),
    per process. `task_runner` says where batches run: unset, on the flow's own loop (or
    submitted to the flow's runner when it is given one); `dask` for worker processes on
    this machine; `dask://HOST:PORT` for a cluster. `shared_model_limit` caps the calls in
    flight to the judge's endpoint across every process and run, and `shared_model_rpm` its
    calls a minute (Prefect global concurrency and rate limits, created with these sizes on
    first use).
    `knowledge_base` is the corpus an HTTP or `python:` retriever searches (the formats of
    `bm25:`), so that the audit can see it; `diagnose` classifies every missed claim and
    explains every lost one at the end (default: when the audit sees a knowledge base),
    asking the retriever for up to `diagnose_depth` chunks.
    A run of a deployment takes the retriever, context extractor, app_dir, task runner and
    database it was registered with (flows/deployed.py says why and how to allow more).
    `api_key_block` names a Prefect Secret block holding the judge's API key (unset: the
    provider's environment variable); the key itself is never a parameter, and each batch
    reads the block where it runs. `samples` above 1 judges each case that many times (the
    chunks in different orders) and keeps a majority verdict per claim.

    The gate: the run ends Failed when mean recall is under `fail_under`, when it dropped
    by more than `max_regression` against the baseline (observed drop; with
    `require_significance`, only when the interval excludes zero too), when more than
    `max_lost_claims` claims were lost, or when no case could be scored. Its result is
    the AuditSummary (on the raised GateFailed when the gate broke).
    """
    # First, while locals() holds the parameters alone: a deployment's run takes its own.
    await check_deployed_parameters(locals())
    await remember_alert_secrets()
    logger = get_run_logger()
    url = absolute_database_url(database_url)
    check_task_runner(task_runner, url)
    batch_size = batch_size_for(task_runner, batch_size)
    engine = open_database(url)
    loaded = await load_dataset(engine, dataset, name, on_bad_row)
    spec = retriever or ("precomputed" if loaded.has_contexts else None)
    if spec is None:
        raise ConfigurationError(
            f"{dataset}: no row carries retrieved chunks; choose a retriever with --retriever"
        )
    if api_key_block:
        await secret_from_block(api_key_block)  # a missing block fails before the run opens
    params = {
        "top_k": top_k,
        "batch_size": batch_size,
        "trigger": trigger,
        "dataset_path": dataset,
        "samples": samples,
        "knowledge_base": knowledge_base,
    }
    # A run on this host whose process was killed is closed before another starts.
    await close_abandoned_runs(engine)
    async with named_judge(judge) as chosen_judge:
        run = await open_run(
            engine, loaded.dataset, spec, chosen_judge, scale, params, resume, run_id, flow_run.id
        )
        limits = await ensure_shared_limits(chosen_judge, shared_model_limit, shared_model_rpm)
    plan = BatchPlan(
        database_url=url,
        run=run,
        judge=judge,
        retriever=spec,
        top_k=top_k,
        concurrency=concurrency,
        scale=scale,
        samples=samples,
        context_field=context_field,
        context_extractor=context_extractor,
        # Workers start in folders of their own: they import `python:` modules from ours.
        app_dir=app_dir or str(Path.cwd()),
        rpm=rpm,
        tpm=tpm,
        api_key_block=api_key_block,
        shared_limits=limits,
        retry_errors=not keep_errors,
    )
    logger.info(
        "Run %s: %d cases of %s, retriever %s, judge %s",
        run.id,
        loaded.cases,
        run.dataset_name,
        run.retriever,
        judge,
    )
    kb = await anyio.to_thread.run_sync(open_knowledge_base, spec, knowledge_base)
    if kb is not None:
        await record_run_knowledge_base(engine, run.id, kb)
    tally = Tally(f"cases of {run.dataset_name} audited", loaded.cases)
    batches = iter_batches(iter_cases(dataset, on_error="skip"), batch_size)
    try:
        with batch_runner(task_runner) as (runner, in_flight):
            if runner is None:
                async with open_batch_context(plan, engine) as ctx:
                    await audit_in_process(ctx, batches, in_flight, tally)
            else:
                await audit_submitted(runner, plan, batches, in_flight, tally)
    except BaseException:
        await close_run(engine, run.id, failed=True)
        raise
    run = await close_run(engine, run.id, failed=False)
    logger.info(
        "Run %s done: mean recall %s, %d model calls this session",
        run.id,
        run.mean_recall,
        tally.spent.calls,
    )
    comparison = await publish_report(engine, run, tolerance, require_significance)
    spreads = await in_session(engine, sample_spreads, run.id) if samples > 1 else {}
    summary = AuditSummary.of(run, loaded.skipped, loaded.row_errors, comparison, spreads)
    if diagnose or (diagnose is None and kb is not None):
        plan = DiagnosisPlan(
            run_id=run.id, judge=judge, retriever=spec, knowledge_base=knowledge_base,
            depth=diagnose_depth, concurrency=concurrency, app_dir=app_dir,
            context_field=context_field, context_extractor=context_extractor,
        )  # fmt: skip
        diagnosis = await diagnose_and_publish(engine, plan, run.dataset_name, comparison)
        summary = summary.model_copy(update={"diagnosis": diagnosis})
    gate = Gate(
        fail_under=fail_under,
        max_regression=max_regression,
        max_lost_claims=max_lost_claims,
        require_significance=require_significance,
    )
    figures = RunFigures(
        dataset=run.dataset_name,
        mean_recall=run.mean_recall,
        cases=run.case_count,
        errors=run.error_count,
    )
    verdict = check_gate(gate, figures, comparison)
    announce_regression(run, comparison, verdict)
    await label_flow_run(run, comparison)
    regressed = comparison is not None and comparison.verdict == "regressed"
    return final_state(verdict, summary, regressed=regressed)
