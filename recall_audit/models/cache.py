"""Response caches: an identical request to the same model and prompt version is asked once."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ResponseCache(Protocol):
    """Stores validated JSON answers by key; values must stay JSON-serialisable."""

    async def get(self, key: str) -> dict[str, Any] | None: ...

    async def set(self, key: str, value: dict[str, Any]) -> None: ...


class InMemoryCache:
    """A cache for one process (tests, notebooks); storage provides a persistent one."""

    def __init__(self) -> None:
        self._entries: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self._entries)

    async def get(self, key: str) -> dict[str, Any] | None:
        # Stored as text so callers can never mutate a cached answer in place.
        text = self._entries.get(key)
        return None if text is None else json.loads(text)

    async def set(self, key: str, value: dict[str, Any]) -> None:
        self._entries[key] = json.dumps(value)


def cache_key(
    provider: str, base_url: str, model: str, prompt_version: str, request_json: str
) -> str:
    """sha256 over everything that can change an answer; the key itself never enters it."""
    material = json.dumps([provider, base_url.rstrip("/"), model, prompt_version, request_json])
    return hashlib.sha256(material.encode()).hexdigest()
