"""What the commands share beyond the audit's settings (those are generated from the spec's
fields, `cli/spec_options.py`): a few options of their own, and how bad input is reported.
This module does not import the spec: the commands that only read results take options and
report bad input without it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from recall_audit.cli.terminal import safe

BAD_INPUT = 2
errors = Console(stderr=True, emoji=False)

Dataset = Annotated[Path, typer.Option(help="JSONL, JSON or CSV of labelled cases.")]
# A count of rows to list or keep: bounded, so a huge number is a usage error, not a database's
# integer overflow.
MAX_ROWS = 1_000_000
RowLimit = Annotated[int, typer.Option(min=1, max=MAX_ROWS, help="At most this many runs.")]
Retriever = Annotated[
    str | None,
    typer.Option(
        help="precomputed | http(s)://URL | python:module:function | bm25:PATH | dense:PATH"
    ),
]
Overlap = Annotated[
    int | None,
    typer.Option(min=0, help="Characters (or sentences) a chunk repeats of the one before."),
]
Embedding = Annotated[
    str | None,
    typer.Option(help="openai/<model>: the dense: retriever's embeddings (at OPENAI_BASE_URL)."),
]
Judge = Annotated[str, typer.Option(help="builtin | openai/<model> | anthropic/<model>")]
Name = Annotated[str | None, typer.Option(help="Dataset name (default: the file's stem).")]
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


# How a run proceeds, beside the audit it runs (`run` and `demo`).
BatchSize = Annotated[
    int | None,
    typer.Option(
        min=1, help="Cases per pipeline task (default 100; 1000 with --task-runner dask)."
    ),
]
Concurrency = Annotated[int, typer.Option(min=1, help="Cases judged at once in a batch.")]
Scale = Annotated[float, typer.Option(help="Scores run from 0 to this (above 0).")]
Tolerance = Annotated[float, typer.Option(help="Drops within this are 'unchanged'.")]
Resume = Annotated[str | None, typer.Option(help="Continue an unfinished run (id or prefix).")]
KeepErrors = Annotated[
    bool, typer.Option("--keep-errors", help="With --resume: do not redo errored cases.")
]
ContextExtractor = Annotated[
    str | None,
    typer.Option(help="python:module:function turning a retriever answer into chunks."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
Samples = Annotated[
    int,
    typer.Option(min=1, help="Judge each case this many times (chunk orders); majority verdicts."),
]
TaskRunner = Annotated[
    str | None,
    typer.Option(
        help="Where batches run: dask (worker processes here) or dask://HOST:PORT (a cluster)."
    ),
]


def fail(message: str) -> typer.Exit:
    """One line on stderr and exit code 2: bad input is the user's to fix, not a traceback.
    Whatever the message quotes (a CSV header, a URL) is shown with the secrets masked."""
    from recall_audit.redact import scrub_message

    errors.print(
        f"[red]error:[/red] {safe(scrub_message(message))}", highlight=False, soft_wrap=True
    )
    return typer.Exit(BAD_INPUT)
