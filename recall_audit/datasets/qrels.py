"""Relevance labels from a BEIR or TREC qrels file: which documents are relevant to which case.

One judgement a line, `query-id<TAB>corpus-id<TAB>score` (BEIR's qrels/*.tsv, whose first
line is the header `query-id corpus-id score`) or `query-id<TAB>Q0<TAB>corpus-id<TAB>score`
(TREC, whose columns may be separated by spaces instead). A document is relevant when its
score is above 0. The query id is the case's id in the dataset (its `id` field). A bad line
stops the reading with a DatasetError naming the file, the line and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from recall_audit.datasets.cases import DatasetCase
from recall_audit.datasets.rows import DatasetError

# What a header's last column may be called (BEIR writes `score`).
_HEADER_SCORES = frozenset({"score", "relevance", "rel", "label", "grade"})
_FORMAT = "query-id, corpus-id and score (or query-id, Q0, corpus-id, score)"


def _fields(line: str) -> list[str]:
    """Tab-separated when the line has a tab (BEIR), else by runs of spaces (TREC)."""
    return [f.strip() for f in line.split("\t")] if "\t" in line else line.split()


def _score(path: Path, number: int, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise DatasetError(path, number, "score", f"expected a number, got {text!r}") from None


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(number, text) of each line, decoded one at a time so a bad byte names its line."""
    try:
        handle = path.open("rb")
    except OSError as error:
        raise DatasetError(path, None, None, error.strerror or "cannot be read") from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                yield number, raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                message = f"not valid UTF-8 ({error.reason}); a qrels file is UTF-8 text"
                raise DatasetError(path, number, None, message) from None


def _judgements(path: Path) -> Iterator[tuple[int, str, str, float]]:
    """(line, query id, corpus id, score) of every judgement, the header left out."""
    for number, line in _lines(path):
        fields = _fields(line.rstrip("\r\n"))
        if not fields or fields == [""]:
            continue
        if len(fields) not in (3, 4):
            raise DatasetError(path, number, None, f"expected {_FORMAT}, got {len(fields)} columns")
        query, document, score = fields[0], fields[-2], fields[-1]
        if number == 1 and score.lower() in _HEADER_SCORES:
            continue
        for name, value in (("query-id", query), ("corpus-id", document)):
            if not value:
                raise DatasetError(path, number, name, "is empty")
        yield number, query, document, _score(path, number, score)


def read_qrels(path: str | Path) -> dict[str, list[str]]:
    """The relevant corpus ids of each query id, in the file's order. A file without any
    judgement is refused."""
    path = Path(path)
    if not path.is_file():
        raise DatasetError(path, None, None, "no such qrels file")
    relevant: dict[str, dict[str, None]] = {}
    judged = 0
    for _, query, document, score in _judgements(path):
        judged += 1
        found = relevant.setdefault(query, {})
        if score > 0:
            found[document] = None
    if not judged:
        raise DatasetError(path, None, None, f"holds no judgement; expected lines of {_FORMAT}")
    return {query: list(documents) for query, documents in relevant.items()}


def with_qrels(cases: Iterable[DatasetCase], qrels: dict[str, list[str]]) -> Iterator[DatasetCase]:
    """The cases with the qrels' labels in place of their own `reference_context_ids`; a case
    the qrels do not judge has no labels."""
    for case in cases:
        yield case.model_copy(update={"reference_ids": qrels.get(case.case_key)})


def unmatched_queries(qrels: dict[str, list[str]], case_keys: set[str]) -> list[str]:
    """The qrels' query ids that are no case's id, in the file's order."""
    return [query for query in qrels if query not in case_keys]
