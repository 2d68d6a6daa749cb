"""Writes `make bench`'s figures into docs/performance.md, between its own markers.

A doc may hold sections written by several scripts, each between
`<!-- BEGIN <owner> -->` and `<!-- END <owner> -->`; a script replaces only its own
section (appending it the first time) and keeps every other line of the doc as it was.
"""

from __future__ import annotations

import re
from pathlib import Path


def markers(owner: str) -> tuple[str, str]:
    return f"<!-- BEGIN {owner} -->", f"<!-- END {owner} -->"


def replace_section(doc: Path, owner: str, body: str) -> None:
    """`doc` with the section of `owner` holding `body`; the rest of the doc untouched."""
    begin, end = markers(owner)
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    section = f"{begin}\n{body.strip()}\n{end}"
    # Markers count only on lines of their own, so prose may quote them.
    pattern = re.compile("^" + re.escape(begin) + r"$.*?^" + re.escape(end) + "$", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text, count=1)
    else:
        text = f"{text.rstrip()}\n\n{section}\n" if text.strip() else f"{section}\n"
    partial = doc.with_suffix(doc.suffix + ".tmp")
    partial.write_text(text, encoding="utf-8")
    partial.replace(doc)
