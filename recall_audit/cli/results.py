"""The commands that only read results: `runs`, `show`, `compare`, `history` and `baseline`.

They need the results database and the terminal, never Prefect, the model layer or the
audit's description (cli/spec.py): `recall-audit` gives such a command a command line of
these alone (recall_audit/cli/__init__.py), so that it starts in a fraction of a second.
`commands.py` puts them in their place among the others.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console

from recall_audit.cli.checks import database_errors
from recall_audit.cli.options import RowLimit, fail
from recall_audit.cli.terminal import safe
from recall_audit.errors import RecallAuditError

app = typer.Typer(add_completion=False, no_args_is_help=True)
baseline_app = typer.Typer(
    no_args_is_help=True, help="Pin or unpin the run others are compared with."
)
console = Console(emoji=False)


class Exit:
    DONE, BELOW_BAR = 0, 1


@contextmanager
def bad_input_exits() -> Iterator[None]:
    """Our own errors are the user's to fix: one line and exit code 2, no traceback."""
    try:
        yield
    except (RecallAuditError, FileNotFoundError, ValueError, KeyError) as error:
        raise fail(str(error).strip("'\"")) from None


def open_engine() -> Any:
    """The results database, brought to the schema's head; a bad one is one line, exit 2."""
    from recall_audit.storage import open_database

    with database_errors():
        return open_database()


def open_session() -> Any:
    from recall_audit.storage import Session

    return Session(open_engine())


@app.command()
def runs(
    dataset: Annotated[str | None, typer.Option(help="Only this dataset.")] = None,
    limit: RowLimit = 20,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """List recent runs, newest first."""
    from recall_audit.cli.views import runs_table
    from recall_audit.storage import list_runs

    with open_session() as session:
        found = list_runs(session, dataset=dataset, limit=limit)
    if as_json:
        print(json.dumps([r.model_dump(mode="json") for r in found]))
    else:
        console.print(runs_table(found, console.width))


def resolve_run(session: Any, prefix: str) -> str:
    """The full id of the run `prefix` names; none (or several) is one line, exit 2."""
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
    """Show a run's cases: claims, verdicts and the chunks that support them, and people's
    labels of its claims with the judge's agreement with them."""
    from recall_audit.cli.labels import label_notes
    from recall_audit.cli.views import print_case, runs_table
    from recall_audit.compare.calibration import calibration_lines
    from recall_audit.storage import get_run, run_results
    from recall_audit.storage.labels import run_calibration

    with open_session() as session:
        full_id = resolve_run(session, run_id)
        record = get_run(session, full_id)
        results = run_results(session, full_id)
        figures, labels = run_calibration(session, full_id, results=results)
    if case is not None:
        results = [r for r in results if r.case_key == case]
    if as_json:
        shown = {
            "run": record.model_dump(mode="json"),
            "cases": [r.model_dump(mode="json") for r in results],
        }
        if figures is not None or labels.outdated:
            shown["labels"] = [x.model_dump(mode="json") for x in labels.current.values()]
            shown["calibration"] = figures and figures.model_dump(mode="json")
        print(json.dumps(shown, default=str))
        return
    console.print(runs_table([record], console.width))
    if figures is not None:
        console.print("\n".join(["Labels:", *calibration_lines(figures, len(labels.outdated))]))
    for result in results:
        print_case(console, result, label_notes(labels, result))


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
    from recall_audit.compare.compare import compare_runs
    from recall_audit.compare.report import comparison_markdown
    from recall_audit.storage import baseline_for, list_runs, paired_outcomes

    with open_session() as session:
        if head is None and base is not None:
            head, base = base, None
        if head is None:
            latest = list_runs(session, limit=1)
            if not latest:
                raise fail("no runs yet; start one with `recall-audit run`")
            head_id = latest[0].id
        else:
            head_id = resolve_run(session, head)
        if base is None:
            baseline = baseline_for(session, head_id)
            if baseline is None:
                raise fail(f"run {head_id[:8]} has no baseline to compare with; name one")
            base_id = baseline.id
        else:
            base_id = resolve_run(session, base)
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
            from recall_audit.diagnosis import LostClaim
            from recall_audit.diagnosis.views import lost_claims_markdown

            lost = [LostClaim.model_validate(c) for c in causes]
            console.print(rendered(lost_claims_markdown(comparison, lost)))
    raise typer.Exit(Exit.BELOW_BAR if comparison.verdict == "regressed" else Exit.DONE)


def _lost_causes(comparison: Any) -> list[dict[str, Any]]:
    """The cause of each lost claim, diagnosed on the cases that lost one (each a label)."""
    if not comparison.lost_claims:
        return []
    # Imported here: the diagnosis reads the run's spec, of no use to a comparison without it.
    from recall_audit.cli.diagnose import plan_for, run_diagnosis

    # A diagnosis is real work (retrievers, the built-in judge): the collector is back on.
    gc.enable()
    engine = open_engine()
    with open_session() as session:
        plan = plan_for(session, comparison.head_run_id, None, None)
    only = {c.case_key for c in comparison.lost_claims}
    lost = run_diagnosis(engine, plan, comparison, only).lost
    return [x.model_dump(mode="json") | {"label": x.label} for x in lost]


@app.command()
def history(
    dataset: Annotated[str, typer.Option(help="Dataset name.")],
    limit: RowLimit = 30,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The trend of mean recall over a dataset's completed runs."""
    from recall_audit.cli.views import history_table
    from recall_audit.storage import recall_history

    with open_session() as session:
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

    with open_session() as session:
        full_id = resolve_run(session, run_id)
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

    with open_session() as session:
        removed = unpin_baseline(session, dataset, configuration)
    which = f"{dataset} ({configuration})" if configuration else dataset
    console.print(
        f"{removed} baseline(s) of {safe(which)} unpinned"
        if removed
        else f"no baseline was pinned for {safe(which)}",
        highlight=False,
    )
