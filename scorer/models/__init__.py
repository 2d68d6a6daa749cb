"""Model clients: one module per provider behind the small ChatModel interface."""

from scorer.models.anthropic import AnthropicModel
from scorer.models.base import ChatModel, JsonReply, JsonRequest, ModelSettings
from scorer.models.cache import InMemoryCache, ResponseCache, cache_key
from scorer.models.http import EndpointError, HttpTransport
from scorer.models.openai import OpenAIModel

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
