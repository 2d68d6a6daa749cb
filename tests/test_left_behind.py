"""No run left behind, no secret kept: `recall-audit run` killed with kill -9, then resumed.

The retriever's URL carries a password and a token; the judge's key is quoted back by the
model in some replies. After the kill the project's Prefect server, which the killed command
started in the background, is still there for the next command (and stopped at the end); the
resumed run must mark the killed flow run Crashed, redo the errored cases, lose and repeat
nothing; and no byte of any secret may reach a file under `.recall-audit/` or any output.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lexical_model import kind_of, lexical_model
from model_server import Canned, FakeModelServer, Recorded, openai_completion
from project_server import server_env, server_pid, stopped_after
from retriever_server import Reply, RetrieverServer
from sqlmodel import Session
from test_cli import CLI, EINSTEIN, cli_env, recall_audit

from recall_audit.storage import finished_case_keys, list_runs, open_database, run_results

API_KEY = "sk-live-0123456789abcdefSECRETKEY"
PASSWORD = "hunter2-retriever-pw"
TOKEN = "tok-4f9c2e71-retriever"
SECRETS = (API_KEY, PASSWORD, TOKEN)
CASES = 12
# The claim whose judge keeps quoting the Authorization header back: it stays an error.
QUOTED = "The answer is 11."
# The claim quoted back only until the first run is killed: resumed, it is done again.
QUOTED_ONCE = "The answer is 1."


def slow_hits(body: dict) -> Reply:
    """A retriever slow enough that a run can be killed midway."""
    return Reply(
        body={"results": [{"text": f"The answer is {body['question'].split()[-1]}."}]}, delay=0.3
    )


class Judge:
    """Answers like a model, except that judging `QUOTED` (and `QUOTED_ONCE` in the first
    run) it quotes the request's Authorization header where a verdict should be."""

    def __init__(self) -> None:
        self.first_run = True

    def __call__(self, request: Recorded) -> Canned:
        user = request.json["messages"][-1]["content"]
        quoting = QUOTED in user or (self.first_run and QUOTED_ONCE in user)
        if not quoting or kind_of(request) == "extraction":
            return lexical_model(request)
        header = request.headers.get("authorization", "")
        verdict = {"supported": f"you sent Authorization: {header}", "chunks": []}
        if kind_of(request) == "judgement":
            claim = QUOTED if QUOTED in user else QUOTED_ONCE
            return openai_completion({"claims": [{"claim": claim, **verdict}]})
        return openai_completion({"verdicts": [{"claim": 1, **verdict}]})


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str | None]]:
    """(results database URL, Prefect API): SQLite in `.recall-audit/` with the project's
    Prefect server there too; or PostgreSQL with the session's Prefect server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / '.recall-audit' / 'recall.db'}", None
    else:
        yield from _postgres(request)


def _postgres(request: pytest.FixtureRequest) -> Iterator[tuple[str, str | None]]:
    from db_fixtures import _postgres_database

    api = request.getfixturevalue("prefect_api")
    for url in _postgres_database(request, request.getfixturevalue("postgres_template")):
        yield url, api


# Two runs, the first starting the project's Prefect server: minutes on a loaded machine.
@pytest.mark.timeout(900)
def test_kill_9_then_resume_leaves_no_run_no_server_and_no_secret_behind(
    backend: tuple[str, str | None], tmp_path: Path, record_property: pytest.RecordProperty
) -> None:
    db_url, api = backend
    rows = [
        {
            "id": f"case-{i:02d}",
            "question": f"What is number {i}?",
            "ground_truth": f"The answer is {i}.",
        }
        for i in range(CASES)
    ]
    data = tmp_path / "numbers.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    judge = Judge()
    with RetrieverServer(slow_hits) as retriever, FakeModelServer(judge) as model:
        port = retriever.url.rsplit(":", 1)[1].split("/")[0]
        url = f"http://auditor:{PASSWORD}@127.0.0.1:{port}/search?token={TOKEN}&lang=en"
        env = cli_env(
            api,
            db_url,
            OPENAI_BASE_URL=f"{model.url}/v1",
            OPENAI_API_KEY=API_KEY,
            PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS="180",
            **server_env(),
            # Every other query value of the URL is masked: `lang` is named public.
            RECALL_AUDIT_PUBLIC_URL_PARAMS="lang",
        )
        args = ["run", "--dataset", str(data), "--retriever", url, "--judge", "openai/fake"]
        args += ["--batch-size", "3", "--concurrency", "1", "--json"]
        outputs: list[str] = []

        local_api = f"http://127.0.0.1:{env['RECALL_AUDIT_SERVER_PORT']}/api"
        with stopped_after(CLI, env, tmp_path):
            killed, before = _kill_then_resume(args, env, tmp_path, db_url, judge, outputs)
            shown = recall_audit("show", killed.id[:8], "--case", "case-11", env=env, cwd=tmp_path)
            outputs += [shown.stdout, shown.stderr]
            assert shown.returncode == 0 and "Authorization" in shown.stdout, shown.stdout
            assert "***" in shown.stdout
            if api is None:
                # The server records the resumed run's last task states from its events.
                flow_run = killed.prefect_flow_run_id or ""
                settled = lambda: _states_from_api(local_api, flow_run) == ("CRASHED", set())  # noqa: E731
                assert wait_for(settled, 60), _states_from_api(local_api, flow_run)
        # Stopped: nothing of ours is left running.
        assert server_pid(tmp_path) is None

    engine = open_database(db_url)
    with Session(engine) as session:
        results = run_results(session, killed.id)
    assert sorted(r.case_key for r in results) == [r["id"] for r in rows]
    assert [r.case_key for r in results if r.error] == ["case-11"]
    assert _flow_run_states(tmp_path, api, killed.prefect_flow_run_id) == ("CRASHED", set())

    for output in outputs:
        assert not any(secret in output for secret in SECRETS), output
    stored = [p for p in (tmp_path / ".recall-audit").rglob("*") if p.is_file()]
    assert api is not None or any(p.name == "prefect.db" for p in stored)
    for path in stored:
        content = path.read_bytes()
        assert not any(secret.encode() in content for secret in SECRETS), path
    record_property("saved_before_kill", before)
    record_property("cases_after_resume", len(results))
    record_property("files_grepped", len(stored))
    record_property("outputs_grepped", len(outputs))
    if api is None:
        return
    with Session(engine) as session:
        dumped = json.dumps([r.model_dump(mode="json") for r in run_results(session, killed.id)])
        dumped += json.dumps([r.model_dump(mode="json") for r in list_runs(session)])
    assert not any(secret in dumped for secret in SECRETS)


def _kill_then_resume(
    args: list[str],
    env: dict[str, str],
    tmp_path: Path,
    db_url: str,
    judge: Judge,
    outputs: list[str],
) -> tuple[Any, int]:
    """The run killed with kill -9 midway, then resumed: (the killed run, cases it had saved)."""
    first = subprocess.Popen(
        [*CLI, *args], env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    engine = open_database(db_url)
    try:

        def some_saved() -> bool:
            with Session(engine) as session:
                runs = list_runs(session)
                return bool(runs) and len(finished_case_keys(session, runs[0].id)) >= 4

        assert wait_for(some_saved, 600), "the run never got going"
        server = server_pid(tmp_path)
    finally:
        first.send_signal(signal.SIGKILL)
        outputs += [part.decode() for part in first.communicate()]
    judge.first_run = False
    if "PREFECT_API_URL" not in env:
        assert server is not None, "the run did not start the project's server"
        # Its own session: the kill of the command did not reach it.
        time.sleep(1)
        assert server_pid(tmp_path) == server, "the project's server died with the command"
    with Session(engine) as session:
        [killed] = list_runs(session)
        before = len(finished_case_keys(session, killed.id))
    assert killed.status == "running" and before < CASES

    resumed = recall_audit(*args, "--resume", killed.id[:8], env=env, cwd=tmp_path, timeout=600)
    outputs += [resumed.stdout, resumed.stderr]
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    # The case that failed before the kill was done again; the one that always fails is kept.
    assert (summary["run_id"], summary["cases"], summary["errors"]) == (killed.id, CASES, 1)
    assert summary["scored"] == CASES - 1 and summary["mean_recall"] == pytest.approx(1.0)
    assert summary["retriever"].startswith("http://***@127.0.0.1:")
    assert summary["retriever"].endswith("/search?token=***&lang=en")
    return killed, before


def _flow_run_states(tmp_path: Path, api: str | None, killed: str | None) -> tuple[str, set[str]]:
    """The killed flow run's state, and the states of every flow or task run still unfinished."""
    assert killed is not None
    if api is None:
        with sqlite3.connect(tmp_path / ".recall-audit" / "prefect" / "prefect.db") as db:
            [(state,)] = db.execute(
                "SELECT state_type FROM flow_run WHERE id = ?", (killed,)
            ).fetchall()
            pending = db.execute(
                "SELECT state_type FROM flow_run WHERE state_type IN ('RUNNING', 'PENDING') "
                "UNION SELECT state_type FROM task_run WHERE state_type IN ('RUNNING', 'PENDING')"
            ).fetchall()
        return state, {s for (s,) in pending}
    return _states_from_api(api, killed)


