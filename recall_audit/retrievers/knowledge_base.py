"""A local knowledge base: its documents, its version, and its chunks.

A knowledge base is a folder of .txt / .md files (each file a document), one such file, or a
JSONL file of {"id", "title"?, "text"} documents. Without a chunking, each document is one
chunk and files longer than 2,000 characters are split into paragraphs; with one
(`Chunking`), every document is cut into windows of characters or sentences.
"""

from __future__ import annotations

import hashlib
import json
import stat
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel

from recall_audit.datasets.cases import fingerprint_file
from recall_audit.errors import ConfigurationError
from recall_audit.limits import beyond, limits_from_env
from recall_audit.retrievers.chunking import Chunk, Chunking, chunk_documents
from recall_audit.storable import bad_text

TEXT_SUFFIXES = (".txt", ".md")
# Files longer than this are split into paragraphs, so one hit is not a whole manual.
MAX_DOCUMENT_CHARS = 2000


class Document(BaseModel):
    id: str
    title: str = ""
    text: str
    # The file or JSONL row it was read from, when it is one paragraph of a large file.
    source: str = ""

    @property
    def document(self) -> str:
        """The id of the document this text belongs to: its file, or its JSONL id."""
        return self.source or self.id

    @property
    def chunk(self) -> str:
        return f"{self.title}\n{self.text}" if self.title else self.text


def _text_files(root: Path) -> list[Path]:
    """The folder's .txt/.md files, each a regular file inside it: a link out of the folder
    (`passwd.txt -> /etc/passwd`) or to a device or FIFO (read forever, or blocking) is
    refused by name before anything is opened."""
    inside = root.resolve()
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() in TEXT_SUFFIXES)
    for file in files:
        target = file.resolve()
        if not target.is_relative_to(inside):
            raise ConfigurationError(
                f"knowledge base {root}: {file.relative_to(root)} links to {target}, outside "
                "the folder; a knowledge base reads only its own files"
            )
    return [f for f in files if not f.is_dir() and _regular(f, f"knowledge base {root}: ")]


