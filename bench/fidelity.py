"""How well the built-in judge agrees with people, next to a plain lexical baseline.

For each file of ../shared/data/fidelity/ (see its README):
- per statement: accuracy, Cohen's kappa and F1 against `expected_supported`, with the
  labelled `ground_truth_sentences` given to the judge as its claims;
- per case: mean absolute error and Pearson correlation against `expected_recall`, with
  the judge extracting its own claims from `ground_truth` (through `context_recall`).
The baseline calls a statement supported when at least half of its content words appear
in one chunk; on cases it scores the labelled statements.

Run: .venv/bin/python bench/fidelity.py [--data DIR] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel
from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.scorer.recall import context_recall
from recall_audit.scorer.text import STOPWORDS, fold

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "fidelity"
FILES = ("wice_support_removal.jsonl", "expertqa_dev.jsonl", "hotpotqa_sf_removal.jsonl")

Decide = Callable[[Sequence[str], Sequence[str]], list[bool]]


class Case(BaseModel):
    id: str
    ground_truth: str
    ground_truth_sentences: list[str]
    contexts: list[str]
    expected_supported: list[bool]
    expected_recall: float


class Scores(BaseModel):
    """Agreement of one decision procedure with the labels of one file."""

    statements: int
    accuracy: float
    kappa: float
    f1: float
    cases: int
    mae: float
    pearson: float


class FileReport(BaseModel):
    file: str
    judge: Scores
    baseline: Scores
    judge_seconds: float


def load_cases(path: Path) -> list[Case]:
    with path.open(encoding="utf-8") as fh:
        return [Case.model_validate_json(line) for line in fh if line.strip()]


_WORD = re.compile(r"[^\W_]+")


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(fold(text).lower()) if w not in STOPWORDS}


def lexical_baseline(statements: Sequence[str], chunks: Sequence[str]) -> list[bool]:
    """The README's baseline: supported when half the content words appear in one chunk."""
    chunk_words = [_content_words(c) for c in chunks]
    out = []
    for statement in statements:
        words = _content_words(statement)
        out.append(bool(words) and any(len(words & cw) >= len(words) / 2 for cw in chunk_words))
    return out


def judge_decider(judge: BuiltinJudge) -> Decide:
    return lambda claims, chunks: [v.supported for v in judge.judge(claims, chunks)]


def kappa(truth: Sequence[bool], pred: Sequence[bool]) -> float:
    n = len(truth)
    agree = sum(t == p for t, p in zip(truth, pred, strict=True)) / n
    pt, pp = sum(truth) / n, sum(pred) / n
    chance = pt * pp + (1 - pt) * (1 - pp)
    return 0.0 if chance == 1 else (agree - chance) / (1 - chance)


def f1(truth: Sequence[bool], pred: Sequence[bool]) -> float:
    tp = sum(t and p for t, p in zip(truth, pred, strict=True))
    fp = sum(p and not t for t, p in zip(truth, pred, strict=True))
    fn = sum(t and not p for t, p in zip(truth, pred, strict=True))
    return 0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return 0.0 if sxx == 0 or syy == 0 else sxy / math.sqrt(sxx * syy)


def statement_scores(cases: Sequence[Case], decide: Decide, case_recall: Sequence[float]) -> Scores:
    truth: list[bool] = []
    pred: list[bool] = []
    for case in cases:
        truth.extend(case.expected_supported)
        pred.extend(decide(case.ground_truth_sentences, case.contexts))
    expected = [c.expected_recall for c in cases]
    return Scores(
        statements=len(truth),
        accuracy=sum(t == p for t, p in zip(truth, pred, strict=True)) / len(truth),
        kappa=kappa(truth, pred),
        f1=f1(truth, pred),
        cases=len(cases),
        mae=sum(abs(a - b) for a, b in zip(case_recall, expected, strict=True)) / len(cases),
        pearson=pearson(case_recall, expected),
    )


async def judge_recall(cases: Sequence[Case], judge: BuiltinJudge) -> list[float]:
    """Per-case recall with the judge's own claims, through the public scoring path."""
    out = []
    for case in cases:
        result = await context_recall(case.ground_truth, case.contexts, judge)
        out.append(result.score or 0.0)
    return out


def baseline_recall(cases: Sequence[Case]) -> list[float]:
    out = []
    for case in cases:
        verdicts = lexical_baseline(case.ground_truth_sentences, case.contexts)
        out.append(sum(verdicts) / len(verdicts) if verdicts else 0.0)
    return out


def evaluate_file(path: Path, judge: BuiltinJudge) -> FileReport:
    cases = load_cases(path)
    started = time.perf_counter()
    judge_scores = statement_scores(
        cases, judge_decider(judge), asyncio.run(judge_recall(cases, judge))
    )
    elapsed = time.perf_counter() - started
    base_scores = statement_scores(cases, lexical_baseline, baseline_recall(cases))
    return FileReport(
        file=path.name, judge=judge_scores, baseline=base_scores, judge_seconds=elapsed
    )


def markdown(reports: Sequence[FileReport], version: str) -> str:
    lines = [
        f"Judge `{version}` (J) against the lexical baseline (B).",
        "",
        "| file | statements | accuracy J / B | kappa J / B | F1 J / B | cases | MAE J / B | Pearson J / B |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        j, b = r.judge, r.baseline
        lines.append(
            f"| `{r.file}` | {j.statements} | **{j.accuracy:.2f}** / {b.accuracy:.2f} "
            f"| {j.kappa:.2f} / {b.kappa:.2f} | {j.f1:.2f} / {b.f1:.2f} | {j.cases} "
            f"| {j.mae:.3f} / {b.mae:.3f} | {j.pearson:.2f} / {b.pearson:.2f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="fidelity folder")
    parser.add_argument("--json", action="store_true", help="print JSON instead of markdown")
    args = parser.parse_args(argv)
    missing = [f for f in FILES if not (args.data / f).is_file()]
    if missing:
        print(f"fidelity data not found in {args.data}: {', '.join(missing)}", file=sys.stderr)
        return 2
    judge = BuiltinJudge()
    reports = [evaluate_file(args.data / f, judge) for f in FILES]
    if args.json:
        print(json.dumps([r.model_dump() for r in reports], indent=2))
    else:
        print(markdown(reports, judge.version))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
