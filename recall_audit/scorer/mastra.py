"""The Mastra-style API: `create_context_recall_scorer(...).run(input=, output=, ground_truth=)`."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from recall_audit.blocking import ClosesItsLoop
from recall_audit.retrievers.context import extract_from_messages
from recall_audit.scorer.defaults import default_judge
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.recall import (
    check_scale,
    context_recall,
    error_result,
    reason_writer,
    with_model_reason,
)
from recall_audit.types import RecallResult
from recall_audit.user_code import raised

ContextExtractor = Callable[[Any, Any], Sequence[str] | Awaitable[Sequence[str]]]


def _is_messages(value: Any) -> bool:
    """Agent messages: a list of role-bearing dicts or objects (OpenAI and Mastra alike)."""
    if isinstance(value, dict):
        value = value.get("messages", value)
    if not isinstance(value, list) or not value:
        return False
    first = value[0]
    return (isinstance(first, dict) and "role" in first) or hasattr(first, "role")


# What Mastra's `scorer.run({...})` takes; the run's id and context are not used here.
RUN_FIELDS = frozenset(
    {"input", "output", "groundTruth", "ground_truth", "runId", "runtimeContext", "requestContext"}
)
# Ragas' ids (IDBasedContextRecall), in either spelling: the relevant documents, and the
# documents of the chunks scored.
ID_FIELDS = {
    "reference_context_ids": "referenceContextIds",
    "retrieved_context_ids": "retrievedContextIds",
}


def _run_fields(run: Mapping[str, Any] | None, keywords: Mapping[str, Any]) -> dict[str, Any]:
    fields = {**(run or {}), **keywords}
    known = RUN_FIELDS | {*ID_FIELDS, *ID_FIELDS.values()}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise TypeError(f"run() got unexpected fields {unknown}; it takes {sorted(known)}")
    return fields


def _ids(fields: Mapping[str, Any], name: str) -> Any:
    return fields.get(name, fields.get(ID_FIELDS[name]))


class ExtractorFailed(Exception):
    """The user's context extractor failed for one case; its message says how."""


def _checked_chunks(chunks: Any) -> list[str]:
    """An extractor's answer as chunks: a list of strings, nothing else (a string would be
    judged as its characters, a list of numbers as no context at all, scored 0)."""
    if isinstance(chunks, str | bytes) or not isinstance(chunks, Sequence):
        raise ExtractorFailed(
            f"context_extractor returned {type(chunks).__name__}, not a list of strings"
        )
    wrong = sorted({type(c).__name__ for c in chunks if not isinstance(c, str)})
    if wrong:
        raise ExtractorFailed(
            f"context_extractor returned a list with {', '.join(wrong)} items, "
            "not a list of strings"
        )
    return list(chunks)


