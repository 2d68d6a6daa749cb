"""What `show` and the tables print: data can neither drive the terminal (ANSI escapes), nor
reorder what it shows (bidi overrides), nor be taken for rich markup."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from rich.console import Console

from recall_audit.cli.views import print_case, worst_cases_table
from recall_audit.storage import CaseResultRecord
from recall_audit.types import Status, Usage, Verdict

HOSTILE = "Who\x1b[2J\x1b]0;pwned\x07 wrote \u202eevil\u202c [bold]it[/bold]?\r"


def rendered(draw) -> str:
    out = io.StringIO()
    # No colours of our own: any escape sequence in the output would have come from the data.
    draw(Console(file=out, color_system=None, width=200))
    return out.getvalue()


def test_control_bidi_and_markup_in_data_reach_the_terminal_inert() -> None:
    case = CaseResultRecord(
        case_key="k\x1b[31m",
        question=HOSTILE,
        ground_truth="x",
        status=Status.ERROR,
        score=None,
        scale=1.0,
        reason="",
        error="judge said \u2066[red]no\u2069\x1b[0m",
        claims=["Claim \u202eone"],
        verdicts=[Verdict(claim_index=0, supported=True, chunk_indices=[0], quote="q\x9b1m")],
        chunks=["chunk \x1b[5m text"],
        recall_at_k=[1.0],
        usage=Usage(),
        created_at=datetime.now(UTC),
    )
    shown = rendered(lambda console: print_case(console, case))
    shown += rendered(lambda console: console.print(worst_cases_table([case])))
    for unsafe in (
        "\x1b[2J",
        "\x1b]0",
        "\x07",
        "\u202e",
        "\u202c",
        "\u2066",
        "\x9b",
        "\r",
        "\x1b[31m",
    ):
        assert unsafe not in shown.replace("\x1b[31m✘", ""), repr(unsafe)
    assert "[bold]it[/bold]" in shown and "[red]no" in shown
    assert "Who\ufffd[2J\ufffd]0;pwned\ufffd wrote \ufffdevil\ufffd" in shown
