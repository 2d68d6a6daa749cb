"""What the diagnosis reads from a stored run: its missed claims' cases, and the evidence
that explains the claims lost since a baseline (recall_audit/storage/knowledge.py holds the versions)."""

from __future__ import annotations

from collections import defaultdict

from sqlmodel import Session, col, select

from recall_audit.diagnosis import CaseToDiagnose, KnowledgeChunk, LostEvidence
from recall_audit.storage.knowledge import knowledge_base_chunks
from recall_audit.storage.outcomes import run_outcome
from recall_audit.storage.records import MEAN_STATUSES, SPEC_KEY
from recall_audit.storage.reports import run_results
from recall_audit.storage.tables import Case, CaseResult, ClaimSet, RetrievedChunk, Run


def run_top_k(session: Session, run_id: str) -> int:
    run = session.get(Run, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    stored = run.params.get(SPEC_KEY)
    # A run stored before its spec was recorded its top_k alone.
    return int(stored["retriever"]["top_k"] if stored else run.params.get("top_k") or 5)


def cases_to_diagnose(session: Session, run_id: str) -> list[CaseToDiagnose]:
    """Every counted case of the run with a missed claim, as the diagnosis reads it."""
    top_k = run_top_k(session, run_id)
    out = []
    for result in run_results(session, run_id):
        if result.status not in MEAN_STATUSES or not result.claims:
            continue
        supported = {v.claim_index for v in result.verdicts if v.supported}
        flags = [i in supported for i in range(len(result.claims))]
        if all(flags):
            continue
        out.append(
            CaseToDiagnose(
                case_key=result.case_key,
                question=result.question,
                claims=result.claims,
                supported=flags,
                retrieved=result.chunks,
                top_k=top_k,
            )
        )
    return out


def _ground_truths(session: Session, run_id: str) -> dict[str, str]:
    rows = session.exec(
        select(Case.case_key, ClaimSet.ground_truth_hash)
        .join(CaseResult, col(CaseResult.case_id) == col(Case.id))
        .join(ClaimSet, col(ClaimSet.id) == col(CaseResult.claim_set_id))
        .where(CaseResult.run_id == run_id)
    ).all()
    return dict(rows)


def _retrieved(
    session: Session, run_id: str
) -> tuple[dict[str, list[str]], dict[str, tuple[str, str]]]:
    """The run's retrieved chunk hashes by case key, in order, and the documents its hits
    named, by chunk hash."""
    rows = session.exec(
        select(
            Case.case_key,
            RetrievedChunk.chunk_hash,
            RetrievedChunk.document_id,
            RetrievedChunk.title,
        )
        .join(CaseResult, col(CaseResult.id) == col(RetrievedChunk.case_result_id))
        .join(Case, col(Case.id) == col(CaseResult.case_id))
        .where(CaseResult.run_id == run_id)
        .order_by(col(Case.case_key), col(RetrievedChunk.position))
    ).all()
    hashes: dict[str, list[str]] = defaultdict(list)
    named: dict[str, tuple[str, str]] = {}
    for key, chunk_hash, document, title in rows:
        hashes[key].append(chunk_hash)
        if document:
            named[chunk_hash] = (document, title or "")
    return dict(hashes), named


def lost_evidence(session: Session, base_id: str, head_id: str, depth: int | None) -> LostEvidence:
    """What the two runs recorded that explains their lost claims: judges, ground truths,
    the base run's knowledge-base version (and the documents its hits named), the head
    run's retrieved chunks and top_k."""
    base_run, head_run = session.get(Run, base_id), session.get(Run, head_id)
    if base_run is None or head_run is None:
        raise KeyError(f"no run with id {base_id if base_run is None else head_id}")
    base_chunks = (
        knowledge_base_chunks(session, base_run.knowledge_base_version)
        if base_run.knowledge_base_version
        else {}
    )
    _, named = _retrieved(session, base_id)
    for chunk_hash, (document, title) in named.items():
        base_chunks.setdefault(
            chunk_hash,
            KnowledgeChunk(hash=chunk_hash, chunk_id=document, document=document, title=title),
        )
    head_retrieved, _ = _retrieved(session, head_id)
    return LostEvidence(
        base_judge=run_outcome(session, base_id, ()).judge,
        head_judge=run_outcome(session, head_id, ()).judge,
        base_ground_truths=_ground_truths(session, base_id),
        head_ground_truths=_ground_truths(session, head_id),
        base_chunks=base_chunks,
        head_retrieved=head_retrieved,
        head_top_k=run_top_k(session, head_id),
        depth=depth,
    )
