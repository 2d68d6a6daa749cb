"""Stage 1: read the whole dataset once (validated, fingerprinted, labelled) and register it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import anyio
from pydantic import BaseModel
from sqlalchemy.engine import Engine

from recall_audit.datasets.cases import (
    DatasetCase,
    DatasetError,
    check_dataset_name,
    fingerprint_file,
    iter_cases,
)
from recall_audit.datasets.qrels import read_qrels, unmatched_queries, with_qrels
from recall_audit.spec import DatasetSpec
from recall_audit.storage import DatasetRecord, upsert_dataset
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage

# Enough to act on; the count says how many more there were.
SHOWN_ROW_ERRORS = 50


class LoadedDataset(BaseModel):
    dataset: DatasetRecord
    cases: int
    # Whether any row carries its own chunks (then `precomputed` is the default retriever).
    has_contexts: bool
    skipped: int
    row_errors: list[str]
    # Cases whose relevant documents are labelled (their own ids, or the qrels file's).
    labelled: int = 0
    # What the run should say about its labels (query ids of the qrels matching no case).
    notes: list[str] = []


def dataset_name(path: str, name: str | None) -> str:
    return name or Path(path).stem


def read_labels(spec: DatasetSpec) -> dict[str, list[str]] | None:
    """The qrels file's relevant documents by case id, when the dataset names one."""
    return read_qrels(spec.qrels) if spec.qrels else None


def dataset_cases(
    spec: DatasetSpec,
    labels: dict[str, list[str]] | None,
    on_error: Literal["raise", "skip"] = "skip",
    on_skip: Callable[[DatasetError], None] | None = None,
) -> Iterator[DatasetCase]:
    """The dataset's cases, labelled with the qrels' relevant documents when there are any
    (in place of the rows' own `reference_context_ids`)."""
    cases = iter_cases(spec.path, on_error=on_error, on_skip=on_skip)
    return cases if labels is None else with_qrels(cases, labels)


def _label_notes(spec: DatasetSpec, labels: dict[str, list[str]], keys: set[str]) -> list[str]:
    """Nothing when every query id of the qrels is a case's; an error when none is."""
    unmatched = unmatched_queries(labels, keys)
    if not unmatched:
        return []
    if len(unmatched) == len(labels):
        raise DatasetError(
            str(spec.qrels), None, "query-id",
            f"none of its {len(labels)} query ids is the id of a case of {spec.path} (such as "
            f"{min(keys)!r}); a query id is a case's id field",
        )  # fmt: skip
    return [
        f"{spec.qrels}: {len(unmatched)} of {len(labels)} query ids are no case's id "
        f"(the first: {unmatched[0]!r}); those labels are not used"
    ]


@dataclass
class _Scanned:
    """What one pass over the cases tells the run."""

    keys: set[str] = field(default_factory=set)
    labelled: int = 0
    has_contexts: bool = False


def _scan(cases: Iterator[DatasetCase]) -> _Scanned:
    scanned = _Scanned()
    for case in cases:
        scanned.keys.add(case.case_key)
        scanned.labelled += bool(case.reference_ids)
        scanned.has_contexts = scanned.has_contexts or case.contexts is not None
    return scanned


@stage("load-dataset", retried=False)
async def load_dataset(engine: Engine, spec: DatasetSpec) -> LoadedDataset:
    """Streams through the file once, so memory stays flat, and fails early in `fail` mode;
    a qrels file is read whole, and refused when no case has its query ids."""
    check_dataset_name(dataset_name(spec.path, spec.name))
    labels = read_labels(spec)
    errors: list[DatasetError] = []
    mode = "raise" if spec.on_bad_row == "fail" else "skip"
    cases = dataset_cases(spec, labels, mode, errors.append)
    # Off the event loop: the first cases' model calls may already be in flight on it, and a
    # file of thousands of rows would hold their answers for a tenth of a second and more.
    scanned = await anyio.to_thread.run_sync(_scan, cases)
    dataset = await in_session(
        engine,
        upsert_dataset,
        dataset_name(spec.path, spec.name),
        str(spec.path),
        fingerprint_file(spec.path),
    )
    return LoadedDataset(
        dataset=dataset,
        cases=len(scanned.keys),
        has_contexts=scanned.has_contexts,
        skipped=len(errors),
        row_errors=[str(e) for e in errors[:SHOWN_ROW_ERRORS]],
        labelled=scanned.labelled,
        notes=_label_notes(spec, labels, scanned.keys) if labels is not None else [],
    )
