"""`recall-audit serve` and `recall-audit alerts`: register the audit deployment and run its
runs, and notify on regressions (the work itself is in `recall_audit/deployments/`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from recall_audit.cli.operations import console, require_server
from recall_audit.cli.options import (
    ApiKeyBlock,
    AppDir,
    ChunkSize,
    ChunkUnit,
    Dataset,
    Embedding,
    FailUnder,
    Judge,
    MaxChunkChars,
    MaxChunks,
    MaxGroundTruthChars,
    MaxLostClaims,
    MaxRegression,
    MaxResponseBytes,
    Name,
    Overlap,
    Qrels,
    RequireSignificance,
    Retriever,
    RetrieverIdleTimeout,
    RetrieverTimeout,
    Rpm,
    TopK,
    Tpm,
    fail,
)
from recall_audit.cli.references import retriever_by_reference
from recall_audit.cli.spec import DEFAULT, check_judge_and_retriever, spec_of

serve_app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
Debounce = Annotated[
    float,
    typer.Option(
        min=10,
        help="Run once the knowledge base has been quiet this long after a kb.updated "
        "(a burst makes one run, for its last version; at least 10 s).",
    ),
]


@serve_app.command()
def serve(
    dataset: Dataset,
    retriever: Retriever = None,
    judge: Judge = DEFAULT.judge,
    name: Name = None,
    top_k: TopK = DEFAULT.retriever.top_k,
    deployment: Annotated[str, typer.Option(help="Deployment name.")] = "nightly",
    cron: Annotated[str, typer.Option(help="When to run, cron syntax.")] = "0 2 * * *",
    timezone: Annotated[str, typer.Option(help="IANA time zone of --cron.")] = "UTC",
    kb: Annotated[
        str | None, typer.Option(help="Also run on `kb.updated` events of this knowledge base.")
    ] = None,
    debounce: Debounce = 60.0,
    app_dir: AppDir = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
    api_key_block: ApiKeyBlock = None,
    fail_under: FailUnder = None,
    max_regression: MaxRegression = None,
    max_lost_claims: MaxLostClaims = None,
    require_significance: RequireSignificance = False,
    chunk_size: ChunkSize = None,
    overlap: Overlap = None,
    chunk_unit: ChunkUnit = None,
    embedding: Embedding = None,
    qrels: Qrels = None,
    retriever_timeout: RetrieverTimeout = None,
    retriever_idle_timeout: RetrieverIdleTimeout = None,
    max_response_bytes: MaxResponseBytes = None,
    max_chunks: MaxChunks = None,
    max_chunk_chars: MaxChunkChars = None,
    max_ground_truth_chars: MaxGroundTruthChars = None,
) -> None:
    """Register the audit deployment (nightly + on kb.updated) and run its runs; blocks."""
    # Every option but when to run describes the audit (the AuditSpec).
    options = dict(locals())
    when = {key: options.pop(key) for key in ("deployment", "cron", "timezone", "kb", "debounce")}
    # Imported here: it loads Prefect's runner, which the other commands never need.
    from recall_audit.deployments.serve import ServeSettings, serve_audit

    if not dataset.is_file():
        raise fail(f"{dataset}: no such file")
    check_judge_and_retriever(spec_of(**options))
    api = require_server()
    options |= {"retriever": retriever_by_reference(retriever), "app_dir": app_dir or Path.cwd()}
    settings = ServeSettings(
        audit=spec_of(**options), debounce_seconds=when.pop("debounce"), **when
    )
    console.print(
        f"serving recall-audit/{deployment} on {api}: cron {cron!r} ({timezone})"
        + (f", and on kb.updated for kb.{kb}" if kb else ""),
        highlight=False,
    )
    serve_audit(settings)


alerts_app = typer.Typer(
    no_args_is_help=True,
    help="Notify a webhook or a Prefect notification block when an audit regresses, fails "
    "or crashes (Prefect automations).",
)
serve_app.add_typer(alerts_app, name="alerts")
AlertName = Annotated[str, typer.Option("--name", help="Name of the alert.")]


@alerts_app.command("create")
def alerts_create(
    webhook: Annotated[
        str | None, typer.Option(help='URL that receives a JSON message {"text": ...}.')
    ] = None,
    block: Annotated[
        str | None,
        typer.Option(help="A saved notification block instead: block-type-slug/block-name."),
    ] = None,
    name: AlertName = "default",
) -> None:
    """Create (or replace) an alert: regressions, failed and crashed audit runs."""
    import asyncio

    from recall_audit.deployments.alerts import block_id, create_alert, save_webhook

    if (webhook is None) == (block is None):
        raise fail("give one of --webhook URL or --block block-type-slug/block-name")
    if webhook is not None and not webhook.startswith(("http://", "https://")):
        raise fail(f"--webhook must be an http(s) URL, not {webhook!r}")
    api = require_server()
    try:
        target = save_webhook(webhook, name) if webhook else asyncio.run(block_id(block or ""))
    except ValueError as error:
        raise fail(str(error)) from None
    except Exception as error:  # ObjectNotFound: the block is not on the server
        raise fail(f"--block {block}: not found on {api} ({type(error).__name__})") from None
    asyncio.run(create_alert(name, target))
    console.print(
        f"alert {name!r}: regressions, failed and crashed audit runs now notify "
        + ("the webhook" if webhook else f"block {block}"),
        highlight=False,
    )


@alerts_app.command("list")
def alerts_list(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The alerts on the server, with their automations."""
    import asyncio
    import json

    from recall_audit.deployments.alerts import list_alerts

    require_server()
    alerts = asyncio.run(list_alerts())
    if as_json:
        print(json.dumps([a.model_dump() for a in alerts]))
        return
    for alert in alerts:
        state = "on" if alert.enabled else "paused"
        console.print(f"{alert.name} ({state}): {', '.join(alert.automations)}", highlight=False)
    if not alerts:
        console.print("no alerts; create one with `recall-audit alerts create --webhook URL`")


@alerts_app.command("remove")
def alerts_remove(name: AlertName = "default") -> None:
    """Remove an alert's automations."""
    import asyncio

    from recall_audit.deployments.alerts import remove_alert

    require_server()
    removed = asyncio.run(remove_alert(name))
    if not removed:
        raise fail(f"no alert named {name!r}; see `recall-audit alerts list`")
    console.print(f"alert {name!r} removed ({removed} automations)")
