"""An audit of a dataset that labels its relevant documents, on the real Prefect server: the
recall by document id and the context precision are stored per case and per run, in the
summary artifact, `--json`, `show` and `runs`; a qrels file labels the cases instead."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from flat_audit import audit_flat
from prefect_harness import latest_summary
from sqlmodel import Session
from typer.testing import CliRunner

from recall_audit.cli.commands import app
from recall_audit.retrievers import Bm25Retriever
from recall_audit.scorer.recall import context_precision
from recall_audit.storage import open_database, run_results

HOTPOT = Path(__file__).resolve().parents[1] / "examples" / "hotpot"
KB = HOTPOT / "kb.jsonl"


def expected_id_recall(rows: list[dict], top_k: int) -> dict[str, float]:
    """Each labelled case's share of gold paragraphs among BM25's top_k, found directly."""
    retriever = Bm25Retriever(KB)
    found = {}
    for row in rows:
        if "reference_context_ids" in row:
            retrieved = {c.document for c in retriever.search_chunks(row["question"], top_k)}
            gold = set(row["reference_context_ids"])
            found[row["id"]] = len(gold & retrieved) / len(gold)
    return found


def test_labelled_documents_give_id_recall_and_every_run_precision(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
) -> None:
    rows = [json.loads(line) for line in (HOTPOT / "dataset.jsonl").read_text().splitlines()[:4]]
    del rows[3]["reference_context_ids"]  # one case without labels: no id recall, not 0
    data = tmp_path / "labelled.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    # Not diagnosed: what is measured here needs no diagnosis, and it would double the time.
    audit = {"dataset": str(data), "retriever": f"bm25:{KB}", "top_k": 4, "diagnose": False}
    summary = asyncio.run(audit_flat(**audit, database_url=sqlite_db_url))
    expected = expected_id_recall(rows, 4)
    assert (summary.labelled_cases, summary.id_recall_cases) == (3, 3)
    assert summary.mean_id_recall == pytest.approx(sum(expected.values()) / 3)
    with Session(open_database(sqlite_db_url)) as session:
        cases = {r.case_key: r for r in run_results(session, summary.run_id)}
    assert {k: c.id_recall for k, c in cases.items() if c.id_recall is not None} == pytest.approx(
        expected
    )
    unlabelled = cases[rows[3]["id"]]
    assert (unlabelled.id_recall, unlabelled.reference_ids) == (None, None)
    assert all(d and d.startswith("p") for c in cases.values() for d in c.document_ids)
    # Context precision from the same verdicts, for every case and the run.
    precisions = [context_precision(c.verdicts, len(c.chunks)) for c in cases.values()]
    assert [c.context_precision for c in cases.values()] == pytest.approx(precisions)
    assert summary.mean_context_precision == pytest.approx(sum(precisions) / len(precisions))

    artifact = asyncio.run(latest_summary("labelled"))
    assert f"context precision {summary.mean_context_precision:.3f}" in artifact
    assert f"recall by document id {summary.mean_id_recall:.3f} over the 3 labelled" in artifact

    monkeypatch.setenv("RECALL_AUDIT_DATABASE_URL", sqlite_db_url)
    runner = CliRunner()
    shown = runner.invoke(app, ["show", summary.run_id[:8]])
    assert shown.exit_code == 0, shown.output
    first = min(expected)
    assert f"Recall by document id: {expected[first]:.3f}, " in shown.stdout
    assert "relevant documents retrieved (@1 " in shown.stdout
    assert f"Context precision: {cases[first].context_precision:.3f}" in shown.stdout
    assert "(p0" in shown.stdout  # each chunk's document
    as_json = json.loads(runner.invoke(app, ["show", summary.run_id, "--json"]).stdout)
    assert as_json["run"]["mean_id_recall"] == pytest.approx(summary.mean_id_recall)
    labelled = [c for c in as_json["cases"] if c["reference_ids"]]
    assert all(c["id_recall"] is not None and "missed_ids" in c for c in labelled)
    [listed] = json.loads(runner.invoke(app, ["runs", "--json"]).stdout)
    assert listed["mean_context_precision"] == pytest.approx(summary.mean_context_precision)

    # A qrels file labels the cases instead of their rows: here only the fourth, and one of
    # its query ids is no case's (said, not fatal).
    gold = json.loads((HOTPOT / "dataset.jsonl").read_text().splitlines()[3])
    qrels = tmp_path / "qrels.tsv"
    lines = [f"{gold['id']}\t{i}\t1" for i in gold["reference_context_ids"]] + ["nosuch\tp0001\t1"]
    qrels.write_text("query-id\tcorpus-id\tscore\n" + "\n".join(lines) + "\n")
    again = asyncio.run(audit_flat(**audit, qrels=str(qrels), database_url=sqlite_db_url))
    assert (again.labelled_cases, again.id_recall_cases) == (1, 1)
    assert again.mean_id_recall == pytest.approx(expected_id_recall([gold], 4)[gold["id"]])
    assert again.notes == [
        f"{qrels}: 1 of 2 query ids are no case's id (the first: 'nosuch'); those labels are not used"
    ]
    # Labels are the dataset's, not the configuration's: compared with the run before.
    assert again.comparison.base_run_id == summary.run_id
    assert again.comparison.verdict == "unchanged"
