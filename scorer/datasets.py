"""Read labelled cases from JSONL, JSON or CSV, one row at a time.

JSONL and CSV are streamed, so memory does not grow with the file (only the set of seen
ids does). Field names of Ragas, DeepEval and Mastra are all accepted. A bad row becomes a
`DatasetError` that names the file, the line and the field.
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field
from recall_audit.scorer.errors import ConfigurationError, RecallAuditError

QUESTION_FIELDS = ("input", "question", "user_input", "query")
GROUND_TRUTH_FIELDS = ("ground_truth", "groundTruth", "expected_output", "reference", "answer")
GROUND_TRUTHS_FIELD = "ground_truths"
CONTEXT_FIELDS = ("contexts", "retrieval_context", "retrieved_contexts", "context")
ID_FIELDS = ("id", "case_id")
JSON_WRAPPER_FIELDS = ("data", "cases", "rows")

Format = Literal["jsonl", "json", "csv"]
OnError = Literal["raise", "skip"]
_SUFFIX_FORMATS: dict[str, Format] = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
}
_BLOCK = 1 << 20
T = TypeVar("T")


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


class DatasetCase(BaseModel):
    """One labelled case as read from the file; contexts stay raw for context extraction."""

    case_key: str
    # Line number (JSONL, CSV) or 1-based item number (JSON) of the row, for messages.
    line: int
    question: str
    ground_truth: str
    # None means "not given": the retriever under test is asked. [] means "retrieved nothing".
    contexts: list[Any] | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)


def fingerprint_file(path: str | Path) -> str:
    """sha256 of the file's bytes, read in blocks: the identity of one dataset version."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def stable_case_key(question: str, ground_truth: str) -> str:
    """A short id that stays the same as long as the question and ground truth do."""
    digest = hashlib.sha256(f"{question}\x1f{ground_truth}".encode())
    return digest.hexdigest()[:12]


def iter_batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of at most `size` items, pulled lazily from `items`."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def iter_cases(
    path: str | Path,
    *,
    on_error: OnError = "raise",
    on_skip: Callable[[DatasetError], None] | None = None,
    format: Format | None = None,
) -> Iterator[DatasetCase]:
    """The cases of a dataset file, yielded lazily in file order.

    With on_error="skip" a bad row is passed to `on_skip` (when given) and reading goes
    on; with "raise" the first bad row raises its DatasetError. A wrong option, an unknown
    format or a missing file raise at once; a file that is not valid JSON as a whole
    raises when reading starts.
    """
    if on_error not in ("raise", "skip"):
        raise ConfigurationError(f"on_error must be 'raise' or 'skip', got {on_error!r}")
    fmt = format or _format_of(path)
    if not Path(path).is_file():
        raise DatasetError(path, None, None, "no such file")
    return _iter_cases(path, fmt, on_error, on_skip)


def _iter_cases(
    path: str | Path, fmt: Format, on_error: OnError, on_skip: Callable[[DatasetError], None] | None
) -> Iterator[DatasetCase]:
    rows = {"jsonl": _jsonl_rows, "json": _json_rows, "csv": _csv_rows}[fmt](path)
    seen: dict[str, int] = {}
    for line, row in rows:
        try:
            case = _case_from_row(path, line, row, item=fmt == "json")
            _check_unique(path, case, seen, item=fmt == "json")
        except DatasetError as error:
            if on_error == "raise":
                raise
            if on_skip is not None:
                on_skip(error)
            continue
        yield case


def _format_of(path: str | Path) -> Format:
    suffix = Path(path).suffix.lower()
    if suffix not in _SUFFIX_FORMATS:
        raise ConfigurationError(
            f"cannot tell the format of {path}: name it .jsonl, .json or .csv, or pass format="
        )
    return _SUFFIX_FORMATS[suffix]


# A row is (line, parsed value) or (line, DatasetError) so that a bad line can be skipped.
Row = tuple[int, Any]


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
                yield number, json.loads(text)
            except json.JSONDecodeError as error:
                message = f"invalid JSON: {error.msg} (column {error.colno})"
                yield number, DatasetError(path, number, None, message)


def _json_rows(path: str | Path) -> Iterator[Row]:
    try:
        with open(path, encoding="utf-8-sig") as handle:
            document = json.load(handle)
    except json.JSONDecodeError as error:
        raise DatasetError(path, error.lineno, None, f"invalid JSON: {error.msg}") from None
    except UnicodeDecodeError as error:
        raise DatasetError(path, None, None, f"not valid UTF-8 ({error.reason})") from None
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
        raise DatasetError(
            path, None, None, f"expected a list of cases, got {_type_name(document)}"
        )
    yield from enumerate(document, start=1)


