"""Runs: totals from stored results, listing, resuming, baselines and the recall trend."""

from __future__ import annotations

import pytest
from db_fixtures import judged, seed_dataset
from sqlmodel import Session

from recall_audit.scorer.recall import (
    error_result,
    no_context,
    no_ground_truth,
    result_from_verdicts,
)
from recall_audit.spec import Configuration
from recall_audit.storage import (
    RunStatus,
    baseline_for,
    create_run,
    finish_run,
    finished_case_keys,
    get_run,
    list_runs,
    pin_baseline,
    pinned_baseline,
    previous_completed_run,
    recall_history,
    resolve_run_id,
    resume_run,
    run_outcome,
    save_case_result,
    set_run_baseline,
    unpin_baseline,
)
from recall_audit.types import Usage

GT = {f"c{i}": f"Fact number {i} is true." for i in range(1, 7)}
CHUNKS = ["Fact number 1 is true.", "Fact number 2 is true."]


def new_run(
    session: Session,
    dataset_id: int,
    retriever: str = "bm25",
    judge_version: str = "1",
    status: RunStatus | None = None,
    top_k: int = 5,
) -> str:
    configuration = Configuration(retriever=retriever, top_k=top_k, judge="builtin")
    run = create_run(
        session,
        dataset_id=dataset_id,
        retriever=retriever,
        judge="builtin",
        judge_version=judge_version,
        params={"top_k": top_k},
        config_key=configuration.key,
        config_name=configuration.name,
    )
    if status is not None:
        finish_run(session, run.id, status)
    return run.id


def test_finish_run_computes_totals_from_the_stored_results(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases={**GT, "c6": None})
    run_id = new_run(db_session, dataset.id)
    claims = ["Fact A.", "Fact B."]
    results = {
        "c1": judged(claims, [0, 1], CHUNKS, calls=1),  # 1.0
        "c2": judged(claims, [0, None], CHUNKS, calls=2),  # 0.5
        "c3": no_context(1.0),  # no context: a real 0
        "c4": result_from_verdicts([], [], CHUNKS),  # no claims: unscorable
        "c5": error_result("timeout", scale=1.0, usage=Usage(calls=3)),
        "c6": no_ground_truth(1.0),  # no ground truth: unscorable
    }
    for key, result in results.items():
        save_case_result(db_session, run_id, cases[key].id, result, CHUNKS if key != "c3" else [])

    run = finish_run(db_session, run_id)

    assert run.status == RunStatus.COMPLETED and run.finished_at is not None
    assert run.mean_recall == pytest.approx(0.5)  # (1.0 + 0.5 + 0) / 3
    assert (run.case_count, run.scored_count, run.no_context_count) == (6, 2, 1)
    assert (run.unscorable_count, run.error_count) == (2, 1)
    assert run.usage == Usage(calls=6, input_tokens=200, output_tokens=20)
    assert get_run(db_session, run_id) == run


