"""What the parts joined by "and" share, where english_objects.py's lists do not reach.

- "both A and B" after a verb or preposition is one claim per part ("painted both the
  Mona Lisa and The Last Supper": "painted the Mona Lisa", "painted The Last Supper");
- a subject of several ("Both Mercury and Venus lack …", "Neil Armstrong and Buzz Aldrin
  landed …") is one claim per member, its verb agreeing with one ("Mercury lacks").

A verb is made to agree by english_inflection.py.
"""

from __future__ import annotations

from itertools import pairwise

from recall_audit.scorer.judges.english_complements import CONDITIONS
from recall_audit.scorer.judges.english_verbs import (
    DETERMINERS,
    MODALS,
    SUBJECT_PRONOUNS,
    Token,
    is_past,
    is_verb,
    relates_two,
    span_text,
)

# Where the second part ends: what follows holds for both ("… while receiving feedback").
_ENDS = CONDITIONS | {",", ";", "("}
# Verbs whose subject acts together: "A and B met in 1990" is no fact of A alone.
_TOGETHER = frozenset("met married divorced collaborated co-wrote co-founded shared".split())


def both_parts(sentence: str, tokens: list[Token], lo: int, hi: int) -> list[str]:
    """ "can fly both forwards and backwards" as "can fly forwards" and "can fly
    backwards"; [] when the predicate has no "both … and" (the second part runs to the
    next comma)."""
    at = next((i for i in range(lo + 1, hi - 2) if tokens[i].low == "both"), None)
    if at is None:
        return []
    ands = [i for i in range(at + 2, hi - 1) if tokens[i].low == "and"]
    if len(ands) != 1 or any(t.text in ",;:(" for t in tokens[at : ands[0]]):
        return []
    joint = ands[0]
    end = next((i for i in range(joint + 1, hi) if tokens[i].low in _ENDS), hi)
    if tokens[joint + 1].low in SUBJECT_PRONOUNS or any(
        is_verb(t) for t in tokens[joint + 2 : end]
    ):
        return []  # "both my phones and I love to share …": a clause of its own
    head = span_text(sentence, tokens, lo, at)
    tail = span_text(sentence, tokens, end, hi)
    first = span_text(sentence, tokens, at + 1, joint)
    if joint == at + 2 and end - joint > 2:  # "both indoor and outdoor varieties"
        first = f"{first} {span_text(sentence, tokens, joint + 2, end)}"
    parts = (first, span_text(sentence, tokens, joint + 1, end))
    return [" ".join(filter(None, (head, part, tail))) for part in parts]


def members(sentence: str, tokens: list[Token], verb: int) -> list[str]:
    """The members of a subject of several, each to take the verb on its own: after
    "both" ("Both the violin and the viola"), or names ("Neil Armstrong and Buzz Aldrin")
    before a verb that needs no agreement (a past tense, a modal); [] otherwise, and for
    a verb of two together ("met", "connects")."""
    opens = int(tokens[0].low == "both")
    cuts = [i for i in range(opens, verb) if tokens[i].low == "and" or tokens[i].text == ","]
    if not cuts or tokens[cuts[-1]].low != "and":
        return []
    if tokens[verb].low in _TOGETHER or relates_two(tokens[verb]):
        return []
    spans = [(a + 1, b) for a, b in pairwise([opens - 1, *cuts, verb]) if b > a + 1]
    if len(spans) < 2 or any(b - a > 4 for a, b in spans):
        return []
    if not opens and not (_names(tokens[:verb]) and _needs_no_agreement(tokens[verb])):
        return []  # "Research and development costs rose": one noun phrase
    if any(b - a == 1 and tokens[a].text.islower() for a, b in spans[:-1]):
        return []  # "Both indoor and outdoor courts": modifiers of one noun
    return [span_text(sentence, tokens, a, b) for a, b in spans]


def _names(subject: list[Token]) -> bool:
    """Every word a capitalised one but the "and" and commas between them."""
    words = [t for t in subject if t.low != "and" and t.text != ","]
    return all(t.text[:1].isupper() and t.low not in DETERMINERS for t in words)


def _needs_no_agreement(verb: Token) -> bool:
    return is_past(verb) or verb.low in MODALS
