"""An experiment: several configurations of a retriever over one dataset, as one parent flow
run with one child audit run per configuration.

The children run one after the other: the first freezes the dataset's claims (and a model
judge's answers are cached), every later one reuses them, so each configuration is compared
with the first on the same claims, case by case (a paired comparison). Each child is an
ordinary audit run: its own configuration's nightly runs are compared with it, never the
other configurations'.
"""

from __future__ import annotations

import time

from prefect import task
from prefect.artifacts import acreate_markdown_artifact
from prefect.cache_policies import NO_CACHE
from prefect.runtime import flow_run
from sqlmodel import Session

from recall_audit.compare.compare import compare_runs
from recall_audit.compare.experiment import (
    Arm,
    ExperimentReport,
    experiment_markdown,
    mean_curve,
    ranked,
    verdict,
    with_comparison,
)
from recall_audit.errors import ConfigurationError
from recall_audit.flows.audit import AuditSummary, audit
from recall_audit.flows.lean import lean_flow
from recall_audit.flows.verdict import GateFailed
from recall_audit.spec import AuditSpec
from recall_audit.storage import absolute_database_url, open_database, paired_outcomes, run_results
from recall_audit.tasks.dataset import dataset_name
from recall_audit.tasks.publish import artifact_key


def _run_name() -> str:
    specs = [AuditSpec.model_validate(s) for s in flow_run.parameters["specs"]]
    first = specs[0].dataset
    return f"experiment-{dataset_name(first.path, first.name)} ({len(specs)} configurations)"


def check_experiment(specs: list[AuditSpec]) -> None:
    """One dataset and one judge: only then are the claims the same and the runs paired."""
    if len(specs) < 1:
        raise ConfigurationError("an experiment needs at least one configuration")
    # A cascade (escalate) freezes its claims under its own name: it is another judge.
    if len({(s.dataset.path, s.dataset.name, s.judge, s.escalate) for s in specs}) > 1:
        raise ConfigurationError(
            "an experiment's configurations share one dataset and one judge (and escalate)"
        )
    keys = [s.configuration().key for s in specs]
    if len(set(keys)) < len(keys):
        raise ConfigurationError("an experiment's configurations must differ from each other")


@lean_flow(name="recall-audit-experiment", flow_run_name=_run_name, log_prints=False)
async def experiment(specs: list[AuditSpec], database_url: str | None = None) -> ExperimentReport:
    """Audits each configuration in `specs` (one dataset, one judge), one child audit run
    each, and compares every configuration with the first: mean recall with its paired 95%
    interval, claims gained and lost, recall@k, context precision, recall by document id
    (where the cases are labelled), model calls, tokens and wall time, and the best configuration when it is significantly better than the rest."""
    check_experiment(specs)
    measured = []
    for spec in specs:
        started = time.perf_counter()
        summary = await _child(spec, database_url)
        measured.append((summary, time.perf_counter() - started))
    report = await side_by_side(absolute_database_url(database_url), specs, measured)
    await acreate_markdown_artifact(
        key=artifact_key(report.dataset, "experiment"),
        markdown=experiment_markdown(report),
        description=f"{report.dataset}: {report.conclusion}",
    )
    return report


async def _child(spec: AuditSpec, database_url: str | None) -> AuditSummary:
    """One configuration's audit run, a child of the experiment's; a broken gate still
    measured the configuration."""
    try:
        return await audit(spec=spec, database_url=database_url)
    except GateFailed as failed:
        return failed.summary


def _arm(session: Session, summary: AuditSummary, top_k: int, wall: float) -> Arm:
    results = run_results(session, summary.run_id)
    id_curves = [r.id_recall_at_k for r in results if r.id_recall is not None]
    return Arm(
        configuration=summary.configuration or summary.retriever,
        configuration_key=summary.configuration_key or "",
        run_id=summary.run_id,
        cases=summary.cases,
        mean_recall=summary.mean_recall,
        context_precision=summary.mean_context_precision,
        recall_at_k=mean_curve([r.recall_at_k for r in results if r.score is not None], top_k),
        id_recall=summary.mean_id_recall,
        id_recall_at_k=mean_curve(id_curves, top_k),
        model_calls=summary.model_calls,
        cached_calls=summary.cached_calls,
        tokens=summary.input_tokens + summary.output_tokens,
        wall_seconds=round(wall, 2),
    )


@task(name="side-by-side", cache_policy=NO_CACHE)
async def side_by_side(
    database_url: str, specs: list[AuditSpec], measured: list[tuple[AuditSummary, float]]
) -> ExperimentReport:
    """Every configuration against the first, and the best against the runner-up."""
    engine = open_database(database_url)
    tolerance = specs[0].tolerance
    with Session(engine) as session:
        arms = [
            _arm(session, summary, spec.retriever.top_k, wall)
            for spec, (summary, wall) in zip(specs, measured, strict=True)
        ]
        first = arms[0]
        for i, arm in enumerate(arms[1:], start=1):
            pair = paired_outcomes(session, first.run_id, arm.run_id)
            arms[i] = with_comparison(arm, compare_runs(*pair, tolerance=tolerance))
        best, *rest = ranked(arms)
        runner_up = rest[0] if rest else None
        against = None
        if runner_up is not None:
            pair = paired_outcomes(session, runner_up.run_id, best.run_id)
            against = compare_runs(*pair, tolerance=tolerance)
    named, said = verdict(best, runner_up, against)
    return ExperimentReport(dataset=measured[0][0].dataset, arms=arms, best=named, conclusion=said)
