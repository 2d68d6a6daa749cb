"""`recall-audit experiment`: configurations of a retriever side by side over one dataset.

    recall-audit experiment --dataset cases.jsonl --retriever bm25:kb/ --top-k 2,4,8
    recall-audit experiment --dataset cases.jsonl --retriever http://a/s --retriever http://b/s
    recall-audit experiment --dataset cases.jsonl --retriever bm25:kb/ --retriever dense:kb/ \
        --embedding openai/A --embedding openai/B --chunk-size 300,800
    recall-audit experiment --dataset cases.jsonl --matrix experiment.yaml

An experiment.yaml holds settings every configuration shares (any `run` option, by its
field name: `judge`, `samples`, `context_field`...) and a `matrix` of the settings that
vary; every combination is one configuration, in the file's order (at most 100):

    judge: builtin
    matrix:
      retriever: [bm25:kb/]
      top_k: [2, 4, 8]

Precedence: the defaults, then a --spec file, then the --matrix file, then the options
given here; a note on stderr names each value a later one replaces.
"""

from __future__ import annotations

import difflib
import itertools
import json
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from recall_audit.cli import startup_done
from recall_audit.cli.commands import bad_input_exits, check_before_start, wait_for_prefect_api
from recall_audit.cli.options import AsJson, errors, fail
from recall_audit.cli.references import RETRIEVER_URL_ENV, retriever_by_reference
from recall_audit.cli.results import Exit, open_engine
from recall_audit.cli.spec import (
    DEFAULT,
    Settings,
    Source,
    check_judge_and_retriever,
    from_file,
    from_options,
    layered,
    spec_from,
)
from recall_audit.cli.spec_file import SettingsFile, kind_of, option, read_settings_file
from recall_audit.cli.spec_options import GivenSettings, with_audit_settings
from recall_audit.cli.stopping import Stopped, experiment_stopped_exit, run_stoppable, signals_kept
from recall_audit.cli.tables import Column, fitted_table, without_empty
from recall_audit.cli.terminal import safe
from recall_audit.compare.experiment import COLUMNS, ExperimentReport, arm_cells
from recall_audit.spec import LOCAL_SETTINGS, SETTINGS, AuditSpec
from recall_audit.storable import MAX_JUDGE_CHARS, not_a_name
from recall_audit.user_code import prints_to_stderr

experiment_app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
console = Console(emoji=False)
Embeddings = Annotated[
    list[str] | None,
    typer.Option(help="openai/<model> for dense: retrievers; repeat to compare several."),
]
ChunkSizes = Annotated[
    str | None, typer.Option(help="bm25:/dense: chunk sizes: one or several, as 300,800.")
]
# What goes first when the table is wider than the terminal (0: never dropped).
RANKS = (0, 0, 0, 4, 6, 3, 5, 2, 1, 1)
# Each configuration is a whole audit run: a matrix of several long lists multiplies into
# more than anyone runs (and, before, into a list of specs that filled memory).
MAX_CONFIGURATIONS = 100


@dataclass(frozen=True)
class Varied:
    """The settings that vary, each with its values and where each value was given."""

    values: dict[str, list[Any]] = field(default_factory=dict)
    sources: dict[str, list[Source]] = field(default_factory=dict)

    @classmethod
    def of_options(cls, values: dict[str, list[Any] | None]) -> Varied:
        given = {name: v for name, v in values.items() if v}
        return cls(given, {n: [Source("", option(n))] * len(v) for n, v in given.items()})

    def over(self, base: Varied) -> Varied:
        """These values over `base`'s, a note for each setting they replace."""
        for name in set(self.values) & set(base.values):
            if self.values[name] != base.values[name]:
                old = base.sources[name][0]
                errors.print(
                    f"note: {self.sources[name][0].told} {self.values[name]} overrides "
                    f"{old.told} {base.values[name]}",
                    highlight=False,
                    soft_wrap=True,
                )
        return Varied(base.values | self.values, base.sources | self.sources)


