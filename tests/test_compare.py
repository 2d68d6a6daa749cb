"""Paired run comparison and its reports, on runs built from a tiny retrieval simulation."""

from __future__ import annotations

import base64
import json
import random
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recall_audit.compare.compare import (
    CaseOutcome,
    ClaimOutcome,
    RunOutcome,
    compare_runs,
    paired_bootstrap_ci,
)
from recall_audit.compare.report import (
    comparison_markdown,
    trend_markdown,
    worst_cases_table,
)
from recall_audit.diagnosis.views import lost_claims_markdown
from recall_audit.errors import ConfigurationError

# Each case's ground truth has claims, each supported by one knowledge-base chunk.
CLAIMS = {
    "The bridge opened in 1932.": "chunk-open",
    "It spans 503 metres.": "chunk-span",
    "It carries eight lanes.": "chunk-lanes",
    "It was designed by Bradfield.": "chunk-design",
}


def chunk_body(chunk_id: str, key: str) -> str:
    return f"{chunk_id} text for {key}"


def simulated_case(key: str, retrieved: list[str]) -> CaseOutcome:
    """Scores a case the way the judge would: a claim is supported iff its chunk was retrieved."""
    claims = []
    for i, (claim, chunk_id) in enumerate(CLAIMS.items()):
        found = chunk_id in retrieved
        position = retrieved.index(chunk_id) if found else None
        claims.append(
            ClaimOutcome(
                claim_index=i,
                claim=claim,
                supported=found,
                chunk_positions=[position] if found else [],
                quote=claim.rstrip(".") if found else "",
                chunk_text=chunk_body(chunk_id, key) if found else None,
            )
        )
    score = sum(c.supported for c in claims) / len(claims)
    return CaseOutcome(
        case_key=key, question=f"What about {key}?", status="scored", score=score, claims=claims
    )


def scored_case(key: str, score: float) -> CaseOutcome:
    return CaseOutcome(case_key=key, question=f"q {key}", status="scored", score=score, claims=[])


def run(run_id: str, cases: list[CaseOutcome]) -> RunOutcome:
    return RunOutcome(run_id=run_id, dataset="bridges", started_at=None, cases=cases)


ALL = ["chunk-open", "chunk-span", "chunk-lanes", "chunk-design"]


def test_losing_one_chunk_loses_exactly_its_claims_and_regresses() -> None:
    keys = [f"case-{i:02d}" for i in range(30)]
    base = run("base", [simulated_case(k, ALL) for k in keys])
    head = run("head", [simulated_case(k, [c for c in ALL if c != "chunk-span"]) for k in keys])

    c = compare_runs(base, head)

    assert [(x.case_key, x.claim) for x in c.lost_claims] == [
        (k, "It spans 503 metres.") for k in keys
    ]
    first = c.lost_claims[0]
    assert first.chunk_positions == [1]
    assert first.quote == "It spans 503 metres"
    assert first.chunk_text == "chunk-span text for case-00"
    assert c.gained_claims == []
    assert c.n_paired == 30
    assert c.base_mean == 1.0 and c.head_mean == 0.75
    assert c.delta == pytest.approx(-0.25)
    assert c.ci_high < 0
    assert c.verdict == "regressed"
    assert all(x.lost == 1 and x.delta == pytest.approx(-0.25) for x in c.case_changes)
    # The whole comparison goes to JSON for artifacts and events.
    assert json.loads(json.dumps(c.model_dump(mode="json")))["verdict"] == "regressed"


def test_moved_chunk_is_not_a_loss() -> None:
    base = run("base", [simulated_case("a", ALL)])
    head = run("head", [simulated_case("a", list(reversed(ALL)))])
    c = compare_runs(base, head)
    assert c.lost_claims == [] and c.gained_claims == []
    assert c.delta == 0 and c.verdict == "unchanged"


def test_improvement_is_improved_with_gained_claims() -> None:
    keys = [f"k{i}" for i in range(25)]
    rng = random.Random(3)
    base = run("base", [simulated_case(k, ALL[:2]) for k in keys])
    # Most cases gain one or two chunks; a few stay the same.
    head = run("head", [simulated_case(k, ALL[: rng.choice([2, 3, 3, 4])]) for k in keys])
    c = compare_runs(base, head)
    assert c.verdict == "improved"
    assert c.delta > c.tolerance and c.ci_low > 0
    assert c.lost_claims == []
    assert {x.claim for x in c.gained_claims} <= {
        "It carries eight lanes.",
        "It was designed by Bradfield.",
    }
    assert all(x.chunk_positions for x in c.gained_claims)
    # Best cases first among the gains, worst first among the case changes.
    assert c.case_changes[0].delta <= c.case_changes[-1].delta


