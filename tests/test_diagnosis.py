"""The diagnosis as a library (recall_audit/scorer/diagnosis): missed claims classified against the
knowledge base with the built-in judge and a model judge (the mock), lost claims explained,
and what to do next."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lexical_model import kind_of, lexical_model
from model_server import FakeModelServer

from recall_audit.compare.compare import ClaimChange
from recall_audit.diagnosis import (
    CaseToDiagnose,
    DiagnoseSettings,
    KnowledgeChunk,
    LostEvidence,
    advise,
    claim_kind,
    content_hash,
    diagnose_cases,
    explain_lost,
    knowledge_base_for,
    summarise,
)
from recall_audit.diagnosis.advice import why_missed_markdown
from recall_audit.models import InMemoryCache
from recall_audit.retrievers import Bm25Retriever
from recall_audit.scorer.judges import get_judge
from recall_audit.scorer.judges.builtin import BuiltinJudge

pytestmark = pytest.mark.anyio

FESTIVAL = "When was the Zorbian lantern festival first held?"
FACT = "The Zorbian lantern festival was first held in 1987."
ABSENT = "The Zorbian lantern festival was founded by Mirela Kovatch."


def _festival_kb(folder: Path) -> Path:
    """Five documents that match the question better than the sixth, which states the fact:
    BM25 ranks the fact's document sixth."""
    rows = [
        {
            "id": f"d{n}",
            "title": f"Zorbian lantern festival {n}",
            "text": f"The Zorbian lantern festival is held every spring: the first night of "
            f"the Zorbian lantern festival is held on street {n}, lanterns held high.",
        }
        for n in range(1, 6)
    ]
    rows.append(
        {
            "id": "d6",
            "title": "Kelmar town history",
            "text": "Kelmar's town records, kept by the harbour office since the old port "
            "opened to traders and fishing boats, say that the Zorbian lantern festival was "
            "first held in 1987, in the old harbour of the town, by torchlight.",
        }
    )
    rows.append({"id": "d7", "title": "Bread", "text": "Rye bread keeps for days."})
    path = folder / "kb.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def _case(retriever: Bm25Retriever, claims: list[str], top_k: int) -> CaseToDiagnose:
    chunks = retriever.search(FESTIVAL, top_k)
    verdicts = BuiltinJudge().judge(claims, chunks)
    return CaseToDiagnose(
        case_key="festival",
        question=FESTIVAL,
        claims=claims,
        supported=[v.supported for v in verdicts],
        retrieved=chunks,
        top_k=top_k,
    )


async def test_missed_claims_are_not_retrieved_at_their_rank_or_not_in_the_knowledge_base(
    tmp_path: Path,
) -> None:
    path = _festival_kb(tmp_path)
    retriever = Bm25Retriever(path)
    assert [c.id for c in retriever.search_chunks(FESTIVAL, 6)][5] == "d6"
    kb = knowledge_base_for(f"bm25:{path}", index=retriever)
    assert kb is not None and kb.index is retriever
    case = _case(retriever, [FACT, ABSENT], top_k=5)
    assert case.supported == [False, False]

    [diagnosis] = await diagnose_cases([case], BuiltinJudge(), kb, retriever=retriever)
    found, absent = diagnosis.missed
    assert (found.cause, found.rank, found.label) == ("not_retrieved", 6, "not retrieved, rank 6")
    assert found.source is not None and found.source.document == "d6"
    assert found.source.title == "Kelmar town history" and "1987" in found.evidence
    assert found.kind == "number_or_date"
    assert (absent.cause, absent.label) == ("not_in_knowledge_base", "not in knowledge base")
    assert absent.kind == "named_entity"
    assert diagnosis.ranked is not None and diagnosis.ranked[5] == content_hash(found.evidence)

    # Asked for less than the rank, the retriever does not return it: found in the knowledge
    # base by its candidates, beyond the depth.
    shallow = DiagnoseSettings(depth=5)
    [diagnosis] = await diagnose_cases(
        [case], BuiltinJudge(), kb, retriever=retriever, settings=shallow
    )
    assert diagnosis.missed[0].label == "not retrieved, beyond 5"
    assert diagnosis.missed[0].source is not None and diagnosis.missed[0].source.document == "d6"


