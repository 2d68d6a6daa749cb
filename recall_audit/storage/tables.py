"""The tables. Internal to `storage`: callers get the pydantic records of `storage.records`.

Chunks are content-addressed (`chunks.hash`), so the same knowledge-base passage retrieved
night after night is stored once. Claims are frozen per (ground truth hash, judge, judge
version) in `claim_sets`, so every run scores against the same denominator.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, MetaData, String, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from recall_audit.storage.columns import TOKEN_COUNT, UTCDateTime, utcnow

# Our own metadata, so Alembic sees only these tables, and named constraints, so later
# migrations (SQLite batch mode included) can address them.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class StorageModel(SQLModel):
    metadata = MetaData(naming_convention=NAMING)


def _created_at() -> Any:
    # The column default too, for the Core inserts that upserts are made of.
    return Field(
        default_factory=utcnow,
        sa_type=UTCDateTime,
        nullable=False,
        sa_column_kwargs={"default": utcnow},
    )


class Dataset(StorageModel, table=True):
    __tablename__ = "datasets"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text, unique=True)
    path: str = Field(sa_type=Text)
    fingerprint: str = Field(sa_type=String(64))
    created_at: datetime = _created_at()
    updated_at: datetime = _created_at()


class Case(StorageModel, table=True):
    __tablename__ = "cases"
    __table_args__ = (UniqueConstraint("dataset_id", "case_key", name="uq_cases_dataset_key"),)

    id: int | None = Field(default=None, primary_key=True)
    dataset_id: int = Field(foreign_key="datasets.id", ondelete="CASCADE")
    # The dataset's own id for the case when it has one, else a stable id from its content.
    case_key: str = Field(sa_type=Text)
    question: str = Field(sa_type=Text)
    ground_truth: str | None = Field(default=None, sa_type=Text)
    ground_truth_hash: str | None = Field(default=None, sa_type=String(64))


class Run(StorageModel, table=True):
    __tablename__ = "runs"
    __table_args__ = (
        Index("ix_runs_dataset_started", "dataset_id", "started_at"),
        Index("ix_runs_started", "started_at"),
        Index("ix_runs_dataset_config", "dataset_id", "config_key", "started_at"),
    )

    id: str = Field(sa_type=String(36), primary_key=True)
    dataset_id: int = Field(foreign_key="datasets.id", ondelete="CASCADE")
    dataset_fingerprint: str = Field(sa_type=String(64))
    retriever: str = Field(sa_type=Text)
    judge: str = Field(sa_type=String(200))
    judge_version: str = Field(sa_type=String(100))
    # What the run measured with (recall_audit.spec.Configuration): its short
    # hash, which a baseline must share, and its name.
    config_key: str | None = Field(default=None, sa_type=String(16))
    config_name: str | None = Field(default=None, sa_type=Text)
    scale: float = 1.0
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    status: str = Field(sa_type=String(20))
    started_at: datetime = _created_at()
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Filled by finish_run from the stored case results, never by the caller.
    mean_recall: float | None = None
    case_count: int = 0
    scored_count: int = 0
    no_context_count: int = 0
    unscorable_count: int = 0
    error_count: int = 0
    calls: int = 0
    cached_calls: int = 0
    input_tokens: int = Field(default=0, sa_type=TOKEN_COUNT)
    output_tokens: int = Field(default=0, sa_type=TOKEN_COUNT)
    repairs: int = 0
    reasked: int = 0
    supported_claims: int = 0
    # Supported claims whose quote was found in the chunk they cite.
    verified_quotes: int = 0
    # Claims the judge was unsure of, and those a cascade's model judge decided instead.
    unsure_claims: int = 0
    escalated_claims: int = 0
    # Means over the cases that have one: context precision (from the verdicts), and recall
    # by document id over the cases whose relevant documents are labelled (how many).
    mean_context_precision: float | None = None
    mean_id_recall: float | None = None
    id_recall_cases: int = 0
    prefect_flow_run_id: str | None = Field(default=None, sa_type=String(36))
    baseline_run_id: str | None = Field(
        default=None, sa_type=String(36), foreign_key="runs.id", ondelete="SET NULL"
    )
    # The version of the knowledge base the audit could see (see KnowledgeBaseVersion).
    knowledge_base_version: str | None = Field(
        default=None,
        sa_type=String(100),
        foreign_key="knowledge_base_versions.version",
        ondelete="SET NULL",
    )


class ClaimSet(StorageModel, table=True):
    __tablename__ = "claim_sets"
    __table_args__ = (
        UniqueConstraint("ground_truth_hash", "judge", "judge_version", name="uq_claim_sets_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    ground_truth_hash: str = Field(sa_type=String(64))
    judge: str = Field(sa_type=String(200))
    judge_version: str = Field(sa_type=String(100))
    claims: list[str] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = _created_at()


class CaseResult(StorageModel, table=True):
    __tablename__ = "case_results"
    __table_args__ = (UniqueConstraint("run_id", "case_id", name="uq_case_results_run_case"),)

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(sa_type=String(36), foreign_key="runs.id", ondelete="CASCADE")
    case_id: int = Field(foreign_key="cases.id", ondelete="CASCADE", index=True)
    status: str = Field(sa_type=String(20))
    score: float | None = None
    reason: str = Field(sa_type=Text)
    error: str | None = Field(default=None, sa_type=Text)
    # The claims this result was scored against (also for no-context cases, when known).
    claim_set_id: int | None = Field(default=None, foreign_key="claim_sets.id")
    chunks_hash: str | None = Field(default=None, sa_type=String(64))
    recall_at_k: list[float] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Recall of each sample when the case was judged several times (--samples); else empty.
    sample_recalls: list[float] = Field(
        default_factory=list,
        sa_column=Column(JSON, nullable=False, server_default=text("'[]'")),
    )
    # Context precision from the verdicts (None without chunks or claims).
    context_precision: float | None = None
    # The ids of the documents labelled relevant to the case when the run read it (None: not
    # labelled), the share of them retrieved, and the same with only the first k chunks.
    reference_ids: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    id_recall: float | None = None
    id_recall_at_k: list[float] = Field(
        default_factory=list,
        sa_column=Column(JSON, nullable=False, server_default=text("'[]'")),
    )
    calls: int = 0
    cached_calls: int = 0
    input_tokens: int = Field(default=0, sa_type=TOKEN_COUNT)
    output_tokens: int = Field(default=0, sa_type=TOKEN_COUNT)
    repairs: int = 0
    reasked: int = 0
    created_at: datetime = _created_at()


class VerdictRow(StorageModel, table=True):
    __tablename__ = "verdicts"

    case_result_id: int = Field(foreign_key="case_results.id", ondelete="CASCADE", primary_key=True)
    claim_index: int = Field(primary_key=True)
    supported: bool
    chunk_indices: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # chunk_indices[0] (best first), as a column so queries can join the supporting chunk.
    best_chunk: int | None = None
    quote: str = Field(default="", sa_type=Text)
    quote_verified: bool | None = None
    explanation: str = Field(default="", sa_type=Text)
    # Why the judge could not decide (empty: it decided), and why a cascade's first judge
    # could not when its model judge decided instead (recall_audit.types.Verdict).
    unsure: str = Field(default="", sa_type=Text)
    escalated: str = Field(default="", sa_type=Text)


class Chunk(StorageModel, table=True):
    __tablename__ = "chunks"

    hash: str = Field(sa_type=String(64), primary_key=True)
    text: str = Field(sa_type=Text)


class RetrievedChunk(StorageModel, table=True):
    __tablename__ = "retrieved_chunks"

    case_result_id: int = Field(foreign_key="case_results.id", ondelete="CASCADE", primary_key=True)
    # 0-based, the order the judge saw; verdicts' chunk indices point here.
    position: int = Field(primary_key=True)
    # Indexed so pruning can find the chunks no run refers to any more.
    chunk_hash: str = Field(sa_type=String(64), foreign_key="chunks.hash", index=True)
    # The retriever's own id, title and score of the hit, when its answer carried them.
    document_id: str | None = Field(default=None, sa_type=Text)
    title: str | None = Field(default=None, sa_type=Text)
    score: float | None = None


class KnowledgeBaseVersion(StorageModel, table=True):
    """One version of a knowledge base: its fingerprint, with the chunking appended when its
    chunks are windows (recall_audit/diagnosis/knowledge.py). Recorded once, however many runs."""

    __tablename__ = "knowledge_base_versions"

    version: str = Field(sa_type=String(100), primary_key=True)
    fingerprint: str = Field(sa_type=String(64))
    path: str = Field(sa_type=Text)
    chunk_count: int = 0
    created_at: datetime = _created_at()


class KnowledgeBaseChunk(StorageModel, table=True):
    """The chunks of a knowledge-base version by content hash, without their text: "was
    this chunk in the knowledge base of run X?" is one query."""

    __tablename__ = "knowledge_base_chunks"
    __table_args__ = (Index("ix_knowledge_base_chunks_hash", "version", "chunk_hash"),)

    version: str = Field(
        sa_type=String(100),
        foreign_key="knowledge_base_versions.version",
        ondelete="CASCADE",
        primary_key=True,
    )
    position: int = Field(primary_key=True)
    chunk_hash: str = Field(sa_type=String(64))
    chunk_id: str = Field(sa_type=Text)
    document_id: str = Field(sa_type=Text)
    title: str = Field(default="", sa_type=Text)


