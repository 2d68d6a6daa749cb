"""Storage with the real scorer: frozen claims, the attribution cache and the response cache
keep the second night's run free of model calls and its denominator fixed."""

from __future__ import annotations

import pytest
from db_fixtures import seed_dataset
from model_server import FakeModelServer, openai_completion
from pydantic import SecretStr
from sqlalchemy import Engine
from sqlmodel import Session, select

from recall_audit.scorer.judges import LLMJudge, ModelSettings, get_judge
from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.scorer.recall import judge_claims, result_from_verdicts
from recall_audit.storage import (
    DatabaseResponseCache,
    claim_outcomes,
    create_run,
    finish_run,
    get_cached_attribution,
    get_claims,
    open_database,
    save_attribution,
    save_case_result,
    save_claims,
)
from recall_audit.storage.tables import ResponseCache
from recall_audit.types import Status

pytestmark = pytest.mark.anyio

KEY = "sk-storage-test-secret"
TRUTH = "Marie Curie won two Nobel Prizes. She was born in Warsaw."
CHUNKS = [
    "Curie was born in Warsaw, then part of the Russian Empire.",
    "She received the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
]


async def audit(session: Session, judge: BuiltinJudge, chunks: list[str]) -> str:
    """One night's run over one case, the way the pipeline stages use storage."""
    dataset, cases = seed_dataset(session, cases={"curie": TRUTH})
    run = create_run(
        session,
        dataset_id=dataset.id,
        retriever="bm25",
        judge=judge.name,
        judge_version=judge.version,
    )
    claims = get_claims(session, [TRUTH], judge.name, judge.version).get(TRUTH)
    if claims is None:
        extraction = await judge.extract_claims([TRUTH])
        claims = save_claims(session, {TRUTH: extraction.claims[0]}, judge.name, judge.version)[
            TRUTH
        ]
    cached = get_cached_attribution(session, claims, chunks, judge.name, judge.version)
    if cached is not None:
        result = result_from_verdicts(claims, cached, chunks)
    else:
        result = await judge_claims(claims, chunks, judge)
        if result.status == Status.SCORED:
            save_attribution(session, claims, chunks, judge.name, judge.version, result.verdicts)
    save_case_result(session, run.id, cases["curie"].id, result, chunks)
    finish_run(session, run.id)
    return run.id


async def test_a_second_night_reuses_claims_and_verdicts(db_session: Session) -> None:
    first = await audit(db_session, BuiltinJudge(), CHUNKS)
    second = await audit(db_session, BuiltinJudge(), CHUNKS)
    lost_context = await audit(db_session, BuiltinJudge(), [])

    before, again, empty = (
        [o for claims in claim_outcomes(db_session, r).values() for o in claims]
        for r in (first, second, lost_context)
    )
    assert [o.claim for o in before] == [o.claim for o in again] == [o.claim for o in empty]
    assert len(before) >= 2
    assert [o.supported for o in again] == [o.supported for o in before]
    assert any(o.supported for o in before)
    # Nothing retrieved: every frozen claim is reported as lost, not silently dropped.
    assert not any(o.supported for o in empty)


def openai_judge(server: FakeModelServer, engine: Engine) -> LLMJudge:
    settings = ModelSettings(base_url=server.url + "/v1", api_key=SecretStr(KEY), max_retries=1)
    judge = get_judge("openai/gpt-test", settings=settings, cache=DatabaseResponseCache(engine))
    assert isinstance(judge, LLMJudge)
    return judge


async def test_model_answers_are_shared_through_the_database(
    db_url: str, model_server: FakeModelServer
) -> None:
    both = ["Marie Curie won two Nobel Prizes.", "She was born in Warsaw."]
    claims = {"items": [{"index": 1, "claims": both}]}
    model_server.enqueue(openai_completion(claims))
    # Two engines on one database: two workers, or two nights.
    first_engine, second_engine = open_database(db_url), open_database(db_url)

    async with openai_judge(model_server, first_engine) as judge:
        first = await judge.extract_claims([TRUTH])
    async with openai_judge(model_server, second_engine) as judge:
        second = await judge.extract_claims([TRUTH])

    assert first.claims == second.claims == [both]
    assert len(model_server.requests) == 1
    assert second.usage.cached_calls == 1
    with Session(second_engine) as session:
        stored = session.exec(select(ResponseCache)).all()
    assert len(stored) == 1
    assert KEY not in stored[0].key + repr(stored[0].value)
    first_engine.dispose()
    second_engine.dispose()
