"""Retention: prune_runs keeps the newest completed runs, unfinished work and baselines, and
deletes the rest with their results and the chunks nothing refers to any more."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from db_fixtures import judged, seed_dataset
from sqlalchemy import func
from sqlmodel import Session, select

from recall_audit.storage import (
    PruneReport,
    RunStatus,
    create_run,
    finish_run,
    get_claims,
    get_run,
    list_runs,
    pin_baseline,
    prune_runs,
    run_results,
    save_case_result,
    set_run_baseline,
)
from recall_audit.storage.tables import CaseResult, Chunk, Run, VerdictRow

GROUND_TRUTH = "Paris is the capital of France."
CLAIMS = ["Paris is the capital of France."]
SHARED = "Paris has been the capital of France since 987."
START = datetime(2025, 1, 1, tzinfo=UTC)


def night(
    session: Session,
    dataset_id: int,
    case_id: int,
    day: int,
    status: RunStatus,
    baseline: str | None = None,
) -> str:
    """A run started on `day` that saved one case retrieving SHARED and a chunk of its own."""
    run_id = create_run(
        session, dataset_id=dataset_id, retriever="bm25", judge="builtin", judge_version="1"
    ).id
    chunks = [SHARED, f"passage only night {day} retrieved"]
    save_case_result(session, run_id, case_id, judged(CLAIMS, [0], chunks), chunks)
    if status != RunStatus.RUNNING:
        finish_run(session, run_id, status)
    if baseline is not None:
        set_run_baseline(session, run_id, baseline)
    # Start times a day apart, so "newest" does not hang on clock resolution.
    session.get(Run, run_id).started_at = START + timedelta(days=day)  # type: ignore[union-attr]
    session.commit()
    return run_id


def history(session: Session) -> dict[str, str]:
    """Nine nights of dataset faq (named r1..r9) and one of dataset kb (k1)."""
    faq, faq_cases = seed_dataset(session, "faq", {"c1": GROUND_TRUTH})
    kb, kb_cases = seed_dataset(session, "kb", {"c1": GROUND_TRUTH})
    case = faq_cases["c1"].id
    runs: dict[str, str] = {}
    runs["r1"] = night(session, faq.id, case, 1, RunStatus.COMPLETED)
    runs["r2"] = night(session, faq.id, case, 2, RunStatus.COMPLETED)
    runs["r3"] = night(session, faq.id, case, 3, RunStatus.FAILED)  # before the window
    runs["r4"] = night(session, faq.id, case, 4, RunStatus.RUNNING)  # killed long ago
    runs["r5"] = night(session, faq.id, case, 5, RunStatus.COMPLETED)
    runs["r6"] = night(session, faq.id, case, 6, RunStatus.COMPLETED)
    set_run_baseline(session, runs["r5"], runs["r6"])  # a baseline's own baseline
    runs["r7"] = night(session, faq.id, case, 7, RunStatus.COMPLETED)
    runs["r8"] = night(session, faq.id, case, 8, RunStatus.FAILED)  # resumable, in the window
    runs["r9"] = night(session, faq.id, case, 9, RunStatus.COMPLETED, baseline=runs["r5"])
    pin_baseline(session, runs["r1"])
    runs["k1"] = night(session, kb.id, kb_cases["c1"].id, 10, RunStatus.COMPLETED)
    return runs


def chunk_texts(session: Session) -> set[str]:
    return set(session.exec(select(Chunk.text)).all())


def test_prune_keeps_the_newest_completed_runs_unfinished_work_and_baselines(
    db_session: Session,
) -> None:
    runs = history(db_session)

    report = prune_runs(db_session, keep=2)

    by_dataset = {d.dataset: d for d in report.datasets}
    # Kept: r9 r7 (newest two completed), r8 (failed in the window), r4 (running),
    # r1 (pinned), r5 (r9's baseline). r6 was only r5's baseline: one level, it goes.
    assert by_dataset["faq"].deleted_run_ids == [runs["r6"], runs["r3"], runs["r2"]]
    assert by_dataset["faq"].kept_runs == 6
    assert (by_dataset["kb"].deleted_run_ids, by_dataset["kb"].kept_runs) == ([], 1)
    assert report.deleted_run_ids == [runs["r6"], runs["r3"], runs["r2"]]
    assert {r.id for r in list_runs(db_session, limit=100)} == {
        runs[name] for name in ("r1", "r4", "r5", "r7", "r8", "r9", "k1")
    }
    assert get_run(db_session, runs["r4"]).status == RunStatus.RUNNING  # type: ignore[union-attr]
    assert get_run(db_session, runs["r5"]).baseline_run_id is None  # type: ignore[union-attr]
    assert get_run(db_session, runs["r9"]).baseline_run_id == runs["r5"]  # type: ignore[union-attr]
    # The deleted runs' results and verdicts went with them; kept runs keep all of theirs.
    assert db_session.exec(select(func.count()).select_from(CaseResult)).one() == 7
    assert db_session.exec(select(func.count()).select_from(VerdictRow)).one() == 7
    kept = run_results(db_session, runs["r5"])
    assert [(r.score, r.chunks) for r in kept] == [
        (1.0, [SHARED, "passage only night 5 retrieved"])
    ]


def test_orphan_chunks_go_shared_chunks_and_claims_stay_and_a_second_prune_does_nothing(
    db_session: Session,
) -> None:
    history(db_session)

    report = prune_runs(db_session, keep=2)

    assert report.chunks_deleted == 3
    own = {f"passage only night {day} retrieved" for day in (1, 4, 5, 7, 8, 9, 10)}
    assert chunk_texts(db_session) == {SHARED, *own}
    assert get_claims(db_session, [GROUND_TRUTH], "builtin", "1") == {GROUND_TRUTH: CLAIMS}

    again = prune_runs(db_session, keep=2)
    assert (again.deleted_run_ids, again.chunks_deleted) == ([], 0)
    assert len(list_runs(db_session, limit=100)) == 7


def test_a_dry_run_deletes_nothing_and_reports_what_the_prune_then_deletes(
    db_session: Session,
) -> None:
    history(db_session)
    chunks_before = chunk_texts(db_session)

    dry = prune_runs(db_session, keep=2, dry_run=True)

    assert len(list_runs(db_session, limit=100)) == 10
    assert chunk_texts(db_session) == chunks_before
    real = prune_runs(db_session, keep=2)
    assert (dry.dry_run, real.dry_run) == (True, False)
    assert dry.datasets == real.datasets
    assert dry.chunks_deleted == real.chunks_deleted == 3


def test_prune_of_one_dataset_leaves_the_others_alone(db_session: Session) -> None:
    runs = history(db_session)
    kb, kb_cases = seed_dataset(db_session, "kb", {"c1": GROUND_TRUTH})  # already there
    for day in (11, 12):  # more kb nights, so keep=1 would have kb runs to delete
        night(db_session, kb.id, kb_cases["c1"].id, day, RunStatus.COMPLETED)

    report = prune_runs(db_session, dataset="faq", keep=1)

    assert [d.dataset for d in report.datasets] == ["faq"]
    assert len(list_runs(db_session, dataset="kb", limit=100)) == 3
    # The window now starts at r9, so r8 failed before it and goes.
    assert {r.id for r in list_runs(db_session, dataset="faq", limit=100)} == {
        runs[name] for name in ("r1", "r4", "r5", "r9")
    }
    with pytest.raises(KeyError, match="nope"):
        prune_runs(db_session, dataset="nope")
    with pytest.raises(ValueError, match="keep"):
        prune_runs(db_session, keep=0)


def test_the_prune_command_prints_a_json_report(
    db_url: str, db_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from recall_audit.cli.commands import app

    runs = history(db_session)
    monkeypatch.setenv("RECALL_AUDIT_DATABASE_URL", db_url)
    runner = CliRunner()

    dry = runner.invoke(app, ["prune", "--keep", "2", "--dry-run", "--json"])
    assert dry.exit_code == 0, dry.output
    assert PruneReport.model_validate(json.loads(dry.stdout)).dry_run is True

    done = runner.invoke(app, ["prune", "--dataset", "faq", "--keep", "2", "--json"])
    assert done.exit_code == 0, done.output
    report = PruneReport.model_validate(json.loads(done.stdout))
    assert report.deleted_run_ids == [runs["r6"], runs["r3"], runs["r2"]]
    assert report.chunks_deleted == 3

    table = runner.invoke(app, ["prune", "--keep", "2"])
    assert table.exit_code == 0 and "deleted 0 chunks" in table.stdout
    missing = runner.invoke(app, ["prune", "--dataset", "nope"])
    assert missing.exit_code == 2 and "nope" in missing.output
