"""The complements of an English predicate, each a fact of its own.

"was discovered by Alexander Fleming in 1928 at St Mary's Hospital in London" is "was
discovered by Alexander Fleming", "... in 1928" and "... at St Mary's Hospital in London":
each keeps the verb and its object; a condition at the end stays on every one; a
complement that states no fact stays with what it follows (atomic.py cuts the predicates).
"""

from __future__ import annotations

import re
from itertools import pairwise

from recall_audit.scorer.judges import english_inflection
from recall_audit.scorer.judges.english_verbs import (
    AND,
    APPROXIMATE,
    DETERMINERS,
    PREPOSITIONS,
    TAKES_PLURAL,
    Token,
    inside_name,
    is_adverb,
    is_date,
    is_verb,
    number_like,
    participle,
    span_text,
    tokenize,
)
from recall_audit.scorer.judges.list_items import noun_pending
from recall_audit.text import lexicon
from recall_audit.text.text import analyse

# Words that open a phrase of the noun or number before them, not a complement of the
# verb: "revenue of $4.2 billion", "€180 per night", "faster than sound".
NOT_HEADS = frozenset("of per than like including".split())
# A clause of condition or time at the end holds for every complement before it.
CONDITIONS = frozenset("when if unless without while whenever once because".split())
# First words of a preposition of two, the second "to".
_TWO_WORD_HEADS = frozenset("due owing thanks prior according next close".split())


_RANGE_ENDS = frozenset("to through until till".split())


def _head(tokens: list[Token], i: int) -> bool:
    """Where a complement of the verb opens: a preposition (not inside a name, not "to"
    of a range "7 to 9" or of an infinitive, "up to" from its "up"), or a comma before
    anything but "and" / "or"."""
    tok, after = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else None
    if after is None:
        return False
    before = tokens[i - 1]
    if tok.text == ",":  # not "Zion, Illinois": a place and the region it is in
        place = before.text[:1].isupper() and after.text[:1].isupper()
        year = before.text.isdigit() and is_date(after)  # "January 23, 2019"
        adjectives = noun_pending(tokens, 0, i)  # "the first controlled, powered flight"
        return after.low not in AND and not place and not year and not adjectives
    if tok.low == "up":  # "retries deliveries | up to 5 times"; "offers up to 30 hours"
        # A plain verb before it ("lets you contribute | up to") has no object yet.
        plain_verb = not before.low.endswith("s") and lexicon.is_mostly_verb(before.low)
        after_object = before.low not in PREPOSITIONS and not plain_verb
        return after.low == "to" and i > 1 and after_object
    if _participial(tokens, i):  # "signs each payload with HMAC-SHA256 | using its secret"
        return True
    if tok.low in _TWO_WORD_HEADS and after.low == "to":
        # "due to the weather", "thanks to …": one preposition; not after its adverb
        # ("…, just prior to the airing": "renewed on July 28, just." was printed).
        return not is_adverb(before)
    if tok.low == "to" and before.low in _TWO_WORD_HEADS:
        return False
    if tok.low not in PREPOSITIONS or tok.low in NOT_HEADS or inside_name(tokens, i):
        return False
    if tok.low in APPROXIMATE and number_like(after):  # "is about 384,400 km"
        return False
    if before.low == "up" or before.low in PREPOSITIONS:  # "up to", "at about"
        return False
    # ", subject to approval", ", due to demand": the word after a comma and its
    # preposition open one phrase, which the comma already began.
    if i > 1 and tokens[i - 2].text == "," and before.text.islower():
        return False
    if tok.low in _RANGE_ENDS and any(t.low == "from" for t in tokens[max(0, i - 4) : i]):
        return False  # "from August through October 2007": one span of time
    number_before = number_like(before) or before.text == "%"
    if tok.low == "to" and number_before and number_like(after):  # "5.25% to 5.50%"
        return False
    return not (tok.low == "to" and after.text.islower() and lexicon.is_mostly_verb(after.low))


