"""One description of an audit: the dataset it reads, the retriever (with its own settings) and
the judge it measures with, the gate it must pass, and the limits it runs within (how fast
and where; how far one case may go).

The flow, `recall-audit run`, `serve`, `prefect.yaml`, the Dask plan and experiments all take
an `AuditSpec`; each setting is declared here once. A run's `Configuration` is its spec but
the dataset and what only changes how fast or where it runs: runs of one dataset and one
configuration are compared night after night, two configurations are an experiment.

To add a setting: give it a field in its group below with a default of None meaning "as
before" (a None setting is left out of the configuration's hash, so every existing run keeps
its configuration); if it changes what is measured, add it to `Configuration` too.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import PurePath
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from recall_audit.compare.gate import Gate
from recall_audit.limits import MAX_CHUNK_SIZE, CaseLimits
from recall_audit.redact import Scrubber, redact_spec, scrubber

PRECOMPUTED = "precomputed"
# The settings of a local retriever (bm25:, dense:) an audit may give beside its spec's query.
LOCAL_SETTINGS = ("chunk_size", "overlap", "chunk_unit", "embedding")
# Chunks a retriever is asked for to find a missed claim's rank (recall_audit/diagnosis/missed.py,
# which the commands that only read results must not import).
DEFAULT_DEPTH = 50
# Far beyond any real scale (1, 10, 100) and any retriever's page of hits; a scale near 1e308
# makes a mean of scores inf and a trend of them NaN.
MAX_SCALE = 1_000_000
MAX_TOP_K = 10_000
# Every other count is bounded too, each far beyond real use: an unbounded one reached the
# judge, the rate limiters or Prefect as a number none of them can hold.
MAX_SAMPLES = 100
MAX_BATCH_SIZE = 1_000_000
MAX_CONCURRENCY = 1_000
MAX_RPM = 1_000_000
MAX_TPM = 1_000_000_000
MAX_SHARED_LIMIT = 10_000
# The spec's own messages name a setting by `{setting}`: the library reads `top_k`, the
# command line `--top-k`, a file `top_k` after its line (recall_audit/cli/spec_errors.py).
SCALE_BOUNDS = "{setting} must be a number above 0 and at most 1,000,000, not {value}"
TOP_K_BOUNDS = "{setting} must be from 1 to 10,000, not {value}"
WITHIN_SCALE = "{setting} must be a number from 0 to {scale_setting} ({scale}), not {value}"


def out_of_bounds(template: str, setting: str, value: Any, **names: str) -> PydanticCustomError:
    """A spec rule's error; its context keeps the template and the settings it names, so
    each face of the spec can say them its own way."""
    context = {"template": template, "setting": setting, "value": str(value), **names}
    return PydanticCustomError("spec_bounds", template, context)


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DatasetSpec(_Part):
    path: str = Field(description="JSONL, JSON or CSV of labelled cases.")
    name: str | None = Field(default=None, description="Dataset name (default: the file's stem).")
    on_bad_row: Literal["skip", "fail"] = Field(
        default="skip", description="skip | fail: what a row that cannot be read does."
    )
    qrels: str | None = Field(
        default=None,
        description="BEIR/TREC qrels (query-id, [Q0,] corpus-id, score): the documents "
        "relevant to each case, by its id, for the recall by document id (in place of the "
        "rows' reference_context_ids).",
    )


class RetrieverSpec(_Part):
    spec: str | None = Field(
        default=None,
        description="precomputed | http(s)://URL | python:module:function | bm25:PATH | "
        "dense:PATH | env:VAR (unset: precomputed, when the rows carry chunks)",
    )
    top_k: int = Field(default=5, description="Chunks asked of the retriever per question.")
    context_field: str | None = Field(
        default=None, description="Text field of the retriever's hits."
    )
    context_extractor: str | None = Field(
        default=None,
        description="python:module:function turning a retriever answer into chunks.",
    )
    # Settings of the retrievers over a local knowledge base (bm25:, dense:), for those
    # their spec's own query does not give (recall_audit/retrievers/local_options.py).
    chunk_size: int | None = Field(
        default=None,
        ge=1,
        le=MAX_CHUNK_SIZE,
        description="bm25:/dense: chunks of this many characters (or sentences).",
    )
    overlap: int | None = Field(
        default=None,
        ge=0,
        le=MAX_CHUNK_SIZE,
        description="Characters (or sentences) a chunk repeats of the one before.",
    )
    chunk_unit: Literal["chars", "sentences"] | None = Field(
        default=None, description="chars (default) | sentences: what chunk_size counts."
    )
    embedding: str | None = Field(
        default=None,
        description="openai/<model>: the dense: retriever's embeddings (at OPENAI_BASE_URL).",
    )

    @field_validator("top_k")
    @classmethod
    def _top_k_bounded(cls, top_k: int) -> int:
        if not 1 <= top_k <= MAX_TOP_K:
            raise out_of_bounds(TOP_K_BOUNDS, "top_k", top_k)
        return top_k

    def local_settings(self) -> dict[str, Any]:
        """What a local retriever reads beside its spec's query (only what was set)."""
        return {n: getattr(self, n) for n in LOCAL_SETTINGS if getattr(self, n) is not None}


