"""What kind of fact a claim states, so that misses can be grouped: a number or date, a named
entity, or something else. Read as the built-in judge reads claims (recall_audit/text/text.py)."""

from __future__ import annotations

from typing import Literal

from recall_audit.text.text import analyse

ClaimKind = Literal["number_or_date", "named_entity", "other"]

KIND_LABELS: dict[ClaimKind, str] = {
    "number_or_date": "number/date",
    "named_entity": "named entity",
    "other": "other",
}


def claim_kind(claim: str) -> ClaimKind:
    """A number, ordinal or month makes it a number/date; else a proper noun in a slot of
    the sentence (an object, a place, a maker: not the subject it starts with) a named
    entity; else other."""
    analysis = analyse(claim)
    if analysis.hard:
        return "number_or_date"
    if analysis.names:
        return "named_entity"
    return "other"