async def test_without_a_knowledge_base_the_rank_is_still_found(tmp_path: Path) -> None:
    retriever = Bm25Retriever(_festival_kb(tmp_path))
    case = _case(retriever, [FACT, ABSENT], top_k=5)
    assert knowledge_base_for("http://127.0.0.1:1/search") is None
    [diagnosis] = await diagnose_cases([case], BuiltinJudge(), None, retriever=retriever)
    assert [m.label for m in diagnosis.missed] == [
        "not retrieved, rank 6",
        "not found within rank 50 (no knowledge base to search)",
    ]
    [nothing] = await diagnose_cases([case], BuiltinJudge(), None)
    assert {m.cause for m in nothing.missed} == {"undiagnosed"}
    assert "no knowledge base given" in nothing.missed[0].label


async def test_a_case_with_nothing_missed_costs_nothing(tmp_path: Path) -> None:
    retriever = Bm25Retriever(_festival_kb(tmp_path))
    case = _case(retriever, [FACT], top_k=6)
    assert case.supported == [True]
    [diagnosis] = await diagnose_cases(
        [case], BuiltinJudge(), knowledge_base_for(f"bm25:{retriever.name[5:]}")
    )
    assert diagnosis.missed == [] and diagnosis.judged_chunks == 0 and diagnosis.ranked is None


