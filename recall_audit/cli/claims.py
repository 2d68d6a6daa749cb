"""`recall-audit claims refresh`: extract now the claims a dataset's ground truths lack.

Frozen claims never change (a case's denominator must not move between runs); what is not
frozen (never extracted, failed, or came back empty) is extracted again on demand here
instead of waiting for the next run. A judge with other prompts has other frozen claims.
"""

from __future__ import annotations

import asyncio
import gc
import json
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import TYPE_CHECKING, Annotated

import typer
from pydantic import BaseModel
from rich.console import Console

from recall_audit.cli.options import Judge, errors, fail
from recall_audit.errors import RecallAuditError
from recall_audit.types import Usage

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from recall_audit.scorer.judge import Judge as JudgeType

claims_app = typer.Typer(no_args_is_help=True, help="The frozen claims of a dataset.")
console = Console(emoji=False)


class RefreshReport(BaseModel):
    dataset: str
    judge: str
    judge_version: str
    ground_truths: int
    already_frozen: int
    asked: int
    frozen_now: int
    empty: int
    # Why each ground truth still has no claims, by one of its case keys.
    failed: dict[str, str]
    usage: Usage


async def refresh_claims(
    engine: Engine, dataset: str, judge: JudgeType, concurrency: int = 4
) -> RefreshReport:
    """Extracts and freezes the claims of every ground truth of `dataset` that has none."""
    # Imported here, so the command line starts without the database or Prefect.
    from sqlmodel import Session

    from recall_audit.scorer.prompts import claim_key
    from recall_audit.storage import dataset_cases, get_claims, get_dataset, save_claims
    from recall_audit.tasks.claims import claim_source, extract_sources

    with Session(engine) as session:
        record = get_dataset(session, dataset)
        if record is None:
            raise RecallAuditError(f"no dataset named {dataset!r}; see `recall-audit runs`")
        cases = dataset_cases(session, record.id)
    sources, case_of = {}, {}
    for case in cases:
        if case.ground_truth and case.ground_truth.strip():
            source = claim_source(case.ground_truth, case.question)
            sources[claim_key(*source)] = source
            case_of.setdefault(claim_key(*source), case.case_key)
    with Session(engine) as session:
        frozen = get_claims(session, sorted(sources), judge.name, judge.version)
    missing = [key for key in sorted(sources) if key not in frozen]
    fresh, usage, failures = await extract_sources(
        judge, [sources[key] for key in missing], concurrency
    )
    found = {key: claims for key, claims in fresh.items() if claims}
    if found:
        with Session(engine) as session:
            save_claims(session, found, judge.name, judge.version)
    return RefreshReport(
        dataset=dataset,
        judge=judge.name,
        judge_version=judge.version,
        ground_truths=len(sources),
        already_frozen=len(frozen),
        asked=len(missing),
        frozen_now=len(found),
        empty=len(fresh) - len(found),
        failed={case_of[key]: why for key, why in failures.items()},
        usage=usage,
    )


async def _refresh(dataset: str, judge_name: str) -> RefreshReport:
    # Imported here: every command that reads results has this group on its command line.
    from recall_audit.scorer.judges import get_judge
    from recall_audit.storage import open_database

    # No response cache: a refresh asks the model again rather than replaying its answer.
    judge = get_judge(judge_name)
    async with AsyncExitStack() as stack:
        if isinstance(judge, AbstractAsyncContextManager):
            await stack.enter_async_context(judge)
        return await refresh_claims(open_database(), dataset, judge)


@claims_app.command("refresh")
def refresh(
    dataset: Annotated[str, typer.Option(help="Dataset name (see `recall-audit runs`).")],
    judge: Judge = "builtin",
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Extract the claims of ground truths that have none frozen (new, failed or empty)."""
    # Model calls: the collector, off for the commands that only read (cli/__init__.py), is on.
    gc.enable()
    try:
        report = asyncio.run(_refresh(dataset, judge))
    except RecallAuditError as error:
        raise fail(str(error)) from None
    if as_json:
        print(json.dumps(report.model_dump(mode="json")))
        return
    console.print(
        f"{report.dataset}, judge {report.judge} ({report.judge_version}): "
        f"{report.already_frozen} of {report.ground_truths} ground truths already frozen; "
        f"asked {report.asked}: {report.frozen_now} frozen now, {report.empty} still empty, "
        f"{len(report.failed)} failed ({report.usage.calls} model calls)",
        highlight=False,
    )
    for case_key, why in report.failed.items():
        errors.print(f"[yellow]not extracted[/yellow] case {case_key}: {why}", highlight=False)
