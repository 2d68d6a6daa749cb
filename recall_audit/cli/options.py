"""What the commands share beyond the audit's settings (those are generated from the spec's
fields, `cli/spec_options.py`): a few options of their own, and how bad input is reported.
This module does not import the spec: the commands that only read results take options and
report bad input without it."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from recall_audit.cli.terminal import safe

BAD_INPUT = 2
errors = Console(stderr=True, emoji=False)

# A count of rows to list or keep: bounded, so a huge number is one line, not a database's
# integer overflow.
MAX_ROWS = 1_000_000

KeepErrors = Annotated[
    bool, typer.Option("--keep-errors", help="With --resume: do not redo errored cases.")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
# The built-in judge's claims (`claims refresh`), a command that reads results: the help of the
# spec's judge, which that command does not import.
Judge = Annotated[str, typer.Option(help="builtin | openai/<model> | anthropic/<model>")]


def fail(message: str) -> typer.Exit:
    """One line on stderr and exit code 2: bad input is the user's to fix, not a traceback.
    Whatever the message quotes (a CSV header, a URL) is shown with the secrets masked."""
    from recall_audit.redact import scrub_message

    errors.print(
        f"[red]error:[/red] {safe(scrub_message(message))}", highlight=False, soft_wrap=True
    )
    return typer.Exit(BAD_INPUT)


def row_count(param: typer.CallbackParam, value: int) -> int:
    """A count of rows within 1..MAX_ROWS, else one line naming the option and exit code 2."""
    if not 1 <= value <= MAX_ROWS:
        raise fail(f"{param.opts[0]} must be from 1 to {MAX_ROWS:,}, not {value}")
    return value


RowLimit = Annotated[int, typer.Option(callback=row_count, help="At most this many runs.")]
