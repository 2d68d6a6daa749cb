"""The DeepEval-style API: `ContextualRecallMetric(...).measure(LLMTestCase(...))`."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict

from recall_audit.blocking import ClosesItsLoop
from recall_audit.scorer.defaults import default_judge
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.recall import context_recall, reason_writer, with_model_reason
from recall_audit.types import RecallResult, Status

# DeepEval's `model="gpt-4.1"`: a bare name means one of OpenAI's models (there, and here only;
# elsewhere a judge names its provider).
OPENAI_FAMILY = re.compile(r"(gpt-|chatgpt-|o[1-9](-|$))", re.I)


def deepeval_model(model: str | Judge | None) -> str | Judge | None:
    if isinstance(model, str) and "/" not in model and OPENAI_FAMILY.match(model.strip()):
        return f"openai/{model.strip()}"
    return model


class LLMTestCase(BaseModel):
    """One test case; only `expected_output` and `retrieval_context` affect recall."""

    model_config = ConfigDict(extra="allow")

    input: str = ""
    actual_output: str | None = None
    expected_output: str | None = None
    retrieval_context: list[str] | None = None


# DeepEval's newer name for the same single-turn case.
ModelTestCase = LLMTestCase


class ContextualRecallMetric(ClosesItsLoop):
    """Context recall with a pass/fail threshold.

    After `measure`, `score`, `reason` and `success` are set, and `result` holds the claims,
    verdicts and recall@k. `strict_mode` scores 1 only when every claim is supported, and
    then passes only at 1. The reason is written from the verdicts, so it costs no model
    call and cannot disagree with the score; `model_reason=True` asks a model judge for one
    in its own words (one more call). `async_mode` is accepted for compatibility:
    `measure` always blocks, `a_measure` never does; `flaky` is accepted too (a recall
    judgement has nothing to retry that the model client does not retry already).
    """

    def __init__(
        self,
        threshold: float = 0.5,
        model: str | Judge | None = None,
        include_reason: bool = True,
        strict_mode: bool = False,
        async_mode: bool = True,
        verbose_mode: bool = False,
        evaluation_template: Any = None,
        model_reason: bool = False,
        flaky: bool = False,
    ) -> None:
        if not 0 <= threshold <= 1:
            raise ValueError(f"threshold must be within [0, 1], got {threshold}")
        self.threshold = 1.0 if strict_mode else threshold
        model = default_judge(deepeval_model(model))
        self.judge = get_judge(model, template=evaluation_template)
        self.reason_writer = reason_writer(self.judge, model_reason and include_reason)
        self.include_reason = include_reason
        self.strict_mode = strict_mode
        self.async_mode = async_mode
        self.verbose_mode = verbose_mode
        self.flaky = flaky
        self.score: float | None = None
        self.reason: str | None = None
        self.success: bool | None = None
        self.error: str | None = None
        self.result: RecallResult | None = None
        self.verbose_logs: str | None = None
        # A judge made here from a model string is ours to close (its HTTP pool) with the loop.
        self._use_portal(self.judge, owns_judge=not isinstance(model, Judge))

    @property
    def __name__(self) -> str:
        return "Contextual Recall"

    async def judge_case(self, test_case: LLMTestCase) -> RecallResult:
        """The case's recall, leaving this metric's attributes alone (for batches)."""
        result = await context_recall(
            test_case.expected_output,
            test_case.retrieval_context,
            self.judge,
            question=test_case.input if isinstance(test_case.input, str) else None,
        )
        if self.reason_writer is not None:
            result = await with_model_reason(result, self.reason_writer)
        return result

    def grade(self, result: RecallResult) -> tuple[float | None, bool]:
        """The score as this metric reports it (strict mode: 1 or 0) and whether it passes."""
        score = result.score
        if score is not None and self.strict_mode:
            score = 1.0 if result.status is Status.SCORED and score >= 1.0 else 0.0
        return score, score is not None and score >= self.threshold

    async def a_measure(self, test_case: LLMTestCase, *_: Any, **__: Any) -> float | None:
        self._record(await self.judge_case(test_case))
        return self.score

    def measure(self, test_case: LLMTestCase, *_: Any, **__: Any) -> float | None:
        return self.blocking(self.a_measure, test_case)

    def is_successful(self) -> bool:
        return bool(self.success)

    def _record(self, result: RecallResult) -> None:
        self.result = result
        self.error = result.error
        self.score, self.success = self.grade(result)
        self.reason = result.reason if self.include_reason else None
        if self.verbose_mode:
            self.verbose_logs = _verbose_logs(result)
            print(self.verbose_logs)


def _verbose_logs(result: RecallResult) -> str:
    lines = ["Claims:"] + [f"  {i + 1}. {c}" for i, c in enumerate(result.claims)]
    lines.append("Verdicts:")
    for v in result.verdicts:
        chunks = ", ".join(str(i + 1) for i in v.chunk_indices) or "-"
        lines.append(f"  {v.claim_index + 1}: {'yes' if v.supported else 'no'} (chunks {chunks})")
    lines.append(f"Score: {result.score}")
    return "\n".join(lines)
