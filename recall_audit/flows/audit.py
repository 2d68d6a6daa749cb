"""The audit: load the dataset, then per batch retrieve, extract context and claims, attribute
and save; finally compare with the baseline and publish what changed."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import Any
from uuid import UUID

import anyio
from prefect import get_run_logger
from prefect.artifacts import acreate_progress_artifact, aupdate_progress_artifact
from prefect.futures import PrefectFuture, as_completed
from prefect.runtime import flow_run
from prefect.states import State
from prefect.task_runners import TaskRunner
from pydantic import BaseModel
from sqlalchemy.engine import Engine

from recall_audit.compare.compare import Comparison
from recall_audit.compare.gate import RunFigures, check_gate
from recall_audit.datasets.cases import DatasetCase, iter_batches
from recall_audit.diagnosis import RunDiagnosis
from recall_audit.errors import ConfigurationError
from recall_audit.flows.abandoned import close_abandoned_runs
from recall_audit.flows.deployed import check_deployed_parameters
from recall_audit.flows.lean import lean_flow
from recall_audit.flows.runners import batch_runner, batch_size_for, check_task_runner
from recall_audit.flows.verdict import final_state
from recall_audit.headstart import given_head_start
from recall_audit.redact import scrub_logs
from recall_audit.spec import PRECOMPUTED, AuditSpec
from recall_audit.storage import (
    RunRecord,
    absolute_database_url,
    open_database,
    sample_spreads,
)
from recall_audit.storage.failures import storage_failure, storage_failures
from recall_audit.storage.labels import run_calibration
from recall_audit.tasks.batch import (
    BatchPlan,
    audit_batch,
    named_judge,
    open_batch_context,
    run_batch,
)
from recall_audit.tasks.dataset import (
    LoadedDataset,
    dataset_cases,
    dataset_name,
    load_dataset,
    read_labels,
)
from recall_audit.tasks.db import in_session
from recall_audit.tasks.diagnose import (
    DiagnosisPlan,
    open_knowledge_base,
    record_run_knowledge_base,
)
from recall_audit.tasks.limits import SharedLimits, ensure_shared_limits
from recall_audit.tasks.publish import (
    announce_regression,
    diagnose_and_publish,
    label_flow_run,
    publish_report,
)
from recall_audit.tasks.runs import close_run, open_run
from recall_audit.tasks.secrets import remember_alert_secrets, secret_from_block
from recall_audit.tasks.work import AuditContext
from recall_audit.types import Usage

# Every log record of a process that runs audits (its own, Prefect's, a library's) is
# scrubbed before any handler sees it: Prefect sends log lines to its server.
scrub_logs()


class AuditSummary(BaseModel):
    """What the audit returns and `recall-audit run --json` prints."""

    run_id: str
    dataset: str
    retriever: str
    judge: str
    # What the run measured with, by name and short hash; its baseline shares them.
    configuration: str | None = None
    configuration_key: str | None = None
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
    # Claims the judge left unsure, and those a cascade's model judge decided (--escalate).
    unsure_claims: int = 0
    escalated_claims: int = 0
    # From the same verdicts: mean context precision over the cases with chunks and claims.
    mean_context_precision: float | None = None
    # Recall by document id: its mean over the cases that have one, how many those are, and
    # how many cases were labelled (a labelled case whose hits named no document has none).
    mean_id_recall: float | None = None
    id_recall_cases: int = 0
    labelled_cases: int = 0
    # What the run says about its labels (query ids of the qrels that are no case's).
    notes: list[str] = []
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
        loaded: LoadedDataset,
        comparison: Comparison | None,
        samples: int = 1,
        spreads: dict[str, float] | None = None,
    ) -> AuditSummary:
        return cls(
            run_id=run.id,
            dataset=run.dataset_name,
            retriever=run.retriever,
            judge=run.judge,
            configuration=run.config_name,
            configuration_key=run.config_key,
            cases=run.case_count,
            scored=run.scored_count,
            no_context=run.no_context_count,
            unscorable=run.unscorable_count,
            errors=run.error_count,
            skipped_rows=loaded.skipped,
            row_errors=loaded.row_errors,
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
            unsure_claims=run.unsure_claims,
            escalated_claims=run.escalated_claims,
            mean_context_precision=run.mean_context_precision,
            mean_id_recall=run.mean_id_recall,
            id_recall_cases=run.id_recall_cases,
            labelled_cases=loaded.labelled,
            notes=loaded.notes,
            samples=samples,
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
        number = 0
        # Each batch is read off the loop, where the model's answers wait to be taken.
        while (cases := await anyio.to_thread.run_sync(next, batches, None)) is not None:
            number += 1
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
    """`audit-DATASET CONFIGURATION (KEY)`: the runs of one configuration read alike."""
    spec = AuditSpec.model_validate(flow_run.parameters["spec"])
    name = f"audit-{dataset_name(spec.dataset.path, spec.dataset.name)}"
    try:
        configuration = spec.configuration()
    except ConfigurationError:  # an env: retriever whose variable is unset: the run says why
        return name
    return f"{name} {configuration.name} ({configuration.key})"


@lean_flow(name="recall-audit", flow_run_name=_run_name, log_prints=False)
async def audit(
    spec: AuditSpec,
    resume: str | None = None,
    keep_errors: bool = False,
    run_id: str | None = None,
    trigger: str | None = None,
    database_url: str | None = None,
) -> State:
    """Audits the context recall of the retriever `spec` describes on its labelled dataset.

    `spec` (recall_audit.spec.AuditSpec) is the whole audit: the dataset, the
    retriever and its settings (`precomputed` when unset and the rows carry chunks; an
    `env:VAR` spec keeps credentials out of the parameters), the judge, samples, the gate,
    and the limits it runs within (batch size, concurrency, the judge endpoint's rpm and tpm
    per process, Prefect-wide `shared_model_limit` and `shared_model_rpm`, and
    `task_runner`: unset, batches run on the flow's own loop; `dask` for worker processes
    here, `dask://HOST:PORT` for a cluster). What is particular to this run: `resume`
    continues an unfinished run, doing its errored cases again unless `keep_errors`;
    `trigger` records what started it (a schedule, a knowledge-base event). The spec's
    `knowledge_base` is the corpus an HTTP or `python:` retriever searches, so that the
    audit can see it; `diagnose` classifies every missed claim and explains every lost one
    at the end (default: when the audit sees a knowledge base). A run of a deployment takes
    the retriever, context extractor, app_dir, task runner and database it was registered
    with (recall_audit/flows/deployed.py says why and how to allow more).

    The gate: the run ends Failed when mean recall is under `fail_under`, when it dropped
    by more than `max_regression` against the baseline (the previous run of the same
    dataset and configuration; with `require_significance`, only when the interval excludes
    zero too), when more than `max_lost_claims` claims were lost, or when no case could be
    scored. Its result is the AuditSummary (on the raised GateFailed when the gate broke).
    """
    # First, while locals() holds the parameters alone: a deployment's run takes its own.
    await check_deployed_parameters(locals())
    await remember_alert_secrets()
    url = absolute_database_url(database_url)
    check_task_runner(spec.limits.task_runner, url)
    # The database failing mid-run (a full disk) is one error naming it.
    with storage_failures(url):
        engine = open_database(url)
        loaded = await load_dataset(engine, spec.dataset)
        spec = _resolved(spec, loaded.has_contexts)
        if spec.api_key_block:
            await secret_from_block(spec.api_key_block)  # a missing block fails before the run
        # A run on this host whose process was killed is closed before another starts.
        await close_abandoned_runs(engine)
        run, limits = await _open(engine, spec, loaded, resume, run_id, trigger)
        plan = BatchPlan(
            database_url=url, run=run, spec=spec, shared_limits=limits, retry_errors=not keep_errors
        )
        diagnosable = await _record_knowledge_base(engine, run.id, spec)
        await _audit_cases(engine, plan, loaded.cases)
        run = await close_run(engine, plan.run.id, failed=False)
        get_run_logger().info("Run %s done: mean recall %s", run.id, run.mean_recall)
        return await _conclude(engine, run, spec, loaded, diagnosable=diagnosable)


def _resolved(spec: AuditSpec, has_contexts: bool) -> AuditSpec:
    """The spec with what it left to the run decided: the retriever (precomputed when the
    rows carry chunks), the batch size for where batches run, the folder `python:` modules
    come from (workers start in folders of their own: they import them from ours)."""
    retriever = spec.retriever.spec or (PRECOMPUTED if has_contexts else None)
    if retriever is None:
        raise ConfigurationError(
            f"{spec.dataset.path}: no row carries retrieved chunks; choose a retriever with "
            "--retriever"
        )
    batch_size = batch_size_for(spec.limits.task_runner, spec.limits.batch_size)
    return spec.with_retriever(retriever).model_copy(
        update={
            "limits": spec.limits.model_copy(update={"batch_size": batch_size}),
            "app_dir": spec.app_dir or str(Path.cwd()),
        }
    )


async def _open(
    engine: Engine,
    spec: AuditSpec,
    loaded: LoadedDataset,
    resume: str | None,
    run_id: str | None,
    trigger: str | None,
) -> tuple[RunRecord, SharedLimits]:
    """Opens (or resumes) the run, and the Prefect-wide limits on the judge's endpoint."""
    configuration = spec.configuration()
    async with named_judge(spec) as judge:
        run = await open_run(
            engine, loaded.dataset, spec, judge, trigger, resume, run_id, flow_run.id
        )
        limits = await ensure_shared_limits(
            judge, spec.limits.shared_model_limit, spec.limits.shared_model_rpm
        )
    logger = get_run_logger()
    logger.info(
        "Run %s: %d cases of %s, configuration %s (%s), judge %s",
        run.id,
        loaded.cases,
        run.dataset_name,
        configuration.name,
        configuration.key,
        spec.judge,
    )
    for note in loaded.notes:
        logger.warning(note)
    return run, limits


