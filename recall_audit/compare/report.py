"""Human-readable views of a comparison and of recall over time: markdown and table rows.

Plain strings and dicts, so the CLI prints them and the flows hand them to Prefect artifacts
without this module knowing about either.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from recall_audit.compare.chart import recall_chart_svg, svg_data_uri
from recall_audit.compare.compare import CaseOutcome, Comparison

CELL_LIMIT = 160
_SPARKS = "▁▂▃▄▅▆▇█"
_EIGHTHS = " ▏▎▍▌▋▊▉"
_BAR_WIDTH = 10
_MARK = {"regressed": "🔴", "improved": "🟢", "unchanged": "⚪", "judge_changed": "🟡"}


def short(text: str, limit: int = CELL_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _cell(text: str) -> str:
    # A pipe would end the markdown cell early.
    return short(text).replace("|", "\\|")


def chunk_names(positions: Sequence[int]) -> str:
    # Positions are 0-based; people count retrieved chunks from 1, as the reasons do.
    return ", ".join(f"chunk {p + 1}" for p in positions) or "the context"


def quoted(text: str) -> list[str]:
    return [f"> {line}" if line.strip() else ">" for line in text.strip().splitlines()]


def comparison_markdown(c: Comparison, *, top: int = 5) -> str:
    """A short summary: recall base → head, delta with its interval, verdict, lost claims."""
    lines = [f"## Recall: {c.head_run_id} vs baseline {c.base_run_id} ({c.dataset})", ""]
    if c.delta is None:
        lines.append(f"{_MARK[c.verdict]} **{c.verdict}**: {c.reason}.")
    else:
        lines.append(
            f"{_MARK[c.verdict]} **{c.verdict}**: mean recall {c.base_mean:.3f} → "
            f"{c.head_mean:.3f} (Δ {c.delta:+.3f}, {c.confidence:.0%} CI "
            f"[{c.ci_low:+.3f}, {c.ci_high:+.3f}], tolerance ±{c.tolerance:g}) over "
            f"{c.n_paired} paired case(s); {c.reason}."
        )
    worse = sum(x.delta < 0 for x in c.case_changes)
    better = sum(x.delta > 0 for x in c.case_changes)
    lines += [
        "",
        f"- Claims lost: {len(c.lost_claims)}, gained: {len(c.gained_claims)}",
        f"- Cases: {worse} worse, {better} better, {c.n_paired - worse - better} same; "
        f"{len(c.added_cases)} added, {len(c.removed_cases)} removed, "
        f"{len(c.errored_cases)} errored",
    ]
    if c.setting_changes:
        changed = ", ".join(
            f"{x.setting} {_setting(x.base)} → {_setting(x.head)}" for x in c.setting_changes
        )
        lines.append(f"- Settings that differ: {short(changed, 4 * CELL_LIMIT)}")
    lines += [f"- {note}" for note in c.notes]
    if c.lost_claims:
        # A list, not a table: it wraps at any width. The lost-claims view has them whole,
        # with their questions and chunks.
        shown = c.lost_claims[:top]
        lines += ["", f"### Lost claims (top {len(shown)} of {len(c.lost_claims)})", ""]
        lines += [
            f"- `{x.case_key}`: {short(x.claim)} (was {chunk_names(x.chunk_positions)}"
            + (f': "{short(x.quote)}")' if x.quote else ")")
            for x in shown
        ]
    return "\n".join(lines) + "\n"


def _setting(value: object) -> str:
    return "unset" if value is None else f"`{value}`"


def worst_cases_table(cases: Sequence[CaseOutcome], n: int = 10) -> list[dict[str, object]]:
    """The n lowest-recall scored cases with what they miss; errored cases have no recall."""
    scored = [c for c in cases if not c.errored]
    scored.sort(key=lambda c: (c.score, -sum(not x.supported for x in c.claims), c.case_key))
    rows = []
    for case in scored[:n]:
        missing = [
            x.claim for x in sorted(case.claims, key=lambda x: x.claim_index) if not x.supported
        ]
        rows.append(
            {
                # What a reader looks for first, never scrolled out of view; the long case
                # key last.
                "recall": round(case.score, 3),
                "supported": f"{len(case.claims) - len(missing)} of {len(case.claims)}",
                "question": short(case.question),
                "missing": short("; ".join(missing)) or "-",
                "status": case.status,
                "case": case.case_key,
            }
        )
    return rows


def _bar(value: float) -> str:
    eighths = round(min(max(value, 0.0), 1.0) * _BAR_WIDTH * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + _EIGHTHS[part]).rstrip() or "▏"


def _spark(values: Sequence[float]) -> str:
    # Scaled to the history's own range so small moves stay visible; the range is printed.
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return _SPARKS[3] * len(values)
    top = len(_SPARKS) - 1
    return "".join(_SPARKS[round((v - low) / (high - low) * top)] for v in values)


def _change(delta: float) -> str:
    if abs(delta) < 0.0005:
        return "= 0.000"
    return f"{'▲' if delta > 0 else '▼'} {delta:+.3f}"


def trend_markdown(history: Sequence[tuple[str, datetime, float]], *, chart: bool = False) -> str:
    """Recall over past runs, oldest first: a sparkline, then one row per run with a bar.
    With `chart`, a line chart (an SVG data: URI image) leads, for the Prefect UI."""
    if not history:
        return "No completed runs yet, so there is no recall trend to show.\n"
    runs = sorted(history, key=lambda r: r[1])
    values = [r[2] for r in runs]
    lines = [
        f"Recall trend over {len(runs)} run(s): `{_spark(values)}` "
        f"(low {min(values):.3f}, high {max(values):.3f}, latest {values[-1]:.3f})",
        "",
        *(
            [f"![Mean recall, 0 to 1, over runs]({svg_data_uri(recall_chart_svg(runs))})", ""]
            if chart
            else []
        ),
        "| run | started | recall | bar (0 to 1) | change |",
        "|---|---|---|---|---|",
    ]
    previous = None
    for run_id, started, recall in runs:
        change = "" if previous is None else _change(recall - previous)
        lines.append(
            f"| {_cell(run_id)} | {started:%Y-%m-%d %H:%M} | {recall:.3f} | "
            f"`{_bar(recall)}` | {change} |"
        )
        previous = recall
    return "\n".join(lines) + "\n"
