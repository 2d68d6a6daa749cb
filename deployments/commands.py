"""`recall-audit serve`: registers the audit deployment and runs its runs. It lives here, with
the deployments, because the scheduling layer uses the flows and never the reverse."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from recall_audit.flows.operations import console, require_server
from recall_audit.flows.options import (
    AppDir,
    Dataset,
    Judge,
    Name,
    Retriever,
    Rpm,
    TopK,
    Tpm,
    check_judge_and_retriever,
    fail,
)

serve_app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)


@serve_app.command()
def serve(
    dataset: Dataset,
    retriever: Retriever = None,
    judge: Judge = "builtin",
    name: Name = None,
    top_k: TopK = 5,
    deployment: Annotated[str, typer.Option(help="Deployment name.")] = "nightly",
    cron: Annotated[str, typer.Option(help="When to run, cron syntax.")] = "0 2 * * *",
    timezone: Annotated[str, typer.Option(help="IANA time zone of --cron.")] = "UTC",
    kb: Annotated[
        str | None, typer.Option(help="Also run on `kb.updated` events of this knowledge base.")
    ] = None,
    debounce: Annotated[
        float,
        typer.Option(min=0, help="Seconds after a kb.updated run during which more are ignored."),
    ] = 60.0,
    app_dir: AppDir = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
) -> None:
    """Register the audit deployment (nightly + on kb.updated) and run its runs; blocks."""
    # Imported here: it loads Prefect's runner, which the other commands never need.
    from recall_audit.deployments.serve import ServeSettings, serve_audit

    if not dataset.is_file():
        raise fail(f"{dataset}: no such file")
    check_judge_and_retriever(judge, retriever, app_dir)
    api = require_server()
    settings = ServeSettings(
        dataset=str(dataset),
        retriever=retriever,
        judge=judge,
        name=name,
        top_k=top_k,
        deployment=deployment,
        cron=cron,
        timezone=timezone,
        kb=kb,
        debounce_seconds=debounce,
        app_dir=str(app_dir or Path.cwd()),
        rpm=rpm,
        tpm=tpm,
    )
    console.print(
        f"serving recall-audit/{deployment} on {api}: cron {cron!r} ({timezone})"
        + (f", and on kb.updated for kb.{kb}" if kb else ""),
        highlight=False,
    )
    serve_audit(settings)
