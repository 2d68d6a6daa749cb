"""A run's diagnosis as a whole: what to do next (documents to add, the top_k that would find
the misses, the documents whose facts are most often missed), and its markdown views."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel, Field

from recall_audit.compare.report import short
from recall_audit.diagnosis.kinds import KIND_LABELS
from recall_audit.diagnosis.lost import LostClaim
from recall_audit.diagnosis.missed import CaseDiagnosis, MissedClaim
from recall_audit.types import Usage

# Steps of "N claims would be found with top_k = r" shown; and documents named.
TOP_K_STEPS = 3
TOP_DOCUMENTS = 5
LISTED = 20


class TopKStep(BaseModel):
    top_k: int
    claims: int


class DocumentMisses(BaseModel):
    document: str
    title: str = ""
    claims: int


class Advice(BaseModel):
    not_in_knowledge_base: list[MissedClaim] = Field(default_factory=list)
    # Claims found in the knowledge base within the depth, by the top_k that would find them.
    top_k_steps: list[TopKStep] = Field(default_factory=list)
    documents: list[DocumentMisses] = Field(default_factory=list)


class RunDiagnosis(BaseModel):
    run_id: str
    knowledge_base: str | None = None
    knowledge_base_version: str | None = None
    # The version the run itself saw, when it differs from the one diagnosed against.
    recorded_version: str | None = None
    depth: int
    top_k: int
    missed: list[MissedClaim] = Field(default_factory=list)
    by_cause: dict[str, int] = Field(default_factory=dict)
    by_kind: dict[str, int] = Field(default_factory=dict)
    advice: Advice = Field(default_factory=Advice)
    lost: list[LostClaim] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    # Cases diagnosed (those with a missed claim), and those whose diagnosis failed.
    cases: int = 0
    errors: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


def advise(missed: Sequence[MissedClaim]) -> Advice:
    absent = [m for m in missed if m.cause == "not_in_knowledge_base"]
    ranks = sorted(m.rank for m in missed if m.cause == "not_retrieved" and m.rank is not None)
    steps: list[TopKStep] = []
    for count, rank in enumerate(ranks, start=1):
        if count == len(ranks) or ranks[count] != rank:
            steps.append(TopKStep(top_k=rank, claims=count))
    # The first steps, and the one that finds them all.
    shown = steps[: TOP_K_STEPS - 1] + steps[-1:] if len(steps) > TOP_K_STEPS else steps
    documents = Counter(
        (m.source.document, m.source.title)
        for m in missed
        if m.cause == "not_retrieved" and m.source is not None
    )
    return Advice(
        not_in_knowledge_base=absent,
        top_k_steps=shown,
        documents=[
            DocumentMisses(document=d, title=t, claims=n)
            for (d, t), n in sorted(documents.items(), key=lambda x: (-x[1], x[0]))[:TOP_DOCUMENTS]
        ],
    )


def summarise(
    run_id: str,
    diagnoses: Sequence[CaseDiagnosis],
    *,
    depth: int,
    top_k: int,
    knowledge_base: str | None = None,
    version: str | None = None,
) -> RunDiagnosis:
    missed = [m for d in diagnoses for m in d.missed]
    return RunDiagnosis(
        run_id=run_id,
        knowledge_base=knowledge_base,
        knowledge_base_version=version,
        depth=depth,
        top_k=top_k,
        missed=missed,
        by_cause=dict(Counter(m.cause for m in missed).most_common()),
        by_kind=dict(Counter(m.kind for m in missed).most_common()),
        advice=advise(missed),
        usage=sum((d.usage for d in diagnoses), Usage()),
        cases=sum(bool(d.missed) for d in diagnoses),
        errors=[f"{d.case_key}: {d.error}" for d in diagnoses if d.error],
    )


def next_steps_lines(advice: Advice) -> list[str]:
    """'What to do next' as markdown list items; empty when nothing is to be done."""
    lines = []
    if absent := advice.not_in_knowledge_base:
        lines.append(
            f"- **{len(absent)} claim(s) are not in the knowledge base**: add documents "
            "stating them:"
        )
        lines += [f"  - `{m.case_key}`: {short(m.claim)}" for m in absent[:LISTED]]
        if len(absent) > LISTED:
            lines.append(f"  - … and {len(absent) - LISTED} more")
    lines += [
        f"- **{s.claims} claim(s) would be found with top_k = {s.top_k}**"
        for s in advice.top_k_steps
    ]
    if advice.documents:
        named = ", ".join(
            f"`{d.document}`" + (f" ({d.title})" if d.title else "") + f": {d.claims}"
            for d in advice.documents
        )
        lines.append(f"- Documents whose facts are most often not retrieved: {named}")
    return lines


def why_missed_markdown(diagnosis: RunDiagnosis) -> str:
    """The 'why missed' artifact: counts by cause and kind, what to do next, then every
    missed claim with its cause, grouped by case."""
    if not diagnosis.missed:
        notes = "".join(f"\n{note}\n" for note in diagnosis.notes)
        return f"# Why missed\n\nNo claim of run {diagnosis.run_id[:8]} was missed.\n{notes}"
    kb = (
        f"knowledge base `{diagnosis.knowledge_base}`"
        if diagnosis.knowledge_base
        else "no knowledge base"
    )
    causes = ", ".join(f"{_cause_name(c)} {n}" for c, n in diagnosis.by_cause.items())
    kinds = ", ".join(f"{KIND_LABELS[k]} {n}" for k, n in diagnosis.by_kind.items())  # type: ignore[index]
    lines = [
        f"# Why {len(diagnosis.missed)} claim(s) were missed",
        "",
        f"Run {diagnosis.run_id[:8]}, top_k {diagnosis.top_k}, retriever asked down to rank "
        f"{diagnosis.depth}, {kb}; judge calls {diagnosis.usage.calls} "
        f"(from cache {diagnosis.usage.cached_calls}).",
        "",
        f"- By cause: {causes}",
        f"- By kind: {kinds}",
        *[f"- {note}" for note in diagnosis.notes],
        *[f"- Not diagnosed: {error}" for error in diagnosis.errors[:LISTED]],
    ]
    if steps := next_steps_lines(diagnosis.advice):
        lines += ["", "## What to do next", "", *steps]
    case = None
    for m in diagnosis.missed:
        if m.case_key != case:
            case = m.case_key
            lines += ["", f"## {case}", "", f"**Question:** {m.question}", ""]
        where = f" · `{m.source.document}`" if m.source else ""
        lines.append(f"- {short(m.claim)} — **{m.label}**{where} ({KIND_LABELS[m.kind]})")
    return "\n".join(lines) + "\n"


def _cause_name(cause: str) -> str:
    return cause.replace("_", " ")
