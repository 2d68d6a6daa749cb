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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import fidelity

from recall_audit.scorer.judges.builtin import BuiltinJudge

PARTS = ("choose", "frozen")


def part_of(case: fidelity.Case) -> str:
    return "frozen" if zlib.crc32(case.ground_truth.encode()) % 3 == 0 else "choose"


@dataclass
class Tally:
    """Counts over statements: the judge's verdicts and word overlap's against the labels."""

    n: int = 0
    right: int = 0
    overlap_right: int = 0
    unsure: int = 0
    sure_right: int = 0
    contradicted: int = 0
    contradicted_unsupported: int = 0
    positives: int = 0
    true_positives: int = 0
    overlap_true_positives: int = 0
    true_negatives: int = 0
    overlap_true_negatives: int = 0

    def add(
        self, supported: bool, unsure: bool, contradicted: bool, by_words: bool, truth: bool
    ) -> None:
        self.n += 1
        self.right += supported == truth
        self.overlap_right += by_words == truth
        self.unsure += unsure
        self.sure_right += not unsure and supported == truth
        self.contradicted += contradicted
        self.contradicted_unsupported += contradicted and not truth
        self.positives += truth
        self.true_positives += truth and supported
        self.overlap_true_positives += truth and by_words
        self.true_negatives += not truth and not supported
        self.overlap_true_negatives += not truth and not by_words

    def merge(self, other: Tally) -> None:
        for field in vars(self):
            setattr(self, field, getattr(self, field) + getattr(other, field))

    def agreement(self) -> str:
        """The share of the verdicts not unsure that agree with the labels; '–' for none."""
        sure = self.n - self.unsure
        return f"{self.sure_right / sure:.3f}" if sure else "–"

    def balanced(self, tp: int, tn: int) -> float:
        """The mean of the true-positive and true-negative rates (of those defined)."""
        classes = ((tp, self.positives), (tn, self.n - self.positives))
        rates = [hits / size for hits, size in classes if size]
        return sum(rates) / len(rates) if rates else 0.0


def tally(cases: Iterable[fidelity.Case], judge: BuiltinJudge) -> Tally:
    out = Tally()
    for case in cases:
        verdicts = judge.judge(case.ground_truth_sentences, case.contexts)
        overlap = fidelity.lexical_baseline(case.ground_truth_sentences, case.contexts)
        for verdict, by_words, truth in zip(
            verdicts, overlap, case.expected_supported, strict=True
        ):
            out.add(verdict.supported, bool(verdict.unsure), verdict.contradicted, by_words, truth)
    return out


def row(cases: list[fidelity.Case], judge: BuiltinJudge) -> str:
    t = tally(cases, judge)
    margin = (t.right - t.overlap_right) / t.n
    return (
        f"{t.n} | {t.right / t.n:.3f} | {t.overlap_right / t.n:.3f} | {margin:+.3f}"
        f" | {t.unsure / t.n:.0%} | {t.agreement()}"
    )


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
