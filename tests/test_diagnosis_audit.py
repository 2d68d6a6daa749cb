"""Diagnosis through the audit on a temporary Prefect server: on the demo (HotpotQA knowledge
base) lost claims are "removed" with their document, "edited" with both texts and "ranked
r > 2" after --top-k 2; a fact written nowhere is "not in knowledge base" and one at rank 6
of top-k 5 "not retrieved, rank 6", with the built-in judge and with a model judge against
the mock (one call per case with a missed claim, none for it the next night)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import anyio
from lexical_model import kind_of, lexical_model
from model_server import FakeModelServer
from sqlmodel import Session
from test_audit_flow import run_audit
from test_cli import cli_env, recall_audit
from test_diagnosis import ABSENT, FACT, FESTIVAL, _festival_kb

from recall_audit.compare.compare import compare_runs
from recall_audit.spec import AuditSpec
from recall_audit.storage import open_database, paired_outcomes, run_results
from recall_audit.storage.knowledge import chunk_in_run_knowledge_base, run_knowledge_base
from recall_audit.tasks.diagnose import DiagnosisPlan, diagnose_run

DEMO = (Path(__file__).parents[1] / "examples" / "hotpot").resolve()


def _supporting_documents(db_url: str, run_id: str, kb: list[dict]) -> list[tuple[str, str]]:
    """(case key, document id) of the chunk behind one found claim of each case."""
    by_text = {f"{row['title']}\n{row['text']}": row["id"] for row in kb}
    found = []
    with Session(open_database(db_url)) as session:
        for result in run_results(session, run_id):
            for verdict in result.verdicts:
                if verdict.supported:
                    found.append(
                        (result.case_key, by_text[result.chunks[verdict.chunk_indices[0]]])
                    )
                    break
    return found


def test_lost_claims_removed_edited_and_ranked_on_the_demo(prefect_api, sqlite_db_url, tmp_path):
    kb_path = tmp_path / "kb.jsonl"
    shutil.copy(DEMO / "kb.jsonl", kb_path)
    rows = [json.loads(line) for line in kb_path.read_text().splitlines()]
    params = {
        "dataset": str(DEMO / "dataset.jsonl"),
        "retriever": f"bm25:{kb_path}",
        "top_k": 8,
        "database_url": sqlite_db_url,
    }
    first = run_audit(**params)
    assert first.diagnosis is not None and first.diagnosis.knowledge_base == str(kb_path)
    with Session(open_database(sqlite_db_url)) as session:
        version = run_knowledge_base(session, first.run_id)
        assert version is not None and version.chunk_count == len(rows)
        assert version.version == first.diagnosis.knowledge_base_version

    # Three gold paragraphs of three cases deleted: each of their lost claims is "removed".
    supporting = _supporting_documents(sqlite_db_url, first.run_id, rows)
    deleted = {document for _, document in supporting[:3]}
    kept = [row for row in rows if row["id"] not in deleted]
    kb_path.write_text("\n".join(json.dumps(r) for r in kept) + "\n")
    second = run_audit(**params)
    assert second.comparison is not None and second.diagnosis is not None
    assert second.comparison.lost_claims
    by_text = {f"{row['title']}\n{row['text']}": row["id"] for row in rows}
    lost = second.diagnosis.lost
    assert len(lost) == len(second.comparison.lost_claims)
    removed = [x for x in lost if by_text[x.old_text] in deleted]
    # Every claim of a deleted paragraph is "removed", naming it (another paragraph may still
    # support a claim, and BM25 moves a little when documents go: "ranked" then).
    assert removed and all(x.label == f"removed ({by_text[x.old_text]})" for x in removed)
    assert {x.cause for x in lost} <= {"removed", "ranked"}
    with Session(open_database(sqlite_db_url)) as session:
        lost = second.comparison.lost_claims[0]
        gone = __import__("hashlib").sha256(lost.chunk_text.encode()).hexdigest()
        assert chunk_in_run_knowledge_base(session, first.run_id, gone)
        assert not chunk_in_run_knowledge_base(session, second.run_id, gone)

    # One paragraph's key sentence edited: its year changed, so the claim is "edited".
    case_key, document = next(
        s for s in supporting[3:] if re.search(r"\b1[89]\d\d\b", _text(kept, s[1]))
    )
    row = next(r for r in kept if r["id"] == document)
    old = f"{row['title']}\n{row['text']}"
    row["text"] = re.sub(r"\b(1[89]\d\d)\b", lambda m: str(int(m.group(1)) + 7), row["text"])
    kb_path.write_text("\n".join(json.dumps(r) for r in kept) + "\n")
    third = run_audit(**params)
    assert third.diagnosis is not None
    edited = [x for x in third.diagnosis.lost if x.cause == "edited"]
    assert edited and {x.document for x in edited} == {document}
    assert edited[0].old_text == old and edited[0].new_text == f"{row['title']}\n{row['text']}"
    assert any(x.case_key == case_key for x in edited)

    # The same knowledge base with top_k 2 instead of 8: a labelled experiment, compared
    # with the run at 8 explicitly; its lost claims are ranked r > 2.
    fourth = run_audit(**(params | {"top_k": 2, "diagnose": False}))
    assert fourth.diagnosis is None
    engine = open_database(sqlite_db_url)
    with Session(engine) as session:
        comparison = compare_runs(*paired_outcomes(session, third.run_id, fourth.run_id))
    spec = AuditSpec.from_flat(dataset=params["dataset"], retriever=params["retriever"])
    plan = DiagnosisPlan(run_id=fourth.run_id, spec=spec)
    diagnosis = anyio.run(diagnose_run, engine, plan, comparison)
    assert comparison.lost_claims and len(diagnosis.lost) == len(comparison.lost_claims)
    ranked = [x for x in diagnosis.lost if x.cause == "ranked"]
    assert ranked and all(x.rank is not None and 2 < x.rank <= 8 for x in ranked)
    assert all(x.label == f"ranked {x.rank} > 2" for x in ranked)

    # The command line says the same: compare with causes, diagnose --json.
    env = cli_env(prefect_api, sqlite_db_url)
    shown = recall_audit("compare", third.run_id, fourth.run_id, "--json", env=env, cwd=tmp_path)
    labels = {c["label"] for c in json.loads(shown.stdout)["lost_causes"]}
    assert labels == {x.label for x in diagnosis.lost}
    done = recall_audit("diagnose", fourth.run_id[:8], "--json", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["run_id"] == fourth.run_id and report["top_k"] == 2
    assert report["advice"]["top_k_steps"] and report["by_cause"]["not_retrieved"] > 0


def _text(rows: list[dict], document: str) -> str:
    return next(r["text"] for r in rows if r["id"] == document)


def _summaries(api_url: str, key: str, run_id: str) -> list[str]:
    """The versions of an artifact that name the run."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey
    from prefect.settings import PREFECT_API_URL, temporary_settings

    async def read() -> list[str]:
        with temporary_settings({PREFECT_API_URL: api_url}):
            async with get_client() as client:
                found = await client.read_artifacts(
                    artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key]))
                )
        return [a.data for a in found if run_id in str(a.data)]

    return anyio.run(read)


