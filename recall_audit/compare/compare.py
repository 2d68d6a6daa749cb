"""Paired run-to-run comparison: which claims were lost or gained, and whether recall regressed.

Claims are frozen per ground truth, so a case has the same denominator in both runs and the
two runs can be compared case by case and claim by claim. With frozen claims and cached
verdicts a lost claim is an observed fact, not a sample: the verdict follows the observed
change beyond a tolerance, and the paired bootstrap interval is reported beside it. A noisy
judge (a sampled model) can ask for significance too (`require_significance`), so that
one noisy case cannot turn a run red.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, Field, model_validator

from recall_audit.errors import ConfigurationError

# "judge_changed": the two runs were judged by different judges or judge versions, so a
# difference says nothing about the retriever.
RegressionVerdict = Literal["regressed", "improved", "unchanged", "judge_changed"]

# Bootstrap resamples are drawn in blocks of at most this many indices to bound memory.
_BLOCK_CELLS = 1_000_000
# Float noise (0.5 - 0.48 is 0.0200000000000000018) must not tip a drop of exactly the tolerance.
_EPS = 1e-12


class ClaimOutcome(BaseModel):
    """One claim of one case in one run, as storage hands it over."""

    claim_index: int = Field(ge=0)
    claim: str
    supported: bool
    # 0-based positions in the retrieved list that support the claim, best first.
    chunk_positions: list[int] = Field(default_factory=list)
    quote: str = ""
    # Text of the best supporting chunk, so a lost claim can show what used to be retrieved.
    chunk_text: str | None = None


class CaseOutcome(BaseModel):
    """One case of one run. `score` is recall on 0..1 (divide by the scale); None on error."""

    case_key: str
    question: str
    status: str
    score: float | None = Field(ge=0.0, le=1.0)
    claims: list[ClaimOutcome] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_claim_indices(self) -> CaseOutcome:
        indices = [c.claim_index for c in self.claims]
        if len(indices) != len(set(indices)):
            raise ValueError(f"case {self.case_key!r} repeats a claim_index")
        return self

    @property
    def errored(self) -> bool:
        return self.status == "error" or self.score is None


class RunOutcome(BaseModel):
    run_id: str
    dataset: str
    started_at: datetime | None = None
    # The judge and its version ("builtin-8", "openai/gpt-4o v3.1a2b"); '' when not known.
    judge: str = ""
    # The settings of the run's stored spec that change what it measures, by their flat
    # names (recall_audit/spec.py), as JSON values; empty when none was stored.
    settings: dict[str, Any] = Field(default_factory=dict)
    cases: list[CaseOutcome] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_case_keys(self) -> RunOutcome:
        keys = [c.case_key for c in self.cases]
        if len(keys) != len(set(keys)):
            raise ValueError(f"run {self.run_id!r} repeats a case_key")
        return self


class ClaimChange(BaseModel):
    """A claim found in one run and missed in the other, with the evidence of the run that found it."""

    case_key: str
    question: str
    claim_index: int
    claim: str
    chunk_positions: list[int]
    quote: str
    chunk_text: str | None


class CaseChange(BaseModel):
    case_key: str
    question: str
    base_score: float
    head_score: float
    delta: float
    lost: int
    gained: int
    # The two runs split this case's ground truth into different claims (another judge or
    # prompt): it counts in the paired statistics by score, but not claim by claim.
    claims_changed: bool = False


class SettingChange(BaseModel):
    """A setting the two runs' specs give differently (JSON values; None: not set)."""

    setting: str
    base: Any
    head: Any


class ErroredCase(BaseModel):
    case_key: str
    question: str
    base_status: str
    head_status: str


class Comparison(BaseModel):
    base_run_id: str
    head_run_id: str
    dataset: str
    n_paired: int
    # Means over the paired cases only, so delta == head_mean - base_mean.
    base_mean: float | None
    head_mean: float | None
    delta: float | None
    ci_low: float | None
    ci_high: float | None
    confidence: float
    tolerance: float
    require_significance: bool = False
    resamples: int
    seed: int
    verdict: RegressionVerdict
    reason: str
    lost_claims: list[ClaimChange]
    gained_claims: list[ClaimChange]
    case_changes: list[CaseChange]
    added_cases: list[str]
    removed_cases: list[str]
    errored_cases: list[ErroredCase]
    # What the two runs were told differently, from their stored specs (both must have one).
    setting_changes: list[SettingChange] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


