"""The built-in judge: claims, verdicts, hard checks, determinism, and fidelity vs a baseline."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import bench_scripts
import pytest
from model_server import Canned, FakeModelServer, openai_completion

from recall_audit.retrievers.bm25 import Bm25Retriever
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges.builtin import (
    BuiltinJudge,
    BuiltinSettings,
    _written,
    extract_claim_texts,
)
from recall_audit.scorer.judges.checks import RULES
from recall_audit.scorer.recall import context_recall
from recall_audit.text.text import _BOUNDARY, split_sentences
from recall_audit.types import Status

EINSTEIN = "Einstein was born in 1879. He developed relativity. He won the Nobel Prize."
EINSTEIN_CHUNKS = [
    "Albert Einstein was born in 1879 in Ulm, Germany.",
    "Einstein published his theory of special relativity in 1905.",
    "In 1933 Einstein moved to the United States.",
]
REPO = Path(__file__).resolve().parents[1]
HOTPOT = REPO / "examples" / "hotpot"


def verdicts(claims: list[str], chunks: list[str]):
    return asyncio.run(BuiltinJudge().attribute(claims, chunks)).verdicts


def test_it_is_a_judge() -> None:
    judge = BuiltinJudge()
    assert isinstance(judge, Judge)
    assert judge.name == "builtin"
    assert judge.version.startswith("builtin-")


def test_einstein_recall_is_two_thirds() -> None:
    result = asyncio.run(context_recall(EINSTEIN, EINSTEIN_CHUNKS, BuiltinJudge()))
    assert result.status is Status.SCORED
    assert result.claims == [
        "Einstein was born in 1879.",
        "Einstein developed relativity.",
        "Einstein won the Nobel Prize.",
    ]
    assert result.score == pytest.approx(2 / 3)
    born, relativity, nobel = result.verdicts
    assert [v.claim_index for v in result.verdicts] == [0, 1, 2]
    assert born.supported and born.chunk_indices == [0]
    assert born.quote == EINSTEIN_CHUNKS[0]
    assert relativity.supported and relativity.chunk_indices == [1]
    assert not nobel.supported and nobel.chunk_indices == [] and nobel.quote == ""
    assert result.usage.calls == 0
    assert result.recall_at_k == pytest.approx([1 / 3, 2 / 3, 2 / 3])


def test_a_different_year_does_not_support() -> None:
    (v,) = verdicts(["Einstein was born in 1879."], ["Albert Einstein was born in 1880 in Ulm."])
    assert not v.supported
    assert "1879" in v.explanation


def test_a_year_the_context_leaves_out_is_not_supported_and_another_contradicts() -> None:
    claim = ["In 2018, Lincicome was granted a sponsor's exemption into the Barbasol Championship."]
    silent = "Lincicome was granted a sponsor's exemption into the Barbasol Championship on the PGA Tour."
    (missing,) = verdicts(claim, [silent])
    assert not missing.supported
    assert missing.explanation == "the context never states 2018"
    assert verdicts(claim, [silent + " It was 2018."])[0].supported
    (other,) = verdicts(claim, [silent.replace("on the PGA Tour", "in 2019")])
    assert not other.supported
    assert "2019" in other.explanation and "2018" in other.explanation


def test_numbers_are_compared_by_value_and_unit() -> None:
    claims = ["The bridge is 5 km long.", "The city has 2.5 million people."]
    same = verdicts(claims, ["The bridge is 5 kilometres long. 2,500,000 people live in the city."])
    assert [v.supported for v in same] == [True, True]
    other = verdicts(claims, ["The bridge is 5 miles long. 2.5 billion people live in the city."])
    assert [v.supported for v in other] == [False, False]


def test_a_number_counting_a_noun_is_no_measure_of_time() -> None:
    claim = ["The vaccine is given in two doses."]
    (timed,) = verdicts(claim, ["The vaccine is given, and it stays active for two hours."])
    assert not timed.supported and "another unit" in timed.explanation
    (counted,) = verdicts(claim, ["The vaccine is given in 2 doses, a month apart."])
    assert counted.supported
    # A word between the number and its unit: the unit is still the number's.
    (rotation,) = verdicts(
        ["The permit is valid for 90 calendar days."], ["A permit stays valid for 90 days."]
    )
    assert rotation.supported
    (hours,) = verdicts(
        ["The permit is valid for 90 calendar days."], ["The permit is valid for 90 minutes."]
    )
    assert not hours.supported


def test_a_katakana_name_must_be_found_and_a_loanword_only_costs_coverage() -> None:
    chunk = ["ソラノ決済APIで返金を行えるのは、元の決済から180日が経過するまでの間に限られます。"]
    (loanword,) = verdicts(
        ["ソラノ決済APIでは、返金リクエストは決済日から１８０日以内に送る必要がある。"], chunk
    )
    assert loanword.supported
    (name,) = verdicts(["カワセ決済APIでは、返金は決済から１８０日以内に行える。"], chunk)
    assert not name.supported and "カワセ" in name.explanation


def test_a_compound_noun_is_found_by_its_wordnet_synonym() -> None:
    chunks = [
        "After taxes, Northwind earned a profit of 310 million dollars in 2024.",
        "Northwind employs about 12,000 people.",
        "Northwind plans to pay a dividend in 2025.",
        "Northwind's rival reported revenue of $5.1 billion.",
    ]
    (income,) = verdicts(["Northwind reported net income of $310 million."], chunks)
    assert income.supported and income.chunk_indices == [0]


def test_a_chinese_kilometre_is_no_thousand_metres() -> None:
    (river,) = verdicts(["长江全长约6300公里。"], ["长江干流的总长度大约为6300千米。"])
    assert river.supported
    (weight,) = verdicts(["这只箱子重50千克。"], ["这只箱子重50公斤。"])
    assert weight.supported


def test_another_rank_contradicts_a_superlative_and_a_paraphrase_does_not() -> None:
    claim = ["Lagos is the largest city in Nigeria."]
    (second,) = verdicts(claim, ["Kano is the second-largest city in Nigeria, after Lagos."])
    assert not second.supported and "rank" in second.explanation
    (paraphrase,) = verdicts(claim, ["Lagos, the biggest city in Nigeria, has 15 million people."])
    assert paraphrase.supported
    (mountain,) = verdicts(
        ["富士山は日本で最も高い山である。"], ["日本で二番目に高い山は北岳である。"]
    )
    assert not mountain.supported
    (river,) = verdicts(["长江是中国最长的河流。"], ["黄河是中国第二长河。"])
    assert not river.supported


def test_dates_must_agree_on_month_and_day() -> None:
    claim = ["Scott Derrickson was born on July 16, 1966."]
    assert verdicts(claim, ["Scott Derrickson (born July 16, 1966) is an American director."])[
        0
    ].supported
    assert not verdicts(claim, ["Scott Derrickson (born June 16, 1966) is a director."])[
        0
    ].supported
    assert not verdicts(claim, ["Scott Derrickson (born July 18, 1966) is a director."])[
        0
    ].supported


CURIE_CHUNK = "Marie Curie worked in Paris."


def test_another_name_in_the_same_slot_does_not_support() -> None:
    (warsaw,) = verdicts(["Curie worked in Warsaw."], [CURIE_CHUNK])
    assert not warsaw.supported
    assert "Paris" in warsaw.explanation and "Warsaw" in warsaw.explanation
    (paris,) = verdicts(["Curie worked in Paris."], [CURIE_CHUNK])
    assert paris.supported and paris.chunk_indices == [0]
    (directed,) = verdicts(
        ["The film was directed by Ridley Scott."], ["The film was directed by James Cameron."]
    )
    assert not directed.supported


def test_a_name_the_context_leaves_out_only_costs_coverage() -> None:
    (v,) = verdicts(
        ["Marie Curie worked in Paris"],
        ["Curie, who worked in Paris, won two Nobel prizes."],
    )
    assert v.supported and v.chunk_indices == [0]
    # A name in another slot is no contradiction: "born in Ulm" says nothing of "moved to".
    (moved,) = verdicts(
        ["Einstein was born in Ulm."], ["Einstein was born in Ulm and moved to Munich."]
    )
    assert moved.supported


def test_negation_must_agree_both_ways() -> None:
    assert not verdicts(
        ["The drug was approved in Europe."], ["The drug was not approved in Europe."]
    )[0].supported
    assert not verdicts(
        ["The drug was never approved in Europe."], ["The drug was approved in Europe."]
    )[0].supported
    assert verdicts(
        ["The drug was not approved in Europe."], ["In Europe the drug was not approved."]
    )[0].supported


def test_a_word_denied_in_one_place_and_stated_in_another_is_not_denied() -> None:
    claim = ["The mascot appeared on the cover of the debut album."]
    both = (
        "The mascot, who did not appear on later albums, appeared on the cover of the debut album."
    )
    assert verdicts(claim, [both])[0].supported
    assert not verdicts(claim, ["The mascot did not appear on the cover of the debut album."])[
        0
    ].supported


def test_all_supporting_chunks_are_listed_best_first() -> None:
    chunks = [
        "Paris hosts many museums.",
        "The Louvre in Paris is the most visited museum in the world.",
        "Paris is home to the Louvre, the world's most visited museum.",
    ]
    (v,) = verdicts(["The Louvre in Paris is the world's most visited museum."], chunks)
    assert v.supported
    assert sorted(v.chunk_indices) == [1, 2]
    assert v.quote in {chunks[1], chunks[2]}


def test_facts_spread_over_two_chunks_are_pooled() -> None:
    chunks = [
        "Zac Efron will voice Fred Jones in the animated Scooby-Doo film.",
        "Scoob comes to cinemas on May 15, 2020.",
    ]
    (v,) = verdicts(["Efron will voice Fred Jones in Scoob, which opens on May 15, 2020."], chunks)
    assert v.supported
    assert v.chunk_indices == [0, 1]


def test_empty_and_blank_chunks() -> None:
    (v,) = verdicts(["Einstein was born in 1879."], [])
    assert not v.supported
    (v,) = verdicts(["Einstein was born in 1879."], ["", "   "])
    assert not v.supported
    result = asyncio.run(context_recall(EINSTEIN, ["", "  "], BuiltinJudge()))
    assert result.status is Status.NO_CONTEXT and result.score == 0


def test_one_verdict_per_claim_even_for_odd_claims() -> None:
    out = verdicts(["", "...", "Einstein was born in 1879."], EINSTEIN_CHUNKS)
    assert [v.claim_index for v in out] == [0, 1, 2]
    assert [v.supported for v in out] == [False, False, True]


def test_same_input_same_output() -> None:
    judge = BuiltinJudge()
    first = asyncio.run(judge.attribute(["He developed relativity."] * 3, EINSTEIN_CHUNKS))
    again = asyncio.run(BuiltinJudge().attribute(["He developed relativity."] * 3, EINSTEIN_CHUNKS))
    assert first == again
    assert asyncio.run(judge.extract_claims([EINSTEIN])) == asyncio.run(
        judge.extract_claims([EINSTEIN])
    )


def test_sentences_survive_abbreviations_decimals_and_initials() -> None:
    text = (
        "Dr. Smith met J. R. R. Tolkien in the U.S. Army in 1917. "
        "The rate rose to 3.5 percent, e.g. in Ohio. It reached No. 1 on the chart. "
        "Was the answer no? Yes."
    )
    assert split_sentences(text) == [
        "Dr. Smith met J. R. R. Tolkien in the U.S. Army in 1917.",
        "The rate rose to 3.5 percent, e.g. in Ohio.",
        "It reached No. 1 on the chart.",
        "Was the answer no?",
        "Yes.",
    ]


def test_claims_are_sentences_and_standalone_clauses_in_the_references_words() -> None:
    text = (
        "Marie Curie won two Nobel Prizes, and she remains the only person to win in two "
        "sciences. Bread, milk, and eggs were sold.\n- The shop opened in 1901; it closed in 1950."
    )
    assert extract_claim_texts(text) == [
        "Marie Curie won two Nobel Prizes.",
        # A clause's pronoun is its sentence's subject: each claim is read on its own.
        "Marie Curie remains the only person to win in two sciences.",
        "Bread, milk, and eggs were sold.",
        "The shop opened in 1901.",
        "The shop closed in 1950.",
    ]


def test_trivial_fragments_are_dropped() -> None:
    extraction = asyncio.run(BuiltinJudge().extract_claims(["", "Yes. Paris.", "   ", "... !"]))
    assert extraction.claims == [[], ["Paris."], [], []]
    assert extraction.usage.calls == 0


def test_beats_the_lexical_baseline_on_fidelity_data() -> None:
    bench = bench_scripts.load("fidelity", "fidelity_bench")
    path = bench.data_dir() / "wice_support_removal.jsonl"
    if not path.is_file():
        pytest.skip(f"fidelity data not found at {path.parent} (shared/ lives beside the repo)")
    judge = BuiltinJudge()
    truth: list[bool] = []
    ours: list[bool] = []
    base: list[bool] = []
    for case in bench.load_cases(path):
        truth.extend(case.expected_supported)
        ours.extend(v.supported for v in judge.judge(case.ground_truth_sentences, case.contexts))
        base.extend(bench.lexical_baseline(case.ground_truth_sentences, case.contexts))

    def accuracy(pred: list[bool]) -> float:
        return sum(t == p for t, p in zip(truth, pred, strict=True)) / len(truth)

    assert accuracy(ours) > accuracy(base)


def test_verdicts_do_not_depend_on_the_hash_seed() -> None:
    """An ExpertQA claim covered exactly at the threshold: its word weights summed in set
    order, which PYTHONHASHSEED decides, used to fall either side of it from one process
    to the next."""
    path = bench_scripts.load("fidelity", "fidelity_bench").data_dir() / "expertqa_dev.jsonl"
    if not path.is_file():
        pytest.skip(f"fidelity data not found at {path.parent} (shared/ lives beside the repo)")
    case = next(
        row
        for line in path.read_text(encoding="utf-8").splitlines()
        if (row := json.loads(line))["id"] == "expertqa-a7440510a167"
    )
    script = (
        "import json, sys\n"
        "from recall_audit.scorer.judges.builtin import BuiltinJudge\n"
        "claims, chunks = json.load(sys.stdin)\n"
        "print(json.dumps([v.model_dump() for v in BuiltinJudge().judge(claims, chunks)]))\n"
    )
    answers = {
        subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps([case["ground_truth_sentences"], case["contexts"]]),
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3)
    }
    assert len(answers) == 1, answers
    (verdict,) = json.loads(answers.pop())
    assert verdict["supported"] is True  # 50% of its content, and the threshold is 0.5


def test_the_fast_text_scans_find_what_the_plain_patterns_find() -> None:
    """Two scans are written for speed: sentence boundaries as one character class then its
    continuation, and a word's case in the context with str.find. Both must agree with the
    plain regular expressions on stops, quotes, brackets, line breaks, underscores and
    accents in every arrangement."""
    plain = re.compile(r"""[.!?]+["')\]”’]*(?=\s+["'(\[“‘¿¡«„]?\w)|\n+|[。！？]+[」』）)”’"']*""")
    rng = random.Random(7)
    alphabet = ".!?\n \t\"')]”’(“‘[Aa0é_。！」"
    texts = ['Dr. Smith met J. R. R. Tolkien. He left!\n\nThen ("Yes.") Paris? 3 km.\n']
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24))) for _ in range(800)]
    for text in texts:
        assert [m.span() for m in _BOUNDARY.finditer(text)] == [
            m.span() for m in plain.finditer(text)
        ], repr(text)
        for word in {text[i : i + n] for i in range(len(text)) for n in (1, 2, 3)}:
            if word:
                found = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None
                assert _written(text, word) is found, (text, word)


def test_an_assessment_decides_as_the_judge_does() -> None:
    """bench/fidelity.py sweeps settings over assessments instead of judging again: for any
    threshold and set of checks they must give the judge's own verdicts."""
    claims = [
        "Einstein was born in 1879.",
        "He developed relativity.",
        "Einstein was born in 1880.",
        "Einstein moved to the United States in 1933.",
        "Did Einstein move to the United States?",
        "Einstein published the theory of relativity in 1933.",
    ]
    for settings in (
        BuiltinSettings(),
        BuiltinSettings(threshold=0.35, combined_threshold=0.6),
        BuiltinSettings(threshold=0.7, combined_threshold=1.01, rules=RULES - {"values"}),
        BuiltinSettings(rules=frozenset()),
    ):
        decided = [v.supported for v in BuiltinJudge(settings).judge(claims, EINSTEIN_CHUNKS)]
        assessed = BuiltinJudge(BuiltinSettings()).assess(claims, EINSTEIN_CHUNKS, 0.3)
        assert [a.supported(settings) for a in assessed] == decided, settings
        if settings == BuiltinSettings():
            assert decided[:5] == [True, True, False, True, False]


