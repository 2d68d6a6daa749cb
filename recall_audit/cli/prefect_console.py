"""What Prefect prints on the terminal while a command runs a flow.

The command says in one line why a run stopped (a signal, a full disk, a server down);
Prefect's own lines about the same failure ("Finished in state Failed", "Encountered
exception during execution" with its traceback) would say it again, worse. They still reach
the Prefect API, and the UI shows them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import typer

# How Prefect's flow and task engines begin the lines they log when a run fails (a task
# whose retries are exhausted says "Task run failed with ...", with its traceback, since 3.9).
ENDINGS = ("Finished in state", "Encountered exception during execution", "Task run failed with")


def _console_handlers() -> list[logging.Handler]:
    from prefect.logging.handlers import PrefectConsoleHandler

    loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
    return [
        handler
        for logger in loggers
        for handler in getattr(logger, "handlers", [])
        if isinstance(handler, PrefectConsoleHandler)
    ]


def quiet_prefect_console() -> None:
    """Nothing more of Prefect's reaches the terminal."""
    for handler in _console_handlers():
        handler.setLevel(logging.CRITICAL + 1)


class _HeldEndings(logging.Filter):
    """Keeps back the error lines a failing run ends with."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[logging.LogRecord] = []

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR and str(record.msg).startswith(ENDINGS):
            self.held.append(record)
            return False
        return True


@contextmanager
def failure_lines_held() -> Iterator[None]:
    """Prefect's lines about a flow or task run failing wait for the block to end: when it
    ends in a one-line error of the command's own (an exit code it chose), they are dropped;
    otherwise they are printed, as they would have been (unless the console was quieted
    meanwhile, as a signal does)."""
    held = {handler: _HeldEndings() for handler in _console_handlers()}
    for handler, holder in held.items():
        handler.addFilter(holder)
    told = False
    try:
        yield
    except typer.Exit as exit_:
        told = exit_.exit_code != 0
        raise
    finally:
        for handler, holder in held.items():
            handler.removeFilter(holder)
            for record in [] if told else holder.held:
                if record.levelno >= handler.level:
                    handler.handle(record)
