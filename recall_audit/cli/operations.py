"""Commands around unattended audits: the Prefect server and UI, and the knowledge-base
watcher (docs/operations.md). `recall-audit` (recall_audit/cli/__init__.py) joins them with
the audit commands and with `serve`.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from recall_audit.cli.checks import check_prefect_api
from recall_audit.cli.options import fail
from recall_audit.errors import RecallAuditError
from recall_audit.flows.environment import (
    SERVER_HOST,
    configure_prefect,
    ensure_prefect_home,
    prefect_home,
    server_environment,
    server_port,
)

ops_app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
console = Console(emoji=False)


def require_server() -> str:
    """The API these commands talk to: PREFECT_API_URL, else the local server if it answers.
    Deployments, triggers and events need a real server: a temporary one would vanish."""
    configure_prefect(quiet=False)
    api = os.environ.get("PREFECT_API_URL")
    if not api:
        raise fail(
            f"no Prefect server: start one with `recall-audit server` "
            f"(http://{SERVER_HOST}:{server_port()}) or set PREFECT_API_URL"
        )
    check_prefect_api()
    return api


server_app = typer.Typer(
    invoke_without_command=True,
    help="The Prefect server and UI: `recall-audit server` runs it here until Ctrl-C; "
    "`recall-audit server stop` stops the one a command started in the background.",
)
ops_app.add_typer(server_app, name="server")


@server_app.callback()
def server(
    ctx: typer.Context,
    host: str = SERVER_HOST,
    port: Annotated[int | None, typer.Option(min=1, max=65535)] = None,
) -> None:
    """Start the Prefect server and UI, with the project's Prefect home and no telemetry."""
    if ctx.invoked_subcommand is not None:
        return
    port = port or server_port()
    try:
        home = ensure_prefect_home()
    except RecallAuditError as error:
        raise fail(str(error)) from None
    env = server_environment(host, port)
    prefect = shutil.which("prefect", path=str(Path(sys.executable).parent)) or "prefect"
    found_by_default = (host, port) == (SERVER_HOST, server_port())
    console.print(
        f"Prefect UI: [bold]http://{host}:{port}[/bold]  (home {home}; Ctrl-C to stop)\n"
        + (
            "recall-audit commands use it while it runs; other programs need "
            if found_by_default
            else "Point runs at it with "
        )
        + f"PREFECT_API_URL=http://{host}:{port}/api",
        highlight=False,
    )
    sys.stdout.flush()
    # exec: Ctrl-C and SIGTERM reach the server itself, with no wrapper in between.
    os.execve(prefect, [prefect, "server", "start", "--host", host, "--port", str(port)], env)


@server_app.command("stop")
def server_stop() -> None:
    """Stop the project's Prefect server that a command started in the background."""
    from recall_audit.server.local_server import stop_local_server

    configure_prefect()
    pid = stop_local_server()
    if pid is None:
        console.print(f"no background Prefect server of this project (home {prefect_home()})")
    else:
        console.print(f"stopped the Prefect server (pid {pid})")


@ops_app.command("kb-updated")
def kb_updated(
    kb: Annotated[str, typer.Option(help="Knowledge base name: the event's resource is kb.NAME.")],
    version: Annotated[
        str | None,
        typer.Option(help="New version (default: the fingerprint of --source, else the time)."),
    ] = None,
    source: Annotated[
        str | None, typer.Option(help="Folder, file or URL of the knowledge base.")
    ] = None,
) -> None:
    """Announce a new knowledge-base version: emits `kb.updated` and waits until it is sent."""
    from recall_audit.flows.watch import kb_version, send_kb_updated

    require_server()
    if version is None and source is not None:
        try:
            version = asyncio.run(kb_version(source))
        except (OSError, ValueError) as error:
            raise fail(f"{source}: {error}") from None
    version = version or datetime.now(UTC).isoformat(timespec="seconds")
    event = asyncio.run(send_kb_updated(kb, version, **({"source": source} if source else {})))
    console.print(f"emitted kb.updated for kb.{kb} version {version} ({event.id})")


@ops_app.command()
def watch(
    kb: Annotated[str, typer.Option(help="Knowledge base name (events name kb.NAME).")],
    source: Annotated[str, typer.Option(help="Folder, file or http(s) URL.")],
    every: Annotated[
        int | None, typer.Option(min=1, help="Look again every N seconds until stopped.")
    ] = None,
    include: Annotated[
        list[str] | None,
        typer.Option(help="Glob of a folder's files to watch (repeatable; default: every file)."),
    ] = None,
    exclude: Annotated[
        list[str] | None, typer.Option(help="Glob of a folder's files to ignore (repeatable).")
    ] = None,
) -> None:
    """Emit `kb.updated` when the knowledge base changed since the last look. Looks are not
    flow runs: only a change reaches Prefect, as an event."""
    import httpx

    from recall_audit.flows.watch import EVERY_FILE, look

    require_server()
    globs = (include or list(EVERY_FILE), exclude or [])
    while True:
        try:
            check = asyncio.run(look(kb, source, *globs))
        except (OSError, ValueError, httpx.HTTPError) as error:
            raise fail(f"{source}: {error}") from None
        state = "changed" if check.emitted else "first look" if check.previous is None else "same"
        console.print(f"kb.{kb} version {check.version}: {state}", highlight=False)
        if every is None:
            return
        time.sleep(every)