class AttributionCache(StorageModel, table=True):
    __tablename__ = "attribution_cache"

    # sha256 of (claims hash, chunks hash, judge, judge version).
    key: str = Field(sa_type=String(64), primary_key=True)
    judge: str = Field(sa_type=String(200))
    judge_version: str = Field(sa_type=String(100))
    verdicts: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = _created_at()


class ResponseCache(StorageModel, table=True):
    __tablename__ = "response_cache"

    # Whatever key the model layer builds; Text because its length is not ours to bound.
    key: str = Field(sa_type=Text, primary_key=True)
    value: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = _created_at()


class Baseline(StorageModel, table=True):
    """The run pinned as the baseline of one dataset and one configuration."""

    __tablename__ = "baselines"

    dataset_id: int = Field(foreign_key="datasets.id", ondelete="CASCADE", primary_key=True)
    # The pinned run's configuration ("" for a run made without one).
    config_key: str = Field(sa_type=String(16), primary_key=True)
    run_id: str = Field(sa_type=String(36), foreign_key="runs.id", ondelete="CASCADE")
    pinned_at: datetime = _created_at()


class LabelRow(StorageModel, table=True):
    """A person's verdict on one claim of one case, kept across runs. `fingerprint` hashes the
    claim and the chunks it was labelled against: a run whose claim or chunks differ shows
    the label as outdated and asks the judge again."""

    __tablename__ = "labels"

    dataset_id: int = Field(foreign_key="datasets.id", ondelete="CASCADE", primary_key=True)
    case_key: str = Field(sa_type=Text, primary_key=True)
    claim_hash: str = Field(sa_type=String(64), primary_key=True)
    claim: str = Field(sa_type=Text)
    supported: bool
    # The 0-based chunk the claim is found in, when the person (or the judge agreeing) said.
    chunk: int | None = None
    note: str = Field(default="", sa_type=Text)
    labelled_by: str = Field(sa_type=Text)
    labelled_at: datetime = _created_at()
    fingerprint: str = Field(sa_type=String(64))
    # The run labelled and the judge's verdict in it: how the judge is measured on later runs
    # whose verdict came from this label.
    run_id: str | None = Field(
        default=None, sa_type=String(36), foreign_key="runs.id", ondelete="SET NULL"
    )
    judge_supported: bool | None = None


metadata = StorageModel.metadata