# Cases per batch unless told: each batch pays its runner's cost once, and on Dask that cost
# (its own task run, shipped to a worker whose Prefect engine builds a client and settings for
# it; bench/scale_dask.py measures it) is worth paying only for a larger share of work.
BATCH_SIZE = 100
DASK_BATCH_SIZE = 1000


class RunLimits(_Part):
    """How fast and where the audit runs; none of it changes what it measures."""

    batch_size: int | None = Field(
        default=None,
        ge=1,
        le=MAX_BATCH_SIZE,
        description="Cases per pipeline task (default 100; 1000 on Dask).",
    )
    concurrency: int = Field(
        default=16, ge=1, le=MAX_CONCURRENCY, description="Cases judged at once in a batch."
    )
    rpm: int | None = Field(
        default=None,
        ge=1,
        le=MAX_RPM,
        description="Requests per minute the judge's endpoint allows (or RECALL_AUDIT_RPM).",
    )
    tpm: int | None = Field(
        default=None,
        ge=1,
        le=MAX_TPM,
        description="Tokens per minute the judge's endpoint allows (or RECALL_AUDIT_TPM).",
    )
    shared_model_limit: int | None = Field(
        default=None,
        ge=1,
        le=MAX_SHARED_LIMIT,
        description="Calls in flight to the judge's endpoint across every process and run "
        "(a Prefect global concurrency limit, created with this size on first use).",
    )
    shared_model_rpm: int | None = Field(
        default=None,
        ge=1,
        le=MAX_RPM,
        description="Calls a minute to the judge's endpoint across every process and run "
        "(a Prefect global rate limit, created with this rate on first use).",
    )
    task_runner: str | None = Field(
        default=None,
        description="Where batches run: dask (worker processes here) or dask://HOST:PORT "
        "(a cluster).",
    )


class Diagnosis(_Part):
    """Why claims were missed or lost, said at the end of a run (recall_audit/scorer/diagnosis)."""

    knowledge_base: str | None = Field(
        default=None,
        description="The corpus an HTTP or python: retriever searches (the formats of "
        "bm25:), so missed and lost claims can be diagnosed against it.",
    )
    diagnose: bool | None = Field(
        default=None,
        description="Say why each claim was missed or lost (default: when a knowledge base "
        "is seen).",
    )
    diagnose_depth: int = Field(
        default=DEFAULT_DEPTH,
        ge=1,
        le=MAX_TOP_K,
        description="Chunks the retriever is asked for to find a missed claim's rank.",
    )


