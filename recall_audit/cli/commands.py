"""`recall-audit`: run audits, read their results, compare runs, and run them unattended.

Exit codes: 0 done; 1 the run broke its gate (recall under --fail-under, a drop beyond
--max-regression, more lost claims than --max-lost-claims, or no case scored at all);
2 bad input or configuration, with a one-line message saying what and where.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from recall_audit.cli.checks import (
    check_prefect_api,
    check_resume,
    check_run_options,
    database_errors,
    prefect_errors,
)
from recall_audit.cli.claims import claims_app
from recall_audit.cli.options import (
    DEFAULT,
    ApiKeyBlock,
    AppDir,
    AsJson,
    BatchSize,
    ChunkSize,
    ChunkUnit,
    Concurrency,
    ContextExtractor,
    ContextField,
    Dataset,
    Diagnose,
    DiagnoseDepth,
    Embedding,
    FailUnder,
    Judge,
    KeepErrors,
    KnowledgeBase,
    MaxChunkChars,
    MaxChunks,
    MaxGroundTruthChars,
    MaxLostClaims,
    MaxRegression,
    MaxResponseBytes,
    Name,
    OnBadRow,
    Overlap,
    Qrels,
    RequireSignificance,
    Resume,
    Retriever,
    RetrieverIdleTimeout,
    RetrieverTimeout,
    Rpm,
    Samples,
    Scale,
    SharedModelLimit,
    SharedModelRpm,
    TaskRunner,
    Tolerance,
    TopK,
    Tpm,
    check_judge_and_retriever,
    errors,
    fail,
    spec_of,
)
from recall_audit.cli.prefect_console import failure_lines_held
from recall_audit.cli.references import retriever_by_reference
from recall_audit.cli.stopping import (
    AuditLoop,
    Stopped,
    run_stoppable,
    signals_kept,
    stopped_exit,
)
from recall_audit.cli.terminal import safe
from recall_audit.flows.environment import configure_prefect
from recall_audit.flows.local_server import ensure_prefect_api, prefect_api_ready
from recall_audit.scorer.audit_spec import AuditSpec
from recall_audit.scorer.datasets import check_dataset_name, iter_cases
from recall_audit.scorer.errors import RecallAuditError
from recall_audit.scorer.qrels import read_qrels

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
baseline_app = typer.Typer(
    no_args_is_help=True, help="Pin or unpin the run others are compared with."
)
app.add_typer(baseline_app, name="baseline")
app.add_typer(claims_app, name="claims")
console = Console()


class Exit:
    DONE, BELOW_BAR = 0, 1


@contextmanager
def bad_input_exits() -> Iterator[None]:
    """Our own errors are the user's to fix: one line and exit code 2, no traceback."""
    try:
        yield
    except (RecallAuditError, FileNotFoundError, ValueError, KeyError) as error:
        raise fail(str(error).strip("'\"")) from None


def _engine() -> Any:
    from recall_audit.storage import open_database

    with database_errors():
        return open_database()


def _session() -> Any:
    from recall_audit.storage import Session

    return Session(_engine())


def _count_valid_rows(dataset: Path, on_bad_row: str, retriever: str | None) -> int:
    """Checks the file before anything starts: in fail mode the first bad row stops here, and
    rows without chunks need a retriever."""
    mode = "raise" if on_bad_row == "fail" else "skip"
    total = with_chunks = 0
    for case in iter_cases(dataset, on_error=mode):
        total += 1
        with_chunks += case.contexts is not None
    if retriever is None and not with_chunks:
        raise fail(
            f"{dataset}: no row carries retrieved chunks; choose a retriever with --retriever"
        )
    return total


