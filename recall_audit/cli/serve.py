"""`recall-audit serve` and `recall-audit alerts`: register the audit deployment and run its
runs, and notify on regressions (the work itself is in `recall_audit/deployments/`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from recall_audit.cli.operations import console, require_server
from recall_audit.cli.options import fail
from recall_audit.cli.references import retriever_by_reference
from recall_audit.cli.spec import check_judge_and_retriever
from recall_audit.cli.spec_options import GivenSettings, with_audit_settings

serve_app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)


def _debounce(value: float) -> float:
    """10 s to a day (the deployment's own bounds); NaN, which compares false, is refused."""
    if not 10 <= value <= 86_400:
        raise fail(f"--debounce must be from 10 to 86,400 seconds, not {value}")
    return value


Debounce = Annotated[
    float,
    typer.Option(
        callback=_debounce,
        help="Run once the knowledge base has been quiet this long after a kb.updated "
        "(a burst makes one run, for its last version; 10 s to a day).",
    ),
]


@serve_app.command()
@with_audit_settings
def serve(
    given: GivenSettings,
    deployment: Annotated[str, typer.Option(help="Deployment name.")] = "nightly",
    cron: Annotated[str, typer.Option(help="When to run, cron syntax.")] = "0 2 * * *",
    timezone: Annotated[str, typer.Option(help="IANA time zone of --cron.")] = "UTC",
    kb: Annotated[
        str | None, typer.Option(help="Also run on `kb.updated` events of this knowledge base.")
    ] = None,
    debounce: Debounce = 60.0,
) -> None:
    """Register the audit deployment (nightly + on kb.updated) and run its runs; blocks."""
    # Imported here: it loads Prefect's runner, which the other commands never need.
    from recall_audit.deployments.serve import ServeSettings, serve_audit

    spec = given.spec()
    if not Path(spec.dataset.path).is_file():
        raise fail(f"{spec.dataset.path}: no such file")
    check_judge_and_retriever(spec)
    api = require_server()
    # A retriever URL with credentials reaches the deployment by reference; its runs import
    # python: modules from here.
    spec = spec.with_retriever(retriever_by_reference(spec.retriever.spec))
    spec = spec.model_copy(update={"app_dir": spec.app_dir or str(Path.cwd())})
    settings = ServeSettings(
        audit=spec,
        deployment=deployment,
        cron=cron,
        timezone=timezone,
        kb=kb,
        debounce_seconds=debounce,
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
