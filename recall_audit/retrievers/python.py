"""A retriever that is a Python function of yours: `python:module:function`."""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.retrievers.base import BaseRetriever, RetrieverError
from recall_audit.user_code import USER_CODE_ERRORS, UserLoop, in_daemon_thread, raised

OWN_PACKAGE = "recall_audit"


@contextmanager
def _first_on_path(folder: str) -> Iterator[None]:
    """The user's folder goes first while their module is imported, like uvicorn's --app-dir;
    it is taken off again so it cannot shadow anything imported later."""
    sys.path.insert(0, folder)
    try:
        yield
    finally:
        sys.path.remove(folder)


def load_callable(target: str, app_dir: str | Path | None = None) -> Callable[..., Any]:
    """Import `module:function` (the function may be a dotted attribute path).

    The module is looked up in `app_dir` (default: the working folder) before anywhere else.
    Our own modules all live under `recall_audit`, so a user's `tasks.py` or `recall_audit/storage/` is
    never confused with them.
    """
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise ConfigurationError(f"expected 'module:function', got '{target}'")
    if module_name.partition(".")[0] == OWN_PACKAGE:
        raise ConfigurationError(
            f"'{module_name}' is Recall Audit's own code, not a module of yours"
        )
    folder = str(Path(app_dir or ".").resolve())
    try:
        with _first_on_path(folder):
            found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise ConfigurationError(
            f"cannot import module '{module_name}' (looked in {folder} first): {error}"
        ) from None
    except SyntaxError as error:
        raise ConfigurationError(
            f"cannot import module '{module_name}': syntax error in "
            f"{error.filename}:{error.lineno}: {error.msg}"
        ) from None
    except USER_CODE_ERRORS as error:
        # Whatever the module does on import (raise, sys.exit) is a bad retriever, one line.
        raise ConfigurationError(
            f"cannot import module '{module_name}': it {raised(error)}"
        ) from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ConfigurationError(f"module '{module_name}' has no attribute '{attribute}'")
        found = getattr(found, part)
    if not callable(found):
        raise ConfigurationError(f"'{target}' is not callable")
    return found


def _takes_top_k(function: Callable[..., Any]) -> bool:
    """True when the function can be called as f(question, top_k)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # some builtins have no signature: assume the full form
        return True
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind == p.VAR_POSITIONAL for p in parameters)


class PythonRetriever(BaseRetriever):
    """Calls `function(question, top_k)`, or `function(question)` when it takes one argument.

    Plain functions run in a thread of their own, async ones (and the coroutines a plain one
    returns) on an event loop of their own (UserLoop), so neither can block the audit's
    event loop, nor keep the process alive when they never return: the audit's timeout
    moves on without them. Whatever they return is the raw result for context extraction.
    Whatever they raise, SystemExit and KeyboardInterrupt included, is the case's
    RetrieverError, naming the exception and the line of the user's code.
    """

    def __init__(self, function: Callable[..., Any], name: str) -> None:
        self.name = name
        self._function = function
        self._takes_top_k = _takes_top_k(function)
        self._is_async = inspect.iscoroutinefunction(function) or inspect.iscoroutinefunction(
            getattr(function, "__call__", None)  # noqa: B004 - an async __call__ method
        )
        self._loop = UserLoop()

    @classmethod
    def from_target(cls, target: str, app_dir: str | Path | None = None) -> PythonRetriever:
        return cls(load_callable(target, app_dir), name=f"python:{target}")

    async def retrieve(self, case: DatasetCase, top_k: int) -> Any:
        args = (case.question, top_k) if self._takes_top_k else (case.question,)
        try:
            if self._is_async:
                return await self._loop.run(self._function(*args))
            result = await in_daemon_thread(partial(self._function, *args))
            if inspect.iscoroutine(result):
                return await self._loop.run(result)
            return await result if inspect.isawaitable(result) else result
        except USER_CODE_ERRORS as error:
            raise RetrieverError(f"retriever {self.name} {raised(error)}") from error

    async def aclose(self) -> None:
        self._loop.close()
