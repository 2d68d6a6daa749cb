"""Tables that fit the terminal: what does not fit wraps, or its column is dropped, least
important first; a figure is never cut to a few characters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.table import Table

from recall_audit.cli.terminal import safe

# Room a wrapping column keeps at the least, and what each column costs beside its text.
MIN_WRAP = 14
PER_COLUMN = 2


class Column(NamedTuple):
    name: str
    # Columns of lower rank go first when the table is too wide; 0 is never dropped.
    rank: int = 0
    # Text that may wrap (names, specs); figures never wrap.
    wraps: bool = False


def _needed(column: Column, cells: Sequence[str]) -> int:
    widest = max([len(c) for c in cells] + [len(column.name)])
    return min(widest, MIN_WRAP) if column.wraps else widest


def kept_columns(columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int) -> list[int]:
    """The indices of the columns shown at `width`: all of them when they fit, else without
    the lowest-ranked ones until they do (or only rank 0 is left)."""
    kept = list(range(len(columns)))
    needs = [_needed(c, [row[i] for row in rows]) + PER_COLUMN for i, c in enumerate(columns)]
    while sum(needs[i] for i in kept) > width:
        droppable = [i for i in kept if columns[i].rank > 0]
        if not droppable:
            break
        kept.remove(min(droppable, key=lambda i: (columns[i].rank, -i)))
    return kept


def without_empty(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], optional: Sequence[str]
) -> tuple[list[Column], list[list[str]]]:
    """The columns and rows without the columns named in `optional` that no row has a
    figure in (every cell "-" or blank): a figure no run has takes no room."""
    empty = {
        i
        for i, c in enumerate(columns)
        if c.name in optional and all(row[i] in ("-", "") for row in rows)
    }
    kept = [c for i, c in enumerate(columns) if i not in empty]
    return kept, [[v for i, v in enumerate(row) if i not in empty] for row in rows]


def fitted_table(
    title: str, columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int
) -> Table:
    """A rich table of `rows` (plain text: it is made safe here) fitted to `width`."""
    kept = kept_columns(columns, rows, width)
    # No box: two spaces between columns are all the room a column costs beside its text.
    table = Table(title=safe(title), box=None, pad_edge=False, header_style="bold")
    for i in kept:
        column = columns[i]
        if column.wraps:
            table.add_column(column.name, overflow="fold", min_width=MIN_WRAP)
        else:
            # Its full width at the least: rich shrinks columns that have no minimum.
            width_needed = _needed(column, [row[i] for row in rows])
            table.add_column(column.name, no_wrap=True, justify="right", min_width=width_needed)
    for row in rows:
        table.add_row(*(safe(row[i]) for i in kept))
    return table
