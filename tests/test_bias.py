"""Position bias: verdicts compared across chunk orders, mapped back to original positions."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recall_audit.errors import ConfigurationError, JudgeError
from recall_audit.scorer.bias import PositionBias, chunk_orders, position_bias
from recall_audit.scorer.judge import Attribution, Extraction, Judge
from recall_audit.scorer.judges import get_judge
from recall_audit.types import Usage, Verdict

EINSTEIN_CLAIMS = [
    "Einstein was born in 1879.",
    "He developed relativity.",
    "He won the Nobel Prize.",
]
EINSTEIN_CHUNKS = [
    "Albert Einstein was born in 1879 in Ulm, Germany.",
    "Einstein published his theory of special relativity in 1905.",
    "In 1933 Einstein moved to the United States.",
]
CALL = Usage(calls=1, input_tokens=10, output_tokens=3)


class FakeJudge:
    """Plays a model judge (the edge of the world): `supports` decides, calls are recorded."""

    name = "fake"
    version = "1"

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def supports(self, claim: str, chunks: Sequence[str]) -> list[int]:
        raise NotImplementedError

    async def extract_claims(self, ground_truths: Sequence[str]) -> Extraction:
        return Extraction(claims=[[g] for g in ground_truths])

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        self.calls.append(list(chunks))
        verdicts = []
        for i, claim in enumerate(claims):
            found = self.supports(claim, chunks)
            verdicts.append(Verdict(claim_index=i, supported=bool(found), chunk_indices=found))
        return Attribution(verdicts=verdicts, usage=CALL)


class FirstChunkJudge(FakeJudge):
    """Position-biased: reads only the first chunk."""

    def supports(self, claim: str, chunks: Sequence[str]) -> list[int]:
        return [0] if claim in chunks[0].split() else []


class FactJudge(FakeJudge):
    """Fair: claim "fact i" is supported by the chunk whose text is exactly "fact i"."""

    def supports(self, claim: str, chunks: Sequence[str]) -> list[int]:
        return [p for p, chunk in enumerate(chunks) if chunk == claim]


class FailingJudge(FirstChunkJudge):
    """Answers once, then fails the way a model judge does after its repair."""

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        if self.calls:
            raise JudgeError("unusable answer", Usage(calls=2))
        return await super().attribute(claims, chunks)


class MissingVerdictJudge(FirstChunkJudge):
    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        attribution = await super().attribute(claims, chunks)
        return attribution.model_copy(update={"verdicts": attribution.verdicts[1:]})


def run(judge: Judge, claims: list[str], chunks: list[str], **options: int) -> PositionBias:
    return asyncio.run(position_bias(judge, claims, chunks, **options))


def test_fake_judges_are_judges() -> None:
    assert isinstance(FirstChunkJudge(), Judge)
    assert isinstance(FactJudge(), Judge)


def test_builtin_judge_is_stable_on_einstein_with_chunks_mapped_back() -> None:
    judge = get_judge("builtin")
    report = run(judge, EINSTEIN_CLAIMS, EINSTEIN_CHUNKS, orders=4)

    assert len(report.runs) == 4
    assert report.stable == [True, True, True]
    assert report.chunks_agree == [True, True, True]
    assert report.flipped == []
    assert report.agreement == 1.0
    assert report.spread == 0.0
    assert report.is_stable
    for order_run in report.runs:
        # Birth is in the first original chunk, relativity in the second, no Nobel Prize at all.
        assert [v.supported for v in order_run.verdicts] == [True, True, False]
        assert [v.chunk_indices for v in order_run.verdicts] == [[0], [1], []]
        assert order_run.recall == pytest.approx(2 / 3)
    direct = asyncio.run(judge.attribute(EINSTEIN_CLAIMS, EINSTEIN_CHUNKS))
    assert report.runs[0].verdicts == direct.verdicts


def test_a_judge_reading_only_the_first_chunk_is_unstable() -> None:
    judge = FirstChunkJudge()
    claims = ["alpha", "beta", "gamma", "delta"]
    chunks = ["alpha beta", "gamma", "delta"]
    report = run(judge, claims, chunks, orders=2)

    # The original order puts alpha and beta first, the reversed one delta.
    assert judge.calls == [chunks, chunks[::-1]]
    assert report.stable == [False, False, True, False]
    assert [(f.claim_index, f.claim, f.supported_in) for f in report.flipped] == [
        (0, "alpha", [0]),
        (1, "beta", [0]),
        (3, "delta", [1]),
    ]
    assert report.agreement == pytest.approx(1 / 4)
    assert (report.recall_min, report.recall_max) == (pytest.approx(1 / 4), pytest.approx(2 / 4))
    assert report.spread == pytest.approx(1 / 4)
    assert report.chunks_agree == [False, False, True, False]
    assert not report.is_stable
    # The reversed order's first chunk is the original third one.
    assert report.runs[1].verdicts[3].chunk_indices == [2]
    assert report.usage == Usage(calls=2, input_tokens=20, output_tokens=6)
    dumped = report.model_dump()
    assert dumped["agreement"] == report.agreement and dumped["spread"] == report.spread


def test_flips_follow_whichever_chunk_each_order_put_first() -> None:
    judge = FirstChunkJudge()
    claims = ["alpha", "beta", "gamma", "delta"]
    chunks = ["alpha beta", "gamma", "delta", "noise"]
    report = run(judge, claims, chunks, orders=5, seed=3)

    assert report.usage.calls == len(judge.calls) == 5
    for i, claim in enumerate(claims):
        said = [n for n, r in enumerate(report.runs) if claim in chunks[r.order[0]].split()]
        assert [v.verdicts[i].supported for v in report.runs] == [n in said for n in range(5)]
        assert report.stable[i] == (said in ([], list(range(5))))
        assert (i in [f.claim_index for f in report.flipped]) != report.stable[i]


@settings(max_examples=60, deadline=None)
@given(
    present=st.sets(st.integers(0, 5)),
    fillers=st.integers(0, 3),
    claims_n=st.integers(1, 6),
    orders=st.integers(1, 5),
    seed=st.integers(0, 2**16),
    data=st.data(),
)
def test_chunk_indices_map_back_to_original_positions(
    present: set[int], fillers: int, claims_n: int, orders: int, seed: int, data: st.DataObject
) -> None:
    texts = [f"fact {i}" for i in sorted(present)] + [f"filler {j}" for j in range(fillers)]
    chunks = data.draw(st.permutations(texts))
    claims = [f"fact {i}" for i in range(claims_n)]
    report = run(FactJudge(), claims, chunks, orders=orders, seed=seed)

    assert report.is_stable
    for order_run in report.runs:
        for i, verdict in enumerate(order_run.verdicts):
            expected = [chunks.index(f"fact {i}")] if f"fact {i}" in chunks else []
            assert verdict.chunk_indices == expected


@pytest.mark.parametrize(
    ("claims", "chunks"),
    [([], EINSTEIN_CHUNKS), (EINSTEIN_CLAIMS, EINSTEIN_CHUNKS[:1]), (EINSTEIN_CLAIMS, [])],
)
def test_degenerate_inputs_are_stable_without_judge_calls(
    claims: list[str], chunks: list[str]
) -> None:
    judge = FirstChunkJudge()
    report = run(judge, claims, chunks, orders=3)

    assert judge.calls == []
    assert report.runs == []
    assert report.stable == report.chunks_agree == [True] * len(claims)
    assert report.agreement == 1.0 and report.spread == 0.0
    assert report.usage == Usage()


def test_orders_are_deterministic_original_reversed_then_distinct_shuffles() -> None:
    orders = chunk_orders(4, 6, seed=7)
    assert orders == chunk_orders(4, 6, seed=7)
    assert orders[:2] == [[0, 1, 2, 3], [3, 2, 1, 0]]
    assert len({tuple(o) for o in orders}) == 6
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)
    # Three chunks have six orders: asking for all of them yields each once.
    assert sorted(map(tuple, chunk_orders(3, 6, seed=0))) == sorted(
        itertools.permutations(range(3))
    )
    # Two chunks have two orders only, so a third must repeat one.
    assert len(chunk_orders(2, 3, seed=0)) == 3


def test_a_failing_judge_raises_with_the_usage_spent_so_far() -> None:
    with pytest.raises(JudgeError) as caught:
        run(FailingJudge(), ["alpha"], ["alpha", "beta"], orders=3)
    assert caught.value.usage == CALL + Usage(calls=2)


def test_a_judge_skipping_a_claim_is_a_judge_error() -> None:
    with pytest.raises(JudgeError, match="verdicts for claims"):
        run(MissingVerdictJudge(), ["alpha", "beta"], ["alpha", "beta"])


def test_orders_below_one_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="orders"):
        run(FactJudge(), ["fact 0"], ["fact 0", "x"], orders=0)
