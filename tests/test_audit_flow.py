"""The audit flow on a temporary Prefect server: scores, rows, artifacts, and what it costs."""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest
from flat_audit import audit_flat
from lexical_model import kind_of, lexical_model
from model_server import Canned, FakeModelServer, Recorded, openai_completion
from sqlmodel import Session, func, select

from recall_audit.storage import list_runs, open_database, run_results
from recall_audit.storage.tables import ClaimSet

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run_audit(**params):
    return asyncio.run(audit_flat(**params))


@pytest.fixture
def einstein(tmp_path: Path) -> Path:
    copy = tmp_path / "einstein.jsonl"
    copy.write_text((EXAMPLES / "einstein.jsonl").read_text())
    return copy


def test_audit_scores_persists_and_publishes(prefect_api, db_url, einstein):
    summary = run_audit(dataset=str(einstein), database_url=db_url, batch_size=2)

    assert (summary.cases, summary.scored, summary.errors) == (4, 4, 0)
    assert summary.mean_recall == pytest.approx((2 / 3 + 1 + 1 / 2 + 0) / 4)
    assert summary.retriever == "precomputed" and summary.comparison is None
    with Session(open_database(db_url)) as session:
        results = {r.case_key: r for r in run_results(session, summary.run_id)}
        assert list_runs(session)[0].status == "completed"
    einstein_case = results["einstein"]
    assert einstein_case.score == pytest.approx(2 / 3)
    assert [v.supported for v in einstein_case.verdicts] == [True, True, False]
    assert einstein_case.chunks[0].startswith("Albert Einstein was born in 1879")

    from prefect.client.orchestration import get_client

    async def artifact_keys() -> set[str]:
        async with get_client() as client:
            return {a.key for a in await client.read_artifacts() if a.key}

    keys = asyncio.run(artifact_keys())
    assert {
        "recall-einstein-summary",
        "recall-einstein-worst-cases",
        "recall-einstein-trend",
    } <= keys

    again = run_audit(dataset=str(einstein), database_url=db_url)
    assert again.comparison is not None and again.comparison.verdict == "unchanged"
    assert again.comparison.base_run_id == summary.run_id


def test_model_judge_reruns_cost_only_what_changed(
    prefect_api, sqlite_db_url, einstein, monkeypatch
):
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret")
        params = {"dataset": str(einstein), "judge": "openai/fake", "database_url": sqlite_db_url}

        first = run_audit(**params)
        # Four new ground truths: each case's one call states its claims and judges them.
        assert [kind_of(r) for r in model.requests] == ["judgement"] * 4
        assert first.model_calls == 4 and first.scored == 4 and first.errors == 0

        model.requests.clear()
        second = run_audit(**params)
        assert model.requests == [] and second.model_calls == 0
        assert second.cached_calls == 4 and second.mean_recall == first.mean_recall

        rows = [json.loads(line) for line in einstein.read_text().splitlines()]
        rows[0]["contexts"] = [*rows[0]["contexts"], "Einstein won the Nobel Prize in Physics."]
        einstein.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        third = run_audit(**params)
        assert [kind_of(r) for r in model.requests] == ["attribution"]
        assert third.model_calls == 1 and third.cached_calls == 3
        assert (
            third.comparison is not None
            and third.comparison.gained_claims[0].case_key == "einstein"
        )

        with Session(open_database(sqlite_db_url)) as session:
            stored = str([r.model_dump() for r in run_results(session, third.run_id)])
        assert "sk-test-secret" not in stored


def _with_twins(einstein: Path) -> None:
    """Two more cases sharing ground truths with others (other chunk orders): one in the
    same batch of two, one in a later batch."""
    rows = {r["id"]: r for r in map(json.loads, einstein.read_text().splitlines())}

    def twin(key: str) -> dict:
        return {**rows[key], "id": f"{key}-2", "contexts": rows[key]["contexts"][::-1]}

    order = [rows["einstein"], twin("einstein"), rows["curie"], rows["eiffel"]]
    order += [rows["water"], twin("curie")]
    einstein.write_text("\n".join(json.dumps(r) for r in order) + "\n")


