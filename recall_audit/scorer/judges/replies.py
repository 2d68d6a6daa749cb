"""Reading one item of a model's answer: one reference's claims, or one claim's verdict.

Lenient about form (numbers as "3" or "claim 3", booleans as "yes", a list of numbered
objects instead of numbered keys) and strict about meaning: a problem raises ValueError
with a message the model is shown when the item is asked again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from recall_audit.scorer.quotes import quote_source
from recall_audit.text.text import search_tokens
from recall_audit.types import Verdict

QUOTE_MAX = 300
_TRUE = frozenset({"true", "yes", "y", "1", "supported", "support"})
_FALSE = frozenset({"false", "no", "n", "0", "unsupported", "not supported", "none"})
_NUMBER = re.compile(r"\d+")
NO_CLAIMS = "it gave no claims; list the facts the reference states"
_WORD = re.compile(r"\w")
_MARKUP = re.compile(r"</?\s*(?:chunk|reference)\b", re.IGNORECASE)
# Where a reference's clauses end (Latin and CJK punctuation, line breaks).
_CLAUSE_END = re.compile(r"[.!?;:,\n\u3001\u3002\uff01\uff1f\uff1b\uff1a\uff0c]+")
# Atomic claims per clause, beyond which a list is not the reference's (a clause such as
# "born in 1879 in Ulm" holds two or three facts), and a few more for any reference.
CLAIMS_PER_CLAUSE, EXTRA_CLAIMS = 3, 2
# References of fewer words are too short to tell a claim left out from a paraphrase.
MIN_WORDS_COVERED = 4
# Fields a model may number its items with when it answers with a list instead of keys.
_NUMBER_FIELDS = ("index", "claim", "reference", "id", "number")


def as_number(value: object, n: int) -> int | None:
    """A 1-based number from the prompt (7, "7", "claim 7"), if it is one of 1..n."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and len(digits := _NUMBER.findall(value)) == 1:
        number = int(digits[0])
    return number if number is not None and 1 <= number <= n else None


def numbered(data: dict[str, Any], n: int) -> dict[int, Any]:
    """The answer's items by their 1-based number; the first answer for a number wins.

    Numbered keys are our schema; a list of objects that carry their number is what models
    trained on other formats write, and is read the same way.
    """
    items: dict[int, Any] = {}
    for key, value in data.items():
        number = as_number(key, n)
        if number is not None:
            items.setdefault(number, value)
        elif isinstance(value, list):
            for entry in value:
                found = _numbered_entry(entry, n)
                if found is not None:
                    items.setdefault(*found)
    return items


def _numbered_entry(entry: object, n: int) -> tuple[int, Any] | None:
    if not isinstance(entry, dict):
        return None
    for field in _NUMBER_FIELDS:
        if field in entry and (number := as_number(entry[field], n)) is not None:
            rest = {k: v for k, v in entry.items() if k != field}
            return number, rest.get("claims", rest)
    return None


def shown(value: object) -> str:
    """An item as the model wrote it, for the repair request."""
    return json.dumps(value, ensure_ascii=False)


def parse_claims(value: object, *, final: bool) -> list[str]:
    """One reference's claims, cleaned and de-duplicated.

    An empty list for a reference is asked about once more on its own (`final` is that last
    chance): weak models return [] when a batch confuses them.
    """
    values = value.get("claims") if isinstance(value, dict) else value
    values = [values] if isinstance(values, str) else values
    if not isinstance(values, list) or not all(isinstance(c, str) for c in values):
        raise ValueError("its claims must be a list of strings")
    claims: list[str] = []
    for claim in values:
        text = claim_text(claim)
        if text and text not in claims:
            claims.append(text)
    if not claims and not final:
        raise ValueError(NO_CLAIMS)
    return claims


