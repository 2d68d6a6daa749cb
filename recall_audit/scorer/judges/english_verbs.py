"""English words as the atomic splitter reads them: tokens, and which of them are verbs.

A word is a verb when it is an auxiliary, a known irregular past, or a form of a verb WordNet
knows (recall_audit/text/lexicon.py); coordinated verbs are told by being inflected alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from recall_audit.text import lexicon
from recall_audit.text.text import MONTH_NAMES, is_year, looks_like_verb

# A number keeps its separators ("1,462", "5,2" as French and German write 5.2).
# A path ("/v1/pagos") is one token, as a hyphenated word is.
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|/?[^\W_]+(?:[-'’./&][^\W_]+)*|[,;:()]|\S")
ADVERBS = frozenset("also later then now still only first since subsequently".split())
PREPOSITIONS = frozenset(
    """in on at to for with by from of into onto like including between among across
    through during under over about against within without per via near""".split()
)
PAST = frozenset("was were had did".split())
DETERMINERS = frozenset("a an the his her its their our this that these those one".split())
# Determiners of a plural noun: "some later desktop" is no noun phrase of its own.
TAKES_PLURAL = frozenset("some many several various few most all both these those".split())
TIME_HEADS = frozenset("in on during since until before after by".split())


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int

    @property
    def low(self) -> str:
        return self.text.lower()


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def span_text(sentence: str, tokens: list[Token], lo: int, hi: int) -> str:
    """The sentence's own text from token lo to token hi (exclusive)."""
    if lo >= hi:
        return ""
    return sentence[tokens[lo].start : tokens[hi - 1].end]


def as_claim(*parts: str) -> str:
    """Pieces of a sentence joined into a claim: capitalised, with one full stop."""
    text = " ".join(p.strip(" ,;:") for p in parts if p.strip(" ,;:"))
    text = re.sub(r"\s+([,;:])", r"\1", text).rstrip(" .!?")  # "glucose , using"
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def number_like(tok: Token) -> bool:
    return tok.text[:1].isdigit() or tok.text[:1] in "$€£¥"


def is_verb(tok: Token, like: Token | None = None) -> bool:
    """A finite verb, or (with `like`, the verb it is coordinated with) any verb form
    inflected as that one is ("features ... and weighs", "was born ... and died")."""
    low = _unprefixed(tok.low)
    if not low.isalpha() or len(low) < 2:
        return False
    if looks_like_verb(low) and (not low.endswith("ed") or lexicon.is_verb(low)):
        return True
    if len(low) == 4 and low.endswith("ed") and lexicon.is_verb(low[:-1]):
        return True  # "died", "tied": too short for looks_like_verb's "-ed" (not "need")
    if low.endswith("s") and len(low) > 3 and lexicon.is_mostly_verb(low):
        return True
    if like is None or not lexicon.is_verb(low):
        return False
    if is_past(like):
        return low.endswith("ed") or looks_like_verb(low) or lexicon.is_irregular(low)
    if like.low.endswith("s"):
        return low.endswith("s")
    # Plain forms ("generate ... and carry"): only a word mostly used as a verb, since
    # "generate heat and water" lists objects.
    plain = not looks_like_verb(like.low)  # not after "are", "can", "was"
    return plain and not low.endswith(("s", "ing")) and lexicon.is_mostly_verb(low)


# Prefixes a verb keeps its forms under ("re-elected", "co-founded", "pre-ordered").
_VERB_PREFIXES = frozenset("re co pre un over under out mis de dis".split())


def _unprefixed(low: str) -> str:
    prefix, dash, rest = low.partition("-")
    return rest if dash and prefix in _VERB_PREFIXES else low


def is_past(tok: Token) -> bool:
    low = tok.low
    return low in PAST or low.endswith("ed") or (looks_like_verb(low) and low not in _PRESENT)


_PRESENT = frozenset(
    "is are has have do does can will may shall must should remains becomes".split()
)


def verb_at(tokens: list[Token], i: int, like: Token | None = None) -> bool:
    """A verb at i, past an adverb ("also weighs", "later moved") or a date ("in 2004
    became")."""
    while i < len(tokens) and is_adverb(tokens[i]):
        i += 1
    if i + 2 < len(tokens) and tokens[i].low in TIME_HEADS and is_date(tokens[i + 1]):
        i += 2
    return i < len(tokens) and is_verb(tokens[i], like)


def is_adverb(tok: Token) -> bool:
    low = tok.low
    if low in ADVERBS or low.endswith("ly"):
        return True
    return low not in PREPOSITIONS and lexicon.is_mostly_adverb(low)  # not "in" of "in 2004"


def is_date(tok: Token) -> bool:
    low = tok.low
    return low in MONTH_NAMES or (low.isdigit() and len(low) == 4 and is_year(float(low)))


# Verbs of a relation between two things: "connects Tokyo and Osaka" is one fact, not
# "connects Tokyo" and "connects Osaka".
_RELATE_TWO = frozenset("connect link separate compare merge unite".split())


def relates_two(tok: Token) -> bool:
    net = lexicon.wordnet()
    low = tok.low
    return low in _RELATE_TWO or bool(net and _RELATE_TWO & set(net.lemmas(low, "v")))


AND = frozenset("and or but und oder et ou y o e".split())
RELATIVE = frozenset("which who whom whose".split())
COPULAS = frozenset("is was are were".split())
AUXILIARIES = COPULAS | {"has", "have", "had", "been"}
APPROXIMATE = frozenset("about around".split())
MODALS = frozenset("can could may might must shall should will would".split())
SUBJECT_PRONOUNS = frozenset("i you he she it we they".split())


def top_level(tokens: list[Token], lo: int, hi: int, value: str) -> list[int]:
    """Positions of `value` in [lo, hi) outside parentheses."""
    depth, out = 0, []
    for i in range(lo, hi):
        t = tokens[i].text
        depth += (t == "(") - (t == ")")
        if not depth and tokens[i].low == value:
            out.append(i)
    return out


def participle(tok: Token) -> bool:
    low = tok.low
    return low.endswith(("ed", "en")) or lexicon.is_irregular(low)


def carries_participle(tokens: list[Token], verb: int) -> bool:
    """An auxiliary followed by a participle ("was written"), which a coordinated
    participle shares."""
    aux = tokens[verb].low in AUXILIARIES
    return aux and verb + 1 < len(tokens) and participle(tokens[verb + 1])


def inside_name(tokens: list[Token], i: int) -> bool:
    """A preposition between capitals belongs to a name ("Nobel Prize in Physics"), but
    not before a month ("at Runnymede | in June 1215")."""
    return (
        0 < i < len(tokens) - 1
        and tokens[i - 1].text[:1].isupper()
        and tokens[i + 1].text[:1].isupper()
        and tokens[i + 1].low not in MONTH_NAMES
    )


def is_plain_verb(tok: Token) -> bool:
    """A verb's plain form in lower case, mostly used as a verb ("hire", "develop"; not
    "moved", "caught", "tours")."""
    plain = tok.text.islower() and not tok.low.endswith("s") and not participle(tok)
    return plain and lexicon.is_mostly_verb(tok.low)
