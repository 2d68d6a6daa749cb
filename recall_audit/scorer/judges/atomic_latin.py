"""Atomic claims of German, French, Spanish, Italian or Portuguese sentences, which have no
verb list here: a sentence is cut only at "und" / "et" / "y" between parts that each state
a number or a name, so its relative clauses, appositives and complements stay whole.
English sentences are split by atomic.py, Japanese and Chinese ones by atomic_cjk.py.
"""

from __future__ import annotations

import re

from recall_audit.scorer.judges.english_verbs import Token, as_claim, number_like, span_text
from recall_audit.text.languages import function_words, plain

_CONJUNCTIONS = frozenset("und et y e".split())  # "and" where no verb list is known


def split(sentence: str, tokens: list[Token], language: str) -> list[str]:
    """A German, French, Spanish ... sentence cut at each "und" / "et" / "y" joining two
    parts that each state a fact (a number or a name): "Der KF 360 hat 360 Liter und
    verbraucht 110 kWh" is two claims, the second opening with the sentence's leading
    name when it opens with a lower-case word (its verb)."""
    parts, start = [], 0
    for i, tok in enumerate(tokens):
        if i and tok.low in _CONJUNCTIONS:
            parts.append((start, i - (tokens[i - 1].text == ",")))
            start = i + 1
    parts.append((start, len(tokens)))
    if len(parts) < 2 or not all(_states_fact(tokens, a, b) for a, b in parts):
        return [sentence]
    name = _leading_name(sentence, tokens, language)
    # An opening phrase set off by a comma ("À la Banque Lumière, …") holds for every part;
    # a subject before its apposition ("La Loire, le plus long fleuve …") is a name.
    opening = (
        name
        and sentence[len(name) :].lstrip().startswith(",")
        and not _opens_noun_phrase(tokens[0], language)
    )
    claims = []
    for n, (a, b) in enumerate(parts):
        text = span_text(sentence, tokens, a, b)
        if n and _gapped_part(tokens, parts[n - 1], (a, b), language):
            filled = (
                None if opening else _filled(sentence, tokens, parts[0], (a, b), name, language)
            )
            if filled is None:
                return [sentence]
            text = filled
        elif n and name and tokens[a].text.islower():
            # A part opening with its verb takes the name; one opening with an article or
            # a possessive ("l'azote …", "su final …") has a subject of its own.
            if opening:
                text = f"{name}, {text}"
            elif not _opens_noun_phrase(tokens[a], language):
                text = f"{name} {text}"
        claims.append(as_claim(text))
    return claims


def _gapped_part(
    tokens: list[Token], earlier: tuple[int, int], part: tuple[int, int], language: str
) -> bool:
    """ "l'azote environ 78 %" after "L'oxygène représente environ 21 % de l'air sec": a
    subject of its own and a value, the verb left out ("L'azote environ 78 %." is no
    sentence). Told without a verb list: besides its subject's noun, the part has no word
    the part before it lacks."""
    a, b = part
    if not _opens_noun_phrase(tokens[a], language):
        return False
    seen = {t.low for t in tokens[earlier[0] : earlier[1]]}
    new = [t for t in tokens[a + 1 : b] if t.text[:1].isalpha() and t.low not in seen]
    return len(new) <= 1


def _filled(
    sentence: str,
    tokens: list[Token],
    first: tuple[int, int],
    part: tuple[int, int],
    name: str,
    language: str,
) -> str | None:
    """A gapped part with what it leaves out taken from the first part: "l'azote environ
    78 %" is "l'azote représente environ 78 % de l'air sec"; None when its words are not
    found there in their order."""
    (lo, hi), (a, b) = first, part
    b -= tokens[b - 1].text in ".!?"
    own = a + _noun_phrase_length(tokens[a])
    if own >= b:
        return None
    value = tokens[own]
    at = next(
        (
            i
            for i in range(lo + 1, hi)
            if tokens[i].low == value.low or (number_like(value) and number_like(tokens[i]))
        ),
        None,
    )
    if at is None:
        return None
    # Where the first part's subject ends: after its leading name ("El río Ebro | mide"),
    # else after its article and noun ("Le cuivre | fond").
    verb = next((i for i in range(lo, hi) if tokens[i].start >= len(name)), hi)
    if not name or verb >= at:
        if not _opens_noun_phrase(tokens[lo], language):
            return None
        verb = lo + _noun_phrase_length(tokens[lo])
    rest = min(at + b - own, hi)
    pieces = ((a, own), (verb, at), (own, b), (rest, hi))
    return " ".join(span_text(sentence, tokens, x, y) for x, y in pieces if x < y)


def _noun_phrase_length(article: Token) -> int:
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


def _opens_noun_phrase(tok: Token, language: str) -> bool:
    """An article or a possessive, elided or not ("l'azote", "su final")."""
    word = re.split("['’]", tok.low, maxsplit=1)[0]
    return word in _DETERMINERS_OF.get(language, frozenset())


def _states_fact(tokens: list[Token], a: int, b: int) -> bool:
    words = tokens[a:b]
    return len(words) >= 3 and any(
        number_like(t) or (k and t.text[:1].isupper()) for k, t in enumerate(words)
    )


def _leading_name(sentence: str, tokens: list[Token], language: str) -> str:
    """What a sentence opens with before its verb, told without a verb list: the tokens
    before the first lower-case content word that follows a name ("Der Kühlschrank
    Nordhaus KF 360 | hat", "El endpoint /v1/pagos de Pagaloya | devuelve", "L'oxygène |
    représente"); a short function word before a capital belongs to the name ("Copa
    Mundial de Fútbol"), a comma ends it."""
    grammar = function_words(language)
    named = False
    for i, tok in enumerate(tokens):
        first = tok.text[:1]
        if first == ",":
            return span_text(sentence, tokens, 0, i)
        if not first.isalpha() or first.isupper():
            named = named or i > 0 or plain(tok.low) not in grammar
            continue
        after = tokens[i + 1].text[:1] if i + 1 < len(tokens) else ""
        if plain(tok.low) in grammar and len(tok.low) <= 3 and after.isupper():
            continue  # "de" of "Copa Mundial de Fútbol"
        if named:
            return span_text(sentence, tokens, 0, i)
    return ""
