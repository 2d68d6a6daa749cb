"""The chunks a case is judged on, read out of its retriever's answer, and the limits they must
keep. No Prefect here: the run's first model calls (recall_audit/headstart/early.py) read
them before it is imported, exactly as the extract-context stage will."""

from __future__ import annotations

from typing import Any

from recall_audit.limits import CaseLimits, beyond
from recall_audit.redact import Scrubber
from recall_audit.retrievers.context import Extractor, extract_chunks
from recall_audit.scorer.recall import clean_chunks
from recall_audit.storable import bad_text


def kept_chunks(
    raw: Any,
    text_field: str | None,
    extractor: Extractor | None,
    cap: int | None,
    scrub: Scrubber,
) -> tuple[list[str], list[str]]:
    """The answer's chunks as read (blank ones dropped, the first `cap`), and as judged: with
    whatever the retriever echoed (a token, a key it was configured with) masked. Raises
    ContextError when the answer holds no readable chunks."""
    kept = clean_chunks(extract_chunks(raw, text_field=text_field, extractor=extractor))[:cap]
    return kept, [scrub(c) for c in kept]


def chunk_problem(chunks: list[str], limits: CaseLimits) -> str | None:
    """Why the chunks cannot be judged and stored (more or longer than the limits allow, or
    text no database can store), None when they can."""
    if len(chunks) > limits.max_chunks:
        many = f"the answer holds {len(chunks):,} chunks, more than {limits.max_chunks:,}"
        return beyond(many, "max_chunks")
    for number, chunk in enumerate(chunks, start=1):
        if len(chunk) > limits.max_chunk_chars:
            long = f"chunk {number} has {len(chunk):,} characters, more than {limits.max_chunk_chars:,}"
            return beyond(long, "max_chunk_chars")
        problem = bad_text(chunk)
        if problem is not None:
            return f"chunk {number} {problem}"
    return None
