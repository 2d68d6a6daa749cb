"""When the words joined by "and" are items of one list, and what the items share.

"A, B and C" after a verb or preposition is split into one claim per item only when the
items are alike (atomic.py); these tell the cases where they are not, or where they share
a head noun the last item carries.
"""

from __future__ import annotations

from recall_audit.scorer.judges.english_verbs import (
    DETERMINERS,
    PREPOSITIONS,
    TAKES_PLURAL,
    Token,
)
from recall_audit.text import lexicon


def unlike(first: Token, last: Token) -> bool:
    """A bare common noun phrase and one opening with an article are no items of one list:
    the "and" joins larger phrases ("the analysis of existing problems and the
    development of plans"); nor are a phrase with an article and a title without one
    ("during the Nixon administration and Dean of the medical school")."""
    articles = ("a", "an", "the")
    bare = first.text[:1].islower() and first.low not in DETERMINERS
    if bare and not first.low[:1].isdigit() and last.low in articles:
        return True
    title = last.text[:1].isupper() and lexicon.is_mostly_noun(last.low)
    return first.low in articles and title


def shares_head(tokens: list[Token], items: list[tuple[int, int]]) -> bool:
    """A first item that disagrees in number with its own determiner ("some later desktop")
    while the last item ends in a plural: the items share the last one's head noun."""
    (a, b), (c, d) = items[0], items[-1]
    last = [t.low for t in tokens[c:d] if t.low[:1].isalpha()]
    return (
        tokens[a].low in TAKES_PLURAL
        and not lexicon.is_plural_noun(tokens[b - 1].low)
        and bool(last)
        and lexicon.is_plural_noun(last[-1])
    )


def shared_noun(tokens: list[Token], items: list[tuple[int, int]]) -> str:
    """The plural noun that ends the last item when every other item is one capitalised
    modifier of it ("GET and POST requests", "the Gordon and Irish Setters"), else ''. A
    lower-case word may stand alone ("bread and garden tools")."""
    words = [[t for t in tokens[a:b] if t.text[:1].isalnum()] for a, b in items]
    *first, last = words
    if len(last) < 2 or not lexicon.is_plural_noun(last[-1].low):
        return ""
    if any(t.low in PREPOSITIONS or t.low in DETERMINERS for t in last):
        return ""
    for item in first:
        bare = item[1:] if item and item[0].low in DETERMINERS else item
        if len(bare) != 1 or lexicon.is_plural_noun(bare[0].low):
            return ""
        if not (bare[0].text[:1].isupper() and last[0].text[:1].isupper()):
            return ""
    return last[-1].text
