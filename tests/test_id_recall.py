"""Recall by document id and context precision in the library: labels from the rows
(`reference_context_ids`, as Ragas writes them) or a BEIR/TREC qrels file, recall@k by id,
bad labels named by file, line and field, and both figures on the scorer's result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recall_audit import create_context_recall_scorer
from recall_audit.datasets.cases import iter_cases
from recall_audit.datasets.qrels import read_qrels, unmatched_queries, with_qrels
from recall_audit.datasets.rows import DatasetError
from recall_audit.scorer.id_recall import id_recall

CHUNKS = [
    "Albert Einstein was born in 1879 in Ulm, Germany.",
    "Einstein published his theory of special relativity in 1905.",
    "In 1933 Einstein moved to the United States.",
]
TRUTH = "Einstein was born in 1879. He developed relativity. He won the Nobel Prize."


def test_id_recall_is_the_share_of_relevant_documents_retrieved_at_every_k() -> None:
    found = id_recall(["a", "b", "c", "d"], ["x", "b", None, "b", "a"])
    assert found is not None
    assert found.recall == 0.5 and found.missed == ["c", "d"]
    # A second chunk of the same document finds nothing more; an unnamed chunk nothing.
    assert found.recall_at_k == [0.0, 0.25, 0.25, 0.25, 0.5]
    assert id_recall(["a", "a", " "], ["a"]).recall_at_k == [1.0]  # labels are distinct ids


def test_a_case_without_labels_has_no_id_recall_and_nothing_retrieved_is_zero() -> None:
    assert id_recall(None, ["a"]) is None
    assert id_recall([], ["a"]) is None
    # Chunks whose hits named no document: nothing can be said, which is not 0.
    assert id_recall(["a"], [None, None]) is None
    nothing = id_recall(["a", "b"], [])
    assert nothing is not None and (nothing.recall, nothing.recall_at_k) == (0.0, [])


def test_the_scorers_result_carries_precision_and_id_recall() -> None:
    scorer = create_context_recall_scorer(context=CHUNKS, context_ids=["ulm", "sr", "usa"])
    result = scorer.run(ground_truth=TRUTH, reference_context_ids=["ulm", "nobel"])
    assert result.score == pytest.approx(2 / 3)
    # Chunks 1 and 2 support a claim each and come first: precision 1.
    assert result.context_precision == 1.0
    assert (result.id_recall, result.id_recall_at_k, result.missed_ids) == (
        0.5,
        [0.5, 0.5, 0.5],
        ["nobel"],
    )
    # The ids of the chunks given for one run, as Ragas names them (Mastra's spelling too).
    other = scorer.run(
        {"groundTruth": TRUTH, "referenceContextIds": ["usa"]},
        retrieved_context_ids=["p1", "p2", "usa"],
    )
    assert other.id_recall_at_k == [0.0, 0.0, 1.0]
    assert scorer.run(ground_truth=TRUTH).id_recall is None
    with pytest.raises(Exception, match="names 1 documents for 3 chunks"):
        scorer.run(ground_truth=TRUTH, reference_context_ids=["a"], retrieved_context_ids=["a"])


def test_precision_is_lower_when_the_supporting_chunk_comes_last() -> None:
    noise = "Bananas are yellow and grow in bunches."
    scorer = create_context_recall_scorer(
        context=[noise, noise.replace("Bananas", "Lemons"), CHUNKS[0]]
    )
    result = scorer.run(ground_truth="Einstein was born in 1879.")
    assert result.score == 1.0 and result.context_precision == pytest.approx(1 / 3)
    assert (
        create_context_recall_scorer(context=[]).run(ground_truth=TRUTH).context_precision is None
    )


def write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_rows_give_their_relevant_documents_and_their_chunks_ids(tmp_path: Path) -> None:
    data = write(
        tmp_path / "cases.jsonl",
        [
            {"id": "q1", "question": "Q?", "reference": "A.", "reference_context_ids": ["d1"]},
            {
                "id": "q2", "question": "Q?", "reference": "B.", "reference_context_ids": [],
                "retrieved_contexts": ["one", "two"], "retrieved_context_ids": ["d1", "d2"],
            },
            {"id": "q3", "question": "Q?", "reference": "C."},
        ],
    )  # fmt: skip
    cases = list(iter_cases(data))
    assert [c.reference_ids for c in cases] == [["d1"], [], None]
    assert cases[1].context_ids == ["d1", "d2"]
    csv = tmp_path / "cases.csv"
    csv.write_text('question,reference,reference_context_ids\nQ?,A.,"[""d1"", ""d2""]"\n')
    assert [c.reference_ids for c in iter_cases(csv)] == [["d1", "d2"]]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"reference_context_ids": "d1"}, "field 'reference_context_ids': expected a list of document ids (strings), got str"),
        ({"reference_context_ids": ["d1", 7]}, "field 'reference_context_ids': expected a list of document ids (strings), got a list with int items"),
        ({"reference_context_ids": ["d1", " "]}, "field 'reference_context_ids': holds an empty id"),
        ({"contexts": ["a"], "retrieved_context_ids": ["d1", "d2"]}, "field 'retrieved_context_ids': names 2 documents for 1 chunks"),
        ({"retrieved_context_ids": ["d1"]}, "field 'retrieved_context_ids': names 1 documents for no chunks"),
    ],
)  # fmt: skip
def test_bad_labels_name_the_file_line_and_field(tmp_path: Path, row: dict, message: str) -> None:
    good = {"question": "Q?", "ground_truth": "A."}
    data = write(tmp_path / "cases.jsonl", [good, good | {"id": "x"} | row])
    with pytest.raises(DatasetError) as bad:
        list(iter_cases(data))
    assert str(bad.value).startswith(f"{data}:2: {message}"), str(bad.value)


def test_qrels_in_beir_and_trec_form(tmp_path: Path) -> None:
    beir = tmp_path / "test.tsv"
    beir.write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td9\t0\nq1\td2\t2\n\nq2\td3\t1\n")
    assert read_qrels(beir) == {"q1": ["d1", "d2"], "q2": ["d3"]}
    trec = tmp_path / "qrels.txt"
    trec.write_text("q1 0 d1 1\nq1 0 d2 0\nq3 Q0 d5 1\nq4 0 d6 0\n")
    # A query judged with no relevant document is labelled with none: no id recall.
    assert read_qrels(trec) == {"q1": ["d1"], "q3": ["d5"], "q4": []}
    assert unmatched_queries(read_qrels(trec), {"q1", "q4"}) == ["q3"]


def test_qrels_labels_replace_the_rows_own(tmp_path: Path) -> None:
    data = write(
        tmp_path / "cases.jsonl",
        [
            {"id": "q1", "question": "Q?", "reference": "A.", "reference_context_ids": ["old"]},
            {"id": "q2", "question": "Q?", "reference": "B."},
        ],
    )
    labelled = list(with_qrels(iter_cases(data), {"q2": ["d2"]}))
    assert [c.reference_ids for c in labelled] == [None, ["d2"]]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("q1\td1\t1\nq1\td2\n", ":2: expected query-id, corpus-id and score (or query-id, Q0, corpus-id, score), got 2 columns"),
        ("q1\td1\t1\nq2\td2\tyes\n", ":2: field 'score': expected a number, got 'yes'"),
        ("query-id\tcorpus-id\tscore\n\td2\t1\n", ":2: field 'query-id': is empty"),
        ("q1\t\t1\n", ":1: field 'corpus-id': is empty"),
        ("q1\td1\tx\n", ":1: field 'score': expected a number, got 'x'"),
        ("query-id\tcorpus-id\tscore\n", ": holds no judgement"),
        ("q1\td1\t1\nq2\td\xff\t1\n", ":2: not valid UTF-8"),
    ],
)  # fmt: skip
def test_a_bad_qrels_line_is_named_by_file_line_and_field(
    tmp_path: Path, text: str, where: str
) -> None:
    qrels = tmp_path / "qrels.tsv"
    qrels.write_bytes(text.encode("latin-1") if "\xff" in text else text.encode())
    with pytest.raises(DatasetError) as bad:
        read_qrels(qrels)
    assert str(bad.value).startswith(f"{qrels}{where}"), str(bad.value)
    with pytest.raises(DatasetError, match="no such qrels file"):
        read_qrels(tmp_path / "missing.tsv")
