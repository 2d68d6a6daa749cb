"""The gate: which runs fail, and the one-line verdict their state and exit code carry."""

from __future__ import annotations

import pytest

from recall_audit.compare.compare import CaseOutcome, ClaimOutcome, RunOutcome, compare_runs
from recall_audit.compare.gate import Gate, RunFigures, check_gate


def case(key: str, found: bool) -> CaseOutcome:
    claim = ClaimOutcome(claim_index=0, claim=f"Fact of {key}.", supported=found)
    return CaseOutcome(
        case_key=key, question=f"q {key}", status="scored", score=float(found), claims=[claim]
    )


def twelve_cases(lost: int) -> tuple[RunOutcome, RunOutcome]:
    keys = [f"k{i:02d}" for i in range(12)]
    base = RunOutcome(run_id="base-run", dataset="kb", cases=[case(k, True) for k in keys])
    head = RunOutcome(
        run_id="head-run", dataset="kb", cases=[case(k, i >= lost) for i, k in enumerate(keys)]
    )
    return base, head


def figures(mean: float | None, errors: int = 0) -> RunFigures:
    return RunFigures(dataset="kb", mean_recall=mean, cases=12, errors=errors)


def test_an_observed_drop_beyond_max_regression_fails_with_its_interval() -> None:
    base, head = twelve_cases(lost=3)
    comparison = compare_runs(base, head)
    assert comparison.ci_high == pytest.approx(0.0)  # the interval includes zero
    result = check_gate(Gate(max_regression=0.05), figures(0.75), comparison)
    assert not result.passed and result.regressed
    [failure] = result.failures
    assert failure.startswith("recall dropped 0.250 (95% CI [")
    assert "more than max-regression 0.05" in failure
    assert "mean recall 0.750, regressed against base-run" in result.message
    assert "3 claim(s) lost" in result.message
    # Within the limit it passes; a noisy judge's significance rule lets it pass too.
    assert check_gate(Gate(max_regression=0.25), figures(0.75), comparison).passed
    noisy = Gate(max_regression=0.05, require_significance=True)
    assert check_gate(noisy, figures(0.75), comparison).passed


def test_lost_claims_have_their_own_limit() -> None:
    base, head = twelve_cases(lost=2)
    comparison = compare_runs(base, head)
    assert check_gate(Gate(max_lost_claims=2), figures(10 / 12), comparison).passed
    result = check_gate(Gate(max_lost_claims=1), figures(10 / 12), comparison)
    assert result.failures == ["2 claim(s) lost, more than max-lost-claims 1"]


def test_a_run_with_no_scored_case_never_passes() -> None:
    result = check_gate(Gate(), figures(None, errors=12), None)
    assert not result.passed and not result.regressed
    assert result.headline == "kb: no case scored (12 of 12 errored)"


def test_fail_under_and_no_rules() -> None:
    assert check_gate(Gate(), figures(0.1), None).passed
    result = check_gate(Gate(fail_under=0.5), figures(0.1), None)
    assert result.failures == ["mean recall 0.100 is under fail-under 0.5"]
    assert result.headline == "kb: mean recall 0.100 (no baseline to compare with)"


def test_gate_on_low_holds_fail_under_on_the_intervals_low_end() -> None:
    gate = Gate(fail_under=0.7, gate_on="low")
    held = figures(0.8).model_copy(update={"recall_low": 0.72})
    assert check_gate(gate, held, None).passed
    under = figures(0.8).model_copy(update={"recall_low": 0.65})
    result = check_gate(gate, under, None)
    assert not result.passed
    assert result.failures == [
        "the low end of mean recall's 95% interval, 0.650, is under fail-under 0.7"
    ]
    # Without labels there is no interval: the rule cannot hold, and says why.
    unlabelled = check_gate(gate, figures(0.9), None)
    assert not unlabelled.passed and "no current label" in unlabelled.failures[0]
    # On the mean (the default) the same run passes.
    assert check_gate(Gate(fail_under=0.7), under, None).passed
