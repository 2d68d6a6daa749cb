"""What the commands share: the options that name an audit, and how bad input is reported."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from recall_audit.cli.terminal import safe
from recall_audit.scorer.errors import RecallAuditError

BAD_INPUT = 2
errors = Console(stderr=True)

Dataset = Annotated[Path, typer.Option(help="JSONL, JSON or CSV of labelled cases.")]
Retriever = Annotated[
    str | None,
    typer.Option(help="precomputed | http(s)://URL | python:module:function | bm25:PATH"),
]
Judge = Annotated[str, typer.Option(help="builtin | openai/<model> | anthropic/<model>")]
Name = Annotated[str | None, typer.Option(help="Dataset name (default: the file's stem).")]
TopK = Annotated[int, typer.Option(min=1, help="Chunks asked of the retriever per question.")]
# Budgets of the judge's endpoint; unset, the model layer reads RECALL_AUDIT_RPM / _TPM.
Rpm = Annotated[
    int | None,
    typer.Option(
        min=1, help="Requests per minute the judge's endpoint allows (or RECALL_AUDIT_RPM)."
    ),
]
Tpm = Annotated[
    int | None,
    typer.Option(
        min=1, help="Tokens per minute the judge's endpoint allows (or RECALL_AUDIT_TPM)."
    ),
]
AppDir = Annotated[
    Path | None,
    typer.Option(help="Folder python: modules are imported from (default: the working folder)."),
]
ApiKeyBlock = Annotated[
    str | None,
    typer.Option(
        help="Prefect Secret block holding the judge's API key (instead of its environment "
        "variable); only the block's name travels with the run."
    ),
]
KnowledgeBase = Annotated[
    Path | None,
    typer.Option(
        help="The corpus an HTTP or python: retriever searches (the formats of bm25:), so "
        "missed and lost claims can be diagnosed against it."
    ),
]
DiagnoseDepth = Annotated[
    int,
    typer.Option(
        min=1, max=10_000, help="Chunks the retriever is asked for to find a missed claim's rank."
    ),
]

# The gate, the same on `run` and `serve` (scorer/gate.py says what each rule means).
FailUnder = Annotated[float | None, typer.Option(help="Fail when mean recall is below this.")]
MaxRegression = Annotated[
    float | None,
    typer.Option(
        min=0.0,
        help="Fail when mean recall dropped by more than this against the baseline "
        "(the observed drop; the interval is shown beside it).",
    ),
]
MaxLostClaims = Annotated[
    int | None,
    typer.Option(min=0, help="Fail when more claims than this were lost since the baseline."),
]
RequireSignificance = Annotated[
    bool,
    typer.Option(
        "--require-significance",
        help="A drop counts only when its bootstrap interval excludes zero (noisy judges).",
    ),
]


def fail(message: str) -> typer.Exit:
    """One line on stderr and exit code 2: bad input is the user's to fix, not a traceback."""
    errors.print(f"[red]error:[/red] {safe(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(BAD_INPUT)


def check_judge_and_retriever(
    judge: str, retriever: str | None, app_dir: Path | None = None
) -> None:
    """Fails fast on a judge or retriever that cannot work, before anything starts."""
    # Imported here: the commands that read results need neither (nor numpy, bm25s).
    from recall_audit.scorer.judges import get_judge
    from recall_audit.scorer.retrievers import retriever_from_spec

    try:
        get_judge(judge)
        if retriever:
            retriever_from_spec(retriever, app_dir=app_dir)
    except (RecallAuditError, ValueError) as error:
        raise fail(str(error)) from None
