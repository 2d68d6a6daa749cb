"""Frozen claims, the attribution cache, the response cache and dataset registration."""

from __future__ import annotations

import anyio
import pytest
from db_fixtures import seed_dataset
from sqlalchemy import Engine, event
from sqlmodel import Session, func, select

from recall_audit.models.cache import ResponseCache
from recall_audit.storage import (
    CaseInput,
    DatabaseResponseCache,
    get_cached_attribution,
    get_cached_attributions,
    get_claims,
    get_dataset,
    save_attribution,
    save_claims,
    upsert_cases,
    upsert_dataset,
)
from recall_audit.storage.tables import Case, ClaimSet, Dataset
from recall_audit.types import Verdict

TRUTH = "Paris is the capital of France. It has two million people."
CLAIMS = ["Paris is the capital of France.", "It has two million people."]
CHUNKS = ["France's capital is Paris.", "Paris has 2.1M inhabitants."]
VERDICTS = [
    Verdict(claim_index=0, supported=True, chunk_indices=[0], quote="capital is Paris"),
    Verdict(claim_index=1, supported=False, explanation="2.1M is not two million"),
]


def test_claims_are_extracted_once_and_reused(db_session: Session) -> None:
    assert get_claims(db_session, [TRUTH], "builtin", "1") == {}
    assert save_claims(db_session, {TRUTH: CLAIMS}, "builtin", "1") == {TRUTH: CLAIMS}

    # A second extraction that split differently does not move the denominator.
    assert save_claims(db_session, {TRUTH: [TRUTH]}, "builtin", "1") == {TRUTH: CLAIMS}
    reformatted = "  Paris is the capital of France.\n It has two million   people. "
    assert get_claims(db_session, [reformatted, "Other."], "builtin", "1") == {reformatted: CLAIMS}
    assert db_session.exec(select(func.count()).select_from(ClaimSet)).one() == 1


def test_claims_belong_to_one_judge_and_version(db_session: Session) -> None:
    save_claims(db_session, {TRUTH: CLAIMS}, "builtin", "1")
    assert get_claims(db_session, [TRUTH], "builtin", "2") == {}
    assert get_claims(db_session, [TRUTH], "openai/gpt-4o-mini", "1") == {}


def test_claims_of_many_ground_truths_round_trip(db_session: Session) -> None:
    # More ground truths than one IN list carries.
    claims = {f"Fact {i}.": [f"Fact {i}."] for i in range(1_200)}
    assert save_claims(db_session, claims, "builtin", "1") == claims
    assert get_claims(db_session, list(claims), "builtin", "1") == claims


def test_attribution_is_cached_per_claims_chunks_and_judge(db_session: Session) -> None:
    assert get_cached_attribution(db_session, CLAIMS, CHUNKS, "builtin", "1") is None
    save_attribution(db_session, CLAIMS, CHUNKS, "builtin", "1", VERDICTS)
    save_attribution(db_session, CLAIMS, CHUNKS, "builtin", "1", VERDICTS)  # harmless

    assert get_cached_attribution(db_session, CLAIMS, CHUNKS, "builtin", "1") == VERDICTS
    # Chunk order changes the indices in the verdicts, so it is another key.
    assert get_cached_attribution(db_session, CLAIMS, CHUNKS[::-1], "builtin", "1") is None
    assert get_cached_attribution(db_session, CLAIMS[:1], CHUNKS, "builtin", "1") is None
    assert get_cached_attribution(db_session, CLAIMS, CHUNKS, "builtin", "2") is None
    joined = ["".join(CHUNKS)]
    assert get_cached_attribution(db_session, CLAIMS, joined, "builtin", "1") is None


@pytest.mark.anyio
async def test_response_cache_round_trips_json_answers(db_engine: Engine) -> None:
    cache = DatabaseResponseCache(db_engine)
    assert isinstance(cache, ResponseCache)
    answer = {"claims": ["Paris is the capital."], "usage": {"input_tokens": 12}, "ok": True}

    assert await cache.get("k1") is None
    await cache.set("k1", answer)
    assert await cache.get("k1") == answer
    await cache.set("k1", {"claims": []})
    assert await cache.get("k1") == {"claims": []}
    # Another engine on the same database (another worker) sees it too.
    assert await DatabaseResponseCache(db_engine).get("k1") == {"claims": []}