def read_matrix(path: Path) -> tuple[Settings, Varied]:
    """The shared settings (the schema of a --spec file) and the varied ones of an
    experiment.yaml; each problem one line naming the file, its line and the setting."""
    read = read_settings_file(path, extra_keys=("matrix",))
    if "matrix" not in read.extra:
        raise fail(f"{path}: expected settings and a 'matrix' of the settings that vary")
    return from_file(read), _matrix(read)


def _matrix(read: SettingsFile) -> Varied:
    varied = Varied()
    file = read.file
    if not isinstance(read.extra["matrix"], dict):
        raise fail(f"{file.at(('matrix',))}: expected a 'matrix' of the settings that vary")
    for name, values in read.extra["matrix"].items():
        where = ("matrix", name)
        if name not in SETTINGS:
            near = difflib.get_close_matches(name, list(SETTINGS), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise fail(f"{file.at(where)}: matrix: unknown setting {name!r}{hint}")
        if name in read.values:
            raise fail(
                f"{file.at(where)}: {name} is both shared (line "
                f"{file.line(read.written[name])}) and in the matrix; give it once"
            )
        if not isinstance(values, list) or not values:
            raise fail(f"{file.at(where)}: matrix field '{name}': expected a list of values")
        for index, value in enumerate(values):
            if isinstance(value, dict | list):
                raise fail(
                    f"{file.at((*where, index))}: matrix field '{name}': each value is one "
                    f"{kind_of(name)} (as {option(name)} takes), not a "
                    f"{'mapping' if isinstance(value, dict) else 'list'}"
                )
        varied.values[name] = values
        varied.sources[name] = [
            Source(file.at((*where, i)), f"matrix.{name}") for i in range(len(values))
        ]
    return varied


def _check_judges(shared: Settings, varied: Varied) -> None:
    """A judge's name is stored with every verdict: one that cannot be is refused here."""
    judges = [(shared.source("judge"), shared.values.get("judge"))]
    judges += list(
        zip(varied.sources.get("judge", []), varied.values.get("judge", []), strict=True)
    )
    for source, judge in judges:
        if isinstance(judge, str) and (problem := not_a_name(judge, MAX_JUDGE_CHARS)):
            raise fail(f"{source.prefix}{source.label}: the judge's name {problem}")


def _numbers(text: str, option: str = "--top-k", of: str = "chunks") -> list[int]:
    """Whole numbers; their bounds are the spec's, said as `run` says them."""
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        values = []
    if not values:
        raise fail(f"{option} must be numbers of {of}, such as 2,4,8; not {text!r}")
    return values


def configurations(
    shared: Settings | dict[str, Any], varied: Varied | dict[str, list[Any]]
) -> list[AuditSpec]:
    """One spec per combination of the varied settings, the shared ones in each; combinations
    that differ only in what their retriever does not read (bm25: and two embedding models)
    are one configuration. A value the spec refuses is one line saying where it was given."""
    shared = from_options(shared) if isinstance(shared, dict) else shared
    varied = Varied.of_options(varied) if isinstance(varied, dict) else varied
    names = list(varied.values)
    combinations = math.prod(len(varied.values[n]) for n in names)
    if combinations > MAX_CONFIGURATIONS:
        counts = " x ".join(f"{len(varied.values[n])} {varied.sources[n][0].told}" for n in names)
        raise fail(
            f"{counts} make {combinations:,} configurations; an experiment runs at most "
            f"{MAX_CONFIGURATIONS}"
        )
    indices = itertools.product(*(range(len(varied.values[n])) for n in names))
    specs = []
    for combo in indices:
        settings = shared
        for name, i in zip(names, combo, strict=True):
            value = varied.values[name][i]
            if value is not None:
                settings = settings.with_values({name: value}, varied.sources[name][i])
        specs.append(_read(spec_from(settings)))
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


def _run_experiment(specs: list[AuditSpec]) -> ExperimentReport:
    check_before_start(specs[0])
    for spec in specs[1:]:
        check_judge_and_retriever(spec)
    from recall_audit.flows.experiment import experiment as experiment_flow

    wait_for_prefect_api()
    startup_done()
    since = datetime.now(UTC)
    try:
        with bad_input_exits(), signals_kept() as received:
            return run_stoppable(experiment_flow(specs=by_reference(specs)), received)
    except Stopped as stopped:
        raise experiment_stopped_exit(stopped, open_engine(), since) from None


@experiment_app.command()
@with_audit_settings
def experiment(
    given: GivenSettings,
    retriever: Annotated[
        list[str] | None, typer.Option(help="A retriever spec; repeat to compare several.")
    ] = None,
    top_k: Annotated[
        str | None,
        typer.Option(
            help="Chunks asked per question: one number or several, as 2,4,8.",
            show_default=str(DEFAULT.retriever.top_k),
        ),
    ] = None,
    embedding: Embeddings = None,
    chunk_size: ChunkSizes = None,
    matrix: Annotated[
        Path | None,
        typer.Option(
            help="An experiment.yaml: shared settings (as a --spec file has them) and a "
            "matrix of those that vary. Precedence: --spec, then this file, then the options."
        ),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Audit several configurations over one dataset side by side: one parent flow run, one
    child audit run each, every one compared with the first on the same frozen claims.
    Precedence: the defaults, then --spec, then the --matrix file, then the options given
    here (a note on stderr for each value one replaces)."""
    options = {"retriever": retriever, "top_k": top_k, "embedding": embedding}
    specs = planned(given, matrix, **options, chunk_size=chunk_size)
    with prints_to_stderr():  # a python: retriever's print() stays out of --json
        report = _run_experiment(specs)
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


def planned(
    given: GivenSettings,
    matrix: Path | None,
    retriever: list[str] | None,
    top_k: str | None,
    embedding: list[str] | None,
    chunk_size: str | None,
) -> list[AuditSpec]:
    """The configurations the command was given, its files and options layered; each problem
    one line."""
    shared, varied = _shared_and_varied(given, matrix)
    options = Varied.of_options(
        {
            "retriever": retriever,
            "top_k": _numbers(top_k) if top_k else None,
            "embedding": embedding,
            "chunk_size": _numbers(chunk_size, "--chunk-size", "characters")
            if chunk_size
            else None,
        }
    )
    shared, varied = _options_over(shared, varied, options)
    _check_judges(shared, varied)
    return configurations(shared, varied)


def _options_over(shared: Settings, varied: Varied, options: Varied) -> tuple[Settings, Varied]:
    """What varies on the command line replaces the files' matrix, and their shared value."""
    for name in options.values:
        if name in shared.values:
            errors.print(
                f"note: {option(name)} {options.values[name]} overrides "
                f"{shared.source(name).told} {shared.values[name]!r}",
                highlight=False,
                soft_wrap=True,
            )
    kept = {n: v for n, v in shared.values.items() if n not in options.values}
    return Settings(kept, {n: shared.sources[n] for n in kept}), options.over(varied)


def _shared_and_varied(given: GivenSettings, matrix: Path | None) -> tuple[Settings, Varied]:
    """The shared settings (--spec, then the --matrix file's, then the options) and the
    matrix (of --spec's file or --matrix's, the latter over the former)."""
    layers, varied = [], Varied()
    if given.spec_file is not None:
        read = read_settings_file(given.spec_file, extra_keys=("matrix",))
        layers.append(from_file(read))
        if "matrix" in read.extra:
            varied = _matrix(read)
    if matrix is not None:
        shared, from_matrix = read_matrix(matrix)
        layers.append(shared)
        varied = from_matrix.over(varied)
    return layered(*layers, from_options(given.options)), varied