def _regular(file: Path, where: str) -> bool:
    """True for a regular file; ConfigurationError for anything else that is there (a
    device such as /dev/zero, a FIFO, a socket), which no knowledge base is."""
    try:
        mode = file.stat().st_mode
    except OSError as error:
        raise ConfigurationError(f"{where}{file}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(mode):
        raise ConfigurationError(
            f"{where}{file} is not a regular file (a device, FIFO or socket); "
            "a knowledge base is a folder of .txt/.md files, one such file, or a .jsonl"
        )
    return True


def _kind(path: str | Path) -> str:
    """'folder', 'jsonl' or 'text': what the knowledge base at `path` is; ConfigurationError
    when it is none of them (missing, a device, a FIFO, another suffix)."""
    root = Path(path)
    if root.is_dir():
        return "folder"
    if not root.exists():
        raise ConfigurationError(
            f"knowledge base {path} not found: give a folder of .txt/.md files, one such file, or a .jsonl"
        )
    _regular(root, "knowledge base ")
    suffix = root.suffix.lower()
    if suffix == ".jsonl":
        return "jsonl"
    if suffix in TEXT_SUFFIXES:
        return "text"
    raise ConfigurationError(
        f"knowledge base {path} is neither a folder of .txt/.md files, one such file, nor a .jsonl"
    )


def knowledge_base_fingerprint(path: str | Path) -> str:
    """sha256 identity of a knowledge base: the file's bytes, or for a folder every
    .txt/.md file's relative path and bytes. Changes exactly when the indexed text can."""
    root = Path(path)
    if _kind(root) != "folder":
        return fingerprint_file(root)
    digest = hashlib.sha256()
    for file in _text_files(root):
        digest.update(f"{file.relative_to(root).as_posix()}\0{fingerprint_file(file)}\n".encode())
    return digest.hexdigest()


def load_documents(
    path: str | Path, max_chars: int | None = None, *, whole: bool = False
) -> list[Document]:
    """The documents of a knowledge base, in a stable order (sorted file paths, file order).
    Files longer than MAX_DOCUMENT_CHARS are split into paragraphs unless `whole`.

    A document longer than `max_chars` (default: the limit on a chunk's characters) is
    refused, naming its file and line, and so is a line that is not UTF-8; a huge line is
    never read whole.
    """
    root = Path(path)
    limit = max_chars or limits_from_env().max_chunk_chars
    kind = _kind(root)
    if kind == "folder":
        files = _text_files(root)
        documents = [
            d for file in files for d in _file_documents(file, file.relative_to(root), limit, whole)
        ]
    elif kind == "jsonl":
        documents = list(_jsonl_documents(root, limit))
    else:
        documents = list(_file_documents(root, Path(root.name), limit, whole))
    if not documents:
        raise ConfigurationError(f"knowledge base {path} holds no documents")
    return documents


def _lines(file: Path, max_chars: int) -> Iterator[tuple[int, str]]:
    """(line number, text) of a UTF-8 file, each line read only up to what `max_chars`
    characters can take in UTF-8 or JSON escapes."""
    max_bytes = 6 * max_chars + 1024
    with file.open("rb") as handle:
        number = 0
        while line := handle.readline(max_bytes + 1):
            number += 1
            if len(line) > max_bytes:
                raise ConfigurationError(
                    f"{file}:{number}: " + _too_long(f"a line longer than {max_bytes:,} bytes")
                )
            try:
                yield number, line.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                raise ConfigurationError(
                    f"{file}:{number}: not valid UTF-8 ({error.reason} at byte {error.start + 1}); "
                    "a knowledge base is UTF-8 text"
                ) from None


def _too_long(what: str) -> str:
    return beyond(f"{what}, longer than a chunk may be", "max_chunk_chars")


def _file_documents(file: Path, relative: Path, max_chars: int, whole: bool) -> Iterator[Document]:
    text = "".join(_paragraph_lines(file, max_chars)).replace("\r\n", "\n").strip()
    name = relative.as_posix()
    problem = bad_text(text)
    if problem:  # a NUL byte: valid UTF-8 that no PostgreSQL text column holds
        raise ConfigurationError(f"{file}: the text {problem}")
    if whole or len(text) <= MAX_DOCUMENT_CHARS:
        if text:
            yield Document(id=name, text=text)
        return
    paragraphs = (p.strip() for p in text.split("\n\n"))
    for number, paragraph in enumerate(filter(None, paragraphs), start=1):
        yield Document(id=f"{name}#{number}", text=paragraph, source=name)


def _paragraph_lines(file: Path, max_chars: int) -> Iterator[str]:
    """The file's lines, stopping at a paragraph (lines between blank ones) longer than a
    document may be, before the rest of it is read."""
    start, chars = 1, 0
    for number, line in _lines(file, max_chars):
        if line in ("\n", "\r\n"):
            start, chars = number + 1, 0
        chars += len(line)
        if chars > max_chars:
            raise ConfigurationError(
                f"{file}:{start}: "
                + _too_long(f"a paragraph of more than {max_chars:,} characters")
            )
        yield line


def _jsonl_documents(file: Path, max_chars: int) -> Iterator[Document]:
    """One document per line; a line that is not a document stops the loading, located."""
    for number, line in _lines(file, max_chars):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as error:
            reason = error.msg if isinstance(error, json.JSONDecodeError) else "nested too deeply"
            raise ConfigurationError(f"{file}:{number}: invalid JSON: {reason}") from None
        except ValueError as error:  # a number beyond Python's digit limit
            raise ConfigurationError(f"{file}:{number}: invalid JSON: {error}") from None
        text = row.get("text") if isinstance(row, dict) else None
        if not isinstance(text, str):
            raise ConfigurationError(f"{file}:{number}: a document needs a string 'text' field")
        if len(text) > max_chars:
            raise ConfigurationError(
                f"{file}:{number}: " + _too_long(f"a text of {len(text):,} characters")
            )
        document = Document(
            id=str(row.get("id", number)), title=str(row.get("title") or ""), text=text
        )
        for field in ("id", "title", "text"):
            problem = bad_text(getattr(document, field))
            if problem:  # an escape such as \ud800: no database or hash can take it
                raise ConfigurationError(f"{file}:{number}: the document's '{field}' {problem}")
        yield document


def load_chunks(
    path: str | Path, chunking: Chunking | None = None, max_chars: int | None = None
) -> list[Chunk]:
    """The chunks a local retriever indexes, each naming its source document."""
    if chunking is None:
        documents = load_documents(path, max_chars)
        return [Chunk(id=d.id, document=d.document, text=d.chunk, title=d.title) for d in documents]
    chunks = list(chunk_documents(load_documents(path, max_chars, whole=True), chunking))
    if not chunks:
        raise ConfigurationError(f"knowledge base {path} holds no text to chunk")
    return chunks
