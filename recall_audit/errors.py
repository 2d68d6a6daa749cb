"""Exceptions the scorer raises; every one is safe to show (no secrets inside)."""

from recall_audit.redact import scrub_message
from recall_audit.types import Usage


class RecallAuditError(Exception):
    """Base of every error this project raises on purpose. Its message is scrubbed as it is
    made, so no secret reaches a Prefect state message, a log or a terminal through it."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(scrub_message(a) if isinstance(a, str) else a for a in args))


class JudgeError(RecallAuditError):
    """A judge could not produce a usable answer for one case (after its one repair).

    `usage` is what the failed attempts cost, so error results still count their calls.
    """

    def __init__(self, message: str, usage: Usage | None = None) -> None:
        super().__init__(message)
        self.usage = usage or Usage()


class ModelError(JudgeError):
    """A model endpoint failed for good: retries exhausted, or a non-retryable status."""


class ConfigurationError(RecallAuditError):
    """A setting or model string is wrong; the message says which and how to fix it."""
