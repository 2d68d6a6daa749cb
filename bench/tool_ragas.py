"""Runs Ragas' LLMContextRecall through its own `evaluate` on a JSONL file, with an OpenAI
chat model (langchain-openai) pointed at an OpenAI-compatible URL, and prints one JSON line.
Run with bench/.venv-peers. Defaults are Ragas' (no disk cache).
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

    from langchain_openai import ChatOpenAI
    from ragas import EvaluationDataset, RunConfig, evaluate
    from ragas.llms import LangchainLLMWrapper
    from ragas.metrics import LLMContextRecall

    with open(args.dataset, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    dataset = EvaluationDataset.from_list(
        [
            {
                "user_input": r["question"],
                "reference": r["ground_truth"],
                "retrieved_contexts": r["contexts"],
            }
            for r in rows
        ]
    )
    llm = LangchainLLMWrapper(
        ChatOpenAI(model="gpt-4o-mini", base_url=args.base_url, api_key="sk-bench")
    )
    started = time.perf_counter()
    result = evaluate(
        dataset,
        metrics=[LLMContextRecall()],
        llm=llm,
        run_config=RunConfig(max_workers=args.concurrency),
        show_progress=False,
        raise_exceptions=False,
    )
    wall = time.perf_counter() - started
    scores = [s for s in result["context_recall"] if s is not None and not math.isnan(s)]
    mean = sum(scores) / len(scores) if scores else math.nan
    print(
        json.dumps(
            {"wall_s": wall, "cases": len(rows), "errors": len(rows) - len(scores), "score": mean}
        )
    )


if __name__ == "__main__":
    main()
