"""The last items of issue 39's list, each as a user meets it: a model's usage that is no
token count (and token totals past PostgreSQL's integer), a model base URL that is no URL or
carries credentials, a judge's name of 5,000 characters, and bench/reliability.py running
the hostile-input files. In-process wherever the exit code and stderr can be read there."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import secrets
import signal
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest
from flat_audit import audit_flat
from lexical_model import lexical_model
from measured import measured
from model_server import Canned, FakeModelServer, Recorded
from sqlmodel import Session
from test_bounded import (
    GOOD,
    HANG_S,
    STOPPABLE_MODULE,
    flow_run_state,
    run_cli,
    signal_once_started,
    write_cases,
)
from test_cli import CLI, ROOT, cli_env
from test_cli_checks import PREFECT_DEFAULTS
from typer.testing import CliRunner

from recall_audit.cli import build_app
from recall_audit.storage import get_run, list_runs, open_database, run_results

# Per reference: the usage its model reply reports. Three replies just under the 10**9 a
# reply may report make the run's input tokens 2,999,999,997: past 2**31 - 1.
USAGES = {
    "na": "n/a",
    "huge": {"prompt_tokens": 10**30, "completion_tokens": 7},
    "big1": {"prompt_tokens": 999_999_999, "completion_tokens": 1},
    "big2": {"prompt_tokens": 999_999_999, "completion_tokens": 1},
    "big3": {"prompt_tokens": 999_999_999, "completion_tokens": 1},
}


def _usage_per_reference(request: Recorded) -> Canned:
    reply = lexical_model(request)
    user = request.json["messages"][-1]["content"]
    [key] = [key for key in USAGES if f"Fact {key} holds." in user]
    reply.body["usage"] = USAGES[key]
    return reply


def test_a_usage_that_is_no_token_count_and_totals_past_2_31_finish_the_run(
    prefect_api: str, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`"usage": "n/a"` and 10**30 count 0 tokens; totals past PostgreSQL's integer are
    stored (the run failed with 'integer out of range' as it finished)."""
    data = tmp_path / "usage.jsonl"
    rows = [{"id": k, "question": k, "ground_truth": f"Fact {k} holds."} for k in USAGES]
    for row in rows:
        row["contexts"] = [row["ground_truth"]]
    data.write_text("".join(json.dumps(row) + "\n" for row in rows))
    with FakeModelServer(_usage_per_reference) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-usage")
        summary = asyncio.run(audit_flat(dataset=str(data), judge="openai/m", database_url=db_url))
    assert (summary.cases, summary.scored, summary.errors) == (5, 5, 0)
    assert (summary.input_tokens, summary.output_tokens) == (3 * 999_999_999, 7 + 3)
    with Session(open_database(db_url)) as session:
        run = get_run(session, summary.run_id)
        tokens = {r.case_key: r.usage.input_tokens for r in run_results(session, run.id)}
    assert (run.usage.input_tokens, run.usage.output_tokens) == (2_999_999_997, 10)
    assert tokens == {
        "na": 0,
        "huge": 0,
        "big1": 999_999_999,
        "big2": 999_999_999,
        "big3": 999_999_999,
    }


def one_line_exit_2(args: list[str], env: dict[str, str], *expected: str) -> str:
    """The command's stderr, once it is one line holding `expected`, and the exit code 2."""
    done = CliRunner().invoke(build_app(), args, env=env)
    assert done.exit_code == 2, (args, done.output)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.output, done.stderr
    assert done.stdout == ""
    for text in expected:
        assert text in done.stderr, done.stderr
    return done.stderr


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps({"question": "Q", "ground_truth": "A.", "contexts": ["A."]}) + "\n")
    return path


CREDENTIALS = "carries credentials before its @; give the key in OPENAI_API_KEY"
NO_URL = "is not an http:// or https:// URL naming a host; set OPENAI_BASE_URL"


