"""Shared HTTP transport: one pooled client per model, paced by its limiter, polite retries."""

from __future__ import annotations

import asyncio
import codecs
import json
import os
import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Self
from urllib.parse import urlsplit

import aiohttp
from pydantic import SecretStr

from recall_audit import bounded_json
from recall_audit.bounded_json import JsonLimitError
from recall_audit.errors import ConfigurationError
from recall_audit.models.base import EndpointError, ModelSettings, Refused, env_secret
from recall_audit.models.limits import EndpointLimiter, Slot, request_tokens
from recall_audit.models.patience import unread
from recall_audit.redact import scrub
from recall_audit.web import RETRYABLE_STATUS, Retryable, backoff, retry_after, with_retries

SNIPPET = 300
OUT_OF_QUOTA = "insufficient_quota"
# Compact bodies, non-ASCII text as UTF-8 rather than escapes: fewer bytes to send.
_compact_json = partial(json.dumps, separators=(",", ":"), ensure_ascii=False)


# An error's body is read this far: its snippet is all that is shown of it.
_ERROR_BODY_BYTES = 64 * 1024
# Bytes read from the socket at a time while an answer is counted against its limit.
_READ_BYTES = 64 * 1024


class TooLarge(EndpointError):
    """The answer went past `max_response_bytes` (decompressed); asking again changes nothing."""


# Decides, from status and body, that the server refused the request itself, so asking again
# unchanged is pointless (e.g. "response_format json_schema is not supported").
Refuses = Callable[[int, str], bool]


