"""What calibration reports: a person's labels and the judge's agreement with them, as plain
models (no numpy), so that storage and the command line read and print them without the
numeric work of compare/calibrate.py."""

from __future__ import annotations

from pydantic import BaseModel, Field

# A verdict that begins with this explanation was decided by a person's label, not the judge.
LABEL_MARK = "label:"


class Label(BaseModel):
    """A person's verdict on one claim of one case."""

    case: str
    claim: str
    supported: bool
    # The 0-based chunk the person found the claim in, when they said.
    chunk: int | None = None
    note: str = ""
    # The judge's own verdict when the label was made: what the judge is measured by on a
    # later run whose verdict for the claim came from this label (the judge was not asked).
    judged: bool | None = None


class Interval(BaseModel):
    estimate: float | None
    low: float | None
    high: float | None


class Confusion(BaseModel):
    """Judge against person: true/false positives and negatives, "supported" the positive."""

    both_supported: int = 0
    judge_only: int = 0
    person_only: int = 0
    neither: int = 0


class RecallEstimate(Interval):
    """The run's mean recall (on its scale) from the judge alone, and its interval."""

    judged: float | None
    # The same mean from the labelled claims alone, and its interval (no judge in it).
    labels_only: Interval


class Calibration(BaseModel):
    confidence: float
    labels: int = Field(description="Labels that matched a claim of the results.")
    # Labels naming no claim of the results, or a claim of a case that is not counted.
    unmatched: int
    # Labels matched whose verdict came from that label and carry no judge verdict.
    without_judge: int = 0
    accuracy: Interval
    balanced_accuracy: Interval
    kappa: Interval
    confusion: Confusion
    recall: RecallEstimate
    claims: int
    cases: int


def _figure(name: str, interval: Interval, confidence: float) -> str:
    if interval.estimate is None:
        return f"{name}: - (undefined on these labels)"
    return (
        f"{name}: {interval.estimate:.3f} "
        f"({confidence:.0%} CI {interval.low:.3f} to {interval.high:.3f})"
    )


def calibration_lines(figures: Calibration, outdated: int) -> list[str]:
    """The figures as `calibrate` and `show` print them."""
    c, r = figures.confusion, figures.recall
    lines = [
        f"{figures.labels} label(s) of {figures.claims} claim(s) in {figures.cases} case(s)"
        + (f", {outdated} outdated (claim or chunks changed)" if outdated else ""),
        _figure("judge accuracy", figures.accuracy, figures.confidence),
        _figure("balanced accuracy", figures.balanced_accuracy, figures.confidence),
        _figure("Cohen's kappa", figures.kappa, figures.confidence),
        f"judge vs person: both supported {c.both_supported}, judge only {c.judge_only}, "
        f"person only {c.person_only}, neither {c.neither}",
    ]
    if r.estimate is not None:
        lines.append(
            _figure("mean recall (judge corrected by labels)", r, figures.confidence)
            + f"; judge alone {r.judged:.3f}"
        )
        lines.append(_figure("mean recall (labels alone)", r.labels_only, figures.confidence))
    return lines
