"""Model clients: one module per provider behind the small ChatModel interface."""

from recall_audit.scorer.models.anthropic import AnthropicModel
from recall_audit.scorer.models.base import ChatModel, JsonReply, JsonRequest, ModelSettings
from recall_audit.scorer.models.cache import InMemoryCache, ResponseCache, cache_key
from recall_audit.scorer.models.http import EndpointError, HttpTransport
from recall_audit.scorer.models.openai import OpenAIModel

__all__ = [
    "AnthropicModel",
    "ChatModel",
    "EndpointError",
    "HttpTransport",
    "InMemoryCache",
    "JsonReply",
    "JsonRequest",
    "ModelSettings",
    "OpenAIModel",
    "ResponseCache",
    "cache_key",
]
