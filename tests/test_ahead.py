"""The built-in judge's work for a run, done while a first command waits for the Prefect
server it started (recall_audit/headstart/ahead.py): the flow given the head start takes
every claim and verdict found ahead, the diagnosis' included, each once, through its judges;
the run's results are those of a run without it, and a flow not given it takes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import anyio
from flat_audit import audit_flat
from test_audit_flow import run_audit

from recall_audit.headstart import HeadStart, given_head_start
from recall_audit.headstart.ahead import JudgedAhead, can_judge_ahead, judge_run_ahead
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.spec import AuditSpec

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
    ahead = JudgedAhead()
    anyio.run(judge_run_ahead, AuditSpec.from_flat(**DEMO_SPEC), ahead)
    claims = dict(ahead.claims)
    assert len(claims) == 53  # the demo's ground truths
    judge = ahead.judge_for(get_judge(None))
    for (_, _, ground_truth), found in claims.items():
        assert anyio.run(judge.extract_claims, [ground_truth]).claims == [found]
    assert ahead.claims == {}
    verdicts = dict(ahead.verdicts)
    # Every case's judgement, and the diagnosis' (one per case with a missed claim).
    assert len(verdicts) > 53
    fresh = BuiltinJudge()
    for (_, _, claims_of, chunks), kept in verdicts.items():
        handed = anyio.run(judge.attribute, claims_of, chunks).verdicts
        assert all(a is b for a, b in zip(handed, kept, strict=True))  # kept, not judged again
        assert fresh.judge(claims_of, chunks) == kept  # judged afresh: the same
    assert ahead.verdicts == {}


def test_a_model_judge_is_given_nothing_judged_ahead():
    ahead = JudgedAhead()
    model = get_judge("openai/gpt-4o-mini")
    assert ahead.judge_for(model) is model


def test_a_ground_truth_not_judged_ahead_is_asked_of_the_judge_beside_those_that_were():
    ahead = JudgedAhead()
    builtin = get_judge(None)
    ahead.claims[builtin.name, builtin.version, "Paris is in France."] = ["kept"]
    truths = ["Rome is in Italy.", "Paris is in France.", "Rome is in Italy."]
    extraction = anyio.run(ahead.judge_for(builtin).extract_claims, truths)
    asked = anyio.run(builtin.extract_claims, ["Rome is in Italy."]).claims[0]
    assert extraction.claims == [asked, ["kept"], asked] and extraction.failed == {}
    # Asked again, the same ground truth is the judge's: each kept answer is handed once.
    assert anyio.run(ahead.judge_for(builtin).extract_claims, truths[1:2]).claims != [["kept"]]


async def _judged_ahead_then_audited(
    given: bool, judged: list[int], **params
) -> tuple[object, JudgedAhead]:
    """The demo judged ahead on this loop, then audited with the head start given (or not);
    `judged` keeps only the flow's own judgements."""
    head_start = HeadStart(asyncio.get_running_loop())
    await asyncio.wrap_future(head_start.judge_ahead(AuditSpec.from_flat(**DEMO_SPEC)))
    assert head_start.ahead is not None and len(head_start.ahead.verdicts) > 53
    judged.clear()
    flow = audit_flat(**params)
    summary = await (head_start.run(flow) if given else flow)
    assert given_head_start() is None  # given to the flow alone
    return summary, head_start.ahead


def test_the_flow_takes_every_judgement_made_ahead(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    without = run_audit(**DEMO_SPEC, database_url=f"sqlite:///{tmp_path / 'without.db'}")
    judged: list[int] = []
    original = BuiltinJudge._read

    def read(self, *args):
        judged.append(1)
        return original(self, *args)

    monkeypatch.setattr(BuiltinJudge, "_read", read)
    given = _judged_ahead_then_audited(True, judged, **DEMO_SPEC, database_url=sqlite_db_url)
    taken, ahead = asyncio.run(given)
    assert ahead.verdicts == {} and ahead.claims == {} and judged == []
    # Not given the head start, the flow judges every case itself and takes nothing.
    other = f"sqlite:///{tmp_path / 'not-given.db'}"
    _, kept = asyncio.run(
        _judged_ahead_then_audited(False, judged, **DEMO_SPEC, database_url=other)
    )
    assert len(kept.verdicts) > 53 and len(kept.claims) == 53 and len(judged) > 53
    ignored = {"run_id", "comparison"}
    assert taken.model_dump(exclude=ignored | {"diagnosis"}) == without.model_dump(
        exclude=ignored | {"diagnosis"}
    )
    assert taken.diagnosis is not None and without.diagnosis is not None
    assert taken.diagnosis.model_dump(exclude={"run_id"}) == without.diagnosis.model_dump(
        exclude={"run_id"}
    )
