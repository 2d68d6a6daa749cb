"""Model clients: one module per provider behind the small ChatModel interface.

The names below are imported on first use (recall_audit/lazy.py): a module that needs only the
settings (`recall_audit.models.base`) does not pay for the providers' HTTP client
(aiohttp), which a run with the built-in judge never uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from recall_audit.lazy import lazy_names

if TYPE_CHECKING:
    from recall_audit.models.anthropic import AnthropicModel
    from recall_audit.models.base import (
        ChatModel,
        EndpointError,
        JsonReply,
        JsonRequest,
        ModelSettings,
        Refused,
    )
    from recall_audit.models.cache import InMemoryCache, ResponseCache, cache_key
    from recall_audit.models.http import HttpTransport
    from recall_audit.models.limits import EndpointLimiter, RateLimits
    from recall_audit.models.openai import OpenAIModel

# Each module of this package and the public names it defines.
_HOMES = {
    ".anthropic": ("AnthropicModel",),
    ".base": ("ChatModel", "JsonReply", "JsonRequest", "ModelSettings", "EndpointError", "Refused"),
    ".cache": ("InMemoryCache", "ResponseCache", "cache_key"),
    ".http": ("HttpTransport",),
    ".limits": ("EndpointLimiter", "RateLimits"),
    ".openai": ("OpenAIModel",),
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

__getattr__, __dir__ = lazy_names(__name__, _HOMES)
