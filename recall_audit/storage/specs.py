"""A run's spec as it was stored with the run (recall_audit/spec.py's `AuditSpec.stored()`, in
its params under SPEC_KEY): read back by a resumed run, the diagnosis of a stored run and a
comparison of two runs."""

from __future__ import annotations

from typing import Any

from recall_audit.spec import (
    UNMEASURED,
    AuditSpec,
    DatasetSpec,
    Diagnosis,
    RetrieverSpec,
    RunLimits,
    flat_of,
)
from recall_audit.storage.records import SPEC_KEY, RunRecord

# What a run stored before its spec was recorded of its retriever, in its configuration.
_RECORDED_RETRIEVER = (
    "context_field", "context_extractor", "chunk_size", "overlap", "chunk_unit", "embedding",
)  # fmt: skip


def run_spec(run: RunRecord) -> AuditSpec:
    """The spec the run was started with; for a run stored before its spec was, the one its
    recorded settings describe (every other setting its default)."""
    stored = run.params.get(SPEC_KEY)
    if stored is not None:
        return AuditSpec.model_validate(stored)
    params = run.params
    configuration = params.get("configuration") or {}
    recorded = {k: configuration[k] for k in _RECORDED_RETRIEVER if configuration.get(k)}
    return AuditSpec(
        dataset=DatasetSpec(path=params.get("dataset_path") or "-", qrels=params.get("qrels")),
        retriever=RetrieverSpec(spec=run.retriever, top_k=params.get("top_k") or 5, **recorded),
        judge=run.judge,
        samples=params.get("samples") or 1,
        scale=run.scale,
        limits=RunLimits(batch_size=params.get("batch_size")),
        diagnosis=Diagnosis(knowledge_base=params.get("knowledge_base")),
    )


def measured_settings(run: RunRecord) -> dict[str, Any]:
    """The settings of the run's stored spec that change what it measures (flat names, JSON
    values); none for a run stored before its spec was."""
    stored = run.params.get(SPEC_KEY)
    if stored is None:
        return {}
    return {k: v for k, v in flat_of(stored).items() if k not in UNMEASURED}