class Configuration(_Part):
    """What a run measures with: comparable runs share it, an experiment varies it."""

    retriever: str
    top_k: int
    context_field: str | None = None
    context_extractor: str | None = None
    chunk_size: int | None = None
    overlap: int | None = None
    chunk_unit: Literal["chars", "sentences"] | None = None
    embedding: str | None = None
    judge: str
    # The model judge the judge's unsure verdicts go to (None: none, as before).
    escalate: str | None = None
    samples: int = 1

    @property
    def key(self) -> str:
        """A stable short hash: unset settings are left out, so adding one changes no key."""
        canonical = json.dumps(self.model_dump(exclude_none=True), sort_keys=True)
        return hashlib.sha256(canonical.encode()).hexdigest()[:8]

    @property
    def name(self) -> str:
        """A short name a person reads: `bm25:kb.jsonl k=4`, then what is not the default."""
        parts = [_short_retriever(self.retriever), f"k={self.top_k}"]
        if self.context_field:
            parts.append(f"field={self.context_field}")
        if self.chunk_size:
            unit = " sentences" if self.chunk_unit == "sentences" else ""
            parts.append(f"chunks={self.chunk_size}/{self.overlap or 0}{unit}")
        if self.embedding:
            parts.append(self.embedding)
        if self.context_extractor:
            parts.append(f"extractor={self.context_extractor.rpartition(':')[2]}")
        if self.judge != "builtin":
            parts.append(self.judge)
        if self.escalate:
            parts.append(f"escalate={self.escalate}")
        if self.samples > 1:
            parts.append(f"samples={self.samples}")
        return " ".join(parts)


def _short_retriever(spec: str) -> str:
    """A file's name for `bm25:`/`dense:` paths (with their settings), the host and path of a
    URL (without its masked credentials); other specs as they are."""
    kind, _, rest = spec.partition(":")
    if kind in ("bm25", "dense"):
        path, mark, query = rest.partition("?")
        return f"{kind}:{PurePath(path).name or path}{mark}{query}"
    if "://" not in spec:
        return spec
    return spec.split("://", 1)[1].removeprefix("***@")


class AuditSpec(_Part):
    """Everything that describes an audit; what is particular to one run (resume it, what
    triggered it, which database) is given beside it."""

    dataset: DatasetSpec
    retriever: RetrieverSpec = RetrieverSpec()
    judge: str = Field(
        default="builtin", description="builtin | openai/<model> | anthropic/<model>"
    )
    escalate: str | None = Field(
        default=None,
        description="openai/<model> | anthropic/<model>: the model judge that decides the "
        "verdicts the built-in judge marks unsure (one call per case that has any; the "
        "judge's endpoint and key, api_key_block included, are this model's).",
    )
    samples: int = Field(
        default=1,
        ge=1,
        le=MAX_SAMPLES,
        description="Judge each case this many times (chunk orders); majority verdicts.",
    )
    scale: float = Field(default=1.0, description="Scores run from 0 to this (above 0).")
    gate: Gate = Gate()
    tolerance: float = Field(default=0.02, ge=0, description="Drops within this are 'unchanged'.")
    limits: RunLimits = RunLimits()
    # How long one retrieval may take and how large a case may grow (recall_audit/limits.py); those
    # not given are read from their RECALL_AUDIT_* variables when the spec is made.
    case_limits: CaseLimits = Field(default_factory=CaseLimits)
    diagnosis: Diagnosis = Diagnosis()
    api_key_block: str | None = Field(
        default=None,
        description="Prefect Secret block holding the judge's API key (instead of its "
        "environment variable); only the block's name travels with the run.",
    )
    app_dir: str | None = Field(
        default=None,
        description="Folder python: modules are imported from (default: the working folder).",
    )

    @field_validator("scale")
    @classmethod
    def _scale_bounded(cls, scale: float) -> float:
        if not (math.isfinite(scale) and 0 < scale <= MAX_SCALE):
            raise out_of_bounds(SCALE_BOUNDS, "scale", scale)
        return scale

    @model_validator(mode="after")
    def _within_scale(self) -> AuditSpec:
        """A threshold beyond the scale (or NaN, which compares false) would switch its rule
        off without a word."""
        for setting, value in (
            ("fail_under", self.gate.fail_under),
            ("max_regression", self.gate.max_regression),
            ("tolerance", self.tolerance),
        ):
            if value is not None and not (math.isfinite(value) and 0 <= value <= self.scale):
                raise out_of_bounds(
                    WITHIN_SCALE, setting, value, scale_setting="scale", scale=str(self.scale)
                )
        return self

    @classmethod
    def from_flat(cls, **values: Any) -> AuditSpec:
        """The spec from flat settings, as the command line names them (SETTINGS): `dataset`
        and `retriever` are the dataset's path and the retriever's spec, every other name is
        the field of that name in whichever group holds it. Unknown names are refused."""
        return cls.model_validate(nested_settings(values))

    def stored(self) -> dict[str, Any]:
        """The spec as a run stores it (JSON): secrets stay references (`env:VAR`, a Secret
        block's name); a credential written into a retriever URL is masked, and so is any
        secret this process knows that a setting spells out."""
        dumped = self.model_dump(mode="json")
        retriever = dumped["retriever"]
        if retriever["spec"] is not None:
            retriever["spec"] = redact_spec(retriever["spec"])
        return _scrubbed(dumped, scrubber())

    def with_retriever(self, spec: str | None) -> AuditSpec:
        return self.model_copy(
            update={"retriever": self.retriever.model_copy(update={"spec": spec})}
        )

    def configuration(self) -> Configuration:
        """What this spec measures with; the retriever as it may be stored and shown
        (`env:VAR` resolved, credentials masked)."""
        # Imported here: the retrievers bring the model layer, which reading results never needs.
        from recall_audit.retrievers.spec import shown_spec

        retriever = self.retriever.model_dump(exclude={"spec"})
        return Configuration(
            retriever=shown_spec(self.retriever.spec or PRECOMPUTED),
            judge=self.judge,
            escalate=self.escalate,
            samples=self.samples,
            **retriever,
        )


