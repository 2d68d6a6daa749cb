"""`recall-audit diagnose RUN`: why each claim of a stored run was missed, and why each claim
lost since its baseline is lost, against the knowledge base; without Prefect."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import anyio
import typer
from pydantic import ValidationError
from rich.console import Console

from recall_audit.cli.options import fail
from recall_audit.cli.terminal import safe
from recall_audit.errors import RecallAuditError
from recall_audit.spec import Diagnosis
from recall_audit.user_code import prints_to_stderr

if TYPE_CHECKING:
    # The diagnosis (retrievers, the built-in judge's text analysis) is this command's alone:
    # every other command imports this module without it.
    from recall_audit.compare.compare import Comparison
    from recall_audit.diagnosis import RunDiagnosis

diagnose_app = typer.Typer(add_completion=False)
# The spec's own settings, said as the spec says them: here they replace the run's.
KnowledgeBase = Annotated[
    Path | None,
    typer.Option(
        help=f"{Diagnosis.model_fields['knowledge_base'].description} Default: the run's own."
    ),
]
DiagnoseDepth = Annotated[
    int | None,
    typer.Option(
        help=f"{Diagnosis.model_fields['diagnose_depth'].description} Default: the run's own.",
    ),
]
console = Console(emoji=False)


def plan_for(session: Any, run_id: str, knowledge_base: str | None, depth: int | None) -> Any:
    """The diagnosis of a stored run with the spec it was stored with (its judge, retriever
    and the retriever's settings, knowledge base, limits); the knowledge base and depth given
    here replace its own."""
    from recall_audit.errors import ConfigurationError
    from recall_audit.retrievers.spec import resolve_spec
    from recall_audit.storage import get_run
    from recall_audit.storage.specs import run_spec
    from recall_audit.tasks.diagnose import DiagnosisPlan

    run = get_run(session, run_id)
    if run is None:
        raise fail(f"no run {run_id}")
    try:  # a run stored before its spec was: its limits come from the environment
        spec = run_spec(run)
    except RecallAuditError as error:  # a bad RECALL_AUDIT_* value
        raise fail(str(error)) from None
    except ValueError as error:  # a stored spec this version cannot read
        raise fail(f"run {run.id[:8]}: its stored spec cannot be read: {error}") from None
    try:
        resolve_spec(spec.retriever.spec or "")
    except ConfigurationError:
        # An env: reference whose variable only the audit's process had: the retriever the
        # run recorded (resolved, its credentials masked), as for a run without a spec.
        spec = spec.with_retriever(run.retriever)
    given: dict[str, Any] = {"knowledge_base": knowledge_base} if knowledge_base else {}
    if depth is not None:
        given["diagnose_depth"] = depth
    try:  # the spec's own bounds, as `run --diagnose-depth` has them
        diagnosis = Diagnosis.model_validate(spec.diagnosis.model_dump() | given)
    except ValidationError as error:
        raise fail(f"--depth: {error.errors()[0]['msg']}") from None
    spec = spec.model_copy(update={"diagnosis": diagnosis})
    return DiagnosisPlan(run_id=run.id, spec=spec)


def run_diagnosis(
    engine: Any, plan: Any, comparison: Comparison | None, only: set[str] | None = None
) -> RunDiagnosis:
    from recall_audit.tasks.diagnose import diagnose_run

    try:
        return anyio.run(diagnose_run, engine, plan, comparison, only)
    except RecallAuditError as error:
        raise fail(str(error)) from None


def _comparison(session: Any, run_id: str) -> Comparison | None:
    from recall_audit.compare.compare import compare_runs
    from recall_audit.storage import get_run, paired_outcomes

    run = get_run(session, run_id)
    if run is None or run.baseline_run_id is None:
        return None
    return compare_runs(*paired_outcomes(session, run.baseline_run_id, run_id))


@diagnose_app.command()
def diagnose(
    run: Annotated[str, typer.Argument(help="The run (id or prefix).")],
    knowledge_base: KnowledgeBase = None,
    depth: DiagnoseDepth = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Why each claim of a run was missed (not in the knowledge base, not retrieved and at
    which rank, judged unsupported), and why each claim lost since its baseline is lost."""
    from recall_audit.cli.results import open_engine, resolve_run
    from recall_audit.diagnosis.advice import why_missed_markdown
    from recall_audit.diagnosis.views import lost_claims_markdown
    from recall_audit.storage import Session

    engine = open_engine()
    with Session(engine) as session:
        run_id = resolve_run(session, run)
        kb = str(knowledge_base.resolve()) if knowledge_base else None
        plan = plan_for(session, run_id, kb, depth)
        comparison = _comparison(session, run_id)
    with prints_to_stderr():  # a python: retriever's print() stays out of --json
        diagnosis = run_diagnosis(engine, plan, comparison)
    if as_json:
        print(diagnosis.model_dump_json())
        return
    # Not wrapped by us: each line (the knowledge base's change above all) stays one line.
    console.print(safe(why_missed_markdown(diagnosis)), highlight=False, soft_wrap=True)
    if comparison is not None and diagnosis.lost:
        console.print(safe(lost_claims_markdown(comparison, diagnosis.lost)), highlight=False)