def paired_bootstrap_ci(
    diffs: Sequence[float], *, confidence: float = 0.95, resamples: int = 2000, seed: int = 0
) -> tuple[float, float]:
    """Percentile interval of the mean paired difference, resampling cases with replacement.

    The interval is widened to contain the observed mean if needed: float summation order and
    extreme skew can put the mean a hair outside the percentiles, and a reported interval
    that excludes its own point estimate would only confuse.
    """
    # Imported here: storage imports this module, and reading results needs no numpy.
    import numpy as np

    d = np.asarray(diffs, dtype=float)
    if d.size == 0:
        raise ValueError("no paired differences to resample")
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    block = max(1, _BLOCK_CELLS // d.size)
    for start in range(0, resamples, block):
        stop = min(start + block, resamples)
        means[start:stop] = d[rng.integers(0, d.size, size=(stop - start, d.size))].mean(axis=1)
    alpha = 1.0 - confidence
    low, high = np.quantile(means, [alpha / 2, 1 - alpha / 2])
    observed = float(d.mean())
    return min(float(low), observed), max(float(high), observed)


def decide(
    delta: float,
    ci_low: float,
    ci_high: float,
    tolerance: float,
    *,
    require_significance: bool = False,
) -> tuple[RegressionVerdict, str]:
    """Regressed or improved when the observed change is beyond the tolerance; with
    `require_significance`, only when the interval also excludes zero."""
    if abs(delta) <= tolerance + _EPS:
        return "unchanged", f"the change {delta:+.3f} is within the tolerance ±{tolerance:g}"
    moved = f"recall {'dropped' if delta < 0 else 'rose'} {abs(delta):.3f}"
    significant = ci_high < 0 if delta < 0 else ci_low > 0
    if significant:
        return _direction(delta), f"{moved} and the interval excludes zero"
    if require_significance:
        return "unchanged", f"{moved}, beyond the tolerance, but the interval includes zero"
    return _direction(delta), (
        f"{moved}, beyond the tolerance ±{tolerance:g} (the interval includes zero: "
        "few cases moved, each one observed)"
    )


def _direction(delta: float) -> RegressionVerdict:
    return "regressed" if delta < 0 else "improved"


def _claims_of(case: CaseOutcome, other: CaseOutcome) -> list[ClaimOutcome]:
    # A no-context case short-circuits before its claims are stored; with nothing retrieved
    # every claim of the ground truth is unsupported, so borrow the other run's claim list.
    if not case.claims and case.status == "no_context":
        return [
            ClaimOutcome(claim_index=c.claim_index, claim=c.claim, supported=False)
            for c in other.claims
        ]
    return case.claims


def _claim_changes(
    base: CaseOutcome, head: CaseOutcome
) -> tuple[list[ClaimChange], list[ClaimChange]] | None:
    """Lost and gained claims of one paired case; None when the claim lists differ."""
    base_claims = sorted(_claims_of(base, head), key=lambda c: c.claim_index)
    head_claims = sorted(_claims_of(head, base), key=lambda c: c.claim_index)
    if [(c.claim_index, c.claim) for c in base_claims] != [
        (c.claim_index, c.claim) for c in head_claims
    ]:
        return None
    lost, gained = [], []
    for before, now in zip(base_claims, head_claims, strict=True):
        if before.supported == now.supported:
            continue
        found = before if before.supported else now
        change = ClaimChange(
            case_key=base.case_key,
            question=base.question,
            claim_index=found.claim_index,
            claim=found.claim,
            chunk_positions=found.chunk_positions,
            quote=found.quote,
            chunk_text=found.chunk_text,
        )
        (lost if before.supported else gained).append(change)
    return lost, gained


def _check_settings(tolerance: float, confidence: float, resamples: int) -> None:
    if tolerance < 0:
        raise ConfigurationError(f"tolerance must be >= 0, got {tolerance}")
    if not 0 < confidence < 1:
        raise ConfigurationError(f"confidence must be between 0 and 1, got {confidence}")
    if resamples < 1:
        raise ConfigurationError(f"resamples must be >= 1, got {resamples}")


def compare_runs(
    base: RunOutcome,
    head: RunOutcome,
    *,
    tolerance: float = 0.02,
    confidence: float = 0.95,
    resamples: int = 2000,
    seed: int = 0,
    require_significance: bool = False,
) -> Comparison:
    """Compares `head` with its baseline `base`, case by case and claim by claim."""
    _check_settings(tolerance, confidence, resamples)
    if base.dataset != head.dataset:
        raise ConfigurationError(
            f"cannot compare runs of different datasets: {base.dataset!r} and {head.dataset!r}"
        )
    base_cases = {c.case_key: c for c in base.cases}
    head_cases = {c.case_key: c for c in head.cases}
    errored: list[ErroredCase] = []
    changes: list[CaseChange] = []
    lost: list[ClaimChange] = []
    gained: list[ClaimChange] = []
    # Sorted keys: the result never depends on the order storage returns rows in.
    for key in sorted(base_cases.keys() & head_cases.keys()):
        b, h = base_cases[key], head_cases[key]
        if b.errored or h.errored:
            errored.append(
                ErroredCase(
                    case_key=key, question=h.question, base_status=b.status, head_status=h.status
                )
            )
            continue
        claims = _claim_changes(b, h)
        case_lost, case_gained = claims or ([], [])
        lost += case_lost
        gained += case_gained
        changes.append(
            CaseChange(
                case_key=key,
                question=h.question,
                base_score=b.score,
                head_score=h.score,
                delta=h.score - b.score,
                lost=len(case_lost),
                gained=len(case_gained),
                claims_changed=claims is None,
            )
        )
    # Worst first; lost claims follow the same order so the top rows are the worst cases'.
    changes.sort(key=lambda c: (c.delta, c.case_key))
    rank = {c.case_key: i for i, c in enumerate(changes)}
    lost.sort(key=lambda c: (rank[c.case_key], c.claim_index))
    gained.sort(key=lambda c: (-rank[c.case_key], c.claim_index))

    added = sorted(head_cases.keys() - base_cases.keys())
    removed = sorted(base_cases.keys() - head_cases.keys())
    notes = _notes(changes, added, removed, errored)
    stats = _statistics(changes, tolerance, confidence, resamples, seed, require_significance)
    if base.judge and head.judge and base.judge != head.judge:
        stats = stats._replace(
            verdict="judge_changed",
            reason=f"judge changed ({base.judge} → {head.judge}): the difference is the "
            "judge's, not the retriever's",
        )
    return Comparison(
        base_run_id=base.run_id,
        head_run_id=head.run_id,
        dataset=head.dataset,
        n_paired=len(changes),
        confidence=confidence,
        tolerance=tolerance,
        require_significance=require_significance,
        resamples=resamples,
        seed=seed,
        lost_claims=lost,
        gained_claims=gained,
        case_changes=changes,
        added_cases=added,
        removed_cases=removed,
        errored_cases=errored,
        setting_changes=setting_changes(base, head),
        notes=notes,
        **stats._asdict(),
    )


def setting_changes(base: RunOutcome, head: RunOutcome) -> list[SettingChange]:
    """The settings the two runs' stored specs give differently, in the head's order; none
    when either run has no stored spec (nothing to tell them apart by)."""
    if not (base.settings and head.settings):
        return []
    names = [*head.settings, *(n for n in base.settings if n not in head.settings)]
    return [
        SettingChange(setting=name, base=base.settings.get(name), head=head.settings.get(name))
        for name in names
        if base.settings.get(name) != head.settings.get(name)
    ]


class _Stats(NamedTuple):
    base_mean: float | None
    head_mean: float | None
    delta: float | None
    ci_low: float | None
    ci_high: float | None
    verdict: RegressionVerdict
    reason: str


def _statistics(
    changes: list[CaseChange],
    tolerance: float,
    confidence: float,
    resamples: int,
    seed: int,
    require_significance: bool,
) -> _Stats:
    if not changes:
        return _Stats(
            None,
            None,
            None,
            None,
            None,
            "unchanged",
            "no case was scored in both runs, so there is nothing to compare",
        )
    import numpy as np  # as in paired_bootstrap_ci

    # Changes are sorted by delta; resample in case-key order so the draw is stable.
    ordered = sorted(changes, key=lambda c: c.case_key)
    diffs = [c.delta for c in ordered]
    ci_low, ci_high = paired_bootstrap_ci(
        diffs, confidence=confidence, resamples=resamples, seed=seed
    )
    delta = float(np.mean(diffs))
    verdict, reason = decide(
        delta, ci_low, ci_high, tolerance, require_significance=require_significance
    )
    return _Stats(
        base_mean=float(np.mean([c.base_score for c in ordered])),
        head_mean=float(np.mean([c.head_score for c in ordered])),
        delta=delta,
        ci_low=ci_low,
        ci_high=ci_high,
        verdict=verdict,
        reason=reason,
    )


def _notes(
    changes: list[CaseChange], added: list[str], removed: list[str], errored: list[ErroredCase]
) -> list[str]:
    notes = []
    if len(changes) == 1:
        notes.append("Only one paired case: the interval has no spread and rests on that case.")
    if changed := sum(c.claims_changed for c in changes):
        notes.append(
            f"{changed} case(s) have different claims in the two runs (another judge or "
            "prompt); they are compared by score only, not claim by claim."
        )
    if added or removed:
        notes.append(
            f"{len(added)} case(s) only in the new run and {len(removed)} only in the "
            "baseline are left out of the paired statistics."
        )
    if errored:
        notes.append(
            f"{len(errored)} case(s) failed in at least one run and are left out of the "
            "paired statistics."
        )
    return notes
