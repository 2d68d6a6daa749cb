"""One description of an audit: the AuditSpec, its configuration's stable name and hash, and
baselines that never cross configurations."""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import fields
from pathlib import Path

import pytest
from flat_audit import audit_flat
from pydantic import ValidationError

from recall_audit.compare.gate import Gate
from recall_audit.spec import AuditSpec, Configuration, RetrieverSpec

HOTPOT = Path(__file__).resolve().parents[1] / "examples" / "hotpot"


def leaf_names() -> set[str]:
    """Every setting of the spec, by the name of its field."""
    names = set()
    for name, field in AuditSpec.model_fields.items():
        model = field.annotation
        group = isinstance(model, type) and hasattr(model, "model_fields")
        names |= set(model.model_fields) if group else {name}
    return names


def test_flat_settings_land_in_their_groups() -> None:
    spec = AuditSpec.from_flat(
        dataset="d.jsonl", retriever="bm25:kb", top_k=3, concurrency=4, max_lost_claims=0
    )
    assert (spec.dataset.path, spec.retriever.spec, spec.retriever.top_k) == (
        "d.jsonl",
        "bm25:kb",
        3,
    )
    assert spec.limits.concurrency == 4 and spec.gate == Gate(max_lost_claims=0)
    with pytest.raises(TypeError, match="no setting 'topk'"):
        AuditSpec.from_flat(dataset="d.jsonl", topk=3)
    with pytest.raises(ValidationError, match="top_k"):
        AuditSpec.from_flat(dataset="d.jsonl", top_k=0)
    # A local retriever's settings beside its spec's query reach it, and name the configuration.
    chunked = RetrieverSpec(spec="bm25:kb", chunk_size=300, overlap=30)
    assert chunked.local_settings() == {"chunk_size": 300, "overlap": 30}
    named = AuditSpec(dataset=spec.dataset, retriever=chunked).configuration().name
    assert named == "bm25:kb k=5 chunks=300/30"


