"""The CI gate as a team meets it: twelve cases, three of which lose the paragraphs that
supported them; `--max-regression 0.05` exits 1 although the bootstrap interval includes
zero, and the flow run ends failed ("Regressed") with the verdict in its state message.
A run whose every case errored (the retriever's port is closed) is not a success either."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from prefect_server import free_port, recent_events
from sqlmodel import Session
from test_cli import cli_env, recall_audit

from recall_audit.storage import get_run, open_database

PLACES = ["Varnholm", "Kestrel Bay", "Orlin", "Duskmere", "Palvik", "Tarrow", "Quenby",
          "Misthaven", "Brackley", "Solwen", "Ebbridge", "Corrinth"]  # fmt: skip


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def lighthouse(i: int, place: str) -> tuple[dict, dict]:
    year = 1801 + 7 * i
    case = {
        "id": f"case-{i:02d}",
        "question": f"When was the lighthouse of {place} built?",
        "ground_truth": f"The lighthouse of {place} was built in {year}.",
    }
    paragraph = {
        "id": f"doc-{i:02d}",
        "title": place,
        "text": f"The lighthouse of {place} was built in {year} by the harbour masons.",
    }
    return case, paragraph


def lighthouses(tmp_path: Path) -> tuple[list[str], Path, list[dict]]:
    """The twelve cases and their knowledge base, written under `tmp_path`: the `run`
    arguments that audit them (BM25, top 2), the knowledge base's file and its paragraphs."""
    cases, paragraphs = zip(*(lighthouse(i, p) for i, p in enumerate(PLACES)), strict=True)
    data = write_jsonl(tmp_path / "lighthouses.jsonl", list(cases))
    kb = write_jsonl(tmp_path / "kb.jsonl", list(paragraphs))
    args = ["run", "--dataset", str(data), "--retriever", f"bm25:{kb}", "--top-k", "2"]
    return args, kb, list(paragraphs)


def read_flow_run(api_url: str, flow_run_id: str):
    from prefect.client.orchestration import get_client
    from prefect.settings import PREFECT_API_URL, temporary_settings

    async def read():
        with temporary_settings({PREFECT_API_URL: api_url}):
            async with get_client() as client:
                return await client.read_flow_run(flow_run_id)

    return asyncio.run(read())


