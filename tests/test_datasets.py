"""Dataset loading: formats, field aliases, errors with file:line:field, streaming, ids."""

from __future__ import annotations

import csv
import hashlib
import inspect
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from recall_audit.datasets.cases import (
    DatasetCase,
    DatasetError,
    fingerprint_file,
    iter_batches,
    iter_cases,
    stable_case_key,
)
from recall_audit.errors import ConfigurationError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def only_case(path: Path) -> DatasetCase:
    [case] = list(iter_cases(path))
    return case


@pytest.mark.parametrize("alias", ["input", "question", "user_input", "query"])
def test_every_question_alias_is_read(tmp_path: Path, alias: str) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [{alias: "Who?", "ground_truth": "Ada."}])
    assert only_case(path).question == "Who?"


@pytest.mark.parametrize(
    "alias", ["ground_truth", "groundTruth", "expected_output", "reference", "answer"]
)
def test_every_ground_truth_alias_is_read(tmp_path: Path, alias: str) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [{"question": "Who?", alias: "Ada."}])
    assert only_case(path).ground_truth == "Ada."


def test_ground_truths_list_is_joined_one_per_line(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [{"question": "Q", "ground_truths": ["A.", "B."]}])
    assert only_case(path).ground_truth == "A.\nB."


@pytest.mark.parametrize(
    "alias", ["contexts", "retrieval_context", "retrieved_contexts", "context"]
)
def test_every_context_alias_is_read_and_left_raw(tmp_path: Path, alias: str) -> None:
    chunks = ["plain", {"text": "an object"}]
    path = write_jsonl(tmp_path / "d.jsonl", [{"question": "Q", "reference": "A", alias: chunks}])
    assert only_case(path).contexts == chunks


def test_an_earlier_alias_wins_and_the_others_stay_as_metadata(tmp_path: Path) -> None:
    # Ragas rows carry both: `answer` is then the system's answer, not the reference.
    row = {"question": "Q", "ground_truth": "Paris.", "answer": "Lyon.", "source": "x"}
    case = only_case(write_jsonl(tmp_path / "d.jsonl", [row]))
    assert case.ground_truth == "Paris."
    assert case.metadata == {"answer": "Lyon.", "source": "x"}


def test_a_ragas_row_without_a_reference_is_reported_not_filled_from_its_answer(
    tmp_path: Path,
) -> None:
    rows = [
        {"id": "gen", "question": "Q", "answer": "Lyon.", "contexts": ["Paris is the capital."]},
        {
            "id": "old",
            "question": "Q2",
            "answer": "Lyon.",
            "contexts": [],
            "ground_truths": ["Paris."],
        },
        {"id": "qa", "question": "Q3", "answer": "Paris."},
    ]
    skipped: list[DatasetError] = []
    path = write_jsonl(tmp_path / "d.jsonl", rows)
    cases = {c.case_key: c for c in iter_cases(path, on_error="skip", on_skip=skipped.append)}
    assert [str(e) for e in skipped] == [
        f"{path}:1: field 'answer': beside retrieved chunks this is the generated answer "
        "(Ragas' columns), not a reference; give the reference as ground_truth or reference"
    ]
    # Ragas' older list of references wins over the generated answer beside it.
    assert cases["old"].ground_truth == "Paris." and cases["old"].metadata == {"answer": "Lyon."}
    # A question-answer file without chunks: the answer is the reference.
    assert cases["qa"].ground_truth == "Paris."


def test_missing_contexts_mean_none_and_empty_list_means_nothing_retrieved(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "d.jsonl",
        [
            {"question": "Q1", "ground_truth": "A"},
            {"question": "Q2", "ground_truth": "A", "contexts": []},
        ],
    )
    assert [case.contexts for case in iter_cases(path)] == [None, []]


def test_ids_come_from_id_or_case_id_else_a_stable_hash(tmp_path: Path) -> None:
    rows = [
        {"id": "q-1", "question": "A", "ground_truth": "x"},
        {"case_id": 7, "question": "B", "ground_truth": "y"},
        {"question": "C", "ground_truth": "z"},
    ]
    cases = list(iter_cases(write_jsonl(tmp_path / "d.jsonl", rows)))
    expected_hash = hashlib.sha256(b"C\x1fz").hexdigest()[:12]
    assert [c.case_key for c in cases] == ["q-1", "7", expected_hash]
    assert stable_case_key("C", "z") == expected_hash
    assert [c.line for c in cases] == [1, 2, 3]