def test_the_limits_of_a_case_are_settings_of_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given flat (the command line, an experiment.yaml) or nested (a deployment's
    parameters); a limit not given is its RECALL_AUDIT_* variable's, else its default; a bad
    variable is a ConfigurationError naming it; none of them changes the configuration."""
    from recall_audit.errors import ConfigurationError
    from recall_audit.limits import CaseLimits

    monkeypatch.setenv("RECALL_AUDIT_MAX_CHUNKS", "50")
    spec = AuditSpec.from_flat(dataset="d.jsonl", retriever_timeout=5, max_response_bytes=1024)
    limits = spec.case_limits
    assert (limits.retriever_timeout, limits.max_response_bytes, limits.max_chunks) == (5, 1024, 50)
    assert limits.max_chunk_chars == CaseLimits.model_fields["max_chunk_chars"].default
    nested = AuditSpec.model_validate(
        {"dataset": {"path": "d.jsonl"}, "case_limits": {"max_chunks": 7}}
    )
    assert (nested.case_limits.max_chunks, nested.case_limits.max_response_bytes) == (7, 2**25)
    # Made again where it runs (a worker, a deployment's run), the spec keeps what it was given.
    again = AuditSpec.model_validate(spec.model_dump())
    assert again == spec
    assert AuditSpec.from_flat(dataset="d.jsonl").configuration() == spec.configuration()
    with pytest.raises(ValidationError, match="retriever_timeout"):
        AuditSpec.from_flat(dataset="d.jsonl", retriever_timeout=0)
    monkeypatch.setenv("RECALL_AUDIT_RETRIEVER_TIMEOUT", "soon")
    with pytest.raises(ConfigurationError, match=r"^RECALL_AUDIT_RETRIEVER_TIMEOUT='soon': "):
        AuditSpec.from_flat(dataset="d.jsonl")


def test_a_configuration_has_a_stable_key_and_a_readable_name() -> None:
    spec = AuditSpec.from_flat(dataset="a.jsonl", retriever="bm25:/data/kb.jsonl", top_k=4)
    configuration = spec.configuration()
    # Written out: a change of the hash would cut every run from its baseline.
    assert configuration.key == "efd42e2d"
    assert configuration.name == "bm25:kb.jsonl k=4"
    # The dataset, the gate and the limits are not part of it.
    other = AuditSpec.from_flat(
        dataset="b.jsonl", retriever="bm25:/data/kb.jsonl", top_k=4, concurrency=2, fail_under=0.5
    )
    assert other.configuration().key == configuration.key
    assert (
        AuditSpec.from_flat(dataset="a.jsonl", top_k=4).configuration().retriever == "precomputed"
    )
    for changed in ({"top_k": 8}, {"samples": 3}, {"judge": "openai/m"}, {"context_field": "t"}):
        assert Configuration(**{**configuration.model_dump(), **changed}).key != configuration.key
    named = Configuration(retriever="http://h:1/s", top_k=2, judge="openai/m", samples=3)
    assert named.name == "h:1/s k=2 openai/m samples=3"


def test_a_retriever_url_with_credentials_is_masked_in_the_configuration(monkeypatch) -> None:
    monkeypatch.setenv("MY_RETRIEVER", "https://user:hunter2@search.local/q?token=abc")
    configuration = AuditSpec.from_flat(dataset="d", retriever="env:MY_RETRIEVER").configuration()
    assert "hunter2" not in configuration.model_dump_json() and "abc" not in configuration.name
    assert configuration.retriever.startswith("https://")


def test_the_audit_settings_are_declared_once() -> None:
    """The flow, the batch plan, the tasks' context and serve take the spec, and repeat none
    of its settings."""
    from recall_audit.deployments.serve import ServeSettings
    from recall_audit.flows.audit import audit
    from recall_audit.tasks.batch import BatchPlan
    from recall_audit.tasks.work import AuditContext

    # What the flow opens from the spec bears the names of what it opened (its dataset, judge,
    # retriever), and `spec` and `name` are words of their own there.
    settings = leaf_names() - {"dataset", "judge", "spec", "path", "name"}
    assert {"top_k", "concurrency", "samples", "scale", "rpm", "max_regression"} <= settings
    flow_parameters = set(inspect.signature(audit.fn).parameters)
    assert flow_parameters & settings == set()
    assert set(BatchPlan.model_fields) & settings == set()
    assert {f.name for f in fields(AuditContext)} & settings == set()
    assert set(ServeSettings.model_fields) & settings == set()


def test_each_configuration_is_compared_with_its_own_previous_run(
    prefect_api, sqlite_db_url
) -> None:
    """--top-k 2, --top-k 8, then --top-k 4: the last is no regression of the second, and
    the next --top-k 4 is compared with the first --top-k 4."""

    def night(top_k: int):
        return asyncio.run(
            audit_flat(
                dataset=str(HOTPOT / "dataset.jsonl"),
                retriever=f"bm25:{HOTPOT / 'kb.jsonl'}",
                top_k=top_k,
                database_url=sqlite_db_url,
            )
        )

    two, eight, four = night(2), night(8), night(4)
    assert len({two.configuration_key, eight.configuration_key, four.configuration_key}) == 3
    assert eight.mean_recall > four.mean_recall > two.mean_recall
    assert (two.comparison, eight.comparison, four.comparison) == (None, None, None)
    again = night(4)
    assert again.comparison is not None and again.comparison.base_run_id == four.run_id
    assert again.comparison.verdict == "unchanged" and again.configuration == "bm25:kb.jsonl k=4"


def test_the_diagnosis_depth_is_the_diagnosis_default() -> None:
    from recall_audit.diagnosis.missed import DEFAULT_DEPTH

    assert AuditSpec.from_flat(dataset="d").diagnosis.diagnose_depth == DEFAULT_DEPTH
