"""Storage for Recall Audit: SQLModel tables over SQLite (default) or PostgreSQL, evolved by
Alembic, behind repository functions that take a `sqlmodel.Session` and return frozen records.

    engine = open_database()              # migrated to head; keep it for the process
    with Session(engine) as session:
        dataset = upsert_dataset(session, "faq", "faq.jsonl", fingerprint)
        ...

Its names are imported on first use (recall_audit/lazy.py): a command that reads results imports
only the modules it reads with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from recall_audit.lazy import lazy_names

if TYPE_CHECKING:
    from sqlmodel import Session

    from recall_audit.storage.attribution_cache import (
        get_cached_attribution,
        get_cached_attributions,
        save_attribution,
        write_attributions,
    )
    from recall_audit.storage.baselines import (
        baseline_for,
        pin_baseline,
        pinned_baseline,
        previous_completed_run,
        recall_history,
        unpin_baseline,
    )
    from recall_audit.storage.claims import freeze_claims, get_claims, save_claims
    from recall_audit.storage.datasets import (
        dataset_cases,
        get_dataset,
        upsert_cases,
        upsert_dataset,
    )
    from recall_audit.storage.engine import absolute_database_url, connect_database, open_database
    from recall_audit.storage.group_commit import GroupCommit
    from recall_audit.storage.outcomes import paired_outcomes, run_outcome, worst_outcomes
    from recall_audit.storage.records import (
        CaseInput,
        CaseRecord,
        CaseResultRecord,
        DatasetRecord,
        RunRecord,
        RunStatus,
    )
    from recall_audit.storage.reports import claim_outcomes, run_results, sample_spreads
    from recall_audit.storage.response_cache import DatabaseResponseCache
    from recall_audit.storage.results import (
        CaseToSave,
        finished_case_keys,
        save_case_result,
        write_case_results,
    )
    from recall_audit.storage.retention import DatasetPrune, PruneReport, prune_runs
    from recall_audit.storage.runs import (
        create_run,
        finish_run,
        get_run,
        list_runs,
        resolve_run_id,
        resume_run,
        set_run_baseline,
    )
    from recall_audit.storage.settings import database_url

# Each module and the public names it defines.
_HOMES = {
    ".attribution_cache": (
        "get_cached_attribution",
        "get_cached_attributions",
        "save_attribution",
        "write_attributions",
    ),
    ".baselines": (
        "baseline_for",
        "pin_baseline",
        "pinned_baseline",
        "previous_completed_run",
        "recall_history",
        "unpin_baseline",
    ),
    ".claims": ("freeze_claims", "get_claims", "save_claims"),
    ".datasets": ("dataset_cases", "get_dataset", "upsert_cases", "upsert_dataset"),
    ".engine": ("absolute_database_url", "connect_database", "open_database"),
    ".group_commit": ("GroupCommit",),
    ".outcomes": ("paired_outcomes", "run_outcome", "worst_outcomes"),
    ".records": (
        "CaseInput",
        "CaseRecord",
        "CaseResultRecord",
        "DatasetRecord",
        "RunRecord",
        "RunStatus",
    ),
    ".reports": ("claim_outcomes", "run_results", "sample_spreads"),
    ".response_cache": ("DatabaseResponseCache",),
    ".results": ("CaseToSave", "finished_case_keys", "save_case_result", "write_case_results"),
    ".retention": ("DatasetPrune", "PruneReport", "prune_runs"),
    ".runs": (
        "create_run",
        "finish_run",
        "get_run",
        "list_runs",
        "resolve_run_id",
        "resume_run",
        "set_run_baseline",
    ),
    ".settings": ("database_url",),
    "sqlmodel": ("Session",),
}

__all__ = [
    "CaseInput",
    "CaseRecord",
    "CaseResultRecord",
    "CaseToSave",
    "DatabaseResponseCache",
    "DatasetPrune",
    "DatasetRecord",
    "GroupCommit",
    "PruneReport",
    "RunRecord",
    "RunStatus",
    "Session",
    "absolute_database_url",
    "baseline_for",
    "claim_outcomes",
    "connect_database",
    "create_run",
    "database_url",
    "dataset_cases",
    "finish_run",
    "finished_case_keys",
    "freeze_claims",
    "get_cached_attribution",
    "get_cached_attributions",
    "get_claims",
    "get_dataset",
    "get_run",
    "list_runs",
    "open_database",
    "paired_outcomes",
    "pin_baseline",
    "pinned_baseline",
    "previous_completed_run",
    "prune_runs",
    "recall_history",
    "resolve_run_id",
    "resume_run",
    "run_outcome",
    "run_results",
    "sample_spreads",
    "save_attribution",
    "save_case_result",
    "save_claims",
    "set_run_baseline",
    "unpin_baseline",
    "upsert_cases",
    "upsert_dataset",
    "worst_outcomes",
    "write_attributions",
    "write_case_results",
]

__getattr__, __dir__ = lazy_names(__name__, _HOMES)
