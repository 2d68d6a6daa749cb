"""The judge's endpoint settings for an audit's batches, as the batches open their judge and
as the command's early calls (recall_audit/headstart/early.py) open theirs: one client, one
limiter. No Prefect here: the early calls go before it is imported."""

from __future__ import annotations

from pydantic import SecretStr

from recall_audit.models import ModelSettings, RateLimits
from recall_audit.spec import AuditSpec


def model_settings(spec: AuditSpec, api_key: SecretStr | None = None) -> ModelSettings:
    """The judge's endpoint settings for the audit's batches."""
    limits = spec.limits
    return ModelSettings(
        limits=RateLimits(rpm=limits.rpm, tpm=limits.tpm),
        # The endpoint's own limiter keeps `concurrency` requests in flight, no more; a late
        # request's copy would escape Prefect's shared limits, so there are none with them.
        max_connections=limits.concurrency,
        hedge=limits.shared_model_limit is None and limits.shared_model_rpm is None,
        api_key=api_key,
    )
