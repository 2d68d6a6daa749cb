"""Why claims were missed or lost, diagnosed against the knowledge base (no Prefect, no
database): knowledge.py sees the knowledge base, missed.py classifies a case's missed
claims, lost.py explains the claims lost since a baseline, advice.py says what to do next."""

from recall_audit.diagnosis.advice import Advice, RunDiagnosis, advise, summarise
from recall_audit.diagnosis.batch import diagnose_cases
from recall_audit.diagnosis.kinds import ClaimKind, claim_kind
from recall_audit.diagnosis.knowledge import (
    KnowledgeBase,
    KnowledgeChunk,
    content_hash,
    knowledge_base_for,
)
from recall_audit.diagnosis.lost import LostClaim, LostEvidence, explain_lost
from recall_audit.diagnosis.missed import (
    DEFAULT_DEPTH,
    CaseDiagnosis,
    CaseToDiagnose,
    DiagnoseSettings,
    MissedClaim,
    Source,
    diagnose_case,
    retrieve_deeper,
)

__all__ = [
    "DEFAULT_DEPTH",
    "Advice",
    "CaseDiagnosis",
    "CaseToDiagnose",
    "ClaimKind",
    "DiagnoseSettings",
    "KnowledgeBase",
    "KnowledgeChunk",
    "LostClaim",
    "LostEvidence",
    "MissedClaim",
    "RunDiagnosis",
    "Source",
    "advise",
    "claim_kind",
    "content_hash",
    "diagnose_case",
    "diagnose_cases",
    "explain_lost",
    "knowledge_base_for",
    "retrieve_deeper",
    "summarise",
]
