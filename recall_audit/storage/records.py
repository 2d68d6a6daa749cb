"""What the repository functions take and return: frozen pydantic values, safe to pass between
Prefect tasks and threads (no session, no lazy loading)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, computed_field

from recall_audit.scorer.id_recall import relevant_ids
from recall_audit.types import RecallResult, Status, Usage, Verdict


class RunStatus(StrEnum):
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    # Stopped by Ctrl-C or SIGTERM; resumable like a failed run.
    CANCELLED = "cancelled"


# Counted in the mean: a retriever that returns nothing has really missed every claim.
MEAN_STATUSES = (Status.SCORED, Status.NO_CONTEXT)
# Reported, never averaged: there was nothing to recall.
UNSCORABLE_STATUSES = (Status.NO_GROUND_TRUTH, Status.NO_CLAIMS)


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, from_attributes=True)


class DatasetRecord(Record):
    id: int
    name: str
    path: str
    fingerprint: str
    created_at: datetime
    updated_at: datetime


class CaseInput(Record):
    """One labelled case as the dataset loader produced it."""

    case_key: str
    question: str
    ground_truth: str | None = None


class CaseRecord(Record):
    id: int
    dataset_id: int
    case_key: str
    question: str
    ground_truth: str | None
    ground_truth_hash: str | None


# The key of a run's params holding its spec as it was stored (recall_audit/storage/specs.py).
SPEC_KEY = "spec"


class RunRecord(Record):
    id: str
    dataset_id: int
    dataset_name: str
    dataset_fingerprint: str
    retriever: str
    judge: str
    judge_version: str
    # The configuration's short hash and name (None only for a run made without one).
    config_key: str | None = None
    config_name: str | None = None
    scale: float
    params: dict[str, Any]
    status: RunStatus
    started_at: datetime
    finished_at: datetime | None
    # Mean score (0..scale) over scored and no-context cases; None until finished or if none.
    mean_recall: float | None
    case_count: int
    scored_count: int
    no_context_count: int
    unscorable_count: int
    error_count: int
    # Supported claims, and those whose quote was found in the chunk they cite.
    supported_claims: int = 0
    verified_quotes: int = 0
    # Claims the judge was unsure of, and those a cascade's model judge decided instead.
    unsure_claims: int = 0
    escalated_claims: int = 0
    # Mean context precision over the cases with one; mean recall by document id over the
    # cases whose relevant documents are labelled, and how many those are.
    mean_context_precision: float | None = None
    mean_id_recall: float | None = None
    id_recall_cases: int = 0
    usage: Usage
    prefect_flow_run_id: str | None
    baseline_run_id: str | None


class CaseResultRecord(Record):
    """One case of a run with everything `recall-audit show` prints."""

    case_key: str
    question: str
    ground_truth: str | None
    status: Status
    score: float | None
    scale: float
    reason: str
    error: str | None
    claims: list[str]
    verdicts: list[Verdict]
    chunks: list[str]
    recall_at_k: list[float]
    sample_recalls: list[float] = []
    context_precision: float | None = None
    # The documents labelled relevant (None: not labelled), each retrieved chunk's document
    # (None: its hit named none), and the recall by id they give.
    reference_ids: list[str] | None = None
    document_ids: list[str | None] = []
    id_recall: float | None = None
    id_recall_at_k: list[float] = []
    usage: Usage
    created_at: datetime

    @computed_field  # type: ignore[prop-decorator]
    @property
    def missed_ids(self) -> list[str]:
        """The labelled documents no retrieved chunk came from."""
        retrieved = set(self.document_ids)
        return [i for i in relevant_ids(self.reference_ids) if i not in retrieved]

    def to_recall_result(self) -> RecallResult:
        return RecallResult(
            status=self.status,
            score=self.score,
            scale=self.scale,
            reason=self.reason,
            claims=self.claims,
            verdicts=self.verdicts,
            recall_at_k=self.recall_at_k,
            sample_recalls=self.sample_recalls,
            context_precision=self.context_precision,
            id_recall=self.id_recall,
            id_recall_at_k=self.id_recall_at_k,
            missed_ids=self.missed_ids if self.id_recall is not None else [],
            usage=self.usage,
            error=self.error,
        )