@pytest.mark.anyio
async def test_response_cache_serves_concurrent_callers(db_engine: Engine) -> None:
    cache = DatabaseResponseCache(db_engine)
    async with anyio.create_task_group() as group:
        for i in range(20):
            group.start_soon(cache.set, f"key-{i}", {"n": i})
    found = [await cache.get(f"key-{i}") for i in range(20)]
    assert found == [{"n": i} for i in range(20)]


@pytest.mark.anyio
async def test_lookups_that_arrive_together_share_a_query(db_engine: Engine) -> None:
    """Twenty lookups at once cost a few queries, not twenty; each caller still gets a value
    of its own, even two callers of one key."""
    cache = DatabaseResponseCache(db_engine)
    for i in range(10):
        await cache.set(f"key-{i}", {"n": i, "claims": []})
    statements: list[str] = []

    def count(conn, cursor, statement, *args) -> None:  # type: ignore[no-untyped-def]
        if "response_cache" in statement and statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(db_engine, "before_cursor_execute", count)
    found: dict[int, dict | None] = {}

    async def look(i: int) -> None:
        found[i] = await cache.get(f"key-{i % 12}")

    try:
        async with anyio.create_task_group() as group:
            for i in range(20):
                group.start_soon(look, i)
    finally:
        event.remove(db_engine, "before_cursor_execute", count)
    assert {i: v and v["n"] for i, v in found.items()} == {
        i: (i % 12 if i % 12 < 10 else None) for i in range(20)
    }
    assert 1 <= len(statements) <= 3
    found[0]["claims"].append("changed")  # type: ignore[index]
    assert found[12] == {"n": 0, "claims": []}


def test_a_dataset_is_registered_once_by_name(db_session: Session) -> None:
    first = upsert_dataset(db_session, "faq", "data/faq.jsonl", "f1")
    again = upsert_dataset(db_session, "faq", "elsewhere/faq.jsonl", "f2")
    assert again.id == first.id
    assert (again.path, again.fingerprint, again.created_at) == (
        "elsewhere/faq.jsonl",
        "f2",
        first.created_at,
    )
    assert again.updated_at >= first.updated_at
    assert get_dataset(db_session, "faq") == again
    assert get_dataset(db_session, "other") is None
    assert db_session.exec(select(func.count()).select_from(Dataset)).one() == 1


def test_cases_are_added_and_updated_by_key(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases={"a": "Truth A.", "b": "Truth B."})
    updated = upsert_cases(
        db_session,
        dataset.id,
        [
            CaseInput(case_key="b", question="question b", ground_truth="Truth B, revised."),
            CaseInput(case_key="c", question="question c", ground_truth=" "),
            CaseInput(case_key="a", question="question a", ground_truth="Truth A."),
        ],
    )
    assert [c.case_key for c in updated] == ["b", "c", "a"]
    assert updated[2] == cases["a"]
    assert updated[0].id == cases["b"].id
    assert updated[0].ground_truth_hash != cases["b"].ground_truth_hash
    assert updated[1].ground_truth_hash is None
    assert db_session.exec(select(func.count()).select_from(Case)).one() == 3


def test_case_keys_must_be_unique(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    twice = [CaseInput(case_key="a", question="q"), CaseInput(case_key="a", question="q2")]
    with pytest.raises(ValueError, match="unique"):
        upsert_cases(db_session, dataset.id, twice)


def test_many_attributions_are_read_in_one_lookup_in_their_order(db_session: Session) -> None:
    other = ["Berlin is in Germany."]
    save_attribution(db_session, CLAIMS, CHUNKS, "builtin", "1", VERDICTS)
    pairs = [(other, CHUNKS), (CLAIMS, CHUNKS), (CLAIMS, CHUNKS[::-1])]
    assert get_cached_attributions(db_session, pairs, "builtin", "1") == [None, VERDICTS, None]
    assert get_cached_attributions(db_session, pairs, "builtin", "2") == [None, None, None]
