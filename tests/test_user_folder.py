"""A user's project folder, as it really looks: their own `tasks.py`, `recall_audit/storage/` package and
`scorer.py` (which must never run), and their retriever in `my_rag.py`. The command line,
the library and a Prefect worker started there all use our code and their retriever."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.actions import WorkPoolCreate
from prefect.settings import PREFECT_API_URL, temporary_settings
from prefect_server import PrefectServer, server_environment, stop
from sqlmodel import Session

from recall_audit.storage import list_runs, open_database

BIN = Path(sys.executable).parent
KNOWLEDGE = {
    "einstein": "Albert Einstein was born in 1879 in Ulm.",
    "curie": "Marie Curie discovered polonium and radium.",
}
CASES = [
    {"id": "einstein", "question": "When was Einstein born?", "ground_truth": "Einstein was born in 1879."},
    {"id": "curie", "question": "What did Curie discover?", "ground_truth": "Marie Curie discovered polonium."},
]  # fmt: skip
RETRIEVER = f"""
KNOWLEDGE = {KNOWLEDGE!r}


def retrieve(question, top_k):
    name = "einstein" if "Einstein" in question else "curie"
    return [KNOWLEDGE[name]][:top_k]
"""
WORKER_DEADLINE_SECONDS = 240


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    (folder / "storage").mkdir(parents=True)
    (folder / "tasks.py").write_text('raise SystemExit("user tasks")\n')
    (folder / "storage" / "__init__.py").write_text('raise SystemExit("user storage")\n')
    (folder / "scorer.py").write_text('raise SystemExit("user scorer")\n')
    (folder / "my_rag.py").write_text(RETRIEVER)
    (folder / "d.jsonl").write_text("".join(json.dumps(case) + "\n" for case in CASES))
    return folder


def in_folder(folder: Path, env: dict[str, str], *command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, timeout=240, check=False
    )


def user_env(database_url: str, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "PYTHONPATH"))}
    return env | {"RECALL_AUDIT_DATABASE_URL": database_url} | more


def test_run_and_library_in_a_folder_with_tasks_storage_and_scorer_of_its_own(
    project: Path, prefect_api: str, sqlite_db_url: str
) -> None:
    # PYTHONPATH=. is the worst case: the user's modules first on every import.
    env = user_env(sqlite_db_url, PREFECT_API_URL=prefect_api, PYTHONPATH=".")
    done = in_folder(
        project, env, str(BIN / "recall-audit"), "run", "--dataset", "d.jsonl",
        "--retriever", "python:my_rag:retrieve", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout)
    assert (summary["retriever"], summary["cases"], summary["scored"]) == (
        "python:my_rag:retrieve",
        2,
        2,
    )
    assert summary["mean_recall"] == 1.0

    library = in_folder(
        project, env, sys.executable, "-c", "from recall_audit import create_context_recall_scorer"
    )
    assert (library.returncode, library.stderr) == (0, "")


PREFECT_YAML = """
name: user-project
prefect-version: 3.9.1
build: null
push: null
deployments:
  - name: user-folder
    entrypoint: recall_audit.flows.audit.audit
    parameters:
      spec:
        dataset:
          path: d.jsonl
        retriever:
          spec: python:my_rag:retrieve
    work_pool:
      name: user-folder
"""


@pytest.mark.server
@pytest.mark.anyio
async def test_a_worker_started_in_the_folder_runs_the_deployed_audit(
    project: Path, prefect_server: PrefectServer, sqlite_db_url: str
) -> None:
    (project / "prefect.yaml").write_text(PREFECT_YAML)
    env = user_env(sqlite_db_url) | server_environment(project.parent / "prefect")
    env |= prefect_server.env
    with temporary_settings({PREFECT_API_URL: prefect_server.api_url}):
        async with get_client() as client:
            await client.create_work_pool(WorkPoolCreate(name="user-folder", type="process"))
            deployed = in_folder(
                project, env, str(BIN / "prefect"), "--no-prompt", "deploy", "--all"
            )
            assert deployed.returncode == 0, deployed.stdout[-2000:] + deployed.stderr[-2000:]
            deployment = await client.read_deployment_by_name("recall-audit/user-folder")
            flow_run = await client.create_flow_run_from_deployment(deployment.id)

            # One poll, then it waits for the run it picked up (--limit) and exits.
            log = project.parent / "worker.log"
            with log.open("wb") as out:
                worker = subprocess.Popen(
                    [str(BIN / "prefect"), "worker", "start", "--pool", "user-folder",
                     "--run-once", "--limit", "1"],
                    cwd=project, env=env, stdout=out, stderr=subprocess.STDOUT,
                )  # fmt: skip
            try:
                worker.wait(timeout=WORKER_DEADLINE_SECONDS)
            finally:
                stop(worker)
            finished = await client.read_flow_run(flow_run.id)
    assert finished.state is not None and finished.state.is_completed(), log.read_text()[-3000:]

    engine = open_database(sqlite_db_url)
    with Session(engine) as session:
        [run] = list_runs(session)
    engine.dispose()
    assert (run.retriever, run.case_count, run.mean_recall) == ("python:my_rag:retrieve", 2, 1.0)
