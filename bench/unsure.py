"""The built-in judge's verdicts on the fidelity files, split into a part rules are chosen on
and a frozen part only reported: accuracy beside word overlap, how many verdicts it marks
unsure, and how often the others agree with people.

A third of each file's statements (by a hash of the case's ground truth, so the rows of one
claim stay together) is frozen. The unsure band (BuiltinSettings.unsure_band) was chosen on
the other part: the widest band leaving at most half of every file's verdicts unsure.
Part of `make fidelity`.

    .venv/bin/python bench/unsure.py      (prints the table)
"""

from __future__ import annotations

import zlib
from pathlib import Path

import fidelity

from recall_audit.scorer.judges.builtin import BuiltinJudge

PARTS = ("choose", "frozen")


def part_of(case: fidelity.Case) -> str:
    return "frozen" if zlib.crc32(case.ground_truth.encode()) % 3 == 0 else "choose"


def row(cases: list[fidelity.Case], judge: BuiltinJudge) -> str:
    right = overlap_right = unsure = sure_right = n = 0
    for case in cases:
        verdicts = judge.judge(case.ground_truth_sentences, case.contexts)
        overlap = fidelity.lexical_baseline(case.ground_truth_sentences, case.contexts)
        for verdict, by_words, truth in zip(
            verdicts, overlap, case.expected_supported, strict=True
        ):
            n += 1
            right += verdict.supported == truth
            overlap_right += by_words == truth
            unsure += bool(verdict.unsure)
            sure_right += not verdict.unsure and verdict.supported == truth
    sure = n - unsure
    agree = f"{sure_right / sure:.3f}" if sure else "–"
    margin = (right - overlap_right) / n
    return f"{n} | {right / n:.3f} | {overlap_right / n:.3f} | {margin:+.3f} | {unsure / n:.0%} | {agree}"


def markdown(data: Path, judge: BuiltinJudge | None = None) -> str:
    judge = judge or BuiltinJudge()
    lines = [
        f"Measured by `make fidelity` for judge `{judge.version}` (unsure band "
        f"{judge.settings.unsure_band}); every figure below is written by bench/unsure.py.",
        "",
        "| file | part | statements | accuracy | word overlap | margin | unsure | "
        "agreement of the verdicts not unsure |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in fidelity.FILES:
        cases = fidelity.load_cases(data / name)
        for part in PARTS:
            chosen = [c for c in cases if part_of(c) == part]
            lines.append(f"| {fidelity.SHORT[name]} | {part} | {row(chosen, judge)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(fidelity.data_dir()))
