"""`recall-audit run` with a model judge makes the first cases' calls while Prefect is still
imported (recall_audit/headstart/early.py): they reach the model before the flow run starts,
and the flow takes their answers instead of asking again, so every call is made once and
booked once."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from lexical_model import kind_of, lexical_model
from model_server import FakeModelServer
from pydantic import SecretStr
from test_cli import EINSTEIN, cli_env, recall_audit

from recall_audit.headstart.early import EARLY_BATCHES, EarlyReplies, _judge_ahead, _NoAnswers
from recall_audit.scorer.judges import LLMJudge, ModelSettings, get_judge
from recall_audit.scorer.prompts import claim_source
from recall_audit.spec import AuditSpec, DatasetSpec, RunLimits


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


def test_rows_without_chunks_and_no_retriever_stop_the_command_in_skip_mode_too(
    prefect_api, sqlite_db_url, tmp_path
):
    """In skip mode the rows are read before the first calls only until one carries chunks;
    a file where none does, and no retriever, stops with exit code 2 before any call."""
    rows = [json.loads(line) for line in EINSTEIN.read_text().splitlines()]
    data = tmp_path / "cases.jsonl"
    data.write_text(
        "".join(json.dumps({k: v for k, v in r.items() if k != "contexts"}) + "\n" for r in rows)
    )
    with FakeModelServer(lexical_model) as model:
        env = _model_env(prefect_api, sqlite_db_url, model)
        args = ("run", "--dataset", str(data), "--judge", "openai/fake", "--json")
        failed = recall_audit(*args, env=env, cwd=tmp_path)
        asked = len(model.requests)

    assert failed.returncode == 2, failed.stderr
    assert asked == 0
    assert "no row carries retrieved chunks; choose a retriever with --retriever" in failed.stderr


def _many_cases(path: Path, copies: int) -> list[dict]:
    """The einstein rows again and again, each case's ground truth and chunks marked with its
    number: every case one request of its own, asked alike by the flow and the early judge."""
    rows = [json.loads(line) for line in EINSTEIN.read_text().splitlines()]
    cases = [
        {
            **row,
            "id": f"case-{number}",
            "ground_truth": f"{row['ground_truth']} This is case {number}.",
            "contexts": [f"{chunk} (case {number})" for chunk in row["contexts"]],
        }
        for number, row in enumerate(rows * copies)
    ]
    path.write_text("\n".join(json.dumps(c) for c in cases) + "\n")
    return cases


def _asked(server: FakeModelServer) -> set[int]:
    """The numbers of the cases the model was asked about."""
    return {int(n) for r in server.requests for n in re.findall(rb"\(case (\d+)\)", r.body)}


async def _until(done: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


@pytest.mark.anyio
async def test_the_early_calls_stay_a_window_ahead_of_what_the_flow_takes(tmp_path):
    """Past the first batches the early judge keeps asking as the flow takes its answers, never
    more than EARLY_BATCHES batches of answers ahead of it; a request the flow asks first is
    not asked again, and the early judge goes on past it."""
    cases = _many_cases(tmp_path / "cases.jsonl", copies=5)  # 20 cases, in batches of 2
    spec = AuditSpec(
        dataset=DatasetSpec(path=str(tmp_path / "cases.jsonl")),
        judge="openai/fake",
        limits=RunLimits(batch_size=2, concurrency=2),
    )
    window, overtaken = EARLY_BATCHES * 2, 12
    with FakeModelServer(lexical_model) as server:
        settings = ModelSettings(base_url=server.url + "/v1", api_key=SecretStr("k"))
        judge = get_judge("openai/fake", settings=settings)
        assert isinstance(judge, LLMJudge)
        replies = EarlyReplies(judge.model)
        early = LLMJudge(replies.early, cache=_NoAnswers())
        flow = LLMJudge(replies)
        work = asyncio.ensure_future(_judge_ahead(spec, None, early, replies))

        def ask(number: int) -> Awaitable[object]:
            case = cases[number]
            truth, question = claim_source(case["ground_truth"], case["question"])
            return flow.claims_and_verdicts(truth, case["contexts"], question)

        await _until(lambda: len(_asked(server)) == window)
        await asyncio.sleep(0.3)
        assert _asked(server) == set(range(window))  # nothing taken: nothing more asked

        await ask(overtaken)  # the flow asks this one before the early judge gets to it
        for number in range(len(cases)):
            if number != overtaken:
                # Asked by the early judge before the flow asks it.
                await _until(lambda number=number: number in _asked(server))
                await ask(number)
        await work
        await replies.aclose()

    bodies = [r.body for r in server.requests]
    assert len(bodies) == len(set(bodies))
    assert _asked(server) == set(range(len(cases)))
