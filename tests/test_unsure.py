"""The built-in judge marks the verdicts it cannot decide as unsure, with why, and a result
bounds its recall by them."""

from __future__ import annotations

import asyncio

import pytest

from recall_audit import context_recall
from recall_audit.scorer.judges.builtin import BuiltinJudge

CLAIMS = [
    "The Orbis X1 laptop weighs 2.5 kilograms.",
    "The Orbis X1 ships with a one-year warranty and a carrying case.",
    "The Orbis X1 battery lasts ten hours on a single charge.",
]
CHUNKS = [
    "The Orbis X1 laptop weighs 2.5 kilograms.",
    "Every Orbis X1 comes with a warranty.",
    "Orbis X1 owners report eight hours of battery life on a single charge.",
]


def test_stated_missing_and_partly_found_claims() -> None:
    stated, partly, other_value = BuiltinJudge().judge(CLAIMS, CHUNKS)
    assert stated.supported and not stated.unsure
    assert not partly.supported and partly.unsure.startswith("partly found")
    # Another value is a decision, not a doubt.
    assert not other_value.supported and not other_value.unsure
    assert other_value.explanation.startswith("the context has 8")


def test_a_value_the_context_never_states_is_a_doubt() -> None:
    """The words are there, the number is not: a page may give it by its title or date,
    and people often read it so (a value never stated is right about half the time)."""
    (verdict,) = BuiltinJudge().judge(
        ["The Orbis X1 battery lasts ten hours on a single charge."],
        ["Orbis X1 owners report a long battery life on a single charge."],
    )
    assert not verdict.supported
    assert verdict.explanation == "the context never states 10 hours"
    assert verdict.unsure.startswith("its words are there")


def test_support_pieced_together_is_unsure() -> None:
    claim = "The Orbis X1 has a 14-inch screen, a 2.5 kg weight and a ten-hour battery."
    chunks = [
        "Orbis X1 specifications. The Orbis X1 has a 14-inch screen.",
        "Orbis X1 specifications. It has a 2.5 kg weight and a ten-hour battery.",
    ]
    (verdict,) = BuiltinJudge().judge([claim], chunks)
    assert verdict.supported and verdict.unsure.startswith("pieced together from chunks 2, 1")


def test_a_claim_with_a_part_the_chunk_leaves_out_is_an_unsure_rejection() -> None:
    """Most of the claim's words are there, one of its sentences is not: the claim as a
    whole is not stated, though a model may read that sentence as saying nothing."""
    chunk = "Nickelback is a Canadian rock band formed in 1995 in Hanna, Alberta."
    claims = [
        "Nickelback is a Canadian rock band formed in 1995. I would love to see them live.",
        "Nickelback is a Canadian rock band. It was formed in 1995.",
    ]
    added, stated = BuiltinJudge().judge(claims, [chunk])
    assert not added.supported
    assert added.explanation == 'little of its part "I would love to see them live." is there'
    assert added.unsure.startswith("its words are there")
    assert stated.supported and not stated.unsure


def test_recall_bounds_count_unsure_claims_missed_and_found() -> None:
    reference = " ".join(CLAIMS)
    result = asyncio.run(context_recall(reference, CHUNKS, BuiltinJudge()))
    assert result.unsure_count >= 1
    low, high = result.recall_bounds
    assert low <= result.score <= high
    assert high - low == pytest.approx(result.unsure_count / len(result.claims))