class HttpTransport:
    """POSTs JSON to one endpoint, reusing connections and retrying what is worth retrying.

    Its `limiter` paces requests within the endpoint's budgets and backs off on 429.
    """

    def __init__(
        self,
        base_url: str,
        headers: dict[str, str],
        settings: ModelSettings,
        secret: SecretStr | None,
        limiter: EndpointLimiter | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._settings = settings
        self._secret = secret
        self.limiter = limiter or EndpointLimiter(
            settings.limits.or_environment(), settings.max_connections, hedge=settings.hedge
        )
        self._random = random.Random()
        self._headers = headers
        # Opened on the first request: a judge built only for its name and version (the flow
        # builds one) never pays for a pool and its TLS context.
        self._session: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:
        return f"HttpTransport(base_url={self.base_url!r})"

    async def __aenter__(self) -> HttpTransport:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()

    def _pool(self) -> aiohttp.ClientSession:
        """One session per endpoint, reused for every call: connections stay open between cases."""
        if self._session is None:
            settings = self._settings
            self._session = aiohttp.ClientSession(
                headers=self._headers,
                # The answer's own timeout is the limiter's patience; connecting has its own.
                timeout=aiohttp.ClientTimeout(total=None, sock_connect=settings.timeout),
                connector=aiohttp.TCPConnector(limit=settings.max_connections),
                json_serialize=_compact_json,
            )
        return self._session

    def scrub(self, text: str) -> str:
        """The text with the key removed, wherever it may have been echoed."""
        return scrub(text, [self._secret.get_secret_value()] if self._secret else [])

    async def post_json(
        self, path: str, body: dict[str, Any], *, refuses: Refuses | None = None
    ) -> dict[str, Any]:
        """The endpoint's JSON object answer. Timeouts, resets, 408/425/429/5xx and a 2xx whose
        body is not a JSON object (a proxy's HTML page) are retried; other answers raise."""
        url = f"{self.base_url}/{path.lstrip('/')}"
        attempts = self._settings.max_retries + 1
        tokens = request_tokens(body)
        one = partial(self._attempt, url, body, tokens, refuses)
        try:
            return await with_retries(one, attempts, self._wait_for)
        except Retryable as failed:
            raise self._error(url, failed.message(attempts), failed.status) from None

    async def _attempt(
        self, url: str, body: dict[str, Any], tokens: int, refuses: Refuses | None, number: int
    ) -> dict[str, Any]:
        """Request `number` (from 0): the answer, or `Retryable`, or the error that ends the
        call."""
        # Opened before the limiter's slot is taken, so that slot paces the request alone.
        session = self._pool()
        try:
            # The place is held for the request only, never while waiting to retry.
            async with self.limiter.request(tokens) as sent:
                started, response, raw = await self._hedged(session, url, body, sent)
        except TimeoutError:
            # A server silent even to its health check, or a request at its ceiling: fewer
            # at once from now on.
            self.limiter.throttled(sent, 0.0)
            raise Retryable("timed out") from None
        except aiohttp.ClientError as exc:
            raise Retryable(f"connection failed ({type(exc).__name__})", counted=False) from None
        # The request waiting for the place just given back is sent before this answer is read.
        await asyncio.sleep(0)
        status = response.status
        # Scrubbed before parsing or cutting: a reply that quotes our Authorization header
        # must not carry the key into the cache, the results or an error.
        text = self.scrub(raw)
        if status < 300:
            try:
                data = _json_object(text)
            except JsonLimitError as error:
                # A server's answer nested thousands deep is no transient fault.
                raise self._error(url, f"answered JSON that {error}", status) from None
            if data is None:
                what = f"answered {status} with a body that is not a JSON object"
                raise Retryable(what, f": {text[:SNIPPET]}")
            self.limiter.succeeded(started)
            return data
        wait = self._wait(response.headers, number)
        if status == 429:
            # The limiter pauses every request to the endpoint, this retry included.
            self.limiter.throttled(started, wait)
            wait = 0.0
        self._raise_if_final(url, status, text, refuses)
        raise Retryable(f"HTTP {status}", f": {text[:SNIPPET]}", status=status, wait=wait)

    async def _hedged(
        self, session: aiohttp.ClientSession, url: str, body: dict[str, Any], sent: Slot
    ) -> tuple[Slot, aiohttp.ClientResponse, str]:
        """`_send`'s answer, and the place of the copy that gave it: a request still
        unanswered once it is late gets a copy when a place is free, and the first good
        answer of the two is taken, the other cancelled (recall_audit/models/hedge.py)."""
        late = self.limiter.hedge_after()
        if late is None:
            return sent, *await self._send(session, url, body)
        first = asyncio.ensure_future(self._send(session, url, body))
        copies = {first: sent}
        try:
            await asyncio.wait({first}, timeout=late)
            while not first.done():
                spare = self.limiter.spare()
                if spare is not None:
                    second = asyncio.ensure_future(self._send(session, url, body))
                    # Given back however the copy ends, even cancelled before it started.
                    second.add_done_callback(partial(_give_back, self.limiter, spare))
                    copies[second] = spare
                    break
                freed = self.limiter.freed()
                await asyncio.wait({first, freed}, return_when=asyncio.FIRST_COMPLETED)
            return await _first_good(copies)
        finally:
            for copy in copies:
                if not copy.done():
                    copy.cancel()
                    copy.add_done_callback(unread)

    async def _send(
        self, session: aiohttp.ClientSession, url: str, body: dict[str, Any]
    ) -> tuple[aiohttp.ClientResponse, str]:
        """One POST and its text, within the limiter's patience: TimeoutError only when the
        endpoint shows no sign of life (see recall_audit/models/patience.py)."""

        async def post() -> tuple[aiohttp.ClientResponse, str]:
            # A redirect is reported as a failed answer, never followed as a GET.
            async with session.post(url, json=body, allow_redirects=False) as response:
                return response, await self._read(url, response)

        return await self.limiter.patience.wait(post(), self._settings.timeout, self.alive)

    async def _read(self, url: str, response: aiohttp.ClientResponse) -> str:
        """The answer's text, decompressed, read no further than `max_response_bytes` (an
        error's, no further than its snippet needs): TooLarge beyond that."""
        limit = self._settings.max_response_bytes
        failed = response.status >= 300
        if failed:
            limit = min(limit, _ERROR_BODY_BYTES)
        body = bytearray()
        async for piece in response.content.iter_chunked(_READ_BYTES):
            body += piece
            if len(body) <= limit:
                continue
            # The rest is never read: the connection is not reused.
            response.close()
            if failed:
                break
            raise TooLarge(self.scrub(f"POST {url} answered more than {limit:,} bytes"))
        # The declared charset, else UTF-8; a stray byte must not fail the request.
        return bytes(body).decode(_charset(response), errors="replace")

    async def alive(self, seconds: float) -> bool:
        """Whether the endpoint's server answers at all within `seconds`: GET /health on its
        host, any HTTP status (a 404 too), on a connection of its own and without the key.
        llama.cpp's and vLLM's servers answer it while their model works; llama-cpp-python's
        and Ollama's answer 404 at once."""
        parts = urlsplit(self.base_url)
        health = f"{parts.scheme}://{parts.netloc}/health"
        timeout = aiohttp.ClientTimeout(total=seconds)
        try:
            async with (
                aiohttp.ClientSession(timeout=timeout) as probe,
                probe.get(health, allow_redirects=False),
            ):
                return True
        except (aiohttp.ClientError, TimeoutError):
            return False

    def _raise_if_final(self, url: str, status: int, text: str, refuses: Refuses | None) -> None:
        """Raises for a failed answer (its scrubbed body) not worth retrying."""
        if refuses is not None and refuses(status, text):
            raise Refused(self.scrub(f"POST {url} HTTP {status}: {text[:SNIPPET]}"), status)
        # OpenAI says "out of credit" with a 429 too; waiting never clears it.
        if status not in RETRYABLE_STATUS or (status == 429 and OUT_OF_QUOTA in text):
            raise self._error(url, f"HTTP {status}: {text[:SNIPPET]}", status)

    def _error(self, url: str, what: str, status: int | None = None) -> EndpointError:
        return EndpointError(self.scrub(f"POST {url} {what}"), status)

    def _backoff(self, attempt: int) -> float:
        settings = self._settings
        return backoff(attempt, settings.backoff_base, settings.backoff_max, self._random)

    def _wait(self, headers: Mapping[str, str], attempt: int) -> float:
        """The server's Retry-After (capped by retry_after_max), else our backoff."""
        seconds = retry_after(headers)
        if seconds is None:
            return self._backoff(attempt)
        return min(seconds, self._settings.retry_after_max)

    def _wait_for(self, failure: Retryable, attempt: int) -> float:
        return failure.wait if failure.wait is not None else self._backoff(attempt)


Answer = tuple[aiohttp.ClientResponse, str]


def _give_back(limiter: EndpointLimiter, slot: Slot, _copy: asyncio.Future[Answer]) -> None:
    limiter.give_back(slot)


async def _first_good(
    copies: dict[asyncio.Future[Answer], Slot],
) -> tuple[Slot, aiohttp.ClientResponse, str]:
    """The first 2xx answer of the copies (the first is the original), with its place; when
    none answers 2xx, the original's outcome (its answer, or its exception raised)."""
    original = next(iter(copies))
    pending = set(copies)
    while pending:
        done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        for copy in done:
            if copy.exception() is None and copy.result()[0].status < 300:
                return copies[copy], *copy.result()
    return copies[original], *original.result()


def _charset(response: aiohttp.ClientResponse) -> str:
    """The answer's declared charset when Python knows it, else UTF-8."""
    try:
        return codecs.lookup(response.charset or "utf-8").name
    except LookupError:
        return "utf-8"


def _json_object(body: str) -> dict[str, Any] | None:
    """The body as a JSON object, or None when it is anything else (an HTML error page);
    JsonLimitError when it is JSON nested too deep or with a number too long to parse."""
    try:
        data = bounded_json.loads(body)
    except JsonLimitError:
        raise
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _base_url_problem(url: str) -> str | None:
    """Why `url` cannot be a model endpoint's base URL, or None. Found before the first
    request, which would fail every case with it; never quoting it (it may hold a secret)."""
    try:
        parts = urlsplit(url)
        # A port out of range raises only when read.
        parts.port  # noqa: B018
    except ValueError as error:
        return f"is not a URL ({error})"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "is not an http:// or https:// URL naming a host"
    return None


class HttpChatModel:
    """What every provider over HTTP shares: where it is, its key, one transport, closing.

    A provider sets `provider`, `default_base_url`, the environment variables it reads and
    `auth_headers`, then implements `complete_json`.
    """

    provider: str
    default_base_url: str
    base_url_env: str
    api_key_env: str

    def __init__(
        self,
        model: str,
        settings: ModelSettings | None = None,
        limiter: EndpointLimiter | None = None,
    ) -> None:
        settings = settings or ModelSettings()
        self.model = model
        self.settings = settings
        self.base_url = (
            settings.base_url or os.environ.get(self.base_url_env) or self.default_base_url
        ).rstrip("/")
        if problem := _base_url_problem(self.base_url):
            raise ConfigurationError(
                f"the {self.provider} base URL {problem}; set {self.base_url_env} to one such "
                "as https://host/v1"
            )
        if "@" in urlsplit(self.base_url).netloc:
            # aiohttp refuses a URL's credentials beside an Authorization header; the URL is
            # not repeated here: it carries a secret.
            raise ConfigurationError(
                f"the {self.provider} base URL carries credentials before its @; give "
                f"the key in {self.api_key_env} and the URL without them"
            )
        key = settings.api_key or env_secret(self.api_key_env)
        self._transport = HttpTransport(
            self.base_url, self.auth_headers(key), settings, key, limiter
        )

    def auth_headers(self, key: SecretStr | None) -> dict[str, str]:
        raise NotImplementedError

    @property
    def limiter(self) -> EndpointLimiter:
        """This endpoint's limiter; pass it to another client of the same endpoint to share it."""
        return self._transport.limiter

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r})"

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._transport.aclose()
