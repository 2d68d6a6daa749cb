"""`recall-audit review RUN`: a person walks through a sample of the run's verdicts in the
terminal and says, for each claim, whether its chunks support it (y / n / s to skip / q).

The sample is stratified: the verdicts the judge was unsure of, or that a cascade's second
judge decided, come first, then supported claims whose quote was not found in the chunk they
cite, then the others; each group is shuffled (seeded), so what is labelled within it is a
random sample and `calibrate`'s interval stays honest. Each answer is stored the moment it is
given: a Ctrl-C loses none of them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from recall_audit.cli.labels import By, make_label, who
from recall_audit.cli.results import open_session, resolve_run
from recall_audit.cli.terminal import safe

if TYPE_CHECKING:
    from recall_audit.storage.records import CaseResultRecord
    from recall_audit.types import Verdict

# How much of a chunk is shown around the quote: a screen, not a page.
SHOWN_CHARS = 600
ANSWERS = {"y": True, "yes": True, "n": False, "no": False}


def _stratum(verdict: Verdict) -> int:
    if verdict.unsure or verdict.escalated:
        return 0
    if verdict.supported and verdict.quote and verdict.quote_verified is False:
        return 1
    return 2


def review_sample(
    results: list[CaseResultRecord], labelled: set[tuple[str, str]], size: int, seed: int
) -> list[tuple[CaseResultRecord, Verdict]]:
    """Up to `size` verdicts not labelled yet, the doubtful first, shuffled within each group."""
    strata: list[list[tuple[CaseResultRecord, Verdict]]] = [[], [], []]
    for result in results:
        for verdict in result.verdicts:
            if (result.case_key, result.claims[verdict.claim_index]) not in labelled:
                strata[_stratum(verdict)].append((result, verdict))
    rng = random.Random(seed)
    for stratum in strata:
        rng.shuffle(stratum)
    return [pair for stratum in strata for pair in stratum][:size]


def _excerpt(chunk: str, quote: str) -> str:
    """The chunk, cut to SHOWN_CHARS around the quote when it is longer."""
    text = " ".join(chunk.split())
    if len(text) <= SHOWN_CHARS:
        return text
    found = text.lower().find(" ".join(quote.split()).lower()) if quote else -1
    start = max(0, found - SHOWN_CHARS // 3) if found >= 0 else 0
    return ("…" if start else "") + text[start : start + SHOWN_CHARS] + "…"


def show_verdict(
    console: Console, number: int, total: int, result: CaseResultRecord, verdict: Verdict
) -> None:
    said = "supported" if verdict.supported else "not supported"
    console.rule(f"{number}/{total} · {safe(result.case_key)}", style="dim")
    lines = [
        f"[bold]Claim:[/bold] {safe(result.claims[verdict.claim_index])}",
        f"[bold]Judge:[/bold] {said}"
        + (f" (unsure: {safe(verdict.unsure)})" if verdict.unsure else ""),
    ]
    if verdict.quote:
        lines.append(f"[bold]Quote:[/bold] “{safe(verdict.quote)}”")
    shown = verdict.chunk_indices[:1] or list(range(min(2, len(result.chunks))))
    for i in shown:
        lines.append(
            f"[cyan]chunk {i + 1}:[/cyan] {safe(_excerpt(result.chunks[i], verdict.quote))}"
        )
    console.print("\n".join(lines), highlight=False)


def _ask(console: Console) -> str:
    while True:
        prompt = "Supported? [y]es [n]o [s]kip [q]uit: "
        answer = console.input(prompt, markup=False).strip().lower()
        if answer in ANSWERS or answer in ("s", "skip", "q", "quit"):
            return answer[0]
        console.print("answer y, n, s or q")


def review(
    run_id: Annotated[str, typer.Argument(help="Run id or a unique prefix.")],
    by: By = None,
    sample: Annotated[int, typer.Option(min=1, max=100_000, help="At most this many.")] = 100,
    seed: Annotated[int, typer.Option(help="The sample's shuffle.")] = 0,
) -> None:
    """Walk through a sample of the run's verdicts and label each claim (y / n / skip / quit);
    each answer is stored at once."""
    from recall_audit.storage import get_run, run_results
    from recall_audit.storage.labels import run_labels, save_labels

    console = Console(emoji=False, highlight=False)
    name, saved, interrupted = who(by), 0, False
    with open_session() as session:
        full_id = resolve_run(session, run_id)
        run = get_run(session, full_id)
        results = run_results(session, full_id)
        labels = run_labels(session, run.dataset_id, results)
        chosen = review_sample(results, set(labels.current), sample, seed)
        console.print(
            f"Reviewing {len(chosen)} verdict(s) of run {full_id[:8]} as {safe(name)}; "
            "each answer is saved at once."
        )
        try:
            for number, (result, verdict) in enumerate(chosen, start=1):
                show_verdict(console, number, len(chosen), result, verdict)
                answer = _ask(console)
                if answer == "q":
                    break
                if answer == "s":
                    continue
                key = (result.case_key, result.claims[verdict.claim_index])
                label = make_label(
                    result, verdict.claim_index, answer == "y", by=name, run_id=full_id,
                    earlier=labels.outdated.get(key),
                )  # fmt: skip
                save_labels(session, run.dataset_id, [label])
                saved += 1
        except (KeyboardInterrupt, EOFError) as stop:
            interrupted = isinstance(stop, KeyboardInterrupt)
            console.print()
        console.print(
            f"{saved} label(s) saved; `recall-audit calibrate {full_id[:8]}` measures the judge on them"
        )
    if interrupted:
        # The shell's convention for a command stopped by Ctrl-C.
        raise typer.Exit(130)
