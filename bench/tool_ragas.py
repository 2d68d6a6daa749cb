"""Runs Ragas' LLMContextRecall through its own `evaluate` on a JSONL file, with an OpenAI
chat model (langchain-openai) pointed at an OpenAI-compatible URL, and prints one JSON line.
Run with bench/.venv-peers. Defaults are Ragas' (no disk cache).
"""

from __future__ import annotations

import time

from peer_tool import arguments, read_rows, report


def main() -> None:
    args = arguments()

    from langchain_openai import ChatOpenAI
    from ragas import EvaluationDataset, RunConfig, evaluate
    from ragas.llms import LangchainLLMWrapper
    from ragas.metrics import LLMContextRecall

    rows = read_rows(args.dataset)
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
    report(wall, rows, [s for s in result["context_recall"] if s is not None])


if __name__ == "__main__":
    main()
