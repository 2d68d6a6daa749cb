"""What flows between the pipeline's stages: the cases of one batch and what each stage added."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.engine import Engine

from recall_audit.datasets.cases import DatasetCase
from recall_audit.redact import scrub_message
from recall_audit.retrievers import Retriever
from recall_audit.scorer.hits import Hit
from recall_audit.scorer.id_recall import IdRecall
from recall_audit.scorer.judge import Judge
from recall_audit.spec import AuditSpec
from recall_audit.storage import GroupCommit, RunRecord
from recall_audit.tasks.new_claims import NewClaims
from recall_audit.tasks.ordered import RankedLimiter
from recall_audit.types import Usage


class CaseWork(BaseModel):
    """One case on its way through a batch; `error` stops its journey and is recorded."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    case_id: int
    case: DatasetCase
    # What the retriever returned, before context extraction.
    raw: Any = None
    chunks: list[str] = Field(default_factory=list)
    # What the retriever's hits said about each chunk (document id, title, score).
    hits: list[Hit | None] = Field(default_factory=list)
    # Recall by document id, once the chunks are read, when the case's documents are labelled.
    ids: IdRecall | None = None
    claims: list[str] | None = None
    # Its claims come with its ground truth's first judgement, in the attribute stage.
    claims_pending: bool = False
    usage: Usage = Field(default_factory=Usage)
    error: str | None = None

    def failed(self, stage: str, error: BaseException | str) -> CaseWork:
        # The last guard before the database: nothing shaped like a credential is kept.
        # Its retriever's answer goes too: it is never read again, and may be large.
        return self.model_copy(update={"error": scrub_message(f"{stage}: {error}"), "raw": None})


class Batch(BaseModel):
    """The cases of one batch between two stages.

    One object per stage, not a bare list: Prefect tracks each object a task returns at the
    top level, and a list would make that one entry per case for the whole run.
    """

    number: int
    cases: list[CaseWork]

    def with_cases(self, cases: list[CaseWork]) -> Batch:
        return Batch(number=self.number, cases=cases)


@dataclass(frozen=True)
class AuditContext:
    """The long-lived parts of one audit run, opened once by the flow and shared by its tasks."""

    engine: Engine
    run: RunRecord
    judge: Judge
    retriever: Retriever
    # The audit's settings (top-k, concurrency, scale, samples, the chunks' text field, the
    # limits of one case).
    spec: AuditSpec
    # The cases being judged at once, shared by every batch on this context and served by
    # rank (batch, place in it): the oldest batch finishes first, so the next one is read
    # and prepared while the judge is still busy, instead of every batch draining at the
    # same moment.
    judging: RankedLimiter
    # The one writer of the run's results and the judge's response cache.
    commits: GroupCommit
    # Where the chunks are in the retriever's answer, when a function of the answer says it.
    extractor: Callable[[Any], list[str]] | None = None
    # A resumed run does its errored cases again (the endpoint may have recovered).
    retry_errors: bool = True
    new_claims: NewClaims = field(default_factory=NewClaims)