def _festival(tmp_path: Path) -> dict:
    kb = _festival_kb(tmp_path)
    dataset = tmp_path / "festival.jsonl"
    case = {"id": "festival", "question": FESTIVAL, "ground_truth": f"{FACT} {ABSENT}"}
    dataset.write_text(json.dumps(case) + "\n")
    return {"dataset": str(dataset), "retriever": f"bm25:{kb}", "top_k": 5}


def _labels(summary) -> list[str]:
    assert summary.diagnosis is not None
    return [m.label for m in summary.diagnosis.missed]


def test_not_in_the_knowledge_base_and_not_retrieved_at_rank_6(
    prefect_api, sqlite_db_url, tmp_path
):
    params = _festival(tmp_path)
    summary = run_audit(**params, database_url=sqlite_db_url)
    assert _labels(summary) == ["not retrieved, rank 6", "not in knowledge base"]
    assert summary.diagnosis.missed[0].source.document == "d6"
    assert summary.diagnosis.notes == [] and summary.diagnosis.recorded_version is None
    # The run's summary artifact (one version) says what to do next, like "why missed".
    [artifact] = _summaries(prefect_api, "recall-festival-summary", summary.run_id)
    assert "## What to do next" in artifact
    assert "**1 claim(s) are not in the knowledge base**" in artifact and ABSENT in artifact
    assert "**1 claim(s) would be found with top_k = 6**" in artifact
    assert "most often not retrieved: `d6` (Kelmar town history): 1" in artifact

    # Diagnosed again once the knowledge base's files changed: it says so, in one line.
    kb = Path(params["retriever"].removeprefix("bm25:"))
    kb.write_text(kb.read_text() + json.dumps({"id": "d8", "text": ABSENT}) + "\n")
    env = cli_env(prefect_api, sqlite_db_url)
    shown = recall_audit("diagnose", summary.run_id, "--json", env=env, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    report = json.loads(shown.stdout)
    assert report["recorded_version"] == summary.diagnosis.knowledge_base_version
    assert report["knowledge_base_version"] != report["recorded_version"]
    [note] = report["notes"]
    assert note.startswith(f"The knowledge base changed since run {summary.run_id[:8]}: it saw")
    assert note.endswith(f"of {kb} (today's files).")
    text = recall_audit("diagnose", summary.run_id, env=env, cwd=tmp_path).stdout
    assert [line for line in text.splitlines() if "knowledge base changed" in line] == [f"- {note}"]


def test_a_model_judge_diagnoses_in_one_call_and_not_again(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    params = _festival(tmp_path) | {"judge": "openai/fake", "database_url": sqlite_db_url}
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        first = run_audit(**params)
        # The case's judgement, then one diagnosis call for both of its missed claims.
        assert [kind_of(r) for r in model.requests] == ["judgement", "attribution"]
        assert _labels(first) == ["not retrieved, rank 6", "not in knowledge base"]
        assert first.diagnosis.usage.calls == 1
        model.requests.clear()
        again = run_audit(**params)
        assert model.requests == []
        assert again.diagnosis.usage.calls == 0 and again.diagnosis.usage.cached_calls == 1
        assert _labels(again) == _labels(first)


def test_the_regression_event_and_its_alert_carry_each_lost_claims_cause(
    prefect_api, sqlite_db_url, tmp_path
):
    from prefect.server.utilities.user_templates import render_user_template_sync
    from test_gate_scenario import lighthouses, regressed_events, write_jsonl

    from recall_audit.deployments.alerts import LINK, REGRESSED_BODY

    args, kb, paragraphs = lighthouses(tmp_path)
    env = cli_env(prefect_api, sqlite_db_url)
    assert recall_audit(*args, "--json", env=env, cwd=tmp_path).returncode == 0
    write_jsonl(kb, paragraphs[3:])  # three cases lose the paragraph that supported them
    second = recall_audit(*args, "--json", env=env, cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    [event] = regressed_events(prefect_api, json.loads(second.stdout)["run_id"])
    payload = event.payload
    assert payload["lost_claims_count"] == 3 and payload["lost_causes"] == {"removed": 3}
    assert sorted((c["case"], c["cause"], c["why"]) for c in payload["lost_claims"]) == [
        (f"case-0{i}", "removed", f"removed (doc-0{i})") for i in range(3)
    ]
    # What the alert's automation sends: the causes, then each lost claim with its own.
    body = render_user_template_sync(REGRESSED_BODY.removesuffix(LINK), {"event": event})
    assert "3 claim(s) lost. Causes: removed 3." in body
    assert all(f" case-0{i}: removed (doc-0{i})." in body for i in range(3))


def test_the_regression_event_names_twenty_lost_claims_at_most_each_cut_short():
    from recall_audit.compare.compare import ClaimChange
    from recall_audit.diagnosis import LostClaim
    from recall_audit.tasks.publish import EVENT_TEXT, _lost_payload

    long = "Le phare de Varnholm fut bâti en 1801 " * 40
    changes = [
        ClaimChange(case_key=f"c{i}", question="q", claim_index=0, claim=long,
                    chunk_positions=[0], quote="", chunk_text=None)
        for i in range(30)
    ]  # fmt: skip
    causes = [LostClaim(case_key=f"c{i}", claim_index=0, claim=long, cause="ranked", rank=9,
                        top_k=2) for i in range(25)]  # fmt: skip
    payload = _lost_payload(changes, causes)
    assert len(payload["lost_claims"]) == 20 and payload["lost_causes"] == {"ranked": 25}
    assert all(len(c["claim"]) <= EVENT_TEXT for c in payload["lost_claims"])
    assert all(c["claim"].endswith("…") for c in payload["lost_claims"])
    assert payload["lost_claims"][0]["why"] == "ranked 9 > 2"
    # A lost claim the audit did not diagnose has no cause.
    assert _lost_payload(changes[:1], [])["lost_claims"][0]["cause"] is None


def test_an_http_retrievers_document_ids_titles_and_scores_are_kept_with_its_chunks(
    prefect_api, sqlite_db_url, tmp_path
):
    from retriever_server import Reply, RetrieverServer
    from sqlmodel import col, select

    from recall_audit.storage.tables import CaseResult, RetrievedChunk

    def search(body: dict) -> Reply:
        return Reply(body={"results": [
            {"text": "東京タワーは1958年に完成した。", "id": "jp-7", "title": "東京タワー",
             "score": 0.91},
            {"metadata": {"text": "The Eiffel Tower was finished in 1889.", "doc_id": 42},
             "score": 3},
            {"text": "Rye bread keeps for days."},
        ]})  # fmt: skip

    data = tmp_path / "towers.jsonl"
    case = {"id": "towers", "question": "When were the towers finished?",
            "ground_truth": "The Eiffel Tower was finished in 1889."}  # fmt: skip
    data.write_text(json.dumps(case, ensure_ascii=False) + "\n", encoding="utf-8")
    with RetrieverServer(default=search) as server:
        summary = run_audit(dataset=str(data), retriever=server.url, database_url=sqlite_db_url)
    assert (summary.scored, summary.errors) == (1, 0)
    with Session(open_database(sqlite_db_url)) as session:
        rows = session.exec(
            select(RetrievedChunk)
            .join(CaseResult, col(CaseResult.id) == col(RetrievedChunk.case_result_id))
            .where(CaseResult.run_id == summary.run_id)
            .order_by(col(RetrievedChunk.position))
        ).all()
    assert [(r.document_id, r.title, r.score) for r in rows] == [
        ("jp-7", "東京タワー", 0.91),
        ("42", None, 3.0),
        (None, None, None),
    ]


def test_the_built_in_judges_diagnosis_is_judged_once(prefect_api, sqlite_db_url, monkeypatch):
    """Its verdicts go to the verdict cache: the same run diagnosed again (the next night's
    unchanged cases) judges nothing and says the same."""
    from recall_audit.scorer.judges.builtin import BuiltinJudge

    retriever = f"bm25:{DEMO / 'kb.jsonl'}"
    params = {"dataset": str(DEMO / "dataset.jsonl"), "retriever": retriever, "top_k": 4}
    run = run_audit(**params, database_url=sqlite_db_url, diagnose=False)
    judged: list[int] = []
    judge = BuiltinJudge.judge
    monkeypatch.setattr(
        BuiltinJudge, "judge", lambda self, *args: judged.append(1) or judge(self, *args)
    )
    engine = open_database(sqlite_db_url)
    plan = DiagnosisPlan(run_id=run.run_id, spec=AuditSpec.from_flat(**params))
    first = anyio.run(diagnose_run, engine, plan)
    assert first.missed and len(judged) == len({x.case_key for x in first.missed})
    again = anyio.run(diagnose_run, engine, plan)
    assert len(judged) == len({x.case_key for x in first.missed})
    assert again == first