class ContextRecallScorer(ClosesItsLoop):
    """Scores how much of a ground truth the context covers; see `create_context_recall_scorer`."""

    # Mastra's names for this scorer (`runEvals` keys its results by the id).
    id = "context-recall-scorer"
    name = "Context Recall Scorer"

    def __init__(
        self,
        judge: Judge,
        *,
        context: Sequence[str] | None,
        context_extractor: ContextExtractor | None,
        scale: float,
        model_reason: bool = False,
        owns_judge: bool = False,
        context_ids: Sequence[str] | None = None,
    ) -> None:
        self.judge = judge
        self.reason_writer = reason_writer(judge, model_reason)
        self.context = list(context) if context is not None else None
        self.context_ids = list(context_ids) if context_ids is not None else None
        if context_extractor is not None and not callable(context_extractor):
            raise TypeError(
                "context_extractor must be a function (input, output) -> list of strings, "
                f"got {type(context_extractor).__name__}"
            )
        self.context_extractor = context_extractor
        self.scale = scale
        # A judge made here from a model string is ours to close (its HTTP pool) with the loop.
        self._use_portal(judge, owns_judge=owns_judge)

    async def _chunks(self, input: Any, output: Any) -> Sequence[str]:
        """The chunks to judge; ExtractorFailed when the user's extractor raised or
        answered something other than a list of strings (then no score is right)."""
        # Without an extractor or a fixed context, tool results in the messages are the context.
        extractor = self.context_extractor or (
            extract_from_messages if self.context is None else None
        )
        if extractor is not None and (_is_messages(input) or _is_messages(output)):
            try:
                chunks = extractor(input, output)
                chunks = await chunks if inspect.isawaitable(chunks) else chunks
            except Exception as error:  # Ctrl-C in a library call still stops the caller
                raise ExtractorFailed(f"context_extractor {raised(error)}") from error
            return _checked_chunks(chunks)
        return self.context or []

    async def arun(
        self,
        run: Mapping[str, Any] | None = None,
        *,
        input: Any = None,
        output: Any = None,
        ground_truth: str | None = None,
        **mastra: Any,
    ) -> RecallResult:
        """Also as Mastra writes it: `arun({"input": ..., "output": ..., "groundTruth": ...})`
        or `groundTruth=`; its `runId` and `runtimeContext` are accepted and not used.
        `reference_context_ids=[...]` (the relevant documents) adds the recall by document id,
        from `retrieved_context_ids=[...]` (each chunk's document) or the scorer's
        `context_ids`."""
        fields = _run_fields(run, mastra)
        input = fields.get("input", input)
        output = fields.get("output", output)
        ground_truth = fields.get("groundTruth", fields.get("ground_truth", ground_truth))
        try:
            chunks = await self._chunks(input, output)
        except ExtractorFailed as failed:
            return error_result(str(failed), scale=self.scale)
        question = input if isinstance(input, str) else None
        retrieved = _ids(fields, "retrieved_context_ids")
        if retrieved is None and chunks is self.context:
            retrieved = self.context_ids
        result = await context_recall(
            ground_truth,
            chunks,
            self.judge,
            scale=self.scale,
            question=question,
            reference_context_ids=_ids(fields, "reference_context_ids"),
            retrieved_context_ids=retrieved,
        )
        if self.reason_writer is not None:
            result = await with_model_reason(result, self.reason_writer)
        return result

    def run(
        self,
        run: Mapping[str, Any] | None = None,
        *,
        input: Any = None,
        output: Any = None,
        ground_truth: str | None = None,
        **mastra: Any,
    ) -> RecallResult:
        return self.blocking(
            lambda: self.arun(run, input=input, output=output, ground_truth=ground_truth, **mastra)
        )


def create_context_recall_scorer(
    *,
    model: str | Judge | None = None,
    context: Sequence[str] | None = None,
    context_extractor: ContextExtractor | None = None,
    scale: float = 1,
    model_reason: bool = False,
    options: Mapping[str, Any] | None = None,
    context_ids: Sequence[str] | None = None,
) -> ContextRecallScorer:
    """A context recall scorer.

    `model` is a judge string (`builtin`, `openai/<model>`, `anthropic/<model>`) or a Judge.
    `context_extractor(input, output)` supplies the chunks when input or output are agent
    messages (by default, their tool results); otherwise the fixed `context` is used. The reason is written from the
    verdicts at no cost; `model_reason=True` asks a model judge for one in its own words.
    Mastra's `options={"context": ..., "contextExtractor": ..., "scale": ...}` work too.
    `context_ids` are the ids of the `context` chunks' documents, in order: a run given
    `reference_context_ids` then carries the recall by document id.
    """
    options = options or {}
    context = options.get("context", context)
    context_extractor = options.get(
        "contextExtractor", options.get("context_extractor", context_extractor)
    )
    scale = check_scale(options.get("scale", scale))
    if context_extractor is not None and not callable(context_extractor):
        # Else it would be found out only on a case with agent messages, as a silent 0.
        raise TypeError(
            f"contextExtractor must be a function of (input, output), got {context_extractor!r:.80}"
        )
    model = default_judge(model)
    return ContextRecallScorer(
        get_judge(model),
        context=context,
        context_extractor=context_extractor,
        scale=scale,
        model_reason=model_reason,
        owns_judge=not isinstance(model, Judge),
        context_ids=options.get("contextIds", context_ids),
    )
