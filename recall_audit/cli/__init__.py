"""`recall-audit`: the command line in one room.

`commands` runs audits, `results` reads them, `experiments` runs configurations side by side,
`operations` starts the Prefect server and watches
knowledge bases, `claims` refreshes frozen claims and `serve` registers the deployments and
alerts. The command line is the top layer: it uses the flows and the deployments, and
neither of them imports it.
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

# The commands that only read results. Typer builds every command of a command line before
# it runs one, and the others' options import the audit's whole description (cli/spec.py)
# and, through `run`, Prefect's settings: such a command is given a command line of these
# alone, the same commands with the same options.
READ_ONLY = ("runs", "show", "compare", "history", "baseline", "claims")
# The commands that run audits on the Prefect API (the project's server unless one is given).
AUDITS = ("run", "demo", "experiment")


def build_app() -> typer.Typer:
    """One command line out of the three command groups, none of them changed."""
    import typer

    from recall_audit.cli import commands
    from recall_audit.cli.diagnose import diagnose_app
    from recall_audit.cli.experiments import experiment_app
    from recall_audit.cli.labels import calibrate, labels_app
    from recall_audit.cli.operations import ops_app
    from recall_audit.cli.review import review
    from recall_audit.cli.serve import serve_app

    joined = typer.Typer(add_completion=False, no_args_is_help=True, help=commands.__doc__)
    for part in (commands.app, experiment_app, ops_app, serve_app, diagnose_app):
        joined.registered_commands.extend(part.registered_commands)
        joined.registered_groups.extend(part.registered_groups)
    joined.add_typer(labels_app, name="labels")
    joined.command()(calibrate)
    joined.command()(review)
    return joined


def read_only_app() -> typer.Typer:
    """The commands of READ_ONLY, as `build_app` has them."""
    import typer

    from recall_audit.cli import results
    from recall_audit.cli.claims import claims_app

    reads = typer.Typer(add_completion=False, no_args_is_help=True)
    reads.registered_commands.extend(results.app.registered_commands)
    reads.add_typer(results.baseline_app, name="baseline")
    reads.add_typer(claims_app, name="claims")
    return reads


def __getattr__(name: str) -> Any:
    """`app`, the whole command line, is built on first use (PEP 562)."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()["app"] = app = build_app()
    return app


def startup_done() -> None:
    """The start-up of a command that runs audits (imports, checks) is over; its audit
    begins. What the start-up made lives as long as the process: it is frozen out of the
    collector's passes, and the collector, off since `main` began, is back on, its youngest
    generation collected every 20,000 allocations, not 700: each model answer makes and drops
    thousands of objects, and at 700 the passes held the event loop hundreds of times a run
    while the answers of the other requests in flight waited."""
    gc.freeze()
    gc.set_threshold(20_000)
    gc.enable()


# What writing a command's output can meet that is no fault of the command.
OUTPUT_FAILURES = frozenset({errno.ENOSPC, errno.EIO, errno.EPIPE, errno.EDQUOT})


def _working_folder_gone() -> bool:
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def _folder_gone_exit(what: str = "no longer exists") -> int:
    print(f"error: the working folder {what}; cd to one that does", file=sys.stderr)
    return 2


def main() -> None:
    """`recall-audit`: the command line, on streams that take any text. An error of ours that
    no command caught is still one line and exit code 2: it says what to fix."""
    if _working_folder_gone():
        # Every relative path (the results database's above all) would fail somewhere deep.
        raise SystemExit(_folder_gone_exit())
    command = sys.argv[1:2]
    audits = bool(command) and command[0] in AUDITS and "--help" not in sys.argv
    read_only = bool(command) and command[0] in READ_ONLY
    if read_only or audits:
        # What a command that reads results makes, it keeps until it exits: the collector's
        # passes over it (the imports' objects above all) took a tenth of its time and found
        # a few thousand objects. What does real work turns it back on (`gc.enable()`). An
        # audit's start-up (Prefect's import above all) paid for hundreds of passes, a tenth
        # to a fifth of the demo's run: its audit turns the collector back on (`startup_done`).
        gc.disable()
    if audits:
        # First, before the command line's own imports: the server starts beside them.
        from recall_audit.server.local_server import start_before_imports

        start_before_imports()
    from recall_audit.cli.options import fail
    from recall_audit.cli.terminal import encodable_streams
    from recall_audit.errors import RecallAuditError
    from recall_audit.user_code import exits_guarded

    encodable_streams()
    try:
        with exits_guarded():  # user code's os._exit(0) is its error, not a silent exit 0
            code = _run(read_only)
    except RecallAuditError as error:
        raise SystemExit(fail(str(error)).exit_code) from None
    except OSError as error:
        raise SystemExit(_os_error_exit(error)) from None
    finally:
        if audits:
            from recall_audit.server.local_server import stop_unused_server

            stop_unused_server()
        # The interpreter's exit collects every object the imports made (a fifth of a
        # second); frozen, they are left to the process's end.
        gc.freeze()
    raise SystemExit(code)


def _run(read_only: bool) -> int:
    """The command line's exit code; a usage error is one line (`_usage_error_exit`)."""
    import typer

    app = read_only_app() if read_only else build_app()
    try:
        # Not standalone: a usage error comes here as itself, to be said in one line.
        code = app(prog_name="recall-audit", standalone_mode=False)
    except typer.TyperException as error:  # click's errors, as typer carries them
        return _usage_error_exit(error)
    except typer.Abort:  # end of input at a prompt
        print("error: aborted", file=sys.stderr)
        return 1
    # A command that ended without typer.Exit returns its value (None): success.
    return code if isinstance(code, int) else 0


def _os_error_exit(error: OSError) -> int:
    """The exit code of an OSError that is no fault of the command's; any other is raised."""
    if isinstance(error, FileNotFoundError) and _working_folder_gone():
        # Deleted while the command ran: the default database's path is found again
        # when the results are read back for the summary.
        return _folder_gone_exit("was deleted while the command ran")
    if error.errno not in OUTPUT_FAILURES:
        raise error
    # stdout is full, gone or a closed pipe: say so where it can still be read, and let
    # the interpreter's last flush go nowhere rather than fail again.
    print(f"error: cannot write the output: {error.strerror}", file=sys.stderr)
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def _usage_error_exit(error: typer.TyperException) -> int:
    """A wrong command, option or value: one line naming the command and where its help is
    (click's own box is six lines), and click's exit code (2)."""
    from recall_audit.cli.terminal import plain

    if type(error).__name__ == "NoArgsIsHelpError":  # a bare `recall-audit`: its help
        error.show()
        return error.exit_code
    context = getattr(error, "ctx", None)
    message = " ".join(plain(error.format_message()).split())
    if context is None:
        print(f"error: {message}", file=sys.stderr)
    else:
        path = context.command_path
        print(f"error: {path}: {message} (see {path} --help)", file=sys.stderr)
    return error.exit_code
