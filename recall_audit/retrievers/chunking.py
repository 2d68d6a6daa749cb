"""Chunking of a local knowledge base: windows of characters or sentences, with overlap.

A chunk keeps the id of its source document, so a claim found in a chunk maps back to the
document it came from. Without a `Chunking`, the knowledge base is
chunked as it always was (each document whole, large files by paragraph).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal, Protocol, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from recall_audit.text.text import sentence_spans

Unit = Literal["chars", "sentences"]
# Chinese and Japanese sentences end at full-width stops, with no space after them, which the
# judge's English-minded sentence splitter does not see.
_CJK_STOP = re.compile(r"[。！？]+[」』）】”’]*")


class Chunking(BaseModel):
    """Chunks of `size` characters (or sentences), each starting `overlap` before the last
    one ended. A character chunk ends at a sentence end or a space when one lies in its last
    half, so words and, where they fit, sentences are kept whole."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    size: int = Field(ge=1)
    overlap: int = Field(default=0, ge=0)
    unit: Unit = "chars"

    @model_validator(mode="after")
    def _overlap_below_size(self) -> Self:
        if self.overlap >= self.size:
            raise ValueError(
                f"overlap ({self.overlap}) must be smaller than chunk_size ({self.size})"
            )
        return self

    @property
    def label(self) -> str:
        """Short and stable, for names and cache keys: `500c+50`, `5s+1`."""
        return f"{self.size}{self.unit[0]}+{self.overlap}"


class Chunk(BaseModel):
    """One indexed piece of a document: `text` is what is searched and returned (the
    document's title first, when it has one), `document` the id of the document it is from."""

    model_config = ConfigDict(frozen=True)

    id: str
    document: str
    text: str
    # The document's title, when it has one (JSONL knowledge bases), for people to read.
    title: str = ""

    def hit(self) -> dict[str, str]:
        """The chunk as a retriever's hit: its text, naming its document (and title), as an
        HTTP retriever's hit would (recall_audit/scorer/hits.py reads them back)."""
        named = {"text": self.text, "document_id": self.document}
        return named | {"title": self.title} if self.title else named


class _Source(Protocol):
    id: str
    title: str
    text: str


def chunk_text(text: str, chunking: Chunking) -> list[tuple[int, int]]:
    """(start, end) offsets of the chunks of `text`, in order, trimmed of surrounding space."""
    if chunking.unit == "sentences":
        return _sentence_windows(sentences(text), chunking.size, chunking.overlap)
    return _char_windows(text, chunking.size, chunking.overlap)


def chunk_documents(documents: Iterable[_Source], chunking: Chunking) -> Iterator[Chunk]:
    """Every document's chunks, in knowledge-base order; ids are `<document>#<n>` from 1."""
    for document in documents:
        for number, (start, end) in enumerate(chunk_text(document.text, chunking), start=1):
            piece = document.text[start:end]
            yield Chunk(
                id=f"{document.id}#{number}",
                document=document.id,
                text=f"{document.title}\n{piece}" if document.title else piece,
                title=document.title,
            )


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans, Chinese and Japanese full stops included."""
    spans: list[tuple[int, int]] = []
    for start, end in sentence_spans(text):
        cut = start
        for stop in _CJK_STOP.finditer(text, start, end):
            if stop.end() < end:
                spans.append((cut, stop.end()))
                cut = _skip_space(text, stop.end(), end)
        spans.append((cut, end))
    return spans


def _sentence_windows(
    spans: list[tuple[int, int]], size: int, overlap: int
) -> list[tuple[int, int]]:
    windows = []
    for first in range(0, len(spans), size - overlap):
        last = min(first + size, len(spans)) - 1
        windows.append((spans[first][0], spans[last][1]))
        if last == len(spans) - 1:
            break
    return windows


def _char_windows(text: str, size: int, overlap: int) -> list[tuple[int, int]]:
    ends = {end for _, end in sentences(text)}
    windows: list[tuple[int, int]] = []
    start = _skip_space(text, 0, len(text))
    while start < len(text):
        end = _break(text, start, start + size, ends)
        stripped = end
        while stripped > start and text[stripped - 1].isspace():
            stripped -= 1
        windows.append((start, stripped))
        if end >= len(text):
            break
        start = _skip_space(text, _word_start(text, max(end - overlap, start + 1), end), len(text))
    return windows


def _break(text: str, start: int, limit: int, ends: set[int]) -> int:
    """Where a chunk from `start` ends: the text's end if it fits, else the last sentence end,
    else the last space, in the second half of the window, else the limit itself."""
    if limit >= len(text):
        return len(text)
    half = start + (limit - start) // 2
    sentence_end = max((e for e in ends if half < e <= limit), default=None)
    if sentence_end is not None:
        return sentence_end
    space = text.rfind(" ", half, limit + 1)
    return space if space > half else limit


def _word_start(text: str, at: int, end: int) -> int:
    """`at`, moved on to the next word's start when it falls inside a word (and one begins
    before `end`); text without spaces (Chinese, Japanese) is cut where it is."""
    if at == 0 or text[at - 1].isspace() or text[at].isspace():
        return at
    space = text.find(" ", at, end)
    return space if space != -1 else at


def _skip_space(text: str, at: int, end: int) -> int:
    while at < end and text[at].isspace():
        at += 1
    return at
