"""The reason for a score, written from the verdicts: no model call, never disagrees with the score."""

from __future__ import annotations

from collections.abc import Sequence

from recall_audit.types import Verdict

QUOTE_LIMIT = 160


def _short(text: str, limit: int = QUOTE_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def explain(
    claims: Sequence[str],
    verdicts: Sequence[Verdict],
    chunks: Sequence[str],
    score: float,
    scale: float,
) -> str:
    found = [v for v in verdicts if v.supported]
    missed = [v for v in verdicts if not v.supported]
    shown = f"{score:.2f}" if scale == 1 else f"{score:.2f}/{scale:g}"
    lines = [
        f"{len(found)} of {len(claims)} claims are supported by the retrieved context ({shown})."
    ]
    if found:
        lines.append("Found:")
        for v in found:
            where = ", ".join(f"chunk {i + 1}" for i in v.chunk_indices) or "the context"
            quote = f' ("{_short(v.quote)}")' if v.quote else ""
            lines.append(
                f"  [{v.claim_index + 1}] {_short(claims[v.claim_index])} — {where}{quote}"
            )
    if missed:
        lines.append("Missing:")
        for v in missed:
            lines.append(f"  [{v.claim_index + 1}] {_short(claims[v.claim_index])}")
    return "\n".join(lines)
