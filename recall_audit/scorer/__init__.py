"""Recall Audit's scorer: context recall as a plain library (no Prefect, no database).

from recall_audit.scorer import create_context_recall_scorer
scorer = create_context_recall_scorer(context=chunks)
result = scorer.run(ground_truth="...")
result.score, result.reason, result.verdicts

Its names are imported on first use (recall_audit/lazy.py): the command line imports only the
modules it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from recall_audit.lazy import lazy_names

if TYPE_CHECKING:
    from recall_audit.errors import (
        ConfigurationError,
        JudgeError,
        ModelError,
        RecallAuditError,
    )
    from recall_audit.scorer.bias import PositionBias, position_bias
    from recall_audit.scorer.deepeval import ContextualRecallMetric, LLMTestCase, ModelTestCase
    from recall_audit.scorer.evaluate import (
        CaseResult,
        EvaluationResult,
        a_evaluate,
        a_run_evals,
        evaluate,
        run_evals,
    )
    from recall_audit.scorer.judge import Attribution, Extraction, Judge
    from recall_audit.scorer.judges import CascadeJudge, get_judge
    from recall_audit.scorer.mastra import ContextRecallScorer, create_context_recall_scorer
    from recall_audit.scorer.recall import context_recall
    from recall_audit.types import RecallResult, Status, Usage, Verdict

# Each module and the public names it defines.
_HOMES = {
    ".bias": ("PositionBias", "position_bias"),
    ".deepeval": ("ContextualRecallMetric", "LLMTestCase", "ModelTestCase"),
    ".errors": ("ConfigurationError", "JudgeError", "ModelError", "RecallAuditError"),
    ".evaluate": (
        "CaseResult",
        "EvaluationResult",
        "a_evaluate",
        "a_run_evals",
        "evaluate",
        "run_evals",
    ),
    ".judge": ("Attribution", "Extraction", "Judge"),
    ".judges": ("CascadeJudge", "get_judge"),
    ".mastra": ("ContextRecallScorer", "create_context_recall_scorer"),
    ".recall": ("context_recall",),
    ".types": ("RecallResult", "Status", "Usage", "Verdict"),
}

__all__ = [
    "Attribution",
    "CascadeJudge",
    "CaseResult",
    "ConfigurationError",
    "ContextRecallScorer",
    "ContextualRecallMetric",
    "EvaluationResult",
    "Extraction",
    "Judge",
    "JudgeError",
    "LLMTestCase",
    "ModelError",
    "ModelTestCase",
    "PositionBias",
    "RecallAuditError",
    "RecallResult",
    "Status",
    "Usage",
    "Verdict",
    "a_evaluate",
    "a_run_evals",
    "context_recall",
    "create_context_recall_scorer",
    "evaluate",
    "get_judge",
    "position_bias",
    "run_evals",
]

__getattr__, __dir__ = lazy_names(__name__, _HOMES)