def test_a_run_without_counted_cases_has_no_mean(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run_id = new_run(db_session, dataset.id)
    save_case_result(db_session, run_id, cases["c1"].id, error_result("x", scale=1.0), CHUNKS)
    run = finish_run(db_session, run_id, RunStatus.FAILED)
    assert (run.status, run.mean_recall, run.case_count, run.error_count) == (
        RunStatus.FAILED,
        None,
        1,
        1,
    )


def test_a_new_run_records_its_configuration(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    run = create_run(
        db_session,
        dataset_id=dataset.id,
        retriever="http://127.0.0.1:9/search",
        judge="openai/gpt-4o-mini",
        judge_version="p3",
        scale=10,
        params={"top_k": 8},
        prefect_flow_run_id="3f1c6f3e-0000-4000-8000-000000000000",
    )
    assert get_run(db_session, run.id) == run
    assert (run.status, run.dataset_name, run.dataset_fingerprint) == (
        RunStatus.RUNNING,
        "faq",
        "fingerprint-faq",
    )
    assert (run.scale, run.params, run.mean_recall) == (10, {"top_k": 8}, None)
    with pytest.raises(KeyError):
        create_run(db_session, dataset_id=999, retriever="r", judge="j", judge_version="1")


def test_runs_are_listed_newest_first_per_dataset(db_session: Session) -> None:
    faq, _ = seed_dataset(db_session, "faq")
    kb, _ = seed_dataset(db_session, "kb")
    older = new_run(db_session, faq.id)
    other = new_run(db_session, kb.id)
    newer = new_run(db_session, faq.id)

    assert [r.id for r in list_runs(db_session)] == [newer, other, older]
    assert [r.id for r in list_runs(db_session, dataset="faq")] == [newer, older]
    assert [r.id for r in list_runs(db_session, dataset="faq", limit=1)] == [newer]
    assert list_runs(db_session, dataset="none") == []
    assert get_run(db_session, "missing") is None


def test_a_run_is_found_by_a_unique_prefix_of_its_id(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    # 17 ids over 16 hex digits: two of them share a first character.
    ids = [new_run(db_session, dataset.id) for _ in range(17)]
    assert all(resolve_run_id(db_session, run_id[:13]) == run_id for run_id in ids)
    shared = next(i[0] for i in ids if sum(j[0] == i[0] for j in ids) > 1)
    with pytest.raises(ValueError, match="ambiguous"):
        resolve_run_id(db_session, shared)
    assert resolve_run_id(db_session, "zz") is None
    assert resolve_run_id(db_session, "") is None
    assert resolve_run_id(db_session, "%") is None


def test_a_killed_run_is_resumed_with_its_saved_cases(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    done = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)
    killed = new_run(db_session, dataset.id)
    save_case_result(db_session, killed, cases["c1"].id, judged(["Fact A."], [0], CHUNKS), CHUNKS)

    resumed = resume_run(db_session, killed, prefect_flow_run_id="flow-2")
    assert (resumed.status, resumed.prefect_flow_run_id) == (RunStatus.RUNNING, "flow-2")
    assert finished_case_keys(db_session, killed) == {"c1"}
    with pytest.raises(ValueError, match="completed"):
        resume_run(db_session, done)
    with pytest.raises(KeyError):
        resume_run(db_session, "missing")


def test_a_failed_run_can_be_resumed(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    failed = new_run(db_session, dataset.id, status=RunStatus.FAILED)
    resumed = resume_run(db_session, failed)
    assert (resumed.status, resumed.finished_at) == (RunStatus.RUNNING, None)


def test_previous_completed_run_is_the_comparable_one_before(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    other_dataset, _ = seed_dataset(db_session, "kb")
    comparable = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)
    new_run(db_session, dataset.id, status=RunStatus.FAILED)
    new_run(db_session, dataset.id, top_k=8, status=RunStatus.COMPLETED)
    other_retriever = new_run(db_session, dataset.id, retriever="dense", status=RunStatus.COMPLETED)
    new_run(db_session, dataset.id, judge_version="2", status=RunStatus.COMPLETED)
    new_run(db_session, other_dataset.id, status=RunStatus.COMPLETED)
    current = new_run(db_session, dataset.id)
    later = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)

    assert previous_completed_run(db_session, current).id == comparable
    # Another top-k or retriever is another configuration: never the baseline, unless asked.
    assert (
        previous_completed_run(db_session, current, same_configuration=False).id == other_retriever
    )
    assert previous_completed_run(db_session, comparable) is None
    assert previous_completed_run(db_session, later).id == comparable
    with pytest.raises(KeyError):
        previous_completed_run(db_session, "missing")


def test_a_pinned_baseline_wins_until_unpinned(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    pinned = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)
    previous = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)
    current = new_run(db_session, dataset.id)
    assert pinned_baseline(db_session, "faq") is None
    assert baseline_for(db_session, current).id == previous

    pin_baseline(db_session, pinned)
    assert pinned_baseline(db_session, "faq").id == pinned
    assert baseline_for(db_session, current).id == pinned
    # The pinned run itself is compared with the run before it.
    assert baseline_for(db_session, pinned) is None

    # A pinned run of another configuration is not this configuration's baseline.
    other = new_run(db_session, dataset.id, top_k=2)
    assert baseline_for(db_session, other) is None

    pin_baseline(db_session, previous)  # re-pinning replaces
    assert pinned_baseline(db_session, "faq").id == previous

    assert unpin_baseline(db_session, "faq") == 1
    assert unpin_baseline(db_session, "faq") == 0
    assert pinned_baseline(db_session, "faq") is None


def test_a_pin_is_per_configuration(db_session: Session) -> None:
    """Pinning a k=2 run leaves the k=5 runs' pin, and never becomes their baseline."""
    dataset, _ = seed_dataset(db_session)
    k5 = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)
    k2 = new_run(db_session, dataset.id, top_k=2, status=RunStatus.COMPLETED)
    pin_baseline(db_session, k5)
    pin_baseline(db_session, k2)
    later_k5 = new_run(db_session, dataset.id)
    later_k2 = new_run(db_session, dataset.id, top_k=2)
    assert baseline_for(db_session, later_k5).id == k5
    assert baseline_for(db_session, later_k2).id == k2
    key5 = get_run(db_session, k5).config_key
    assert pinned_baseline(db_session, "faq", key5).id == k5
    assert pinned_baseline(db_session, "faq").id == k2  # the pin made last

    assert unpin_baseline(db_session, "faq", key5) == 1
    assert pinned_baseline(db_session, "faq", key5) is None
    assert baseline_for(db_session, later_k2).id == k2


def test_only_a_completed_run_can_be_pinned(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    running = new_run(db_session, dataset.id)
    with pytest.raises(ValueError, match="completed"):
        pin_baseline(db_session, running)
    with pytest.raises(KeyError):
        pin_baseline(db_session, "missing")


def test_the_baseline_used_is_recorded_on_the_run(db_session: Session) -> None:
    dataset, _ = seed_dataset(db_session)
    baseline = new_run(db_session, dataset.id, status=RunStatus.COMPLETED)
    current = new_run(db_session, dataset.id)
    set_run_baseline(db_session, current, baseline)
    assert get_run(db_session, current).baseline_run_id == baseline


def test_recall_history_is_oldest_first_and_completed_only(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    scores = []
    for supported in ([0], [None], [1]):
        run_id = new_run(db_session, dataset.id)
        save_case_result(
            db_session, run_id, cases["c1"].id, judged(["A."], supported, CHUNKS), CHUNKS
        )
        scores.append(finish_run(db_session, run_id).mean_recall)
    new_run(db_session, dataset.id, status=RunStatus.FAILED)
    new_run(db_session, dataset.id, retriever="dense", status=RunStatus.COMPLETED)

    history = recall_history(db_session, "faq", retriever="bm25")
    assert [r.mean_recall for r in history] == scores == [1.0, 0.0, 1.0]
    assert [
        r.mean_recall for r in recall_history(db_session, "faq", retriever="bm25", limit=2)
    ] == [
        0.0,
        1.0,
    ]
    assert len(recall_history(db_session, "faq")) == 4
    assert recall_history(db_session, "none") == []


def test_run_outcome_gives_the_comparison_scores_on_a_unit_scale(db_session: Session) -> None:
    dataset, cases = seed_dataset(db_session, cases=GT)
    run = create_run(
        db_session,
        dataset_id=dataset.id,
        retriever="bm25",
        judge="builtin",
        judge_version="1",
        scale=10,
        run_id="nightly-2026-11-30",
    )
    claims = ["Fact A.", "Fact B."]
    half = result_from_verdicts(
        claims, judged(claims, [1, None], CHUNKS).verdicts, CHUNKS, scale=10
    )
    save_case_result(db_session, run.id, cases["c1"].id, half, CHUNKS)
    save_case_result(db_session, run.id, cases["c2"].id, error_result("x", scale=10), CHUNKS)

    outcome = run_outcome(db_session, "nightly-2026-11-30")

    assert (outcome.run_id, outcome.dataset) == ("nightly-2026-11-30", "faq")
    assert [(c.case_key, c.status, c.score) for c in outcome.cases] == [
        ("c1", "scored", 0.5),
        ("c2", "error", None),
    ]
    [c1, _] = outcome.cases
    assert [(c.claim, c.supported, c.chunk_positions) for c in c1.claims] == [
        ("Fact A.", True, [1]),
        ("Fact B.", False, []),
    ]
    assert c1.claims[0].chunk_text == CHUNKS[1]
    with pytest.raises(KeyError):
        run_outcome(db_session, "missing")
