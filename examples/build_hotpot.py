"""Build the HotpotQA demo: a knowledge base and a dataset without contexts.

From the fidelity set's `full` rows (both gold paragraphs and eight distractors per
question) it writes:
- hotpot/kb.jsonl: every distinct paragraph once, {"id", "title", "text"};
- hotpot/dataset.jsonl: {"id", "question", "ground_truth", "supporting_titles",
  "reference_context_ids"}, with no contexts, so the audit asks the retriever (e.g.
  `bm25:examples/hotpot/kb.jsonl`); `reference_context_ids` are the knowledge-base ids of
  the question's gold paragraphs, so the audit reports recall by document id beside claim
  recall.
Then it prints how often BM25 at top-k finds the gold paragraphs, to show the demo has
something to catch.

    .venv/bin/python examples/build_hotpot.py [--source PATH] [--top-k 4]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from recall_audit.retrievers import Bm25Retriever

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[1] / "shared/data/fidelity/hotpotqa_sf_removal.jsonl"


def read_full_rows(source: Path) -> list[dict]:
    with source.open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [row for row in rows if row["id"].endswith("-full")]


def split_paragraph(paragraph: str) -> tuple[str, str]:
    """HotpotQA contexts are "Title\\nbody"; the KB keeps the two apart."""
    title, _, text = paragraph.partition("\n")
    return title.strip(), text.strip()


def build(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    documents: dict[str, dict] = {}
    for row in rows:
        for paragraph in row["contexts"]:
            if paragraph not in documents:
                title, text = split_paragraph(paragraph)
                documents[paragraph] = {
                    "id": f"p{len(documents) + 1:04d}",
                    "title": title,
                    "text": text,
                }
    cases = []
    for row in rows:
        titles = sorted({title for title, _ in row["source"]["supporting_facts"]})
        gold = {
            split_paragraph(p)[0]: documents[p]["id"]
            for p in row["contexts"]
            if split_paragraph(p)[0] in titles
        }
        cases.append(
            {
                "id": row["id"].removesuffix("-full"),
                "question": row["question"],
                "ground_truth": row["ground_truth"],
                "supporting_titles": titles,
                "reference_context_ids": [gold[title] for title in titles],
            }
        )
    return list(documents.values()), cases


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def gold_recall(kb: Path, cases: list[dict], top_k: int) -> tuple[float, float]:
    """(share of gold paragraphs found, share of questions with every gold paragraph found)."""
    retriever = Bm25Retriever(kb)
    found = total = complete = 0
    for case in cases:
        titles = {chunk.partition("\n")[0] for chunk in retriever.search(case["question"], top_k)}
        hits = sum(title in titles for title in case["supporting_titles"])
        found += hits
        total += len(case["supporting_titles"])
        complete += hits == len(case["supporting_titles"])
    return found / total, complete / len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=HERE / "hotpot")
    parser.add_argument("--top-k", type=int, default=4)
    args = parser.parse_args()

    documents, cases = build(read_full_rows(args.source))
    write_jsonl(args.out / "kb.jsonl", documents)
    write_jsonl(args.out / "dataset.jsonl", cases)
    paragraphs, questions = gold_recall(args.out / "kb.jsonl", cases, args.top_k)
    print(f"{len(cases)} questions, {len(documents)} knowledge-base paragraphs")
    print(
        f"BM25 top-{args.top_k}: {paragraphs:.1%} of gold paragraphs found; "
        f"all gold paragraphs found for {questions:.1%} of questions"
    )


if __name__ == "__main__":
    main()
