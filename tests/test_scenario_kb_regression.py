"""The operations scenario end to end, on a real Prefect server: the audit is served
(nightly + on `kb.updated`) by `recall-audit serve` in a subprocess; a first
run goes through the deployment; paragraphs that supported found claims are removed from
the knowledge base; a burst of `kb.updated` events starts exactly one new run by itself;
that run names exactly the claims those paragraphs supported as lost, says "regressed",
emits `recall.regressed` and publishes the summary and lost-claims artifacts.

Several paragraphs go (one per case, from REMOVED_CASES cases whose claims were found), so
the drop is spread over several paired cases and the bootstrap interval excludes zero: one
paragraph of this demo supports claims of a single case, too few for a clear verdict.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
from prefect.client.orchestration import PrefectClient, get_client
from prefect.client.schemas.filters import (
    ArtifactFilter,
    ArtifactFilterKey,
    DeploymentFilter,
    DeploymentFilterId,
)
from prefect.client.schemas.objects import FlowRun
from prefect.deployments import run_deployment
from prefect.settings import PREFECT_API_URL, temporary_settings
from prefect_server import PrefectServer, recent_events, server_environment, stop
from sqlmodel import Session

from recall_audit.compare.compare import Comparison, compare_runs
from recall_audit.compare.report import short
from recall_audit.flows.watch import send_kb_updated
from recall_audit.retrievers import knowledge_base_fingerprint
from recall_audit.storage import (
    CaseResultRecord,
    RunRecord,
    list_runs,
    open_database,
    run_outcome,
    run_results,
)
from recall_audit.tasks.publish import EVENT_TEXT, artifact_key

pytestmark = [pytest.mark.server, pytest.mark.anyio]

ROOT = Path(__file__).resolve().parent.parent
DEMO = (ROOT / "examples" / "hotpot").resolve()
KB = "scenario-kb"
DEPLOYMENT = "scenario"
DATASET_NAME = "hotpot-scenario"
REMOVED_CASES = 15
BURST = 3
# The least Prefect allows a proactive trigger: the trigger fires once the knowledge base
# has been quiet this long.
DEBOUNCE_SECONDS = 10
# recall.regressed lists the first 20 lost claims (recall_audit/tasks/publish.py).
LOST_IN_EVENT = 20
# Generous: a two-core machine running the whole suite can be several times slower.
RUN_DEADLINE_SECONDS = 240


@dataclass(frozen=True)
class Served:
    server: PrefectServer
    kb_path: Path
    database_url: str


@pytest.fixture(scope="module")
def served(
    prefect_server: PrefectServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    work = tmp_path_factory.mktemp("scenario")
    kb_path = work / "kb.jsonl"
    shutil.copy(DEMO / "kb.jsonl", kb_path)
    database_url = f"sqlite:///{work / 'recall.db'}"
    env = (
        server_environment(work / "prefect")
        | prefect_server.env
        | {
            "RECALL_AUDIT_DATABASE_URL": database_url,
            # Serve the code under test, whatever the installed copy.
            "PYTHONPATH": str(ROOT),
            # Pick up a new run within a second rather than the default ten.
            "PREFECT_RUNNER_POLL_FREQUENCY": "1",
        }
    )
    log = work / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "recall_audit", "serve",
             "--dataset", str(DEMO / "dataset.jsonl"), "--name", DATASET_NAME,
             "--retriever", f"bm25:{kb_path}", "--top-k", "4",
             "--kb", KB, "--deployment", DEPLOYMENT, "--debounce", str(DEBOUNCE_SECONDS),
             "--max-regression", "0.05"],
            env=env, cwd=work, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        yield Served(prefect_server, kb_path, database_url)
    finally:
        stop(process)


@pytest.fixture
async def client(served: Served) -> AsyncIterator[PrefectClient]:
    with temporary_settings({PREFECT_API_URL: served.server.api_url}):
        async with get_client() as client:
            yield client


async def eventually(probe: Callable[[], Any], what: str) -> Any:
    """Polls an async probe until it returns something truthy; fails after the deadline."""
    deadline = time.monotonic() + RUN_DEADLINE_SECONDS
    while time.monotonic() < deadline:
        if found := await probe():
            return found
        await anyio.sleep(0.5)
    pytest.fail(f"gave up waiting for {what}")


async def deployment_runs(client: PrefectClient) -> list[FlowRun]:
    deployment = await client.read_deployment_by_name(f"recall-audit/{DEPLOYMENT}")
    return await client.read_flow_runs(
        deployment_filter=DeploymentFilter(id=DeploymentFilterId(any_=[deployment.id]))
    )


def audit_record(database_url: str, flow_run_id: Any) -> RunRecord:
    with Session(open_database(database_url)) as session:
        runs = list_runs(session, dataset=DATASET_NAME, limit=50)
    [record] = [r for r in runs if r.prefect_flow_run_id == str(flow_run_id)]
    return record


def results(database_url: str, run_id: str) -> list[CaseResultRecord]:
    with Session(open_database(database_url)) as session:
        return run_results(session, run_id)


def paragraphs_to_remove(found: list[CaseResultRecord]) -> set[str]:
    """The chunk that supports the first found claim, for the first REMOVED_CASES cases."""
    chosen: list[str] = []
    for case in found:
        supported = [v for v in case.verdicts if v.supported and v.chunk_indices]
        if supported and (chunk := case.chunks[supported[0].chunk_indices[0]]) not in chosen:
            chosen.append(chunk)
        if len(chosen) == REMOVED_CASES:
            return set(chosen)
    pytest.fail("the demo run found too few claims to remove paragraphs from")


def claims_only_supported_by(
    found: list[CaseResultRecord], removed: set[str]
) -> set[tuple[str, str]]:
    return {
        (case.case_key, case.claims[v.claim_index])
        for case in found
        for v in case.verdicts
        if v.supported and {case.chunks[i] for i in v.chunk_indices} <= removed
    }


def still_supported(
    after: list[CaseResultRecord], claims: set[tuple[str, str]]
) -> set[tuple[str, str]]:
    """Those of `claims` the second run still supports, from what remains: the retriever
    brings other chunks in place of the removed ones, and the built-in judge weighs words
    by how rare they are in the context, so a chunk may support a claim once the paragraph
    that said it better is gone."""
    return {
        (case.case_key, case.claims[v.claim_index])
        for case in after
        for v in case.verdicts
        if v.supported and (case.case_key, case.claims[v.claim_index]) in claims
    }


def remove_paragraphs(kb_path: Path, removed: set[str]) -> None:
    kept = []
    for line in kb_path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        chunk = f"{doc['title']}\n{doc['text']}" if doc.get("title") else doc["text"]
        if chunk not in removed:
            kept.append(line)
    assert len(kept) == len(kb_path.read_text(encoding="utf-8").splitlines()) - len(removed)
    kb_path.write_text("\n".join(kept) + "\n", encoding="utf-8")


async def test_kb_update_burst_starts_one_run_that_names_the_lost_claims(
    served: Served, client: PrefectClient
) -> None:
    # 1. The first audit, through the served deployment.
    await eventually(lambda: _deployment_exists(client), "the served deployment")
    first = await run_deployment(
        f"recall-audit/{DEPLOYMENT}", timeout=RUN_DEADLINE_SECONDS, client=client
    )
    assert first.state is not None and first.state.is_completed()
    base = audit_record(served.database_url, first.id)
    found = results(served.database_url, base.id)

    # 2. The knowledge base loses paragraphs that supported found claims.
    removed = paragraphs_to_remove(found)
    expected_lost = claims_only_supported_by(found, removed)
    remove_paragraphs(served.kb_path, removed)
    version = knowledge_base_fingerprint(served.kb_path)

    # 3. A burst of kb.updated: the ingestion job announces the change several times.
    sent = [await send_kb_updated(KB, f"{version[:12]}-{n}") for n in range(BURST)]

    async def triggered_and_finished() -> list[FlowRun] | None:
        runs = [
            r
            for r in await deployment_runs(client)
            if r.id != first.id and r.parameters.get("trigger")
        ]
        runs = [r for r in runs if r.parameters["trigger"].startswith("kb.updated")]
        done = all(r.state is not None and r.state.is_final() for r in runs)
        return runs if runs and done else None

    triggered = await eventually(triggered_and_finished, "the triggered run to finish")
    # Every event of the burst reached the server, and still only one run started.
    await eventually(lambda: _events_seen(client, {str(e.id) for e in sent}), "the burst's events")
    assert len(triggered) == 1
    [second] = triggered
    # The deployment's gate (--max-regression 0.05) broke: the UI shows the run as failed.
    assert second.state is not None and second.state.is_failed()
    assert second.state.name == "Regressed"
    assert f"{DATASET_NAME}: mean recall" in second.state.message
    assert "regressed against" in second.state.message
    # The burst's last version: the trigger debounces on the trailing edge.
    assert second.parameters["trigger"] == f"kb.updated {KB} {version[:12]}-{BURST - 1}"
    # The deployment's spec, as serve registered it.
    assert second.parameters["spec"]["dataset"]["path"] == str(DEMO / "dataset.jsonl")

    # 4. The comparison with the first run: exactly those claims lost, regressed.
    head = audit_record(served.database_url, second.id)
    assert head.baseline_run_id == base.id
    comparison = compare(served.database_url, base.id, head.id)
    expected_lost -= still_supported(results(served.database_url, head.id), expected_lost)
    assert expected_lost
    assert {(c.case_key, c.claim) for c in comparison.lost_claims} == expected_lost
    assert comparison.verdict == "regressed"
    assert comparison.ci_high is not None and comparison.ci_high < 0

    # 5. Prefect heard it: the events and the artifacts say the same.
    completed = await eventually(
        lambda: _run_event(client, "recall.completed", head.id), "recall.completed"
    )
    assert completed.payload["verdict"] == "regressed"
    regressed = await eventually(
        lambda: _run_event(client, "recall.regressed", head.id), "recall.regressed"
    )
    payload = regressed.payload
    assert payload["baseline_run_id"] == base.id
    assert payload["drop"] == pytest.approx(-comparison.delta)
    named = {(c["case"], c["claim"]) for c in payload["lost_claims"]}
    # An event names each claim in at most EVENT_TEXT characters.
    expected_named = {(case, short(claim, EVENT_TEXT)) for case, claim in expected_lost}
    assert named <= expected_named and len(named) == min(len(expected_lost), LOST_IN_EVENT)

    summary = await _latest_artifact(client, artifact_key(DATASET_NAME, "summary"))
    assert "regressed" in summary.data and head.id in summary.data
    lost = await _latest_artifact(client, artifact_key(DATASET_NAME, "lost-claims"))
    assert lost.data.startswith(f"# {len(expected_lost)} claim(s) lost since run {base.id[:8]}")
    for case, claim in expected_lost:
        assert f"## {case} · recall" in lost.data and f"**Lost claim:** {claim}" in lost.data


async def test_an_update_during_a_run_and_one_just_after_it_are_both_audited(
    served: Served, client: PrefectClient
) -> None:
    await eventually(lambda: _deployment_exists(client), "the served deployment")
    # A run in progress (the nightly one, say), and the knowledge base changes meanwhile.
    running = await run_deployment(f"recall-audit/{DEPLOYMENT}", timeout=0, client=client)
    await eventually(lambda: _in_state(client, running.id, "RUNNING"), "the run to start")
    during = await send_kb_updated(KB, "during-a-run")
    audited_during = await eventually(
        lambda: _finished_run_for(client, "during-a-run"), "the run for the update during a run"
    )
    # And once more, ten seconds after that run ended: inside any debounce window.
    assert audited_during.end_time is not None
    await anyio.sleep(max(0.0, 10 - (datetime.now(UTC) - audited_during.end_time).total_seconds()))
    after = await send_kb_updated(KB, "just-after")
    audited_after = await eventually(
        lambda: _finished_run_for(client, "just-after"), "the run for the update just after"
    )

    finished = await client.read_flow_run(running.id)
    assert finished.end_time is not None and during.occurred < finished.end_time
    for run, event in ((audited_during, during), (audited_after, after)):
        assert run.state is not None and run.state.is_completed(), run.state
        # It started after the update, so it audited what the knowledge base held then.
        assert run.start_time is not None and run.start_time > event.occurred


async def _in_state(client: PrefectClient, flow_run_id: Any, state_type: str) -> bool:
    run = await client.read_flow_run(flow_run_id)
    return run.state is not None and run.state.type.value == state_type


async def _finished_run_for(client: PrefectClient, version: str) -> FlowRun | None:
    trigger = f"kb.updated {KB} {version}"
    runs = [r for r in await deployment_runs(client) if r.parameters.get("trigger") == trigger]
    return runs[0] if len(runs) == 1 and runs[0].state and runs[0].state.is_final() else None


def compare(database_url: str, base_id: str, head_id: str) -> Comparison:
    """The comparison the audit published, recomputed from storage with the same defaults."""
    with Session(open_database(database_url)) as session:
        return compare_runs(run_outcome(session, base_id), run_outcome(session, head_id))


async def _deployment_exists(client: PrefectClient) -> bool:
    try:
        await client.read_deployment_by_name(f"recall-audit/{DEPLOYMENT}")
    except Exception:  # ObjectNotFound until the serve process registered it
        return False
    return True


async def _events_seen(client: PrefectClient, ids: set[str]) -> bool:
    return ids <= {str(e.id) for e in await recent_events(client, "kb.updated")}


async def _run_event(client: PrefectClient, name: str, run_id: str) -> Any:
    events = await recent_events(client, name)
    return next((e for e in events if e.payload.get("run_id") == run_id), None)


async def _latest_artifact(client: PrefectClient, key: str) -> Any:
    [artifact] = await client.read_artifacts(
        artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key])),
        sort="CREATED_DESC",
        limit=1,
    )
    return artifact
