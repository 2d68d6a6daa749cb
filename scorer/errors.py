"""Exceptions the scorer raises; every one is safe to show (no secrets inside)."""

from recall_audit.scorer.types import Usage


class RecallAuditError(Exception):
    """Base of every error this project raises on purpose."""


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
