"""Recall Audit: context recall for RAG retrievers, claim by claim.

    from recall_audit import create_context_recall_scorer
    scorer = create_context_recall_scorer(context=chunks)
    result = scorer.run(ground_truth="...")
    result.score, result.reason, result.verdicts

The repository's `recall_audit/scorer/`, `recall_audit/storage/`, `recall_audit/tasks/`, `recall_audit/flows/` and `recall_audit/deployments/` folders are
installed as `recall_audit.scorer`, `recall_audit.storage`, ... so the distribution puts no
name but `recall_audit` on a user's import path. The names below are imported on first use
(recall_audit/lazy.py), so that `recall_audit.cli` does not import the whole library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from recall_audit import old_paths
from recall_audit.lazy import lazy_names

old_paths.install()

if TYPE_CHECKING:
    from recall_audit.compare.calibrate import Calibration, Label, calibrate
    from recall_audit.scorer import (
        CascadeJudge,
        CaseResult,
        ConfigurationError,
        ContextRecallScorer,
        ContextualRecallMetric,
        EvaluationResult,
        JudgeError,
        LLMTestCase,
        ModelError,
        ModelTestCase,
        PositionBias,
        RecallAuditError,
        RecallResult,
        Status,
        Usage,
        Verdict,
        a_evaluate,
        a_run_evals,
        context_recall,
        create_context_recall_scorer,
        evaluate,
        get_judge,
        position_bias,
        run_evals,
    )

__all__ = [
    "Calibration",
    "CascadeJudge",
    "CaseResult",
    "ConfigurationError",
    "ContextRecallScorer",
    "ContextualRecallMetric",
    "EvaluationResult",
    "JudgeError",
    "LLMTestCase",
    "Label",
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
    "calibrate",
    "context_recall",
    "create_context_recall_scorer",
    "evaluate",
    "get_judge",
    "position_bias",
    "run_evals",
]
_CALIBRATION = ("Calibration", "Label", "calibrate")

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "recall_audit.scorer": [n for n in __all__ if n not in _CALIBRATION],
        "recall_audit.compare.calibrate": _CALIBRATION,
    },
)
