"""The judge of metrics and scorers made without a model: the built-in one, unless a session
(the pytest plugin's `--recall-judge`) names another for everything it runs."""

from __future__ import annotations

from recall_audit.scorer.judge import Judge

_session_judge: Judge | None = None


def set_default_judge(judge: Judge | None) -> None:
    """Every metric and scorer made without a model from now on uses `judge` (None: builtin)."""
    global _session_judge
    _session_judge = judge


def default_judge(model: str | Judge | None) -> str | Judge | None:
    """The model as given, or the session's judge when none was."""
    return _session_judge if model is None else model
