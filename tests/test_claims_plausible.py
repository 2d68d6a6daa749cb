"""Claims are frozen only when plausible for their reference (issue 39): a bad first reply
froze 5,000 claims for a two-sentence reference, or a third of its facts (scores up, nothing
flagged). With a quarter of the first replies malformed, every frozen claim set matches a
clean run's, and each case whose claims were asked again says so (its re-asks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lexical_model import lexical_model
from model_server import Canned, FakeModelServer, Recorded, openai_completion
from sqlmodel import Session
from test_audit_flow import run_audit

from recall_audit.scorer.judges.replies import implausible, incomplete
from recall_audit.storage import open_database, run_results

FACTS = [
    ("Einstein", "was born in 1879 in Ulm", "developed the theory of relativity", "won the Nobel Prize in 1921"),
    ("Curie", "was born in Warsaw in 1867", "discovered polonium and radium", "won two Nobel Prizes"),
    ("Darwin", "sailed on the Beagle", "wrote On the Origin of Species", "was buried in Westminster Abbey"),
    ("Turing", "broke the Enigma code", "proposed the imitation game", "was born in London in 1912"),
]  # fmt: skip
CASES = 16
# What a model's bad first reply did to a reference's claims, one in four cases.
BAD = {
    0: lambda sentences: [f"{sentences[0]} (fact {i})" for i in range(5000)],
    4: lambda sentences: ["The moon is made of green cheese.", *sentences[1:]],
    8: lambda sentences: sentences[:1],
    12: lambda sentences: sentences[:2],
}


def _rows() -> list[dict]:
    rows = []
    for n in range(CASES):
        name, *facts = FACTS[n % len(FACTS)]
        sentences = [f"{name} {fact} (case {n})." for fact in facts]
        rows.append({
            "id": f"case-{n:02d}",
            "question": f"What did {name} do?",
            "ground_truth": " ".join(sentences),
            "contexts": [" ".join(sentences[:2]), f"{name} lived long ago."],
        })  # fmt: skip
    return rows


class Malformed:
    """The lexical model, but the first reply naming a bad case's reference lists that
    case's claims wrong (in a judgement's shape, each claim with a verdict)."""

    def __init__(self) -> None:
        self.spoilt: set[int] = set()

    def __call__(self, request: Recorded) -> Canned:
        user = request.json["messages"][-1]["content"]
        for n, spoil in BAD.items():
            if f"(case {n})." in user and n not in self.spoilt and "<chunk id=" in user:
                self.spoilt.add(n)
                sentences = [
                    f"{s} (case {n})." for s in _rows()[n]["ground_truth"].split(f" (case {n}). ")
                ]
                sentences[-1] = sentences[-1].removesuffix(f" (case {n}).")
                claims = [
                    {"claim": c, "supported": False, "chunks": [], "quote": ""}
                    for c in spoil(sentences)
                ]
                return openai_completion({"claims": claims})
        return lexical_model(request)


def _audit(dataset: Path, db_url: str, responder, monkeypatch) -> dict[str, tuple[list[str], int]]:
    """Each case's frozen claims and re-asked items."""
    with FakeModelServer(responder) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        summary = run_audit(dataset=str(dataset), judge="openai/fake", database_url=db_url)
    assert (summary.scored, summary.errors) == (CASES, 0)
    with Session(open_database(db_url)) as session:
        results = run_results(session, summary.run_id)
    return {r.case_key: (r.claims, r.usage.reasked) for r in results}


@pytest.mark.timeout(300)
def test_malformed_first_replies_never_freeze_other_claims(prefect_api, tmp_path, monkeypatch):
    dataset = tmp_path / "people.jsonl"
    dataset.write_text("".join(json.dumps(r) + "\n" for r in _rows()))
    clean = _audit(dataset, f"sqlite:///{tmp_path}/clean.db", lexical_model, monkeypatch)
    malformed = Malformed()
    spoilt = _audit(dataset, f"sqlite:///{tmp_path}/spoilt.db", malformed, monkeypatch)
    assert malformed.spoilt == set(BAD)  # a quarter of the first replies were malformed
    assert {k: claims for k, (claims, _) in spoilt.items()} == {
        k: claims for k, (claims, _) in clean.items()
    }
    asked_again = {k for k, (_, reasked) in spoilt.items() if reasked}
    assert asked_again == {f"case-{n:02d}" for n in BAD}
    assert all(reasked == 0 for _, reasked in clean.values())


REFERENCE = "Einstein was born in 1879 in Ulm. He developed relativity."


@pytest.mark.parametrize(
    ("claims", "problem"),
    [
        (["Einstein was born in 1879.", "He was born in Ulm.", "He developed relativity."], None),
        (
            [f"Einstein fact {i}." for i in range(5000)],
            "5,000 claims for a reference of 2 clause(s)",
        ),
        (["The moon is made of green cheese."], "is not in the reference's words"),
        (["アインシュタインは1879年に生まれた。"], "is not in the reference's words"),
    ],
    ids=["atomic", "5,000", "foreign", "another language"],
)
def test_implausible_claims(claims, problem):
    found = implausible(claims, REFERENCE)
    assert found is None if problem is None else problem in found


@pytest.mark.parametrize(
    ("reference", "claims", "left_out"),
    [
        (REFERENCE, ["Einstein was born in 1879."], True),
        (REFERENCE, ["Einstein was born in 1879 in Ulm.", "He developed relativity."], False),
        ("アインシュタインは1879年にウルムで生まれた。相対性理論を発展させた。",
         ["アインシュタインは1879年にウルムで生まれた。", "相対性理論を発展させた。"], False),
        ("アインシュタインは1879年にウルムで生まれた。相対性理論を発展させた。",
         ["アインシュタインは1879年にウルムで生まれた。"], True),
        ("Yes.", ["Yes."], False),
    ],
    ids=["a third", "all", "Japanese, all", "Japanese, half", "too short to tell"],
)  # fmt: skip
def test_incomplete_claims(reference, claims, left_out):
    assert (incomplete(claims, reference) is not None) is left_out
