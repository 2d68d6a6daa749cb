"""The lost claims as markdown, each whole under its question, with its cause when
diagnosed."""

from __future__ import annotations

from collections.abc import Sequence

from recall_audit.compare.compare import Comparison
from recall_audit.compare.report import chunk_names, quoted
from recall_audit.diagnosis.lost import LostClaim


def lost_claims_markdown(c: Comparison, causes: Sequence[LostClaim] = ()) -> str:
    """Each lost claim whole, under its case's question, with the chunk that supported it
    and, when diagnosed, its cause: prose that wraps at any width, where a table's long
    cells would scroll sideways."""
    if not c.lost_claims:
        return "No claim lost since the baseline.\n"
    cause = {(x.case_key, x.claim_index): x for x in causes}
    changes = {x.case_key: x for x in c.case_changes}
    lines = [
        f"# {len(c.lost_claims)} claim(s) lost since run {c.base_run_id[:8]}",
        "",
        f"Found by the baseline, missed by run {c.head_run_id[:8]}; worst cases first.",
    ]
    case = None
    for x in c.lost_claims:
        if x.case_key != case:
            case = x.case_key
            change = changes.get(case)
            recall = (
                f" · recall {change.base_score:.3f} → {change.head_score:.3f}" if change else ""
            )
            lines += ["", f"## {case}{recall}", "", f"**Question:** {x.question}"]
        lines += ["", f"**Lost claim:** {x.claim}", ""]
        if x.chunk_text:
            lines += [
                f"It was supported by {chunk_names(x.chunk_positions)}:",
                "",
                *quoted(x.chunk_text),
            ]
        if (found := cause.get((x.case_key, x.claim_index))) is not None:
            lines += ["", *lost_cause_lines(found)]
    return "\n".join(lines) + "\n"


def lost_cause_lines(lost: LostClaim) -> list[str]:
    """A lost claim's cause: its label, and what stands in its chunk's place if edited."""
    lines = [f"**Cause:** {lost.label}" + (f" — {lost.detail}" if lost.detail else "")]
    if lost.cause == "edited" and lost.new_text is not None:
        lines += ["", "Now it reads:", "", *quoted(lost.new_text)]
    return lines