def _settings() -> Mapping[str, tuple[str, ...]]:
    """Each setting by its flat name (the command line's), and where it sits in the spec."""
    heads = {"dataset": "path", "retriever": "spec"}
    found: dict[str, tuple[str, ...]] = {}
    for name, field in AuditSpec.model_fields.items():
        model = field.annotation
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            found[name] = (name,)
            continue
        for leaf in model.model_fields:
            found[name if leaf == heads.get(name) else leaf] = (name, leaf)
    return MappingProxyType(found)


SETTINGS = _settings()
# The groups of the spec, each a mapping of its settings in a file or deployment parameters.
GROUPS = MappingProxyType(
    {
        name: field.annotation
        for name, field in AuditSpec.model_fields.items()
        if (name,) not in SETTINGS.values()
    }
)


def nested_settings(values: Mapping[str, Any]) -> dict[str, Any]:
    """Flat settings (SETTINGS' names; a whole group by its name) as the spec holds them."""
    nested: dict[str, Any] = {}
    for name, value in values.items():
        if name in GROUPS and name not in SETTINGS:
            nested[name] = value
            continue
        if name not in SETTINGS:
            raise TypeError(f"AuditSpec has no setting {name!r}")
        *group, leaf = SETTINGS[name]
        (nested.setdefault(group[0], {}) if group else nested)[leaf] = value
    return nested


def flat_settings(spec: AuditSpec) -> dict[str, Any]:
    """Every setting of `spec` by its flat name (SETTINGS), as JSON values."""
    return flat_of(spec.model_dump(mode="json"))


def flat_of(dumped: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of a spec's JSON (as a run stores it) by their flat names (SETTINGS)."""
    flat = {}
    for name, path in SETTINGS.items():
        value: Any = dumped
        for part in path:
            value = value.get(part) if isinstance(value, Mapping) else None
        flat[name] = value
    return flat


# The settings that change nothing a run measures, only how fast and where it runs (and where
# the judge's key is read from): a resumed run may be given others, and a comparison of two
# runs does not list them.
UNMEASURED = frozenset(
    (*RunLimits.model_fields, "retriever_timeout", "retriever_idle_timeout", "api_key_block")
)


def measured_differences(
    before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[tuple[str, Any, Any]]:
    """(setting, before, after) for each setting but UNMEASURED that two stored specs (their
    JSON) give differently, in SETTINGS' order."""
    old, new = flat_of(before), flat_of(after)
    return [
        (name, old[name], new[name])
        for name in SETTINGS
        if name not in UNMEASURED and old[name] != new[name]
    ]


def _scrubbed(value: Any, scrub: Scrubber) -> Any:
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {key: _scrubbed(item, scrub) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrubbed(item, scrub) for item in value]
    return value
