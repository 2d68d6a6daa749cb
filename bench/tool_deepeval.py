"""Runs DeepEval's ContextualRecallMetric through its own `evaluate` on a JSONL file, with
its own prompts and its GPTModel pointed at an OpenAI-compatible URL, and prints one JSON line.
Run with bench/.venv-peers. Defaults are DeepEval's (reason on, result cache written, not read).
"""

from __future__ import annotations

import argparse
import json
import math
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()

    from deepeval import evaluate
    from deepeval.evaluate.configs import AsyncConfig, DisplayConfig, ErrorConfig
    from deepeval.metrics import ContextualRecallMetric
    from deepeval.models import GPTModel
    from deepeval.test_case import LLMTestCase

    with open(args.dataset, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
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
    errors = len(rows) - len(scores)
    mean = sum(scores) / len(scores) if scores else math.nan
    print(json.dumps({"wall_s": wall, "cases": len(rows), "errors": errors, "score": mean}))


if __name__ == "__main__":
    main()
