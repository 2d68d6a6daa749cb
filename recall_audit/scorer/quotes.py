"""Checking a judge's quote against the chunk it cites: found, after normalising form."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

from recall_audit.types import Verdict

_NOT_WORD = re.compile(r"[\W_]+")
# Models shorten long quotes with an ellipsis; each part must then be found, in order.
_ELLIPSIS = re.compile(r"\.{3,}|…")


def normalise(text: str) -> str:
    """Case, accents' composed forms, punctuation and spacing do not matter; words do."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_NOT_WORD.sub(" ", folded).split())


def quote_found(quote: str, chunk: str) -> bool:
    """Whether every part of the quote occurs in the chunk, in order."""
    parts = [normalise(p) for p in _ELLIPSIS.split(quote)]
    parts = [p for p in parts if p]
    if not parts:
        return False
    haystack = _haystack(chunk)
    position = 0
    for part in parts:
        found = haystack.find(f" {part} ", position)
        if found < 0:
            return False
        position = found + len(part) + 1
    return True


# The chunks of the cases being judged: every verdict of an answer searches them again.
@functools.lru_cache(maxsize=1024)
def _haystack(chunk: str) -> str:
    return f" {normalise(chunk)} "


def quote_source(quote: str, chunks: Sequence[str], cited: Sequence[int]) -> int | None:
    """The cited chunk (0-based) the quote is found in; failing that, any chunk that has it."""
    for index in [*cited, *range(len(chunks))]:
        if 0 <= index < len(chunks) and quote_found(quote, chunks[index]):
            return index
    return None


def with_quote_checked(verdict: Verdict, chunks: Sequence[str]) -> Verdict:
    """The verdict with `quote_verified` set, for judges that do not check their own."""
    if verdict.quote_verified is not None or not verdict.supported or not verdict.quote:
        return verdict
    cited = [chunks[i] for i in verdict.chunk_indices if 0 <= i < len(chunks)]
    found = any(quote_found(verdict.quote, chunk) for chunk in cited)
    return verdict.model_copy(update={"quote_verified": found})