def implausible(claims: Sequence[str], reference: str) -> str | None:
    """Why `claims` cannot be the claims of `reference` (the ground truth, with its question
    when it needs one), or None: more than its clauses can hold, or a claim not in its words
    (half of a claim's words at least are the reference's). Frozen claims are the
    denominator for good, and a bad first reply froze 5,000 claims for two sentences.
    Words are read as the retriever reads them (stems without function words, CJK
    bigrams), so a paraphrase passes."""
    clauses = sum(1 for part in _CLAUSE_END.split(reference) if _WORD.search(part))
    most = CLAIMS_PER_CLAUSE * max(1, clauses) + EXTRA_CLAIMS
    if len(claims) > most:
        return (
            f"it gave {len(claims):,} claims for a reference of {clauses} clause(s), more "
            f"than {most} could be; list each fact the reference states, once"
        )
    words = set(search_tokens(reference))
    for number, claim in enumerate(claims, 1):
        own = set(search_tokens(claim))
        if words and own and 2 * len(own & words) < len(own):
            return f"claim {number} ({shown(claim[:120])}) is not in the reference's words"
    return None


def incomplete(claims: Sequence[str], reference: str) -> str | None:
    """Why `claims` leave out part of `reference`, or None: together they hold at least
    three quarters of its words (a bad reply that kept a third of the facts raised the
    score). Strict, since a list that fails it twice is kept, counted as re-asked."""
    words = set(search_tokens(reference))
    said = {w for claim in claims for w in search_tokens(claim)} & words
    if len(words) >= MIN_WORDS_COVERED and 4 * len(said) < 3 * len(words):
        return "its claims leave out part of what the reference states; list every fact"
    return None


def claim_text(value: object) -> str:
    """A claim as the model wrote it, spaces normalised; "" when it states nothing: no letter
    or digit ("]["), or our own markup echoed back ("}]} <chunk id=")."""
    if not isinstance(value, str):
        return ""
    text = " ".join(value.split())
    if not _WORD.search(text) or _MARKUP.search(text):
        return ""
    return text


def parse_verdict(
    value: object, claim_index: int, chunks: Sequence[str], *, final: bool
) -> Verdict:
    """One claim's verdict with 0-based chunk indices and its quote checked.

    A citation of a chunk that does not exist is dropped, never the verdict. A supported
    verdict left with no citation is asked again; on its last chance it cites the chunk its
    quote is found in, or none.
    """
    fields = value if isinstance(value, dict) else {"supported": value}
    supported = _as_bool(fields.get("supported"))
    if not supported:
        return Verdict(claim_index=claim_index, supported=False)
    quote = " ".join(str(fields.get("quote") or "").split())[:QUOTE_MAX]
    cited, dropped = _citations(fields.get("chunks"), len(chunks))
    if not cited and not final:
        wrong = f" (it cited {dropped}, but the chunks are 1..{len(chunks)})" if dropped else ""
        raise ValueError(f"it is supported but cites no chunk{wrong}")
    source = quote_source(quote, chunks, cited) if quote else None
    if not cited and source is not None:
        cited = [source]
    return Verdict(
        claim_index=claim_index,
        supported=True,
        chunk_indices=cited,
        quote=quote,
        # Verified only where it was cited: a quote found elsewhere proves the wrong chunk.
        quote_verified=(source in cited) if quote else None,
    )


def _citations(value: object, n_chunks: int) -> tuple[list[int], list[Any]]:
    """Valid 0-based chunk indices in the order given, and the citations that were not."""
    values = [] if value is None else value if isinstance(value, list) else [value]
    cited: list[int] = []
    dropped: list[Any] = []
    for item in values:
        number = as_number(item, n_chunks)
        if number is None:
            dropped.append(item)
        elif number - 1 not in cited:
            cited.append(number - 1)
    return cited, dropped


def _as_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = " ".join(value.lower().replace("_", " ").split()).strip(".!\"'")
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    raise ValueError(f'"supported" must be true or false, not {shown(value)}')


def parse_reason(value: object, *, final: bool) -> str:
    reason = value.get("reason") if isinstance(value, dict) else None
    if not isinstance(reason, str) or not reason.strip():
        raise ValueError('"reason" must be a non-empty string')
    return " ".join(reason.split())
