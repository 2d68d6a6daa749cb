"""The rows of a dataset file, one (line, value) at a time, whatever shape the file is in.

A problem with one row comes out as that row's `DatasetError`, so reading goes on to the
next. A problem with the whole file (empty, not UTF-8, not the format its name says, a CSV
without usable columns) raises one `DatasetError` that says what was found and what was
expected. Nothing here raises anything else.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal

from recall_audit.errors import RecallAuditError

Format = Literal["jsonl", "json", "csv"]

QUESTION_FIELDS = ("input", "question", "user_input", "query")
REFERENCE_FIELDS = ("ground_truth", "groundTruth", "expected_output", "reference")
# A plain question-answer file's reference; in Ragas' evaluation columns (question, answer,
# contexts) it is the generated answer instead, so it is never read beside chunks.
ANSWER_FIELD = "answer"
GROUND_TRUTH_FIELDS = (*REFERENCE_FIELDS, ANSWER_FIELD)
GROUND_TRUTHS_FIELD = "ground_truths"
CONTEXT_FIELDS = ("contexts", "retrieval_context", "retrieved_contexts", "context")
# Ragas' ids (IDBasedContextRecall): the documents relevant to the case, and those of its
# precomputed chunks, in the chunks' order.
REFERENCE_IDS_FIELD = "reference_context_ids"
RETRIEVED_IDS_FIELD = "retrieved_context_ids"
JSON_WRAPPER_FIELDS = ("data", "cases", "rows")
EXPECTED = {
    "jsonl": "JSONL (one JSON object per line, UTF-8)",
    "json": "JSON (a list of case objects, UTF-8)",
    "csv": "CSV (a header line, then one case per line, UTF-8)",
}
# Enough of the file's start to tell what it is.
_HEAD = 1 << 16
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class DatasetError(RecallAuditError):
    """One bad row (or an unreadable file): where it is, which field, and what is wrong.

    `line` is the line number for JSONL and CSV, the 1-based item number for JSON, and
    None when the whole file is at fault.
    """

    def __init__(
        self,
        path: str | Path,
        line: int | None,
        field: str | None,
        message: str,
        *,
        item: bool = False,
    ) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        self.item = item
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":item {self.line}" if self.item else f":{self.line}"
        what = f"field '{self.field}': {self.message}" if self.field else self.message
        return f"{where}: {what}"

    def __reduce__(self) -> tuple[Any, ...]:
        # Picklable, so that it survives being sent between workers.
        return (type(self), (self.path, self.line, self.field, self.message), {"item": self.item})


# A row is (line, parsed value) or (line, DatasetError) so that a bad line can be skipped.
Row = tuple[int, Any]


def read_rows(path: str | Path, fmt: Format) -> Iterator[Row]:
    """The file's rows in order; whole-file problems raise before the first row."""
    head = _head(path)
    _check_head(path, fmt, head)
    return {"jsonl": _jsonl_rows, "json": _json_rows, "csv": _csv_rows}[fmt](path)


def _head(path: str | Path) -> bytes:
    with open(path, "rb") as handle:
        return handle.read(_HEAD)


def _whole(path: str | Path, fmt: Format, found: str) -> DatasetError:
    return DatasetError(path, None, None, f"{found}; expected {EXPECTED[fmt]}")


def _check_head(path: str | Path, fmt: Format, head: bytes) -> None:
    """Whole-file problems visible from the first bytes, named before any row is read."""
    # Mostly NULs is UTF-16 (of Latin text) or binary; a few are one row's problem.
    if head.count(b"\x00") * 3 > len(head):
        found = "is UTF-16 text" if head.startswith(_UTF16_BOMS) else "holds binary data"
        raise _whole(path, fmt, found)
    text = head.removeprefix(codecs.BOM_UTF8).decode("utf-8", errors="replace")
    if not text.strip():
        raise _whole(path, fmt, "is empty")
    first_line = text.lstrip().splitlines()[0]
    if fmt == "jsonl" and "\r" in text.rstrip() and "\n" not in text:
        raise _whole(path, fmt, "has CR-only line endings (one very long line)")
    if fmt == "csv" and first_line[:1] in ("{", "["):
        raise _whole(path, fmt, "holds JSON, not CSV")
    if fmt != "csv" and first_line[:1] not in ("{", "[") and _looks_like_csv(first_line):
        raise _whole(path, fmt, f"looks like CSV (first line {first_line[:60]!r})")
    if fmt == "jsonl" and first_line.startswith("[") and not _one_json_line(text, first_line):
        raise _whole(path, fmt, "holds one JSON array, not one object per line (name it .json)")
    if fmt == "json" and first_line[:1] not in ("{", "["):
        raise _whole(path, fmt, f"does not start with '[' or '{{' (first line {first_line[:60]!r})")


