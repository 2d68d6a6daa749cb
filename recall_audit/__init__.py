"""Recall Audit: context recall for RAG retrievers, claim by claim.

    from recall_audit import create_context_recall_scorer
    scorer = create_context_recall_scorer(context=chunks)
    result = scorer.run(ground_truth="...")
    result.score, result.reason, result.verdicts

The repository's `scorer/`, `storage/`, `tasks/`, `flows/` and `deployments/` folders are
installed as `recall_audit.scorer`, `recall_audit.storage`, ... so the distribution puts no
name but `recall_audit` on a user's import path.
"""

from recall_audit.scorer import (
    ConfigurationError,
    ContextRecallScorer,
    ContextualRecallMetric,
    JudgeError,
    LLMTestCase,
    ModelError,
    PositionBias,
    RecallAuditError,
    RecallResult,
    Status,
    Usage,
    Verdict,
    context_recall,
    create_context_recall_scorer,
    get_judge,
    position_bias,
)

__all__ = [
    "ConfigurationError",
    "ContextRecallScorer",
    "ContextualRecallMetric",
    "JudgeError",
    "LLMTestCase",
    "ModelError",
    "PositionBias",
    "RecallAuditError",
    "RecallResult",
    "Status",
    "Usage",
    "Verdict",
    "context_recall",
    "create_context_recall_scorer",
    "get_judge",
    "position_bias",
]
