"""A deployment's runs take parameters as data, never as code: whoever can create flow runs
on the Prefect server cannot make a served audit run a command (`python:os:system`), read
another environment variable (`env:OPENAI_API_KEY`) or import from another folder. Such a
run fails before anything starts, and nothing secret reaches its state message or logs. The
deployment's own parameters, and specs allowed where it runs, still work."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_cli import ROOT

KEY = "sk-deployed-never-shown-4f1c9a"
PREFECT = Path(sys.executable).with_name("prefect")


def _dataset(folder: Path) -> Path:
    marker = folder / "pwned"
    row = {
        "id": "shell",
        "question": f"touch {marker}",
        "ground_truth": "Nothing happens.",
        "contexts": ["Nothing happens here."],
    }
    path = folder / "cases.jsonl"
    path.write_text(json.dumps(row) + "\n")
    return path


def _deploy_and_create(dataset: Path, changes: dict[str, Any]) -> str:
    """Registers the deployment as `recall-audit serve` does, and creates a run of it with
    its spec changed by `changes` (one level deep), as any client of the server may; returns
    the run's id."""
    from prefect.client.orchestration import get_client

    from recall_audit.deployments.serve import ServeSettings, build_deployment
    from recall_audit.spec import AuditSpec

    audit = AuditSpec.from_flat(dataset=str(dataset), retriever="precomputed")
    deployment = build_deployment(ServeSettings(audit=audit, deployment="guarded"))
    spec = deployment.parameters["spec"]
    for key, value in changes.items():
        spec = spec | {key: spec[key] | value if isinstance(value, dict) else value}
    parameters = {"spec": spec} if changes else {}

    async def create() -> str:
        deployment_id = await deployment.aapply()
        async with get_client() as client:
            run = await client.create_flow_run_from_deployment(deployment_id, parameters=parameters)
        return str(run.id)

    return asyncio.run(create())


async def _state_and_logs(flow_run_id: str) -> tuple[str, str, str]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import LogFilter, LogFilterFlowRunId

    async with get_client() as client:
        run = await client.read_flow_run(flow_run_id)
        logs = await client.read_logs(
            LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run.id])), limit=200
        )
    return run.state.type.value, run.state.message or "", "\n".join(log.message for log in logs)


def _execute(flow_run_id: str, api: str, db_url: str, cwd: Path, **extra: str) -> None:
    env = (
        os.environ
        | {
            "PREFECT_API_URL": api,
            "RECALL_AUDIT_DATABASE_URL": db_url,
            "OPENAI_API_KEY": KEY,
            "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}",
        }
        | extra
    )
    subprocess.run(
        [str(PREFECT), "flow-run", "execute", flow_run_id],
        env=env, cwd=cwd, capture_output=True, text=True, timeout=240,
    )  # fmt: skip


@pytest.mark.parametrize(
    "hostile",
    [
        {"retriever": {"spec": "python:os:system"}},
        {"retriever": {"spec": "env:OPENAI_API_KEY"}},
        {"retriever": {"context_extractor": "python:os:system"}},
        {"app_dir": "/tmp"},
    ],
    ids=["python:os:system", "env:OPENAI_API_KEY", "extractor", "app_dir"],
)
def test_a_deployments_run_refuses_code_it_was_not_registered_with(
    prefect_api, sqlite_db_url, tmp_path, hostile
):
    dataset = _dataset(tmp_path)
    flow_run_id = _deploy_and_create(dataset, hostile)
    _execute(flow_run_id, prefect_api, sqlite_db_url, tmp_path)
    state, message, logs = asyncio.run(_state_and_logs(flow_run_id))
    assert not (tmp_path / "pwned").exists()
    assert state == "FAILED" and "other than the one it was registered with" in message
    assert KEY not in message + logs


def test_its_own_parameters_and_allowed_specs_still_run(prefect_api, sqlite_db_url, tmp_path):
    dataset = _dataset(tmp_path)
    own = _deploy_and_create(dataset, {})
    _execute(own, prefect_api, sqlite_db_url, tmp_path)
    assert asyncio.run(_state_and_logs(own))[0] == "COMPLETED"

    spec = "python:pipeline_retrievers:explodes_on_explode"
    allowed = _deploy_and_create(dataset, {"retriever": {"spec": spec}})
    _execute(allowed, prefect_api, sqlite_db_url, tmp_path, RECALL_AUDIT_ALLOWED_SPECS=spec)
    assert asyncio.run(_state_and_logs(allowed))[0] == "COMPLETED"


def test_a_deployments_run_reads_files_only_inside_the_allowed_roots(
    prefect_api, sqlite_db_url, tmp_path
):
    """An API client pointed a served deployment at any path of the serving host: its
    dataset (and knowledge base) must lie in the project folder, the registered dataset's
    folder or RECALL_AUDIT_DATASET_ROOTS, links resolved."""
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    dataset = _dataset(project)
    (project / "passwd.jsonl").symlink_to("/etc/passwd")
    outside = _dataset(elsewhere)
    refused = {
        str(project / "passwd.jsonl"): {"dataset": {"path": str(project / "passwd.jsonl")}},
        str(outside): {"dataset": {"path": str(outside)}},
        "/etc": {"diagnosis": {"knowledge_base": "/etc"}},
    }
    for path, hostile in refused.items():
        flow_run_id = _deploy_and_create(dataset, hostile)
        _execute(flow_run_id, prefect_api, sqlite_db_url, project)
        state, message, _ = asyncio.run(_state_and_logs(flow_run_id))
        assert state == "FAILED" and "given the " in message and f" {path}, outside" in message
    # The same file, once its folder is an allowed root, runs.
    allowed = _deploy_and_create(dataset, {"dataset": {"path": str(outside)}})
    _execute(
        allowed, prefect_api, sqlite_db_url, project, RECALL_AUDIT_DATASET_ROOTS=str(elsewhere)
    )
    assert asyncio.run(_state_and_logs(allowed))[0] == "COMPLETED"