def _answer(reply: Canned) -> dict:
    return json.loads(reply.body["choices"][0]["message"]["content"])


def test_cases_sharing_a_ground_truth_get_its_first_claims_frozen(
    prefect_api, sqlite_db_url, einstein, monkeypatch
):
    """Every judgement states the claims a little differently (as a sampled model would),
    so a case that asked for claims of its own would show it."""
    calls = itertools.count(1)

    def restating(request: Recorded) -> Canned:
        reply = lexical_model(request)
        if kind_of(request) != "judgement":
            return reply
        answer, n = _answer(reply), next(calls)
        for claim in answer["claims"]:
            claim["claim"] += f" [{n}]"
        return openai_completion(answer)

    _with_twins(einstein)
    with FakeModelServer(restating) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        params = {
            "dataset": str(einstein),
            "judge": "openai/fake",
            "database_url": sqlite_db_url,
            "batch_size": 2,
        }
        first = run_audit(**params)
        kinds = [kind_of(r) for r in model.requests]
        assert first.model_calls == 6 and first.scored == 6 and first.errors == 0
        assert sorted(kinds) == ["attribution"] * 2 + ["judgement"] * 4
        with Session(open_database(sqlite_db_url)) as session:
            claims = {r.case_key: r.claims for r in run_results(session, first.run_id)}
            frozen = session.exec(select(ClaimSet)).all()
        assert claims["einstein-2"] == claims["einstein"] and claims["curie-2"] == claims["curie"]
        assert sorted(map(str, claims.values())) == sorted(
            map(str, [s.claims for s in frozen] + [claims["einstein"], claims["curie"]])
        )
        # Only the first case's judgement gave claims; the twins were asked about those.
        for request in model.requests:
            if kind_of(request) == "attribution":
                assert "[" in request.json["messages"][-1]["content"].split("Claims:")[1]

        model.requests.clear()
        again = run_audit(**params)
        assert model.requests == [] and again.model_calls == 0
        with Session(open_database(sqlite_db_url)) as session:
            assert claims == {r.case_key: r.claims for r in run_results(session, again.run_id)}


def test_broken_judgements_still_end_scored(prefect_api, sqlite_db_url, einstein, monkeypatch):
    """An unreadable judgement, or one with a bad verdict, is no source of claims: each costs
    the separate extraction and attribution, and the claims frozen are the extraction's."""

    def breaking(request: Recorded) -> Canned:
        user = request.json["messages"][-1]["content"]
        if kind_of(request) != "judgement" or "Curie" in user or "water" in user:
            return lexical_model(request)
        if "Einstein" in user:
            return openai_completion("Sorry, I cannot judge that.")
        answer = _answer(lexical_model(request))
        answer["claims"][0] |= {"supported": True, "chunks": [9], "claim": "Dropped the rest."}
        return openai_completion(answer)

    with FakeModelServer(breaking) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        params = {"dataset": str(einstein), "judge": "openai/fake", "database_url": sqlite_db_url}
        first = run_audit(**params)
        kinds = [kind_of(r) for r in model.requests]
        assert first.scored == 4 and first.errors == 0 and first.repairs == 0
        assert first.model_calls == 8 and kinds.count("judgement") == 4
        assert kinds.count("extraction") == 2 and kinds.count("attribution") == 2
        with Session(open_database(sqlite_db_url)) as session:
            results = {r.case_key: r for r in run_results(session, first.run_id)}
            assert session.exec(select(func.count()).select_from(ClaimSet)).one() == 4
        assert results["einstein"].claims == [
            "Einstein was born in 1879.",
            "He developed relativity.",
            "He won the Nobel Prize.",
        ]
        assert "Dropped the rest." not in results["eiffel"].claims
        # The attribution's look (the chunks do not give the height) is the verdict.
        assert results["eiffel"].verdicts[0].supported is False

        model.requests.clear()
        again = run_audit(**params)
        assert model.requests == [] and again.mean_recall == first.mean_recall


