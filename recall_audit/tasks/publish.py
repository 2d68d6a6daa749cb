"""The last stage: compare the run with its baseline, then tell people through Prefect:
artifacts with stable keys per dataset, and events that automations can act on
(`recall.completed` here; `recall.regressed` once the flow has checked its gate)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import anyio
from prefect import get_run_logger
from prefect.artifacts import acreate_markdown_artifact, acreate_table_artifact
from prefect.client.orchestration import get_client
from prefect.events import emit_event
from prefect.runtime import flow_run
from sqlalchemy.engine import Engine
from sqlmodel import Session

from recall_audit.compare.calibration import calibration_lines
from recall_audit.compare.compare import ClaimChange, Comparison, compare_runs
from recall_audit.compare.gate import GateResult
from recall_audit.compare.report import (
    comparison_markdown,
    short,
    trend_markdown,
    worst_cases_table,
)
from recall_audit.diagnosis import LostClaim, RunDiagnosis
from recall_audit.diagnosis.advice import next_steps_lines, why_missed_markdown
from recall_audit.diagnosis.views import lost_claims_markdown
from recall_audit.storage import (
    RunRecord,
    baseline_for,
    paired_outcomes,
    recall_history,
    set_run_baseline,
    worst_outcomes,
)
from recall_audit.storage.labels import run_calibration
from recall_audit.tasks.db import in_session
from recall_audit.tasks.diagnose import DiagnosisPlan, diagnose_run
from recall_audit.tasks.stage import stage

if TYPE_CHECKING:
    from recall_audit.tasks.given import HeadStartJudges

WORST_CASES = 10
# Lost claims an event names (the count says how many there were), and characters of each.
EVENT_CLAIMS = 20
EVENT_TEXT = 200


def artifact_key(dataset: str, what: str) -> str:
    """Prefect keys allow lowercase letters, digits and dashes; one key per dataset and view."""
    slug = re.sub(r"[^a-z0-9]+", "-", dataset.lower()).strip("-") or "dataset"
    return f"recall-{slug}-{what}"


def _compare(
    session: Session, run: RunRecord, tolerance: float, require_significance: bool
) -> Comparison | None:
    baseline = baseline_for(session, run.id)
    set_run_baseline(session, run.id, baseline.id if baseline else None)
    if baseline is None:
        return None
    base, head = paired_outcomes(session, baseline.id, run.id)
    return compare_runs(base, head, tolerance=tolerance, require_significance=require_significance)


def _report_data(
    session: Session, run: RunRecord, tolerance: float, require_significance: bool
) -> tuple[Comparison | None, list[Any], list[RunRecord]]:
    """What the artifacts show, read in one session (one trip off the event loop)."""
    return (
        _compare(session, run, tolerance, require_significance),
        worst_outcomes(session, run.id, WORST_CASES),
        recall_history(session, run.dataset_name, config_key=run.config_key),
    )


def precision_line(run: RunRecord) -> str:
    """The run's context precision, as the summary says it."""
    if run.mean_context_precision is None:
        return "context precision: none (no case had chunks and claims)"
    return (
        f"context precision {run.mean_context_precision:.3f} (1 when the chunks that support "
        "a claim come first; from the same verdicts, no model call)"
    )


def id_recall_line(run: RunRecord) -> str | None:
    """The run's recall by document id, when its cases were labelled."""
    if run.mean_id_recall is None:
        return None
    return (
        f"recall by document id {run.mean_id_recall:.3f} over the {run.id_recall_cases} "
        "labelled cases"
    )


def unsure_line(run: RunRecord) -> str | None:
    """How many claims the judge could not decide, and how many of those a cascade's model
    judge decided (--escalate); None when it decided every one."""
    if not (run.unsure_claims or run.escalated_claims):
        return None
    parts = []
    if run.escalated_claims:
        parts.append(
            f"{run.escalated_claims} claims the judge was unsure of, decided by the model "
            "judge they were escalated to"
        )
    if run.unsure_claims:
        parts.append(f"{run.unsure_claims} claims left unsure (scored as the judge read them)")
    return "; ".join(parts)


