"""`recall-audit experiment`: configurations of a retriever side by side over one dataset.

    recall-audit experiment --dataset cases.jsonl --retriever bm25:kb/ --top-k 2,4,8
    recall-audit experiment --dataset cases.jsonl --retriever http://a/s --retriever http://b/s
    recall-audit experiment --dataset cases.jsonl --retriever bm25:kb/ --retriever dense:kb/ \
        --embedding openai/A --embedding openai/B --chunk-size 300,800
    recall-audit experiment --dataset cases.jsonl --matrix experiment.yaml

An experiment.yaml holds settings every configuration shares (any `run` option, by its
field name: `judge`, `samples`, `context_field`...) and a `matrix` of the settings that
vary; every combination is one configuration, in the file's order:

    judge: builtin
    matrix:
      retriever: [bm25:kb/]
      top_k: [2, 4, 8]
"""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from recall_audit.cli import startup_done
from recall_audit.cli.commands import bad_input_exits, check_before_start, wait_for_prefect_api
from recall_audit.cli.options import (
    AppDir,
    AsJson,
    ChunkUnit,
    Concurrency,
    ContextField,
    Dataset,
    Judge,
    Name,
    Overlap,
    Qrels,
    Rpm,
    Samples,
    Tpm,
    errors,
    fail,
)
from recall_audit.cli.references import RETRIEVER_URL_ENV, retriever_by_reference
from recall_audit.cli.results import Exit
from recall_audit.cli.spec import DEFAULT, check_judge_and_retriever, spec_of
from recall_audit.cli.tables import Column, fitted_table, without_empty
from recall_audit.cli.terminal import safe
from recall_audit.compare.experiment import COLUMNS, ExperimentReport, arm_cells
from recall_audit.spec import LOCAL_SETTINGS, AuditSpec
from recall_audit.storable import MAX_JUDGE_CHARS, not_a_name

experiment_app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
console = Console()
Embeddings = Annotated[
    list[str] | None,
    typer.Option(help="openai/<model> for dense: retrievers; repeat to compare several."),
]
ChunkSizes = Annotated[
    str | None, typer.Option(help="bm25:/dense: chunk sizes: one or several, as 300,800.")
]
# What goes first when the table is wider than the terminal (0: never dropped).
RANKS = (0, 0, 0, 4, 6, 3, 5, 2, 1, 1)


