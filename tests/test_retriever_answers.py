"""What a retriever sends back is held to what was asked: no more than --top-k chunks of any
retriever are stored or judged, and an answer that is not what the retriever's kind promises
(an HTML page, JSON cut off) fails its case instead of being scored as a chunk."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from flat_audit import audit_flat
from retriever_server import Reply, RetrieverServer
from sqlmodel import Session

from recall_audit.storage import open_database, run_results

ROW = {
    "id": "born",
    "question": "When was Einstein born?",
    "ground_truth": "Einstein was born in 1879.",
}


def run_audit(**params):
    return asyncio.run(audit_flat(**params))


def _results(db_url: str, run_id: str) -> dict:
    with Session(open_database(db_url)) as session:
        return {r.case_key: r for r in run_results(session, run_id)}


def _dataset(tmp_path: Path, *rows: dict) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _flood(body: dict) -> Reply:
    return Reply(body={"results": [{"text": f"Passage {n}"} for n in range(500)]})


def test_top_k_caps_what_an_http_and_a_python_retriever_send_back(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    data = _dataset(tmp_path, ROW)
    with RetrieverServer(default=_flood) as server:
        by_http = run_audit(
            dataset=str(data), retriever=server.url, top_k=3, database_url=sqlite_db_url
        )
    by_python = run_audit(
        dataset=str(data),
        retriever="python:pipeline_retrievers:floods",
        top_k=2,
        database_url=sqlite_db_url,
    )
    assert _results(sqlite_db_url, by_http.run_id)["born"].chunks == [
        "Passage 0",
        "Passage 1",
        "Passage 2",
    ]
    assert len(_results(sqlite_db_url, by_python.run_id)["born"].chunks) == 2


def test_precomputed_chunks_are_the_datasets_own_and_kept_whole(
    prefect_api, sqlite_db_url, tmp_path
):
    contexts = [f"Chunk {n}." for n in range(6)] + ["Einstein was born in 1879."]
    data = _dataset(tmp_path, {**ROW, "contexts": contexts})
    summary = run_audit(dataset=str(data), top_k=2, database_url=sqlite_db_url)
    born = _results(sqlite_db_url, summary.run_id)["born"]
    assert born.chunks == contexts and born.score == 1.0


@pytest.mark.parametrize(
    "reply",
    [
        Reply(
            body="<html><body><form>Sign in</form> Einstein was born in 1879.</body></html>",
            headers={"Content-Type": "text/html"},
        ),
        Reply(body='{"results": [{"text": "Einstein was born in 1879.'),
    ],
    ids=["login page", "truncated JSON"],
)
def test_an_answer_that_is_not_json_fails_its_case_instead_of_scoring(
    prefect_api, sqlite_db_url, tmp_path, reply
):
    from recall_audit.flows.verdict import GateFailed

    data = _dataset(tmp_path, ROW)
    # No case scored: the gate fails the run.
    with RetrieverServer(default=lambda body: reply) as server, pytest.raises(GateFailed) as failed:
        run_audit(dataset=str(data), retriever=server.url, database_url=sqlite_db_url)
    summary = failed.value.summary
    born = _results(sqlite_db_url, summary.run_id)["born"]
    assert (summary.scored, summary.errors) == (0, 1)
    assert born.status == "error" and born.score is None
    assert born.error.startswith("retriever: ") and "answered " in born.error
