"""How the command line shows runs, cases and summaries: rich tables on a terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from recall_audit.cli.tables import Column, fitted_table, without_empty
from recall_audit.cli.terminal import plain, safe
from recall_audit.scorer.id_recall import relevant_ids
from recall_audit.storage import CaseResultRecord, RunRecord

if TYPE_CHECKING:
    from rich.markdown import Markdown


def _recall(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


# The runs' columns, and what goes first on a narrow terminal (0: never dropped). Context
# precision and recall by document id are shown where there is room (and a run has them).
RUN_COLUMNS = (
    Column("run"),
    Column("dataset", wraps=True),
    Column("started", rank=6),
    Column("status", rank=5),
    Column("cases", rank=1),
    Column("errors", rank=2),
    Column("recall"),
    Column("precision", rank=4),
    Column("id recall", rank=3),
    Column("configuration", wraps=True),
)


def runs_table(runs: Sequence[RunRecord], width: int = 80) -> Table:
    rows = [
        (
            r.id[:8],
            r.dataset_name,
            r.started_at.strftime("%Y-%m-%d %H:%M"),
            str(r.status),
            str(r.case_count),
            str(r.error_count),
            _recall(r.mean_recall),
            _recall(r.mean_context_precision),
            _recall(r.mean_id_recall),
            configuration(r.config_name or r.retriever, r.config_key),
        )
        for r in runs
    ]
    columns, rows = without_empty(RUN_COLUMNS, rows, ("precision", "id recall"))
    return fitted_table("Runs", columns, rows, width)


HISTORY_COLUMNS = (
    Column("run"),
    Column("started", rank=4),
    Column("recall"),
    Column("change", rank=5),
    Column("precision", rank=1),
    Column("id recall", rank=2),
    Column("configuration", wraps=True, rank=3),
)


def history_table(runs: Sequence[RunRecord], width: int = 80) -> Table:
    """The recall trend, oldest first, with each run's change from the one before."""
    rows, previous = [], None
    for r in runs:
        recall = (r.mean_recall or 0.0) / r.scale
        change = "" if previous is None else f"{recall - previous:+.3f}"
        rows.append(
            (
                r.id[:8],
                r.started_at.strftime("%Y-%m-%d %H:%M"),
                f"{recall:.3f}",
                change,
                _recall(r.mean_context_precision),
                _recall(r.mean_id_recall),
                configuration(r.config_name or r.retriever, r.config_key),
            )
        )
        previous = recall
    columns, rows = without_empty(HISTORY_COLUMNS, rows, ("precision", "id recall"))
    return fitted_table("Recall trend", columns, rows, width)


def rendered(markdown: str) -> Markdown:
    """Markdown (a comparison, lost claims) rendered for the terminal: headings, bold and
    tables drawn, never printed raw; the text made plain first, as every datum is."""
    # Imported here: rich's Markdown (markdown-it) is for the commands that show one.
    from rich.markdown import Markdown

    return Markdown(plain(markdown))


def configuration(name: object, key: object) -> str:
    """A configuration as people read it: its name, then its short hash."""
    return f"{name} ({key})" if key else str(name)


