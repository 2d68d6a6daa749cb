"""When the words joined by "and" are items of one list, and what the items share.

"A, B and C" after a verb or preposition is split into one claim per item only when the
items are alike (english_objects.py); these tell the cases where they are not, where they
share a head noun the last item carries, and where an "and" still lies inside a noun
phrase ("the first controlled, powered flight", "garlic, olive oil and dried chilli").
"""

from __future__ import annotations

from recall_audit.scorer.judges.english_verbs import (
    AND,
    DETERMINERS,
    PREPOSITIONS,
    TAKES_PLURAL,
    Token,
    is_verb,
    participle,
    top_level,
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


_DEGREE = frozenset("almost nearly roughly approximately about around some over just".split())


def inside_noun_phrase(tokens: list[Token], verb: int, i: int) -> bool:
    """A joint inside a noun phrase, where the "-ed" word after it is an adjective: its
    article's noun has not come yet ("the first controlled, powered flight"), or it ends
    a list of nouns ("with garlic, olive oil and dried chilli flakes")."""
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    if not participle(tokens[i + 1]) or after is None or not after.text.isalpha():
        return False  # "a desired or lost lover": "lost" is one too
    if noun_pending(tokens, verb, i):
        return True  # "the first controlled,"
    if i > 1 and tokens[i - 2].low == "both":
        return True  # "sells both new and used books": the adjectives of one noun
    bare_noun = after.text.islower() and after.low not in DETERMINERS | PREPOSITIONS
    bare_noun = bare_noun and lexicon.is_mostly_noun(after.low)  # not "and started off …"
    return tokens[i].low in AND and bare_noun and ends_list(tokens, verb, i)


def ends_list(tokens: list[Token], verb: int, i: int) -> bool:
    """The "and" at `i` ends a list of nouns: the part since the comma before it (or
    before its own comma) has no verb and no "and" of its own ("with garlic, olive oil
    and", "the inputs, outputs, and"; not "with Chad and Sudan, and")."""
    commas = top_level(tokens, verb + 1, i, ",")
    if commas and commas[-1] == i - 1:
        commas.pop()
    if not commas:
        return False
    end = i - 1 if tokens[i - 1].text == "," else i
    part = tokens[commas[-1] + 1 : end]
    # An item is a noun phrase: not an aside opening with "as", a preposition or a word of
    # degree ("open very early, as early as overnight hours, and offer …", "counted 64
    # holts, almost double the 2015 figure, and found …").
    phrase = bool(part) and part[0].low not in PREPOSITIONS | _DEGREE and part[0].low != "as"
    return phrase and not any(is_verb(t) or t.low in AND for t in part)


def noun_pending(tokens: list[Token], lo: int, i: int) -> bool:
    """An article and only adjectives (and the commas between them) before `i`: its noun
    comes after `i` ("a dense, flaky, | white flesh"; not "the world, | reaching …")."""
    j = i - 1
    while j > lo and (tokens[j].text == "," or _modifier(tokens[j])):
        j -= 1
    return j < i - 1 and tokens[j].low in ("a", "an", "the")


def _modifier(tok: Token) -> bool:
    """A lower-case participle or adjective that is no noun first ("flaky", "controlled")."""
    if not (tok.text.isalpha() and tok.text.islower()):
        return False
    adjective = lexicon.is_adjective(tok.low) and not lexicon.is_mostly_noun(tok.low)
    return participle(tok) or adjective
