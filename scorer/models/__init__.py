"""Model clients: one module per provider behind the small ChatModel interface.

The names below are imported on first use (PEP 562): a module that needs only the settings
(`recall_audit.scorer.models.base`) does not pay for the providers' HTTP client (aiohttp),
which a run with the built-in judge never uses.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from recall_audit.scorer.models.anthropic import AnthropicModel
    from recall_audit.scorer.models.base import (
        ChatModel,
        EndpointError,
        JsonReply,
        JsonRequest,
        ModelSettings,
        Refused,
    )
    from recall_audit.scorer.models.cache import InMemoryCache, ResponseCache, cache_key
    from recall_audit.scorer.models.http import HttpTransport
    from recall_audit.scorer.models.limits import EndpointLimiter, RateLimits
    from recall_audit.scorer.models.openai import OpenAIModel

# Each public name and the module of this package that defines it.
_HOMES = {
    "AnthropicModel": "anthropic",
    "ChatModel": "base",
    "JsonReply": "base",
    "JsonRequest": "base",
    "ModelSettings": "base",
    "InMemoryCache": "cache",
    "ResponseCache": "cache",
    "cache_key": "cache",
    "EndpointError": "base",
    "Refused": "base",
    "HttpTransport": "http",
    "EndpointLimiter": "limits",
    "RateLimits": "limits",
    "OpenAIModel": "openai",
}

__all__ = [
    "AnthropicModel",
    "ChatModel",
    "EndpointError",
    "EndpointLimiter",
    "HttpTransport",
    "InMemoryCache",
    "JsonReply",
    "JsonRequest",
    "ModelSettings",
    "OpenAIModel",
    "RateLimits",
    "Refused",
    "ResponseCache",
    "cache_key",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
