"""Batches in the library: `evaluate(cases, scorer_or_metric, concurrency=16)`, sync and async.

No Prefect and no database: the cases are scored in one event loop (the scorer's own, so its
judge's connection pool and cache serve the whole batch), at most `concurrency` at once, and
come back in input order with their mean. DeepEval's `evaluate(test_cases=, metrics=)` and
Mastra's `run_evals(data=, scorers=, target=, onItemComplete=)` are the same call.
"""

from __future__ import annotations

import inspect
import sys
import warnings
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence, Sized
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import anyio

from recall_audit.scorer.deepeval import ContextualRecallMetric, LLMTestCase
from recall_audit.scorer.mastra import ContextRecallScorer
from recall_audit.scorer.recall import error_result
from recall_audit.types import RecallResult

Scoring = ContextRecallScorer | ContextualRecallMetric
# Called with each case's result as it completes (Mastra's `onItemComplete`); may be async.
OnResult = Callable[["CaseResult"], Any]
# Mastra's `target`: turns a case's input into the output the scorer reads (an agent's messages).
Target = Callable[[Any], Any]


@dataclass(frozen=True)
class CaseResult:
    """One case's outcome: the full `result`, and the score and verdict as the scorer or
    metric reports them (a metric's strict mode and threshold applied)."""

    index: int
    case: Any
    result: RecallResult
    score: float | None
    # Against the metric's threshold; None for a scorer, which has none.
    success: bool | None = None
    # What `target` answered for the case's input, when one was given.
    output: Any = None

    @property
    def reason(self) -> str:
        return self.result.reason


@dataclass(frozen=True)
class EvaluationResult:
    """Every case's result in input order, and their mean (None when none was scored)."""

    results: list[CaseResult] = field(default_factory=list)
    # What `on_result` raised, per case ("case 3: ValueError: ..."): a failing callback costs
    # its own call, never the results.
    callback_errors: list[str] = field(default_factory=list)

    @property
    def scores(self) -> list[float | None]:
        return [r.score for r in self.results]

    @property
    def mean(self) -> float | None:
        scored = [s for s in self.scores if s is not None]
        return sum(scored) / len(scored) if scored else None

    def __len__(self) -> int:
        return len(self.results)


def _one(scoring: Scoring | Sequence[Scoring] | None) -> Scoring:
    """The scorer or metric, also given as DeepEval's one-element `metrics=[...]` list."""
    if isinstance(scoring, Sequence):
        if len(scoring) != 1:
            raise ValueError(f"evaluate takes one scorer or metric, got {len(scoring)}")
        scoring = scoring[0]
    if not isinstance(scoring, ContextRecallScorer | ContextualRecallMetric):
        raise TypeError(
            "evaluate needs a ContextualRecallMetric or a scorer from "
            f"create_context_recall_scorer, got {type(scoring).__name__}"
        )
    return scoring


async def _score(scoring: Scoring, index: int, case: Any, target: Target | None) -> CaseResult:
    if isinstance(scoring, ContextualRecallMetric):
        test_case = case if isinstance(case, LLMTestCase) else LLMTestCase.model_validate(case)
        result = await scoring.judge_case(test_case)
        score, success = scoring.grade(result)
        return CaseResult(index, case, result, score, success)
    if not isinstance(case, Mapping):
        raise TypeError(f"a scorer's case is a mapping of input, output, groundTruth: {case!r}")
    fields, output = dict(case), None
    if target is not None:
        output = target(fields.get("input"))
        fields["output"] = output = await output if inspect.isawaitable(output) else output
    result = await scoring.arun(fields)
    return CaseResult(index, case, result, result.score, output=output)


async def _score_safely(
    scoring: Scoring, index: int, case: Any, target: Target | None
) -> CaseResult:
    """A case that cannot be scored (bad fields, a failing extractor or target) is its own
    error; it never stops the batch."""
    try:
        return await _score(scoring, index, case, target)
    except Exception as exc:
        scale = scoring.scale if isinstance(scoring, ContextRecallScorer) else 1.0
        failed = error_result(f"case {index}: {type(exc).__name__}: {exc}", scale=scale)
        metric = isinstance(scoring, ContextualRecallMetric)
        return CaseResult(index, case, failed, None, False if metric else None)


def _progress_bar(
    total: int | None, wanted: bool | None
) -> tuple[AbstractContextManager, Callable]:
    """A progress bar on stderr when it is a terminal (or when asked); else nothing."""
    if not (wanted if wanted is not None else sys.stderr.isatty()):
        return nullcontext(), lambda: None
    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(console=Console(stderr=True), transient=False)
    task = bar.add_task("context recall", total=total)
    return bar, partial(bar.advance, task)


