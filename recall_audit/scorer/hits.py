"""What a retriever's hits say about themselves: the document id, title and score beside a
hit's text (plain dicts, Pinecone and Qdrant `metadata`/`payload`, Elasticsearch `_source`,
Cohere rerank `document`), kept with the chunk so a lost claim can name its document."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from recall_audit.retrievers.context import HIT_FIELDS, TEXT_FIELDS, WRAPPER_FIELDS

ID_FIELDS = ("document_id", "doc_id", "id", "_id", "source")
TITLE_FIELDS = ("title", "document_title")
SCORE_FIELDS = ("score", "_score", "relevance_score", "similarity")
# Levels of an answer searched for hits: answers are bounded already, this bounds the walk.
_DEPTH = 6


class Hit(BaseModel):
    document_id: str | None = None
    title: str | None = None
    score: float | None = None


def _first(fields: Sequence[str], *mappings: Mapping[str, Any]) -> Any:
    for mapping in mappings:
        for key in fields:
            value = mapping.get(key)
            if isinstance(value, str | int | float) and not isinstance(value, bool):
                return value
    return None


def _hit(node: Mapping[str, Any]) -> tuple[str, Hit] | None:
    inner = [node[k] for k in HIT_FIELDS if isinstance(node.get(k), Mapping)]
    text = _first(TEXT_FIELDS, node, *inner)
    if not isinstance(text, str):
        return None
    document, title, score = (
        _first(fields, node, *inner) for fields in (ID_FIELDS, TITLE_FIELDS, SCORE_FIELDS)
    )
    if document is None and title is None and score is None:
        return None
    return text, Hit(
        document_id=None if document is None else str(document),
        title=None if title is None else str(title),
        score=float(score) if isinstance(score, int | float) else None,
    )


def _walk(node: Any, found: dict[str, Hit], depth: int) -> None:
    if depth > _DEPTH:
        return
    if isinstance(node, list | tuple):
        for item in node:
            _walk(item, found, depth + 1)
    elif isinstance(node, Mapping):
        if (hit := _hit(node)) is not None:
            found.setdefault(hit[0], hit[1])
            return
        for key in WRAPPER_FIELDS:
            _walk(node.get(key), found, depth + 1)


def hit_details(raw: Any, chunks: Sequence[str]) -> list[Hit | None]:
    """For each chunk read from `raw`, what its hit said about itself (None: nothing)."""
    found: dict[str, Hit] = {}
    _walk(raw, found, 0)
    return [found.get(chunk) for chunk in chunks] if found else [None] * len(chunks)