def test_rpm_paces_the_judges_requests(prefect_api, sqlite_db_url, einstein, monkeypatch):
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        summary = run_audit(
            dataset=str(einstein), judge="openai/fake", database_url=sqlite_db_url, rpm=120
        )
    assert summary.scored == 4 and summary.model_calls == 4
    # 120 a minute: a burst of two, then 118 a minute; so any span of t seconds holds at most
    # 2 + 118/60 x t requests (unpaced, all four arrive within a fraction of a second).
    arrivals = [r.at for r in model.requests]
    for (i, start), (j, end) in itertools.combinations(enumerate(arrivals), 2):
        assert j - i + 1 <= 2 + 118 / 60 * (end - start) + 0.05


def test_concurrency_caps_the_requests_in_flight_to_the_model(
    prefect_api, sqlite_db_url, einstein, monkeypatch
):
    def slow(request: Recorded) -> Canned:
        return replace(lexical_model(request), delay=0.3)

    with FakeModelServer(slow) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        summary = run_audit(
            dataset=str(einstein), judge="openai/fake", database_url=sqlite_db_url, concurrency=2
        )
    assert summary.scored == 4 and summary.model_calls == 4
    # Four cases may be judged at once, but only two requests are ever on the wire.
    assert model.max_in_flight == 2


def test_no_row_with_chunks_and_no_retriever_is_a_configuration_error(
    prefect_api, sqlite_db_url, tmp_path
):
    from recall_audit.errors import ConfigurationError

    bare = tmp_path / "bare.jsonl"
    bare.write_text(json.dumps({"question": "q", "ground_truth": "An answer."}) + "\n")
    with pytest.raises(ConfigurationError, match="choose a retriever"):
        run_audit(dataset=str(bare), database_url=sqlite_db_url)


def test_retriever_failures_become_case_errors_and_the_run_goes_on(
    prefect_api, sqlite_db_url, tmp_path
):
    rows = [
        {
            "id": "ok",
            "question": "When was Einstein born?",
            "ground_truth": "Einstein was born in 1879.",
        },
        {"id": "boom", "question": "explode", "ground_truth": "Something true."},
    ]
    data = tmp_path / "cases.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    summary = run_audit(
        dataset=str(data),
        retriever="python:pipeline_retrievers:explodes_on_explode",
        database_url=sqlite_db_url,
    )
    assert (summary.cases, summary.scored, summary.errors) == (2, 1, 1)
    with Session(open_database(sqlite_db_url)) as session:
        results = {r.case_key: r for r in run_results(session, summary.run_id)}
    assert results["boom"].status == "error" and "retriever" in results["boom"].error
    assert results["boom"].score is None and results["ok"].score == 1.0


def test_http_retriever_in_the_pipeline_with_a_transient_failure(
    prefect_api, sqlite_db_url, tmp_path
):
    from retriever_server import Reply, RetrieverServer

    knowledge = {
        "When was Einstein born?": [{"page_content": "Albert Einstein was born in 1879 in Ulm."}],
        "Where did Curie work?": [{"page_content": "Marie Curie worked in Paris."}],
    }

    def search(body) -> Reply:
        return Reply(body={"documents": knowledge[body["question"]][: body["top_k"]]})

    rows = [
        {
            "id": "einstein",
            "question": "When was Einstein born?",
            "ground_truth": "Einstein was born in 1879.",
        },
        {
            "id": "curie",
            "question": "Where did Curie work?",
            "ground_truth": "Curie worked in Warsaw.",
        },
    ]
    data = tmp_path / "cases.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    with RetrieverServer(default=search) as server:
        server.script(Reply(status=503))
        summary = run_audit(
            dataset=str(data), retriever=server.url, top_k=3, database_url=sqlite_db_url
        )
        bodies = [r.body for r in server.requests]
    assert (summary.scored, summary.errors) == (2, 0)
    assert summary.mean_recall == pytest.approx(0.5)
    assert len(bodies) == 3 and all(b["top_k"] == 3 for b in bodies)
    with Session(open_database(sqlite_db_url)) as session:
        results = {r.case_key: r for r in run_results(session, summary.run_id)}
    assert results["curie"].chunks == ["Marie Curie worked in Paris."]
    assert results["curie"].score == 0 and results["einstein"].score == 1
