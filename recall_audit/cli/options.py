"""What the commands share: the options that name an audit, and how bad input is reported.

Each option is a field of the AuditSpec (recall_audit.spec), which holds its
default: commands write `top_k: TopK = DEFAULT.retriever.top_k` (`cli/spec.py`), and
`spec_of` turns what they were given into the spec. This module does not import the spec:
the commands that only read results take options and report bad input without it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from recall_audit.cli.terminal import safe
from recall_audit.limits import CaseLimits, env_name, shown_default

BAD_INPUT = 2
errors = Console(stderr=True)

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
# Settings of the retrievers over a local knowledge base (bm25:, dense:).
ChunkSize = Annotated[
    int | None,
    typer.Option(min=1, help="bm25:/dense: chunks of this many characters (or sentences)."),
]
Overlap = Annotated[
    int | None,
    typer.Option(min=0, help="Characters (or sentences) a chunk repeats of the one before."),
]
ChunkUnit = Annotated[
    str | None, typer.Option(help="chars (default) | sentences: what --chunk-size counts.")
]
Embedding = Annotated[
    str | None,
    typer.Option(help="openai/<model>: the dense: retriever's embeddings (at OPENAI_BASE_URL)."),
]
Qrels = Annotated[
    Path | None,
    typer.Option(
        help="BEIR/TREC qrels (query-id, [Q0,] corpus-id, score): the documents relevant to "
        "each case, by its id, for the recall by document id (in place of the rows' "
        "reference_context_ids)."
    ),
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
Diagnose = Annotated[
    bool | None,
    typer.Option(
        "--diagnose/--no-diagnose",
        help="Say why each claim was missed or lost (default: when a knowledge base is seen).",
    ),
]
DiagnoseDepth = Annotated[
    int,
    typer.Option(
        min=1, max=10_000, help="Chunks the retriever is asked for to find a missed claim's rank."
    ),
]

# The gate, the same on `run` and `serve` (recall_audit/compare/gate.py says what each rule means).
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
OnBadRow = Annotated[str, typer.Option(help="skip | fail")]
ContextField = Annotated[str | None, typer.Option(help="Text field of the retriever's hits.")]
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
SharedModelLimit = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Calls in flight to the judge's endpoint across every process and run "
        "(a Prefect global concurrency limit, created with this size on first use).",
    ),
]
SharedModelRpm = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Calls a minute to the judge's endpoint across every process and run "
        "(a Prefect global rate limit, created with this rate on first use).",
    ),
]


# The limits of one case (recall_audit/limits.py): unset, each is its RECALL_AUDIT_* variable's.
def _limit(name: str) -> Any:
    field = CaseLimits.model_fields[name]
    return typer.Option(
        help=f"{field.description} Default {shown_default(name)} (or {env_name(name)}).",
        show_default=False,
    )


RetrieverTimeout = Annotated[float | None, _limit("retriever_timeout")]
RetrieverIdleTimeout = Annotated[float | None, _limit("retriever_idle_timeout")]
MaxResponseBytes = Annotated[int | None, _limit("max_response_bytes")]
MaxChunks = Annotated[int | None, _limit("max_chunks")]
MaxChunkChars = Annotated[int | None, _limit("max_chunk_chars")]
MaxGroundTruthChars = Annotated[int | None, _limit("max_ground_truth_chars")]


def fail(message: str) -> typer.Exit:
    """One line on stderr and exit code 2: bad input is the user's to fix, not a traceback.
    Whatever the message quotes (a CSV header, a URL) is shown with the secrets masked."""
    from recall_audit.redact import scrub_message

    errors.print(
        f"[red]error:[/red] {safe(scrub_message(message))}", highlight=False, soft_wrap=True
    )
    return typer.Exit(BAD_INPUT)
