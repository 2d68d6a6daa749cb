"""calibrate(): the judge's agreement with labels, and the prediction-powered recall interval."""

import random

import pytest

from recall_audit import Label, calibrate
from recall_audit.compare.calibration import LABEL_MARK
from recall_audit.types import RecallResult, Status, Verdict


def result(judged: list[bool], status: Status = Status.SCORED) -> RecallResult:
    return RecallResult(
        status=status,
        score=sum(judged) / len(judged),
        reason="",
        claims=[f"claim {i}" for i in range(len(judged))],
        verdicts=[Verdict(claim_index=i, supported=s) for i, s in enumerate(judged)],
    )


def test_agreement_figures_and_confusion_counts_are_exact_on_a_small_example():
    # Judge: T T T F F F; person: T T F F F T -> 2 TP, 1 judge-only, 1 person-only, 2 TN.
    results = {"a": result([True, True, True]), "b": result([False, False, False])}
    person = {("a", 0): True, ("a", 1): True, ("a", 2): False}
    person |= {("b", 0): False, ("b", 1): False, ("b", 2): True}
    labels = [Label(case=c, claim=f"claim {i}", supported=s) for (c, i), s in person.items()]
    labels.append(Label(case="nowhere", claim="claim 0", supported=True))

    figures = calibrate(results, labels, resamples=500)

    assert figures.labels == 6 and figures.unmatched == 1
    assert figures.confusion.model_dump() == {
        "both_supported": 2, "judge_only": 1, "person_only": 1, "neither": 2,
    }  # fmt: skip
    assert figures.accuracy.estimate == pytest.approx(4 / 6)
    assert figures.balanced_accuracy.estimate == pytest.approx(4 / 6)
    # Chance agreement: (3·3 + 3·3) / 36 = 0.5, so kappa = (2/3 − 1/2) / (1/2) = 1/3.
    assert figures.kappa.estimate == pytest.approx(1 / 3)
    assert figures.accuracy.low <= figures.accuracy.estimate <= figures.accuracy.high
    # Every claim is labelled, so the corrected recall is the people's: (2/3 + 1/3) / 2.
    assert figures.recall.estimate == pytest.approx(0.5)
    assert figures.recall.judged == pytest.approx(0.5)
    assert figures.claims == 6 and figures.cases == 2
    # Seeded: the same inputs give the same intervals; another seed others.
    assert calibrate(results, labels, resamples=500) == figures
    assert calibrate(results, labels, resamples=500, seed=1).accuracy != figures.accuracy


def test_a_biased_judge_is_corrected_by_the_labels_and_errors_count_no_claim():
    # The judge says "supported" for every claim; people say half are not.
    results = {f"c{i}": result([True, True]) for i in range(10)}
    results["broken"] = RecallResult(status=Status.ERROR, score=None, reason="", claims=["x"])
    labels = [
        Label(case=f"c{i}", claim=f"claim {j}", supported=j == 0)
        for i in range(10)
        for j in range(2)
    ]
    figures = calibrate(results, labels)
    assert figures.recall.judged == pytest.approx(1.0)
    assert figures.recall.estimate == pytest.approx(0.5)
    assert figures.cases == 10 and figures.unmatched == 0
    # A constant judge has no kappa (chance agreement explains all it says).
    assert figures.kappa.estimate == pytest.approx(0.0)


def test_a_verdict_taken_from_a_label_is_measured_by_the_judges_verdict_of_that_time():
    decided = RecallResult(
        status=Status.SCORED,
        score=1.0,
        reason="",
        claims=["claim 0"],
        verdicts=[Verdict(claim_index=0, supported=True, explanation=f"{LABEL_MARK} ...")],
    )
    known = Label(case="a", claim="claim 0", supported=True, judged=False)
    figures = calibrate({"a": decided}, [known])
    assert figures.confusion.person_only == 1 and figures.accuracy.estimate == 0.0
    unknown = calibrate({"a": decided}, [known.model_copy(update={"judged": None})])
    assert unknown.without_judge == 1 and unknown.accuracy.estimate is None
    assert unknown.recall.estimate == pytest.approx(1.0)


def synthetic_run(
    rng: random.Random,
) -> tuple[dict[str, RecallResult], list[tuple[str, str, bool]]]:
    """2,000 claims in cases of 1 to 7 claims, each case with its own share of claims found,
    judged by a judge that misses 25% of supported claims and accepts 5% of unsupported."""
    results: dict[str, RecallResult] = {}
    truth: list[tuple[str, str, bool]] = []
    total = 0
    while total < 2000:
        size = min(rng.randint(1, 7), 2000 - total)
        key = f"case{len(results)}"
        found = rng.random()
        people = [rng.random() < found for _ in range(size)]
        judged = [rng.random() < (0.75 if y else 0.05) for y in people]
        results[key] = result(judged)
        truth += [(key, f"claim {i}", y) for i, y in enumerate(people)]
        total += size
    return results, truth


def test_the_prediction_powered_90_percent_interval_covers_the_true_recall_and_is_narrower():
    rng = random.Random(37)
    results, truth = synthetic_run(rng)
    by_case: dict[str, list[bool]] = {}
    for key, _, y in truth:
        by_case.setdefault(key, []).append(y)
    true_recall = sum(sum(ys) / len(ys) for ys in by_case.values()) / len(by_case)

    covered = covered_alone = 0
    width = width_alone = 0.0
    repetitions = 500
    for _ in range(repetitions):
        sample = rng.sample(truth, 200)
        labels = [Label(case=c, claim=claim, supported=y) for c, claim, y in sample]
        recall = calibrate(results, labels, confidence=0.9, resamples=1).recall
        covered += recall.low <= true_recall <= recall.high
        alone = recall.labels_only
        covered_alone += alone.low <= true_recall <= alone.high
        width += recall.high - recall.low
        width_alone += alone.high - alone.low

    assert covered / repetitions >= 0.88
    assert covered_alone / repetitions >= 0.85
    assert width / repetitions < width_alone / repetitions
    # The judge alone is biased here (it misses a quarter of what is there): the labels matter.
    assert abs(recall.judged - true_recall) > 0.05


def test_fit_lowers_the_threshold_when_people_accept_what_the_default_finds_too_thin():
    from recall_audit.compare.fit import FitCase, fit_thresholds
    from recall_audit.scorer.judges.builtin import BuiltinJudge

    chunks = [
        "Marie Curie was a physicist. She received the Nobel Prize in Physics in 1903 together "
        "with Pierre Curie and Henri Becquerel for research on radiation."
    ]
    thin = "Marie Curie was a scientist who studied radiation phenomena carefully."
    wrong = "Marie Curie was born in Warsaw in 1867."
    # The defaults find 40% of the thin claim (50% needed): unsupported.
    assert [v.supported for v in BuiltinJudge().judge([thin, wrong], chunks)] == [False, False]
    cases = [FitCase([thin, wrong], chunks, {0: True, 1: False}) for _ in range(10)]

    fit = fit_thresholds(cases)

    assert fit.threshold <= 0.4 and fit.labels == 20 and fit.folds == 5
    assert fit.default_cv_balanced_accuracy == pytest.approx(0.5)
    assert fit.cv_balanced_accuracy == pytest.approx(1.0)
