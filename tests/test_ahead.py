"""The built-in judge's work for a run, done while a first command waits for the Prefect
server it started (recall_audit/tasks/ahead.py): the flow's judge takes every claim and verdict found
ahead, the diagnosis' included, each once, and the run's results are those of a run without it."""

from __future__ import annotations

from pathlib import Path

import anyio
from test_audit_flow import run_audit

from recall_audit.scorer.judges import builtin
from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.spec import AuditSpec
from recall_audit.tasks.ahead import can_judge_ahead, judge_run_ahead

DEMO = (Path(__file__).parents[1] / "examples" / "hotpot").resolve()
DEMO_SPEC = {
    "dataset": str(DEMO / "dataset.jsonl"),
    "retriever": f"bm25:{DEMO / 'kb.jsonl'}",
    "top_k": 4,
}


def test_only_what_the_flow_will_ask_the_same_way_is_judged_ahead():
    spec = AuditSpec.from_flat(**DEMO_SPEC)
    assert can_judge_ahead(spec, None)
    assert not can_judge_ahead(spec, "3f2a9c1e")  # a resumed run skips its saved cases
    for other in (
        {"judge": "openai/gpt-4o-mini"},
        {"samples": 3},
        {"retriever": "http://127.0.0.1:9/search"},
        {"retriever": "python:my_rag:search"},
    ):
        assert not can_judge_ahead(AuditSpec.from_flat(**(DEMO_SPEC | other)), None)


def test_verdicts_judged_ahead_are_each_handed_over_once_as_judged():
    anyio.run(judge_run_ahead, AuditSpec.from_flat(**DEMO_SPEC))
    claims = dict(builtin._claims_ahead)
    assert len(claims) == 53  # the demo's ground truths
    for ground_truth, found in claims.items():
        assert anyio.run(BuiltinJudge().extract_claims, [ground_truth]).claims == [found]
    assert builtin._claims_ahead == {}
    ahead = dict(builtin._ahead)
    # Every case's judgement, and the diagnosis' (one per case with a missed claim).
    assert len(ahead) > 53
    judge = BuiltinJudge()
    for (_, claims, chunks), verdicts in ahead.items():
        assert judge.judge(claims, chunks) is verdicts
        assert judge.judge(claims, chunks) == verdicts  # judged afresh: the same
    assert builtin._ahead == {}


def test_the_flow_takes_every_judgement_made_ahead(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    without = run_audit(**DEMO_SPEC, database_url=f"sqlite:///{tmp_path / 'without.db'}")
    anyio.run(judge_run_ahead, AuditSpec.from_flat(**DEMO_SPEC))
    assert builtin._ahead
    judged: list[int] = []
    original = BuiltinJudge._read

    def read(self, *args):
        judged.append(1)
        return original(self, *args)

    monkeypatch.setattr(BuiltinJudge, "_read", read)
    taken = run_audit(**DEMO_SPEC, database_url=sqlite_db_url)
    assert builtin._ahead == {} and builtin._claims_ahead == {} and judged == []
    ignored = {"run_id", "comparison"}
    assert taken.model_dump(exclude=ignored | {"diagnosis"}) == without.model_dump(
        exclude=ignored | {"diagnosis"}
    )
    assert taken.diagnosis is not None and without.diagnosis is not None
    assert taken.diagnosis.model_dump(exclude={"run_id"}) == without.diagnosis.model_dump(
        exclude={"run_id"}
    )
