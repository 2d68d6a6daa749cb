"""Read labelled cases from JSONL, JSON or CSV, one row at a time.

JSONL and CSV are streamed, so memory does not grow with the file (only the set of seen
ids does). Field names of Ragas, DeepEval and Mastra are all accepted. A bad row becomes a
`DatasetError` that names the file, the line and the field, and reading goes on; a file with
no usable row at all raises one `DatasetError` that says what it holds and what was expected.
Text that a results backend could not store (lone surrogates, NUL) is a bad row here, at
read time, rather than a crash when the case is saved.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field

from recall_audit.datasets.rows import (
    ANSWER_FIELD,
    CONTEXT_FIELDS,
    GROUND_TRUTH_FIELDS,
    GROUND_TRUTHS_FIELD,
    QUESTION_FIELDS,
    REFERENCE_FIELDS,
    REFERENCE_IDS_FIELD,
    RETRIEVED_IDS_FIELD,
    DatasetError,
    Format,
    read_rows,
    type_name,
)
from recall_audit.errors import ConfigurationError
from recall_audit.redact import Scrubber, scrubber
from recall_audit.storable import MAX_ID_CHARS, too_long, unstorable

ID_FIELDS = ("id", "case_id")
OnError = Literal["raise", "skip"]
_SUFFIX_FORMATS: dict[str, Format] = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
}
_BLOCK = 1 << 20
T = TypeVar("T")


class DatasetCase(BaseModel):
    """One labelled case as read from the file; contexts stay raw for context extraction."""

    case_key: str
    # Line number (JSONL, CSV) or 1-based item number (JSON) of the row, for messages.
    line: int
    question: str
    ground_truth: str
    # None means "not given": the retriever under test is asked. [] means "retrieved nothing".
    contexts: list[Any] | None = None
    # The ids of the documents relevant to the case (`reference_context_ids`, or a qrels
    # file's); None: not labelled, so the case has no recall by id.
    reference_ids: list[str] | None = None
    # The ids of the precomputed chunks' documents (`retrieved_context_ids`), in their order.
    context_ids: list[str] | None = None
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


def check_dataset_name(name: str) -> str:
    """`name` when a database can store it as a dataset's name; ConfigurationError if not."""
    problem = too_long(name, MAX_ID_CHARS)
    if problem:
        raise ConfigurationError(f"the dataset name (--name or the file's stem) {problem}")
    return name


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
    seen: dict[str, int] = {}
    first_error: DatasetError | None = None
    bad = 0
    scrub = scrubber()  # the secrets known when reading starts: one scrubber for every row
    for line, row in read_rows(path, fmt):
        try:
            case = _scrubbed(_case_from_row(path, line, row, item=fmt == "json"), scrub)
            _check_unique(path, case, seen, item=fmt == "json")
        except DatasetError as error:
            if on_error == "raise":
                raise
            first_error, bad = first_error or error, bad + 1
            if on_skip is not None:
                on_skip(error)
            continue
        yield case
    if not seen:
        # Nothing to audit is a problem with the file, whatever the mode.
        raise DatasetError(
            path, None, None, f"no valid case: all {bad} rows are bad; the first: {first_error}"
        )


def _scrubbed(case: DatasetCase, scrub: Scrubber) -> DatasetCase:
    """The case with every known secret masked in its question and reference: a key pasted
    into a question was stored, shown by `show` and --json, and published in artifacts. Its
    key is the raw text's, so it does not change with the secrets this process knows."""
    if not scrub.forms:
        return case
    question, ground_truth = scrub(case.question), scrub(case.ground_truth)
    if (question, ground_truth) == (case.question, case.ground_truth):
        return case
    return case.model_copy(update={"question": question, "ground_truth": ground_truth})


def _format_of(path: str | Path) -> Format:
    suffix = Path(path).suffix.lower()
    if suffix not in _SUFFIX_FORMATS:
        raise ConfigurationError(
            f"cannot tell the format of {path}: name it .jsonl, .json or .csv, or pass format="
        )
    return _SUFFIX_FORMATS[suffix]