def test_a_question_alone_or_a_ground_truth_alone_is_a_case(tmp_path: Path) -> None:
    rows = [{"question": "Q only"}, {"ground_truth": "Truth only."}]
    cases = list(iter_cases(write_jsonl(tmp_path / "d.jsonl", rows)))
    assert [(c.question, c.ground_truth) for c in cases] == [("Q only", ""), ("", "Truth only.")]


def test_blank_lines_are_skipped_and_line_numbers_stay_true(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text('\n{"question": "Q", "ground_truth": "A"}\n\n', encoding="utf-8")
    assert only_case(path).line == 2


def test_json_list_and_each_wrapper_are_read(tmp_path: Path) -> None:
    rows = [{"id": "a", "question": "Q", "ground_truth": "A"}]
    layouts = [rows, {"data": rows}, {"cases": rows}, {"rows": rows, "name": "demo"}]
    for number, layout in enumerate(layouts):
        path = tmp_path / f"d{number}.json"
        path.write_text(json.dumps(layout), encoding="utf-8")
        assert [(c.case_key, c.line) for c in iter_cases(path)] == [("a", 1)]


def test_json_of_another_shape_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text('{"items": []}', encoding="utf-8")
    with pytest.raises(DatasetError) as caught:
        list(iter_cases(path))
    assert str(caught.value) == (
        f"{path}: expected a list of cases or an object with 'data', 'cases' or 'rows'"
    )


def test_csv_is_read_with_json_list_cells(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "user_input", "reference", "retrieved_contexts", "tag"])
        writer.writerow(["a", "Who?", "Ada,\nthe first.", json.dumps(["c1", "c2"]), "x"])
        writer.writerow(["b", "What?", "B.", "", ""])
    cases = list(iter_cases(path))
    assert [(c.case_key, c.line) for c in cases] == [("a", 2), ("b", 4)]
    assert cases[0].ground_truth == "Ada,\nthe first."
    assert cases[0].contexts == ["c1", "c2"]
    assert cases[0].metadata == {"tag": "x"}
    assert cases[1].contexts is None