def test_small_noisy_drop_within_tolerance_is_unchanged() -> None:
    rng = random.Random(7)
    base_scores = [rng.uniform(0.5, 0.9) for _ in range(60)]
    noise = [rng.uniform(-0.05, 0.05) for _ in range(60)]
    shift = -0.01 - sum(noise) / len(noise)  # mean drop of exactly 0.01
    base = run("b", [scored_case(f"c{i}", s) for i, s in enumerate(base_scores)])
    head = run(
        "h",
        [
            scored_case(f"c{i}", s + n + shift)
            for i, (s, n) in enumerate(zip(base_scores, noise, strict=True))
        ],
    )
    c = compare_runs(base, head)
    assert c.delta == pytest.approx(-0.01)
    assert c.verdict == "unchanged"
    assert "within the tolerance" in c.reason


def test_an_observed_drop_beyond_tolerance_regresses_unless_significance_is_required() -> None:
    # 29 cases move up and down by 0.2 in balance; one case drops from 1 to 0.
    moves = [0.2, -0.2] * 14 + [0.0]
    base = run("b", [scored_case(f"c{i}", 0.5) for i in range(29)] + [scored_case("bad", 1.0)])
    head = run(
        "h",
        [scored_case(f"c{i}", 0.5 + m) for i, m in enumerate(moves)] + [scored_case("bad", 0.0)],
    )
    observed = compare_runs(base, head)
    assert observed.delta == pytest.approx(-1 / 30)
    assert observed.delta < -observed.tolerance
    assert observed.ci_low < 0 < observed.ci_high
    # Frozen claims, cached verdicts: the drop is a fact, reported with its interval.
    assert observed.verdict == "regressed"
    assert "interval includes zero" in observed.reason
    assert observed.case_changes[0].case_key == "bad"

    # A noisy judge asks for significance: one bad case among noise is then not enough.
    noisy = compare_runs(base, head, require_significance=True)
    assert noisy.verdict == "unchanged" and noisy.require_significance
    assert "includes zero" in noisy.reason


def test_three_of_twelve_cases_losing_everything_regress() -> None:
    # The scenario: the interval [-0.5, 0] includes zero, yet 0.25 was lost.
    keys = [f"k{i:02d}" for i in range(12)]
    base = run("b", [simulated_case(k, ALL) for k in keys])
    head = run("h", [simulated_case(k, [] if i < 3 else ALL) for i, k in enumerate(keys)])
    c = compare_runs(base, head)
    assert c.delta == pytest.approx(-0.25)
    assert c.verdict == "regressed"
    assert len(c.lost_claims) == 12


def test_tolerance_is_configurable() -> None:
    base = run("b", [scored_case(f"c{i}", 0.8) for i in range(10)])
    head = run("h", [scored_case(f"c{i}", 0.75) for i in range(10)])
    assert compare_runs(base, head).verdict == "regressed"
    assert compare_runs(base, head, tolerance=0.1).verdict == "unchanged"


def test_same_seed_same_result_whatever_the_row_order() -> None:
    rng = random.Random(11)
    pairs = [(rng.random(), rng.random()) for _ in range(40)]
    base = run("b", [scored_case(f"c{i}", b) for i, (b, _) in enumerate(pairs)])
    head_cases = [scored_case(f"c{i}", h) for i, (_, h) in enumerate(pairs)]
    first = compare_runs(base, run("h", head_cases), seed=5)
    shuffled = compare_runs(base, run("h", list(reversed(head_cases))), seed=5)
    assert first == shuffled
    other = compare_runs(base, run("h", head_cases), seed=6)
    assert (other.ci_low, other.ci_high) != (first.ci_low, first.ci_high)
    assert other.delta == first.delta


def test_identical_runs() -> None:
    keys = [f"k{i}" for i in range(12)]
    base = run("b", [simulated_case(k, ALL[: 1 + i % 4]) for i, k in enumerate(keys)])
    c = compare_runs(base, base.model_copy(update={"run_id": "h"}))
    assert (c.delta, c.ci_low, c.ci_high) == (0.0, 0.0, 0.0)
    assert c.verdict == "unchanged"
    assert c.lost_claims == [] and c.gained_claims == []