async def a_evaluate(
    cases: Iterable[Any] | None = None,
    scorer_or_metric: Scoring | Sequence[Scoring] | None = None,
    *,
    concurrency: int = 16,
    on_result: OnResult | None = None,
    progress: bool | None = None,
    target: Target | None = None,
    test_cases: Iterable[Any] | None = None,
    metrics: Sequence[ContextualRecallMetric] | None = None,
) -> EvaluationResult:
    """Scores every case, at most `concurrency` at once; see `evaluate`."""
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    scoring = _one(scorer_or_metric if scorer_or_metric is not None else metrics)
    items = cases if cases is not None else test_cases or []
    # Read as a stream: a case is taken only when there is room for it, so a generator is
    # never listed first (an endless one is scored as it goes, `on_result` seeing each).
    results: dict[int, CaseResult] = {}
    callback_errors: list[str] = []
    room = anyio.Semaphore(concurrency)
    total = len(items) if isinstance(items, Sized) else None
    bar, advance = _progress_bar(total, progress)

    async def one(index: int, case: Any) -> None:
        try:
            results[index] = done = await _score_safely(scoring, index, case, target)
        finally:
            room.release()
        advance()
        if on_result is not None:
            try:
                called = on_result(done)
                if inspect.isawaitable(called):
                    await called
            except Exception as exc:
                callback_errors.append(f"case {index}: {type(exc).__name__}: {exc}")
                warnings.warn(
                    f"on_result raised for case {index}: {type(exc).__name__}: {exc}",
                    RuntimeWarning,
                    stacklevel=2,
                )

    with bar:
        async with anyio.create_task_group() as group:
            for index, case in enumerate(items):
                await room.acquire()
                group.start_soon(one, index, case)
    return EvaluationResult([results[i] for i in sorted(results)], callback_errors)


def evaluate(
    cases: Iterable[Any] | None = None,
    scorer_or_metric: Scoring | Sequence[Scoring] | None = None,
    *,
    concurrency: int = 16,
    on_result: OnResult | None = None,
    progress: bool | None = None,
    target: Target | None = None,
    test_cases: Iterable[Any] | None = None,
    metrics: Sequence[ContextualRecallMetric] | None = None,
) -> EvaluationResult:
    """Scores every case with one scorer or metric, at most `concurrency` at once.

    A metric's cases are `LLMTestCase`s (or mappings of their fields); a scorer's are
    mappings of `input`, `output` and `groundTruth` (or `ground_truth`), with `target`
    (sync or async) making each output from its input when given. The result holds every
    case's `CaseResult` in input order and their `mean`; `on_result` sees each one as it
    completes; a progress bar shows on a terminal (`progress=False` hides it). Blocks, also
    inside a running loop (a notebook); `a_evaluate` is the same, awaited.
    """
    scoring = _one(scorer_or_metric if scorer_or_metric is not None else metrics)
    run = partial(
        a_evaluate,
        cases if cases is not None else test_cases,
        scoring,
        concurrency=concurrency,
        on_result=on_result,
        progress=progress,
        target=target,
    )
    return scoring.blocking(run)


@dataclass(frozen=True)
class EvalsResult:
    """Mastra's `runEvals` answer: each scorer's mean by its id, and how many items ran."""

    scores: dict[str, float | None]
    summary: dict[str, int]
    results: list[CaseResult]


def _item_complete(scorer: ContextRecallScorer, callback: Callable) -> OnResult:
    """Mastra's `onItemComplete({item, targetResult, scorerResults})` from a CaseResult."""

    def called(done: CaseResult) -> Awaitable[Any] | Any:
        scored = {"score": done.score, "reason": done.reason, "result": done.result}
        return callback(
            {"item": done.case, "targetResult": done.output, "scorerResults": {scorer.id: scored}}
        )

    return called


async def a_run_evals(
    *,
    data: Iterable[Mapping[str, Any]],
    scorers: Sequence[ContextRecallScorer],
    target: Target | None = None,
    onItemComplete: Callable | None = None,
    concurrency: int = 16,
) -> EvalsResult:
    """Mastra's `runEvals`, awaited: `data` items of `input` and `groundTruth`."""
    scorer = _one(scorers)
    if not isinstance(scorer, ContextRecallScorer):
        raise TypeError("run_evals takes a scorer from create_context_recall_scorer")
    on_result = _item_complete(scorer, onItemComplete) if onItemComplete else None
    done = await a_evaluate(
        data, scorer, concurrency=concurrency, on_result=on_result, target=target
    )
    return EvalsResult({scorer.id: done.mean}, {"totalItems": len(done)}, done.results)


def run_evals(
    *,
    data: Iterable[Mapping[str, Any]],
    scorers: Sequence[ContextRecallScorer],
    target: Target | None = None,
    onItemComplete: Callable | None = None,
    concurrency: int = 16,
) -> EvalsResult:
    """Mastra's `runEvals`: `result.scores[scorer.id]` is the mean; blocks like `evaluate`."""
    scorer = _one(scorers)
    run = partial(
        a_run_evals,
        data=data,
        scorers=[scorer],
        target=target,
        onItemComplete=onItemComplete,
        concurrency=concurrency,
    )
    return scorer.blocking(run)