def test_csv_context_cell_that_is_not_a_json_list_names_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("question,ground_truth,contexts\nQ,A,just text\n", encoding="utf-8")
    with pytest.raises(DatasetError) as caught:
        list(iter_cases(path))
    assert str(caught.value) == f"{path}:2: field 'contexts': expected a JSON list in the cell"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "invalid JSON: Expecting property name enclosed in double quotes (column 2)"),
        ("[1, 2]", "expected an object, got list"),
        (
            '{"tag": 1}',
            "no question (input, question, user_input, query) and no ground truth "
            "(ground_truth, groundTruth, expected_output, reference, answer, ground_truths)",
        ),
        (
            '{"question": "Q", "ground_truth": "A", "contexts": 5}',
            "field 'contexts': expected a list of chunks, got int",
        ),
        (
            '{"question": "Q", "ground_truth": "A", "retrieval_context": "c"}',
            "field 'retrieval_context': expected a list of chunks, got str",
        ),
        ('{"question": 3, "ground_truth": "A"}', "field 'question': expected a string, got int"),
        (
            '{"question": "Q", "expected_output": ["A"]}',
            "field 'expected_output': expected a string, got list",
        ),
        (
            '{"question": "Q", "ground_truths": ["A", 1]}',
            "field 'ground_truths': expected a list of strings, got a list with int items",
        ),
        (
            '{"id": {"x": 1}, "question": "Q"}',
            "field 'id': expected a string or an integer, got object",
        ),
        ('{"id": "first", "question": "Q"}', "field 'id': duplicate id 'first' (first at line 1)"),
    ],
)
def test_a_bad_row_names_file_line_and_field(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "data.jsonl"
    path.write_text('{"id": "first", "question": "ok"}\n\n' + line + "\n", encoding="utf-8")
    with pytest.raises(DatasetError) as caught:
        list(iter_cases(path))
    assert str(caught.value) == f"{path}:3: {message}"
    assert caught.value.line == 3


def test_json_errors_point_at_the_item(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(
        json.dumps([{"question": "Q"}, {"question": "Q", "contexts": {}}]), encoding="utf-8"
    )
    with pytest.raises(DatasetError) as caught:
        list(iter_cases(path))
    assert (
        str(caught.value)
        == f"{path}:item 2: field 'contexts': expected a list of chunks, got object"
    )


def test_invalid_utf8_is_reported_by_line(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_bytes(b'{"question": "ok"}\n{"question": "\xff"}\n')
    with pytest.raises(DatasetError, match=r"d\.jsonl:2: not valid UTF-8"):
        list(iter_cases(path))


def test_skip_mode_reports_each_bad_row_and_keeps_the_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(
        '{"id": 1, "question": "A"}\nnot json\n{"id": 1, "question": "B"}\n{"id": 2, "question": "C"}\n',
        encoding="utf-8",
    )
    skipped: list[DatasetError] = []
    cases = list(iter_cases(path, on_error="skip", on_skip=skipped.append))
    assert [c.question for c in cases] == ["A", "C"]
    assert [(e.line, e.field) for e in skipped] == [(2, None), (3, "id")]
    with pytest.raises(DatasetError) as caught:
        list(iter_cases(path, on_error="raise"))
    assert caught.value.line == 2


def test_skip_mode_without_a_callback_still_continues(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [[], {"question": "Q"}])
    assert [c.question for c in iter_cases(path, on_error="skip")] == ["Q"]


def test_unknown_format_missing_file_and_bad_option_are_clear(tmp_path: Path) -> None:
    # Raised when called, before any reading, so a task fails at its first line.
    with pytest.raises(ConfigurationError, match=r"cannot tell the format of .*d\.txt"):
        iter_cases(tmp_path / "d.txt")
    with pytest.raises(DatasetError) as caught:
        iter_cases(tmp_path / "missing.jsonl")
    assert str(caught.value) == f"{tmp_path / 'missing.jsonl'}: no such file"
    with pytest.raises(ConfigurationError, match="on_error"):
        iter_cases(tmp_path / "d.jsonl", on_error="ignore")  # type: ignore[arg-type]


def test_dataset_errors_survive_pickling() -> None:
    error = DatasetError("d.json", 3, "contexts", "expected a list of chunks, got int", item=True)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.path, copy.line, copy.field, copy.item) == (
        "d.json:item 3: field 'contexts': expected a list of chunks, got int",
        "d.json",
        3,
        "contexts",
        True,
    )


def test_format_can_be_forced(tmp_path: Path) -> None:
    path = tmp_path / "cases.txt"
    path.write_text('{"question": "Q"}\n', encoding="utf-8")
    assert [c.question for c in iter_cases(path, format="jsonl")] == ["Q"]


def test_jsonl_is_streamed_lazily(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for number in range(100_000):
            handle.write(f'{{"id": {number}, "question": "q{number}", "ground_truth": "a"}}\n')
        handle.write("not json\n")
    cases = iter_cases(path)
    assert inspect.isgenerator(cases)
    # The first rows arrive before the broken last line is ever read.
    assert [c.case_key for c in (next(cases), next(cases))] == ["0", "1"]
    batches = iter_batches(cases, 1000)
    assert len(next(batches)) == 1000
    cases.close()


def test_csv_is_streamed_lazily(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("question,ground_truth\nQ1,A\nQ2,A,extra\n", encoding="utf-8")
    cases = iter_cases(path)
    assert next(cases).question == "Q1"
    with pytest.raises(DatasetError, match=r"d\.csv:3: more cells than header columns"):
        next(cases)


def test_iter_batches_groups_lazily_and_keeps_the_tail() -> None:
    assert list(iter_batches(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(iter_batches([], 3)) == []
    with pytest.raises(ValueError, match="at least 1"):
        list(iter_batches(range(3), 0))


def test_fingerprint_is_the_sha256_of_the_bytes_and_follows_changes(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [{"question": "Q"}])
    first = fingerprint_file(path)
    assert first == hashlib.sha256(path.read_bytes()).hexdigest()
    assert fingerprint_file(path) == first
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(path.read_bytes())
    assert fingerprint_file(copy) == first
    path.write_text(path.read_text() + "\n", encoding="utf-8")
    assert fingerprint_file(path) != first


def test_the_example_datasets_load_cleanly() -> None:
    einstein = list(iter_cases(EXAMPLES / "einstein.jsonl"))
    assert einstein[0].ground_truth == (
        "Einstein was born in 1879. He developed relativity. He won the Nobel Prize."
    )
    assert all(case.contexts for case in einstein)
    hotpot = list(iter_cases(EXAMPLES / "hotpot" / "dataset.jsonl"))
    assert len(hotpot) == 53
    assert all(case.contexts is None and case.ground_truth for case in hotpot)
