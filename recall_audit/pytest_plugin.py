"""The pytest plugin (entry point `pytest11`, so installing Recall Audit is enough).

- `--recall-judge MODEL` (or `RECALL_AUDIT_JUDGE`): the judge of every metric and scorer
  the tests make without a model, and of `assert_recall` without one;
- the `recall_judge` fixture: that judge, one for the whole session, so that tests using a
  model judge share its connection pool and its response cache;
- a terminal summary of the recall of every case given to `assert_recall`.

Nothing is imported from the library until a session asks for it: pytest runs in projects
that never use it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

JUDGE_ENV = "RECALL_AUDIT_JUDGE"
_JUDGE = pytest.StashKey[Any]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("recall-audit", "context recall (Recall Audit)")
    group.addoption(
        "--recall-judge",
        default=os.environ.get(JUDGE_ENV) or None,
        metavar="MODEL",
        help=f"judge of the recall assertions: builtin, openai/<model>, anthropic/<model> "
        f"(default: ${JUDGE_ENV}, else builtin)",
    )


def _session_judge(config: pytest.Config) -> Any:
    """The configured judge, made once, with a cache of its own for the session."""
    if _JUDGE not in config.stash:
        from recall_audit.errors import RecallAuditError
        from recall_audit.scorer.judges import InMemoryCache, get_judge

        model = config.getoption("recall_judge")
        try:
            config.stash[_JUDGE] = get_judge(model, cache=InMemoryCache())
        except RecallAuditError as error:
            # A bad --recall-judge (or $RECALL_AUDIT_JUDGE) is the user's option: pytest's
            # usage error (one line, exit 4), not an INTERNALERROR traceback.
            raise pytest.UsageError(f"--recall-judge {model!r}: {error}") from None
    return config.stash[_JUDGE]


def pytest_configure(config: pytest.Config) -> None:
    # Only a judge asked for replaces the built-in one of metrics made without a model.
    if config.getoption("recall_judge"):
        from recall_audit.scorer.defaults import set_default_judge

        set_default_judge(_session_judge(config))


@pytest.fixture(scope="session")
def recall_judge(pytestconfig: pytest.Config) -> Any:
    """The session's judge (`--recall-judge`): pass it as `model=` to share its pool."""
    return _session_judge(pytestconfig)


def pytest_unconfigure(config: pytest.Config) -> None:
    judge = config.stash.get(_JUDGE, None)
    if judge is not None:
        from recall_audit.blocking import release
        from recall_audit.scorer.defaults import set_default_judge

        set_default_judge(None)
        release(judge)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    testing = sys.modules.get("recall_audit.testing")
    asserted = testing.ASSERTED if testing is not None else []
    if not asserted:
        return
    terminalreporter.section("context recall")
    for one in asserted:
        verdict = "PASS" if one.passed else "FAIL"
        score = "error" if one.score is None else f"{one.score:.2f}"
        missing = f", missing {one.missing} of its claims" if one.missing else ""
        terminalreporter.write_line(
            f"{verdict} {score} (threshold {one.threshold:.2f}{missing})  {one.test}"
        )
    scores = [one.score for one in asserted if one.score is not None]
    mean = f"{sum(scores) / len(scores):.3f}" if scores else "-"
    passed = sum(one.passed for one in asserted)
    terminalreporter.write_line(f"{len(asserted)} cases, {passed} passed, mean recall {mean}")