def read_matrix(path: Path) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """The shared settings and the varied ones of an experiment.yaml."""
    import yaml  # only an experiment from a file needs it

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as error:
        raise fail(f"{path}: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("matrix"), dict):
        raise fail(f"{path}: expected settings and a 'matrix' of the settings that vary")
    matrix = data.pop("matrix")
    for setting, values in matrix.items():
        if not isinstance(values, list) or not values:
            raise fail(f"{path}: matrix field '{setting}': expected a list of values")
    for where, judge in [("judge", data.get("judge"))] + [
        ("matrix field 'judge'", j) for j in matrix.get("judge", [])
    ]:
        if isinstance(judge, str) and (problem := not_a_name(judge, MAX_JUDGE_CHARS)):
            raise fail(f"{path}: {where}: the judge's name {problem}")
    return data, matrix


def _numbers(text: str, option: str = "--top-k", of: str = "chunks") -> list[int]:
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        values = []
    if not values or min(values) < 1:
        raise fail(f"{option} must be numbers of {of} above 0, such as 2,4,8; not {text!r}")
    return values


def configurations(shared: dict[str, Any], varied: dict[str, list[Any]]) -> list[AuditSpec]:
    """One spec per combination of the varied settings, the shared ones in each; combinations
    that differ only in what their retriever does not read (bm25: and two embedding models)
    are one configuration."""
    names = list(varied)
    combos = itertools.product(*(varied[n] for n in names))
    specs = [_read(spec_of(**(shared | dict(zip(names, c, strict=True))))) for c in combos]
    return list({spec.configuration().key: spec for spec in specs}.values())


def _read(spec: AuditSpec) -> AuditSpec:
    """The spec without the local settings its retriever does not read."""
    kind = spec.configuration().retriever.partition(":")[0]
    unread = [] if kind == "dense" else ["embedding"] if kind == "bm25" else list(LOCAL_SETTINGS)
    update = {name: None for name in unread}
    return spec.model_copy(update={"retriever": spec.retriever.model_copy(update=update)})


def by_reference(specs: list[AuditSpec]) -> list[AuditSpec]:
    """Each retriever URL with credentials reaches the flow as an env: reference of its own."""
    return [
        spec.with_retriever(
            retriever_by_reference(spec.retriever.spec, f"{RETRIEVER_URL_ENV}_{number}")
        )
        for number, spec in enumerate(specs)
    ]


def report_tables(report: ExperimentReport, width: int) -> list[Any]:
    """The comparison, then recall@k per configuration, each fitted to `width`."""
    columns = [
        Column(name, rank, wraps=i == 0)
        for i, (name, rank) in enumerate(zip(COLUMNS, RANKS, strict=True))
    ]
    cells = [arm_cells(a) for a in report.arms]
    main = fitted_table(
        f"Experiment on {report.dataset}", *without_empty(columns, cells, ["id recall"]), width
    )
    tables = [
        main,
        _at_k("Recall at k", [(a.configuration, a.recall_at_k) for a in report.arms], width),
    ]
    labelled = [(a.configuration, a.id_recall_at_k) for a in report.arms if a.id_recall_at_k]
    if labelled:
        tables.append(_at_k("Recall by document id at k", labelled, width))
    return tables


def _at_k(title: str, curves: list[tuple[str, list[float]]], width: int) -> Any:
    """A curve per configuration, one column per k; the largest k go first when narrow."""
    depth = max(len(curve) for _, curve in curves)
    at_k = [Column("configuration", wraps=True)] + [
        Column(f"@{k}", rank=depth - k + 1) for k in range(1, depth + 1)
    ]
    # A configuration asking fewer chunks has no recall at the larger k.
    rows = [
        [name, *(f"{v:.3f}" for v in curve)] + [""] * (depth - len(curve)) for name, curve in curves
    ]
    return fitted_table(title, at_k, rows, width)


@experiment_app.command()
def experiment(
    dataset: Dataset,
    retriever: Annotated[
        list[str] | None, typer.Option(help="A retriever spec; repeat to compare several.")
    ] = None,
    top_k: Annotated[
        str, typer.Option(help="Chunks asked per question: one number or several, as 2,4,8.")
    ] = str(DEFAULT.retriever.top_k),
    matrix: Annotated[
        Path | None, typer.Option(help="An experiment.yaml: shared settings and a matrix.")
    ] = None,
    judge: Judge = DEFAULT.judge,
    name: Name = None,
    samples: Samples = DEFAULT.samples,
    concurrency: Concurrency = DEFAULT.limits.concurrency,
    context_field: ContextField = None,
    app_dir: AppDir = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
    as_json: AsJson = False,
    embedding: Embeddings = None,
    chunk_size: ChunkSizes = None,
    overlap: Overlap = None,
    chunk_unit: ChunkUnit = None,
    qrels: Qrels = None,
) -> None:
    """Audit several configurations over one dataset side by side: one parent flow run, one
    child audit run each, every one compared with the first on the same frozen claims."""
    shared = dict(locals())
    sizes = shared.pop("chunk_size")
    varied = {
        "retriever": shared.pop("retriever") or [None],
        "top_k": _numbers(shared.pop("top_k")),
        "embedding": shared.pop("embedding") or [None],
        "chunk_size": _numbers(sizes, "--chunk-size", "characters") if sizes else [None],
    }
    for option in ("matrix", "as_json"):
        shared.pop(option)
    shared["app_dir"] = app_dir.resolve() if app_dir else None
    if matrix is not None:
        from_file, from_matrix = read_matrix(matrix)
        shared, varied = shared | from_file, varied | from_matrix
    specs = configurations(shared, varied)
    check_before_start(specs[0])
    for spec in specs[1:]:
        check_judge_and_retriever(spec)
    from recall_audit.flows.experiment import experiment as experiment_flow

    wait_for_prefect_api()
    startup_done()
    with bad_input_exits():
        report = asyncio.run(experiment_flow(specs=by_reference(specs)))
    if as_json:
        print(json.dumps(report.model_dump(mode="json")))
    else:
        for table in report_tables(report, console.width):
            console.print(table)
        console.print(f"[bold]{safe(report.conclusion)}[/bold]", highlight=False)
    if all(arm.mean_recall is None for arm in report.arms):
        # As a run that scored no case: an experiment that measured nothing is no success.
        errors.print(f"{report.dataset}: no configuration scored a case", highlight=False)
        raise typer.Exit(Exit.BELOW_BAR)
