"""Secrets handed to a flow by reference: Prefect stores every flow parameter in its database
and shows it in the UI, so a retriever URL with credentials travels as `env:VAR` instead."""

from __future__ import annotations

import os

from recall_audit.redact import redact_spec

RETRIEVER_URL_ENV = "RECALL_AUDIT_RETRIEVER_URL"


def retriever_by_reference(spec: str | None, variable: str = RETRIEVER_URL_ENV) -> str | None:
    """`spec` itself when it holds no secret; otherwise `env:VARIABLE` (by default
    RECALL_AUDIT_RETRIEVER_URL), set in this process's environment, which the flow (and any
    run it spawns) inherits."""
    # Imported here: the retrievers (numpy, bm25s) are for the commands that run audits.
    from recall_audit.retrievers.spec import ENV_PREFIX

    if spec is None or redact_spec(spec) == spec:
        return spec
    os.environ[variable] = spec
    return f"{ENV_PREFIX}{variable}"
