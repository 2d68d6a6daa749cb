"""`recall-audit`: the command line in one room.

`commands` runs and reads audits, `experiments` runs configurations side by side,
`operations` starts the Prefect server and watches
knowledge bases, `claims` refreshes frozen claims and `serve` registers the deployments and
alerts. The command line is the top layer: it uses the flows and the deployments, and
neither of them imports it.
"""

from __future__ import annotations

import gc

import typer

from recall_audit.cli import commands
from recall_audit.cli.diagnose import diagnose_app
from recall_audit.cli.experiments import experiment_app
from recall_audit.cli.operations import ops_app
from recall_audit.cli.options import fail
from recall_audit.cli.serve import serve_app
from recall_audit.cli.terminal import encodable_streams
from recall_audit.scorer.errors import RecallAuditError


def build_app() -> typer.Typer:
    """One command line out of the three command groups, none of them changed."""
    joined = typer.Typer(add_completion=False, no_args_is_help=True, help=commands.__doc__)
    for part in (commands.app, experiment_app, ops_app, serve_app, diagnose_app):
        joined.registered_commands.extend(part.registered_commands)
        joined.registered_groups.extend(part.registered_groups)
    return joined


app = build_app()


def main() -> None:
    """`recall-audit`: the command line, on streams that take any text. An error of ours that
    no command caught is still one line and exit code 2: it says what to fix."""
    encodable_streams()
    try:
        app(prog_name="recall-audit")
    except RecallAuditError as error:
        raise SystemExit(fail(str(error)).exit_code) from None
    finally:
        # The interpreter's exit collects every object the imports made (a fifth of a
        # second); frozen, they are left to the process's end.
        gc.freeze()
