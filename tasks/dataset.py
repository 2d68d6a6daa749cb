"""Stage 1: read the whole dataset once (validated, fingerprinted) and register it."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel
from recall_audit.scorer.datasets import (
    DatasetError,
    check_dataset_name,
    fingerprint_file,
    iter_cases,
)
from recall_audit.storage import DatasetRecord, upsert_dataset
from recall_audit.tasks.db import in_session
from recall_audit.tasks.stage import stage
from sqlalchemy.engine import Engine

# Enough to act on; the count says how many more there were.
SHOWN_ROW_ERRORS = 50


class LoadedDataset(BaseModel):
    dataset: DatasetRecord
    cases: int
    # Whether any row carries its own chunks (then `precomputed` is the default retriever).
    has_contexts: bool
    skipped: int
    row_errors: list[str]


def dataset_name(path: str, name: str | None) -> str:
    return name or Path(path).stem


@stage("load-dataset", retried=False)
async def load_dataset(
    engine: Engine, path: str, name: str | None, on_bad_row: Literal["skip", "fail"]
) -> LoadedDataset:
    """Streams through the file once, so memory stays flat, and fails early in `fail` mode."""
    check_dataset_name(dataset_name(path, name))
    errors: list[DatasetError] = []
    cases = 0
    has_contexts = False
    mode = "raise" if on_bad_row == "fail" else "skip"
    for case in iter_cases(path, on_error=mode, on_skip=errors.append):
        cases += 1
        has_contexts = has_contexts or case.contexts is not None
    dataset = await in_session(
        engine, upsert_dataset, dataset_name(path, name), str(path), fingerprint_file(path)
    )
    return LoadedDataset(
        dataset=dataset,
        cases=cases,
        has_contexts=has_contexts,
        skipped=len(errors),
        row_errors=[str(e) for e in errors[:SHOWN_ROW_ERRORS]],
    )
