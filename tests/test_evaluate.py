"""`evaluate`: batches in the library, sync and async, in input order, with the mean."""

from __future__ import annotations

import re
import time

import anyio
import pytest
from lexical_model import lexical_model
from model_server import Canned, FakeModelServer, Recorded

from recall_audit import (
    ContextualRecallMetric,
    LLMTestCase,
    a_evaluate,
    create_context_recall_scorer,
    evaluate,
    run_evals,
)

DOCS = [
    "Albert Einstein was born in 1879 in Ulm, Germany.",
    "Einstein published his theory of special relativity in 1905.",
]


def parcel_case(i: int) -> LLMTestCase:
    """Two claims; the chunks hold both, one, or neither, so the scores differ by case."""
    leaves, weighs = f"Parcel {i:04d} leaves Lisbon harbour.", f"Parcel {i:04d} weighs heavy."
    chunks = [leaves if i % 3 else "Nothing about parcels.", weighs if i % 2 else "Or weights."]
    return LLMTestCase(
        input="Where?", expected_output=f"{leaves} {weighs}", retrieval_context=chunks
    )


def slowed(delay_of):
    def responder(request: Recorded) -> Canned:
        canned = lexical_model(request)
        canned.delay = delay_of(request)
        return canned

    return responder


@pytest.fixture
def openai_env(model_server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> FakeModelServer:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    return model_server


def test_200_cases_keep_16_calls_in_flight_and_score_as_200_measure_calls(openai_env):
    cases = [parcel_case(i) for i in range(200)]

    deadline: list[float] = []

    def until_full(_: Recorded) -> float:
        # The first answers wait (5 s at most in all) until 16 requests are in flight, so a
        # busy machine cannot make the batch look less concurrent than it is.
        deadline[:] = deadline or [time.monotonic() + 5]
        while openai_env.max_in_flight < 16 and time.monotonic() < deadline[0]:
            time.sleep(0.005)
        return 0.01

    openai_env.responder = slowed(until_full)
    with ContextualRecallMetric(model="openai/gpt-test") as metric:
        batch = evaluate(cases, metric, concurrency=16)
    assert openai_env.max_in_flight == 16
    assert len(openai_env.requests) == 200  # one call per new case

    openai_env.responder = slowed(lambda _: 0.0)
    with ContextualRecallMetric(model="openai/gpt-test") as one_by_one:
        measured = [one_by_one.measure(case) for case in cases]
    assert batch.scores == measured
    assert set(measured) == {0.0, 0.5, 1.0}
    assert batch.mean == pytest.approx(sum(measured) / 200)
    assert [r.success for r in batch.results] == [s >= 0.5 for s in measured]


def test_results_come_in_input_order_and_on_result_as_each_completes(openai_env):
    # The first case is answered last: completion order is the reverse of input order.
    def delay(request: Recorded) -> float:
        number = re.search(r"Parcel (\d{4})", request.json["messages"][-1]["content"])
        return 0.1 * (4 - int(number.group(1)))

    openai_env.responder = slowed(delay)
    seen: list[int] = []

    async def main():
        with ContextualRecallMetric(model="openai/gpt-test") as metric:
            return await a_evaluate(
                [parcel_case(i) for i in range(1, 5)],
                metric,
                on_result=lambda r: seen.append(r.index),
            )

    batch = anyio.run(main)
    assert seen == [3, 2, 1, 0]
    assert [r.case.expected_output[:11] for r in batch.results] == [
        f"Parcel {i:04d}" for i in range(1, 5)
    ]


def test_deepevals_and_mastras_batch_calls_as_they_write_them():
    cases = [
        LLMTestCase(
            input="q", expected_output="Einstein was born in 1879.", retrieval_context=DOCS
        ),
        LLMTestCase(input="q", expected_output="He won the Nobel Prize.", retrieval_context=DOCS),
    ]
    deepeval = evaluate(test_cases=cases, metrics=[ContextualRecallMetric(threshold=0.7)])
    assert deepeval.scores == [1.0, 0.0] and deepeval.mean == 0.5

    scorer = create_context_recall_scorer(options={"context": DOCS})
    completed = []
    result = run_evals(
        data=[
            {"input": "When?", "groundTruth": "Einstein was born in 1879."},
            {"input": "Prize?", "groundTruth": "Einstein won the Nobel Prize."},
        ],
        scorers=[scorer],
        target=lambda question: f"an answer to {question}",
        onItemComplete=lambda item: completed.append(item["scorerResults"][scorer.id]["score"]),
    )
    assert result.scores == {scorer.id: 0.5} and result.summary == {"totalItems": 2}
    assert sorted(completed) == [0.0, 1.0]
    assert result.results[1].output == "an answer to Prize?"


def test_a_bad_case_is_its_own_error_and_the_others_are_scored():
    scorer = create_context_recall_scorer(context=DOCS)
    batch = evaluate(
        [{"groundTruth": "Einstein was born in 1879."}, {"ground_truht": "typo"}, "not a case"],
        scorer,
    )
    assert batch.scores == [1.0, None, None]
    assert "case 1" in batch.results[1].reason and "ground_truht" in batch.results[1].reason
    assert batch.mean == 1.0


def test_the_progress_bar_shows_when_asked_and_not_off_a_terminal(capsys):
    scorer = create_context_recall_scorer(context=DOCS)
    evaluate([{"groundTruth": "Einstein was born in 1879."}], scorer)
    assert "context recall" not in capsys.readouterr().err
    evaluate([{"groundTruth": "Einstein was born in 1879."}], scorer, progress=True)
    assert "context recall" in capsys.readouterr().err


def test_concurrency_and_the_scorer_are_checked():
    with pytest.raises(ValueError, match="concurrency"):
        evaluate([], create_context_recall_scorer(), concurrency=0)
    with pytest.raises(TypeError, match="ContextualRecallMetric"):
        evaluate([], object())


def test_an_on_result_that_raises_costs_its_call_not_the_results():
    def on_result(done):
        if done.index == 1:
            raise ValueError("dashboard down")

    cases = [{"groundTruth": "Einstein was born in 1879."}] * 3
    with pytest.warns(RuntimeWarning, match="on_result raised for case 1"):
        batch = evaluate(cases, create_context_recall_scorer(context=DOCS), on_result=on_result)
    assert batch.scores == [1.0, 1.0, 1.0]
    assert batch.callback_errors == ["case 1: ValueError: dashboard down"]


def test_cases_are_read_as_a_stream_not_listed_first():
    taken: list[int] = []
    taken_when_done: list[int] = []

    def many():  # as an endless generator would, but ending, so the test does
        for i in range(50):
            taken.append(i)
            yield {"groundTruth": "Einstein was born in 1879."}

    def on_result(done):
        taken_when_done.append(len(taken))

    batch = evaluate(many(), create_context_recall_scorer(context=DOCS), on_result=on_result,
                     concurrency=2)  # fmt: skip
    assert batch.scores == [1.0] * 50
    # The first result came while at most one case beyond the two in flight had been taken.
    assert taken_when_done[0] <= 3