def test_a_regression_without_a_gate_ends_regressed_yet_completed_with_recall_in_the_name(
    prefect_api, sqlite_db_url, tmp_path
):
    args, kb, paragraphs = lighthouses(tmp_path)
    env = cli_env(prefect_api, sqlite_db_url)
    first = recall_audit(*args, "--json", env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    write_jsonl(kb, list(paragraphs[3:]))
    second = recall_audit(*args, "--json", env=env, cwd=tmp_path)
    assert second.returncode == 0, second.stderr  # no gate was set: nothing fails

    runs = []
    for done in (first, second):
        with Session(open_database(sqlite_db_url)) as session:
            flow_run_id = get_run(session, json.loads(done.stdout)["run_id"]).prefect_flow_run_id
        runs.append(read_flow_run(prefect_api, flow_run_id))
    unchanged, regressed = runs
    assert unchanged.state.name == "Completed" and unchanged.state.is_completed()
    # Named by the dataset, the configuration (name and hash) and what the run measured.
    configuration = f"bm25:kb.jsonl k=2 ({json.loads(first.stdout)['configuration_key']})"
    assert unchanged.name == f"audit-lighthouses {configuration} · recall 1.000"
    assert "recall:1.000" in unchanged.tags and "regressed" not in unchanged.tags
    assert regressed.state.name == "Regressed" and regressed.state.is_completed()
    assert "mean recall 0.750, regressed against" in regressed.state.message
    assert regressed.name == f"audit-lighthouses {configuration} · recall 0.750 · Δ -0.250"
    assert {"recall:0.750", "regressed"} <= set(regressed.tags)


def test_three_of_twelve_cases_losing_their_paragraphs_fail_the_gate(
    prefect_api, sqlite_db_url, tmp_path
):
    args, kb, paragraphs = lighthouses(tmp_path)
    env = cli_env(prefect_api, sqlite_db_url)
    gated = [*args, "--max-regression", "0.05", "--json"]

    first = recall_audit(*gated, env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["mean_recall"] == 1.0

    write_jsonl(kb, list(paragraphs[3:]))  # the ingestion job dropped three paragraphs
    second = recall_audit(*gated, env=env, cwd=tmp_path)
    assert second.returncode == 1, second.stderr
    summary = json.loads(second.stdout)
    comparison = summary["comparison"]
    assert summary["mean_recall"] == 0.75 and comparison["verdict"] == "regressed"
    assert comparison["ci_high"] == 0.0  # the interval includes zero; the drop is a fact
    assert len(comparison["lost_claims"]) == 3
    # Prefect logs the final state too; the gate's own line comes last.
    line = second.stderr.strip().splitlines()[-1]
    assert line.startswith("recall dropped 0.250 (95% CI [-0.")
    assert line.endswith(", +0.000]), more than max-regression 0.05")

    # The UI's run list and Prefect's automations see a failed run, verdict in its message.
    with Session(open_database(sqlite_db_url)) as session:
        flow_run_id = get_run(session, summary["run_id"]).prefect_flow_run_id
    state = read_flow_run(prefect_api, flow_run_id).state
    assert state.is_failed() and state.name == "Regressed"
    assert "lighthouses: mean recall 0.750, regressed against" in state.message
    assert "3 claim(s) lost" in state.message and "more than max-regression 0.05" in state.message


def regressed_events(api_url: str, run_id: str) -> list:
    """The `recall.regressed` events of one audit run, once the server has them."""
    from prefect.client.orchestration import get_client
    from prefect.settings import PREFECT_API_URL, temporary_settings

    async def read():
        with temporary_settings({PREFECT_API_URL: api_url}):
            async with get_client() as client:
                events = await recent_events(client, "recall.regressed")
        return [e for e in events if e.payload.get("run_id") == run_id]

    for _ in range(50):  # events reach the server a moment after the run ends
        if found := asyncio.run(read()):
            return found
        time.sleep(0.2)
    return []


def test_a_gate_broken_by_lost_claims_alone_is_announced_as_a_regression(
    prefect_api, sqlite_db_url, tmp_path
):
    args, kb, paragraphs = lighthouses(tmp_path)
    env = cli_env(prefect_api, sqlite_db_url)
    # A drop of one case in twelve is within this tolerance: the verdict lets it through.
    gated = [*args, "--tolerance", "0.1", "--max-lost-claims", "0", "--json"]
    assert recall_audit(*gated, env=env, cwd=tmp_path).returncode == 0

    write_jsonl(kb, list(paragraphs[1:]))
    second = recall_audit(*gated, env=env, cwd=tmp_path)
    assert second.returncode == 1, second.stderr
    summary = json.loads(second.stdout)
    assert summary["comparison"]["verdict"] != "regressed"
    [event] = regressed_events(prefect_api, summary["run_id"])
    assert event.payload["lost_claims_count"] == 1
    assert event.payload["gate"] == ["1 claim(s) lost, more than max-lost-claims 0"]


def test_a_run_where_every_case_errored_is_not_a_success(prefect_api, sqlite_db_url, tmp_path):
    data = write_jsonl(tmp_path / "closed.jsonl", [lighthouse(0, "Orlin")[0]])
    closed = f"http://127.0.0.1:{free_port()}/search"
    done = recall_audit("run", "--dataset", str(data), "--retriever", closed, "--json",
                        env=cli_env(prefect_api, sqlite_db_url), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout)["errors"] == 1
    assert "no scored case" in done.stderr
