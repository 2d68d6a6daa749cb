"""Values every results backend can store, checked where they enter: a dataset row, a chunk.

A lone surrogate (U+D800..U+DFFF: a bad `\\u` escape, or a byte that was not UTF-8) cannot be
encoded by SQLite's or PostgreSQL's driver, and PostgreSQL's text cannot hold NUL. Values
nested deeper than MAX_DEPTH overflow the recursion of serialisers further down the pipeline.
Found early, each is one row's error instead of a crash in the middle of a run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
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
# What a name shown on one line (a judge's, in tables, logs and Prefect run names) never holds.
_LINE_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def too_long(value: str, limit: int) -> str | None:
    """Why `value` is too long to be stored as an identifier, or None when it fits."""
    if len(value) <= limit:
        return None
    return f"is {len(value):,} characters long; at most {limit:,} are allowed"


def not_a_name(value: str, limit: int) -> str | None:
    """Why `value` cannot be a name (too long, or holding a line break or another control
    character), or None when it can."""
    found = _LINE_BREAKING.search(value)
    if too_long(value, limit) or found is None:
        return too_long(value, limit)
    what = "a line break" if found.group() in "\n\r\u2028\u2029" else "a control character"
    return f"{value!r} holds {what} (U+{ord(found.group()):04X}) at character {found.start()}"


def bad_text(text: str) -> str | None:
    """What makes `text` unstorable, or None when it is fine."""
    # Told without a scan in Python: NUL is a memchr away, and ASCII text (which CPython
    # marks) or text that encodes as UTF-8 holds no lone surrogate.
    if "\x00" not in text and (text.isascii() or _encodes(text)):
        return None
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


def _encodes(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def unstorable(value: Any, *, text: bool = True) -> str | None:
    """What makes a JSON-like value unstorable (with where inside it), or None when it is fine;
    with text=False only its depth is checked.

    Walks with an explicit stack of iterators, one per open level: a hostile depth cannot
    overflow this check, and a list of millions of items costs no copy of it.
    """
    problem = _problem(value, text)
    if problem is not None:
        return problem
    stack: list[tuple[Iterator[tuple[str, Any]], str]] = [(_children(value), "")]
    while stack:
        children, where = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            continue
        step, item = child
        inside = f"{where}{step}"
        if len(stack) > MAX_DEPTH:
            return f"is nested more than {MAX_DEPTH} levels deep"
        problem = _problem(item, text)
        if problem is not None:
            return f"{problem} (at {inside.lstrip('.')})"
        if isinstance(item, dict | list):
            stack.append((_children(item), inside))
    return None


def _children(value: Any) -> Iterator[tuple[str, Any]]:
    """(how to reach it, child) for each child of a dict or list, in document order."""
    if isinstance(value, dict):
        return ((f".{k}", v) for k, v in value.items())
    if isinstance(value, list):
        return ((f"[{i}]", v) for i, v in enumerate(value))
    return iter(())


def _problem(item: Any, text: bool) -> str | None:
    """What makes this one value (a string, or a dict's keys) unstorable."""
    if not text:
        return None
    if isinstance(item, str):
        return bad_text(item)
    if isinstance(item, dict):
        keys = (k for k in item if isinstance(k, str))
        return next(filter(None, map(bad_text, keys)), None)
    return None
