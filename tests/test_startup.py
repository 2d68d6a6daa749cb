"""Start-up paid once: the commands that only read results import neither Prefect nor the
model layer (judges, model clients, aiohttp), nor the flows and tasks built on Prefect, nor
the commands that run audits and the audit's description they are built on; a run imports no
FastAPI (Prefect's parameter encoder), and with the built-in judge and a bm25 retriever no
model client.

Each command runs as a user runs it, in its own process under `python -X importtime`, whose
report names every module the process imported; the command's own answer is checked too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from db_fixtures import judged, seed_dataset
from sqlmodel import Session
from test_cli import cli_env, recall_audit

from recall_audit.storage import create_run, finish_run, open_database, save_case_result

# Modules a command that reads results has no use for.
NOT_NEEDED = (
    "prefect",
    "fastapi",
    "httpx",
    "aiohttp",
    "recall_audit.models",
    "recall_audit.scorer.judges.llm",
    "recall_audit.scorer.judges.builtin",
    "recall_audit.flows",
    "recall_audit.tasks",
    "recall_audit.deployments",
    "recall_audit.cli.commands",
    "recall_audit.cli.spec",
    "recall_audit.spec",
)

READ_ONLY = [
    (["runs"], 0, "Runs"),
    (["runs", "--json"], 0, "[]"),
    (["show", "3f2a9c1e"], 2, "no run with id '3f2a9c1e'"),
    (["compare"], 2, "no runs yet"),
    (["history", "--dataset", "nightly"], 2, "no completed runs of dataset 'nightly'"),
    (["baseline", "clear", "--dataset", "nightly"], 0, "no baseline was pinned for nightly"),
    (["claims", "--help"], 0, "refresh"),
]


# What `compare` needs beside them to diagnose a lost claim: the run's judge and retriever
# (the retrievers' package imports its HTTP retriever, hence httpx), the settings of its
# local retriever the spec names, and the diagnosis of a stored run (recall_audit/tasks/diagnose.py,
# which imports no Prefect).
DIAGNOSIS = (
    "recall_audit.scorer.judges",
    "httpx",
    "recall_audit.spec",
    "recall_audit.tasks.diagnose",
    "recall_audit.tasks.db",
)

# The same commands on a database with two completed runs of one dataset, the second
# compared with the first (no claim lost, so nothing is diagnosed); RUN is the second's id.
ON_STORED_RUNS = [
    (["runs"], 0, "faq"),
    (["show", "RUN"], 0, "Paris is the capital of France."),
    (["compare"], 0, "unchanged"),
    (["history", "--dataset", "faq"], 0, "Recall trend"),
    (["baseline", "set", "RUN"], 0, "baseline of faq"),
]


def within(module: str, names: tuple[str, ...]) -> bool:
    """Whether `module` is one of `names` or inside one of them."""
    return any(module == name or module.startswith(name + ".") for name in names)


def allowed_by(module: str, names: tuple[str, ...]) -> bool:
    """Whether `module` is within one of `names` or a package holding one."""
    return within(module, names) or any(name.startswith(module + ".") for name in names)


def imported_modules(report: str) -> set[str]:
    """The module names of a `-X importtime` report (one `import time: ... | name` a line)."""
    return {
        line.rsplit("|", 1)[1].strip()
        for line in report.splitlines()
        if line.startswith("import time:") and "|" in line
    }


CLAIM = "Paris is the capital of France."
PASSAGE = "Paris has been the capital of France since 987."


def stored_runs(db_url: str, folder: Path, *, lost: bool = False) -> str:
    """Two completed runs of dataset faq over a bm25 knowledge base of one passage, the first
    supporting its one claim with it; the second too, or (`lost`) not: it retrieved another
    passage. Returns the second's id."""
    kb = folder / "kb.jsonl"
    kb.write_text(json.dumps({"id": "p1", "text": PASSAGE}) + "\n", encoding="utf-8")
    second = ("Lyon is a city.", None) if lost else (PASSAGE, 0)
    with Session(open_database(db_url)) as session:
        dataset, cases = seed_dataset(session, "faq", {"c1": CLAIM})
        for chunk, supported in ((PASSAGE, 0), second):
            run_id = create_run(
                session,
                dataset_id=dataset.id,
                retriever=f"bm25:{kb}",
                judge="builtin",
                judge_version="1",
            ).id
            save_case_result(
                session, run_id, cases["c1"].id, judged([CLAIM], [supported], [chunk]), [chunk]
            )
            finish_run(session, run_id)
    return run_id


def read_only_imports(
    args: list[str], code: int, said: str, db_url: str, cwd: Path, allowed: tuple[str, ...] = ()
) -> None:
    """Runs the command under `-X importtime`: its exit code and answer, and that it imported
    nothing of NOT_NEEDED but what is `allowed`."""
    env = cli_env(None, db_url, COLUMNS="200")
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "recall_audit", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == code, done.stderr[-2000:]
    output = done.stdout + "\n".join(
        line for line in done.stderr.splitlines() if not line.startswith("import time:")
    )
    assert said in output
    modules = imported_modules(done.stderr)
    assert "recall_audit.cli.results" in modules  # the report is the command's own
    unwanted = sorted(m for m in modules if within(m, NOT_NEEDED) and not allowed_by(m, allowed))
    assert unwanted == [], f"{' '.join(args)} imported {unwanted[:10]}"


