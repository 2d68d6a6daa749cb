"""How well the judge agrees with a person's labels, and the run's mean recall with an interval
that is honest about the judge's errors.

Agreement (accuracy, balanced accuracy, Cohen's kappa) is measured on the labelled claims,
each figure with a percentile bootstrap interval (seeded: the same inputs give the same
interval). The mean recall's interval is prediction-powered inference (Angelopoulos et al.,
2023, "Prediction-powered inference", the mean estimator; ARES, Saad-Falcon et al., 2023,
uses it for RAG): the judge's verdicts on every claim, corrected by the mean error the labels
show, so a biased judge moves the estimate and a noisy one widens the interval. The labels
are taken to be a uniform sample of the run's claims (`recall-audit review` draws its
sample at random within each stratum; a hand-picked set of hard claims makes the
correction pessimistic).

The run's mean recall is a mean over cases of each case's share of claims found, so each
claim weighs 1 / (its case's claim count), normalised: the estimators below are weighted means.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from statistics import NormalDist

import numpy as np

from recall_audit.compare.calibration import (
    LABEL_MARK,
    Calibration,
    Confusion,
    Interval,
    Label,
    RecallEstimate,
)
from recall_audit.errors import ConfigurationError
from recall_audit.types import RecallResult, Status

# Cases whose claims count towards the run's mean recall (storage's MEAN_STATUSES).
_COUNTED = (Status.SCORED, Status.NO_CONTEXT)
# Bootstrap resamples are drawn in blocks of at most this many indices to bound memory.
_BLOCK_CELLS = 1_000_000


def _check(confidence: float, resamples: int) -> None:
    if not 0 < confidence < 1:
        raise ConfigurationError(f"confidence must be between 0 and 1, got {confidence}")
    if resamples < 1:
        raise ConfigurationError(f"resamples must be >= 1, got {resamples}")


def agreement(judge: np.ndarray, person: np.ndarray) -> np.ndarray:
    """Accuracy, balanced accuracy and kappa of each row (rows: resamples); nan where a
    figure is undefined (a class absent, or chance agreement 1)."""
    judge, person = np.atleast_2d(judge), np.atleast_2d(person)
    n = judge.shape[1]
    tp = (judge & person).sum(axis=1)
    tn = (~judge & ~person).sum(axis=1)
    pos = person.sum(axis=1)
    neg = n - pos
    accuracy = (tp + tn) / n
    with np.errstate(invalid="ignore", divide="ignore"):
        balanced = (tp / pos + tn / neg) / 2
        said = judge.sum(axis=1)
        chance = (said * pos + (n - said) * neg) / n**2
        kappa = np.where(chance < 1, (accuracy - chance) / (1 - chance), np.nan)
    return np.stack([accuracy, balanced, kappa], axis=1)


def _bootstrap(
    judge: np.ndarray, person: np.ndarray, confidence: float, resamples: int, seed: int
) -> list[Interval]:
    point = agreement(judge, person)[0]
    rng = np.random.default_rng(seed)
    n = judge.size
    figures = np.empty((resamples, 3))
    step = max(1, _BLOCK_CELLS // n)
    for start in range(0, resamples, step):
        stop = min(resamples, start + step)
        picks = rng.integers(0, n, size=(stop - start, n))
        figures[start:stop] = agreement(judge[picks], person[picks])
    alpha = 1.0 - confidence
    intervals = []
    for i in range(3):
        column = figures[:, i][~np.isnan(figures[:, i])]
        if np.isnan(point[i]) or column.size == 0:
            intervals.append(Interval(estimate=None, low=None, high=None))
            continue
        low, high = np.quantile(column, [alpha / 2, 1 - alpha / 2])
        intervals.append(Interval(estimate=float(point[i]), low=float(low), high=float(high)))
    return intervals


def _mean_interval(values: np.ndarray, z: float) -> tuple[float, float]:
    """A weighted mean's normal half-width parts: the mean and its standard error."""
    if values.size == 0:
        return float("nan"), float("nan")
    spread = float(values.std(ddof=1)) if values.size > 1 else 0.0
    return float(values.mean()), z * spread / np.sqrt(values.size)


