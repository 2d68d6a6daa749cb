"""`--judge builtin --escalate openai/<model>`: only the verdicts the built-in judge marks
unsure go to the model (the bench's mock, bench/mock_model.py, a real server on 127.0.0.1),
in one call per case that has any; its verdicts replace the unsure ones, are cached like
every verdict, and the run says how many claims the model decided."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from model_server import Canned, FakeModelServer
from prefect_harness import latest_summary
from pydantic import SecretStr
from test_cli import cli_env, recall_audit

from recall_audit import CascadeJudge, Status, context_recall, get_judge
from recall_audit.errors import ConfigurationError
from recall_audit.models import ModelSettings
from recall_audit.models.cache import InMemoryCache
from recall_audit.spec import AuditSpec
from recall_audit.storage import CaseResultRecord, Session, connect_database, run_results

MOCK = Path(__file__).resolve().parents[1] / "bench" / "mock_model.py"
# Each case by its id: (ground truth, chunks), one claim each. The built-in judge decides the
# first two; it is unsure of the last two (evidence partly there, missed; support pieced
# together across chunks, found), and the mock, reading one chunk at a time, finds neither.
CASES = {
    "stated": ("The Orbis X1 laptop weighs 2.5 kilograms.", ["The Orbis X1 laptop weighs 2.5 kilograms."]),
    "absent": ("The Orbis X1 battery lasts ten hours on a single charge.", ["The Zeta phone comes in blue and green."]),
    "partly": ("The Orbis X1 ships with a one-year warranty and a carrying case.", ["Every Orbis X1 comes with a warranty."]),
    "pieced": (
        "The Orbis X1 has a 14-inch screen, a 2.5 kg weight and a ten-hour battery.",
        [
            "Orbis X1 specifications. The Orbis X1 has a 14-inch screen.",
            "Orbis X1 specifications. It has a 2.5 kg weight and a ten-hour battery.",
        ],
    ),
}  # fmt: skip
UNSURE = {"partly", "pieced"}
BUILTIN_SCORES = {"stated": 1.0, "absent": 0.0, "partly": 0.0, "pieced": 1.0}
ESCALATED_SCORES = {"stated": 1.0, "absent": 0.0, "partly": 0.0, "pieced": 0.0}


@pytest.fixture(scope="module")
def mock_url() -> Iterator[str]:
    """The bench's mock model, answering at once and keeping its requests."""
    child = subprocess.Popen(
        [sys.executable, str(MOCK), "--latency", "0", "--record"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline().strip()
    try:
        assert line.startswith("READY "), line
        yield line.removeprefix("READY ")
    finally:
        child.terminate()
        child.wait(10)


def forget(url: str) -> None:
    httpx.post(url.removesuffix("/v1") + "/forget", timeout=10)


def calls_per_case(url: str) -> dict[str, int]:
    """The requests the mock answered since it last forgot, by the case whose chunks they
    carry (every case's chunks are its own)."""
    requests = httpx.get(url.removesuffix("/v1") + "/requests", timeout=10).json()
    counts = dict.fromkeys(CASES, 0)
    for request in requests:
        [case] = [k for k, (_, chunks) in CASES.items() if chunks[0] in request["user"]]
        counts[case] += 1
    return counts


def test_only_cases_with_an_unsure_claim_cost_a_call_and_the_model_decides_them(mock_url):
    builtin = get_judge("builtin")
    alone = {k: asyncio.run(context_recall(t, c, builtin)) for k, (t, c) in CASES.items()}
    # The premise: the built-in judge alone is unsure of exactly these cases' one claim.
    assert {k for k, r in alone.items() if r.unsure_count} == UNSURE
    assert all(len(r.claims) == 1 for r in alone.values())
    assert {k: r.score for k, r in alone.items()} == BUILTIN_SCORES

    settings = ModelSettings(base_url=mock_url, api_key=SecretStr("sk-test"))
    cache = InMemoryCache()
    judge = get_judge("builtin", escalate="openai/mock", settings=settings, cache=cache)
    assert isinstance(judge, CascadeJudge) and judge.name == "builtin+openai/mock"

    async def score() -> dict:
        async with judge:
            return {k: await context_recall(t, c, judge) for k, (t, c) in CASES.items()}

    forget(mock_url)
    results = asyncio.run(score())
    assert calls_per_case(mock_url) == {"stated": 0, "absent": 0, "partly": 1, "pieced": 1}
    # The model's verdicts replace the unsure ones, each saying why it was escalated.
    scores = {k: r.score for k, r in results.items()}
    assert scores == ESCALATED_SCORES
    for key, result in results.items():
        assert result.unsure_count == 0
        assert result.escalated_count == (key in UNSURE)
    assert results["partly"].verdicts[0].escalated.startswith("partly found")
    assert results["pieced"].verdicts[0].escalated.startswith("pieced together")
    assert sum(r.usage.calls for r in results.values()) == 2

    forget(mock_url)
    again = asyncio.run(score())
    assert sum(calls_per_case(mock_url).values()) == 0
    assert {k: r.score for k, r in again.items()} == scores
    assert sum(r.usage.cached_calls for r in again.values()) == 2


def test_a_model_that_fails_fails_only_the_cases_it_was_asked_about_and_never_shows_its_key():
    key = "sk-cascade-secret-1234"

    def refuse(_request) -> Canned:
        return Canned(400, {"error": {"message": "model not found", "type": "invalid_request"}})

    async def score(url: str) -> dict:
        settings = ModelSettings(base_url=url + "/v1", api_key=SecretStr(key))
        async with get_judge("builtin", escalate="openai/mock", settings=settings) as judge:
            return {k: await context_recall(t, c, judge) for k, (t, c) in CASES.items()}

    with FakeModelServer(refuse) as server:
        results = asyncio.run(score(server.url))
    # An unsure verdict is never passed off as decided: those cases are errors, the others
    # keep the built-in judge's scores.
    assert {k for k, r in results.items() if r.status is Status.ERROR} == UNSURE
    assert {k: r.score for k, r in results.items() if k not in UNSURE} == {
        "stated": 1.0,
        "absent": 0.0,
    }
    for key_ in UNSURE:
        assert "model not found" in (results[key_].error or "")
        assert key not in results[key_].model_dump_json()


def test_an_experiment_does_not_vary_the_escalation():
    from recall_audit.flows.experiment import check_experiment

    specs = [
        AuditSpec.from_flat(dataset="cases.jsonl"),
        AuditSpec.from_flat(dataset="cases.jsonl", escalate="openai/mock"),
    ]
    with pytest.raises(ConfigurationError, match="one judge"):
        check_experiment(specs)


def test_escalate_names_a_model_judge_after_a_judge_that_can_be_unsure():
    with pytest.raises(ConfigurationError, match="not builtin"):
        get_judge("builtin", escalate="builtin")
    with pytest.raises(ConfigurationError, match="marks no verdict unsure"):
        get_judge("openai/a", escalate="openai/b")
    with pytest.raises(ConfigurationError, match="Unknown judge"):
        get_judge("builtin", escalate="nosuch/model")


def test_escalation_is_part_of_the_configuration():
    plain = AuditSpec.from_flat(dataset="cases.jsonl")
    escalated = AuditSpec.from_flat(dataset="cases.jsonl", escalate="openai/mock")
    assert plain.configuration().key != escalated.configuration().key
    assert escalated.configuration().name == "precomputed k=5 escalate=openai/mock"
    # Unset, it leaves every existing configuration's key as it was.
    assert "escalate" not in plain.configuration().model_dump(exclude_none=True)


def _dataset(path: Path) -> Path:
    rows = [
        {"id": key, "question": f"What of {key}?", "ground_truth": truth, "contexts": chunks}
        for key, (truth, chunks) in CASES.items()
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def _stored(db_url: str, run_id: str) -> dict[str, CaseResultRecord]:
    engine = connect_database(db_url)
    try:
        with Session(engine) as session:
            return {r.case_key: r for r in run_results(session, run_id)}
    finally:
        engine.dispose()


def test_a_run_escalates_its_unsure_verdicts_caches_them_and_says_how_many(
    prefect_api, sqlite_db_url, tmp_path, mock_url
):
    data = _dataset(tmp_path / "orbis.jsonl")
    env = cli_env(prefect_api, sqlite_db_url, OPENAI_BASE_URL=mock_url, OPENAI_API_KEY="sk-x")
    run = ("run", "--dataset", str(data), "--judge", "builtin", "--escalate", "openai/mock")

    forget(mock_url)
    first = recall_audit(*run, "--json", env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert calls_per_case(mock_url) == {"stated": 0, "absent": 0, "partly": 1, "pieced": 1}
    assert (summary["model_calls"], summary["escalated_claims"], summary["unsure_claims"]) == (
        2,
        2,
        0,
    )
    stored = _stored(sqlite_db_url, summary["run_id"])
    assert {k: r.score for k, r in stored.items()} == ESCALATED_SCORES
    assert stored["pieced"].verdicts[0].escalated.startswith("pieced together")
    assert summary["errors"] == 0
    assert "escalate=openai/mock" in summary["configuration"]
    artifact = asyncio.run(latest_summary("orbis"))
    assert "2 claims the judge was unsure of, decided by the model judge" in artifact
    shown = recall_audit("show", summary["run_id"][:8], "--case", "pieced", env=env, cwd=tmp_path)
    assert "decided by the model judge (the first was unsure: pieced together" in " ".join(
        shown.stdout.split()
    )

    forget(mock_url)
    again = recall_audit(*run, env=env, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert sum(calls_per_case(mock_url).values()) == 0
    table = " ".join(again.stdout.replace("│", " ").split())
    assert "model calls 0" in table and "unsure claims the model decided 2" in table
