"""`recall-audit`: run audits, read their results, compare runs, and run them unattended.

Exit codes: 0 done; 1 the run broke its gate (recall under --fail-under, a drop beyond
--max-regression, more lost claims than --max-lost-claims, or no case scored at all);
2 bad input or configuration, with a one-line message saying what and where.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import threading
import uuid
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from recall_audit.cli import results, startup_done
from recall_audit.cli.checks import check_prefect_api, check_resume, prefect_errors
from recall_audit.cli.claims import claims_app
from recall_audit.cli.options import AsJson, KeepErrors, errors, fail, row_count
from recall_audit.cli.prefect_console import failure_lines_held
from recall_audit.cli.references import retriever_by_reference
from recall_audit.cli.results import Exit, bad_input_exits, console, open_engine, open_session
from recall_audit.cli.spec import check_judge_and_retriever, spec_of
from recall_audit.cli.spec_file import option
from recall_audit.cli.spec_options import GivenSettings, with_audit_settings
from recall_audit.cli.stopping import (
    AuditLoop,
    Stopped,
    run_stoppable,
    signals_kept,
    stopped_exit,
)
from recall_audit.cli.terminal import safe
from recall_audit.datasets.cases import check_dataset_name, iter_cases
from recall_audit.datasets.qrels import read_qrels
from recall_audit.flows.environment import api_given, configure_prefect
from recall_audit.headstart import HeadStart
from recall_audit.server.local_server import (
    ensure_prefect_api,
    prefect_api_ready,
    server_starting,
)
from recall_audit.spec import SETTINGS, UNMEASURED, AuditSpec
from recall_audit.storage.settings import database_url, is_new_sqlite_file

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
Resume = Annotated[
    str | None,
    typer.Option(
        help="Continue an unfinished run (id or prefix) with the settings it was started "
        "with (stored with it: another is refused by name). Only how fast and where it runs "
        "may differ: " + ", ".join(option(name) for name in SETTINGS if name in UNMEASURED) + "."
    ),
]
app.add_typer(results.baseline_app, name="baseline")
app.add_typer(claims_app, name="claims")


def _check_rows(dataset: Path, on_bad_row: str, retriever: str | None, count: bool) -> int | None:
    """Checks the file before anything starts: in fail mode the first bad row stops here, and
    rows without chunks need a retriever. Returns the number of valid rows when `count`;
    otherwise (skip mode) reads only until the first row with chunks, and returns None."""
    fail_mode = on_bad_row == "fail"
    total = with_chunks = 0
    for case in iter_cases(dataset, on_error="raise" if fail_mode else "skip"):
        total += 1
        with_chunks += case.contexts is not None
        if not (count or fail_mode) and (with_chunks or retriever is not None):
            return None
    if retriever is None and not with_chunks:
        raise fail(
            f"{dataset}: no row carries retrieved chunks; choose a retriever with --retriever"
        )
    return total


def _watch_progress(run_id: str, total: int | None, stop: threading.Event) -> None:
    """Follows the run in the database, the source of truth, whatever Prefect is doing."""
    from recall_audit.storage import finished_case_keys

    engine = open_engine()
    columns = (TextColumn("auditing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=errors, transient=True) as progress:
        bar = progress.add_task("cases", total=total)
        while not stop.wait(0.5):
            from sqlmodel import Session

            with Session(engine) as session:
                progress.update(bar, completed=len(finished_case_keys(session, run_id)))


def _worst_cases(run_id: str, n: int = 5) -> list[Any]:
    from recall_audit.storage import run_results

    with open_session() as session:
        return [
            c for c in run_results(session, run_id, worst_first=True, limit=n) if (c.score or 0) < 1
        ]


@app.command()
@with_audit_settings
def run(
    given: GivenSettings,
    resume: Resume = None,
    keep_errors: KeepErrors = False,
    as_json: AsJson = False,
) -> None:
    """Audit a retriever's context recall on a labelled dataset (every setting from the
    options, or from a --spec file they override)."""
    audit_and_report(given.spec(), resume=resume, keep_errors=keep_errors, as_json=as_json)


# The commands that only read results (cli/results.py), in their place on the command line.
app.registered_commands.extend(results.app.registered_commands)


def check_before_start(
    spec: AuditSpec,
    resume: str | None = None,
    head_start: HeadStart | None = None,
    count: bool = True,
) -> tuple[int | None, str | None]:
    """Everything that can be checked before the flow starts, each a one-line error with exit
    code 2: the dataset's name and rows, the judge and retriever, Prefect, the run to resume,
    the task runner. Returns the dataset's number of valid rows (None unless `count` or fail
    mode, which reads every row anyway) and the resumed run's id. Given the run's
    `head_start`, its first model calls start as soon as they can be known
    (start_early_calls)."""
    dataset = Path(spec.dataset.path)
    # In fail mode a bad row stops the command before any model call; otherwise the rows are
    # counted, for a progress bar only, once the first calls are out (on a large file, a
    # tenth of a second and more).
    counted_first = spec.dataset.on_bad_row == "fail" or head_start is None
    check_rows = partial(_check_rows, dataset, spec.dataset.on_bad_row, spec.retriever.spec)
    with bad_input_exits():
        check_dataset_name(spec.dataset.name or dataset.stem)
        # A file that is missing, of an unknown format, without one usable row or without
        # chunks for want of a retriever stops here, before Prefect is asked anything; in
        # skip mode reading stops at the first row that settles it.
        total = check_rows(count=counted_first)
        if spec.dataset.qrels:
            read_qrels(spec.dataset.qrels)
    check_judge_and_retriever(spec)
    # A database not made yet holds no run to resume, no frozen claims and no cached answers:
    # it is made once the first model calls are on their way.
    new_database = resume is None and is_new_sqlite_file(database_url())
    engine = None if new_database else open_engine()
    resumed = check_resume(engine, resume)
    configure_prefect()
    if api_given():  # else it is the project's server, which configure_prefect() just asked
        check_prefect_api()
    with bad_input_exits():
        ensure_prefect_api()
    if head_start is not None and _can_call_early(spec, resumed):
        start_early_calls(spec, engine, head_start)
    if not counted_first and count:
        with bad_input_exits():
            total = check_rows(count=True)
    if engine is None:
        open_engine()
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


def judge_ahead(spec: AuditSpec, resume: str | None, head_start: HeadStart) -> None:
    """While the server this command started boots (seconds, on a project's first command),
    the built-in judge's work for the run goes ahead on the loop the audit will run on
    (recall_audit/headstart/ahead.py); nothing when no server is starting, or the work cannot
    be known."""
    if not server_starting():
        return
    from recall_audit.headstart.ahead import can_judge_ahead

    if can_judge_ahead(spec, resume):
        head_start.judge_ahead(spec)


def _can_call_early(spec: AuditSpec, resume: str | None) -> bool:
    from recall_audit.headstart.early import can_call_early

    return can_call_early(spec, resume)


def start_early_calls(spec: AuditSpec, engine: Any, head_start: HeadStart) -> None:
    """The run's first model calls, made on the loop the audit will run on
    (recall_audit/headstart/early.py): they go while Prefect is imported and the run created."""
    with bad_input_exits():
        head_start.call_early(spec, engine)


def audit_with_progress(
    spec: AuditSpec,
    total: int | None,
    resume: str | None,
    keep_errors: bool,
    show: bool,
    loop: AuditLoop | None = None,
    head_start: HeadStart | None = None,
) -> tuple[Any, list[str]]:
    """Runs the audit flow (on `loop` when given), a progress bar on the terminal when
    `show`; returns its summary and the gate's failures (none when it passed). Ctrl-C or
    SIGTERM stops it resumably. The flow is given the `head_start` (on `loop`), whose
    judging ahead stops when the flow starts."""
    from recall_audit.flows.audit import audit
    from recall_audit.flows.verdict import GateFailed

    wait_for_prefect_api()
    if head_start is not None:
        head_start.stop_judging_ahead()  # the flow judges what it did not get to
    run_id = str(uuid.uuid4()) if resume is None else None
    stop = threading.Event()
    watcher = None
    if show and run_id:
        watcher = threading.Thread(target=_watch_progress, args=(run_id, total, stop), daemon=True)
        watcher.start()
    # A retriever URL with credentials reaches the flow by reference, never as a parameter.
    by_reference = spec.with_retriever(retriever_by_reference(spec.retriever.spec))
    flow = audit(spec=by_reference, resume=resume, keep_errors=keep_errors, run_id=run_id)
    if head_start is not None:
        flow = head_start.run(flow)
    startup_done()
    try:
        with (
            failure_lines_held(),
            bad_input_exits(),
            prefect_errors(run_id or resume),
            signals_kept() as received,
        ):
            return run_stoppable(flow, received, loop), []
    except Stopped as stopped:
        raise stopped_exit(stopped, open_engine(), run_id or resume) from None
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
    loop = AuditLoop()
    head_start = HeadStart(loop.loop)
    show = console.is_terminal and not as_json
    # With --json, stdout is the summary's alone: what anything else prints while the audit
    # runs (a user's retriever or extractor above all) goes to stderr.
    with contextlib.redirect_stdout(sys.stderr) if as_json else contextlib.nullcontext():
        total, resumed = check_before_start(spec, resume, head_start, count=show)
        judge_ahead(spec, resumed, head_start)
        summary, gate_failures = audit_with_progress(
            spec, total, resumed, keep_errors, show, loop, head_start
        )
    if as_json:
        print(json.dumps(summary.model_dump(mode="json")))
    else:
        _print_summary(summary)
    for line in gate_failures:
        errors.print(line, highlight=False)
    raise typer.Exit(Exit.BELOW_BAR if gate_failures else Exit.DONE)


def _print_summary(summary: Any) -> None:
    from recall_audit.cli.views import rendered, summary_table, worst_cases_table
    from recall_audit.compare.report import comparison_markdown
    from recall_audit.diagnosis.advice import next_steps_lines

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
def prune(
    dataset: Annotated[str | None, typer.Option(help="Only this dataset.")] = None,
    keep: Annotated[
        int, typer.Option(callback=row_count, help="Completed runs kept per dataset.")
    ] = 30,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Report what would go; delete nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Delete old runs and their results; running runs and baselines are kept."""
    from rich.table import Table

    from recall_audit.storage import prune_runs

    with open_session() as session, bad_input_exits():
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
    from recall_audit.server.prefect_retention import delete_flow_runs

    done = asyncio.run(delete_flow_runs(flow_run_ids))
    return f"deleted {done.flow_runs} Prefect flow runs and {done.artifacts} artifacts"


# The demo's data is package data (a checkout's examples/hotpot links to it).
DEMO_DIR = Path(__file__).resolve().parents[1] / "demo"


@app.command()
def demo(
    top_k: Annotated[
        int, typer.Option(min=1, help="Small enough that BM25 misses some gold paragraphs.")
    ] = 4,
) -> None:
    """Audit the bundled HotpotQA demo with the built-in BM25 retriever and judge."""
    if not (DEMO_DIR / "kb.jsonl").is_file():
        raise fail(f"the demo data is missing at {DEMO_DIR}")
    demo_dir = DEMO_DIR
    spec = spec_of(
        dataset=demo_dir / "dataset.jsonl",
        retriever=f"bm25:{demo_dir / 'kb.jsonl'}",
        name="hotpot-demo",
        top_k=top_k,
        on_bad_row="fail",
    )
    audit_and_report(spec)