@pytest.mark.parametrize(
    ("url", "message", "judge"),
    [
        ("http://alice:hunter2@127.0.0.1:9/v1", CREDENTIALS, "--judge"),
        ("http://hunter2@127.0.0.1:9/v1", CREDENTIALS, "--judge"),
        ("http://:hunter2@127.0.0.1:9/v1", CREDENTIALS, "--escalate"),
        (
            "http://alice:hunter2@[::1:9/v1",
            "is not a URL (Invalid IPv6 URL); set OPENAI_BASE_URL",
            "--judge",
        ),
        ("http://127.0.0.1:99999/v1", "is not a URL (Port out of range 0-65535)", "--escalate"),
        ("hunter2 is no url", NO_URL, "--judge"),
        ("ftp://127.0.0.1:9/v1", NO_URL, "--judge"),
    ],
    ids=["user-password", "user", "password", "bad-ipv6", "port", "no-url", "ftp"],
)
def test_a_model_base_url_that_cannot_be_used_is_one_line_without_its_secret(
    dataset: Path, sqlite_db_url: str, tmp_path: Path, url: str, message: str, judge: str
) -> None:
    """Before anything starts, in run and experiment, as the judge or the escalation's."""
    env = PREFECT_DEFAULTS | {
        "RECALL_AUDIT_DATABASE_URL": sqlite_db_url,
        "PREFECT_HOME": str(tmp_path / "p"),
        "OPENAI_BASE_URL": url,
        "OPENAI_API_KEY": "sk-test",
    }
    judges = ["--judge", "openai/m"] if judge == "--judge" else ["--escalate", "openai/m"]
    for command in ("run", "experiment"):
        args = [command, "--dataset", str(dataset), *judges]
        shown = one_line_exit_2(args, env, f"the openai base URL {message}")
        assert "hunter2" not in shown


LONG = "c!" * 2500


@pytest.mark.parametrize(
    "judge",
    [
        ["--judge", f"builtin:calibrated-{LONG}"],
        ["--judge", "builtin", "--escalate", f"builtin:calibrated-{LONG}"],
        ["--judge", f"openai/{LONG}"],
    ],
    ids=["calibrated", "escalate", "openai"],
)
def test_a_judge_name_of_5000_characters_is_one_short_line(
    dataset: Path, sqlite_db_url: str, tmp_path: Path, judge: list[str]
) -> None:
    env = {"RECALL_AUDIT_DATABASE_URL": sqlite_db_url, "PREFECT_HOME": str(tmp_path / "p")}
    for command in (["run"], ["experiment"]):
        one_line_exit_2(
            [*command, "--dataset", str(dataset), *judge], env, "at most 200 are allowed"
        )


def test_a_calibrated_judge_name_of_5000_characters_is_told_by_its_length() -> None:
    from recall_audit.errors import ConfigurationError
    from recall_audit.scorer.judges.calibrated import setting_path

    with pytest.raises(ConfigurationError) as refused:
        setting_path(LONG)
    assert str(refused.value).endswith("got 5,000 characters")
    with pytest.raises(ConfigurationError, match=r"got 'c!'$"):
        setting_path("c!")


def test_bench_reliability_runs_the_hostile_input_files() -> None:
    bench = ROOT / "bench"
    sys.path.insert(0, str(bench))
    try:
        spec = importlib.util.spec_from_file_location("reliability", bench / "reliability.py")
        assert spec is not None and spec.loader is not None
        reliability = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(reliability)
    finally:
        sys.path.remove(str(bench))
    files = [f for group in reliability.PROMISES.values() for f in group]
    # Every hostile-input file (the judge's hostile pairs measure its accuracy, not this).
    hostile = {f"tests/{p.name}" for p in (ROOT / "tests").glob("test_hostile_*.py")}
    assert hostile - {"tests/test_hostile_pairs.py"} <= set(files)
    assert "tests/test_hostile_leftovers.py" in files
    assert [f for f in files if not (ROOT / f).is_file()] == []


