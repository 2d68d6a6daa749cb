"""Settings of the retrievers over a local knowledge base, read from their spec's query:
`bm25:kb/?chunk_size=500&overlap=50`, `dense:kb.jsonl?chunk_size=5&chunk_unit=sentences`.

Values are URL-encoded: a prefix ending in a space is `query_prefix=query:%20` (or `+`).
The same settings may come from the command line or an audit spec instead (`defaults`); a
setting written in the spec itself wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self, TypeVar
from urllib.parse import parse_qsl

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from recall_audit.errors import ConfigurationError
from recall_audit.limits import MAX_CHUNK_SIZE
from recall_audit.retrievers.chunking import Chunking, Unit

if TYPE_CHECKING:
    from recall_audit.models.embeddings import EmbeddingSettings

# Known prefix pairs for asymmetric models (question, passage), as their model cards ask.
PREFIXES = {
    "e5": ("query: ", "passage: "),
    "nomic": ("search_query: ", "search_document: "),
    "bge": ("Represent this sentence for searching relevant passages: ", ""),
}


class ChunkOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    chunk_size: int | None = Field(default=None, ge=1, le=MAX_CHUNK_SIZE)
    overlap: int = Field(default=0, ge=0, le=MAX_CHUNK_SIZE)
    chunk_unit: Unit = "chars"

    @model_validator(mode="after")
    def _valid_chunking(self) -> Self:
        self.chunking()
        return self

    def chunking(self) -> Chunking | None:
        if self.chunk_size is None:
            return None
        return Chunking(size=self.chunk_size, overlap=self.overlap, unit=self.chunk_unit)


class DenseOptions(ChunkOptions):
    embedding: str | None = None
    prefixes: str | None = Field(default=None, description=" | ".join(PREFIXES))
    query_prefix: str | None = None
    passage_prefix: str | None = None
    # "query,passage": the input_type sent with questions, then with passages.
    input_type: str | None = None
    # Beyond any embedding model's dimensions, and any server's batch.
    dimensions: int | None = Field(default=None, ge=1, le=65_536)
    batch_size: int = Field(default=32, ge=1, le=10_000)

    def embedding_settings(self) -> EmbeddingSettings:
        # The model layer (aiohttp) is imported by a dense retriever only.
        from recall_audit.models.embeddings import EmbeddingSettings

        if not self.embedding:
            raise ValueError("needs an embedding model: --embedding openai/<model> or ?embedding=")
        if self.prefixes is not None and self.prefixes not in PREFIXES:
            raise ValueError(f"prefixes={self.prefixes}: known are {', '.join(PREFIXES)}")
        query, passage = PREFIXES.get(self.prefixes or "", ("", ""))
        types: list[str | None] = [None, None]
        if self.input_type:
            types = [t.strip() or None for t in self.input_type.split(",", 1)]
            if len(types) == 1:
                raise ValueError("input_type takes two values: the question's, the passage's")
        return EmbeddingSettings.from_spec(
            self.embedding,
            query_prefix=query if self.query_prefix is None else self.query_prefix,
            passage_prefix=passage if self.passage_prefix is None else self.passage_prefix,
            query_input_type=types[0],
            passage_input_type=types[1],
            dimensions=self.dimensions,
            batch_size=self.batch_size,
        )


Options = TypeVar("Options", bound=ChunkOptions)


def parse_local(
    spec: str, kind: str, model: type[Options], defaults: dict[str, Any] | None = None
) -> tuple[str, Options]:
    """The path and the settings of `kind:PATH?name=value&...`; a bad one is one line."""
    path, _, query = spec.removeprefix(f"{kind}:").partition("?")
    if not path:
        raise ConfigurationError(f"retriever '{kind}:' needs a path: {kind}:PATH")
    pairs = parse_qsl(query, keep_blank_values=True)
    given = dict(pairs)
    if len(given) < len(pairs):
        # Which one was meant is not ours to guess: the last one used to win silently.
        twice = next(name for name in given if [n for n, _ in pairs].count(name) > 1)
        raise ConfigurationError(f"retriever '{spec}': {twice} is given twice; give it once")
    values = {k: v for k, v in (defaults or {}).items() if v is not None} | given
    try:
        return path, model.model_validate(values)
    except ValidationError as error:
        problem = error.errors()[0]
        field = ".".join(str(p) for p in problem["loc"]) or "settings"
        known = ", ".join(model.model_fields)
        message = "unknown setting" if problem["type"] == "extra_forbidden" else problem["msg"]
        raise ConfigurationError(
            f"retriever '{spec}': {field}: {message} (settings: {known})"
        ) from None
