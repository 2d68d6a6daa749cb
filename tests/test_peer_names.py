"""The peers' names: DeepEval's and Mastra's context recall examples, argument for argument
as their documentation writes them, with only the import line changed."""

from __future__ import annotations

import json

import pytest
from lexical_model import lexical_model
from model_server import FakeModelServer

from recall_audit import (
    ContextualRecallMetric,
    LLMTestCase,
    ModelTestCase,
    create_context_recall_scorer,
    evaluate,
    run_evals,
)


@pytest.fixture
def openai_mock(model_server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> FakeModelServer:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    model_server.responder = lexical_model
    return model_server


def test_deepevals_usage_with_a_bare_gpt_model_name(openai_mock: FakeModelServer):
    actual_output = "Returns are free within 30 days."
    expected_output = "Customers can return shoes within 30 days free of charge."
    retrieval_context = ["Customers can return shoes within 30 days free of charge."]

    metric = ContextualRecallMetric(threshold=0.7, model="gpt-4", include_reason=True)
    test_case = LLMTestCase(
        input="Can I send these shoes back?",
        actual_output=actual_output,
        expected_output=expected_output,
        retrieval_context=retrieval_context,
    )
    metric.measure(test_case)
    assert (metric.score, metric.success) == (1.0, True) and "Found:" in metric.reason
    assert openai_mock.requests[0].json["model"] == "gpt-4"

    batch = evaluate(test_cases=[test_case], metrics=[metric])
    assert batch.scores == [1.0]


def test_model_test_case_is_the_same_case_and_every_documented_option_is_taken():
    assert ModelTestCase is LLMTestCase
    case = ModelTestCase(
        input="q",
        actual_output="a",
        expected_output="Einstein was born in 1879.",
        retrieval_context=["Albert Einstein was born in 1879 in Ulm."],
    )
    metric = ContextualRecallMetric(
        threshold=0.5,
        model="builtin",
        include_reason=True,
        strict_mode=False,
        async_mode=True,
        verbose_mode=False,
        flaky=False,
        evaluation_template=None,
    )
    assert metric.measure(case) == 1.0 and metric.is_successful()


def test_mastras_scorer_options_run_and_run_evals_with_a_target(openai_mock: FakeModelServer):
    def agent(question: str) -> list[dict]:
        found = {"state": "result", "result": {"text": "Green tea contains antioxidants."}}
        return [{"role": "assistant", "content": {"toolInvocations": [found]}}]

    scorer = create_context_recall_scorer(
        model="openai/gpt-test",
        options={
            "contextExtractor": lambda input, output: [
                json.dumps(tool["result"])
                for message in output
                if message.get("role") == "assistant"
                for tool in message["content"].get("toolInvocations", [])
                if tool["state"] == "result"
            ],
            "scale": 1,
        },
    )
    seen = []
    result = run_evals(
        data=[
            {
                "input": "What is in green tea?",
                "groundTruth": "Green tea contains antioxidants. Green tea contains caffeine.",
            }
        ],
        scorers=[scorer],
        target=agent,
        onItemComplete=lambda item: seen.append(item["scorerResults"][scorer.id]),
    )
    assert result.scores[scorer.id] == 0.5
    assert seen[0]["score"] == 0.5 and "caffeine" in seen[0]["reason"].split("Missing:")[1]

    static = create_context_recall_scorer(
        model="builtin", options={"context": ["Albert Einstein was born in 1879 in Ulm."]}
    )
    one = static.run(
        {"input": "When?", "output": "1879", "groundTruth": "Einstein was born in 1879."}
    )
    assert one.score == 1.0
    assert (
        static.run(input="When?", groundTruth="Einstein was born in 1879.", runId="r1").score == 1
    )
    with pytest.raises(TypeError, match="groundtruth"):
        static.run(groundtruth="misspelt")