def _states_from_api(api: str, killed: str) -> tuple[str, set[str]]:
    import httpx

    flow_run = httpx.get(f"{api}/flow_runs/{killed}", timeout=30).json()
    tasks = httpx.post(
        f"{api}/task_runs/filter",
        json={"flow_runs": {"id": {"any_": [killed]}}},
        timeout=30,
    ).json()
    pending = {t["state_type"] for t in tasks if t["state_type"] in ("RUNNING", "PENDING")}
    return flow_run["state_type"], pending


@pytest.mark.timeout(400)
def test_an_experiment_killed_by_sigkill_is_crashed_in_prefect_by_the_next_start(
    prefect_api: str, tmp_path: Path
) -> None:
    """The OOM killer's kill -9 left an experiment's parent flow run (and its running child)
    RUNNING for ever: the next audit to start on this host crashes both."""
    db_url = f"sqlite:///{tmp_path / 'recall.db'}"
    data = tmp_path / "numbers.jsonl"
    rows = [{"id": f"n{i}", "question": f"What is {i}?", "ground_truth": f"The answer is {i}."}
            for i in range(CASES)]  # fmt: skip
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    matrix = tmp_path / "matrix.yaml"
    matrix.write_text("batch_size: 2\nconcurrency: 1\nmatrix:\n  top_k: [1, 2]\n")
    env = cli_env(prefect_api, db_url)
    engine = open_database(db_url)
    with RetrieverServer(slow_hits) as retriever:
        args = ["experiment", "--dataset", str(data), "--retriever", retriever.url]
        killed = subprocess.Popen(
            [*CLI, *args, "--matrix", str(matrix)], env=env, cwd=tmp_path,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:

            def going() -> bool:
                with Session(engine) as session:
                    runs = list_runs(session)
                    return bool(runs) and len(finished_case_keys(session, runs[0].id)) >= 2

            assert wait_for(going, 300), "the experiment never got going"
        finally:
            killed.send_signal(signal.SIGKILL)
            killed.wait()
    with Session(engine) as session:
        [child] = list_runs(session)
    assert child.status == "running" and child.prefect_flow_run_id
    parent = _parent_flow_run(prefect_api, child.prefect_flow_run_id)
    assert _states_from_api(prefect_api, parent)[0] == "RUNNING"

    started = recall_audit("run", "--dataset", str(EINSTEIN), env=env, cwd=tmp_path)
    assert started.returncode == 0, started.stderr
    assert _states_from_api(prefect_api, child.prefect_flow_run_id) == ("CRASHED", set())
    assert _states_from_api(prefect_api, parent) == ("CRASHED", set())
    with Session(engine) as session:
        assert {r.id: r.status for r in list_runs(session)}[child.id] == "failed"


def _parent_flow_run(api: str, flow_run_id: str) -> str:
    import httpx

    flow_run = httpx.get(f"{api}/flow_runs/{flow_run_id}", timeout=30).json()
    task_run = httpx.get(f"{api}/task_runs/{flow_run['parent_task_run_id']}", timeout=30).json()
    return task_run["flow_run_id"]