def _looks_like_csv(line: str) -> bool:
    """A header line naming our columns, so a garbled first row is never taken for one."""
    cells = {cell.strip().strip('"') for cell in line.replace("\t", ",").split(",")}
    return len(cells) > 1 and bool(cells & {*QUESTION_FIELDS, *GROUND_TRUTH_FIELDS})


def _one_json_line(text: str, first_line: str) -> bool:
    """Whether a JSONL file that starts with '[' is still JSONL: its first row is a (bad) list
    or garbage, rather than the start of a JSON array spread over lines."""
    try:
        json.loads(first_line)
    except (ValueError, RecursionError):
        try:
            json.loads(text)
        except json.JSONDecodeError as error:
            # A JSON array spread over lines breaks, if at all, past its first line.
            return error.lineno == 1
        except (ValueError, RecursionError):
            return True
        return False
    return len([line for line in text.splitlines() if line.strip()]) > 1


def _parse(text: str) -> Any:
    # Lenient about raw control characters in strings (tabs pasted into a cell); a NUL is
    # then caught by the storable-text check, on its row.
    try:
        return json.loads(text, strict=False)
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None


def _jsonl_rows(path: str | Path) -> Iterator[Row]:
    # Binary lines so that a line with broken UTF-8 is reported by number, not fatal.
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                yield number, DatasetError(path, number, None, f"not valid UTF-8 ({error.reason})")
                continue
            if not text.strip():
                continue
            try:
                yield number, _parse(text)
            except json.JSONDecodeError as error:
                message = f"invalid JSON: {error.msg} (column {error.colno})"
                yield number, DatasetError(path, number, None, message)
            except ValueError as error:
                yield number, DatasetError(path, number, None, f"invalid JSON: {error}")


def _json_rows(path: str | Path) -> Iterator[Row]:
    # Bytes that are not UTF-8 become lone surrogates: the row holding them is reported and
    # skipped by the storable-text check, and the rest of the file is kept.
    text = Path(path).read_bytes().decode("utf-8-sig", errors="surrogateescape")
    try:
        document = _parse(text)
    except ValueError as error:
        if "nested too deeply" in str(error) and text.lstrip().startswith("["):
            # One item too deep for the parser: parse the list item by item instead.
            yield from _items_one_by_one(path, text)
            return
        _raise_for_document(path, error)
    if isinstance(document, dict):
        wrapped = [
            document[key] for key in JSON_WRAPPER_FIELDS if isinstance(document.get(key), list)
        ]
        if not wrapped:
            raise DatasetError(
                path,
                None,
                None,
                "expected a list of cases or an object with 'data', 'cases' or 'rows'",
            )
        document = wrapped[0]
    if not isinstance(document, list):
        raise DatasetError(path, None, None, f"expected a list of cases, got {type_name(document)}")
    if not document:
        raise _whole(path, "json", "holds an empty list")
    yield from enumerate(document, start=1)


def _raise_for_document(path: str | Path, error: ValueError) -> None:
    if isinstance(error, json.JSONDecodeError):
        if error.msg == "Extra data" and error.lineno > 1:
            raise _whole(path, "json", "holds one JSON value per line (name it .jsonl)") from None
        raise DatasetError(path, error.lineno, None, f"invalid JSON: {error.msg}") from None
    raise DatasetError(path, None, None, f"invalid JSON: {error}") from None


def _items_one_by_one(path: str | Path, text: str) -> Iterator[Row]:
    """The items of a top-level JSON list, each parsed on its own, so that one nested too
    deeply costs only itself. Items are found by a scan that tracks strings and brackets."""
    start, depth, in_string, escaped = None, 0, False, False
    number = 0
    for at in range(text.index("[") + 1, len(text)):
        char = text[at]
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
            continue
        if start is None and not char.isspace() and char not in ",]":
            start = at
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}" and depth > 0:
            depth -= 1
        elif char in ",]" and depth == 0:
            if start is not None:
                number += 1
                try:
                    yield number, _parse(text[start:at])
                except ValueError as error:
                    yield (
                        number,
                        DatasetError(path, number, None, f"invalid JSON: {error}", item=True),
                    )
            start = None
            if char == "]":
                return
    raise DatasetError(path, None, None, "invalid JSON: the list is never closed")


