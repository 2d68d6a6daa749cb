"""The optional model-written reason: one extra call without the chunks, built reason as fallback."""

from __future__ import annotations

import pytest
from model_server import Canned, FakeModelServer, openai_completion

from recall_audit.scorer import ConfigurationError, ContextualRecallMetric, LLMTestCase

CHUNKS = ["Marie Curie was born in Warsaw.", "SECRET-CHUNK-TEXT about something else."]
# The case's one call: the claims of its ground truth, each with its verdict.
JUDGED = {
    "claims": [
        {
            "claim": "Curie was born in Warsaw.",
            "supported": True,
            "chunks": [1],
            "quote": "born in Warsaw",
        },
        {"claim": "Curie won two Nobel Prizes.", "supported": False, "chunks": [], "quote": ""},
    ]
}


def metric_for(server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> ContextualRecallMetric:
    """A metric whose judge it makes itself, so that closing the metric closes its session."""
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    return ContextualRecallMetric(model="openai/test", model_reason=True)


def test_model_reason_replaces_the_built_one_and_never_resends_chunks(model_server, monkeypatch):
    model_server.enqueue(
        openai_completion(JUDGED),
        openai_completion({"reason": "Birthplace found; the Nobel Prizes are missing."}),
    )
    case = LLMTestCase(
        input="q",
        expected_output="Curie was born in Warsaw and won two Nobels.",
        retrieval_context=CHUNKS,
    )
    with metric_for(model_server, monkeypatch) as metric:
        assert metric.measure(case) == pytest.approx(0.5)
    assert metric.reason == "Birthplace found; the Nobel Prizes are missing."
    assert metric.result.usage.calls == 2
    narration = model_server.requests[1].json["messages"][-1]["content"]
    assert (
        "Curie won two Nobel Prizes. [missing]" in narration
        and "SECRET-CHUNK-TEXT" not in narration
    )


def test_a_failed_model_reason_keeps_the_built_reason(model_server, monkeypatch):
    model_server.enqueue(openai_completion(JUDGED), Canned(status=400, body={"error": "bad"}))
    case = LLMTestCase(
        input="q",
        expected_output="Curie was born in Warsaw and won two Nobel Prizes.",
        retrieval_context=CHUNKS,
    )
    with metric_for(model_server, monkeypatch) as metric:
        assert metric.measure(case) == pytest.approx(0.5)
    assert "Missing:" in metric.reason and "Curie won two Nobel Prizes." in metric.reason


def test_model_reason_needs_a_model_judge():
    with pytest.raises(ConfigurationError, match="model judge"):
        ContextualRecallMetric(model="builtin", model_reason=True)
