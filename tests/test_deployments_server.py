"""Deployments on a real Prefect server: prefect.yaml deploys with its schedule, trigger and
work pool; the watcher emits `kb.updated` only on a change; the regression alert posts to
a webhook (a local HTTP server) when `recall.regressed` arrives."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import anyio
import pytest
from prefect.client.orchestration import PrefectClient, get_client
from prefect.client.schemas.actions import WorkPoolCreate
from prefect.client.schemas.objects import ConcurrencyLimitStrategy
from prefect.events import Event
from prefect.events.filters import (
    EventFilter,
    EventNameFilter,
    EventOccurredFilter,
    EventResourceFilter,
)
from prefect.settings import PREFECT_API_URL, PREFECT_HOME, temporary_settings
from prefect_server import PrefectServer, free_port, server_environment
from sqlmodel import Session

from recall_audit.flows.watch import watch_knowledge_base
from recall_audit.spec import AuditSpec
from recall_audit.storage import list_runs, open_database

pytestmark = [pytest.mark.server, pytest.mark.anyio]

ROOT = Path(__file__).resolve().parent.parent
DEADLINE_SECONDS = 120


@pytest.fixture
async def client(prefect_server: PrefectServer, tmp_path: Path) -> AsyncIterator[PrefectClient]:
    settings = {PREFECT_API_URL: prefect_server.api_url, PREFECT_HOME: tmp_path / "prefect"}
    with temporary_settings(settings):
        async with get_client() as client:
            yield client


async def test_prefect_yaml_deploys_schedule_trigger_and_pool(
    prefect_server: PrefectServer, client: PrefectClient, tmp_path: Path
) -> None:
    await client.create_work_pool(WorkPoolCreate(name="recall-audit", type="process"))
    env = server_environment(tmp_path / "deploy") | prefect_server.env
    prefect = Path(sys.executable).with_name("prefect")
    done = subprocess.run(
        [str(prefect), "--no-prompt", "deploy", "--all", "--prefect-file", "recall_audit/deployments/prefect.yaml"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=DEADLINE_SECONDS,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    deployment = await client.read_deployment_by_name("recall-audit/nightly-worker")
    assert deployment.work_pool_name == "recall-audit"
    assert deployment.entrypoint == "recall_audit.flows.audit.audit"
    spec = AuditSpec.model_validate(deployment.parameters["spec"])
    assert spec.retriever.spec == "bm25:examples/hotpot/kb.jsonl" and spec.retriever.top_k == 4
    [schedule] = deployment.schedules
    assert (schedule.schedule.cron, schedule.schedule.timezone) == ("0 2 * * *", "UTC")
    assert deployment.concurrency_options is not None
    assert deployment.concurrency_options.collision_strategy == ConcurrencyLimitStrategy.ENQUEUE
    # Workers run the flow where `prefect deploy` ran: the repository root.
    [pull] = deployment.pull_steps or []
    assert pull["prefect.deployments.steps.set_working_directory"]["directory"] == str(ROOT)

    assert spec.dataset.name == "hotpot"  # runs are called audit-hotpot ...
    assert spec.gate.max_regression == 0.05
    automations = await client.read_automations_by_name("nightly-worker: audit when hotpot changes")
    [trigger] = [a.trigger for a in automations]
    assert trigger.expect == trigger.after == {"kb.updated"} and trigger.posture == "Proactive"
    assert trigger.within == timedelta(seconds=60)
    [action] = automations[0].actions
    assert action.deployment_id == deployment.id


async def _kb_events(client: PrefectClient, kb: str) -> list[Event]:
    page = await client.read_events(
        EventFilter(
            event=EventNameFilter(name=["kb.updated"]),
            resource=EventResourceFilter(id=[f"kb.{kb}"]),
            occurred=EventOccurredFilter(since=datetime.now(UTC) - timedelta(hours=1)),
        ),
        limit=50,
    )
    return page.events


async def test_watcher_emits_kb_updated_only_when_the_knowledge_base_changed(
    client: PrefectClient, tmp_path: Path
) -> None:
    kb = tmp_path / "kb.jsonl"
    kb.write_text('{"id": "1", "text": "Paris is in France."}\n')
    first = await watch_knowledge_base(kb="watched", source=str(kb))
    again = await watch_knowledge_base(kb="watched", source=str(kb))
    assert (first.previous, first.emitted) == (None, False)
    assert (again.previous, again.emitted) == (first.version, False)

    kb.write_text('{"id": "1", "text": "Paris is the capital of France."}\n')
    changed = await watch_knowledge_base(kb="watched", source=str(kb))
    assert (changed.previous, changed.emitted) == (first.version, True)

    deadline = time.monotonic() + DEADLINE_SECONDS
    while not (events := await _kb_events(client, "watched")) and time.monotonic() < deadline:
        await anyio.sleep(0.5)
    [event] = events
    assert event.resource["kb.version"] == changed.version
    assert event.payload["previous"] == first.version


class _Webhook(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.server.received.put(json.loads(body))  # type: ignore[attr-defined]
        self.send_response(200)
        self.end_headers()

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def webhook() -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Webhook)
    server.received = queue.Queue()  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def _cli(prefect_server: PrefectServer, home: Path, *args: str, **env: str) -> subprocess.Popen:
    """`recall-audit ARGS` against the test server, with its own results database."""
    environment = server_environment(home) | prefect_server.env | env
    environment |= {
        "RECALL_AUDIT_DATABASE_URL": f"sqlite:///{home / 'recall.db'}",
        "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "recall_audit", *args], cwd=home, env=environment,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _finish(process: subprocess.Popen) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=DEADLINE_SECONDS)
    return process.returncode, out, err


def _runs(home: Path) -> list[Any]:
    with Session(open_database(f"sqlite:///{home / 'recall.db'}")) as session:
        return list_runs(session)


def _flow_run_of(home: Path, run_id: str) -> str:
    [record] = [r for r in _runs(home) if r.id == run_id]
    return record.prefect_flow_run_id


async def _message(webhook: ThreadingHTTPServer) -> dict[str, Any]:
    return await anyio.to_thread.run_sync(
        lambda: webhook.received.get(timeout=DEADLINE_SECONDS)  # type: ignore[attr-defined]
    )


async def test_alerts_command_notifies_a_regressed_run_and_a_crashed_run_once_each(
    prefect_server: PrefectServer, client: PrefectClient, webhook: ThreadingHTTPServer,
    tmp_path: Path,
) -> None:  # fmt: skip
    url = f"http://127.0.0.1:{webhook.server_port}/hook"
    created = _finish(_cli(prefect_server, tmp_path, "alerts", "create", "--webhook", url))
    assert created[0] == 0, created[2]
    listed = _finish(_cli(prefect_server, tmp_path, "alerts", "list", "--json"))
    [alert] = json.loads(listed[1])
    assert alert["name"] == "default" and len(alert["automations"]) == 2
    await anyio.sleep(2)  # the triggers service reloads automations about every second

    # A regressed run: two of four claims lose their chunks; the gate breaks.
    facts = [("Ada was born in 1815.", "Ada wrote the first program."),
             ("Alan was born in 1912.", "Alan broke the Enigma code.")]  # fmt: skip
    rows = [{"question": f"q{i}", "ground_truth": f"{a} {b}", "contexts": [a, b]}
            for i, (a, b) in enumerate(facts)]  # fmt: skip
    data = tmp_path / "pioneers.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run = ("run", "--dataset", str(data), "--max-regression", "0.05", "--json")
    assert _finish(_cli(prefect_server, tmp_path, *run))[0] == 0
    data.write_text("".join(json.dumps(r | {"contexts": r["contexts"][:1]}) + "\n" for r in rows))
    code, out, _ = _finish(_cli(prefect_server, tmp_path, *run))
    assert code == 1
    regressed = json.loads(out)
    message = (await _message(webhook))["text"]
    assert message.startswith("Recall regressed on pioneers\n")
    assert "Mean recall of pioneers is 0.500, -0.500 against run " in message
    assert "(95% interval " in message and "2 claim(s) lost." in message
    assert "more than max-regression 0.05." in message  # why the gate broke
    record = await client.read_flow_run(_flow_run_of(tmp_path, regressed["run_id"]))
    assert f"Run: {prefect_server.ui_url}/runs/flow-run/{record.id}" in message
    assert record.state is not None and record.state.name == "Regressed"
    assert regressed["comparison"]["verdict"] == "regressed"

    # A crashed run: the process running an audit is terminated midway.
    slow = _cli(prefect_server, tmp_path, "run", "--dataset", str(data), "--retriever",
                "python:pipeline_retrievers:slow", "--concurrency", "1",
                PIPELINE_RETRIEVER_DELAY="5")  # fmt: skip
    deadline = time.monotonic() + DEADLINE_SECONDS
    while time.monotonic() < deadline:
        started = [r.id for r in _runs(tmp_path) if r.status == "running"]
        if started:
            latest = await client.read_flow_run(_flow_run_of(tmp_path, started[0]))
            if latest.state is not None and latest.state.is_running():
                break
        await anyio.sleep(0.5)
    slow.terminate()
    _finish(slow)
    crashed = (await _message(webhook))["text"]
    # The flow run's name: the dataset, then the configuration's name and short hash.
    subject = crashed.split("\n")[0]
    assert re.fullmatch(
        r"Recall audit audit-pioneers python:pipeline_retrievers:slow k=5 \([0-9a-f]{8}\) crashed",
        subject,
    ), crashed
    assert f"Run: {prefect_server.ui_url}/runs/flow-run/{latest.id}" in crashed
    # One message per run: nothing else arrives.
    await anyio.sleep(3)
    assert webhook.received.empty()  # type: ignore[attr-defined]


def test_server_fixture_is_isolated(prefect_server: PrefectServer) -> None:
    """The server keeps its database in its own temporary home, not the user's."""
    assert (prefect_server.home / "prefect.db").exists()
    assert os.environ.get("PREFECT_HOME") != str(prefect_server.home)


def test_operations_answer_a_bad_source_or_url_with_one_line_and_exit_2(
    prefect_server: PrefectServer, tmp_path: Path
) -> None:
    closed = f"http://127.0.0.1:{free_port()}"
    for args, named in (
        (["watch", "--kb", "x", "--source", str(tmp_path / "missing")], "missing"),
        (["watch", "--kb", "x", "--source", f"{closed}/kb"], closed),
        (["alerts", "create", "--webhook", "ftp://example.invalid/hook"], "--webhook"),
    ):
        code, _, err = _finish(_cli(prefect_server, tmp_path, *args))
        assert code == 2 and err.count("\n") == 1 and named in err, (args, err)
