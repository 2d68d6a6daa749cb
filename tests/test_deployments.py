"""Deployments without a server: what `recall-audit serve` registers, and how the watcher
reads a knowledge base's version (files, folders, HTTP endpoints on 127.0.0.1)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from prefect.client.schemas.objects import ConcurrencyLimitStrategy

from recall_audit.compare.gate import Gate
from recall_audit.deployments.serve import ServeSettings, build_deployment
from recall_audit.flows.watch import kb_updated_event, kb_version, variable_name, watched_files
from recall_audit.spec import AuditSpec

ROOT = Path(__file__).resolve().parent.parent
# A checkout's examples/hotpot links to the package's demo data; paths are stored resolved.
DEMO = (ROOT / "examples" / "hotpot").resolve()


def settings(gate: Gate | None = None, **changes: object) -> ServeSettings:
    audit = AuditSpec.from_flat(
        dataset=str(DEMO / "dataset.jsonl"),
        retriever=f"bm25:{DEMO / 'kb.jsonl'}",
        gate=gate or Gate(),
    )
    return ServeSettings(audit=audit, **changes)


def spec_parameter(settings: ServeSettings) -> AuditSpec:
    """The spec a deployment hands its runs, read back as a run would."""
    return AuditSpec.model_validate(build_deployment(settings).parameters["spec"])


def test_nightly_schedule_defaults_to_two_in_the_morning_utc() -> None:
    deployment = build_deployment(settings())
    [schedule] = deployment.schedules
    assert (schedule.schedule.cron, schedule.schedule.timezone) == ("0 2 * * *", "UTC")
    assert schedule.parameters == {"trigger": "schedule 0 2 * * * UTC"}
    assert deployment.triggers == []


def test_schedule_and_time_zone_are_configurable() -> None:
    deployment = build_deployment(settings(cron="30 3 * * 1-5", timezone="Europe/Paris"))
    [schedule] = deployment.schedules
    assert (schedule.schedule.cron, schedule.schedule.timezone) == ("30 3 * * 1-5", "Europe/Paris")


def test_kb_trigger_fires_once_per_burst_for_its_last_version() -> None:
    deployment = build_deployment(settings(kb="hotpot", debounce_seconds=90))
    [trigger] = deployment.triggers
    # Trailing edge: each kb.updated restarts a quiet window; a quiet window fires.
    assert trigger.after == trigger.expect == {"kb.updated"}
    assert trigger.posture == "Proactive"
    assert trigger.match.model_dump() == {"prefect.resource.id": "kb.hotpot"}
    assert (trigger.threshold, trigger.within) == (1, timedelta(seconds=90))
    assert trigger.for_each == {"prefect.resource.id"}
    assert trigger.parameters == {"trigger": "kb.updated hotpot {{ event.resource['kb.version'] }}"}
    # Named per deployment: two deployments on one knowledge base never share an automation.
    assert trigger.name == "nightly: audit when hotpot changes"
    with pytest.raises(ValueError, match="debounce_seconds"):
        settings(kb="hotpot", debounce_seconds=5)


def test_the_gate_travels_in_the_spec_parameter() -> None:
    gated = spec_parameter(settings(gate=Gate(max_regression=0.05, max_lost_claims=3)))
    assert gated.gate == Gate(max_regression=0.05, max_lost_claims=3)
    assert gated.retriever.spec == f"bm25:{DEMO / 'kb.jsonl'}"


def test_one_audit_at_a_time_later_ones_wait() -> None:
    options = build_deployment(settings()).concurrency_options
    assert build_deployment(settings()).concurrency_limit == 1
    assert options is not None and options.collision_strategy == ConcurrencyLimitStrategy.ENQUEUE


def test_local_paths_become_absolute_and_urls_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DEMO.parent.parent)

    def serving(**flat: str) -> ServeSettings:
        return ServeSettings(audit=AuditSpec.from_flat(**flat))

    local = spec_parameter(
        serving(dataset="examples/hotpot/dataset.jsonl", retriever="bm25:examples/hotpot/kb.jsonl")
    )
    assert local.dataset.path == str(DEMO / "dataset.jsonl")
    assert local.retriever.spec == f"bm25:{DEMO / 'kb.jsonl'}"
    # python: modules are looked up where serve was started (or --app-dir), not where runs start.
    assert local.app_dir == str(ROOT)
    elsewhere = spec_parameter(serving(dataset="d.jsonl", app_dir="examples"))
    assert elsewhere.app_dir == str(ROOT / "examples")
    remote = spec_parameter(serving(dataset="d.jsonl", retriever="http://127.0.0.1:9/s"))
    assert remote.retriever.spec == "http://127.0.0.1:9/s"
    # Runs import the flow by module, so they start from any working directory.
    assert (
        build_deployment(serving(dataset="d.jsonl")).entrypoint == "recall_audit.flows.audit.audit"
    )


def test_kb_updated_event_carries_the_version_label() -> None:
    event = kb_updated_event("hotpot", "abc123", source="kb.jsonl")
    assert event.event == "kb.updated"
    assert event.resource.id == "kb.hotpot"
    assert event.resource["kb.version"] == "abc123"
    assert event.payload == {"kb": "hotpot", "version": "abc123", "source": "kb.jsonl"}


def test_variable_names_are_what_prefect_accepts() -> None:
    assert variable_name("Hotpot KB/v2") == "kb_version_hotpot_kb_v2"


@pytest.mark.anyio
async def test_file_and_folder_versions_change_exactly_when_their_text_does(tmp_path: Path) -> None:
    kb = tmp_path / "kb.jsonl"
    kb.write_text('{"id": "1", "text": "Paris is in France."}\n')
    first = await kb_version(str(kb))
    assert await kb_version(str(kb)) == first
    kb.write_text('{"id": "1", "text": "Paris is in France."}\n{"id": "2", "text": "Rome."}\n')
    assert await kb_version(str(kb)) != first

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("Alpha.")
    before = await kb_version(str(folder))
    (folder / "b.md").write_text("Beta.")
    assert await kb_version(str(folder)) != before


@pytest.mark.anyio
async def test_a_folder_is_every_file_in_it_unless_globs_narrow_it(tmp_path: Path) -> None:
    folder = tmp_path / "kb"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.md").write_text("Alpha.")
    (folder / "b.jsonl").write_text('{"text": "Beta."}\n')
    (folder / "sub" / "c.html").write_text("<p>Gamma.</p>")
    (folder / "notes.tmp").write_text("scratch")
    versions = {await kb_version(str(folder))}
    for name, text in (("b.jsonl", '{"text": "Beta!"}\n'), ("sub/c.html", "<p>Gamma!</p>")):
        (folder / name).write_text(text)
        versions.add(await kb_version(str(folder)))
    assert len(versions) == 3  # each edit, whatever the file's kind, is a new version

    narrow = {"include": ["*.md", "*.html"], "exclude": ["*.tmp"]}
    assert [p.name for p in watched_files(folder, **narrow)] == ["a.md", "c.html"]
    quiet = await kb_version(str(folder), **narrow)
    (folder / "notes.tmp").write_text("more scratch")
    (folder / "b.jsonl").write_text("{}\n")
    assert await kb_version(str(folder), **narrow) == quiet
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        await kb_version(str(tmp_path / "missing"))


class _Endpoint(BaseHTTPRequestHandler):
    """Answers with whatever the test put on the server: headers and a body."""

    def do_GET(self) -> None:
        headers, body = self.server.reply  # type: ignore[attr-defined]
        self.send_response(200)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def endpoint() -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Endpoint)
    server.reply = ({}, b"")  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.anyio
async def test_http_version_is_the_etag_then_the_json_version_then_a_hash(
    endpoint: ThreadingHTTPServer,
) -> None:
    url = f"http://127.0.0.1:{endpoint.server_port}/kb"
    endpoint.reply = ({"ETag": 'W/"v7"'}, b"{}")  # type: ignore[attr-defined]
    assert await kb_version(url) == "v7"
    endpoint.reply = ({}, json.dumps({"version": 42, "docs": 3}).encode())  # type: ignore[attr-defined]
    assert await kb_version(url) == "42"
    endpoint.reply = ({}, b"plain text index")  # type: ignore[attr-defined]
    hashed = await kb_version(url)
    assert len(hashed) == 64
    endpoint.reply = ({}, b"plain text index, changed")  # type: ignore[attr-defined]
    assert await kb_version(url) != hashed


def test_serve_rejects_bad_input_with_exit_code_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from recall_audit.cli import app

    runner = CliRunner()
    missing = runner.invoke(app, ["serve", "--dataset", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    bad = runner.invoke(
        app, ["serve", "--dataset", str(DEMO / "dataset.jsonl"), "--retriever", "bm25:/no/kb"]
    )
    assert bad.exit_code == 2 and "/no/kb" in bad.output
