"""The built-in judge's thresholds chosen on people's labels by cross-validation
(`recall-audit calibrate RUN --fit NAME`).

Each candidate pair (one window's threshold, a pool's) judges every labelled case once; the
folds only split the labels. The cross-validated figure is honest about the choice: each
fold's labels are predicted by the pair chosen on the other folds, and the held-out
predictions of all folds are scored together, beside the defaults' on the same labels.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from pydantic import BaseModel

from recall_audit.compare.calibrate import agreement
from recall_audit.scorer.judges.builtin import BuiltinJudge, BuiltinSettings
from recall_audit.scorer.judges.calibrated import fitted_settings

_DEFAULT = BuiltinSettings()
# The defaults first, so that a tie keeps them.
GRID = [(_DEFAULT.threshold, _DEFAULT.combined_threshold)] + [
    (round(t, 2), round(t + extra, 2))
    for t in np.arange(0.3, 0.71, 0.05)
    for extra in (0.05, 0.1, 0.2)
    if (round(t, 2), round(t + extra, 2)) != (_DEFAULT.threshold, _DEFAULT.combined_threshold)
]


class FitCase(NamedTuple):
    claims: Sequence[str]
    chunks: Sequence[str]
    # Claim index -> the person's verdict.
    labelled: dict[int, bool]


class Fit(BaseModel):
    threshold: float
    combined_threshold: float
    labels: int
    folds: int
    cv_balanced_accuracy: float | None
    default_cv_balanced_accuracy: float | None


def _score(predicted: np.ndarray, truth: np.ndarray) -> float:
    """Balanced accuracy; accuracy where one class is absent."""
    accuracy, balanced, _ = agreement(predicted, truth)[0]
    return float(accuracy if np.isnan(balanced) else balanced)


def _predictions(cases: Sequence[FitCase]) -> np.ndarray:
    """Per candidate pair, its verdict on every labelled claim (rows: GRID)."""
    rows = []
    for threshold, combined in GRID:
        judge = BuiltinJudge(fitted_settings(threshold, combined))
        said = []
        for case in cases:
            verdicts = {v.claim_index: v.supported for v in judge.judge(case.claims, case.chunks)}
            said += [verdicts.get(i, False) for i in sorted(case.labelled)]
        rows.append(said)
    return np.asarray(rows, dtype=bool)


def _best(predicted: np.ndarray, truth: np.ndarray) -> int:
    scores = [_score(row, truth) for row in predicted]
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def fit_thresholds(cases: Sequence[FitCase], *, folds: int = 5, seed: int = 0) -> Fit:
    truth = np.asarray([case.labelled[i] for case in cases for i in sorted(case.labelled)])
    if truth.size == 0:
        raise ValueError("no labelled claim to fit on")
    predicted = _predictions(cases)
    order = list(range(truth.size))
    random.Random(seed).shuffle(order)
    k = max(2, min(folds, truth.size))
    held = np.zeros(truth.size, dtype=bool)
    for fold in range(k):
        test = np.asarray(order[fold::k])
        train = np.setdiff1d(np.arange(truth.size), test)
        chosen = _best(predicted[:, train], truth[train]) if train.size else 0
        held[test] = predicted[chosen, test]
    best = _best(predicted, truth)
    return Fit(
        threshold=GRID[best][0],
        combined_threshold=GRID[best][1],
        labels=int(truth.size),
        folds=k,
        cv_balanced_accuracy=_score(held, truth),
        default_cv_balanced_accuracy=_score(predicted[0], truth),
    )
