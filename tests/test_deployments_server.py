"""Deployments on a real Prefect server: prefect.yaml deploys with its schedule, trigger and
work pool; the watcher emits `kb.updated` only on a change; the regression alert posts to
a webhook (a local HTTP server) when `recall.regressed` arrives."""

from __future__ import annotations

import json
import os
import queue
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
from prefect.events.clients import get_events_client
from prefect.events.filters import (
    EventFilter,
    EventNameFilter,
    EventOccurredFilter,
    EventResourceFilter,
)
from prefect.settings import PREFECT_API_URL, PREFECT_HOME, temporary_settings
from prefect_server import PrefectServer, server_environment
from recall_audit.deployments.alerts import create_regression_alert
from recall_audit.flows.watch import watch_knowledge_base

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
        [str(prefect), "--no-prompt", "deploy", "--all", "--prefect-file", "deployments/prefect.yaml"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=DEADLINE_SECONDS,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    deployment = await client.read_deployment_by_name("recall-audit/nightly-worker")
    assert deployment.work_pool_name == "recall-audit"
    assert deployment.entrypoint == "recall_audit.flows.audit.audit"
    assert deployment.parameters["retriever"] == "bm25:examples/hotpot/kb.jsonl"
    [schedule] = deployment.schedules
    assert (schedule.schedule.cron, schedule.schedule.timezone) == ("0 2 * * *", "UTC")
    assert deployment.concurrency_options is not None
    assert deployment.concurrency_options.collision_strategy == ConcurrencyLimitStrategy.ENQUEUE
    # Workers run the flow where `prefect deploy` ran: the repository root.
    [pull] = deployment.pull_steps or []
    assert pull["prefect.deployments.steps.set_working_directory"]["directory"] == str(ROOT)

    assert deployment.parameters["name"] == "hotpot"  # runs are called audit-hotpot
    assert deployment.parameters["max_regression"] == 0.05
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


async def test_regression_alert_posts_to_the_webhook(
    client: PrefectClient, webhook: ThreadingHTTPServer
) -> None:
    url = f"http://127.0.0.1:{webhook.server_port}/hook"
    automation = await anyio.to_thread.run_sync(create_regression_alert, url)
    assert automation.id is not None
    # The automation is live on the server once it can be read back.
    assert [a.id for a in await client.read_automations_by_name(automation.name)] == [automation.id]
    await anyio.sleep(1)  # the triggers service reloads automations about every second

    async with get_events_client() as events:
        await events.emit(
            Event(
                event="recall.regressed",
                resource={"prefect.resource.id": "recall-audit.dataset.recall-alerted-run"},
                payload={
                    "dataset": "alerted",
                    "run_id": "r2",
                    "baseline_run_id": "r1",
                    "verdict": "regressed",
                    "drop": 0.131,
                    "ci": [-0.19, -0.07],
                    "lost_claims": [{"case": "c1", "claim": "Paris is in France."}],
                },
            )
        )
    message: dict[str, Any] = await anyio.to_thread.run_sync(
        lambda: webhook.received.get(timeout=DEADLINE_SECONDS)  # type: ignore[attr-defined]
    )
    assert "Recall regressed on alerted" in message["text"]
    assert "dropped by 0.131" in message["text"] and "1 claim(s) lost" in message["text"]


def test_server_fixture_is_isolated(prefect_server: PrefectServer) -> None:
    """The server keeps its database in its own temporary home, not the user's."""
    assert (prefect_server.home / "prefect.db").exists()
    assert os.environ.get("PREFECT_HOME") != str(prefect_server.home)
