"""People's labels: a person's verdict on a claim of a case, kept for every later run of the
dataset while the claim and its chunks stay the same (`fingerprint`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from sqlmodel import Session, col, select

from recall_audit.compare.calibration import Calibration, Label
from recall_audit.storage.claims import IN_BATCH
from recall_audit.storage.hashing import list_hash, text_hash
from recall_audit.storage.records import CaseResultRecord, Record
from recall_audit.storage.reports import run_results
from recall_audit.storage.runs import get_run
from recall_audit.storage.sql import batched, dialect_insert, dialect_name
from recall_audit.storage.tables import LabelRow


class StoredLabel(Record):
    case_key: str
    claim: str
    supported: bool
    chunk: int | None = None
    note: str = ""
    labelled_by: str
    labelled_at: datetime
    fingerprint: str
    run_id: str | None = None
    judge_supported: bool | None = None

    def current(self, chunks: Sequence[str]) -> bool:
        """Whether the label was given against this claim and these chunks."""
        return self.fingerprint == claim_fingerprint(self.claim, chunks)

    def as_label(self) -> Label:
        return Label(
            case=self.case_key,
            claim=self.claim,
            supported=self.supported,
            chunk=self.chunk,
            note=self.note,
            judged=self.judge_supported,
        )


def claim_fingerprint(claim: str, chunks: Sequence[str]) -> str:
    return list_hash([claim, *chunks])


def save_labels(session: Session, dataset_id: int, labels: Sequence[StoredLabel]) -> None:
    """Stores the labels, a later label of the same claim replacing the earlier. Commits."""
    if not labels:
        return
    rows = [
        {
            **label.model_dump(),
            "dataset_id": dataset_id,
            "claim_hash": text_hash(label.claim),
        }
        for label in {(x.case_key, x.claim): x for x in labels}.values()
    ]
    session.exec(_upsert(dialect_name(session), tuple(rows[0])), params=rows)
    session.commit()


@cache
def _upsert(dialect: str, columns: tuple[str, ...]) -> Any:
    statement = dialect_insert(dialect, LabelRow)
    keys = ("dataset_id", "case_key", "claim_hash")
    return statement.on_conflict_do_update(
        index_elements=list(keys),
        set_={name: statement.excluded[name] for name in columns if name not in keys},
    )


def dataset_labels(
    session: Session, dataset_id: int, case_keys: Collection[str] | None = None
) -> dict[tuple[str, str], StoredLabel]:
    """The dataset's labels by (case key, claim); only those cases' with `case_keys`."""
    query = select(LabelRow).where(LabelRow.dataset_id == dataset_id)
    if case_keys is None:
        rows = list(session.exec(query).all())
    else:
        rows = []
        for keys in batched(sorted(case_keys), IN_BATCH):
            rows += session.exec(query.where(col(LabelRow.case_key).in_(keys))).all()
    return {(r.case_key, r.claim): StoredLabel.model_validate(r) for r in rows}


class RunLabels(Record):
    """A run's claims' labels: those given against the run's claims and chunks, and how
    many are outdated (their claim or chunks changed since)."""

    current: dict[tuple[str, str], StoredLabel]
    outdated: dict[tuple[str, str], StoredLabel]


def run_labels(session: Session, dataset_id: int, results: Sequence[CaseResultRecord]) -> RunLabels:
    """The labels of the run's cases, split into current and outdated."""
    stored = dataset_labels(session, dataset_id, [r.case_key for r in results])
    chunks = {r.case_key: r.chunks for r in results}
    current, outdated = {}, {}
    for key, label in stored.items():
        (current if label.current(chunks[label.case_key]) else outdated)[key] = label
    return RunLabels(current=current, outdated=outdated)


def has_labels(session: Session, dataset_id: int) -> bool:
    """Whether anyone labelled a claim of the dataset: one indexed lookup, so a run of a
    dataset nobody labelled never reads its results for calibration."""
    query = select(LabelRow.case_key).where(LabelRow.dataset_id == dataset_id).limit(1)
    return session.exec(query).first() is not None


def run_calibration(
    session: Session,
    run_id: str,
    *,
    confidence: float = 0.95,
    results: Sequence[CaseResultRecord] | None = None,
) -> tuple[Calibration | None, RunLabels]:
    """The run's calibration on its current labels (None when it has none); `results`, the
    run's, when the caller has read them already."""
    run = get_run(session, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    if not has_labels(session, run.dataset_id):
        return None, RunLabels(current={}, outdated={})
    if results is None:
        results = run_results(session, run_id)
    labels = run_labels(session, run.dataset_id, results)
    if not labels.current:
        return None, labels
    # numpy's import (compare/calibrate.py) is paid only by a run that has labels.
    from recall_audit.compare.calibrate import calibrate

    figures = calibrate(
        {r.case_key: r.to_recall_result() for r in results},
        [label.as_label() for label in labels.current.values()],
        confidence=confidence,
    )
    return figures, labels
