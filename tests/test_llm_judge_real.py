"""Opt-in: the OpenAI-compatible judge against a real llama.cpp server.

Start one with /work/shared/tools/real-model-server.sh, then run
RECALL_AUDIT_REAL_MODEL_URL=http://127.0.0.1:8765/v1 pytest -m real_model
The tiny model is a protocol partner, not a judge, so only the protocol is asserted.
"""

from __future__ import annotations

import os

import pytest

from recall_audit.models import JsonRequest, OpenAIModel
from recall_audit.scorer.judges import LLMJudge, ModelSettings, UnusableAnswer, get_judge

URL = os.environ.get("RECALL_AUDIT_REAL_MODEL_URL")
MODEL = os.environ.get("RECALL_AUDIT_REAL_MODEL_NAME", "smollm2")

pytestmark = [
    pytest.mark.real_model,
    pytest.mark.anyio,
    pytest.mark.skipif(not URL, reason="set RECALL_AUDIT_REAL_MODEL_URL to a llama.cpp /v1 URL"),
]


def settings() -> ModelSettings:
    return ModelSettings(base_url=URL, timeout=300, max_retries=1, max_tokens=512)


async def test_structured_output_falls_back_and_reports_usage() -> None:
    request = JsonRequest(
        system="Answer the question.",
        user="Is the sky blue? Answer with ok true or false.",
        json_schema={
            "type": "object",
            "properties": {"ok": {"type": "boolean"}},
            "required": ["ok"],
        },
        schema_name="answer",
    )
    async with OpenAIModel(MODEL, settings()) as model:
        reply = await model.complete_json(request)
        # llama.cpp rejects json_schema; the mode that worked is remembered.
        assert model.mode in ("json_object", "prompt")
        assert reply.usage.calls == 1 and reply.usage.input_tokens > 0
        if reply.data is not None:
            assert isinstance(reply.data.get("ok"), bool)


async def test_judge_attribution_round_trip() -> None:
    judge = get_judge(f"openai/{MODEL}", settings=settings())
    assert isinstance(judge, LLMJudge)
    async with judge:
        try:
            attribution = await judge.attribute(
                ["Paris is the capital of France."], ["Paris is the capital city of France."]
            )
        except UnusableAnswer as exc:
            # An unusable answer surfaces as a JudgeError after exactly one repair.
            assert exc.usage.calls == 2
        else:
            assert [v.claim_index for v in attribution.verdicts] == [0]
            assert attribution.usage.calls in (1, 2)


async def test_a_new_case_is_judged_end_to_end() -> None:
    """Claims and verdicts in one call, or the rescues when the tiny model's answer is not
    usable: either way the case ends scored (one verdict per claim) or names its error."""
    judge = get_judge(f"openai/{MODEL}", settings=settings())
    assert isinstance(judge, LLMJudge)
    async with judge:
        judgement = await judge.claims_and_verdicts(
            "Paris is the capital of France. It lies on the Seine.",
            ["Paris, the capital of France, lies on the river Seine."],
        )
    assert judgement.usage.calls >= 1
    if judgement.claims_error is None and judgement.verdicts_error is None:
        assert judgement.claims
        assert [v.claim_index for v in judgement.verdicts] == list(range(len(judgement.claims)))
    else:
        assert not judgement.verdicts