def ppi_mean(
    predicted: np.ndarray,
    weights: np.ndarray,
    labelled: np.ndarray,
    truth: np.ndarray,
    *,
    confidence: float,
) -> tuple[Interval, Interval]:
    """The prediction-powered interval of the weighted mean of `truth` over all N items, and
    the interval from the labelled items alone.

    `predicted` and `weights` (mean 1) cover all N items, `labelled` indexes the n labelled
    ones and `truth` holds their labels. The estimate is mean(w·f) over all plus mean(w·(y−f))
    over the labelled (the rectifier); its variance var(w·f)/N + var(w·(y−f))/n.
    """
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    if labelled.size == 0:
        return Interval(estimate=None, low=None, high=None), Interval(
            estimate=None, low=None, high=None
        )
    weighted = weights * predicted
    base, base_half = _mean_interval(weighted, z)
    rectifier, rect_half = _mean_interval(weights[labelled] * (truth - predicted[labelled]), z)
    estimate = base + rectifier
    half = float(np.hypot(base_half, rect_half))
    alone, alone_half = _mean_interval(weights[labelled] * truth, z)
    return (
        Interval(estimate=estimate, low=estimate - half, high=estimate + half),
        Interval(estimate=alone, low=alone - alone_half, high=alone + alone_half),
    )


def _scaled(interval: Interval, scale: float) -> Interval:
    return Interval(
        **{k: None if v is None else v * scale for k, v in interval.model_dump().items()}
    )


def calibrate(
    results: Mapping[str, RecallResult],
    labels: Iterable[Label],
    *,
    confidence: float = 0.95,
    resamples: int = 2000,
    seed: int = 0,
) -> Calibration:
    """The judge's agreement with `labels` on the claims of `results` (by case key), and the
    run's mean recall with a prediction-powered interval.

    A label is matched by case key and claim text. Cases that do not count towards the mean
    (errors, no claims) contribute no claim.
    """
    _check(confidence, resamples)
    by_claim = {(label.case, label.claim): label for label in labels}
    predicted: list[bool] = []
    weights: list[float] = []
    labelled: list[int] = []
    truth: list[bool] = []
    judge: list[bool] = []
    person: list[bool] = []
    matched, without_judge, cases, scale = set(), 0, 0, 1.0
    for key in sorted(results):
        result = results[key]
        if result.status not in _COUNTED or not result.claims:
            continue
        cases += 1
        scale = result.scale
        verdicts = {v.claim_index: v for v in result.verdicts}
        for index, claim in enumerate(result.claims):
            verdict = verdicts.get(index)
            said = bool(verdict and verdict.supported)
            label = by_claim.get((key, claim))
            if label is not None:
                matched.add((key, claim))
                from_label = verdict is not None and verdict.explanation.startswith(LABEL_MARK)
                if from_label:
                    said = label.supported if label.judged is None else label.judged
                if from_label and label.judged is None:
                    without_judge += 1
                else:
                    judge.append(said)
                    person.append(label.supported)
                labelled.append(len(predicted))
                truth.append(label.supported)
            predicted.append(said)
            weights.append(1.0 / len(result.claims))
    w = np.asarray(weights)
    if w.size:
        w = w * (w.size / w.sum())
    f = np.asarray(predicted, dtype=float)
    empty = Interval(estimate=None, low=None, high=None)
    if judge:
        agreement = _bootstrap(np.asarray(judge), np.asarray(person), confidence, resamples, seed)
    else:
        agreement = [empty, empty, empty]
    ppi, alone = ppi_mean(
        f, w, np.asarray(labelled, dtype=int), np.asarray(truth, dtype=float),
        confidence=confidence,
    )  # fmt: skip
    j, p = np.asarray(judge, dtype=bool), np.asarray(person, dtype=bool)
    return Calibration(
        confidence=confidence,
        labels=len(matched),
        unmatched=len(by_claim) - len(matched),
        without_judge=without_judge,
        accuracy=agreement[0],
        balanced_accuracy=agreement[1],
        kappa=agreement[2],
        confusion=Confusion(
            both_supported=int((j & p).sum()),
            judge_only=int((j & ~p).sum()),
            person_only=int((~j & p).sum()),
            neither=int((~j & ~p).sum()),
        ),
        recall=RecallEstimate(
            **_scaled(ppi, scale).model_dump(),
            judged=float((w * f).mean()) * scale if w.size else None,
            labels_only=_scaled(alone, scale),
        ),
        claims=int(w.size),
        cases=cases,
    )
