"""The audit flow called with flat settings, as the tests name them (`dataset=`, `top_k=`,
`batch_size=`...): the spec's fields by name, beside what is particular to one run."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from recall_audit.spec import AuditSpec

RUN_ONLY = ("resume", "keep_errors", "run_id", "trigger", "database_url")


def audit_flat(**flat: Any) -> Coroutine[Any, Any, Any]:
    from recall_audit.flows.audit import audit

    this_run = {key: flat.pop(key) for key in RUN_ONLY if key in flat}
    return audit(spec=AuditSpec.from_flat(**flat), **this_run)
