"""Unattended audits on one machine: one process registers the audit deployment on the
Prefect server and runs its flow runs, nightly and whenever the knowledge base changes.

    recall-audit serve --dataset examples/hotpot/dataset.jsonl \
        --retriever bm25:examples/hotpot/kb.jsonl --kb hotpot     # or: recall-audit serve

A burst of `kb.updated` events starts one run, and the last version announced is always
audited, by two mechanisms:
- the trigger debounces on the trailing edge: it is proactive, started `after` a
  `kb.updated` and expecting another within `debounce_seconds`; each new event restarts
  the window (prefect/server/events/triggers.py: a proactive trigger whose `after` and
  `expect` match the same event opens a fresh bucket on each one), and the trigger fires
  when a window passes quietly, naming the burst's last event. So an update during a run,
  or seconds after one, still gets its own run; a reactive trigger with `within` would
  fire on the first event and drop the rest of its window, audited or not;
- the deployment runs one audit at a time (concurrency limit 1, ENQUEUE): an update
  arriving while an audit runs waits for it rather than racing it on the same database.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from prefect import serve
from prefect.client.schemas.objects import ConcurrencyLimitConfig, ConcurrencyLimitStrategy
from prefect.deployments.runner import EntrypointType, RunnerDeployment
from prefect.events import DeploymentEventTrigger
from prefect.events.schemas.automations import Posture
from prefect.schedules import Cron
from pydantic import BaseModel, Field

from recall_audit.flows.audit import audit
from recall_audit.flows.watch import KB_UPDATED, KB_VERSION_LABEL, kb_resource_id
from recall_audit.spec import AuditSpec

MIN_DEBOUNCE_SECONDS = 10.0
# A day: past it a knowledge base is not being updated in a burst (and 1e300 s overflowed
# the trigger's timedelta).
MAX_DEBOUNCE_SECONDS = 86_400.0


class ServeSettings(BaseModel):
    """What `recall-audit serve` registers: the audit, and when to run it."""

    audit: AuditSpec
    deployment: str = "nightly"
    cron: str = "0 2 * * *"
    timezone: str = "UTC"
    kb: str | None = Field(default=None, description="Knowledge base whose updates trigger a run.")
    # Prefect's floor for proactive triggers.
    debounce_seconds: float = Field(
        default=60.0, ge=MIN_DEBOUNCE_SECONDS, le=MAX_DEBOUNCE_SECONDS, allow_inf_nan=False
    )


def _absolute(spec: str | None) -> str | None:
    """Runs start in their own process, maybe elsewhere: local paths must not depend on cwd."""
    if spec is None or spec.startswith(("http://", "https://", "python:", "precomputed", "env:")):
        return spec
    prefix, _, path = spec.rpartition(":") if spec.startswith("bm25:") else ("", "", spec)
    resolved = str(Path(path).expanduser().resolve())
    return f"{prefix}:{resolved}" if prefix else resolved


def anywhere(spec: AuditSpec) -> AuditSpec:
    """The spec with its local paths absolute, and python: modules looked up where serve was
    started (or its app_dir), not where runs start."""
    dataset = spec.dataset.model_copy(update={"path": _absolute(spec.dataset.path)})
    return spec.with_retriever(_absolute(spec.retriever.spec)).model_copy(
        update={
            "dataset": dataset,
            "app_dir": str(Path(spec.app_dir or ".").expanduser().resolve()),
        }
    )


def kb_trigger(kb: str, debounce_seconds: float, deployment: str) -> DeploymentEventTrigger:
    """Runs the audit once `kb.<kb>` has been quiet for `debounce_seconds` after announcing
    a new version: once per burst, for the burst's last version. Named per deployment, so
    two deployments on one knowledge base keep two automations apart."""
    return DeploymentEventTrigger(
        name=f"{deployment}: audit when {kb} changes",
        after={KB_UPDATED},
        expect={KB_UPDATED},
        match={"prefect.resource.id": kb_resource_id(kb)},
        for_each={"prefect.resource.id"},
        posture=Posture.Proactive,
        within=timedelta(seconds=debounce_seconds),
        threshold=1,
        parameters={"trigger": f"{KB_UPDATED} {kb} {{{{ event.resource['{KB_VERSION_LABEL}'] }}}}"},
    )


def build_deployment(settings: ServeSettings) -> RunnerDeployment:
    # The gate is part of the spec: a run that breaks it ends Failed, so the UI and
    # automations see it.
    parameters = {"spec": anywhere(settings.audit).model_dump(mode="json")}
    nightly = Cron(
        settings.cron,
        timezone=settings.timezone,
        parameters={"trigger": f"schedule {settings.cron} {settings.timezone}"},
        slug="nightly",
    )
    return audit.to_deployment(
        name=settings.deployment,
        schedules=[nightly],
        triggers=[kb_trigger(settings.kb, settings.debounce_seconds, settings.deployment)]
        if settings.kb
        else [],
        parameters=parameters,
        concurrency_limit=ConcurrencyLimitConfig(
            limit=1, collision_strategy=ConcurrencyLimitStrategy.ENQUEUE
        ),
        description=f"Context recall audit of {settings.audit.dataset.path}",
        tags=["recall-audit"],
        # Importable from anywhere the package is installed, whatever the working directory.
        entrypoint_type=EntrypointType.MODULE_PATH,
    )


def serve_audit(settings: ServeSettings) -> None:
    """Blocks: registers the deployment, then runs its scheduled and triggered runs."""
    serve(build_deployment(settings))
