"""A retriever behind an HTTP endpoint: POST the question, get the hits back as JSON."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlsplit

import anyio
import httpx
from httpx import codes

from recall_audit import bounded_json
from recall_audit.bounded_json import JsonLimitError
from recall_audit.datasets.cases import DatasetCase
from recall_audit.limits import beyond
from recall_audit.redact import scrub, url_secrets
from recall_audit.retrievers.base import BaseRetriever, RetrieverError, RetrieverSettings
from recall_audit.web import (
    RETRYABLE_STATUS,
    Retryable,
    backoff,
    retry_after,
    with_retries,
)

_BODY_PREVIEW = 200
_MARKUP_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/xml", "text/xml"})
# Bytes of an error answer read for its preview; the rest is never downloaded.
_ERROR_BODY_BYTES = 1 << 16


@dataclass(frozen=True)
class Answer:
    """An HTTP answer whose body was read within the limit."""

    status_code: int
    headers: httpx.Headers
    content: bytes
    encoding: str | None

    @property
    def is_success(self) -> bool:
        return 200 <= self.status_code < 300

    @property
    def reason_phrase(self) -> str:
        return codes.get_reason_phrase(self.status_code)

    @property
    def text(self) -> str:
        return self.content.decode(self.encoding or "utf-8", errors="replace")


def pooled_client(
    headers: dict[str, str], timeout: float, max_connections: int
) -> httpx.AsyncClient:
    """One client per endpoint, reused for every call: connections stay open between cases."""
    return httpx.AsyncClient(
        headers=headers,
        timeout=httpx.Timeout(timeout),
        limits=httpx.Limits(
            max_connections=max_connections, max_keepalive_connections=max_connections
        ),
    )


def public_url(url: str) -> str:
    """The URL without credentials or query string, safe for names and messages."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    return f"{parts.scheme}://{host}{parts.path}"


class HttpRetriever(BaseRetriever):
    """POSTs {"question", "query", "top_k"} to `url` over one pooled client.

    At most `settings.max_connections` requests are in flight; 429, 5xx, timeouts and
    connection errors are retried with exponential backoff (honouring Retry-After) up to
    `settings.retries` times; other 4xx fail at once. Use one instance per event loop and
    close it (`async with`) when done.
    """

    def __init__(self, url: str, settings: RetrieverSettings | None = None) -> None:
        self._url = url
        self.name = public_url(url)
        self._settings = settings or RetrieverSettings()
        self._limiter = anyio.CapacityLimiter(self._settings.max_connections)
        self._client: httpx.AsyncClient | None = None
        self._random = random.Random()

    async def retrieve(self, case: DatasetCase, top_k: int) -> Any:
        payload = {"question": case.question, "query": case.question, "top_k": top_k}
        async with self._limiter:
            response = await self._post_with_retries(payload)
        return self._answer(response)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _post_with_retries(self, payload: dict[str, Any]) -> Answer:
        attempts = self._settings.retries + 1
        try:
            return await with_retries(partial(self._attempt, payload), attempts, self._delay)
        except Retryable as failed:
            raise self._error(failed.message(attempts)) from None

    async def _attempt(self, payload: dict[str, Any], _number: int) -> Answer:
        """One request: a successful answer, or `Retryable`, or the error that ends the call."""
        try:
            response = await self._post(payload)
        except httpx.TransportError as error:  # timeouts included
            raise Retryable(_describe(error)) from None
        if response.is_success:
            return response
        code, preview = response.status_code, self._preview(response)
        if code not in RETRYABLE_STATUS:
            raise self._error(f"HTTP {code}: {preview}")
        raise Retryable(f"HTTP {code}", f": {preview}", wait=retry_after(response.headers))

    def _answer(self, response: Answer) -> Any:
        """The parsed JSON answer, or the text of one declared `text/plain` (one chunk).

        Anything else is not what a retriever answers: an HTML page (a login or error page
        behind a 200) or JSON cut off mid-way is an error, never a chunk to be scored.
        """
        # An answer that echoes the URL's credentials or the token keeps them to itself.
        text = scrub(response.text, self._secrets())
        kind = response.headers.get("content-type", "").partition(";")[0].strip().lower()
        markup = kind in _MARKUP_TYPES or text.lstrip()[:1] == "<"
        if kind == "text/plain" and not markup:
            return text
        try:
            return bounded_json.loads(text)
        except JsonLimitError as error:
            raise self._error(f"answered JSON that {error}") from None
        except json.JSONDecodeError as error:
            if markup:
                what = f"an HTML page ({kind or 'no content type'}), not JSON"
            elif error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
                what = f"JSON cut off after {len(text)} characters"
            else:
                what = f"a body that is not JSON ({error.msg} at character {error.pos})"
            raise self._error(f"answered {what}: {self._preview(response)}") from None

    async def _post(self, payload: dict[str, Any]) -> Answer:
        """One attempt, its body read up to `max_response_bytes` (decompressed): an endless
        or inflating body stops there. An error's body is read only as far as its preview."""
        async with self._http().stream("POST", self._url, json=payload) as response:
            limit = self._settings.max_response_bytes
            if not response.is_success:
                limit = min(limit, _ERROR_BODY_BYTES)
            body = bytearray()
            async for piece in response.aiter_bytes():
                body += piece
                if len(body) <= limit:
                    continue
                if not response.is_success:
                    break
                raise self._error(
                    beyond(f"answered more than {limit:,} bytes", "max_response_bytes")
                )
        return Answer(response.status_code, response.headers, bytes(body), response.encoding)

    def _http(self) -> httpx.AsyncClient:
        # Created on first use so that it belongs to the event loop that uses it.
        if self._client is None:
            settings = self._settings
            headers = {key: value.get_secret_value() for key, value in settings.headers.items()}
            if settings.token is not None:
                headers["Authorization"] = f"Bearer {settings.token.get_secret_value()}"
            self._client = pooled_client(headers, settings.timeout, settings.max_connections)
        return self._client

    def _delay(self, failure: Retryable, attempt: int) -> float:
        """Backoff, or longer when the server asked for it, never past max_backoff."""
        settings = self._settings
        delay = backoff(attempt, settings.backoff, settings.max_backoff, self._random)
        return min(max(delay, failure.wait or 0.0), settings.max_backoff)

    def _preview(self, response: Answer) -> str:
        text = " ".join(response.text.split())[:_BODY_PREVIEW] or response.reason_phrase
        return scrub(text, self._secrets())

    def _secrets(self) -> list[str]:
        settings = self._settings
        values = [value.get_secret_value() for value in settings.headers.values()]
        if settings.token is not None:
            values.append(settings.token.get_secret_value())
        return [value for value in values if value] + url_secrets(self._url)

    def _error(self, message: str) -> RetrieverError:
        return RetrieverError(f"retriever {self.name}: {message}")


def _describe(error: httpx.TransportError) -> str:
    kind = "timed out" if isinstance(error, httpx.TimeoutException) else "connection failed"
    return f"{kind} ({type(error).__name__})"