def _participial(tokens: list[Token], i: int) -> bool:
    """An "-ing" form opening a phrase after the verb's object ("using the endpoint's
    secret"), not the verb's own complement ("started making cars")."""
    tok, before = tokens[i], tokens[i - 1]
    if not (tok.text.islower() and tok.low.endswith("ing") and lexicon.is_verb(tok.low)):
        return False
    after_noun = before.text[:1].isalnum() and before.low not in DETERMINERS
    return i > 2 and after_noun and not is_verb(before) and before.low not in PREPOSITIONS


def _holds_fact(tokens: list[Token], a: int, b: int) -> bool:
    """A complement worth a claim: a number or a name, or two content words."""
    words = [t for t in tokens[a + 1 : b] if t.text[:1].isalnum()]
    if any(number_like(t) or t.text[:1].isupper() or is_date(t) for t in words):
        return True
    return sum(t.low not in DETERMINERS and len(t.low) > 2 for t in words) >= 2


def _nested(tokens: list[Token], span: tuple[int, int], at: int) -> bool:
    """True when the phrase opening at `at` belongs to the complement `span` before it: the
    complement has a verb form ("with receipts submitted | within 30 days"), is an aside
    after a comma ("the highest level | in 22 years"), or names a place the next one
    narrows ("at St Mary's Hospital | in London")."""
    a, b = span
    inner = tokens[a:b]  # its head too: "studying coral reefs | in Belize"
    if any(t.text.islower() and (participle(t) or t.low.endswith("ing")) for t in inner):
        return True
    if _zero_relative(inner):  # "to the importance the director places | on new works"
        return True
    if _absolute(tokens, a) and _participial(tokens, at):
        return True  # "with all six characters | taking turns": the turns are theirs
    opens_aside = tokens[a].text == "," and tokens[a + 1].low not in PREPOSITIONS
    if opens_aside and tokens[at].text != ",":
        return True
    # A measure's conditions: "343 metres per second in air | at 20 °C".
    if tokens[at].low == "at" and _measures(tokens, a, b):
        return True
    places = ("in", "at", "on")
    narrows = tokens[a].low in places and tokens[at].low in places and at + 1 < len(tokens)
    place = tokens[at + 1].text[:1].isupper() and not is_date(tokens[at + 1])  # not "in June"
    return narrows and tokens[b - 1].text[:1].isupper() and place


_OPENS_ZERO_RELATIVE = frozenset("the they we he she you i".split())


def _zero_relative(phrase: list[Token]) -> bool:
    """A noun right before "the" or a subject pronoun opens a clause on it ("the importance
    the director places on …", "every hectare they sow with …"): what follows may be that
    clause's."""
    return any(
        b.low in _OPENS_ZERO_RELATIVE  # not "three days a week"
        and a.text.isalpha()
        and a.text.islower()
        and a.low not in PREPOSITIONS
        and a.low not in DETERMINERS
        and not is_verb(a)
        and lexicon.is_mostly_noun(a.low)
        for a, b in pairwise(phrase[1:])
    )


def _absolute(tokens: list[Token], a: int) -> bool:
    """ "with" and a noun phrase that may do what an "-ing" after it says ("with all six
    main characters taking turns"); "with HMAC-SHA256 using ..." is the subject's tool."""
    follows = tokens[a + 1].low if a + 1 < len(tokens) else ""
    return tokens[a].low == "with" and follows in DETERMINERS | TAKES_PLURAL


def _measures(tokens: list[Token], a: int, b: int) -> bool:
    """True when the phrase states a quantity in a unit ("343 metres per second")."""
    quantities = analyse(" ".join(t.text for t in tokens[a:b]), with_names=False).quantities
    return any(unit for units in quantities.values() for unit in units)


def _other_value(predicate: str, tokens: list[Token]) -> list[str]:
    """ "contribute up to $7,000 in 2024, or $8,000 if you are 50 or older": another value
    for another case, a fact of its own in the first value's place ("contribute up to
    $8,000 if you are 50 or older"); [] when the predicate has no such alternative."""
    at = next(
        (
            i
            for i in range(1, len(tokens) - 2)
            if tokens[i].text == "," and tokens[i + 1].low == "or" and number_like(tokens[i + 2])
        ),
        None,
    )
    first = next((i for i in range(at or 0) if number_like(tokens[i])), None)
    if at is None or first is None:
        return []
    left = span_text(predicate, tokens, 0, at)
    before, after = (
        span_text(predicate, tokens, 0, first),
        span_text(predicate, tokens, at + 2, len(tokens)),
    )
    other = f"{before} {after}"
    return [*complements(left), other]


