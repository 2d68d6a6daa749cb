"""Shared HTTP transport: one pooled client per model, bounded concurrency, polite retries."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any, Self

import anyio
import httpx
from pydantic import SecretStr
from recall_audit.scorer.errors import ModelError
from recall_audit.scorer.models.base import ModelSettings, env_secret
from recall_audit.scorer.web import RETRYABLE_STATUS, backoff, pooled_client, retry_after

SNIPPET = 300


class EndpointError(ModelError):
    """A request failed for good; `status` is the HTTP status, None for timeouts and I/O."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


# Decides, from status and body, that a failure must not be retried (the caller adapts instead).
GiveUp = Callable[[int, str], bool]


class HttpTransport:
    """POSTs JSON to one endpoint, reusing connections and retrying what is worth retrying."""

    def __init__(
        self,
        base_url: str,
        headers: dict[str, str],
        settings: ModelSettings,
        secret: SecretStr | None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._settings = settings
        self._secret = secret
        self._limiter = anyio.CapacityLimiter(settings.max_connections)
        self._random = random.Random()
        self._client = pooled_client(headers, settings.timeout, settings.max_connections)

    def __repr__(self) -> str:
        return f"HttpTransport(base_url={self.base_url!r})"

    async def __aenter__(self) -> HttpTransport:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._client.aclose()

    def scrub(self, text: str) -> str:
        """The text with the key removed, wherever it may have been echoed."""
        secret = self._secret.get_secret_value() if self._secret else ""
        return text.replace(secret, "***") if secret else text

    async def post_json(
        self, path: str, body: dict[str, Any], *, give_up: GiveUp | None = None
    ) -> dict[str, Any]:
        url = f"{self.base_url}/{path.lstrip('/')}"
        attempts = self._settings.max_retries + 1
        for attempt in range(attempts):
            last = attempt == attempts - 1
            try:
                # The slot is held for the request only, never while waiting to retry.
                async with self._limiter:
                    response = await self._client.post(url, json=body)
            except httpx.TimeoutException:
                if last:
                    raise self._error(url, f"timed out after {attempts} attempts") from None
                delay = self._backoff(attempt)
            except httpx.TransportError as exc:
                if last:
                    raise self._error(url, f"connection failed ({type(exc).__name__})") from None
                delay = self._backoff(attempt)
            else:
                status = response.status_code
                if status < 300:
                    return self._decode(url, response)
                # Scrubbed before cutting, so no part of the key survives at the cut.
                text = self.scrub(response.text)
                if status not in RETRYABLE_STATUS or (
                    give_up is not None and give_up(status, text)
                ):
                    raise self._error(url, f"HTTP {status}: {text[:SNIPPET]}", status)
                if last:
                    raise self._error(
                        url, f"HTTP {status} after {attempts} attempts: {text[:SNIPPET]}", status
                    )
                waited = self._retry_after(response)
                delay = self._backoff(attempt) if waited is None else waited
            await anyio.sleep(delay)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _decode(self, url: str, response: httpx.Response) -> dict[str, Any]:
        try:
            data = response.json()
        except ValueError:
            raise self._error(url, "answered with a body that is not JSON") from None
        if not isinstance(data, dict):
            raise self._error(url, "answered with JSON that is not an object")
        return data

    def _error(self, url: str, what: str, status: int | None = None) -> EndpointError:
        return EndpointError(self.scrub(f"POST {url} {what}"), status)

    def _backoff(self, attempt: int) -> float:
        settings = self._settings
        return backoff(attempt, settings.backoff_base, settings.backoff_max, self._random)

    def _retry_after(self, response: httpx.Response) -> float | None:
        """The server's Retry-After, capped by retry_after_max."""
        seconds = retry_after(response)
        return None if seconds is None else min(seconds, self._settings.retry_after_max)


class HttpChatModel:
    """What every provider over HTTP shares: where it is, its key, one transport, closing.

    A provider sets `provider`, `default_base_url`, the environment variables it reads and
    `auth_headers`, then implements `complete_json`.
    """

    provider: str
    default_base_url: str
    base_url_env: str
    api_key_env: str

    def __init__(self, model: str, settings: ModelSettings | None = None) -> None:
        settings = settings or ModelSettings()
        self.model = model
        self.settings = settings
        self.base_url = (
            settings.base_url or os.environ.get(self.base_url_env) or self.default_base_url
        ).rstrip("/")
        key = settings.api_key or env_secret(self.api_key_env)
        self._transport = HttpTransport(self.base_url, self.auth_headers(key), settings, key)

    def auth_headers(self, key: SecretStr | None) -> dict[str, str]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r})"

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._transport.aclose()