def test_a_question_holding_the_secret_blocks_key_is_stored_masked(
    prefect_api: str, sqlite_db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key of --api-key-block is known before the dataset is read, as the environment's
    is: pasted into a question or reference, it is masked there (it was stored as it was)."""
    from prefect.blocks.system import Secret

    key = f"block-{secrets.token_hex(12)}"
    Secret(value=key).save("leftovers-key", overwrite=True)
    data = tmp_path / "pasted.jsonl"
    row = {"question": f"Is {key} mine?", "ground_truth": f"Fact {key} holds."}
    data.write_text(json.dumps(row | {"contexts": ["Fact holds."]}) + "\n")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        summary = asyncio.run(
            audit_flat(
                dataset=str(data),
                judge="openai/m",
                database_url=sqlite_db_url,
                api_key_block="leftovers-key",
            )
        )
    assert summary.cases == 1 and summary.errors == 0
    with Session(open_database(sqlite_db_url)) as session:
        [result] = run_results(session, summary.run_id)
    assert result.question == "Is *** mine?"
    database = Path(sqlite_db_url.removeprefix("sqlite:///"))
    assert key.encode() not in b"".join(p.read_bytes() for p in database.parent.glob("*.db*"))


FOLDER_REMOVER = """import os, shutil

def retrieve(question, top_k):
    shutil.rmtree(os.getcwd())
    return ["Einstein was born in 1879."]
"""


def test_a_working_folder_deleted_while_the_run_runs_is_one_line(
    prefect_api: str, tmp_path: Path
) -> None:
    """The default results database lives in the working folder: the run's user code
    deletes it mid-run, and the command says so in one line (a traceback where the summary
    read the results back)."""
    work, code = tmp_path / "work", tmp_path / "code"
    work.mkdir()
    code.mkdir()
    (code / "remover.py").write_text(FOLDER_REMOVER)
    data = work / "cases.jsonl"
    data.write_text(json.dumps({"question": "q", "ground_truth": "Einstein was born in 1879."}))
    env = cli_env(prefect_api, "unused")
    del env["RECALL_AUDIT_DATABASE_URL"]
    env["PYTHONPATH"] += f"{os.pathsep}{code}"
    done = subprocess.run(
        [*CLI, "run", "--dataset", str(data), "--retriever", "python:remover:retrieve"],
        env=env, cwd=work, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert not work.exists()
    assert (done.returncode, done.stderr) == (
        2,
        "error: the working folder was deleted while the command ran; cd to one that does\n",
    )


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_stops_an_experiment_as_it_stops_a_run(
    prefect_api: str, sqlite_db_url: str, tmp_path: Path, signum: int
) -> None:
    """An experiment stopped while a configuration's retriever hangs: one line, the signal's
    exit code, that configuration's run cancelled (and resumable), and both it and the
    experiment Cancelled in Prefect, none left Running."""
    (tmp_path / "stoppable.py").write_text(STOPPABLE_MODULE)
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0], "hang": "hang"}, {})
    env = cli_env(prefect_api, sqlite_db_url, HANG="1")
    args = ["experiment", "--dataset", str(data), "--retriever", "python:stoppable:sleeps"]
    args += ["--concurrency", "1"]

    done = measured(
        [*CLI, *args, "--top-k", "1,2"],
        env=env,
        cwd=tmp_path,
        timeout=HANG_S,
        while_running=signal_once_started(sqlite_db_url, signum, []),
    )

    with Session(open_database(sqlite_db_url)) as session:
        [run] = list_runs(session)  # the first configuration's; the second never started
    name = signal.Signals(signum).name
    assert done.code == 128 + signum, done.stderr
    assert done.one_line() == (
        f"error: stopped by {name}: experiment cancelled; run {run.id[:8]} cancelled, "
        f"continue it with recall-audit run --resume {run.id[:8]}"
    )
    assert run.status == "cancelled"
    child = flow_run_state(run.prefect_flow_run_id)
    parent = flow_run_state(str(parent_flow_run_id(run.prefect_flow_run_id)))
    assert child == parent == ("CANCELLED", f"stopped by {name}")
    if signum != signal.SIGTERM:
        return  # resuming is the same after either signal
    env.pop("HANG")
    resumed = run_cli(
        tmp_path, env, "run", *args[1:], "--top-k", "1", "--resume", run.id[:8], "--json"
    )
    assert resumed.code == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert (summary["run_id"], summary["scored"], summary["errors"]) == (run.id, 2, 0)


def parent_flow_run_id(flow_run_id: str | None) -> UUID:
    from prefect.client.orchestration import get_client

    async def read() -> UUID:
        async with get_client() as client:
            child = await client.read_flow_run(UUID(str(flow_run_id)))
            assert child.parent_task_run_id is not None, "the run is no experiment's child"
            return (await client.read_task_run(child.parent_task_run_id)).flow_run_id

    return asyncio.run(read())


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["run", "--top-k", "abc"], "error: recall-audit run: Invalid value for '--top-k': "),
        (
            ["experiment", "--samples", "1.5"],
            "error: recall-audit experiment: Invalid value for '--samples': ",
        ),
        (["runs", "--limit", "x"], "error: recall-audit runs: Invalid value for '--limit': "),
        (["run", "--no-such"], "error: recall-audit run: No such option: --no-such"),
        (["labels", "import"], "error: recall-audit labels import: Missing argument 'run_id'."),
        (["nightly"], "error: recall-audit: No such command 'nightly'."),
    ],
    ids=["run-type", "experiment-type", "runs-type", "option", "argument", "command"],
)
def test_a_wrong_command_option_or_value_is_one_line_and_exit_2(
    prefect_api: str, tmp_path: Path, args: list[str], expected: str
) -> None:
    """Not click's six-line box: one line naming the command, what is wrong and where the
    help is, and nothing on stdout."""
    env = cli_env(prefect_api, f"sqlite:///{tmp_path / 'results.db'}")
    done = subprocess.run(
        [*CLI, *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(expected), line
    assert line.endswith(" --help)"), line
    assert done.stdout == ""
