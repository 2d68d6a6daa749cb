"""What a deployment's run may be asked to do.

Anyone who may create flow runs on the Prefect server can give a deployment's run any
parameters. Those that name code to run (a `python:` retriever or context extractor, the
folder they are imported from), an environment variable to read (`env:VAR`), or where the
work and the results go (a Dask cluster, a database) must be the deployment's own, as it
was registered, or be named in RECALL_AUDIT_ALLOWED_SPECS by whoever runs the deployment's
process. The others (dataset, judge, gate, ...) are data. The guarded ones are read from
the run's spec (and its database_url beside it), as the deployment's are from its own.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.context import FlowRunContext
from prefect.runtime import deployment

from recall_audit.errors import ConfigurationError
from recall_audit.spec import AuditSpec

GUARDED = ("retriever", "context_extractor", "app_dir", "task_runner", "database_url")
# Specs (whitespace-separated) a deployment's runs may be given besides the registered ones.
ALLOWED_SPECS_ENV = "RECALL_AUDIT_ALLOWED_SPECS"
ALLOWED_KEYS = ("retriever", "context_extractor")


def guarded_values(parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The guarded settings of a run's parameters: its spec's, and its database_url."""
    raw = parameters.get("spec")
    spec = AuditSpec.model_validate(raw) if raw is not None else None
    return {
        "retriever": spec.retriever.spec if spec else None,
        "context_extractor": spec.retriever.context_extractor if spec else None,
        "app_dir": spec.app_dir if spec else None,
        "task_runner": spec.limits.task_runner if spec else None,
        "database_url": parameters.get("database_url"),
    }


async def check_deployed_parameters(parameters: Mapping[str, Any]) -> None:
    """Raises ConfigurationError when a deployment's run was given a guarded parameter other
    than the deployment's (never quoting it: it may name a secret); other runs pass."""
    # The run's own record names its deployment: `prefect.runtime.deployment.id` would read
    # it again from the API, blocking the flow's event loop, for every run of no deployment.
    context = FlowRunContext.get()
    flow_run = context.flow_run if context else None
    deployment_id = flow_run.deployment_id if flow_run else deployment.id
    if deployment_id is None:
        return
    async with get_client() as client:
        registered = guarded_values(
            (await client.read_deployment(UUID(str(deployment_id)))).parameters
        )
    allowed = set(os.environ.get(ALLOWED_SPECS_ENV, "").split())
    given_values = guarded_values(parameters)
    for key in GUARDED:
        given = given_values[key]
        if given == registered[key] or (key in ALLOWED_KEYS and given in allowed):
            continue
        raise ConfigurationError(
            f"a run of deployment {deployment.name!r} was given a {key} other than the one "
            f"it was registered with: that parameter names code, secrets or where results "
            f"go, so it is refused (allow more specs with {ALLOWED_SPECS_ENV} where the "
            "deployment runs)"
        )
