"""What a deployment's run may be asked to do.

Anyone who may create flow runs on the Prefect server can give a deployment's run any
parameters. Those that name code to run (a `python:` retriever or context extractor, the
folder they are imported from), an environment variable to read (`env:VAR`), or where the
work and the results go (a Dask cluster, a database) must be the deployment's own, as it
was registered, or be named in RECALL_AUDIT_ALLOWED_SPECS by whoever runs the deployment's
process. The others (dataset, judge, gate, ...) are data. The guarded ones are read from
the run's spec (and its database_url beside it), as the deployment's are from its own.

The files a run reads on the serving host (its dataset, the knowledge base it is diagnosed
against) are data too, but only inside the allowed roots: the registered dataset's folder,
the folder the deployment's process runs in (the project), and the folders named in
RECALL_AUDIT_DATASET_ROOTS. A client of the server cannot have it read /etc/shadow.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
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
# Folders (os.pathsep-separated) a deployment's runs may read datasets and knowledge bases from.
DATASET_ROOTS_ENV = "RECALL_AUDIT_DATASET_ROOTS"


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
        own = (await client.read_deployment(UUID(str(deployment_id)))).parameters
    registered = guarded_values(own)
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
    check_paths(parameters, own)


def check_paths(parameters: Mapping[str, Any], registered: Mapping[str, Any]) -> None:
    """Raises ConfigurationError, naming the path, when a deployment's run was given a
    dataset or knowledge base outside the allowed roots (links resolved first)."""
    given, own = (
        AuditSpec.model_validate(p["spec"]) if p.get("spec") else None
        for p in (parameters, registered)
    )
    if given is None:
        return
    roots = [
        Path.cwd(),
        *(Path(r) for r in os.environ.get(DATASET_ROOTS_ENV, "").split(os.pathsep) if r),
    ]
    registered_paths = {None}
    if own is not None:
        roots.append(Path(own.dataset.path).parent)
        registered_paths |= {own.dataset.path, own.diagnosis.knowledge_base}
    # A process serving from / would otherwise let its runs read the whole host.
    inside = [root.resolve() for root in roots if root.resolve() != Path(root.resolve().anchor)]
    for what, path in (
        ("dataset", given.dataset.path),
        ("knowledge base", given.diagnosis.knowledge_base),
    ):
        if path in registered_paths:
            continue
        resolved = Path(path).resolve()
        if not any(resolved.is_relative_to(root) for root in inside):
            raise ConfigurationError(
                f"a run of deployment {deployment.name!r} was given the {what} {path}, outside "
                f"the folders its runs may read ({', '.join(map(str, inside))}); add a folder "
                f"with {DATASET_ROOTS_ENV} where the deployment runs"
            )