def _case_from_row(path: str | Path, line: int, row: Any, *, item: bool) -> DatasetCase:
    if isinstance(row, DatasetError):
        raise row
    if not isinstance(row, dict):
        raise DatasetError(path, line, None, f"expected an object, got {type_name(row)}", item=item)

    def fail(field: str, message: str) -> DatasetError:
        return DatasetError(path, line, field, message, item=item)

    for key, value in row.items():
        if unstorable(key) is not None:
            # The name itself cannot be shown or stored as it is.
            raise fail(key.encode("unicode_escape").decode(), f"the field name {unstorable(key)}")
        problem = unstorable(value)
        if problem is not None:
            raise fail(key, problem)

    rest = dict(row)
    question_key, question = _pop_first(rest, QUESTION_FIELDS)
    truth_key, ground_truth = _pop_first(rest, REFERENCE_FIELDS)
    if ground_truth is None and rest.get(GROUND_TRUTHS_FIELD) is not None:
        truth_key, ground_truth = GROUND_TRUTHS_FIELD, rest.pop(GROUND_TRUTHS_FIELD)
        if not isinstance(ground_truth, list) or not all(isinstance(t, str) for t in ground_truth):
            raise fail(truth_key, f"expected a list of strings, got {_describe(ground_truth)}")
        ground_truth = "\n".join(ground_truth)
    if ground_truth is None and rest.get(ANSWER_FIELD) is not None:
        if any(rest.get(key) is not None for key in CONTEXT_FIELDS):
            raise fail(
                ANSWER_FIELD,
                "beside retrieved chunks this is the generated answer (Ragas' columns), "
                "not a reference; give the reference as ground_truth or reference",
            )
        truth_key, ground_truth = ANSWER_FIELD, rest.pop(ANSWER_FIELD)
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
            raise fail(key, f"expected a string, got {type_name(value)}")
    contexts_key, contexts = _pop_first(rest, CONTEXT_FIELDS)
    if contexts is not None and not isinstance(contexts, list):
        raise fail(contexts_key, f"expected a list of chunks, got {type_name(contexts)}")
    reference_ids = _ids(rest.pop(REFERENCE_IDS_FIELD, None), REFERENCE_IDS_FIELD, fail)
    context_ids = _ids(rest.pop(RETRIEVED_IDS_FIELD, None), RETRIEVED_IDS_FIELD, fail)
    if context_ids is not None and (contexts is None or len(context_ids) != len(contexts)):
        given = "no chunks" if contexts is None else f"{len(contexts)} chunks"
        raise fail(
            RETRIEVED_IDS_FIELD, f"names {len(context_ids)} documents for {given}; one id a chunk"
        )
    id_key, case_id = _pop_first(rest, ID_FIELDS)
    if case_id is not None and (isinstance(case_id, bool) or not isinstance(case_id, str | int)):
        raise fail(id_key, f"expected a string or an integer, got {type_name(case_id)}")
    question, ground_truth = question or "", ground_truth or ""
    if case_id is not None and str(case_id).strip() == "":
        raise fail(id_key, "is empty")
    if case_id is not None and (problem := too_long(str(case_id), MAX_ID_CHARS)):
        raise fail(id_key, problem)
    key = str(case_id) if case_id is not None else stable_case_key(question, ground_truth)
    return DatasetCase(
        case_key=key,
        line=line,
        question=question,
        ground_truth=ground_truth,
        contexts=contexts,
        reference_ids=reference_ids,
        context_ids=context_ids,
        metadata=rest,
    )


def _ids(value: Any, field: str, fail: Callable[[str, str], DatasetError]) -> list[str] | None:
    """A list of document ids as a row gives it (None when not given), checked."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
        raise fail(field, f"expected a list of document ids (strings), got {_describe(value)}")
    if any(not i.strip() for i in value):
        raise fail(field, "holds an empty id")
    return value


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


def _describe(value: Any) -> str:
    if isinstance(value, list):
        kinds = sorted({type_name(v) for v in value if not isinstance(v, str)})
        return f"a list with {', '.join(kinds)} items"
    return type_name(value)
