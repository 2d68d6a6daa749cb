"""Ctrl-C, SIGTERM and SIGHUP stop `recall-audit run` and `experiment` within seconds,
whatever the user's code is doing, so that `timeout`, systemd and Kubernetes can stop them.

The audit runs on an event loop in a thread of its own; the main thread only waits and keeps
the signals (Python delivers them to the main thread, and Prefect's own SIGTERM handler is
then never installed). On a signal the audit is cancelled and given GRACE_SECONDS to unwind;
a retriever stuck in a blocking call does not hold the command past that.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Coroutine, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

import typer

from recall_audit.cli.options import errors
from recall_audit.cli.prefect_console import quiet_prefect_console
from recall_audit.user_code import process_exit

T = TypeVar("T")
GRACE_SECONDS = 5.0
# SIGHUP too: a closed terminal or ssh session ends the run as cancelled, not left running.
STOP_SIGNALS = (
    signal.SIGINT,
    signal.SIGTERM,
    *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []),
)


class Stopped(Exception):
    """The command was asked to stop by `signum`."""

    def __init__(self, signum: int, *, stuck: bool) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        # Whether the audit's thread is still in the user's code: then only os._exit ends
        # the process (the interpreter's own exit would wait on Prefect's queues).
        self.stuck = stuck
        self.name = signal.Signals(signum).name
        # As a shell reports a process ended by a signal: 130 for SIGINT, 143 for SIGTERM,
        # 129 for SIGHUP.
        self.exit_code = 128 + signum


@contextmanager
def signals_kept() -> Iterator[list[int]]:
    """While the block runs, the stop signals are recorded in the list it gives, nothing
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


class AuditLoop:
    """The event loop the audit runs on, in a thread of its own, running from its creation:
    work may start on it before the audit exists (the run's first model calls, while Prefect
    is imported), and the audit then runs on it (run_stoppable)."""

    def __init__(self) -> None:
        self._audit: Future[Coroutine[Any, Any, Any]] = Future()
        self._started = threading.Event()
        self._outcome: list[tuple[bool, Any]] = []
        self.loop: asyncio.AbstractEventLoop
        self.task: asyncio.Task[Any]
        self.thread = threading.Thread(target=self._target, name="recall-audit run", daemon=True)
        self.thread.start()
        self._started.wait()

    def _target(self) -> None:
        try:
            self._outcome.append((True, asyncio.run(self._main())))
        except BaseException as error:  # handed to the main thread as it is
            self._outcome.append((False, error))

    async def _main(self) -> Any:
        self.loop = asyncio.get_running_loop()
        self.task = asyncio.current_task()  # type: ignore[assignment] (a task runs this)
        self._started.set()
        return await (await asyncio.wrap_future(self._audit))

    def run(self, coroutine: Coroutine[Any, Any, T]) -> None:
        self._audit.set_result(coroutine)

    def outcome(self) -> Any:
        succeeded, value = self._outcome[0]
        if not succeeded:
            raise value
        return value


def run_stoppable(
    coroutine: Coroutine[Any, Any, T], received: list[int], loop: AuditLoop | None = None
) -> T:
    """`coroutine` to its end on `loop` (a new one unless given); when a signal arrives in
    `received` (see signals_kept), it is cancelled and Stopped is raised once it unwound or
    GRACE_SECONDS passed (the thread, daemon, is then left to the process's exit)."""
    running = loop or AuditLoop()
    running.run(coroutine)
    thread = running.thread
    while thread.is_alive() and not received:
        thread.join(0.1)
    if received:
        # The cancellation's own log lines (Prefect's "Crash detected!") stay out of the
        # terminal: the command says in one line what happened.
        quiet_prefect_console()
        with contextlib.suppress(RuntimeError):  # the loop closed in the meantime
            running.loop.call_soon_threadsafe(running.task.cancel)
        thread.join(GRACE_SECONDS)
        raise Stopped(received[0], stuck=thread.is_alive())
    return running.outcome()


def stopped_exit(stopped: Stopped, engine: Any, run_id: str | None) -> typer.Exit:
    """The run cancelled in the database and in Prefect, one line saying so, and the exit
    code of the signal; the process ends at once when the audit's thread is stuck."""
    from recall_audit.flows.abandoned import cancel_stopped_run

    reason = _stopping(stopped)
    if run_id is not None and cancel_stopped_run(engine, run_id, reason):
        line = f"{reason}: run {run_id[:8]} cancelled; continue it with --resume {run_id[:8]}"
    else:
        line = f"{reason} before the run started"
    return _exit_saying(stopped, line)


def experiment_stopped_exit(stopped: Stopped, engine: Any, since: datetime) -> typer.Exit:
    """As stopped_exit, for an experiment: the configuration being audited is cancelled
    (and resumable as a run), and so is the experiment."""
    from recall_audit.flows.abandoned import cancel_stopped_experiment

    reason = _stopping(stopped)
    line = f"{reason}: experiment cancelled"
    if (run_id := cancel_stopped_experiment(engine, since, reason)) is not None:
        line += f"; run {run_id[:8]} cancelled, continue it with recall-audit run --resume "
        line += run_id[:8]
    return _exit_saying(stopped, line)


def _stopping(stopped: Stopped) -> str:
    """The reason recorded for the stop, from now on with the stop signals ignored: a second
    Ctrl-C waits for the cancellation to be recorded (a few seconds at most)."""
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    return f"stopped by {stopped.name}"


def _exit_saying(stopped: Stopped, line: str) -> typer.Exit:
    errors.print(f"[red]error:[/red] {line}", highlight=False, soft_wrap=True)
    if stopped.stuck:
        sys.stdout.flush()
        sys.stderr.flush()
        process_exit(stopped.exit_code)
    return typer.Exit(stopped.exit_code)