def test_zero_paired_cases_says_why() -> None:
    c = compare_runs(run("b", [scored_case("old", 0.5)]), run("h", [scored_case("new", 0.9)]))
    assert c.n_paired == 0
    assert c.delta is None and c.ci_low is None and c.ci_high is None and c.base_mean is None
    assert c.verdict == "unchanged"
    assert "nothing to compare" in c.reason
    assert c.added_cases == ["new"] and c.removed_cases == ["old"]
    assert "nothing to compare" in comparison_markdown(c)


def test_one_paired_case() -> None:
    c = compare_runs(
        run("b", [simulated_case("only", ALL)]), run("h", [simulated_case("only", ALL[:2])])
    )
    assert c.n_paired == 1
    assert (c.delta, c.ci_low, c.ci_high) == (-0.5, -0.5, -0.5)
    assert c.verdict == "regressed"
    assert any("one paired case" in n for n in c.notes)


def test_errored_added_and_removed_cases_stay_out_of_the_statistics() -> None:
    failed = CaseOutcome(case_key="e", question="q e", status="error", score=None, claims=[])
    base = run("b", [scored_case("p", 0.5), scored_case("e", 1.0), scored_case("gone", 1.0)])
    head = run("h", [scored_case("p", 0.5), failed, scored_case("new", 0.0)])
    c = compare_runs(base, head)
    assert c.n_paired == 1 and c.delta == 0.0
    assert [(x.case_key, x.base_status, x.head_status) for x in c.errored_cases] == [
        ("e", "scored", "error")
    ]
    assert c.added_cases == ["new"] and c.removed_cases == ["gone"]
    assert [x.case_key for x in c.case_changes] == ["p"]


def test_cases_with_different_claims_are_compared_by_score_only() -> None:
    base_case = simulated_case("x", ALL)
    other_judge = base_case.model_copy(
        update={
            "score": 0.5,
            "claims": [
                ClaimOutcome(claim_index=0, claim="Opened 1932 and 503 m long.", supported=True),
                ClaimOutcome(claim_index=1, claim="Eight lanes, by Bradfield.", supported=False),
            ],
        }
    )
    c = compare_runs(run("b", [base_case]), run("h", [other_judge]))
    assert c.lost_claims == [] and c.gained_claims == []
    assert c.case_changes[0].claims_changed
    assert c.delta == -0.5
    assert any("compared by score only" in n for n in c.notes)


def test_no_context_case_loses_every_claim_it_had() -> None:
    empty = CaseOutcome(case_key="a", question="What about a?", status="no_context", score=0.0)
    c = compare_runs(run("b", [simulated_case("a", ALL[:3])]), run("h", [empty]))
    assert [x.claim_index for x in c.lost_claims] == [0, 1, 2]
    assert not c.case_changes[0].claims_changed


def test_bad_inputs_are_refused() -> None:
    base = run("b", [scored_case("a", 1.0)])
    with pytest.raises(ConfigurationError, match="different datasets"):
        compare_runs(base, base.model_copy(update={"dataset": "other"}))
    with pytest.raises(ConfigurationError, match="tolerance"):
        compare_runs(base, base, tolerance=-0.1)
    with pytest.raises(ConfigurationError, match="confidence"):
        compare_runs(base, base, confidence=1.0)
    with pytest.raises(ValueError, match="repeats a case_key"):
        run("b", [scored_case("a", 1.0), scored_case("a", 0.5)])
    with pytest.raises(ValueError):
        scored_case("scaled", 7.5)  # scores must be normalised to 0..1


@settings(max_examples=60, deadline=None)
@given(
    pairs=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=40),
    seed=st.integers(0, 2**32),
)
def test_interval_contains_delta_and_verdict_follows_its_sign(
    pairs: list[tuple[float, float]], seed: int
) -> None:
    base = run("b", [scored_case(f"c{i}", b) for i, (b, _) in enumerate(pairs)])
    head = run("h", [scored_case(f"c{i}", h) for i, (_, h) in enumerate(pairs)])
    c = compare_runs(base, head, resamples=300, seed=seed)
    assert c.ci_low <= c.delta <= c.ci_high
    if c.delta >= 0:
        assert c.verdict != "regressed"
    if c.delta <= 0:
        assert c.verdict != "improved"
    if c.verdict != "unchanged":
        assert abs(c.delta) > c.tolerance