@pytest.mark.parametrize(
    ("args", "code", "said"), READ_ONLY, ids=[" ".join(a) for a, *_ in READ_ONLY]
)
def test_a_command_that_reads_results_imports_no_prefect_and_no_model_layer(
    args: list[str], code: int, said: str, tmp_path: Path
) -> None:
    db_url = f"sqlite:///{tmp_path / 'recall.db'}"
    read_only_imports(args, code, said, db_url, tmp_path)


@pytest.mark.parametrize(
    ("args", "code", "said"), ON_STORED_RUNS, ids=[" ".join(a) for a, *_ in ON_STORED_RUNS]
)
def test_reading_stored_runs_imports_no_prefect_and_no_model_layer(
    args: list[str], code: int, said: str, tmp_path: Path
) -> None:
    db_url = f"sqlite:///{tmp_path / 'recall.db'}"
    run_id = stored_runs(db_url, tmp_path)
    args = [run_id if a == "RUN" else a for a in args]
    read_only_imports(args, code, said, db_url, tmp_path)


def test_a_lost_claim_is_diagnosed_without_prefect(tmp_path: Path) -> None:
    """`compare` diagnoses each lost claim with the run's own judge and retriever (so those
    are imported), never through Prefect."""
    db_url = f"sqlite:///{tmp_path / 'recall.db'}"
    stored_runs(db_url, tmp_path, lost=True)
    read_only_imports(["compare"], 1, f"Lost claim: {CLAIM}", db_url, tmp_path, DIAGNOSIS)


RUN_WITHOUT_A_MODEL = """
import json
from recall_audit.flows.audit import audit
from recall_audit.spec import AuditSpec, DatasetSpec
from recall_audit.scorer.judges import get_judge
from recall_audit.retrievers import retriever_from_spec

spec = AuditSpec(dataset=DatasetSpec(path="d.jsonl"), app_dir="here")
get_judge("builtin")
retriever_from_spec("bm25:kb.jsonl")
print(json.dumps(audit.serialize_parameters({"spec": spec, "resume": None})))
"""


def test_a_run_imports_no_fastapi_and_with_the_built_in_judge_no_model_client(
    tmp_path: Path,
) -> None:
    (tmp_path / "kb.jsonl").write_text('{"id": "a", "text": "Zurich."}\n', encoding="utf-8")
    env = cli_env(None, f"sqlite:///{tmp_path / 'recall.db'}", PREFECT_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", RUN_WITHOUT_A_MODEL],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    # The flow run's parameters, as Prefect stores them: the spec's JSON, values as they are.
    parameters = json.loads(done.stdout)
    assert parameters["resume"] is None and parameters["spec"]["app_dir"] == "here"
    assert parameters["spec"]["dataset"]["path"] == "d.jsonl"
    modules = imported_modules(done.stderr)
    assert "recall_audit.flows.audit" in modules
    unwanted = sorted(m for m in modules if m.startswith(("fastapi", "aiohttp")))
    assert unwanted == [], unwanted[:10]


# What the early calls of a model judge on precomputed chunks import
# (recall_audit/headstart/early.py), as check_before_start makes them: the judge, the
# retriever, the early judge.
EARLY_CALLS = """
from recall_audit.scorer.judges import get_judge
from recall_audit.retrievers import retriever_from_spec
from recall_audit.headstart.early import can_call_early
from recall_audit.text.text import analyse
get_judge("openai/m")
retriever_from_spec("precomputed")
"""


def test_a_model_judges_first_calls_wait_for_no_retriever_library_or_database() -> None:
    """numpy and bm25s (a bm25 retriever's, the function-word lists' first use), httpx (an
    HTTP retriever's) and SQLAlchemy (a new database is made once the calls are out) are
    imported after the first calls go, not before."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", EARLY_CALLS],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules = imported_modules(done.stderr)
    assert "aiohttp" in modules  # the model client itself is there
    unwanted = ("numpy", "bm25s", "httpx", "sqlalchemy", "prefect")
    assert sorted(m for m in modules if within(m, unwanted)) == []


def test_the_audit_flow_loads_no_bm25_until_a_run_needs_it() -> None:
    """The flow's module (Prefect and all) does not bring BM25 and numpy with it: a run on its
    rows' own chunks, with a model judge, never needs them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import recall_audit.flows.audit"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules = imported_modules(done.stderr)
    assert "prefect" in modules
    assert sorted(m for m in modules if within(m, ("numpy", "bm25s"))) == []


COLLECTOR_PROBE = """
import gc, json, os

SEEN = {"start-up": gc.isenabled()}


def search(question, top_k):
    SEEN["audit"] = gc.isenabled() and gc.get_freeze_count() > 0
    with open(os.environ["COLLECTOR_SEEN"], "w") as out:
        json.dump(SEEN, out)
    return ["Albert Einstein was born in 1879 in Ulm."]
"""


def test_an_audits_start_up_runs_without_the_collector_and_its_audit_with_it(
    prefect_api, sqlite_db_url, tmp_path
):
    """Start-up's objects (Prefect's import above all) live as long as the process: no pass
    of the collector runs over them while they are made, and they are frozen out of the
    passes the audit's own work needs."""
    (tmp_path / "probe.py").write_text(COLLECTOR_PROBE)
    dataset = tmp_path / "cases.jsonl"
    dataset.write_text(json.dumps({"question": "Where?", "ground_truth": "Einstein."}) + "\n")
    seen = tmp_path / "seen.json"
    env = cli_env(prefect_api, sqlite_db_url, COLLECTOR_SEEN=str(seen))
    done = recall_audit(
        "run",
        "--dataset",
        str(dataset),
        "--retriever",
        "python:probe:search",
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(seen.read_text()) == {"start-up": False, "audit": True}
