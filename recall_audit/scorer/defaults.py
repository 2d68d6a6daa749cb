"""The judge of metrics and scorers made without a model: the built-in one, unless a session
(the pytest plugin's `--recall-judge`) names another for everything it runs."""

from __future__ import annotations

from contextvars import ContextVar

from recall_audit.scorer.judge import Judge

# A context variable, not a module global: what a session sets is seen by the code it runs
# (threads it starts copy it explicitly), and a test can set and reset it.
_session_judge: ContextVar[Judge | None] = ContextVar("recall_audit_session_judge", default=None)


def set_default_judge(judge: Judge | None) -> None:
    """Every metric and scorer made without a model from now on uses `judge` (None: builtin)."""
    _session_judge.set(judge)


def default_judge(model: str | Judge | None) -> str | Judge | None:
    """The model as given, or the session's judge when none was."""
    return _session_judge.get() if model is None else model
