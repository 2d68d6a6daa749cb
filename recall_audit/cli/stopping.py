"""Ctrl-C and SIGTERM stop `recall-audit run` within seconds, whatever the user's code is doing,
so that `timeout`, systemd and Kubernetes can stop it.

The audit runs on an event loop in a thread of its own; the main thread only waits and keeps
the signals (Python delivers them to the main thread, and Prefect's own SIGTERM handler is
then never installed). On a signal the audit is cancelled and given GRACE_SECONDS to unwind;
a retriever stuck in a blocking call does not hold the command past that.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import typer

from recall_audit.cli.options import errors
from recall_audit.cli.prefect_console import quiet_prefect_console

T = TypeVar("T")
GRACE_SECONDS = 5.0
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stopped(Exception):
    """The command was asked to stop by `signum`."""

    def __init__(self, signum: int, *, stuck: bool) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        # Whether the audit's thread is still in the user's code: then only os._exit ends
        # the process (the interpreter's own exit would wait on Prefect's queues).
        self.stuck = stuck
        self.name = signal.Signals(signum).name
        # As a shell reports a process ended by a signal: 130 for SIGINT, 143 for SIGTERM.
        self.exit_code = 128 + signum


@contextmanager
def signals_kept() -> Iterator[list[int]]:
    """While the block runs, SIGINT and SIGTERM are recorded in the list it gives, nothing
    else; the handlers before it come back after it."""
    received: list[int] = []
    previous = {
        s: signal.signal(s, lambda signum, _frame: received.append(signum)) for s in STOP_SIGNALS
    }
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def run_stoppable(coroutine: Coroutine[Any, Any, T], received: list[int]) -> T:
    """`coroutine` to its end on an event loop of its own thread; when a signal arrives in
    `received` (see signals_kept), it is cancelled and Stopped is raised once it unwound or
    GRACE_SECONDS passed (the thread, daemon, is then left to the process's exit)."""
    started = threading.Event()
    running: dict[str, Any] = {}
    outcome: list[tuple[bool, Any]] = []

    async def main() -> T:
        running["loop"], running["task"] = asyncio.get_running_loop(), asyncio.current_task()
        started.set()
        return await coroutine

    def target() -> None:
        try:
            outcome.append((True, asyncio.run(main())))
        except BaseException as error:  # handed to the main thread as it is
            outcome.append((False, error))

    thread = threading.Thread(target=target, name="recall-audit run", daemon=True)
    thread.start()
    while thread.is_alive() and not received:
        thread.join(0.1)
    if received:
        # The cancellation's own log lines (Prefect's "Crash detected!") stay out of the
        # terminal: the command says in one line what happened.
        quiet_prefect_console()
        if started.is_set():
            with contextlib.suppress(RuntimeError):  # the loop closed in the meantime
                running["loop"].call_soon_threadsafe(running["task"].cancel)
        thread.join(GRACE_SECONDS)
        raise Stopped(received[0], stuck=thread.is_alive())
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value


def stopped_exit(stopped: Stopped, engine: Any, run_id: str | None) -> typer.Exit:
    """The run cancelled in the database and in Prefect, one line saying so, and the exit
    code of the signal; the process ends at once when the audit's thread is stuck."""
    from recall_audit.flows.abandoned import cancel_stopped_run

    # A second Ctrl-C waits for the cancellation to be recorded (a few seconds at most).
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    reason = f"stopped by {stopped.name}"
    if run_id is not None and cancel_stopped_run(engine, run_id, reason):
        line = f"{reason}: run {run_id[:8]} cancelled; continue it with --resume {run_id[:8]}"
    else:
        line = f"{reason} before the run started"
    errors.print(f"[red]error:[/red] {line}", highlight=False, soft_wrap=True)
    if stopped.stuck:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(stopped.exit_code)
    return typer.Exit(stopped.exit_code)
