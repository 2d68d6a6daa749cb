"""Model clients: one module per provider behind the small ChatModel interface."""

from recall_audit.scorer.models.anthropic import AnthropicModel
from recall_audit.scorer.models.base import ChatModel, JsonReply, JsonRequest, ModelSettings
from recall_audit.scorer.models.cache import InMemoryCache, ResponseCache, cache_key
from recall_audit.scorer.models.http import EndpointError, HttpTransport, Refused
from recall_audit.scorer.models.limits import EndpointLimiter, RateLimits
from recall_audit.scorer.models.openai import OpenAIModel

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
