"""Case results: saved case by case, idempotently, so a killed run resumes without double counts."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from db_fixtures import judged, seed_dataset
from sqlmodel import Session, func, select

from recall_audit.scorer.recall import (
    error_result,
    no_context,
    no_ground_truth,
    result_from_verdicts,
)
from recall_audit.storage import (
    CaseInput,
    claim_outcomes,
    create_run,
    finished_case_keys,
    get_claims,
    run_results,
    save_case_result,
    save_claims,
    upsert_cases,
)
from recall_audit.storage.tables import CaseResult, Chunk, ClaimSet, RetrievedChunk, VerdictRow
from recall_audit.types import Status

GT = {
    "c1": "Paris is the capital of France. It has two million people.",
    "c2": "The Seine flows through Paris.",
    "c3": "The Louvre is a museum.",
}
CLAIMS = {
    "c1": ["Paris is the capital of France.", "It has two million people."],
    "c2": ["The Seine flows through Paris."],
    "c3": ["The Louvre is a museum."],
}
CHUNKS = ["France's capital is Paris.", "The Seine crosses Paris.", "Paris has 2.1M inhabitants."]


def count(session: Session, table: type) -> int:
    return session.exec(select(func.count()).select_from(table)).one()


def new_run(session: Session, dataset_id: int, judge_version: str = "1") -> str:
    run = create_run(
        session,
        dataset_id=dataset_id,
        retriever="bm25",
        judge="builtin",
        judge_version=judge_version,
    )
    return run.id


def test_saving_a_case_twice_keeps_one_result_with_the_latest_verdicts(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    first = judged(CLAIMS["c1"], [0, None], CHUNKS)
    second = judged(CLAIMS["c1"], [0, 2], CHUNKS)

    save_case_result(db_session, run_id, cases["c1"].id, first, CHUNKS)
    save_case_result(db_session, run_id, cases["c1"].id, second, CHUNKS)

    assert count(db_session, CaseResult) == 1
    assert count(db_session, VerdictRow) == 2
    assert count(db_session, RetrievedChunk) == 3
    [stored] = run_results(db_session, run_id)
    assert stored.score == 1.0
    assert [v.chunk_indices for v in stored.verdicts] == [[0], [2]]


def test_a_stored_result_reads_back_as_the_scorer_wrote_it(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    result = judged(CLAIMS["c1"], [0, None], CHUNKS, calls=2)

    save_case_result(db_session, run_id, cases["c1"].id, result, CHUNKS)

    [stored] = run_results(db_session, run_id)
    assert stored.to_recall_result() == result
    assert stored.chunks == CHUNKS
    assert (stored.case_key, stored.question, stored.ground_truth) == (
        "c1",
        "question c1",
        GT["c1"],
    )


def test_resumed_run_skips_finished_cases_and_may_retry_errors(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    save_case_result(
        db_session, run_id, cases["c1"].id, judged(CLAIMS["c1"], [0, 2], CHUNKS), CHUNKS
    )
    failed = error_result("model unreachable", scale=1.0)
    save_case_result(db_session, run_id, cases["c2"].id, failed, CHUNKS)

    assert finished_case_keys(db_session, run_id) == {"c1", "c2"}
    assert finished_case_keys(db_session, run_id, retry_errors=True) == {"c1"}

    # The retried case replaces its error instead of being counted a second time.
    save_case_result(db_session, run_id, cases["c2"].id, judged(CLAIMS["c2"], [1], CHUNKS), CHUNKS)
    assert finished_case_keys(db_session, run_id, retry_errors=True) == {"c1", "c2"}
    assert count(db_session, CaseResult) == 2


def test_finished_cases_belong_to_their_run(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    first, second = new_run(db_session, dataset.id), new_run(db_session, dataset.id)
    save_case_result(
        db_session, first, cases["c3"].id, judged(CLAIMS["c3"], [None], CHUNKS), CHUNKS
    )
    assert finished_case_keys(db_session, first) == {"c3"}
    assert finished_case_keys(db_session, second) == set()


def test_chunks_retrieved_again_are_stored_once(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    save_case_result(
        db_session, run_id, cases["c1"].id, judged(CLAIMS["c1"], [0, 2], CHUNKS), CHUNKS
    )
    reordered = [CHUNKS[1], CHUNKS[0], CHUNKS[1]]
    save_case_result(
        db_session, run_id, cases["c2"].id, judged(CLAIMS["c2"], [0], reordered), reordered
    )

    assert count(db_session, Chunk) == 3
    assert [r.chunks for r in run_results(db_session, run_id)] == [CHUNKS, reordered]


def test_saving_a_result_freezes_its_claims_for_later_runs(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    save_case_result(
        db_session, run_id, cases["c1"].id, judged(CLAIMS["c1"], [0, 2], CHUNKS), CHUNKS
    )
    assert get_claims(db_session, [GT["c1"]], "builtin", "1") == {GT["c1"]: CLAIMS["c1"]}


def test_a_result_with_other_claims_than_the_frozen_ones_is_refused(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    save_claims(db_session, {GT["c1"]: CLAIMS["c1"]}, "builtin", "1")
    merged = judged(["Paris, capital of France, has two million people."], [0], CHUNKS)

    with pytest.raises(ValueError, match="frozen"):
        save_case_result(db_session, run_id, cases["c1"].id, merged, CHUNKS)

    # Nothing half-written, and the session goes on with the next case.
    assert count(db_session, CaseResult) == 0
    save_case_result(db_session, run_id, cases["c2"].id, judged(CLAIMS["c2"], [1], CHUNKS), CHUNKS)
    assert finished_case_keys(db_session, run_id) == {"c2"}


def test_unknown_run_or_case_is_an_error(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    result = judged(CLAIMS["c1"], [0, 2], CHUNKS)
    with pytest.raises(KeyError):
        save_case_result(db_session, "no-such-run", cases["c1"].id, result, CHUNKS)
    with pytest.raises(KeyError):
        save_case_result(db_session, run_id, 12345, result, CHUNKS)


def test_claim_outcomes_list_every_counted_claim(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases={**GT, "c4": None, "c5": "   "})
    run_id = new_run(db_session, dataset.id)
    save_claims(db_session, {GT["c2"]: CLAIMS["c2"]}, "builtin", "1")
    save_case_result(
        db_session, run_id, cases["c1"].id, judged(CLAIMS["c1"], [2, None], CHUNKS), CHUNKS
    )
    # No context: its frozen claims all count as missed.
    save_case_result(db_session, run_id, cases["c2"].id, no_context(1.0), [])
    # Errors and unscorable cases contribute no claims.
    save_case_result(db_session, run_id, cases["c3"].id, error_result("timeout", scale=1.0), CHUNKS)
    save_case_result(db_session, run_id, cases["c4"].id, no_ground_truth(1.0), CHUNKS)

    outcomes = claim_outcomes(db_session, run_id)

    flat = [(key, o.claim_index, o.claim, o.supported) for key, os in outcomes.items() for o in os]
    assert flat == [
        ("c1", 0, CLAIMS["c1"][0], True),
        ("c1", 1, CLAIMS["c1"][1], False),
        ("c2", 0, CLAIMS["c2"][0], False),
    ]
    found, missed = outcomes["c1"]
    assert (found.chunk_positions, found.chunk_text) == ([2], CHUNKS[2])
    assert found.quote == CHUNKS[2][:20]
    assert missed.chunk_text is None


def test_no_claims_is_never_frozen(db_session: Session) -> None:
    """An empty extraction may be a judge's slip: the next run (or `claims refresh`) asks again."""
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    empty = result_from_verdicts([], [], CHUNKS)
    assert empty.status == Status.NO_CLAIMS
    save_case_result(db_session, run_id, cases["c3"].id, empty, CHUNKS)
    assert get_claims(db_session, [GT["c3"]], "builtin", "1") == {}
    assert claim_outcomes(db_session, run_id) == {}
    assert [r.status for r in run_results(db_session, run_id)] == [Status.NO_CLAIMS]


