"""Words of a window that stand for a claim's words: WordNet's synonyms and other forms
("profit" for "net income"), a name's own word for its common nouns ("Baikal" names
"Lake Baikal"), and in German the parts of a compound ("Gesetz … Krankenversicherung"
for "Krankenversicherungsgesetz").
"""

from __future__ import annotations

import re
from itertools import pairwise

from recall_audit.scorer.judges.english_verbs import Token, number_like, tokenize
from recall_audit.scorer.judges.latin_subjects import opens_noun_phrase
from recall_audit.text import lexicon
from recall_audit.text.languages import ENGLISH
from recall_audit.text.text import analyse, content_words, stem

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def alternatives(claim: str, terms: frozenset[str]) -> dict[str, frozenset[str]]:
    """The stems that may stand for the claim's words (lexicon.alternatives), mapped to the
    claim's stems they stand for: one word's, or both words of a compound WordNet lists
    ("net income": profit, earnings); none that the claim states itself."""
    out: dict[str, frozenset[str]] = {}
    words = content_words(claim)
    for term, word in words.items():
        if term not in terms:  # a unit ("3 years") is no word to find
            continue
        for other in lexicon.alternatives(word, stem):
            if other not in terms:
                out.setdefault(other, frozenset({term}))
    for (first, a), (second, b) in pairwise(words.items()):
        if {first, second} <= terms:
            for other in lexicon.compound_alternatives(a, b, stem):
                if other not in terms:
                    out[other] = out.get(other, frozenset()) | {first, second}
    return out


def short_forms(text: str, terms: frozenset[str], language: str) -> dict[str, frozenset[str]]:
    """A name's own word mapped to the common nouns of the name ("Baikal": "Lake", of "Lake
    Baikal"; "Nordwind": "Labs"; German "Nordhaus": "Kühlschrank", of "Der Kühlschrank
    Nordhaus KF 360"): a text naming it by that word alone names it."""
    if language != ENGLISH:
        return _named_after_noun(text, terms, language)
    out: dict[str, frozenset[str]] = {}
    words = _WORD.findall(text)
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and words[j][:1].isupper():
            j += 1
        run = [w.lower() for w in words[i:j]]
        i = j + 1
        if len(run) < 2:
            continue
        generic = {stem(w) for w in run if lexicon.is_common_noun(w)} & terms
        own = {stem(w) for w in run} & terms - generic
        for term in own if generic else ():
            out[term] = out.get(term, frozenset()) | generic
    return out


def _named_after_noun(text: str, terms: frozenset[str], language: str) -> dict[str, frozenset[str]]:
    """The subject's article, its noun and adjectives, then a name ("Der Kühlschrank |
    Nordhaus KF 360", "La tour | Eiffel", "El nuevo portátil | Vela 14"): the name's words
    stand for the noun's."""
    tokens = tokenize(text)
    if len(tokens) < 3 or not opens_noun_phrase(tokens[0], language):
        return {}
    # German capitalises its nouns: the name starts after the first capitalised word.
    noun = next((i for i in range(1, len(tokens)) if tokens[i].text[:1].isupper()), None)
    if noun is None:
        return {}
    start = noun + 1 if language == "de" else noun
    end = start
    while end < len(tokens) and (tokens[end].text[:1].isupper() or number_like(tokens[end])):
        end += 1
    if end == start or start <= 1:
        return {}
    generic = _stems(tokens[1:start], language) & terms
    own = _stems(tokens[start:end], language) & terms - generic
    return {term: generic for term in own} if generic else {}


def _stems(tokens: list[Token], language: str) -> frozenset[str]:
    return analyse(" ".join(t.text for t in tokens), with_names=False, language=language).terms


# German joins a compound's parts with these ("Versicherung|s|gesetz", "Orgel|bau").
_LINKS = ("s", "es", "n", "en", "")
# Parts shorter than these are too often another word's piece ("Bau" of "Baum").
_HEAD, _MODIFIER = 4, 3


def compound_parts(terms: frozenset[str], vocabulary: frozenset[str]) -> dict[str, frozenset[str]]:
    """German compounds of the claim the context writes in other words, as stems: a word
    of the context that is one's head ("gesetz" for "krankenversicherungsgesetz") when
    another word of the context opens with the rest ("krankenversicher"); a compound of
    the context whose head is the claim's word ("orgelbauwerkstatt" for "werkstatt"), or
    which the claim's word opens ("sozialversicherungssystem" for "sozialversicher").
    Mapped, like `alternatives`, from the context's stem to the claim's."""
    out: dict[str, set[str]] = {}
    missing = [t for t in terms if t not in vocabulary and t.isalpha()]
    if not missing:
        return {}
    longer = [w for w in vocabulary if w.isalpha() and len(w) > _HEAD]
    for term in missing:
        for word in longer:
            if len(word) > len(term) >= _HEAD and (word.endswith(term) or word.startswith(term)):
                out.setdefault(word, set()).add(term)
            elif len(term) > len(word) and term.endswith(word):
                rest = term[: -len(word)]
                if _opens_some(rest, vocabulary):
                    out.setdefault(word, set()).add(term)
    return {word: frozenset(found) for word, found in out.items()}


def _opens_some(modifier: str, vocabulary: frozenset[str]) -> bool:
    """A word of the vocabulary opening with the modifier, less its link ("krankenversicherung|s")."""
    for link in _LINKS:
        if link and not modifier.endswith(link):
            continue
        stem_ = modifier[: len(modifier) - len(link)] if link else modifier
        if len(stem_) >= _MODIFIER and any(
            w.startswith(stem_) or (len(w) >= _HEAD and stem_.startswith(w)) for w in vocabulary
        ):
            return True
    return False
