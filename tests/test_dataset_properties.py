"""Generated hostile datasets: good rows mixed with malformed ones, in JSONL, JSON and CSV.

Whatever the mix, reading never raises past a row: every good row comes back intact and in
order, and each malformed row that is reported names its file and line in one line. A file
with no good row at all is one whole-file error. Through the command line, such files exit 2
with one line and no traceback.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from recall_audit.cli.commands import app
from recall_audit.datasets.cases import DatasetCase, DatasetError, iter_cases

# Text any backend stores: no surrogates (category Cs) and no NUL.
TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=40)
# CSV cells of good rows hold no quote or line break: a stray quote in a bad row could
# otherwise pair with one of theirs, which CSV's own grammar reads as one multi-line cell.
CELL = st.text(
    st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp"), exclude_characters='"'),
    max_size=30,
)
NESTED = st.integers(40, 900).map(lambda depth: json.loads("[" * depth + "]" * depth))


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@st.composite
def good_rows(draw: st.DrawFn, cell: st.SearchStrategy[str] = TEXT) -> list[dict[str, Any]]:
    count = draw(st.integers(0, 5))
    return [
        {
            "id": f"good-{number}",
            "question": draw(cell) or "Q",
            "ground_truth": draw(cell) or "A",
            "contexts": draw(st.lists(cell, max_size=3)),
        }
        for number in range(count)
    ]


# Values that are JSON but not a case.
BAD_VALUES = st.one_of(
    st.sampled_from([[], [1, 2], 7, "text", None, True]),
    st.fixed_dictionaries({"tag": TEXT}),
    st.fixed_dictionaries({"question": st.integers()}),
    st.fixed_dictionaries({"question": TEXT, "contexts": st.one_of(TEXT, st.integers())}),
    st.fixed_dictionaries({"id": st.one_of(st.just(""), st.lists(st.integers()))}),
    st.fixed_dictionaries({"question": TEXT, "ground_truths": st.just(["a", 1])}),
    st.fixed_dictionaries({"question": TEXT, "ground_truth": TEXT.map(lambda t: t + "\udfff")}),
    st.fixed_dictionaries({"question": TEXT.map(lambda t: "\ud800" + t)}),
    st.fixed_dictionaries({"question": TEXT, "contexts": TEXT.map(lambda t: [t + "\x00"])}),
    st.fixed_dictionaries({"question": TEXT, "contexts": NESTED.map(lambda n: [n])}),
)
# Lines that are not JSON at all, or not UTF-8 (never mostly NUL: that is a binary file).
BAD_LINES = st.one_of(
    st.binary(min_size=1, max_size=60).filter(lambda b: b"\n" not in b and b"\x00" not in b),
    st.sampled_from([b"{", b"not json", b'{"question": "unterminated', b'{"q": "\xff\xfe"}']),
    st.integers(901, 3000).map(lambda depth: deep(depth).encode()),
)


def read(path: Path) -> tuple[list[DatasetCase], list[DatasetError]]:
    skipped: list[DatasetError] = []
    return list(iter_cases(path, on_error="skip", on_skip=skipped.append)), skipped


def check(path: Path, good: list[dict[str, Any]], bad_lines: set[int]) -> None:
    """The good rows come back intact, the bad ones are each a one-line located error."""
    if not good:
        with pytest.raises(DatasetError) as caught:
            read(path)
        assert caught.value.line is None and "\n" not in str(caught.value)
        return
    cases, skipped = read(path)
    assert [c.case_key for c in cases] == [row["id"] for row in good]
    for case, row in zip(cases, good, strict=True):
        assert (case.question, case.ground_truth, case.contexts) == (
            row["question"],
            row["ground_truth"],
            row["contexts"],
        )
    for error in skipped:
        assert error.line in bad_lines, str(error)
        assert str(error).startswith(f"{path}:") and "\n" not in str(error)
        str(error).encode("utf-8")  # printable and storable as it is


def shuffle_in(draw: st.DrawFn, good: list[Any], bad: list[Any]) -> list[tuple[bool, Any]]:
    """Good rows keep their order; bad ones land anywhere among them."""
    mixed: list[tuple[bool, Any]] = [(True, row) for row in good]
    for item in bad:
        mixed.insert(draw(st.integers(0, len(mixed))), (False, item))
    return mixed


def test_generated_malformed_rows_never_cost_a_good_row(
    record_property: pytest.RecordProperty,
) -> None:
    malformed: list[int] = []
    folder = Path(tempfile.mkdtemp(prefix="recall-audit-hypothesis-"))
    common: dict[str, Any] = {"deadline": None, "database": None}
    common["suppress_health_check"] = [HealthCheck.too_slow]

    @settings(max_examples=70, **common)
    @given(st.data(), good_rows())
    def jsonl(data: st.DataObject, good: list[dict[str, Any]]) -> None:
        bad = data.draw(st.lists(st.one_of(BAD_VALUES.map(_dumps), BAD_LINES), max_size=6))
        lines, bad_lines = [], set()
        for number, (is_good, item) in enumerate(shuffle_in(data.draw, good, bad), start=1):
            lines.append(json.dumps(item).encode() if is_good else item)
            if not is_good:
                bad_lines.add(number)
        path = folder / "generated.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        malformed.append(len(bad))
        check(path, good, bad_lines)

    @settings(max_examples=40, **common)
    @given(st.data(), good_rows())
    def json_list(data: st.DataObject, good: list[dict[str, Any]]) -> None:
        bad = data.draw(st.lists(BAD_VALUES, max_size=6))
        mixed = shuffle_in(data.draw, good, bad)
        path = folder / "generated.json"
        path.write_bytes(_dumps([item for _, item in mixed]))
        malformed.append(len(bad))
        check(path, good, {n for n, (ok, _) in enumerate(mixed, start=1) if not ok})

    @settings(max_examples=50, **common)
    @given(st.data(), good_rows(CELL))
    def csv_file(data: st.DataObject, good: list[dict[str, Any]]) -> None:
        bad = data.draw(st.lists(BAD_CSV_LINES, max_size=6))
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(["id", "question", "ground_truth", "contexts"])
        lines, bad_lines = [text.getvalue().encode()], set()
        for number, (is_good, item) in enumerate(shuffle_in(data.draw, good, bad), start=2):
            if is_good:
                text = io.StringIO()
                csv.writer(text, lineterminator="\n").writerow(
                    [
                        item["id"],
                        item["question"],
                        item["ground_truth"],
                        json.dumps(item["contexts"]),
                    ]
                )
                lines.append(text.getvalue().encode())
            else:
                lines.append(item + b"\n")
                bad_lines.add(number)
        path = folder / "generated.csv"
        path.write_bytes(b"".join(lines))
        malformed.append(len(bad))
        check(path, good, bad_lines)

    jsonl()
    json_list()
    csv_file()
    total = sum(malformed)
    record_property("malformed_rows", total)
    record_property("files", len(malformed))
    assert total >= 200


def _dumps(value: Any) -> bytes:
    # ensure_ascii keeps lone surrogates as \\u escapes, as a JSON writer in another language would.
    return json.dumps(value).encode()


BAD_CSV_LINES = st.one_of(
    st.just(b"x,Q,A,[],extra"),
    st.just(b'x,Q,A,"not a list"'),
    st.just(b"x,Q,A,{}"),
    st.just(b"x,Q,caf\xe9,"),
    st.just(b"x,Q\x00,A,"),
    st.just(b"x,Q," + b"A" * 140_000 + b","),
    st.just(b",,,"),
    st.just(b'x,Q,A,"[1]"x'),
    st.builds(lambda depth: b'x,Q,A,"' + deep(depth).encode() + b'"', st.integers(40, 300)),
)


@st.composite
def hopeless_files(draw: st.DrawFn) -> tuple[str, bytes]:
    """Files with no usable row at all."""
    suffix = draw(st.sampled_from([".jsonl", ".json", ".csv"]))
    content = draw(
        st.one_of(
            st.sampled_from(
                [b"", b"\n\n", b"[]", b"{}", b"question,ground_truth\n", b"a,b\n1,2\n"]
            ),
            st.lists(BAD_LINES, min_size=1, max_size=4).map(lambda lines: b"\n".join(lines)),
            st.lists(BAD_VALUES, min_size=1, max_size=4).map(_dumps),
        )
    )
    return suffix, content


def test_generated_hopeless_files_exit_2_with_one_line_through_the_cli(
    record_property: pytest.RecordProperty,
) -> None:
    folder = Path(tempfile.mkdtemp(prefix="recall-audit-hypothesis-cli-"))
    seen: list[int] = []

    @settings(max_examples=25, deadline=None, database=None)
    @given(hopeless_files())
    def through_cli(file: tuple[str, bytes]) -> None:
        suffix, content = file
        path = folder / f"hopeless{suffix}"
        path.write_bytes(content)
        done = CliRunner().invoke(app, ["run", "--dataset", str(path)])
        assert done.exit_code == 2, done.output
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.output, done.stderr
        assert str(path) in done.stderr.replace("\n", "")
        seen.append(1)

    through_cli()
    record_property("cli_files", len(seen))
