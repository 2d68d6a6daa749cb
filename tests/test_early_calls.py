"""`recall-audit run` with a model judge makes the first cases' calls while Prefect is still
imported (tasks/early.py): they reach the model before the flow run starts, and the flow
takes their answers instead of asking again, so every call is made once and booked once."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

import httpx
from lexical_model import kind_of, lexical_model
from model_server import FakeModelServer
from test_cli import EINSTEIN, cli_env, recall_audit


def _with_twins(path: Path) -> Path:
    """The einstein cases and two more sharing their ground truths (chunks in another order):
    one call lists each ground truth's claims, whichever case asks first."""
    rows = [json.loads(line) for line in EINSTEIN.read_text().splitlines()]
    twins = [{**r, "id": f"{r['id']}-2", "contexts": r["contexts"][::-1]} for r in rows[:2]]
    path.write_text("\n".join(json.dumps(r) for r in [*rows, *twins]) + "\n")
    return path


def _model_env(prefect_api: str, sqlite_db_url: str, model: FakeModelServer) -> dict[str, str]:
    return cli_env(
        prefect_api, sqlite_db_url, OPENAI_BASE_URL=model.url + "/v1", OPENAI_API_KEY="sk-test"
    )


def _started(api: str, summary: dict) -> float:
    """When the run's flow run started, on this machine's wall clock."""
    latest = {"sort": "EXPECTED_START_TIME_DESC", "limit": 50}
    flows = httpx.post(f"{api}/flow_runs/filter", json=latest, timeout=30).json()
    [flow_run] = [f for f in flows if f["parameters"].get("run_id") == summary["run_id"]]
    return datetime.fromisoformat(flow_run["start_time"]).timestamp()


def test_the_first_calls_go_before_the_flow_run_and_are_made_once(
    prefect_api, sqlite_db_url, tmp_path
):
    data = _with_twins(tmp_path / "cases.jsonl")
    with FakeModelServer(lexical_model) as model:
        env = _model_env(prefect_api, sqlite_db_url, model)
        args = ("run", "--dataset", str(data), "--judge", "openai/fake", "--json")
        done = recall_audit(*args, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        # On this machine's wall clock: the server's clock is monotonic.
        first_at = time.time() - (time.monotonic() - min(r.at for r in model.requests))
        kinds = [kind_of(r) for r in model.requests]
        bodies = [r.body for r in model.requests]

    assert summary["cases"] == 6 and summary["scored"] == 6 and summary["errors"] == 0
    assert first_at < _started(prefect_api, summary)
    # One judgement per ground truth; the twins' claims are judged on their own chunks.
    assert sorted(kinds) == ["attribution"] * 2 + ["judgement"] * 4
    assert len(set(bodies)) == len(bodies) == summary["model_calls"]
    assert summary["cached_calls"] == 0

    again = recall_audit(*args, env=env, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    rerun = json.loads(again.stdout)
    assert rerun["model_calls"] == 0 and rerun["mean_recall"] == summary["mean_recall"]


def test_the_early_calls_cover_the_first_batches_and_the_twins_verdicts(
    prefect_api, sqlite_db_url, tmp_path
):
    """Batches of two: the early calls go on past the first batch, through the flow's first
    EARLY_BATCHES, and a case whose ground truth an earlier case lists is asked for its
    verdicts on those claims, as the flow asks it: every call is made before the flow run
    starts, once."""
    data = _with_twins(tmp_path / "cases.jsonl")
    with FakeModelServer(lexical_model) as model:
        env = _model_env(prefect_api, sqlite_db_url, model)
        args = ("run", "--dataset", str(data), "--judge", "openai/fake", "--batch-size", "2")
        done = recall_audit(*args, "--json", env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        last_at = time.time() - (time.monotonic() - max(r.at for r in model.requests))
        kinds = [kind_of(r) for r in model.requests]
        bodies = [r.body for r in model.requests]

    assert summary["scored"] == 6 and summary["errors"] == 0
    assert sorted(kinds) == ["attribution"] * 2 + ["judgement"] * 4
    assert len(set(bodies)) == len(bodies) == summary["model_calls"]
    assert last_at < _started(prefect_api, summary)


def test_a_bad_row_in_fail_mode_stops_the_command_before_any_call(
    prefect_api, sqlite_db_url, tmp_path
):
    """The rows of a file are counted after the first calls are out, except in fail mode:
    there a bad row, however late in the file, stops the command before the model is asked
    anything."""
    data = _with_twins(tmp_path / "cases.jsonl")
    with data.open("a") as rows:
        rows.write('{"id": "late", "contexts": ["no ground truth"]}\n')
    with FakeModelServer(lexical_model) as model:
        env = _model_env(prefect_api, sqlite_db_url, model)
        args = ("run", "--dataset", str(data), "--judge", "openai/fake", "--json")
        failed = recall_audit(*args, "--on-bad-row", "fail", env=env, cwd=tmp_path)
        asked_when_failed = len(model.requests)
        skipped = recall_audit(*args, env=env, cwd=tmp_path)

    assert failed.returncode == 2 and "cases.jsonl:7: no question" in failed.stderr, failed.stderr
    assert asked_when_failed == 0
    assert skipped.returncode == 0, skipped.stderr
    assert json.loads(skipped.stdout)["skipped_rows"] == 1
