"""The JSON object inside a model's text, read leniently about form and never about meaning.

Weak and local models wrap JSON in code fences or prose, put raw newlines inside strings, and
get cut off at the token limit. All of that is recoverable: prose is skipped, control
characters inside strings are escaped, and a cut-off object keeps every member that was
complete (pydantic-core's partial parsing closes what was left open).
"""

from __future__ import annotations

import contextlib
from typing import Any

from pydantic import BaseModel
from pydantic_core import from_json

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_OPENERS = {"{": "}", "[": "]"}


class Scanned(BaseModel):
    """The first JSON object of a text, with raw control characters escaped."""

    text: str
    complete: bool
    # Where the object's text may be cut so that only complete top-level members remain.
    last_member_end: int | None = None


def scan_object(text: str) -> Scanned | None:
    """The first `{...}` of `text`: stops where it closes, or at the end of a cut-off text."""
    start = text.find("{")
    if start < 0:
        return None
    out: list[str] = []
    stack: list[str] = []
    in_string = escaped = False
    last_member_end: int | None = None
    for char in text[start:]:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            elif ord(char) < 0x20:
                char = _ESCAPES.get(char, f"\\u{ord(char):04x}")
            out.append(char)
            continue
        if char == '"':
            in_string = True
        elif char in _OPENERS:
            stack.append(_OPENERS[char])
        elif char in "}]":
            if not stack or stack.pop() != char:
                break  # an unbalanced closer: what came before is all we can read
            if not stack:
                out.append(char)
                return Scanned(text="".join(out), complete=True)
        elif char == "," and len(stack) == 1:
            # A comma between top-level members: everything before it is complete.
            last_member_end = len(out)
        out.append(char)
    return Scanned(text="".join(out), complete=False, last_member_end=last_member_end)


def parse_json_object(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """The JSON object in a model's text and, if it was not whole, what was wrong.

    A cut-off object comes back with its complete members and a problem saying so.
    """
    if text.lstrip().startswith("{"):
        # Most replies are one object and nothing else: read at once, they need no scan.
        with contextlib.suppress(ValueError):
            whole = from_json(text)
            if isinstance(whole, dict):
                return whole, None
    scanned = scan_object(text)
    if scanned is None:
        return None, "the reply contained no JSON object"
    if scanned.complete:
        try:
            data = from_json(scanned.text)
        except ValueError as exc:
            return None, f"the reply was not valid JSON ({exc})"
        return (data, None) if isinstance(data, dict) else (None, "the reply was not an object")
    kept = scanned.text[: scanned.last_member_end] if scanned.last_member_end else "{"
    try:
        data = from_json(kept, allow_partial=True)
    except ValueError as exc:
        return None, f"the reply was cut off and its JSON was not valid ({exc})"
    return (data if isinstance(data, dict) else {}), "the reply was cut off before its end"


def partial_members(text: str) -> dict[str, Any]:
    """Every member of a cut-off object, the last one as far as it got (its unfinished
    strings left out): for answers whose items are whole without their last field."""
    scanned = scan_object(text)
    if scanned is None:
        return {}
    try:
        data = from_json(scanned.text, allow_partial=True)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
