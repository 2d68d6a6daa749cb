"""pytest, natively: `assert_recall(test_case, metric)` fails a test with the recall's reason.

    from recall_audit import ContextualRecallMetric, LLMTestCase
    from recall_audit.testing import assert_recall

    def test_refunds():
        case = LLMTestCase(input=..., expected_output=..., retrieval_context=[...])
        assert_recall(case, [ContextualRecallMetric(threshold=0.7)])

The failure's message is the reason: the claims missing, and the chunk and quote found for
each claim supported. Every asserted case is kept for the plugin's terminal summary
(`recall_audit.pytest_plugin`, loaded by pytest on its own).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from recall_audit.scorer import (
    ContextRecallScorer,
    ContextualRecallMetric,
    LLMTestCase,
    RecallResult,
)

DEFAULT_THRESHOLD = 0.5


@dataclass(frozen=True)
class Asserted:
    """One `assert_recall`: which test, the score against its threshold, the claims missed."""

    test: str
    score: float | None
    threshold: float
    passed: bool
    missing: int


# Every assertion of this process, in order: what the plugin's terminal summary shows.
ASSERTED: list[Asserted] = []


def _current_test() -> str:
    # pytest names the running test here ("path::name (call)"); outside pytest it is unset.
    return os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]


def _measure(
    case: Any, scoring: ContextualRecallMetric | ContextRecallScorer | None, threshold: float | None
) -> tuple[RecallResult, float | None, float]:
    """The result, the score as reported and the threshold it must reach."""
    if isinstance(scoring, ContextRecallScorer):
        if not isinstance(case, Mapping):
            raise TypeError("a scorer's case is a mapping of input, output and groundTruth")
        result = scoring.run(case)
        return result, result.score, DEFAULT_THRESHOLD if threshold is None else threshold
    if scoring is None:
        with ContextualRecallMetric(threshold=threshold or DEFAULT_THRESHOLD) as metric:
            return _measure(case, metric, threshold)
    test_case = case if isinstance(case, LLMTestCase) else LLMTestCase.model_validate(case)
    scoring.measure(test_case)
    assert scoring.result is not None
    return scoring.result, scoring.score, scoring.threshold if threshold is None else threshold


def assert_recall(
    test_case: Any,
    metric: ContextualRecallMetric
    | ContextRecallScorer
    | Sequence[ContextualRecallMetric | ContextRecallScorer]
    | None = None,
    *,
    threshold: float | None = None,
) -> RecallResult:
    """Raises AssertionError unless the case's recall reaches the threshold; returns the result.

    `metric` is a ContextualRecallMetric (its threshold applies), DeepEval's one-element list
    of one, a scorer from `create_context_recall_scorer` (the case then being a mapping of
    `input`, `output`, `groundTruth`), or None: a metric of the session's judge
    (`--recall-judge`, else the built-in one). `threshold` overrides the metric's.
    """
    __tracebackhide__ = True  # pytest shows the test's line, not this one
    if isinstance(metric, Sequence):
        if len(metric) != 1:
            raise ValueError(f"assert_recall takes one metric, got {len(metric)}")
        metric = metric[0]
    result, score, needed = _measure(test_case, metric, threshold)
    passed = score is not None and score >= needed
    ASSERTED.append(Asserted(_current_test(), score, needed, passed, len(result.missing_claims)))
    if not passed:
        if score is None:
            raise AssertionError(f"context recall was not scored: {result.error}")
        raise AssertionError(f"context recall {score:.2f} is below {needed:.2f}.\n{result.reason}")
    return result
