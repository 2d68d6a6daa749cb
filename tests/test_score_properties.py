"""Properties of the score that must hold for any input: bounds, one verdict per claim."""

from __future__ import annotations

import asyncio
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.scorer.judges.replies import numbered, parse_verdict
from recall_audit.scorer.recall import result_from_verdicts, score_verdicts
from recall_audit.types import Verdict

texts = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x24F), max_size=120)
claim_lists = st.lists(texts.filter(str.strip), min_size=1, max_size=8)
chunk_lists = st.lists(texts, min_size=0, max_size=6)


@st.composite
def judged(draw):
    n_claims = draw(st.integers(1, 10))
    n_chunks = draw(st.integers(0, 8))
    verdicts = [
        Verdict(
            claim_index=i,
            supported=(supported := draw(st.booleans()) and n_chunks > 0),
            chunk_indices=draw(st.lists(st.integers(0, n_chunks - 1), max_size=3, unique=True))
            if supported
            else [],
        )
        for i in range(n_claims)
    ]
    return [f"claim {i}" for i in range(n_claims)], verdicts, n_chunks


@given(judged(), st.floats(min_value=0.01, max_value=100))
def test_score_stays_within_scale_and_recall_at_k_rises_to_at_most_the_score(case, scale):
    claims, verdicts, n_chunks = case
    score, at_k = score_verdicts(claims, verdicts, n_chunks, scale)
    assert 0 <= score <= scale
    assert score == pytest.approx(scale * sum(v.supported for v in verdicts) / len(claims))
    assert len(at_k) == n_chunks
    assert all(a <= b for a, b in pairwise(at_k))
    assert all(0 <= r <= score / scale + 1e-9 for r in at_k)
    result = result_from_verdicts(claims, verdicts, ["c"] * n_chunks, scale=scale)
    assert result.score == score and len(result.verdicts) == len(claims)


@settings(max_examples=60, deadline=None)
@given(claim_lists, chunk_lists)
def test_builtin_judge_gives_exactly_one_verdict_per_claim(claims, chunks):
    verdicts = asyncio.run(BuiltinJudge().attribute(claims, chunks)).verdicts
    assert [v.claim_index for v in verdicts] == list(range(len(claims)))
    for v in verdicts:
        assert all(0 <= i < len(chunks) for i in v.chunk_indices)
        assert v.supported or not v.chunk_indices


verdict_items = st.fixed_dictionaries(
    {
        "claim": st.one_of(st.integers(-2, 12), st.text(max_size=6)),
        "supported": st.one_of(
            st.booleans(), st.sampled_from(["yes", "No\n", "maybe", "TRUE", "0"])
        ),
        "chunks": st.lists(st.integers(-1, 9), max_size=3),
        "quote": st.text(max_size=20),
    }
)


@given(st.lists(verdict_items, max_size=12), st.integers(1, 8), st.integers(1, 8), st.booleans())
def test_model_verdicts_cite_only_chunks_that_exist_or_are_rejected(
    items, n_claims, n_chunks, final
):
    chunks = [f"chunk number {i}" for i in range(n_chunks)]
    answers = numbered({"verdicts": items}, n_claims)
    assert set(answers) <= set(range(1, n_claims + 1))
    for number, raw in answers.items():
        try:
            verdict = parse_verdict(raw, number - 1, chunks, final=final)
        except ValueError:
            continue  # re-asked alone, then the case's error: never a silent "no"
        assert verdict.claim_index == number - 1
        assert all(0 <= i < n_chunks for i in verdict.chunk_indices)
        assert verdict.supported or not verdict.chunk_indices
        # Before its last chance a supported verdict must cite a chunk that exists.
        assert final or not verdict.supported or verdict.chunk_indices
