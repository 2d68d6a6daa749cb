"""Values every results backend can store, checked where they enter: a dataset row, a chunk.

A lone surrogate (U+D800..U+DFFF: a bad `\\u` escape, or a byte that was not UTF-8) cannot be
encoded by SQLite's or PostgreSQL's driver, and PostgreSQL's text cannot hold NUL. Values
nested deeper than MAX_DEPTH overflow the recursion of serialisers further down the pipeline.
Found early, each is one row's error instead of a crash in the middle of a run.
"""

from __future__ import annotations

import re
from typing import Any

# Identifiers (case ids, dataset names) are indexed, and PostgreSQL refuses an index entry
# beyond about 2,700 bytes: 500 characters stay under it even at four UTF-8 bytes each.
# SQLite would take any length; the limit is checked up front so both behave alike.
MAX_ID_CHARS = 500
# A judge's name is kept in a column of this width.
MAX_JUDGE_CHARS = 200
# Agent transcripts nest a handful of levels; 32 is far beyond any real chunk layout.
MAX_DEPTH = 32
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def too_long(value: str, limit: int) -> str | None:
    """Why `value` is too long to be stored as an identifier, or None when it fits."""
    if len(value) <= limit:
        return None
    return f"is {len(value):,} characters long; at most {limit:,} are allowed"


def bad_text(text: str) -> str | None:
    """What makes `text` unstorable, or None when it is fine."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    char, at = found.group(), found.start()
    if char == "\x00":
        return f"contains a NUL character (U+0000) at character {at}, which PostgreSQL cannot store"
    return (
        f"contains U+{ord(char):04X} at character {at}, a lone surrogate (or a byte that is "
        "not UTF-8): not valid Unicode text"
    )


def unstorable(value: Any, *, text: bool = True) -> str | None:
    """What makes a JSON-like value unstorable (with where inside it), or None when it is fine;
    with text=False only its depth is checked.

    Walks with an explicit stack, so a hostile depth cannot overflow this check itself.
    """
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"is nested more than {MAX_DEPTH} levels deep"
        if isinstance(item, str):
            problem = bad_text(item) if text else None
        elif isinstance(item, dict):
            keys = (k for k in item if text and isinstance(k, str))
            problem = next(filter(None, map(bad_text, keys)), None)
            # Reversed, so the first problem in document order is the one reported.
            stack.extend((v, f"{where}.{k}", depth + 1) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend(
                (v, f"{where}[{i}]", depth + 1) for i, v in reversed(list(enumerate(item)))
            )
            problem = None
        else:
            problem = None
        if problem is not None:
            return f"{problem} (at {where.lstrip('.')})" if where else problem
    return None