def summary_markdown(
    run: RunRecord, comparison: Comparison | None, diagnosis: RunDiagnosis | None = None
) -> str:
    """The run's figures, its comparison with the baseline and, when the audit diagnosed
    its misses, what to do next."""
    mean = "n/a" if run.mean_recall is None else f"{run.mean_recall:.3f}"
    lines = [
        f"# Context recall of {run.dataset_name}",
        "",
        f"**Mean recall {mean}** (scale {run.scale:g}) over {run.scored_count + run.no_context_count} "
        f"of {run.case_count} cases · run `{run.id}`",
        "",
        f"- configuration `{run.config_name}` ({run.config_key}): retriever `{run.retriever}`, "
        f"judge `{run.judge}` ({run.judge_version})",
        f"- {run.no_context_count} cases retrieved nothing, {run.unscorable_count} had nothing "
        f"to recall, {run.error_count} errors",
        f"- {precision_line(run)}",
        *([f"- {line}"] if (line := id_recall_line(run)) else []),
        *([f"- {line}"] if (line := unsure_line(run)) else []),
        f"- model calls {run.usage.calls}, served from cache {run.usage.cached_calls}",
        "",
    ]
    if comparison is None:
        lines.append("No baseline yet: the next run on this dataset is compared with this one.")
    else:
        lines.append(comparison_markdown(comparison))
    if diagnosis is not None and (steps := next_steps_lines(diagnosis.advice)):
        lines += ["", "## What to do next", "", *steps]
    return "\n".join(lines)


def _summary_description(run: RunRecord, comparison: Comparison | None) -> str:
    mean = "no case scored" if run.mean_recall is None else f"mean recall {run.mean_recall:.3f}"
    if comparison is None or comparison.delta is None:
        return f"{run.dataset_name} [{run.config_name}]: {mean}, run {run.id[:8]}"
    return (
        f"{run.dataset_name} [{run.config_name}]: {mean}, {comparison.verdict} "
        f"(Δ {comparison.delta:+.3f}, {len(comparison.lost_claims)} claim(s) lost), "
        f"run {run.id[:8]}"
    )


def _resource(run: RunRecord) -> dict[str, str]:
    return {
        "prefect.resource.id": f"recall-audit.dataset.{artifact_key(run.dataset_name, 'run')}",
        "prefect.resource.name": run.dataset_name,
        "recall-audit.run-id": run.id,
    }


def _payload(run: RunRecord, comparison: Comparison | None) -> dict[str, Any]:
    return {
        "dataset": run.dataset_name,
        "run_id": run.id,
        "configuration": run.config_key,
        "configuration_name": run.config_name,
        "mean_recall": run.mean_recall,
        "baseline_run_id": comparison.base_run_id if comparison else None,
        "verdict": comparison.verdict if comparison else None,
        "delta": comparison.delta if comparison else None,
    }


def _lost_payload(changes: Sequence[ClaimChange], causes: Sequence[LostClaim]) -> dict[str, Any]:
    """The first lost claims, each with its cause when the audit diagnosed it, and the
    count of every cause: bounded, whatever the number of lost claims."""
    found = {(x.case_key, x.claim_index): x for x in causes}
    lost = []
    for change in changes[:EVENT_CLAIMS]:
        cause = found.get((change.case_key, change.claim_index))
        lost.append(
            {
                "case": change.case_key,
                "claim": short(change.claim, EVENT_TEXT),
                "cause": cause.cause if cause else None,
                "why": short(cause.label, EVENT_TEXT) if cause else None,
            }
        )
    return {"lost_claims": lost, "lost_causes": dict(Counter(x.cause for x in causes))}


def announce_regression(
    run: RunRecord,
    comparison: Comparison | None,
    gate: GateResult,
    causes: Sequence[LostClaim] = (),
) -> None:
    """`recall.regressed`, once, when the comparison says so or when the gate broke on a
    regression rule the verdict let through (claims lost, a drop within its tolerance): either
    way someone must hear of it. The payload says why, and why each lost claim was lost when
    the audit diagnosed them (`causes`)."""
    if comparison is None or not (comparison.verdict == "regressed" or gate.regressed):
        return
    emit_event(
        event="recall.regressed",
        resource=_resource(run),
        payload=_payload(run, comparison)
        | {
            "drop": -(comparison.delta or 0.0),
            "ci": [comparison.ci_low, comparison.ci_high],
            "lost_claims_count": len(comparison.lost_claims),
            "gate": gate.failures,
        }
        | _lost_payload(comparison.lost_claims, causes),
    )


def run_label(run: RunRecord, comparison: Comparison | None) -> tuple[str, list[str]]:
    """The flow run's name and added tags once it is done: its configuration, mean recall,
    and the drop when it regressed, so the run list shows them at a glance."""
    name = f"audit-{run.dataset_name}"
    if run.config_key:
        name += f" {run.config_name} ({run.config_key})"
    if run.mean_recall is None:
        return f"{name} · no case scored", []
    name, tags = f"{name} · recall {run.mean_recall:.3f}", [f"recall:{run.mean_recall:.3f}"]
    if comparison is not None and comparison.verdict == "regressed" and comparison.delta:
        name += f" · Δ {comparison.delta:+.3f}"
        tags.append("regressed")
    return name, tags