async def _audit_cases(engine: Engine, plan: BatchPlan, total: int) -> None:
    """Every batch of the dataset through every stage, in this process or on the runner the
    limits name; a failure closes the run as failed before it propagates."""
    spec = plan.spec
    tally = Tally(f"cases of {plan.run.dataset_name} audited", total)
    cases = dataset_cases(spec.dataset, read_labels(spec.dataset))
    batches = iter_batches(cases, spec.limits.batch_size or 1)
    try:
        with batch_runner(spec.limits.task_runner) as (runner, in_flight):
            if runner is None:
                # What the command did for this run before it started (recall_audit/headstart/).
                async with open_batch_context(plan, engine, given_head_start()) as ctx:
                    await audit_in_process(ctx, batches, in_flight, tally)
            else:
                await audit_submitted(runner, plan, batches, in_flight, tally)
    except BaseException as error:
        # A database that failed may fail this too: the run is then left for the next run
        # on this host to close (recall_audit/flows/abandoned.py), and the first failure is the one told.
        failed = storage_failure(error, plan.database_url.get_secret_value())
        with contextlib.suppress(Exception) if failed else nullcontext():
            await close_run(engine, plan.run.id, failed=True)
        raise
    get_run_logger().info("Run %s: %d model calls this session", plan.run.id, tally.spent.calls)


