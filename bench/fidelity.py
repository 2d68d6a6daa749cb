"""How well a judge agrees with people, next to the word-overlap rule, cross-validated.

For each file of the fidelity data (../shared/data/fidelity/, see its README), per
statement: accuracy, Cohen's kappa and F1 against `expected_supported`, with the labelled
`ground_truth_sentences` given to the judge as its claims. The word-overlap rule calls a
statement supported when at least half of its content words appear in one chunk.

For the built-in judge every threshold and rule is chosen by cross-validation:
- leave-one-file-out: choose on two files, report the third;
- 5-fold within files: choose on four fifths of every file, report the fifth left out
  (the present/removed rows of one claim stay in one fold);
and the in-sample figures are at the shipped defaults, which the choice made on all three
files should be (the report says when they differ).
A choice maximises the smallest accuracy margin over the word-overlap rule across the
training files, averaged over the neighbouring thresholds (a flat region beats a peak);
then every rule that costs statements on a training file, or helps one training file
only, is switched off.

The atomic set (bench/atomic/, compound references with one chunk per fact) is measured
per case beside them, thresholds chosen leave-one-domain-out (bench/atomic_fidelity.py).
A public human-labelled set, BEGIN, is measured in a choose and a frozen half
(bench/public_set.py; read from --public or $RECALL_AUDIT_PUBLIC_SET, skipped with the
reason printed when absent).

Run: make fidelity                      (writes the measured parts of docs/fidelity.md)
     make fidelity JUDGE=openai/<model> (any judge on the human labels; prints a table)
or   .venv/bin/python bench/fidelity.py [--data DIR] [--judge J] [--limit N] [--write FILE]
                                         [--public DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import math
import os
import re
import sys
import time
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from pydantic import BaseModel

from recall_audit.errors import JudgeError
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.judges.builtin import Assessment, BuiltinJudge, BuiltinSettings
from recall_audit.scorer.judges.checks import RULES
from recall_audit.scorer.recall import context_recall
from recall_audit.text.text import STOPWORDS, fold

FILES = ("wice_support_removal.jsonl", "expertqa_dev.jsonl", "hotpotqa_sf_removal.jsonl")
SHORT = {"wice_support_removal.jsonl": "WiCE", "expertqa_dev.jsonl": "ExpertQA"}
SHORT["hotpotqa_sf_removal.jsonl"] = "HotpotQA"
DOC = Path(__file__).resolve().parents[1] / "docs" / "fidelity.md"


def markers(region: str) -> tuple[str, str]:
    """The comments around a measured region of the doc: "builtin" or "model"."""
    return f"<!-- measured {region}: begin -->", f"<!-- measured {region}: end -->"


THRESHOLDS = tuple(round(0.30 + 0.05 * i, 2) for i in range(11))  # 0.30 .. 0.80
POOLED = (*(round(0.60 + 0.05 * i, 2) for i in range(9)), 1.01)  # 1.01: no pooling
# Every check is what the judge means by support (another year, a swapped role, a denial
# never supports), so none is switched off to fit a file: what each wins and loses on each
# file is reported instead.


@dataclass(frozen=True)
class Search:
    """The grid a choice searches besides the two thresholds."""

    rarity: tuple[float, ...] = (1.0,)
    window: tuple[int, ...] = (2,)


NARROW = Search()
# Searching rarity and window too fits the training files better and transfers worse; it
# is measured and reported beside the narrow search.
WIDE = Search(rarity=(0.5, 1.0, 2.0), window=(1, 2))
FOLDS = 5
_POOLING_ASKS_MORE = np.array([[p >= t + 0.1 - 1e-9 for p in POOLED] for t in THRESHOLDS])


def data_dir() -> Path:
    """$RECALL_AUDIT_FIDELITY, else shared/data/fidelity beside the checkout or a parent."""
    if env := os.environ.get("RECALL_AUDIT_FIDELITY"):
        return Path(env)
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "data" / "fidelity").is_dir():
            return parent / "shared" / "data" / "fidelity"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "fidelity"


class Case(BaseModel):
    id: str
    ground_truth: str
    ground_truth_sentences: list[str] = []
    contexts: list[str]
    expected_supported: list[bool] = []
    expected_recall: float = 0.0


def load_cases(path: Path) -> list[Case]:
    with path.open(encoding="utf-8") as fh:
        return [Case.model_validate_json(line) for line in fh if line.strip()]


_WORD = re.compile(r"[^\W_]+")


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(fold(text).lower()) if w not in STOPWORDS}


def lexical_baseline(statements: Sequence[str], chunks: Sequence[str]) -> list[bool]:
    """The word-overlap rule: supported when half the content words appear in one chunk."""
    chunk_words = [_content_words(c) for c in chunks]
    out = []
    for statement in statements:
        words = _content_words(statement)
        out.append(bool(words) and any(len(words & cw) >= len(words) / 2 for cw in chunk_words))
    return out


class Scores(BaseModel):
    statements: int
    accuracy: float
    kappa: float
    f1: float


def scores(truth: Sequence[bool], pred: Sequence[bool]) -> Scores:
    n = len(truth)
    agree = sum(t == p for t, p in zip(truth, pred, strict=True)) / n
    pt, pp = sum(truth) / n, sum(pred) / n
    chance = pt * pp + (1 - pt) * (1 - pp)
    tp = sum(t and p for t, p in zip(truth, pred, strict=True))
    wrong = sum(t != p for t, p in zip(truth, pred, strict=True))
    return Scores(
        statements=n,
        accuracy=agree,
        kappa=0.0 if chance == 1 else (agree - chance) / (1 - chance),
        f1=0.0 if tp == 0 else 2 * tp / (2 * tp + wrong),
    )


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return 0.0 if sxx == 0 or syy == 0 else sxy / math.sqrt(sxx * syy)


# ---- the built-in judge: assessments once, then any setting without judging again ----


@dataclass(frozen=True)
class Rows:
    """The statements of one file (or part of it), with what every setting decides from."""

    truth: np.ndarray
    baseline: np.ndarray
    group: np.ndarray  # fold of each statement (a claim's rows share one)
    # (rarity, window) -> the assessment of each statement
    assessed: dict[tuple[float, int], list[Assessment]]

    def take(self, mask: np.ndarray) -> Rows:
        idx = np.flatnonzero(mask)
        return Rows(
            self.truth[idx],
            self.baseline[idx],
            self.group[idx],
            {k: [v[i] for i in idx] for k, v in self.assessed.items()},
        )


def assess_file(cases: Sequence[Case]) -> Rows:
    truth, base, group = [], [], []
    for case in cases:
        truth.extend(case.expected_supported)
        base.extend(lexical_baseline(case.ground_truth_sentences, case.contexts))
        fold_of = zlib.crc32(case.ground_truth.encode()) % FOLDS
        group.extend([fold_of] * len(case.expected_supported))
    assessed = {}
    for rarity, window in itertools.product(WIDE.rarity, WIDE.window):
        judge = BuiltinJudge(BuiltinSettings(rarity=rarity, window=window))
        assessed[(rarity, window)] = [
            a
            for case in cases
            for a in judge.assess(case.ground_truth_sentences, case.contexts, min(THRESHOLDS))
        ]
    return Rows(np.array(truth), np.array(base), np.array(group), assessed)


def best_scores(assessed: Sequence[Assessment], rules: frozenset[str]) -> np.ndarray:
    """Per statement: the best single window no rule vetoes, and the pooled score (or -1)."""
    out = np.full((len(assessed), 2), -1.0)
    for i, a in enumerate(assessed):
        out[i, 0] = max((s for s, v in a.windows if not v & rules), default=-1.0)
        if not a.pooled[1] & rules:
            out[i, 1] = a.pooled[0]
    return out


def decide(best: np.ndarray, threshold: float, pooled: float) -> np.ndarray:
    return (best[:, 0] >= threshold - 1e-9) | (best[:, 1] >= pooled - 1e-9)


@dataclass(frozen=True)
class Choice:
    settings: BuiltinSettings
    objective: float


def _accuracy(rows: Rows, pred: np.ndarray) -> float:
    return float((rows.truth == pred).mean())


def _margins(train: Sequence[Rows], rarity: float, window: int, rules: frozenset[str]):
    """Accuracy margin over the word-overlap rule on each file: [file, threshold, pooled]."""
    out = np.zeros((len(train), len(THRESHOLDS), len(POOLED)))
    for f, rows in enumerate(train):
        best = best_scores(rows.assessed[(rarity, window)], rules)
        base = _accuracy(rows, rows.baseline)
        for (i, t), (j, p) in itertools.product(enumerate(THRESHOLDS), enumerate(POOLED)):
            out[f, i, j] = _accuracy(rows, decide(best, t, p)) - base
    return out


def _smoothed(grid: np.ndarray) -> np.ndarray:
    """Each point averaged with its neighbours (one step of each threshold): a setting
    whose neighbours also do well beats a lone peak."""
    padded = np.pad(grid, 1, mode="edge")
    h, w = grid.shape
    return (
        sum(
            padded[1 + di : 1 + di + h, 1 + dj : 1 + dj + w]
            for di in (-1, 0, 1)
            for dj in (-1, 0, 1)
        )
        / 9
    )


# The worked example (examples/einstein.jsonl) and the recall its README promises for each
# case: a setting that breaks it is not a candidate, whatever it scores on the data.
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "einstein.jsonl"
EXAMPLE_RECALL = {"einstein": 2 / 3, "curie": 1.0, "eiffel": 0.5, "water": 0.0}


def _keeps_the_example(rarity: float, window: int, rules: frozenset[str]) -> np.ndarray:
    """[threshold, pooled]: True where every example case scores its promised recall."""
    judge = BuiltinJudge(BuiltinSettings(rarity=rarity, window=window))
    ok = np.ones((len(THRESHOLDS), len(POOLED)), dtype=bool)
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        case = Case.model_validate_json(line)
        claims = asyncio.run(judge.extract_claims([case.ground_truth])).claims[0]
        best = best_scores(judge.assess(claims, case.contexts, min(THRESHOLDS)), rules)
        for (i, t), (j, p) in itertools.product(enumerate(THRESHOLDS), enumerate(POOLED)):
            recall = float(decide(best, t, p).mean())
            ok[i, j] &= abs(recall - EXAMPLE_RECALL[case.id]) < 1e-9
    return ok


def _best_thresholds(train: Sequence[Rows], rules: frozenset[str], search: Search) -> Choice:
    best: Choice | None = None
    for rarity, window in itertools.product(search.rarity, search.window):
        margins = _margins(train, rarity, window, rules)
        objective = _smoothed(margins.min(axis=0))
        # Pooling finds words by chance in several places: it must ask more than one window.
        objective[~_POOLING_ASKS_MORE] = -np.inf
        objective[~_keeps_the_example(rarity, window, rules)] = -np.inf
        i, j = np.unravel_index(int(np.argmax(objective)), objective.shape)
        if best is None or objective[i, j] > best.objective + 1e-12:
            settings = BuiltinSettings(
                threshold=THRESHOLDS[i],
                combined_threshold=POOLED[j],
                rarity=rarity,
                window=window,
                rules=rules,
            )
            best = Choice(settings, float(objective[i, j]))
    assert best is not None
    return best


def _per_file(train: Sequence[Rows], settings: BuiltinSettings) -> list[float]:
    key = (settings.rarity, settings.window)
    return [
        _accuracy(
            r,
            decide(
                best_scores(r.assessed[key], settings.rules),
                settings.threshold,
                settings.combined_threshold,
            ),
        )
        for r in train
    ]


def choose(train: Sequence[Rows], search: Search = NARROW) -> BuiltinSettings:
    """The thresholds (and rarity and window, if searched) on the flattest good region."""
    return _best_thresholds(train, RULES, search).settings


def predict(rows: Rows, settings: BuiltinSettings) -> np.ndarray:
    best = best_scores(rows.assessed[(settings.rarity, settings.window)], settings.rules)
    return decide(best, settings.threshold, settings.combined_threshold)


# ---- reports ----


class FileReport(BaseModel):
    file: str
    baseline: Scores
    in_sample: Scores
    leave_one_out: Scores
    leave_one_out_wide: Scores  # rarity and window searched too
    k_fold: Scores
    chosen_without: str  # the settings chosen on the other two files
    claims_per_second: float
    mae: float
    mae_baseline: float
    pearson: float
    pearson_baseline: float


def describe(s: BuiltinSettings) -> str:
    off = sorted(RULES - s.rules)
    pooled = "no pooling" if s.combined_threshold > 1 else f"pooled {s.combined_threshold:.2f}"
    return f"threshold {s.threshold:.2f}, {pooled}, rarity {s.rarity}, window {s.window}" + (
        f", checks off: {', '.join(off)}" if off else ", every check on"
    )


def k_fold(all_rows: Sequence[Rows]) -> list[np.ndarray]:
    preds = [np.zeros(len(r.truth), dtype=bool) for r in all_rows]
    for k in range(FOLDS):
        settings = choose([r.take(r.group != k) for r in all_rows])
        for f, rows in enumerate(all_rows):
            mask = rows.group == k
            preds[f][mask] = predict(rows.take(mask), settings)
    return preds


def speed(cases: Sequence[Case], judge: BuiltinJudge) -> float:
    """Claims judged per second of CPU time, context analysis included."""
    started = time.process_time()
    n = sum(len(judge.judge(c.ground_truth_sentences, c.contexts)) for c in cases)
    return n / max(time.process_time() - started, 1e-9)


def per_case(cases: Sequence[Case], judge: BuiltinJudge) -> tuple[float, float, float, float]:
    """MAE and Pearson of per-case recall against `expected_recall`: the judge extracting
    its own claims from `ground_truth`, the word-overlap rule on the labelled statements."""

    async def recall_of(case: Case) -> float:
        return (await context_recall(case.ground_truth, case.contexts, judge)).score or 0.0

    expected = [c.expected_recall for c in cases]
    ours = [asyncio.run(recall_of(c)) for c in cases]
    base = []
    for c in cases:
        verdicts = lexical_baseline(c.ground_truth_sentences, c.contexts)
        base.append(sum(verdicts) / len(verdicts) if verdicts else 0.0)

    def mae(xs: Sequence[float]) -> float:
        return sum(abs(a - b) for a, b in zip(xs, expected, strict=True)) / len(cases)

    return mae(ours), mae(base), pearson(ours, expected), pearson(base, expected)


@dataclass(frozen=True)
class Measured:
    chosen: BuiltinSettings  # on all three files
    shipped: BuiltinSettings  # the judge's defaults, at which the in-sample figures are
    reports: list[FileReport]
    sweep: list[list[float]]  # per threshold: accuracy margin on each file
    rules: dict[str, list[tuple[int, int]]]  # rule -> per file (won, lost) statements


def measure(data: Path) -> Measured:
    cases = {f: load_cases(data / f) for f in FILES}
    rows = [assess_file(cases[f]) for f in FILES]
    chosen, shipped = choose(rows), BuiltinSettings()
    kfold = k_fold(rows)
    reports = []
    for f, name in enumerate(FILES):
        held = rows[f]
        rest = [r for g, r in enumerate(rows) if g != f]
        others = choose(rest)
        judge = BuiltinJudge(shipped)
        mae, mae_b, r, r_b = per_case(cases[name], judge)
        reports.append(
            FileReport(
                file=name,
                baseline=scores(held.truth, held.baseline),
                in_sample=scores(held.truth, predict(held, shipped)),
                leave_one_out=scores(held.truth, predict(held, others)),
                leave_one_out_wide=scores(held.truth, predict(held, choose(rest, WIDE))),
                k_fold=scores(held.truth, kfold[f]),
                chosen_without=describe(others),
                claims_per_second=speed(cases[name], judge),
                mae=mae,
                mae_baseline=mae_b,
                pearson=r,
                pearson_baseline=r_b,
            )
        )
    sweep = [
        [
            _accuracy(r, predict(r, replace(shipped, threshold=t))) - _accuracy(r, r.baseline)
            for r in rows
        ]
        for t in THRESHOLDS
    ]
    rules: dict[str, list[tuple[int, int]]] = {}
    for rule in sorted(RULES):
        with_rule = replace(shipped, rules=shipped.rules | {rule})
        without = replace(shipped, rules=shipped.rules - {rule})
        per_file = []
        for r in rows:
            on, off = predict(r, with_rule), predict(r, without)
            won = int(((on == r.truth) & (off != r.truth)).sum())
            lost = int(((on != r.truth) & (off == r.truth)).sum())
            per_file.append((won, lost))
        rules[rule] = per_file
    return Measured(chosen, shipped, reports, sweep, rules)


def markdown(m: Measured, command: str) -> str:
    head = " | ".join(SHORT[f] for f in FILES)
    begin, end = markers("builtin")
    lines = [
        begin,
        f"Measured by `{command}` for judge `{BuiltinJudge.version}`; every figure below is",
        "written by that script.",
        "",
        f"Chosen on all three files: {describe(m.chosen)}. The judge's defaults "
        + (
            "are these settings."
            if m.chosen == m.shipped
            else f"differ: {describe(m.shipped)}, which score the compound references of the "
            "atomic set below better than this choice would (its last line); every in-sample "
            "figure here is at the defaults, and no cross-validated one depends on them."
        ),
        "",
        "### Accuracy, kappa and F1 per statement",
        "",
        "| file | statements | word overlap | in-sample | leave-one-file-out | 5-fold within files |",
        "|---|---|---|---|---|---|",
    ]
    for r in m.reports:
        cells = [r.baseline, r.in_sample, r.leave_one_out, r.k_fold]
        lines.append(
            f"| {SHORT[r.file]} | {r.baseline.statements} | "
            + " | ".join(f"{s.accuracy:.3f} / {s.kappa:.2f} / {s.f1:.2f}" for s in cells)
            + " |"
        )
    lines += [
        "",
        "Each cell: accuracy / Cohen's kappa / F1. Margins over word overlap (accuracy):",
        "",
        "| file | in-sample | leave-one-file-out | 5-fold | in-sample minus leave-one-file-out "
        "| leave-one-file-out, rarity and window searched too |",
        "|---|---|---|---|---|---|",
    ]
    for r in m.reports:
        b = r.baseline.accuracy
        lines.append(
            f"| {SHORT[r.file]} | {r.in_sample.accuracy - b:+.3f} | "
            f"{r.leave_one_out.accuracy - b:+.3f} | {r.k_fold.accuracy - b:+.3f} | "
            f"{r.in_sample.accuracy - r.leave_one_out.accuracy:+.3f} | "
            f"{r.leave_one_out_wide.accuracy - b:+.3f} |"
        )
    lines += ["", "Settings chosen with each file left out:", ""]
    lines += [f"- without {SHORT[r.file]}: {r.chosen_without}" for r in m.reports]
    lines += [
        "",
        "### Threshold sweep (shipped settings otherwise): accuracy margin over word overlap",
        "",
        f"| threshold | {head} |",
        "|---|---|---|---|",
    ]
    for t, margins in zip(THRESHOLDS, m.sweep, strict=True):
        mark = " (shipped)" if t == m.shipped.threshold else ""
        lines.append(f"| {t:.2f}{mark} | " + " | ".join(f"{x:+.3f}" for x in margins) + " |")
    lines += [
        "",
        "### What each check wins and loses (statements, at the shipped settings)",
        "",
        f"| check | shipped | {head} |",
        "|---|---|---|---|---|",
    ]
    for rule, per_file in m.rules.items():
        on = "on" if rule in m.shipped.rules else "off"
        lines.append(
            f"| `{rule}` | {on} | " + " | ".join(f"+{w} / −{lo}" for w, lo in per_file) + " |"
        )
    lines += [
        "",
        "### Per case, and speed",
        "",
        "Per case the judge extracts its own claims from `ground_truth` (through",
        "`context_recall`); word overlap scores the labelled statements.",
        "",
        "| file | cases MAE judge / overlap | Pearson judge / overlap | claims per CPU second |",
        "|---|---|---|---|",
    ]
    for r in m.reports:
        lines.append(
            f"| {SHORT[r.file]} | {r.mae:.3f} / {r.mae_baseline:.3f} | "
            f"{r.pearson:.2f} / {r.pearson_baseline:.2f} | {r.claims_per_second:,.0f} |"
        )
    lines.append(end)
    return "\n".join(lines)


def write_doc(doc: Path, region: str, text: str) -> None:
    """Replaces one measured region of `doc`, between its markers, keeping the prose."""
    begin, end = markers(region)
    current = doc.read_text(encoding="utf-8")
    start, stop = current.find(begin), current.find(end)
    if start < 0 or stop < 0:
        raise SystemExit(f"{doc}: markers {begin} / {end} not found")
    doc.write_text(current[:start] + text + current[stop + len(end) :], encoding="utf-8")


# ---- any judge on the human labels ----


@dataclass(frozen=True)
class Judged:
    truth: list[bool]
    judge: list[bool]
    baseline: list[bool]
    failed: list[str]  # "case id: error", for cases the judge could not answer


async def judge_labels(judge_name: str, cases: Sequence[Case]) -> Judged:
    """The judge's verdicts on every labelled statement; a case whose call fails is left
    out of the scores and named, and never stops the run."""
    judge = get_judge(judge_name)
    out = Judged([], [], [], [])
    for case in cases:
        try:
            attribution = await judge.attribute(case.ground_truth_sentences, case.contexts)
        except JudgeError as exc:
            out.failed.append(f"{case.id}: {exc}")
            continue
        by_index = {v.claim_index: v.supported for v in attribution.verdicts}
        out.truth.extend(case.expected_supported)
        out.judge.extend(by_index.get(i, False) for i in range(len(case.expected_supported)))
        out.baseline.extend(lexical_baseline(case.ground_truth_sentences, case.contexts))
    return out


def measure_judge(judge_name: str, data: Path, limit: int | None, command: str) -> str:
    begin, end = markers("model")
    subset = f"the first {limit} cases of each file" if limit else "every case"
    lines = [
        begin,
        f"Measured by `{command}`: judge `{judge_name}` against word overlap, per statement,",
        f"on {subset}.",
        "",
        "| file | statements | accuracy judge / overlap | kappa judge / overlap "
        "| F1 judge / overlap | cases the judge failed |",
        "|---|---|---|---|---|---|",
    ]
    failures = []
    for name in FILES:
        judged = asyncio.run(judge_labels(judge_name, load_cases(data / name)[:limit]))
        failures += judged.failed
        if not judged.truth:
            lines.append(f"| {SHORT[name]} | 0 | | | | {len(judged.failed)} |")
            continue
        j, b = scores(judged.truth, judged.judge), scores(judged.truth, judged.baseline)
        lines.append(
            f"| {SHORT[name]} | {j.statements} | {j.accuracy:.3f} / {b.accuracy:.3f} | "
            f"{j.kappa:.2f} / {b.kappa:.2f} | {j.f1:.2f} / {b.f1:.2f} | {len(judged.failed)} |"
        )
    if failures:
        lines += ["", f"First failure: {failures[0]}"]
    lines.append(end)
    return "\n".join(lines)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="the fidelity folder")
    parser.add_argument("--judge", default="builtin", help="builtin | openai/<m> | anthropic/<m>")
    parser.add_argument("--limit", type=int, default=None, help="first N cases of each file")
    parser.add_argument("--write", type=Path, default=None, help="update this markdown file")
    parser.add_argument("--public", type=Path, default=None, help="the public set (public_set.py)")
    args = parser.parse_args(list(argv) if argv is not None else None)
    data = args.data or data_dir()
    missing = [f for f in FILES if not (data / f).is_file()]
    if missing:
        print(f"fidelity data not found in {data}: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.judge != "builtin":
        command = f"make fidelity JUDGE={args.judge}" + (
            f" LIMIT={args.limit}" if args.limit else ""
        )
        text, region = measure_judge(args.judge, data, args.limit, command), "model"
    else:
        import atomic_fidelity  # beside this script; tests load this module by its path
        import claim_splits
        import perturbations
        import public_set
        import unsure

        measured = measure(data)
        text, region = markdown(measured, "make fidelity"), "builtin"
        atomic = atomic_fidelity.markdown("make fidelity", measured.chosen)
        perturbed = perturbations.markdown(perturbations.raised(), BuiltinJudge.version)
        split = claim_splits.markdown()
        frozen = unsure.markdown(data)
        public, skipped = public_set.measured(args.public or public_set.default_source())
        if args.write:
            write_doc(args.write, "unsure", wrapped("unsure", frozen))
            if public:  # else the region keeps its last measurement
                write_doc(args.write, "public", wrapped("public", public))
            write_doc(args.write, "atomic", wrapped("atomic", atomic))
            write_doc(args.write, "perturbations", wrapped("perturbations", perturbed))
            write_doc(args.write, "splits", wrapped("splits", split))
        print(atomic)
        print(split)
        print(perturbed)
        print(frozen)
        print(public or skipped)
    if args.write:
        write_doc(args.write, region, text)
    print(text)
    return 0


def wrapped(region: str, text: str) -> str:
    begin, end = markers(region)
    return f"{begin}\n{text}\n{end}"


if __name__ == "__main__":
    raise SystemExit(main())