async def label_flow_run(run: RunRecord, comparison: Comparison | None) -> None:
    """Renames the running flow run and tags it; the audit's results never depend on it."""
    name, tags = run_label(run, comparison)
    try:
        async with get_client() as client:
            await client.update_flow_run(
                flow_run.id, name=name, tags=sorted({*flow_run.tags, *tags})
            )
    except Exception as exc:  # a label is worth a warning, never a failed audit
        get_run_logger().warning("Could not label the flow run %s: %s", flow_run.id, exc)


async def publish_summary(
    run: RunRecord, comparison: Comparison | None, diagnosis: RunDiagnosis | None = None
) -> None:
    await acreate_markdown_artifact(
        key=artifact_key(run.dataset_name, "summary"),
        markdown=summary_markdown(run, comparison, diagnosis),
        # The key's history page lists versions by description: each carries its figures.
        description=_summary_description(run, comparison),
    )


@stage("compare-and-publish")
async def publish_report(
    engine: Engine,
    run: RunRecord,
    tolerance: float,
    require_significance: bool = False,
    with_summary: bool = True,
) -> Comparison | None:
    """The comparison with the baseline, and the run's artifacts; the summary left to the
    diagnosis (one version per run, with what to do next) unless `with_summary`."""
    comparison, worst, history = await in_session(
        engine, _report_data, run, tolerance, require_significance
    )
    calibration, labels = await in_session(engine, run_calibration, run.id)
    dataset = run.dataset_name
    # The four artifacts are independent API calls: sent together, they cost one round trip.
    async with anyio.create_task_group() as group:
        if with_summary:
            group.start_soon(publish_summary, run, comparison)
        group.start_soon(
            partial(
                acreate_table_artifact,
                key=artifact_key(dataset, "worst-cases"),
                table=worst_cases_table(worst, WORST_CASES) or [{"case": "none", "recall": "-"}],
                description=f"The {WORST_CASES} cases of {dataset} with the lowest recall",
            )
        )
        group.start_soon(
            partial(
                acreate_markdown_artifact,
                key=artifact_key(dataset, "lost-claims"),
                markdown=lost_claims_markdown(comparison)
                if comparison
                else "No baseline yet, so no claim can have been lost.\n",
                description=f"{len(comparison.lost_claims) if comparison else 0} claim(s) of "
                f"{dataset} found by the baseline and missed now",
            )
        )
        group.start_soon(
            partial(
                acreate_markdown_artifact,
                key=artifact_key(dataset, "trend"),
                markdown=trend_markdown(
                    [(r.id[:8], r.started_at, (r.mean_recall or 0.0) / r.scale) for r in history],
                    chart=True,
                ),
                description=f"Mean recall of {dataset} over past runs of {run.config_name}",
            )
        )
        if calibration is not None:
            lines = calibration_lines(calibration, len(labels.outdated))
            group.start_soon(
                partial(
                    acreate_markdown_artifact,
                    key=artifact_key(dataset, "calibration"),
                    markdown="".join(f"- {line}\n" for line in lines),
                    description=f"The judge against people's labels of {dataset}'s claims",
                )
            )
    emit_event(event="recall.completed", resource=_resource(run), payload=_payload(run, comparison))
    return comparison


@stage("diagnose")
async def diagnose_and_publish(
    engine: Engine,
    plan: DiagnosisPlan,
    run: RunRecord,
    comparison: Comparison | None,
    head_start: HeadStartJudges | None = None,
) -> RunDiagnosis:
    """The diagnosis, and its artifacts: the run's summary with what to do next, "why
    missed", and the lost claims with the cause of each (a new version of the lost-claims
    artifact) when claims were lost. Its judge answers first from the command's
    `head_start`, when it made one."""
    diagnosis = await diagnose_run(engine, plan, comparison, head_start=head_start)
    dataset = run.dataset_name
    # Independent API calls, as the report's: sent together, they cost one round trip.
    async with anyio.create_task_group() as group:
        group.start_soon(publish_summary, run, comparison, diagnosis)
        group.start_soon(
            partial(
                acreate_markdown_artifact,
                key=artifact_key(dataset, "why-missed"),
                markdown=why_missed_markdown(diagnosis),
                description=f"Why {len(diagnosis.missed)} claim(s) of {dataset} were missed: "
                + ", ".join(
                    f"{n} {cause.replace('_', ' ')}" for cause, n in diagnosis.by_cause.items()
                ),
            )
        )
        if comparison is not None and diagnosis.lost:
            group.start_soon(
                partial(
                    acreate_markdown_artifact,
                    key=artifact_key(dataset, "lost-claims"),
                    markdown=lost_claims_markdown(comparison, diagnosis.lost),
                    description=f"{len(comparison.lost_claims)} claim(s) of {dataset} found "
                    "by the baseline and missed now, each with its cause",
                )
            )
    return diagnosis
