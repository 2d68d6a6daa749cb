"""The gate a run must pass: the rules a CI job or a deployment sets, and the verdict a person
reads first (the run's exit code, its Prefect state and the state's message).

A run with no scored case never passes: it measured nothing, whatever caused it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from recall_audit.compare.compare import Comparison

# Float noise (1.0 - 0.95 is 0.050000000000000044) must not tip a drop of exactly the limit.
_EPS = 1e-12


class Gate(BaseModel):
    """Each rule is off when None. Recall drops are on the 0..1 scale of the comparison."""

    fail_under: float | None = Field(
        default=None, description="Fail when mean recall (on the run's scale) is below this."
    )
    max_regression: float | None = Field(
        default=None,
        ge=0,
        description="Fail when mean recall dropped by more than this against the baseline "
        "(the observed drop; the interval is shown beside it).",
    )
    max_lost_claims: int | None = Field(
        default=None,
        ge=0,
        # Within a 32-bit integer, as a database column or Prefect parameter holds it.
        le=2**31 - 1,
        description="Fail when more claims than this were lost since the baseline.",
    )
    require_significance: bool = Field(
        default=False,
        description="A drop fails only when its bootstrap interval excludes zero (noisy judges).",
    )
    gate_on: Literal["mean", "low"] = Field(
        default="mean",
        description="What fail-under holds on: the mean recall, or the low end of its "
        "prediction-powered interval from people's labels of the run's claims (`recall-audit "
        "calibrate`; a run without current labels then fails).",
    )


class RunFigures(BaseModel):
    """What the gate reads of a finished run."""

    dataset: str
    mean_recall: float | None
    cases: int
    errors: int
    # The low end of the mean recall's prediction-powered interval (None: no current label).
    recall_low: float | None = None
    confidence: float = 0.95


class GateResult(BaseModel):
    passed: bool
    # True when the run failed because of what changed since its baseline.
    regressed: bool
    # One line per broken rule.
    failures: list[str]
    # Mean recall and the comparison's verdict in one line.
    headline: str

    @property
    def message(self) -> str:
        return "; ".join([self.headline, *self.failures])


def _interval(c: Comparison) -> str:
    return f"{c.confidence:.0%} CI [{c.ci_low:+.3f}, {c.ci_high:+.3f}]"


def headline(run: RunFigures, comparison: Comparison | None) -> str:
    if run.mean_recall is None:
        return f"{run.dataset}: no case scored ({run.errors} of {run.cases} errored)"
    text = f"{run.dataset}: mean recall {run.mean_recall:.3f}"
    if comparison is None or comparison.delta is None:
        return text + " (no baseline to compare with)"
    return (
        f"{text}, {comparison.verdict} against {comparison.base_run_id[:8]} "
        f"(Δ {comparison.delta:+.3f}, {_interval(comparison)}), "
        f"{len(comparison.lost_claims)} claim(s) lost"
    )


def _regressions(gate: Gate, c: Comparison) -> list[str]:
    failures = []
    drop = -c.delta if c.delta is not None else 0.0
    significant = c.ci_high is not None and c.ci_high < 0
    limit = gate.max_regression
    if limit is not None and drop > limit + _EPS and (significant or not gate.require_significance):
        failures.append(
            f"recall dropped {drop:.3f} ({_interval(c)}), more than max-regression {limit:g}"
        )
    lost = len(c.lost_claims)
    if gate.max_lost_claims is not None and lost > gate.max_lost_claims:
        failures.append(f"{lost} claim(s) lost, more than max-lost-claims {gate.max_lost_claims}")
    return failures


def _low_end(fail_under: float, run: RunFigures) -> list[str]:
    if run.recall_low is None:
        return [
            "gate-on low: no current label of this run's claims, so no interval to hold "
            "fail-under on (`recall-audit review` or `labels import`)"
        ]
    if run.recall_low < fail_under:
        return [
            f"the low end of mean recall's {run.confidence:.0%} interval, {run.recall_low:.3f}, "
            f"is under fail-under {fail_under:g}"
        ]
    return []


def check_gate(gate: Gate, run: RunFigures, comparison: Comparison | None) -> GateResult:
    failures: list[str] = []
    if run.mean_recall is None:
        failures.append("a run with no scored case measured nothing")
    elif gate.fail_under is not None and gate.gate_on == "low":
        failures += _low_end(gate.fail_under, run)
    elif gate.fail_under is not None and run.mean_recall < gate.fail_under:
        failures.append(
            f"mean recall {run.mean_recall:.3f} is under fail-under {gate.fail_under:g}"
        )
    # Another judge's scores differ for its own reasons: no retriever regression to gate.
    comparable = comparison is not None and comparison.verdict != "judge_changed"
    regressions = _regressions(gate, comparison) if comparable else []
    return GateResult(
        passed=not failures and not regressions,
        regressed=bool(regressions),
        failures=failures + regressions,
        headline=headline(run, comparison),
    )
