"""What an experiment found: configurations of a retriever over one dataset side by side, each
compared with the first case by case and claim by claim (the claims are the same frozen ones,
so every comparison is paired), and the best one named only when it is significantly better.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from recall_audit.compare.chart import recall_at_k_svg, svg_data_uri
from recall_audit.compare.compare import Comparison


class Arm(BaseModel):
    """One configuration of the experiment, measured by its own audit run."""

    configuration: str
    configuration_key: str
    run_id: str
    cases: int
    mean_recall: float | None
    # Mean over the cases of the mean of precision@i at the relevant chunks' positions.
    context_precision: float | None
    # recall_at_k[k-1]: mean recall over the cases with only the first k chunks.
    recall_at_k: list[float]
    # Where the dataset labels the relevant documents: mean recall by document id over the
    # labelled cases, and the same with only the first k chunks.
    id_recall: float | None = None
    id_recall_at_k: list[float] = []
    # Against the first configuration (None for the first itself): mean paired difference
    # and its bootstrap interval, claims found only here and claims found only there.
    delta: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    gained_claims: int = 0
    lost_claims: int = 0
    model_calls: int
    cached_calls: int
    tokens: int
    wall_seconds: float


class ExperimentReport(BaseModel):
    dataset: str
    confidence: float = 0.95
    arms: list[Arm]
    # The configuration significantly better than every other, else None.
    best: str | None
    conclusion: str


def mean_curve(curves: Sequence[Sequence[float]], depth: int) -> list[float]:
    """The mean recall@k for k = 1..depth (at most the longest curve's); a case with fewer
    chunks keeps its last value (more chunks than the retriever returned find nothing more)."""
    if not curves or depth < 1:
        return []
    # No deeper than the longest curve: a limit no case reached (`--top-k 100000000`) adds
    # nothing to read, and would hold a list of that length per case.
    depth = min(depth, max(len(c) for c in curves))
    padded = [[*c, *[c[-1] if c else 0.0] * (depth - len(c))][:depth] for c in curves]
    return [sum(column) / len(padded) for column in zip(*padded, strict=True)]


def with_comparison(arm: Arm, against_first: Comparison) -> Arm:
    return arm.model_copy(
        update={
            "delta": against_first.delta,
            "ci_low": against_first.ci_low,
            "ci_high": against_first.ci_high,
            "gained_claims": len(against_first.gained_claims),
            "lost_claims": len(against_first.lost_claims),
        }
    )


def ranked(arms: Sequence[Arm]) -> list[Arm]:
    """Best mean recall first; ties keep the experiment's order."""
    return sorted(arms, key=lambda a: -(a.mean_recall or 0.0))


def verdict(
    best: Arm, runner_up: Arm | None, best_vs_runner_up: Comparison | None
) -> tuple[str | None, str]:
    """The best configuration, when its interval against the runner-up excludes zero (else
    None), and the sentence that says so."""
    c = best_vs_runner_up
    if runner_up is None or c is None:
        return None, f"one configuration only: {best.configuration}"
    interval = (
        "" if c.ci_low is None else f" ({c.confidence:.0%} CI {_interval(c.ci_low, c.ci_high)})"
    )
    if c.ci_low is not None and c.ci_low > 0:
        said = f"best: {best.configuration}, {c.delta:+.3f} over {runner_up.configuration}"
        return best.configuration, said + interval
    return None, (
        f"no significant difference between {best.configuration} and "
        f"{runner_up.configuration}{interval}"
    )


def _interval(low: float | None, high: float | None) -> str:
    return "-" if low is None or high is None else f"[{low:+.3f}, {high:+.3f}]"


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


COLUMNS = (
    "configuration",
    "recall",
    "Δ vs first",
    "95% CI",
    "precision",
    "id recall",
    "+/- claims",
    "calls",
    "tokens",
    "wall s",
)


def arm_cells(arm: Arm) -> tuple[str, ...]:
    """One configuration's row, in COLUMNS' order: the same words on a terminal and in
    Prefect."""
    first = arm.delta is None
    return (
        f"{arm.configuration} ({arm.configuration_key})",
        _figure(arm.mean_recall),
        "(first)" if first else f"{arm.delta:+.3f}",
        "" if first else _interval(arm.ci_low, arm.ci_high),
        _figure(arm.context_precision),
        _figure(arm.id_recall),
        "" if first else f"+{arm.gained_claims} -{arm.lost_claims}",
        str(arm.model_calls),
        str(arm.tokens),
        f"{arm.wall_seconds:.1f}",
    )


def experiment_markdown(report: ExperimentReport) -> str:
    """The report for Prefect: the table, the recall@k chart and the conclusion."""
    curves = [(a.configuration, a.recall_at_k) for a in report.arms]
    lines = [
        f"# Experiment on {report.dataset}",
        "",
        f"**{report.conclusion}**",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
        *(
            "| " + " | ".join(c.replace("|", "\\|") for c in arm_cells(a)) + " |"
            for a in report.arms
        ),
        "",
        f"![Recall at k per configuration]({svg_data_uri(recall_at_k_svg(curves))})",
        "",
        *id_recall_lines(report),
        "Δ and its paired bootstrap interval are against the first configuration, on the same "
        "frozen claims; +/- claims: found here and not by the first, and the reverse; "
        "precision: context precision from the same verdicts; id recall: the share of the "
        "labelled relevant documents retrieved (where the dataset labels them).",
    ]
    return "\n".join(lines) + "\n"


def id_recall_lines(report: ExperimentReport) -> list[str]:
    """Recall by document id at each k per configuration, when the cases were labelled."""
    arms = [a for a in report.arms if a.id_recall_at_k]
    if not arms:
        return []
    depth = max(len(a.id_recall_at_k) for a in arms)
    rows = [
        [a.configuration, *(f"{v:.3f}" for v in a.id_recall_at_k)]
        + [""] * (depth - len(a.id_recall_at_k))
        for a in arms
    ]
    return [
        "## Recall by document id at k",
        "",
        "| configuration | " + " | ".join(f"@{k}" for k in range(1, depth + 1)) + " |",
        "|" + "---|" * (depth + 1),
        *("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows),
        "",
    ]
