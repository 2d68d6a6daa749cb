"""Runs DeepEval's ContextualRecallMetric through its own `evaluate` on a JSONL file, with
its own prompts and its GPTModel pointed at an OpenAI-compatible URL, and prints one JSON line.
Run with bench/.venv-peers. Defaults are DeepEval's (reason on, result cache written, not read).
"""

from __future__ import annotations

import time

from peer_tool import arguments, read_rows, report


def main() -> None:
    args = arguments()

    from deepeval import evaluate
    from deepeval.evaluate.configs import AsyncConfig, DisplayConfig, ErrorConfig
    from deepeval.metrics import ContextualRecallMetric
    from deepeval.models import GPTModel
    from deepeval.test_case import LLMTestCase

    rows = read_rows(args.dataset)
    model = GPTModel(model="gpt-4o-mini", base_url=args.base_url, api_key="sk-bench")
    cases = [
        LLMTestCase(
            input=r["question"] or "-",
            actual_output="-",
            expected_output=r["ground_truth"],
            retrieval_context=r["contexts"],
        )
        for r in rows
    ]
    metric = ContextualRecallMetric(model=model)
    started = time.perf_counter()
    result = evaluate(
        cases,
        [metric],
        async_config=AsyncConfig(max_concurrent=args.concurrency),
        display_config=DisplayConfig(show_indicator=False, print_results=False),
        error_config=ErrorConfig(ignore_errors=True),
    )
    wall = time.perf_counter() - started
    scores = [
        m.score
        for t in result.test_results
        for m in (t.metrics_data or [])
        if m.score is not None and not m.error
    ]
    report(wall, rows, scores)


if __name__ == "__main__":
    main()
