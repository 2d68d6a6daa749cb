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
    FailUnder,
    Judge,
    MaxLostClaims,
    MaxRegression,
    Name,
    RequireSignificance,
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
        typer.Option(
            min=10,
            help="Run once the knowledge base has been quiet this long after a kb.updated "
            "(a burst makes one run, for its last version; at least 10 s).",
        ),
    ] = 60.0,
    app_dir: AppDir = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
    fail_under: FailUnder = None,
    max_regression: MaxRegression = None,
    max_lost_claims: MaxLostClaims = None,
    require_significance: RequireSignificance = False,
) -> None:
    """Register the audit deployment (nightly + on kb.updated) and run its runs; blocks."""
    # Imported here: it loads Prefect's runner, which the other commands never need.
    from recall_audit.deployments.serve import ServeSettings, serve_audit
    from recall_audit.scorer.gate import Gate

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
        gate=Gate(
            fail_under=fail_under,
            max_regression=max_regression,
            max_lost_claims=max_lost_claims,
            require_significance=require_significance,
        ),
    )
    console.print(
        f"serving recall-audit/{deployment} on {api}: cron {cron!r} ({timezone})"
        + (f", and on kb.updated for kb.{kb}" if kb else ""),
        highlight=False,
    )
    serve_audit(settings)