def _csv_rows(path: str | Path) -> Iterator[Row]:
    # newline="" lets the csv module handle quoted newlines inside cells.
    with open(path, encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        start = 2  # line 1 is the header
        for record in reader:
            row = {key: value for key, value in record.items() if key is not None and value != ""}
            if None in record:
                yield start, DatasetError(path, start, None, "more cells than header columns")
            else:
                yield start, _decode_csv_lists(path, start, row)
            start = reader.line_num + 1


def _decode_csv_lists(
    path: str | Path, line: int, row: dict[str, Any]
) -> dict[str, Any] | DatasetError:
    """CSV cells are text: list-valued fields are written as JSON lists."""
    for key in (*CONTEXT_FIELDS, GROUND_TRUTHS_FIELD):
        if key not in row:
            continue
        try:
            value = json.loads(row[key])
        except json.JSONDecodeError:
            return DatasetError(path, line, key, "expected a JSON list in the cell")
        if not isinstance(value, list):
            return DatasetError(
                path, line, key, f"expected a JSON list in the cell, got {_type_name(value)}"
            )
        row[key] = value
    return row


def _case_from_row(path: str | Path, line: int, row: Any, *, item: bool) -> DatasetCase:
    if isinstance(row, DatasetError):
        raise row
    if not isinstance(row, dict):
        raise DatasetError(
            path, line, None, f"expected an object, got {_type_name(row)}", item=item
        )

    def fail(field: str, message: str) -> DatasetError:
        return DatasetError(path, line, field, message, item=item)

    rest = dict(row)
    question_key, question = _pop_first(rest, QUESTION_FIELDS)
    truth_key, ground_truth = _pop_first(rest, GROUND_TRUTH_FIELDS)
    if ground_truth is None and rest.get(GROUND_TRUTHS_FIELD) is not None:
        truth_key, ground_truth = GROUND_TRUTHS_FIELD, rest.pop(GROUND_TRUTHS_FIELD)
        if not isinstance(ground_truth, list) or not all(isinstance(t, str) for t in ground_truth):
            raise fail(truth_key, f"expected a list of strings, got {_describe(ground_truth)}")
        ground_truth = "\n".join(ground_truth)
    if question is None and ground_truth is None:
        raise DatasetError(
            path,
            line,
            None,
            f"no question ({', '.join(QUESTION_FIELDS)}) and no ground truth "
            f"({', '.join((*GROUND_TRUTH_FIELDS, GROUND_TRUTHS_FIELD))})",
            item=item,
        )
    for key, value in ((question_key, question), (truth_key, ground_truth)):
        if value is not None and not isinstance(value, str):
            raise fail(key, f"expected a string, got {_type_name(value)}")
    contexts_key, contexts = _pop_first(rest, CONTEXT_FIELDS)
    if contexts is not None and not isinstance(contexts, list):
        raise fail(contexts_key, f"expected a list of chunks, got {_type_name(contexts)}")
    id_key, case_id = _pop_first(rest, ID_FIELDS)
    if case_id is not None and (isinstance(case_id, bool) or not isinstance(case_id, str | int)):
        raise fail(id_key, f"expected a string or an integer, got {_type_name(case_id)}")
    question, ground_truth = question or "", ground_truth or ""
    if case_id is not None and str(case_id).strip() == "":
        raise fail(id_key, "is empty")
    key = str(case_id) if case_id is not None else stable_case_key(question, ground_truth)
    return DatasetCase(
        case_key=key,
        line=line,
        question=question,
        ground_truth=ground_truth,
        contexts=contexts,
        metadata=rest,
    )


def _check_unique(path: str | Path, case: DatasetCase, seen: dict[str, int], *, item: bool) -> None:
    first = seen.setdefault(case.case_key, case.line)
    if first != case.line:
        where = f"item {first}" if item else f"line {first}"
        message = f"duplicate id '{case.case_key}' (first at {where})"
        raise DatasetError(path, case.line, "id", message, item=item)


def _pop_first(row: dict[str, Any], keys: tuple[str, ...]) -> tuple[str, Any]:
    """The first alias with a non-null value, removed from row; other aliases stay as metadata."""
    for key in keys:
        if row.get(key) is not None:
            return key, row.pop(key)
    return keys[0], None


def _type_name(value: Any) -> str:
    return {dict: "object", list: "list", type(None): "null"}.get(type(value), type(value).__name__)


def _describe(value: Any) -> str:
    if isinstance(value, list):
        kinds = sorted({_type_name(v) for v in value if not isinstance(v, str)})
        return f"a list with {', '.join(kinds)} items"
    return _type_name(value)
