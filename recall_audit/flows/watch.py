"""Watch a knowledge base and announce each new version as a `kb.updated` event.

A version is a fingerprint: of a file's bytes; of a folder's files (every file by default,
narrowed by include/exclude globs); for an HTTP endpoint its ETag, else the `version` field
of its JSON, else a hash of its body. The last version seen lives in a Prefect Variable
(`kb_version_<name>`), so the watcher keeps no state of its own and any machine can run it.
The first look only records the version: there is nothing to compare it with yet.

A look is a plain function, not a flow run: `recall-audit watch --every N` looks in a loop
and only an announced change reaches Prefect, as a `kb.updated` event.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from fnmatch import fnmatch
from pathlib import Path

import httpx
from prefect import get_run_logger
from prefect.events import Event
from prefect.events.clients import get_events_client
from prefect.variables import Variable
from pydantic import BaseModel

from recall_audit.datasets.cases import fingerprint_file
from recall_audit.flows.lean import lean_flow

KB_UPDATED = "kb.updated"
# The label every `kb.updated` event carries: a fingerprint or a version string.
KB_VERSION_LABEL = "kb.version"
HTTP_TIMEOUT_SECONDS = 10.0


def kb_resource_id(kb: str) -> str:
    return f"kb.{kb}"


def variable_name(kb: str) -> str:
    """Variable names allow lowercase letters, digits and underscores."""
    return "kb_version_" + (re.sub(r"[^a-z0-9]+", "_", kb.lower()).strip("_") or "default")


def _http_version(response: httpx.Response) -> str:
    etag = response.headers.get("etag")
    if etag:
        return etag.removeprefix("W/").strip('"')
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and body.get("version") is not None:
        return str(body["version"])
    return hashlib.sha256(response.content).hexdigest()


EVERY_FILE = ("*",)


def watched_files(root: Path, include: Sequence[str], exclude: Sequence[str]) -> list[Path]:
    """The folder's files whose path relative to it matches an include glob and no exclude
    glob (fnmatch: `*` also crosses folders, so `*.md` is every Markdown file)."""
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if (
            path.is_file()
            and any(fnmatch(relative, g) for g in include)
            and not any(fnmatch(relative, g) for g in exclude)
        ):
            found.append(path)
    return found


def folder_fingerprint(
    root: Path, include: Sequence[str] = EVERY_FILE, exclude: Sequence[str] = ()
) -> str:
    """sha256 over each watched file's relative path and bytes: changes exactly when one is
    added, removed, renamed or edited."""
    digest = hashlib.sha256()
    for file in watched_files(root, include, exclude):
        digest.update(f"{file.relative_to(root).as_posix()}\0{fingerprint_file(file)}\n".encode())
    return digest.hexdigest()


async def kb_version(
    source: str, include: Sequence[str] = EVERY_FILE, exclude: Sequence[str] = ()
) -> str:
    """The current version of the knowledge base at `source` (a path or an http(s) URL)."""
    if source.startswith(("http://", "https://")):
        async with httpx.AsyncClient(timeout=HTTP_TIMEOUT_SECONDS) as client:
            response = await client.get(source, follow_redirects=True)
            response.raise_for_status()
        return _http_version(response)
    path = Path(source)
    if path.is_dir():
        return folder_fingerprint(path, include, exclude)
    if not path.is_file():
        raise FileNotFoundError(f"{source}: no such file or folder")
    return fingerprint_file(path)


def kb_updated_event(kb: str, version: str, **payload: object) -> Event:
    return Event(
        event=KB_UPDATED,
        resource={
            "prefect.resource.id": kb_resource_id(kb),
            "prefect.resource.name": kb,
            KB_VERSION_LABEL: version,
        },
        payload={"kb": kb, "version": version, **payload},
    )


async def send_kb_updated(kb: str, version: str, **payload: object) -> Event:
    """Sends the event now, not through the background events worker that `emit_event`
    uses, so a short-lived command knows it reached the server before it exits."""
    event = kb_updated_event(kb, version, **payload)
    async with get_events_client() as events:
        await events.emit(event)
    return event


class KbCheck(BaseModel):
    kb: str
    version: str
    previous: str | None
    emitted: bool


async def look(
    kb: str, source: str, include: Sequence[str] = EVERY_FILE, exclude: Sequence[str] = ()
) -> KbCheck:
    """Emits `kb.updated` when the knowledge base at `source` changed since the last look."""
    version = await kb_version(source, include, exclude)
    name = variable_name(kb)
    previous = await Variable.aget(name, default=None)
    changed = previous is not None and previous != version
    if changed:
        # Emitted before the variable moves on: a crash in between repeats the event
        # (the trigger's debounce absorbs it) rather than losing it.
        await send_kb_updated(kb, version, source=source, previous=previous)
    if previous != version:
        await Variable.aset(name, version, overwrite=True)
    return KbCheck(kb=kb, version=version, previous=previous, emitted=changed)


@lean_flow(name="watch-knowledge-base", flow_run_name="watch {kb}")
async def watch_knowledge_base(
    kb: str, source: str, include: list[str] | None = None, exclude: list[str] | None = None
) -> KbCheck:
    """One look as a flow run, for a deployment or an automation that wants one."""
    check = await look(kb, source, include or EVERY_FILE, exclude or ())
    if check.emitted:
        get_run_logger().info("%s changed: %s -> %s", kb, check.previous, check.version)
    return check
