"""The subject a German, French, Spanish, Italian or Portuguese sentence opens with: the
name ("Die Zugspitze", "Le Tour de France", languages.leading_name_end), else its article
and noun with their complements ("Le musée", "La versión 3.2 de la aplicación"). Told from
closed classes: the articles and possessives of each language, kept here with the other
closed classes these modules share.
"""

from __future__ import annotations

import re

from recall_audit.scorer.judges.english_verbs import Token, number_like, span_text, tokenize
from recall_audit.text.languages import function_words, leading_name_end, plain


def subject(sentence: str, language: str) -> str:
    """The name the sentence opens with, else its article and noun, with an adjective
    after it before an auxiliary ("Le Code civil | a été …"); '' for neither, or for a
    sentence opening with a preposition ("À la Banque Lumière, …")."""
    tokens = tokenize(sentence)
    if not tokens:
        return ""
    if plain(tokens[0].low) in function_words(language) and not opens_noun_phrase(
        tokens[0], language
    ):
        return ""
    found = leading_name(sentence, tokens, language) or opening_noun_phrase(
        sentence, tokens, language
    )
    end = next((i for i, t in enumerate(tokens) if t.start >= len(found)), len(tokens))
    auxiliaries = AUXILIARIES_OF.get(language, frozenset())
    adjective = end + 1 < len(tokens) and tokens[end].text.isalpha() and tokens[end].text.islower()
    if found and adjective and tokens[end + 1].low in auxiliaries:
        return span_text(sentence, tokens, 0, end + 1)
    return found


def leading_name(sentence: str, tokens: list[Token], language: str) -> str:
    """What a sentence opens with before its verb (languages.leading_name_end)."""
    return span_text(sentence, tokens, 0, leading_name_end([t.text for t in tokens], language))


def opening_noun_phrase(sentence: str, tokens: list[Token], language: str) -> str:
    """The article and noun a sentence opens with, with the numbers and the complements
    after it ("Le musée", "La versión 3.2 de la aplicación"); '' when it opens otherwise."""
    if not tokens or not opens_noun_phrase(tokens[0], language):
        return ""
    end = noun_phrase_length(tokens[0])
    end = _name_after(tokens, end, language)
    while end < len(tokens):
        if number_like(tokens[end]):
            end += 1
        elif tokens[end].low in _OF and end + 1 < len(tokens):
            # "de la aplicación", "du billet", "der App": the link, an article, a noun
            end += 1 + opens_noun_phrase(tokens[end + 1], language) + 1
        else:
            break
    return span_text(sentence, tokens, 0, min(end, len(tokens)))


def _name_after(tokens: list[Token], end: int, language: str) -> int:
    """Past the name a few common words after the noun lead to ("Le nouvel | ordinateur
    portable Lumio Pro"), else `end`."""
    grammar = function_words(language)
    i = end
    while i < min(end + 3, len(tokens)) and tokens[i].text.isalpha() and tokens[i].text.islower():
        if plain(tokens[i].low) in grammar:
            return end
        i += 1
    if i == len(tokens) or not tokens[i].text[:1].isupper():
        return end
    while i < len(tokens) and (tokens[i].text[:1].isupper() or number_like(tokens[i])):
        i += 1
    return i


# "And" where no verb list is known, and the negations before a verb: shared by the
# splitter (atomic_latin), the asides and the pronouns.
CONJUNCTIONS = frozenset("und et y e".split())
NEGATIONS = frozenset("no non não".split())
# Auxiliaries of a compound tense or a passive, and the copulas: the verb after a subject.
AUXILIARIES_OF = {
    "de": frozenset("ist sind war waren wurde wurden hat haben hatte hatten".split()),
    "fr": frozenset("est sont était étaient fut a ont avait".split()),
    "es": frozenset("es son fue fueron era ha han había está".split()),
    "it": frozenset("è sono era fu ha hanno".split()),
    "pt": frozenset("é são foi foram era tem têm".split()),
}
# The words that join a noun's complement to it: "… de la aplicación", "… der App".
_OF = frozenset("de del du des der von di della do da".split())


def noun_phrase_length(article: Token) -> int:
    """Tokens of an article and its noun: one when elided ("l'azote"), else two."""
    return 1 if re.search("['’]", article.text) else 2


# Articles and possessives (closed classes): a part opening with one has its own subject.
_DETERMINERS_OF = {
    "de": frozenset(
        "der die das den dem des ein eine einen einem einer sein seine ihr ihre".split()
    ),
    "fr": frozenset("le la les l un une des du son sa ses leur leurs".split()),
    "es": frozenset("el la los las un una unos unas su sus".split()),
    "it": frozenset("il lo la i gli le l un una uno suo sua suoi sue".split()),
    "pt": frozenset("o a os as um uma seu sua seus suas".split()),
}


def opens_noun_phrase(tok: Token, language: str) -> bool:
    """An article or a possessive, elided or not ("l'azote", "su final")."""
    word = re.split("['’]", tok.low, maxsplit=1)[0]
    return word in _DETERMINERS_OF.get(language, frozenset())
