"""JSON from retrievers, parsed within bounds: a number of thousands of digits, or nesting
thousands deep, is a clear error instead of Python's int-size ValueError or a RecursionError
from the middle of the parser."""

from __future__ import annotations

import json
from typing import Any

from recall_audit.storable import MAX_DEPTH, unstorable

# Characters of one number: far beyond any id or score, far below Python's 4,300-digit
# limit for turning text into an int.
MAX_NUMBER_CHARS = 100


class JsonLimitError(ValueError):
    """The text is JSON, but beyond what is parsed: too deep, or a number too long."""


def _number(parse: type[int] | type[float]) -> Any:
    def parsed(text: str) -> int | float:
        if len(text) > MAX_NUMBER_CHARS:
            raise JsonLimitError(
                f"holds a number of {len(text):,} characters (more than {MAX_NUMBER_CHARS})"
            )
        return parse(text)

    return parsed


_INT, _FLOAT = _number(int), _number(float)


def loads(text: str | bytes) -> Any:
    """`json.loads` within MAX_NUMBER_CHARS per number and MAX_DEPTH levels of nesting.

    Raises json.JSONDecodeError for text that is not JSON, JsonLimitError for JSON beyond
    the bounds.
    """
    try:
        value = json.loads(text, parse_int=_INT, parse_float=_FLOAT)
    except RecursionError:
        raise JsonLimitError(f"is nested more than {MAX_DEPTH} levels deep") from None
    too_deep = unstorable(value, text=False)
    if too_deep is not None:
        raise JsonLimitError(too_deep)
    return value
