"""Frozen claims with a model judge: good items frozen, empty ones not, refreshed on demand."""

from __future__ import annotations

import pytest
from db_fixtures import seed_dataset
from model_server import FakeModelServer, openai_completion
from pydantic import SecretStr
from sqlalchemy.engine import Engine
from sqlmodel import Session

from recall_audit.cli.claims import refresh_claims
from recall_audit.scorer.judges import LLMJudge, ModelSettings, get_judge
from recall_audit.scorer.prompts import claim_key
from recall_audit.storage import get_claims, save_case_result
from recall_audit.tasks.claims import extract_sources

pytestmark = pytest.mark.anyio

TRUTHS = {f"c{i:02}": f"Item {i} was made in the year {1900 + i}." for i in range(1, 21)}


def judge_for(server: FakeModelServer) -> LLMJudge:
    settings = ModelSettings(
        base_url=server.url + "/v1", api_key=SecretStr("k"), max_retries=0, backoff_base=0.001
    )
    judge = get_judge("openai/gpt-test", settings=settings)
    assert isinstance(judge, LLMJudge)
    return judge


def refs_in(request) -> int:
    return request.json["messages"][1]["content"].count("<reference id=")


async def test_nineteen_good_items_are_kept_and_one_re_asked_alone(
    model_server: FakeModelServer,
) -> None:
    keys = sorted(TRUTHS)
    answer = {str(n): [TRUTHS[k]] for n, k in enumerate(keys, 1)}
    answer["20"] = {"claims": 20}
    model_server.enqueue(openai_completion(answer), openai_completion({"1": [None]}))
    judge = judge_for(model_server)
    sources = [(TRUTHS[k], None) for k in keys]

    claims, usage, failures = await extract_sources(judge, sources, concurrency=2)

    assert [refs_in(r) for r in model_server.requests] == [20, 1]
    assert len(claims) == 19 and list(failures) == [TRUTHS[keys[-1]]]
    assert "claims must be a list of strings" in failures[TRUTHS[keys[-1]]]
    assert (usage.calls, usage.repairs, usage.reasked) == (2, 1, 1)


async def test_refresh_extracts_only_what_is_not_frozen(
    model_server: FakeModelServer, db_engine: Engine
) -> None:
    with Session(db_engine) as session:
        seed_dataset(
            session, cases={"a": "Paris is the capital of France.", "b": "Yes.", "c": "Hmm."}
        )
    yes = claim_key("Yes.", "question b")
    model_server.enqueue(
        # One call for all three, in claim-key order: Hmm., Paris, Yes. (with its question).
        openai_completion(
            {
                "1": [],
                "2": ["Paris is the capital of France."],
                "3": ["The answer to question b is yes."],
            }
        ),
        openai_completion({"1": []}),  # "Hmm." asked once more alone, still empty
    )
    judge = judge_for(model_server)
    report = await refresh_claims(db_engine, "faq", judge)
    assert (report.asked, report.frozen_now, report.empty, report.failed) == (3, 2, 1, {})
    assert (
        'question="question b">Yes.</reference>'
        in model_server.requests[0].json["messages"][1]["content"]
    )
    with Session(db_engine) as session:
        frozen = get_claims(session, [yes, "Hmm."], judge.name, judge.version)
    assert frozen == {yes: ["The answer to question b is yes."]}

    # The empty one was not frozen, so a refresh asks for it again, and only for it.
    model_server.enqueue(openai_completion({"1": ["Hmm, it was pondered."]}))
    again = await refresh_claims(db_engine, "faq", judge)
    assert (again.already_frozen, again.asked, again.frozen_now) == (2, 1, 1)
    assert refs_in(model_server.requests[-1]) == 1


async def test_refresh_of_an_unknown_dataset_says_so(db_engine: Engine) -> None:
    from recall_audit.errors import RecallAuditError
    from recall_audit.scorer.judges.builtin import BuiltinJudge

    with pytest.raises(RecallAuditError, match="no dataset named 'nope'"):
        await refresh_claims(db_engine, "nope", BuiltinJudge())


def test_repairs_samples_and_verified_quotes_are_stored_and_counted(db_session: Session) -> None:
    from recall_audit.scorer.recall import result_from_verdicts
    from recall_audit.storage import create_run, finish_run, run_results, sample_spreads
    from recall_audit.types import Usage, Verdict

    chunks = ["Paris is the capital of France.", "The Seine crosses Paris."]
    claims = ["Paris is the capital of France.", "The Seine crosses Paris.", "Lyon is big."]
    _, cases = seed_dataset(db_session, cases={"c1": " ".join(claims)})
    run = create_run(
        db_session, dataset_id=cases["c1"].dataset_id, retriever="x", judge="j", judge_version="1"
    )
    verdicts = [
        Verdict(
            claim_index=0,
            supported=True,
            chunk_indices=[0],
            quote="capital of France",
            quote_verified=True,
        ),
        Verdict(
            claim_index=1,
            supported=True,
            chunk_indices=[1],
            quote="a paraphrase",
            quote_verified=False,
        ),
        Verdict(claim_index=2, supported=False),
    ]
    result = result_from_verdicts(
        claims, verdicts, chunks, usage=Usage(calls=3, repairs=2, reasked=3)
    ).model_copy(update={"sample_recalls": [1.0, 2 / 3, 2 / 3]})
    save_case_result(db_session, run.id, cases["c1"].id, result, chunks)

    finished = finish_run(db_session, run.id)
    assert (finished.usage.repairs, finished.usage.reasked) == (2, 3)
    assert (finished.supported_claims, finished.verified_quotes) == (2, 1)
    (stored,) = run_results(db_session, run.id)
    assert [v.quote_verified for v in stored.verdicts] == [True, False, None]
    assert sample_spreads(db_session, run.id) == {"c1": pytest.approx(1 / 3)}


def test_extraction_groups_bound_count_and_characters() -> None:
    from recall_audit.tasks.claims import CHARACTERS_PER_CALL, extraction_groups

    long = ("x" * (CHARACTERS_PER_CALL // 2), None)
    short = ("Yes.", "Is it?")
    groups = extraction_groups([long, long, long, short, *[short] * 25])
    assert [len(g) for g in groups] == [2, 20, 7]
    assert (
        extraction_groups([("y" * (CHARACTERS_PER_CALL + 1), None)] * 2)
        == [[("y" * (CHARACTERS_PER_CALL + 1), None)]] * 2
    )