def _csv_text(path: str | Path, skip_lines: int) -> IO[str]:
    """The file as text, `skip_lines` physical lines in. Undecodable bytes become lone
    surrogates, reported by the storable-text check on their row; newline="" lets the csv
    module see quoted newlines."""
    handle = io.TextIOWrapper(
        open(path, "rb"),  # noqa: SIM115 - the wrapper owns and closes it
        encoding="utf-8-sig",
        errors="surrogateescape",
        newline="",
    )
    for _ in range(skip_lines):
        if not handle.readline():
            break
    return handle


def _csv_rows(path: str | Path) -> Iterator[Row]:
    with _csv_text(path, 0) as handle:
        try:
            header = next(csv.reader(handle, strict=True))
        except (csv.Error, StopIteration):
            raise _whole(path, "csv", "has no readable header line") from None
    _check_header(path, header)
    rows = 0
    # A broken quote makes the reader swallow the lines after it: report the row it opened
    # on, then read on from the line after that row.
    resume_at: int | None = 1
    while resume_at is not None:
        skip, resume_at = resume_at, None
        with _csv_text(path, skip) as handle:
            reader = csv.reader(handle, strict=True)
            start = skip + 1
            while True:
                try:
                    cells = next(reader)
                except StopIteration:
                    break
                except csv.Error as error:
                    spanned = skip + reader.line_num > start
                    yield start, DatasetError(path, start, None, _csv_problem(error, spanned))
                    if spanned:
                        resume_at = start
                        break
                else:
                    if cells:
                        rows += 1
                        yield start, _csv_record(path, start, header, cells)
                start = skip + reader.line_num + 1
    if rows == 0:
        raise _whole(path, "csv", "has a header line but no rows")


def _csv_problem(error: csv.Error, spanned: bool) -> str:
    text = str(error)
    if spanned:
        return f"a quoted cell opened on this line never closes properly ({text})"
    if "field larger than field limit" in text:
        return (
            f"a cell is longer than {csv.field_size_limit()} characters, the CSV reader's "
            "limit: put long texts in JSONL"
        )
    return f"invalid CSV: {text}"


def _check_header(path: str | Path, header: list[str]) -> None:
    known = {*QUESTION_FIELDS, *GROUND_TRUTH_FIELDS, GROUND_TRUTHS_FIELD}
    if not known.intersection(header):
        found = ", ".join(repr(name) for name in header[:8])
        raise _whole(
            path,
            "csv",
            f"has columns {found}; none is a question ({', '.join(QUESTION_FIELDS)}) or a "
            f"ground truth ({', '.join((*GROUND_TRUTH_FIELDS, GROUND_TRUTHS_FIELD))})",
        )


def _csv_record(
    path: str | Path, line: int, header: list[str], cells: list[str]
) -> dict[str, Any] | DatasetError:
    if len(cells) > len(header) and any(cells[len(header) :]):
        return DatasetError(path, line, None, "more cells than header columns")
    # A short row's missing cells are empty, as spreadsheets write them.
    row = {key: value for key, value in zip(header, cells, strict=False) if value != ""}
    return _decode_csv_lists(path, line, row)


def _decode_csv_lists(
    path: str | Path, line: int, row: dict[str, Any]
) -> dict[str, Any] | DatasetError:
    """CSV cells are text: list-valued fields are written as JSON lists."""
    for key in (*CONTEXT_FIELDS, GROUND_TRUTHS_FIELD, REFERENCE_IDS_FIELD, RETRIEVED_IDS_FIELD):
        if key not in row:
            continue
        try:
            value = _parse(row[key])
        except ValueError:
            return DatasetError(path, line, key, "expected a JSON list in the cell")
        if not isinstance(value, list):
            return DatasetError(
                path, line, key, f"expected a JSON list in the cell, got {type_name(value)}"
            )
        row[key] = value
    return row


def type_name(value: Any) -> str:
    return {dict: "object", list: "list", type(None): "null"}.get(type(value), type(value).__name__)