def test_bootstrap_interval_narrows_with_confidence() -> None:
    rng = random.Random(2)
    diffs = [rng.gauss(0, 0.1) for _ in range(50)]
    wide = paired_bootstrap_ci(diffs, confidence=0.99, seed=1)
    narrow = paired_bootstrap_ci(diffs, confidence=0.5, seed=1)
    assert wide[0] < narrow[0] < narrow[1] < wide[1]


def test_markdown_and_tables_carry_the_key_figures() -> None:
    keys = [f"case-{i:02d}" for i in range(8)]
    base = run("nightly-1", [simulated_case(k, ALL) for k in keys])
    head = run("nightly-2", [simulated_case(k, ["chunk-open", "chunk-lanes"]) for k in keys])
    c = compare_runs(base, head)

    md = comparison_markdown(c, top=3)
    assert "nightly-2 vs baseline nightly-1" in md
    assert "1.000 → 0.500" in md
    assert "Δ -0.500" in md
    assert "95% CI [-0.500, -0.500]" in md
    assert "**regressed**" in md
    assert "Claims lost: 16, gained: 0" in md
    assert "top 3 of 16" in md
    assert '- `case-00`: It spans 503 metres. (was chunk 2: "It spans 503 metres")' in md


def test_worst_cases_table() -> None:
    failed = CaseOutcome(case_key="err", question="q", status="error", score=None)
    cases = [
        simulated_case("half", ALL[:2]),
        simulated_case("full", ALL),
        simulated_case("quarter", ALL[:1]),
        failed,
    ]
    rows = worst_cases_table(cases, n=2)
    assert [r["case"] for r in rows] == ["quarter", "half"]
    assert next(iter(rows[0])) == "recall"  # the first column, never scrolled out of view
    assert rows[0]["recall"] == 0.25
    assert rows[0]["supported"] == "1 of 4"
    assert rows[0]["missing"].startswith("It spans 503 metres.; It carries eight lanes.")


def test_trend_markdown() -> None:
    t0 = datetime(2026, 11, 1, 2, 0)
    history = [
        ("r3", t0 + timedelta(days=2), 0.70),
        ("r1", t0, 0.80),
        ("r2", t0 + timedelta(days=1), 0.82),
    ]
    md = trend_markdown(history)
    lines = md.splitlines()
    assert "over 3 run(s)" in lines[0] and "latest 0.700" in lines[0]
    assert "`▇█▁`" in lines[0]  # oldest first, scaled: (0.80 - 0.70) / 0.12 of 7 steps is 6
    assert lines[4].startswith("| r1 | 2026-11-01 02:00 | 0.800 | `████████` |")
    assert lines[5].endswith("▲ +0.020 |")
    assert lines[6].endswith("▼ -0.120 |")
    assert "No completed runs" in trend_markdown([])
    # For the Prefect UI, a line chart leads: an SVG image inlined as a data: URI.
    charted = trend_markdown(history, chart=True).splitlines()
    assert charted[2].startswith("![Mean recall, 0 to 1, over runs](data:image/svg+xml;base64,")
    svg = base64.b64decode(charted[2].split("base64,", 1)[1].rstrip(")")).decode()
    assert svg.count("<circle") == 3 and ">0.700</text>" in svg
    assert svg.index("r1 2026-11-01") < svg.index("r3 2026-11-03")  # oldest first


def test_lost_claims_markdown_keeps_every_claim_whole_with_its_question_and_chunk() -> None:
    long_chunk = "Bradfield designed it. " * 20
    keys = ["case-a", "case-b"]
    base = run("base-run", [simulated_case(k, ALL) for k in keys])
    head = run("head-run", [simulated_case(k, ALL[:2]) for k in keys])
    for case in base.cases:
        case.claims[3].chunk_text = long_chunk
    md = lost_claims_markdown(compare_runs(base, head))
    assert md.startswith("# 4 claim(s) lost since run base-run")
    assert "## case-a · recall 1.000 → 0.500" in md
    assert md.count("**Question:** What about case-a?") == 1
    assert "**Lost claim:** It was designed by Bradfield." in md
    assert "> " + long_chunk.strip() in md  # whole, never cut
    assert lost_claims_markdown(compare_runs(base, base)) == "No claim lost since the baseline.\n"
