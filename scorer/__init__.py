"""Recall Audit's scorer: context recall as a plain library (no Prefect, no database).

from scorer import create_context_recall_scorer
scorer = create_context_recall_scorer(context=chunks)
result = scorer.run(ground_truth="...")
result.score, result.reason, result.verdicts
"""

from scorer.bias import PositionBias, position_bias
from scorer.deepeval import ContextualRecallMetric, LLMTestCase
from scorer.errors import ConfigurationError, JudgeError, ModelError, RecallAuditError
from scorer.judge import Attribution, Extraction, Judge
from scorer.judges import get_judge
from scorer.mastra import ContextRecallScorer, create_context_recall_scorer
from scorer.recall import context_recall
from scorer.types import RecallResult, Status, Usage, Verdict

__all__ = [
    "Attribution",
    "ConfigurationError",
    "ContextRecallScorer",
    "ContextualRecallMetric",
    "Extraction",
    "Judge",
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
