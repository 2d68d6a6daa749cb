"""Subject grounding: what a claim is about must be what its evidence is about.

A claim's main entity is the name it opens with, before its verb ("2014 S/S is the debut
album of ..." is about "2014 S/S"; "In 2018, Lincicome was granted ..." about
"Lincicome"). Evidence that shares the claim's other words but never names that entity's
head word, neither in its own sentences nor in its chunk's title, is about something
else: a paragraph on another band formed in 2014 does not support a claim about WINNER's
album.

Claims opening with a pronoun or a common noun ("He won ...", "The film was ...") have
no main entity here and are not checked; nor do those whose clause opens in lower case
after an opening phrase ("To cut costs, replace ..."). A date ("on November 4") ends
the subject: a month is never what a claim is about.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from recall_audit.text import lexicon
from recall_audit.text.languages import ENGLISH, function_words, leading_name_end, plain
from recall_audit.text.text import MONTH_FORMS, STOPWORDS, fold, looks_like_verb, stem

# Words keep an inner slash, ampersand or hyphen ("S/S", "AT&T", "Jean-Paul"); an
# apostrophe tail is dropped ("Curie's" is "Curie").
_TOKEN = re.compile(r"[^\W_]+(?:[/&-][^\W_]+)*(?:'[^\W_]*)?|[(),;:]")
# A title is a short first line with no sentence-ending stop ("Winner (band)\n...").
_TITLE_WORDS = 15
_SUBJECT_REACH = 8
# "Edward Wood Jr." is "Wood", "Acme Corp" is "Acme".
_SUFFIXES = frozenset("jr sr ii iii iv inc corp ltd llc plc gmbh".split())
_QUANTITY = re.compile(r"\d+(?:[.,]\d+)?-[a-z]+")
_OPENERS = STOPWORDS | {"however", "additionally", "moreover", "meanwhile", "today"}


# Memoised: a pure function of one word, and a vocabulary repeats.
@functools.lru_cache(maxsize=1 << 16)
def _key(word: str) -> str:
    return stem(word.partition("'")[0].lower())


def keys(text: str) -> frozenset[str]:
    """The lower-case, stemmed words of `text`, as main entities are compared."""
    return frozenset(_key(w) for w in _TOKEN.findall(fold(text)) if w[0].isalnum())


def title(chunk: str) -> str:
    """The chunk's title: its first line when that is short and ends in no full stop."""
    head, newline, _ = chunk.partition("\n")
    head = head.strip()
    if not newline or not head or head[-1] in ".!?" or len(head.split()) > _TITLE_WORDS:
        return ""
    return head


def _is_name(word: str) -> bool:
    """Capitalised, or written with capitals or digits inside ("iMac", "F1", "S/S")."""
    if word.lower() in STOPWORDS or not word[0].isalnum():
        return False
    if word.isdigit() or _QUANTITY.fullmatch(word):  # "10-minute" is an amount, not a name
        return False
    return any(c.isupper() for c in word) or (
        any(c.isdigit() for c in word) and any(c.isalpha() for c in word)
    )


def _in_date(tokens: list[str], i: int) -> bool:
    """A month beside a number ("died on November 10", "10 November"): a date, which
    follows a subject and its verb and is never the name of what the claim is about."""
    if tokens[i] not in MONTH_FORMS:
        return False
    return any(0 <= j < len(tokens) and tokens[j].isdigit() for j in (i - 1, i + 1))


def _present_verb(word: str) -> bool:
    """ "heats", "offers", "supports": what may be a verb's -s form ends the subject (a
    plural noun taken for one only leaves the claim without a subject to check)."""
    return word.islower() and len(word) > 3 and word.endswith("s") and lexicon.is_verb(word)


def main_entity(
    claim: str, common: Callable[[str], bool], language: str = ENGLISH
) -> frozenset[str]:
    """The keys of which one names the claim's subject in any evidence about it: in English
    the head of the name the claim opens with, its last word ("Curie" of "Marie Curie",
    "Terrier" of "Manchester Terrier"), which any mention of the entity keeps; in another
    language, whose heads may come first ("Copa" of "Copa Mundial de Fútbol") and whose
    nouns may all be capitalised (German), every name word of its leading name. Empty when
    the claim opens with no name.

    `common(word)` tells whether the context shows the word as a common one (in lower
    case somewhere, or not at all): a capital that only starts the sentence ("Infant
    formula ...") makes no name of such a word.
    """
    tokens = _TOKEN.findall(fold(claim))
    if language != ENGLISH:
        return _leading_name_keys(tokens, language)
    # An opening phrase set off by a comma ("In 2018, ...", "However, ...") is no subject.
    opening = tokens[0].lower() in _OPENERS if tokens else False
    if opening and "," in tokens[:_SUBJECT_REACH]:
        tokens = tokens[tokens.index(",") + 1 :]
    if not tokens or tokens[0].lower() in STOPWORDS - {"the", "a", "an"}:
        return ""  # "He won ...", "It was ...": no name to look for
    if tokens[0][0].islower() and tokens[0] not in {"the", "a", "an"} and not _is_name(tokens[0]):
        return ""  # "..., conduct audits of DLP ...": a verb or common noun, not a name
    subject: list[str] = []
    depth = 0
    for i, tok in enumerate(tokens[:_SUBJECT_REACH]):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth = max(0, depth - 1)
        elif tok in ",;:" or looks_like_verb(tok) or _present_verb(tok) or _in_date(tokens, i):
            break
        elif not depth:
            if i == 0 and common(tok) and not (len(tokens) > 1 and _is_name(tokens[1])):
                continue
            subject.append(tok)
    name = [_key(w) for w in subject if _is_name(w)]
    while name and name[-1] in _SUFFIXES:
        name.pop()
    return frozenset(name[-1:])


def _leading_name_keys(tokens: list[str], language: str) -> frozenset[str]:
    """Every name word of the leading name but its function words and, when it has
    others, the noun right after its article: the kind of thing it names ("Der
    Kühlschrank | Nordhaus KF 360", "El Museo | del Prado")."""
    grammar = function_words(language)
    name = tokens[: leading_name_end(tokens, language)]
    words = [w for w in name if _is_name(w) and plain(w) not in grammar]
    if len(words) > 1 and len(name) > 1 and plain(name[0]) in grammar and name[1] == words[0]:
        words = words[1:]
    return frozenset(_key(w) for w in words)


def grounded(entity: frozenset[str], evidence: frozenset[str]) -> bool:
    """True when the evidence (window and chunk title keys) names the claim's entity."""
    return not entity or not entity.isdisjoint(evidence)
