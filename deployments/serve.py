"""Unattended audits on one machine: one process registers the audit deployment on the
Prefect server and runs its flow runs, nightly and whenever the knowledge base changes.

    recall-audit serve --dataset examples/hotpot/dataset.jsonl \
        --retriever bm25:examples/hotpot/kb.jsonl --kb hotpot     # or: recall-audit serve

A burst of `kb.updated` events starts one run, not one per event, by two mechanisms:
- the trigger is reactive with `within=debounce_seconds`: the server fires on the first
  event of a knowledge base and ignores that knowledge base's events for the next
  `debounce_seconds` (prefect/server/events/triggers.py: after firing, the next bucket
  opens when the current window ends, and earlier events are dropped as "late");
- the deployment runs one audit at a time (concurrency limit 1, ENQUEUE): an update
  arriving while an audit runs waits for it rather than racing it on the same database,
  and is not dropped, because the running audit may have indexed the old version.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from prefect import serve
from prefect.client.schemas.objects import ConcurrencyLimitConfig, ConcurrencyLimitStrategy
from prefect.deployments.runner import EntrypointType, RunnerDeployment
from prefect.events import DeploymentEventTrigger
from prefect.schedules import Cron
from pydantic import BaseModel, Field
from recall_audit.flows.audit import audit
from recall_audit.flows.watch import KB_UPDATED, KB_VERSION_LABEL, kb_resource_id


class ServeSettings(BaseModel):
    """What `recall-audit serve` registers: the audit's defaults plus when to run it."""

    dataset: str
    retriever: str | None = None
    judge: str = "builtin"
    name: str | None = Field(default=None, description="Dataset name (default: the file's stem).")
    top_k: int = Field(default=5, ge=1)
    deployment: str = "nightly"
    cron: str = "0 2 * * *"
    timezone: str = "UTC"
    kb: str | None = Field(default=None, description="Knowledge base whose updates trigger a run.")
    debounce_seconds: float = Field(default=60.0, ge=0)
    app_dir: str | None = Field(
        default=None, description="Folder python: modules are imported from (default: here)."
    )
    rpm: int | None = Field(default=None, ge=1, description="Judge endpoint's requests/minute.")
    tpm: int | None = Field(default=None, ge=1, description="Judge endpoint's tokens/minute.")


def _absolute(spec: str | None) -> str | None:
    """Runs start in their own process, maybe elsewhere: local paths must not depend on cwd."""
    if spec is None or spec.startswith(("http://", "https://", "python:", "precomputed")):
        return spec
    prefix, _, path = spec.rpartition(":") if spec.startswith("bm25:") else ("", "", spec)
    resolved = str(Path(path).expanduser().resolve())
    return f"{prefix}:{resolved}" if prefix else resolved


def kb_trigger(kb: str, debounce_seconds: float) -> DeploymentEventTrigger:
    """Runs the audit when `kb.<kb>` announces a new version, once per burst."""
    return DeploymentEventTrigger(
        name=f"audit when {kb} changes",
        expect={KB_UPDATED},
        match={"prefect.resource.id": kb_resource_id(kb)},
        for_each={"prefect.resource.id"},
        within=timedelta(seconds=debounce_seconds),
        threshold=1,
        parameters={"trigger": f"{KB_UPDATED} {kb} {{{{ event.resource['{KB_VERSION_LABEL}'] }}}}"},
    )


def build_deployment(settings: ServeSettings) -> RunnerDeployment:
    parameters = {
        "dataset": _absolute(settings.dataset),
        "retriever": _absolute(settings.retriever),
        "judge": settings.judge,
        "name": settings.name,
        "top_k": settings.top_k,
        "app_dir": str(Path(settings.app_dir or ".").expanduser().resolve()),
        "rpm": settings.rpm,
        "tpm": settings.tpm,
    }
    nightly = Cron(
        settings.cron,
        timezone=settings.timezone,
        parameters={"trigger": f"schedule {settings.cron} {settings.timezone}"},
        slug="nightly",
    )
    return audit.to_deployment(
        name=settings.deployment,
        schedules=[nightly],
        triggers=[kb_trigger(settings.kb, settings.debounce_seconds)] if settings.kb else [],
        parameters=parameters,
        concurrency_limit=ConcurrencyLimitConfig(
            limit=1, collision_strategy=ConcurrencyLimitStrategy.ENQUEUE
        ),
        description=f"Context recall audit of {settings.dataset}",
        tags=["recall-audit"],
        # Importable from anywhere the package is installed, whatever the working directory.
        entrypoint_type=EntrypointType.MODULE_PATH,
    )


def serve_audit(settings: ServeSettings) -> None:
    """Blocks: registers the deployment, then runs its scheduled and triggered runs."""
    serve(build_deployment(settings))
