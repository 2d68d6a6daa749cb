"""`recall-audit`: the audit commands (flows) joined with the scheduling layer's
(deployments: `serve`, `alerts`).

The console script starts here so that neither layer has to import the other's commands:
deployments use the flows, and the flows never import deployments.
"""

from __future__ import annotations

import typer

from recall_audit.deployments.commands import serve_app
from recall_audit.flows import cli
from recall_audit.flows.operations import ops_app


def build_app() -> typer.Typer:
    """One command line out of the three command groups, none of them changed."""
    joined = typer.Typer(add_completion=False, no_args_is_help=True, help=cli.__doc__)
    for part in (cli.app, ops_app, serve_app):
        joined.registered_commands.extend(part.registered_commands)
        joined.registered_groups.extend(part.registered_groups)
    return joined


app = build_app()