async def test_a_model_judge_costs_one_call_per_case_and_none_the_next_night(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    retriever = Bm25Retriever(_festival_kb(tmp_path))
    kb = knowledge_base_for(f"bm25:{retriever.name[5:]}", index=retriever)
    other = CaseToDiagnose(
        case_key="bread", question="Which bread keeps?", claims=["Rye bread keeps for days."],
        supported=[True], retrieved=["Bread\nRye bread keeps for days."], top_k=5,
    )  # fmt: skip
    cases = [_case(retriever, [FACT, ABSENT], top_k=5), other]
    cache = InMemoryCache()
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        async with get_judge("openai/fake", cache=cache) as judge:  # type: ignore[attr-defined]
            first = await diagnose_cases(cases, judge, kb, retriever=retriever)
            assert [kind_of(r) for r in model.requests] == ["attribution"]
            # Both missed claims in one request, with the chunk at rank 6 among its chunks.
            prompt = model.requests[0].json["messages"][-1]["content"]
            assert FACT in prompt and ABSENT in prompt and "1987" in prompt
            assert [m.label for m in first[0].missed] == [
                "not retrieved, rank 6",
                "not in knowledge base",
            ]
            assert first[0].usage.calls == 1 and first[1].usage.calls == 0
            model.requests.clear()
            again = await diagnose_cases(cases, judge, kb, retriever=retriever)
    assert model.requests == []
    assert again[0].usage.calls == 0 and again[0].usage.cached_calls == 1
    assert again[0].missed == first[0].missed


def test_claim_kinds() -> None:
    assert claim_kind("The bridge opened in 1932.") == "number_or_date"
    assert claim_kind("It opened on 4 July.") == "number_or_date"
    assert claim_kind("The film was directed by Tim Burton.") == "named_entity"
    assert claim_kind("The soup was cold.") == "other"


def _change(text: str | None, key: str = "c1", index: int = 0) -> ClaimChange:
    return ClaimChange(
        case_key=key, question="q", claim_index=index, claim="a claim",
        chunk_positions=[0], quote="", chunk_text=text,
    )  # fmt: skip


def test_lost_claims_explained(tmp_path: Path) -> None:
    path = _festival_kb(tmp_path)
    kb = knowledge_base_for(f"bm25:{path}")
    assert kb is not None
    d6 = next(c for c in kb.chunks if c.id == "d6")
    old_d7 = "Bread\nRye bread keeps for a week."
    base = {
        content_hash(old_d7): KnowledgeChunk(hash=content_hash(old_d7), chunk_id="d7", document="d7", title="Bread"),
        content_hash("Gone\nA paragraph since deleted."): KnowledgeChunk(
            hash=content_hash("Gone\nA paragraph since deleted."), chunk_id="d9", document="d9"
        ),
    }  # fmt: skip
    evidence = LostEvidence(
        base_judge="builtin builtin-8", head_judge="builtin builtin-8",
        base_chunks=base, head_retrieved={"still": [content_hash(d6.text)]}, head_top_k=2, depth=50,
    )  # fmt: skip
    lost = explain_lost(
        [
            _change("Gone\nA paragraph since deleted."),
            _change(old_d7, "c2"),
            _change(d6.text, "c3"),
            _change(d6.text, "still"),
        ],
        evidence,
        kb,
        ranks={"c3": ["x", "y", "z", "w", "v", content_hash(d6.text)]},
    )
    assert [x.label for x in lost] == [
        "removed (d9)",
        "edited (d7)",
        "ranked 6 > 2",
        "judge changed",
    ]
    assert (lost[1].old_text, lost[1].new_text) == (old_d7, "Bread\nRye bread keeps for days.")
    assert lost[2].document == "d6" and lost[2].title == "Kelmar town history"
    assert "still retrieved (chunk 1)" in lost[3].detail

    judges = evidence.model_copy(update={"head_judge": "openai/x v1"})
    assert explain_lost([_change(d6.text)], judges, kb)[0].cause == "judge_changed"
    truths = evidence.model_copy(
        update={"base_ground_truths": {"c1": "a"}, "head_ground_truths": {"c1": "b"}}
    )
    assert explain_lost([_change(d6.text)], truths, kb)[0].cause == "ground_truth_changed"
    unseen = explain_lost([_change(d6.text, "c3")], evidence, None, {"c3": ["x"]})
    assert unseen[0].label == "not retrieved any more: not within rank 50"


async def test_what_to_do_next(tmp_path: Path) -> None:
    retriever = Bm25Retriever(_festival_kb(tmp_path))
    kb = knowledge_base_for(f"bm25:{retriever.name[5:]}", index=retriever)
    cases = [_case(retriever, [FACT, ABSENT], top_k=k) for k in (2, 5)]
    cases[1] = cases[1].model_copy(update={"case_key": "festival-5"})
    diagnoses = await diagnose_cases(cases, BuiltinJudge(), kb, retriever=retriever)
    run = summarise("r" * 36, diagnoses, depth=50, top_k=5, knowledge_base="kb.jsonl")
    assert run.by_cause == {"not_in_knowledge_base": 2, "not_retrieved": 2}
    assert [(s.top_k, s.claims) for s in run.advice.top_k_steps] == [(6, 2)]
    assert [(d.document, d.claims) for d in run.advice.documents] == [("d6", 2)]
    assert len(run.advice.not_in_knowledge_base) == 2
    text = why_missed_markdown(run)
    assert "2 claim(s) are not in the knowledge base" in text
    assert "2 claim(s) would be found with top_k = 6" in text
    assert "`d6` (Kelmar town history): 2" in text
    assert advise([]).top_k_steps == []


def test_knowledge_base_versions_follow_files_and_chunking(tmp_path: Path) -> None:
    path = _festival_kb(tmp_path)
    whole = knowledge_base_for(f"bm25:{path}")
    windows = knowledge_base_for(None, path, {"chunk_size": 60, "embedding": "openai/e"})
    dense = knowledge_base_for(f"dense:{path}?chunk_size=60&embedding=openai/e")
    assert whole is not None and windows is not None and dense is not None
    assert whole.version == whole.fingerprint and windows.version == dense.version
    assert windows.version == f"{whole.fingerprint}@60c+0"
    entries = windows.entries()
    assert len(entries) > len(whole.entries()) == 7
    assert {e.document for e in entries} == {f"d{n}" for n in range(1, 8)}
    assert all(e.chunk_id.startswith(e.document + "#") for e in entries)
    assert knowledge_base_for("precomputed") is None
