"""Hostile dataset files: a whole-file problem is one line saying what was found and what was
expected; a row-level problem is that row's `file:line: field: ...` and its neighbours load."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from recall_audit.datasets.cases import DatasetError, iter_cases

GOOD = {"question": "Who?", "ground_truth": "Ada.", "contexts": ["Ada wrote it."]}


def read(path: Path) -> tuple[list[str], list[DatasetError]]:
    skipped: list[DatasetError] = []
    keys = [c.case_key for c in iter_cases(path, on_error="skip", on_skip=skipped.append)]
    return keys, skipped


def whole_file_error(path: Path) -> str:
    with pytest.raises(DatasetError) as caught:
        read(path)
    assert caught.value.line is None and "\n" not in str(caught.value)
    return str(caught.value)


JSONL = "JSONL (one JSON object per line, UTF-8)"
JSON = "JSON (a list of case objects, UTF-8)"
CSV = "CSV (a header line, then one case per line, UTF-8)"


@pytest.mark.parametrize(
    ("name", "content", "found", "expected"),
    [
        ("e.jsonl", b"", "is empty", JSONL),
        ("e.json", b"  \n", "is empty", JSON),
        ("e.csv", b"", "is empty", CSV),
        ("l.json", b"[]", "holds an empty list", JSON),
        ("w.json", b'{"data": []}', "holds an empty list", JSON),
        ("h.csv", b"question,ground_truth\n", "has a header line but no rows", CSV),
        ("c.csv", b"a,b\n1,2\n", "has columns 'a', 'b'; none is a question", None),
        (
            "u.jsonl",
            codecs.BOM_UTF16_LE + '{"question": "Q"}\n'.encode("utf-16-le"),
            "is UTF-16 text",
            JSONL,
        ),
        ("b.jsonl", b"\x00\x01\x02\x00" * 64, "holds binary data", JSONL),
        ("r.jsonl", b'{"question": "A"}\r{"question": "B"}\r', "has CR-only line endings", JSONL),
        ("a.jsonl", json.dumps([GOOD, GOOD], indent=1).encode(), "holds one JSON array", JSONL),
        ("one.jsonl", json.dumps([GOOD]).encode(), "holds one JSON array", JSONL),
        (
            "x.json",
            (json.dumps(GOOD) + "\n" + json.dumps(GOOD)).encode(),
            "one JSON value per line",
            JSON,
        ),
        ("v.jsonl", b"question,ground_truth\nQ,A\n", "looks like CSV", JSONL),
        ("v.json", b"question,ground_truth\nQ,A\n", "looks like CSV", JSON),
        ("j.csv", json.dumps([GOOD]).encode(), "holds JSON, not CSV", CSV),
        ("bad.jsonl", b"not json\n[1]\n", "no valid case: all 2 rows are bad; the first:", None),
    ],
)
def test_a_whole_file_problem_is_one_line_with_what_was_found_and_expected(
    tmp_path: Path, name: str, content: bytes, found: str, expected: str | None
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    message = whole_file_error(path)
    assert message.startswith(f"{path}: ") and found in message
    if expected:
        assert message.endswith(f"; expected {expected}")


def jsonl(path: Path, lines: list[str | bytes]) -> Path:
    path.write_bytes(b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines))
    return path


def test_unstorable_text_and_deep_nesting_are_row_errors_and_the_good_rows_load(
    tmp_path: Path,
) -> None:
    deep: object = "x"
    for _ in range(900):
        deep = [deep]
    path = jsonl(
        tmp_path / "d.jsonl",
        [
            json.dumps({"id": "good-1", **GOOD}),
            '{"id": "s", "question": "Q", "ground_truth": "x\\udfff"}',
            '{"id": "n", "question": "Q", "ground_truth": "A", "contexts": ["a", {"text": "b\\u0000"}]}',
            json.dumps({"id": "deep", "question": "Q", "contexts": [deep]}),
            b'{"id": "u", "question": "\xff"}',
            '{"id": "k", "question": "Q", "\\ud800": 1}',
            json.dumps({"id": "good-2", **GOOD}),
        ],
    )
    keys, skipped = read(path)
    assert keys == ["good-1", "good-2"]
    messages = [str(e) for e in skipped]
    assert messages[0] == (
        f"{path}:2: field 'ground_truth': contains U+DFFF at character 1, a lone surrogate "
        "(or a byte that is not UTF-8): not valid Unicode text"
    )
    assert messages[1] == (
        f"{path}:3: field 'contexts': contains a NUL character (U+0000) at character 1, "
        "which PostgreSQL cannot store (at [1].text)"
    )
    assert messages[2].startswith(f"{path}:4: ")
    assert "nested" in messages[2]
    assert messages[3] == f"{path}:5: not valid UTF-8 (invalid start byte)"
    assert messages[4].startswith(f"{path}:6: field '\\ud800': the field name contains U+D800")
    # Every message can be printed and stored as it is.
    assert all(s.encode("utf-8") and "\x00" not in s for s in messages)


def test_csv_short_rows_unterminated_quotes_huge_cells_and_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    huge = "x" * 1_000_000
    path.write_bytes(
        b"id,question,ground_truth,contexts\n"
        b"a,Q1,A1\n"  # a short row: the missing cell is empty
        b'b,Q2,"A2 never closed\n'
        b"c,Q3,A3,\n" + f"d,Q4,{huge},\n".encode() + b"e,Q5,caf\xe9,\n"
        b'f,Q6,A6,"[""c1""]"\n'
    )
    keys, skipped = read(path)
    assert keys == ["a", "c", "f"]
    assert [(e.line, e.field) for e in skipped] == [(3, None), (5, None), (6, "ground_truth")]
    assert "a quoted cell opened on this line never closes properly" in str(skipped[0])
    assert "a cell is longer than 131072 characters" in str(skipped[1])
    assert "U+DCE9" in str(skipped[2])


def test_json_files_keep_their_good_items_around_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_bytes(b'[{"id": "a", "question": "Q"}, {"id": "b", "question": "caf\xe9"}]')
    keys, skipped = read(path)
    assert keys == ["a"]
    assert str(skipped[0]).startswith(f"{path}:item 2: field 'question': contains U+DCE9")


def test_csv_with_cr_only_line_endings_reads_like_any_other(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b'id,question,ground_truth,contexts\ra,Q,A,"[""A""]"\rb,Q2,B,\r')
    keys, skipped = read(path)
    assert (keys, skipped) == (["a", "b"], [])