def test_worst_cases_come_first_with_errors_last(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    save_case_result(
        db_session, run_id, cases["c1"].id, judged(CLAIMS["c1"], [0, None], CHUNKS), CHUNKS
    )
    save_case_result(db_session, run_id, cases["c2"].id, error_result("boom", scale=1.0), CHUNKS)
    save_case_result(
        db_session, run_id, cases["c3"].id, judged(CLAIMS["c3"], [None], CHUNKS), CHUNKS
    )

    worst = run_results(db_session, run_id, worst_first=True)
    assert [(r.case_key, r.score) for r in worst] == [("c3", 0.0), ("c1", 0.5), ("c2", None)]
    [first] = run_results(db_session, run_id, worst_first=True, limit=1)
    assert (first.case_key, first.claims, first.chunks) == ("c3", CLAIMS["c3"], CHUNKS)
    assert [v.supported for v in first.verdicts] == [False]


def test_changed_ground_truth_gets_its_own_claims(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    first = new_run(db_session, dataset.id)
    save_case_result(
        db_session, first, cases["c3"].id, judged(CLAIMS["c3"], [None], CHUNKS), CHUNKS
    )
    new_truth = "The Louvre is a museum in Paris."
    [changed] = upsert_cases(
        db_session, dataset.id, [CaseInput(case_key="c3", question="q", ground_truth=new_truth)]
    )
    second = new_run(db_session, dataset.id)
    new_claims = ["The Louvre is a museum.", "The Louvre is in Paris."]
    save_case_result(db_session, second, changed.id, judged(new_claims, [None, 0], CHUNKS), CHUNKS)

    assert count(db_session, ClaimSet) == 2
    assert [r.claims for r in run_results(db_session, first)] == [CLAIMS["c3"]]
    assert [r.claims for r in run_results(db_session, second)] == [new_claims]


def test_concurrent_savers_never_lose_or_double_a_case(db_engine) -> None:
    many = {f"k{i}": f"Fact {i} is true." for i in range(24)}
    with Session(db_engine) as session:
        dataset, cases = seed_dataset(session, cases=many)
        run_id = new_run(session, dataset.id)
    # Shared chunks across cases, and every case saved by two workers at once.
    chunks = ["Shared chunk one.", "Shared chunk two."]
    start = threading.Barrier(4)

    def worker(keys: list[str]) -> None:
        start.wait()
        with Session(db_engine) as session:
            for key in keys:
                result = judged([many[key]], [int(key[1:]) % 2], chunks)
                save_case_result(session, run_id, cases[key].id, result, chunks)

    keys = list(many)
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(worker, [keys[:12], keys[12:], keys[:12], keys[12:]]))

    with Session(db_engine) as session:
        assert finished_case_keys(session, run_id) == set(many)
        assert count(session, CaseResult) == 24
        assert count(session, VerdictRow) == 24
        assert count(session, Chunk) == 2
        assert count(session, ClaimSet) == 24
