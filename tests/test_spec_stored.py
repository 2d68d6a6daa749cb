"""The spec is stored with its run (secrets as references) and read back: `--resume` refuses a
run's other settings by name (how fast and where it runs may change), `diagnose RUN` uses
the run's own retriever with its settings, `compare` says what the two runs' specs differ in."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from retriever_server import Reply, RetrieverServer
from sqlmodel import Session
from test_cli import cli_env, recall_audit

from recall_audit.compare.compare import SettingChange, compare_runs
from recall_audit.compare.report import comparison_markdown
from recall_audit.spec import AuditSpec
from recall_audit.storage import RunStatus, finish_run, get_run, open_database, paired_outcomes
from recall_audit.storage.specs import run_spec

EINSTEIN = Path(__file__).parents[1] / "examples" / "einstein.jsonl"
TOKEN = "tok-5ecret-7f3a9c"
SEARCH_ENV = "SPEC_TEST_SEARCH"
CASES = {
    "capital": ("What is the capital of France?", "Paris is the capital of France."),
    "river": ("Which river flows through Paris?", "The Seine flows through Paris."),
}
NOISE = ["Lyon is a city in the south of France.", "Bananas are yellow when ripe."]


def _search(body: dict, headers: dict[str, str]) -> Reply:
    """The audit's top 2 miss every claim; a deeper search finds each case's at rank 3.
    Hits carry their text in `body`, so only a retriever told so reads them."""
    gold = next(truth for question, truth in CASES.values() if question == body["question"])
    texts = NOISE if body["top_k"] <= len(NOISE) else [*NOISE, gold]
    return Reply(body={"results": [{"body": text} for text in texts]})


class SearchServer(RetrieverServer):
    """_search's answers to requests that carry the token (the retriever's real URL, never a
    masked one); 401 to any other."""

    def __init__(self) -> None:
        super().__init__(responder=_search)

    def _handle(self, path: str, headers: dict[str, str], raw: bytes) -> Reply:
        reply = super()._handle(path, headers, raw)
        return reply if f"token={TOKEN}" in path else Reply(status=401, body={"error": "token"})


def _audit(spec: AuditSpec, db_url: str):
    from recall_audit.flows.audit import audit

    return asyncio.run(audit(spec=spec, database_url=db_url))


def _dataset(folder: Path) -> Path:
    path = folder / "cities.jsonl"
    rows = [{"id": k, "question": q, "ground_truth": t} for k, (q, t) in CASES.items()]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _http_spec(folder: Path) -> AuditSpec:
    """Every setting the run would otherwise decide is given: the stored spec is this one."""
    return AuditSpec.from_flat(
        dataset=str(_dataset(folder)),
        retriever=f"env:{SEARCH_ENV}",
        top_k=2,
        context_field="body",
        batch_size=10,
        app_dir=str(folder),
        diagnose=False,
    )


def test_a_stored_run_holds_its_spec_with_the_secret_as_a_reference(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    with SearchServer() as server:
        monkeypatch.setenv(SEARCH_ENV, f"{server.url}?token={TOKEN}")
        spec = _http_spec(tmp_path)
        summary = _audit(spec, sqlite_db_url)
    assert (summary.cases, summary.errors) == (2, 0)
    with Session(open_database(sqlite_db_url)) as session:
        run = get_run(session, summary.run_id)
    assert run is not None
    assert run_spec(run) == spec
    assert run.params["spec"]["retriever"]["spec"] == f"env:{SEARCH_ENV}"
    assert run.params["spec"]["retriever"]["context_field"] == "body"
    assert TOKEN not in json.dumps(run.params) and TOKEN not in run.retriever


def test_a_credential_written_into_the_spec_is_stored_masked():
    spec = AuditSpec.from_flat(
        dataset="cases.jsonl",
        retriever=f"https://search:{TOKEN}@search.example/q?key=abcdef123456&lang=en",
    )
    stored = spec.stored()
    assert stored["retriever"]["spec"] == "https://***@search.example/q?key=***&lang=***"
    assert TOKEN not in json.dumps(stored) and "abcdef123456" not in json.dumps(stored)
    assert {k: v for k, v in stored.items() if k != "retriever"} == {
        k: v for k, v in spec.model_dump(mode="json").items() if k != "retriever"
    }


def test_diagnose_of_a_stored_run_uses_its_stored_retriever(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    """The run's retriever is an env: reference, with a context field: diagnose resolves the
    reference in its own environment (the masked URL the run shows would be refused) and
    reads the hits' `body`, finding each missed claim at rank 3 of the run's depth."""
    with SearchServer() as server:
        url = f"{server.url}?token={TOKEN}"
        monkeypatch.setenv(SEARCH_ENV, url)
        summary = _audit(_http_spec(tmp_path), sqlite_db_url)
        audited = len(server.requests)
        env = cli_env(prefect_api, sqlite_db_url, **{SEARCH_ENV: url})
        done = recall_audit("diagnose", summary.run_id[:8], "--json", env=env, cwd=tmp_path)
        asked = server.requests[audited:]
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    missed = report["missed"]
    assert sorted(m["case_key"] for m in missed) == sorted(CASES)
    assert all((m["cause"], m["rank"]) == ("not_retrieved", 3) for m in missed), missed
    assert len(asked) == len(CASES) and all(r.body["top_k"] == 50 for r in asked)
    assert all(f"token={TOKEN}" in r.path for r in asked)


def test_resume_refuses_another_top_k_by_name_and_takes_another_concurrency(
    prefect_api, sqlite_db_url, tmp_path
):
    env = cli_env(prefect_api, sqlite_db_url)
    dataset = tmp_path / "einstein.jsonl"
    dataset.write_text(EINSTEIN.read_text())
    args = ("run", "--dataset", "einstein.jsonl", "--top-k", "3", "--json")
    first = recall_audit(*args, env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    run_id = json.loads(first.stdout)["run_id"]
    with Session(open_database(sqlite_db_url)) as session:
        finish_run(session, run_id, RunStatus.FAILED)  # as a run stopped midway is left

    other = ("run", "--dataset", "einstein.jsonl", "--top-k", "4", "--resume", run_id[:8])
    refused = recall_audit(*other, env=env, cwd=tmp_path)
    assert refused.returncode == 2, refused.stderr
    line = refused.stderr.strip().splitlines()[-1]
    assert line.startswith(f"error: --resume {run_id}: the run was started with other settings")
    # Nothing else differs, so nothing else is named.
    assert "(top_k 3 then, 4 now); resume it with the settings it was started with" in line

    faster = recall_audit(
        *args, "--concurrency", "2", "--resume", run_id[:8], env=env, cwd=tmp_path
    )
    assert faster.returncode == 0, faster.stderr
    assert json.loads(faster.stdout)["run_id"] == run_id


def test_compare_names_the_settings_two_runs_were_given_differently(
    prefect_api, sqlite_db_url, tmp_path
):
    base = AuditSpec.from_flat(
        dataset=str(EINSTEIN), top_k=3, batch_size=10, app_dir=str(tmp_path), concurrency=4
    )
    head = base.model_copy(
        update={
            "retriever": base.retriever.model_copy(update={"top_k": 2}),
            "limits": base.limits.model_copy(update={"concurrency": 8}),
        }
    )
    first, second = _audit(base, sqlite_db_url), _audit(head, sqlite_db_url)
    with Session(open_database(sqlite_db_url)) as session:
        comparison = compare_runs(*paired_outcomes(session, first.run_id, second.run_id))
    # How fast it ran (concurrency) changes nothing measured: not a difference.
    assert comparison.setting_changes == [SettingChange(setting="top_k", base=3, head=2)]
    assert "Settings that differ: top_k `3` → `2`" in comparison_markdown(comparison)


def test_a_run_stored_before_its_spec_is_read_from_what_it_recorded(db_session):
    from db_fixtures import seed_dataset

    from recall_audit.storage import create_run

    dataset, _ = seed_dataset(db_session)
    recorded = {
        "top_k": 8,
        "samples": 3,
        "dataset_path": "faq.jsonl",
        "knowledge_base": "/kb",
        "configuration": {"retriever": "bm25:kb.jsonl", "top_k": 8, "chunk_size": 300},
    }
    run = create_run(
        db_session,
        dataset_id=dataset.id,
        retriever="bm25:kb.jsonl",
        judge="builtin",
        judge_version="1",
        params=recorded,
    )
    spec = run_spec(run)
    assert (spec.dataset.path, spec.retriever.spec, spec.retriever.top_k) == (
        "faq.jsonl",
        "bm25:kb.jsonl",
        8,
    )
    assert (spec.retriever.chunk_size, spec.samples, spec.diagnosis.knowledge_base) == (
        300,
        3,
        "/kb",
    )
    # Nothing to tell two such runs apart by: no setting is said to differ.
    assert compare_runs(*paired_outcomes(db_session, run.id, run.id)).setting_changes == []