def _watch_progress(run_id: str, total: int, stop: threading.Event) -> None:
    """Follows the run in the database, the source of truth, whatever Prefect is doing."""
    from recall_audit.storage import finished_case_keys

    engine = _engine()
    columns = (TextColumn("auditing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=errors, transient=True) as progress:
        bar = progress.add_task("cases", total=total)
        while not stop.wait(0.5):
            from sqlmodel import Session

            with Session(engine) as session:
                progress.update(bar, completed=len(finished_case_keys(session, run_id)))


def _worst_cases(run_id: str, n: int = 5) -> list[Any]:
    from recall_audit.storage import run_results

    with _session() as session:
        return [
            c for c in run_results(session, run_id, worst_first=True, limit=n) if (c.score or 0) < 1
        ]


@app.command()
def run(
    dataset: Dataset,
    retriever: Retriever = None,
    judge: Judge = DEFAULT.judge,
    name: Name = None,
    top_k: TopK = DEFAULT.retriever.top_k,
    batch_size: BatchSize = None,
    concurrency: Concurrency = DEFAULT.limits.concurrency,
    scale: Scale = DEFAULT.scale,
    fail_under: FailUnder = None,
    max_regression: MaxRegression = None,
    max_lost_claims: MaxLostClaims = None,
    require_significance: RequireSignificance = False,
    tolerance: Tolerance = DEFAULT.tolerance,
    resume: Resume = None,
    keep_errors: KeepErrors = False,
    on_bad_row: OnBadRow = DEFAULT.dataset.on_bad_row,
    context_field: ContextField = None,
    context_extractor: ContextExtractor = None,
    as_json: AsJson = False,
    app_dir: AppDir = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
    api_key_block: ApiKeyBlock = None,
    samples: Samples = DEFAULT.samples,
    task_runner: TaskRunner = None,
    shared_model_limit: SharedModelLimit = None,
    shared_model_rpm: SharedModelRpm = None,
    knowledge_base: KnowledgeBase = None,
    diagnose: Diagnose = None,
    diagnose_depth: DiagnoseDepth = DEFAULT.diagnosis.diagnose_depth,
    chunk_size: ChunkSize = None,
    overlap: Overlap = None,
    chunk_unit: ChunkUnit = None,
    embedding: Embedding = None,
    qrels: Qrels = None,
    retriever_timeout: RetrieverTimeout = None,
    retriever_idle_timeout: RetrieverIdleTimeout = None,
    max_response_bytes: MaxResponseBytes = None,
    max_chunks: MaxChunks = None,
    max_chunk_chars: MaxChunkChars = None,
    max_ground_truth_chars: MaxGroundTruthChars = None,
) -> None:
    """Audit a retriever's context recall on a labelled dataset."""
    # Every option but these three describes the audit (the AuditSpec); they, this run.
    options = dict(locals())
    this_run = {key: options.pop(key) for key in ("resume", "keep_errors", "as_json")}
    if on_bad_row not in ("skip", "fail"):
        raise fail(f"--on-bad-row must be 'skip' or 'fail', not {on_bad_row!r}")
    check_run_options(scale, fail_under, max_regression, tolerance, top_k)
    for path_option in ("app_dir", "knowledge_base"):
        options[path_option] = options[path_option] and options[path_option].resolve()
    audit_and_report(spec_of(**options), **this_run)


def check_before_start(spec: AuditSpec, resume: str | None = None) -> tuple[int, str | None]:
    """Everything that can be checked before the flow starts, each a one-line error with exit
    code 2: the dataset's name and rows, the judge and retriever, the run to resume, Prefect,
    the task runner. Returns the dataset's number of valid rows and the resumed run's id."""
    dataset = Path(spec.dataset.path)
    with bad_input_exits():
        check_dataset_name(spec.dataset.name or dataset.stem)
        total = _count_valid_rows(dataset, spec.dataset.on_bad_row, spec.retriever.spec)
        if spec.dataset.qrels:
            read_qrels(spec.dataset.qrels)
    check_judge_and_retriever(spec)
    resumed = check_resume(_engine(), resume)
    given_api = "PREFECT_API_URL" in os.environ
    configure_prefect()
    if given_api:  # else it is the project's server, which configure_prefect() just asked
        check_prefect_api()
    with bad_input_exits():
        ensure_prefect_api()
    if spec.limits.task_runner is not None:
        # Imported once Prefect's API is set: Prefect reads its settings when first imported.
        from recall_audit.flows.runners import check_task_runner
        from recall_audit.storage import absolute_database_url

        with bad_input_exits():
            check_task_runner(spec.limits.task_runner, absolute_database_url())
    return total, resumed


def wait_for_prefect_api() -> None:
    """The server check_before_start started (if it did) answers before the first run."""
    with bad_input_exits():
        started = prefect_api_ready()
    if started:
        errors.print(started, highlight=False, soft_wrap=True)


def start_audit_loop(spec: AuditSpec, resume: str | None) -> AuditLoop:
    """The loop the audit will run on, its first model calls already made on it when they
    can be known (tasks/early.py): they go while Prefect is imported and the run created."""
    loop = AuditLoop()
    from recall_audit.tasks.early import can_call_early, start_early_calls

    if can_call_early(spec, resume):
        with bad_input_exits():
            start_early_calls(spec, _engine(), loop.loop)
    return loop


def audit_with_progress(
    spec: AuditSpec,
    total: int,
    resume: str | None,
    keep_errors: bool,
    show: bool,
    loop: AuditLoop | None = None,
) -> tuple[Any, list[str]]:
    """Runs the audit flow (on `loop` when given), a progress bar on the terminal when
    `show`; returns its summary and the gate's failures (none when it passed). Ctrl-C or
    SIGTERM stops it resumably."""
    from recall_audit.flows.audit import audit
    from recall_audit.flows.verdict import GateFailed

    wait_for_prefect_api()
    run_id = str(uuid.uuid4()) if resume is None else None
    stop = threading.Event()
    watcher = None
    if show and run_id:
        watcher = threading.Thread(target=_watch_progress, args=(run_id, total, stop), daemon=True)
        watcher.start()
    # A retriever URL with credentials reaches the flow by reference, never as a parameter.
    by_reference = spec.with_retriever(retriever_by_reference(spec.retriever.spec))
    flow = audit(spec=by_reference, resume=resume, keep_errors=keep_errors, run_id=run_id)
    try:
        with (
            failure_lines_held(),
            bad_input_exits(),
            prefect_errors(run_id or resume),
            signals_kept() as received,
        ):
            return run_stoppable(flow, received, loop), []
    except Stopped as stopped:
        raise stopped_exit(stopped, _engine(), run_id or resume) from None
    except GateFailed as failed:
        return failed.summary, failed.failures
    finally:
        stop.set()
        if watcher:
            watcher.join()


def audit_and_report(
    spec: AuditSpec, resume: str | None = None, keep_errors: bool = False, as_json: bool = False
) -> None:
    """Checks, runs and reports one audit; exits 1 when it broke its gate, else 0."""
    total, resumed = check_before_start(spec, resume)
    loop = start_audit_loop(spec, resumed)
    show = console.is_terminal and not as_json
    summary, gate_failures = audit_with_progress(spec, total, resumed, keep_errors, show, loop)
    if as_json:
        print(json.dumps(summary.model_dump(mode="json")))
    else:
        _print_summary(summary)
    for line in gate_failures:
        errors.print(line, highlight=False)
    raise typer.Exit(Exit.BELOW_BAR if gate_failures else Exit.DONE)


def _print_summary(summary: Any) -> None:
    from recall_audit.cli.views import rendered, summary_table, worst_cases_table
    from recall_audit.scorer.diagnosis.advice import next_steps_lines
    from recall_audit.scorer.report import comparison_markdown

    console.print(summary_table(summary.model_dump(mode="json")))
    worst = _worst_cases(summary.run_id)
    if worst:
        console.print(worst_cases_table(worst))
    for line in summary.row_errors:
        errors.print(f"[yellow]skipped[/yellow] {safe(line)}", highlight=False)
    if summary.comparison:
        console.print(rendered(comparison_markdown(summary.comparison)))
    if summary.diagnosis and (steps := next_steps_lines(summary.diagnosis.advice)):
        console.print(rendered("\n".join(["## What to do next", "", *steps])))
    console.print(
        f"Every claim and chunk: [bold]recall-audit show {summary.run_id[:8]}[/bold]; "
        "the run and its artifacts in Prefect: [bold]make ui[/bold] (recall-audit server)."
    )


@app.command()
def runs(
    dataset: Annotated[str | None, typer.Option(help="Only this dataset.")] = None,
    limit: int = 20,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """List recent runs, newest first."""
    from recall_audit.cli.views import runs_table
    from recall_audit.storage import list_runs

    with _session() as session:
        found = list_runs(session, dataset=dataset, limit=limit)
    if as_json:
        print(json.dumps([r.model_dump(mode="json") for r in found]))
    else:
        console.print(runs_table(found, console.width))


def _resolve(session: Any, prefix: str) -> str:
    from recall_audit.storage import resolve_run_id

    with bad_input_exits():
        run_id = resolve_run_id(session, prefix)
    if run_id is None:
        raise fail(f"no run with id {prefix!r}; see `recall-audit runs`")
    return run_id


@app.command()
def show(
    run_id: Annotated[str, typer.Argument(help="Run id or a unique prefix.")],
    case: Annotated[str | None, typer.Option(help="Only this case key.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Show a run's cases: claims, verdicts and the chunks that support them."""
    from recall_audit.cli.views import print_case, runs_table
    from recall_audit.storage import get_run, run_results

    with _session() as session:
        full_id = _resolve(session, run_id)
        record = get_run(session, full_id)
        results = run_results(session, full_id)
    if case is not None:
        results = [r for r in results if r.case_key == case]
    if as_json:
        print(
            json.dumps(
                {
                    "run": record.model_dump(mode="json"),
                    "cases": [r.model_dump(mode="json") for r in results],
                }
            )
        )
        return
    console.print(runs_table([record], console.width))
    for result in results:
        print_case(console, result)


@app.command()
def compare(
    base: Annotated[
        str | None, typer.Argument(help="Baseline run (default: the head's baseline).")
    ] = None,
    head: Annotated[
        str | None, typer.Argument(help="Run to judge (default: the latest run).")
    ] = None,
    tolerance: float = 0.02,
    require_significance: Annotated[
        bool,
        typer.Option(
            "--require-significance",
            help="Regressed only when the bootstrap interval excludes zero (noisy judges).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Compare two runs case by case and claim by claim; exit 1 when head regressed."""
    from recall_audit.cli.views import rendered
    from recall_audit.scorer.compare import compare_runs
    from recall_audit.scorer.report import comparison_markdown
    from recall_audit.storage import baseline_for, list_runs, paired_outcomes

    with _session() as session:
        if head is None and base is not None:
            head, base = base, None
        if head is None:
            latest = list_runs(session, limit=1)
            if not latest:
                raise fail("no runs yet; start one with `recall-audit run`")
            head_id = latest[0].id
        else:
            head_id = _resolve(session, head)
        if base is None:
            baseline = baseline_for(session, head_id)
            if baseline is None:
                raise fail(f"run {head_id[:8]} has no baseline to compare with; name one")
            base_id = baseline.id
        else:
            base_id = _resolve(session, base)
        with bad_input_exits():
            base_outcome, head_outcome = paired_outcomes(session, base_id, head_id)
            comparison = compare_runs(
                base_outcome,
                head_outcome,
                tolerance=tolerance,
                require_significance=require_significance,
            )
    causes = _lost_causes(comparison)
    if as_json:
        print(json.dumps(comparison.model_dump(mode="json") | {"lost_causes": causes}))
    else:
        console.print(rendered(comparison_markdown(comparison, top=20)))
        if causes:
            from recall_audit.scorer.diagnosis import LostClaim
            from recall_audit.scorer.report import lost_claims_markdown

            lost = [LostClaim.model_validate(c) for c in causes]
            console.print(rendered(lost_claims_markdown(comparison, lost)))
    raise typer.Exit(Exit.BELOW_BAR if comparison.verdict == "regressed" else Exit.DONE)


def _lost_causes(comparison: Any) -> list[dict[str, Any]]:
    """The cause of each lost claim, diagnosed on the cases that lost one (each a label)."""
    from recall_audit.cli.diagnose import plan_for, run_diagnosis

    if not comparison.lost_claims:
        return []
    engine = _engine()
    with _session() as session:
        plan = plan_for(session, comparison.head_run_id, None, 50)
    only = {c.case_key for c in comparison.lost_claims}
    lost = run_diagnosis(engine, plan, comparison, only).lost
    return [x.model_dump(mode="json") | {"label": x.label} for x in lost]


@app.command()
def history(
    dataset: Annotated[str, typer.Option(help="Dataset name.")],
    limit: int = 30,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The trend of mean recall over a dataset's completed runs."""
    from recall_audit.cli.views import history_table
    from recall_audit.storage import recall_history

    with _session() as session:
        runs_found = recall_history(session, dataset, limit=limit)
    if as_json:
        print(json.dumps([r.model_dump(mode="json") for r in runs_found]))
        return
    if not runs_found:
        raise fail(f"no completed runs of dataset {dataset!r}; see `recall-audit runs`")
    console.print(history_table(runs_found, console.width))


@baseline_app.command("set")
def baseline_set(
    run_id: Annotated[str, typer.Argument(help="A completed run id or prefix.")],
) -> None:
    """Compare every later run of this dataset and configuration with RUN_ID until unpinned
    (runs of other configurations keep their own baselines)."""
    from recall_audit.cli.views import configuration
    from recall_audit.storage import pin_baseline

    with _session() as session:
        full_id = _resolve(session, run_id)
        with bad_input_exits():
            run_record = pin_baseline(session, full_id)
    shown = configuration(run_record.config_name or run_record.retriever, run_record.config_key)
    console.print(
        f"baseline of {safe(run_record.dataset_name)} with {safe(shown)} is now run "
        f"{run_record.id}",
        highlight=False,
    )


@baseline_app.command("clear")
def baseline_clear(
    dataset: Annotated[str, typer.Option(help="Dataset name.")],
    configuration: Annotated[
        str | None,
        typer.Option(help="Only this configuration's pin (its key, as `runs` shows it)."),
    ] = None,
) -> None:
    """Go back to comparing each run with the previous one of its configuration."""
    from recall_audit.storage import unpin_baseline

    with _session() as session:
        removed = unpin_baseline(session, dataset, configuration)
    which = f"{dataset} ({configuration})" if configuration else dataset
    console.print(
        f"{removed} baseline(s) of {safe(which)} unpinned"
        if removed
        else f"no baseline was pinned for {safe(which)}",
        highlight=False,
    )


@app.command()
def prune(
    dataset: Annotated[str | None, typer.Option(help="Only this dataset.")] = None,
    keep: Annotated[int, typer.Option(min=1, help="Completed runs kept per dataset.")] = 30,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Report what would go; delete nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Delete old runs and their results; running runs and baselines are kept."""
    from rich.table import Table

    from recall_audit.storage import prune_runs

    with _session() as session, bad_input_exits():
        report = prune_runs(session, dataset=dataset, keep=keep, dry_run=dry_run)
    prefect_note = _prune_prefect(report.deleted_flow_run_ids, dry_run)
    if as_json:
        print(report.model_dump_json())
        return
    verb = "would delete" if dry_run else "deleted"
    table = Table(title=f"Prune (keep {keep})")
    for column in ("dataset", "kept", f"{verb} runs"):
        table.add_column(column)
    for d in report.datasets:
        table.add_row(d.dataset, str(d.kept_runs), str(len(d.deleted_run_ids)))
    console.print(table)
    console.print(f"{verb} {report.chunks_deleted} chunks no kept result retrieved")
    console.print(prefect_note, highlight=False)


def _prune_prefect(flow_run_ids: list[str], dry_run: bool) -> str:
    """The pruned runs' flow runs and artifacts go from Prefect too, when a server answers."""
    if dry_run:
        return f"would delete {len(flow_run_ids)} Prefect flow runs with their artifacts"
    configure_prefect()
    if not flow_run_ids:
        return "no Prefect flow run to delete"
    if "PREFECT_API_URL" not in os.environ:
        return f"no Prefect server answered: {len(flow_run_ids)} flow runs left in Prefect"
    from recall_audit.flows.prefect_retention import delete_flow_runs

    done = asyncio.run(delete_flow_runs(flow_run_ids))
    return f"deleted {done.flow_runs} Prefect flow runs and {done.artifacts} artifacts"


# recall_audit/cli/commands.py: the repository is three folders up.
# The demo's data: the wheel's package data beside the installed package, else a checkout's
# examples/ folder (an editable install runs from the checkout).
DEMO_DIRS = [
    Path(__file__).resolve().parents[1] / "examples" / "hotpot",
    Path(__file__).resolve().parents[2] / "examples" / "hotpot",
]


@app.command()
def demo(
    top_k: Annotated[
        int, typer.Option(min=1, help="Small enough that BM25 misses some gold paragraphs.")
    ] = 4,
) -> None:
    """Audit the bundled HotpotQA demo with the built-in BM25 retriever and judge."""
    found = [folder for folder in DEMO_DIRS if (folder / "kb.jsonl").is_file()]
    if not found:
        raise fail(f"the demo data is missing at {DEMO_DIRS[0]}")
    demo_dir = found[0]
    spec = spec_of(
        dataset=demo_dir / "dataset.jsonl",
        retriever=f"bm25:{demo_dir / 'kb.jsonl'}",
        name="hotpot-demo",
        top_k=top_k,
        on_bad_row="fail",
    )
    audit_and_report(spec)