async def _conclude(
    engine: Engine, run: RunRecord, spec: AuditSpec, loaded: LoadedDataset, diagnosable: bool
) -> State:
    """Compares the run with its baseline, publishes the report, diagnoses what was missed
    and lost (when asked, or when the audit sees a knowledge base) and checks the gate."""
    gate = spec.gate
    wanted = spec.diagnosis.diagnose
    diagnosing = wanted or (wanted is None and diagnosable)
    comparison = await publish_report(
        engine, run, spec.tolerance, gate.require_significance, with_summary=not diagnosing
    )
    spreads = await in_session(engine, sample_spreads, run.id) if spec.samples > 1 else {}
    summary = AuditSummary.of(run, loaded, comparison, spec.samples, spreads)
    if diagnosing:
        plan = DiagnosisPlan(run_id=run.id, spec=spec)
        diagnosis = await diagnose_and_publish(engine, plan, run, comparison, given_head_start())
        summary = summary.model_copy(update={"diagnosis": diagnosis})
    figures = RunFigures(
        dataset=run.dataset_name,
        mean_recall=run.mean_recall,
        cases=run.case_count,
        errors=run.error_count,
        recall_low=await _recall_low(engine, run) if gate.gate_on == "low" else None,
    )
    verdict = check_gate(gate, figures, comparison)
    lost = summary.diagnosis.lost if summary.diagnosis else []
    announce_regression(run, comparison, verdict, lost)
    await label_flow_run(run, comparison)
    regressed = comparison is not None and comparison.verdict == "regressed"
    return final_state(verdict, summary, regressed=regressed)


async def _recall_low(engine: Engine, run: RunRecord) -> float | None:
    """The low end of the run's prediction-powered recall interval (None: no current label)."""
    figures, _ = await in_session(engine, run_calibration, run.id)
    return None if figures is None else figures.recall.low


async def _record_knowledge_base(engine: Engine, run_id: str, spec: AuditSpec) -> bool:
    """The run names the version of the knowledge base it can see, chunked as it chunks it;
    False when it sees none (nothing to diagnose against)."""
    retriever, given = spec.retriever, spec.diagnosis.knowledge_base
    local = retriever.local_settings()
    kb = await anyio.to_thread.run_sync(
        open_knowledge_base, retriever.spec, given, None, local, spec.case_limits
    )
    if kb is not None:
        await record_run_knowledge_base(engine, run_id, kb)
    return kb is not None
