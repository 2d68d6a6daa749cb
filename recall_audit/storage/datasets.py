"""Datasets and their cases: registered once, updated in place when the file changes."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import bindparam, update
from sqlmodel import Session, col, select

from recall_audit.scorer.prompts import claim_key
from recall_audit.storage.claims import IN_BATCH
from recall_audit.storage.columns import utcnow
from recall_audit.storage.hashing import ground_truth_hash
from recall_audit.storage.records import CaseInput, CaseRecord, DatasetRecord
from recall_audit.storage.sql import batched, insert, insert_rows, table
from recall_audit.storage.tables import Case, Dataset


def upsert_dataset(session: Session, name: str, path: str, fingerprint: str) -> DatasetRecord:
    """Registers the dataset by name, or records its new path and fingerprint. Commits."""
    now = utcnow()
    statement = insert(session, Dataset).values(
        name=name, path=path, fingerprint=fingerprint, created_at=now, updated_at=now
    )
    statement = statement.on_conflict_do_update(
        index_elements=["name"],
        set_={"path": path, "fingerprint": fingerprint, "updated_at": now},
    )
    session.exec(statement)
    session.commit()
    dataset = get_dataset(session, name)
    assert dataset is not None  # just written
    return dataset


def get_dataset(session: Session, name: str) -> DatasetRecord | None:
    row = session.exec(select(Dataset).where(Dataset.name == name)).first()
    return DatasetRecord.model_validate(row) if row else None


def _hash(ground_truth: str | None, question: str) -> str | None:
    """The key of the case's frozen claims (a short answer's include its question)."""
    if not ground_truth or not ground_truth.strip():
        return None
    return ground_truth_hash(claim_key(ground_truth, question))


def upsert_cases(session: Session, dataset_id: int, cases: Sequence[CaseInput]) -> list[CaseRecord]:
    """Adds new cases and updates changed ones, keyed by case_key; returns them in input order.

    Cases missing from `cases` are kept: old runs still point at them. Commits.
    """
    keys = [c.case_key for c in cases]
    if len(set(keys)) != len(keys):
        raise ValueError("case keys must be unique within a dataset")
    existing = {row.case_key: row for row in _cases(session, dataset_id, keys)}
    new: list[dict[str, object]] = []
    changed: list[dict[str, object]] = []
    for case in cases:
        values = {
            "question": case.question,
            "ground_truth": case.ground_truth,
            "ground_truth_hash": _hash(case.ground_truth, case.question),
        }
        row = existing.get(case.case_key)
        if row is None:
            new.append({"dataset_id": dataset_id, "case_key": case.case_key, **values})
        elif (row.question, row.ground_truth, row.ground_truth_hash) != tuple(values.values()):
            changed.append({"row_id": row.id, **values})
    # A concurrent worker registering the same cases is not an error.
    insert_rows(session, Case, new, ignore_conflicts=True)
    if changed:
        session.exec(
            update(table(Case))
            .where(table(Case).c.id == bindparam("row_id"))
            .values(
                question=bindparam("question"),
                ground_truth=bindparam("ground_truth"),
                ground_truth_hash=bindparam("ground_truth_hash"),
            ),
            params=changed,
        )
    session.commit()
    by_key = {
        row.case_key: CaseRecord.model_validate(row) for row in _cases(session, dataset_id, keys)
    }
    return [by_key[key] for key in keys]


def _cases(session: Session, dataset_id: int, keys: Sequence[str]) -> list[Case]:
    """Only the given cases: a batch's work must not grow with the size of the dataset."""
    found: list[Case] = []
    for batch in batched(keys, IN_BATCH):
        query = select(Case).where(Case.dataset_id == dataset_id, col(Case.case_key).in_(batch))
        found.extend(session.exec(query).all())
    return found


def dataset_cases(session: Session, dataset_id: int) -> list[CaseRecord]:
    """Every case registered for a dataset, in case key order."""
    query = select(Case).where(Case.dataset_id == dataset_id).order_by(col(Case.case_key))
    return [CaseRecord.model_validate(row) for row in session.exec(query).all()]