def complements(predicate: str) -> list[str]:
    """A predicate whose complements each state a fact: "was discovered by Alexander
    Fleming in 1928 at St Mary's Hospital in London" is "was discovered by Alexander
    Fleming", "... in 1928" and "... at St Mary's Hospital in London". Each keeps the verb
    and its object ("recorded her album in 2016"); a condition at the end ("when the limit
    is exceeded") stays on every one; a complement of one word ("for flights") stays with
    what it follows."""
    tokens = tokenize(predicate)
    if tokens and tokens[-1].text in ".!?":
        tokens = tokens[:-1]
    n = len(tokens)
    alternative = _other_value(predicate, tokens)
    if alternative:
        return alternative
    if any(t.low in AND for t in tokens):
        # A list or a gapped clause kept whole ("kept for 7 years and transcripts for 2").
        return [predicate]
    tail = next((i for i in range(1, n) if tokens[i].low in CONDITIONS), n)
    heads = [i for i in range(1, tail) if _head(tokens, i)]
    if heads and _selected(tokens, heads[0]):  # "to interact with X | on Y"
        heads = heads[1:]
    # "in time | for the Olympics", "in response | to …": a bare noun's phrase goes on.
    heads = [h for k, h in enumerate(heads) if not (k and _bare_phrase(tokens, heads[k - 1], h))]
    if len(heads) < 2:
        return [predicate]
    core, kept = heads[0], []
    for a, b in zip(heads, [*heads[1:], tail], strict=True):
        if kept and (_nested(tokens, kept[-1], a) or not _holds_fact(tokens, a, b)):
            kept[-1] = (kept[-1][0], b)
        elif _holds_fact(tokens, a, b):
            kept.append((a, b))
        else:  # "requires economy class for flights | under 6 hours"
            core = b
    if len(kept) < 2:
        return [predicate]
    head = span_text(predicate, tokens, 0, core)
    condition = span_text(predicate, tokens, tail, n)
    return [
        re.sub(
            r"\s+,",
            ",",
            " ".join(filter(None, (head, span_text(predicate, tokens, a, b), condition))),
        )
        for a, b in kept
    ]


def _bare_phrase(tokens: list[Token], a: int, b: int) -> bool:
    """A preposition and one bare common noun, another preposition right after it."""
    noun = tokens[a + 1]
    bare = noun.text.isalpha() and noun.text.islower() and noun.low not in DETERMINERS
    return b == a + 2 and bare and tokens[a].low in PREPOSITIONS and tokens[b].low in PREPOSITIONS


# Verbs that take their preposition before any other complement ("led to", "consists of").
_SELECTS = {
    "lead": "to", "refer": "to", "belong": "to", "contribute": "to", "apply": "to",
    "respond": "to", "consist": "of", "rely": "on", "depend": "on", "focus": "on",
    "result": "in", "participate": "in", "specialize": "in", "suffer": "from", "account": "for",
}  # fmt: skip
_SELECTED = frozenset(_SELECTS.values())
_SELECTING = frozenset(verb[:3] for verb in _SELECTS) | {"led"}


def _selected(tokens: list[Token], i: int) -> bool:
    """ "with" right after its verb ("to interact with", "signed with", "replaced with"):
    what the verb is done with, which every other complement needs ("designed to interact
    on the iSight iMac G5" was printed), so it is no complement of its own."""
    before = tokens[i - 1]
    if not before.text.islower():
        return False
    selects = tokens[i].low in _SELECTED and before.low[:3] in _SELECTING  # the forms only then
    if selects and _SELECTS.get(english_inflection.lemma(before.low)) == tokens[i].low:
        return True  # "led to construction of …": no complement without its "to"
    if tokens[i].low != "with":
        return False
    # The verb itself, not its object ("signs each request | with HMAC") nor a passive:
    # the predicate's first word, an infinitive, or a verb after its adverb.
    verb = i == 1 or tokens[i - 2].low == "to" or tokens[i - 2].low.endswith("ly")
    return verb and lexicon.is_mostly_verb(before.low)
