"""Words of a window that stand for a claim's words: WordNet's synonyms and other forms
("profit" for "net income"), and a name's own word for its common nouns ("Baikal" names
"Lake Baikal").
"""

from __future__ import annotations

import re
from itertools import pairwise

from recall_audit.text import lexicon
from recall_audit.text.text import content_words, stem

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


def short_forms(text: str, terms: frozenset[str]) -> dict[str, frozenset[str]]:
    """A name's own word mapped to the common nouns of the name ("Baikal": "Lake", of "Lake
    Baikal"; "Nordwind": "Labs"): a text naming it by that word alone names it."""
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