def test_the_demo_loses_the_winner_claim_with_its_paragraph(tmp_path: Path) -> None:
    """examples/hotpot: with "2014 S/S" removed from the knowledge base, a paragraph about
    another band formed in 2014 must not support the claim about WINNER's debut album."""
    case = next(
        json.loads(line)
        for line in (HOTPOT / "dataset.jsonl").read_text(encoding="utf-8").splitlines()
        if "WINNER" in line
    )
    claim = "2014 S/S is the debut album of South Korean group WINNER."
    assert claim in extract_claim_texts(case["ground_truth"])
    rows = (HOTPOT / "kb.jsonl").read_text(encoding="utf-8").splitlines()
    kept = [r for r in rows if json.loads(r)["title"] != "2014 S/S"]
    assert len(kept) == len(rows) - 1
    removed = tmp_path / "kb.jsonl"
    removed.write_text("\n".join(kept) + "\n", encoding="utf-8")
    for kb, supported in ((HOTPOT / "kb.jsonl", True), (removed, False)):
        chunks = Bm25Retriever(kb).search(case["question"], 4)  # the demo's top-k
        (verdict,) = verdicts([claim], chunks)
        assert verdict.supported is supported, (kb, verdict.explanation)
    assert "subject" in verdict.explanation


def test_make_fidelity_measures_any_judge_on_the_labels(
    model_server: FakeModelServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`make fidelity JUDGE=openai/<model>`: a real HTTP endpoint judges every labelled
    statement; a case whose call fails is named and left out, and the run goes on."""
    bench = bench_scripts.load("fidelity", "fidelity_bench")
    for name in bench.FILES:
        rows = [
            {
                "id": f"{name}-{n}",
                "question": "",
                "ground_truth": "Paris is in France.",
                "ground_truth_sentences": ["Paris is in France."],
                "contexts": ["Paris is the capital of France."],
                "expected_supported": [n == 1],
                "expected_recall": float(n == 1),
            }
            for n in (1, 2, 3)
        ]
        (tmp_path / name).write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    supported = {"verdicts": [{"claim": 1, "supported": True, "chunks": [1], "quote": "Paris"}]}
    for _ in bench.FILES:
        model_server.enqueue(
            openai_completion(supported), Canned(status=400, body={"error": "no such model"})
        )
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret")
    doc = tmp_path / "fidelity.md"
    doc.write_text("before\n<!-- measured model: begin -->\n<!-- measured model: end -->\nafter\n")
    code = bench.main(
        ["--data", str(tmp_path), "--judge", "openai/m", "--limit", "2", "--write", str(doc)]
    )
    assert code == 0
    written = doc.read_text()
    assert written.startswith("before\n<!-- measured model: begin -->") and "after" in written
    assert "make fidelity JUDGE=openai/m LIMIT=2" in written
    assert "| WiCE | 1 | 1.000 / 1.000 | 0.00 / 0.00 | 1.00 / 1.00 | 1 |" in written
    assert "First failure: wice_support_removal.jsonl-2" in written
    assert "sk-test-secret" not in written + capsys.readouterr().out
    assert len(model_server.requests) == 2 * len(bench.FILES)  # the third case is past LIMIT
