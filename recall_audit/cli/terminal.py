"""Text from datasets, retrievers and models made safe for a terminal.

Such text is data, never instructions: an ANSI escape sequence could recolour, hide or
rewrite what the terminal shows, a right-to-left override could make a claim read
backwards, and rich would take `[bold]` in a chunk as markup. Each control or bidi
formatting character becomes U+FFFD, visibly, and markup is escaped.
"""

from __future__ import annotations

import re
import sys

from rich.markup import escape

# C0 and C1 controls but tab and newline, and the bidi embeddings, overrides, isolates and marks.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def plain(text: object) -> str:
    """`text` with every control and bidi formatting character replaced by U+FFFD."""
    return _UNSAFE.sub("\ufffd", str(text))


def safe(text: object) -> str:
    """`text` ready for rich markup: made plain, then escaped."""
    return escape(plain(text))


def encodable_streams() -> None:
    """stdout and stderr that print any text, whatever encoding they were given: where it
    cannot be encoded (an ASCII-only locale, a CI log) a character is written as its escape
    (\\u3042) instead of ending the command with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if not encoding.startswith("utf") and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