def summary_table(summary: dict[str, object]) -> Table:
    title = f"Recall audit of {safe(summary['dataset'])} · run {str(summary['run_id'])[:8]}"
    table = Table(title=title, show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    rows = [
        ("configuration", configuration(summary["configuration"], summary["configuration_key"])),
        ("cases", summary["cases"]),
        ("scored", summary["scored"]),
        ("retrieved nothing", summary["no_context"]),
        ("nothing to recall", summary["unscorable"]),
        ("errors", summary["errors"]),
        ("rows skipped", summary["skipped_rows"]),
        ("mean recall", _recall(summary["mean_recall"])),  # type: ignore[arg-type]
        ("context precision", _recall(summary.get("mean_context_precision"))),  # type: ignore[arg-type]
        *(
            [("recall by document id", _id_recall(summary))]
            if summary.get("labelled_cases")
            else []
        ),
        ("model calls", summary["model_calls"]),
        ("served from cache", summary["cached_calls"]),
    ]
    if summary.get("repairs"):
        rows.append(("re-asks (items)", f"{summary['repairs']} ({summary['reasked_items']})"))
    if summary.get("supported_claims"):
        quotes = f"{summary['verified_quotes']} of {summary['supported_claims']}"
        rows.append(("supported claims with a verified quote", quotes))
    if summary.get("unsure_claims"):
        rows.append(("claims the judge was unsure of", summary["unsure_claims"]))
    if summary.get("escalated_claims"):
        rows.append(("unsure claims the model decided", summary["escalated_claims"]))
    for what, value in rows:
        table.add_row(what, safe(value))
    return table


def _id_recall(summary: dict[str, object]) -> str:
    """The mean recall by id, over how many of the labelled cases (a case whose hits named
    no document has none)."""
    labelled, measured = summary["labelled_cases"], summary["id_recall_cases"]
    mean = _recall(summary["mean_id_recall"])  # type: ignore[arg-type]
    if measured == labelled:
        return f"{mean} over {labelled} labelled cases"
    return (
        f"{mean} over {measured} of {labelled} labelled cases (the others' chunks named no "
        "document, or failed)"
    )


def worst_cases_table(worst: Sequence[CaseResultRecord]) -> Table:
    table = Table(title="Worst cases")
    table.add_column("case", overflow="fold", max_width=24)
    table.add_column("recall")
    table.add_column("missing claims (or the error)", overflow="fold")
    for case in worst:
        missing = [case.claims[v.claim_index] for v in case.verdicts if not v.supported]
        detail = case.error or "\n".join(f"• {' '.join(m.split())[:140]}" for m in missing[:3])
        table.add_row(safe(case.case_key), _recall(case.score), safe(detail))
    return table


def print_case(
    console: Console, case: CaseResultRecord, labels: Mapping[int, str] | None = None
) -> None:
    """The case's claims, verdicts and chunks; `labels`: a person's verdict on a claim (by
    claim index), shown under the judge's."""
    console.rule(
        f"[bold]{safe(case.case_key)}[/bold] · {case.status} · recall {_recall(case.score)}"
    )
    lines = [f"[bold]Question:[/bold] {safe(case.question)}"]
    if case.error:
        lines.append(f"[red]Error:[/red] {safe(case.error)}")
    lines.append(f"[bold]Context precision:[/bold] {_recall(case.context_precision)}")
    if case.reference_ids:
        lines.append(_relevant_documents(case))
    for verdict in case.verdicts:
        mark = "[green]✔[/green]" if verdict.supported else "[red]✘[/red]"
        where = ", ".join(f"chunk {i + 1}" for i in verdict.chunk_indices)
        lines.append(
            f"  {mark} {safe(case.claims[verdict.claim_index])}"
            + (f"  [dim]({where})[/dim]" if where else "")
        )
        if verdict.quote:
            lines.append(f"      [dim]“{safe(verdict.quote)}”[/dim]")
        if verdict.unsure:
            lines.append(f"      [yellow]unsure: {safe(verdict.unsure)}[/yellow]")
        if verdict.escalated:
            why = safe(verdict.escalated)
            lines.append(
                f"      [yellow]decided by the model judge (the first was unsure: {why})[/yellow]"
            )
        if labels and verdict.claim_index in labels:
            lines.append(f"      [magenta]{safe(labels[verdict.claim_index])}[/magenta]")
    documents = [*case.document_ids, *[None] * (len(case.chunks) - len(case.document_ids))]
    for position, (chunk, document) in enumerate(
        zip(case.chunks, documents, strict=False), start=1
    ):
        named = f" [dim]({safe(document)})[/dim]" if document else ""
        text = safe(" ".join(chunk.split())[:200])
        lines.append(f"  [cyan]chunk {position}:[/cyan]{named} {text}")
    # One print of the case's lines, each wrapped on its own as when printed one by one: a
    # print's own work (the console's size, its buffer) took a third of `show`'s printing.
    # The dataset's own text, styled by our markup alone: rich's highlighter colours every
    # number and quote in it, which took half of the time `show` spends printing.
    console.print("\n".join(lines), highlight=False)


def _relevant_documents(case: CaseResultRecord) -> str:
    """Which labelled documents the chunks came from, and which they missed."""
    missed = case.missed_ids
    found = [i for i in relevant_ids(case.reference_ids) if i not in missed]
    line = f"[bold]Recall by document id:[/bold] {_recall(case.id_recall)}, "
    line += f"{len(found)} of {len(found) + len(missed)} relevant documents retrieved"
    if case.id_recall is None:
        line += " (the chunks named no document)"
    at_k = ", ".join(f"@{k} {v:.2f}" for k, v in enumerate(case.id_recall_at_k, start=1))
    line += f" ({at_k})" if at_k else ""
    return line + (f"; missed: {safe(', '.join(missed))}" if missed else "")
