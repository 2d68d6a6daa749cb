"""An aside about a German, French, Spanish, Italian or Portuguese sentence's subject as a
claim of its own, as atomic.py does for English appositives and relative clauses:

- "Louis Pasteur, qui a mis au point le vaccin contre la rage, est né à Dole." is
  "Louis Pasteur a mis au point le vaccin contre la rage." and "Louis Pasteur est né à
  Dole.": a relative clause on the subject ("qui", "que", "che", German "der" / "die" /
  "das" with its verb put back after the subject);
- "El Aconcagua, la montaña más alta de América, mide 6961 metros." gives "El Aconcagua es
  la montaña más alta de América.": an apposition takes the copula;
- "Le Tour de France, créé en 1903, …" and "Fundada en 1218, la Universidad de Salamanca
  …": a participle takes the passive's auxiliary.

Told from closed classes (relative pronouns, articles, participle endings), with no verb
list. A sentence whose aside does not fit one of these stays whole.
"""

from __future__ import annotations

import re

from recall_audit.scorer.judges.english_verbs import Token, as_claim, span_text
from recall_audit.scorer.judges.latin_subjects import CONJUNCTIONS, opens_noun_phrase, subject
from recall_audit.text.languages import function_words, plain

# The relative pronouns that are a clause's subject (French "que" is its object).
_RELATIVES = {
    "de": frozenset("der die das".split()),
    "fr": frozenset({"qui"}),
    "es": frozenset({"que", "quien"}),
    "it": frozenset({"che"}),
    "pt": frozenset({"que"}),
}
_COPULA = {"de": "ist", "fr": "est", "es": "es", "it": "è", "pt": "é"}
# A participle's auxiliary in the passive of the past ("créé en 1903": "a été créé"), and
# the participles of where a thing lies, whose state holds now ("situé": "est situé").
_PASSIVE = {"de": "wurde", "fr": "a été", "es": "fue", "it": "è stato", "pt": "foi"}
_LYING = re.compile(r"^(?:situ|ubicad|localizad|locali[sz]z)")
_LIES = {"de": "liegt", "fr": "est", "es": "está", "it": "è", "pt": "está"}
# A participle opening an aside: the regular endings only. atomic_latin's wider list ("-it",
# "-u", "-to") is read after an auxiliary; opening an aside, it would take an adjective.
_PARTICIPLE = {
    "de": re.compile(r"^ge\w+(?:t|en)$"),
    "fr": re.compile(r"(?:é|ée|és|ées)$"),
    "es": re.compile(r"(?:ado|ada|ados|adas|ido|ida|idos|idas)$"),
    "it": re.compile(r"(?:ato|ata|ati|ate|uto|uta|ito|ita)$"),
    "pt": re.compile(r"(?:ado|ada|ados|adas|ido|ida|idos|idas)$"),
}
_ITALIAN_FEMININE = re.compile(r"(?:ata|uta|ita|ate|ute|ite)$")


def clauses(sentence: str, tokens: list[Token], language: str) -> list[str]:
    """The aside's claim and the sentence without it, or the sentence alone."""
    if language not in _COPULA:
        return [sentence]
    found = _leading_participle(sentence, tokens, language) or _aside(sentence, tokens, language)
    return found or [sentence]


def _aside(sentence: str, tokens: list[Token], language: str) -> list[str] | None:
    """ "SUBJECT, ASIDE, verb …" with the aside read as a clause on the subject."""
    name = subject(sentence, language)
    if not name or not sentence[len(name) :].lstrip().startswith(","):
        return None
    open_at = next(i for i, t in enumerate(tokens) if t.start >= len(name))
    close_at = next((i for i in range(open_at + 1, len(tokens)) if tokens[i].text == ","), None)
    if close_at is None or close_at - open_at < 2 or close_at + 1 >= len(tokens):
        return None
    rest = tokens[close_at + 1]
    if not rest.text[:1].islower() or rest.low in CONJUNCTIONS:  # it goes on with its verb
        return None
    said = _as_clause(sentence, tokens, open_at + 1, close_at, language)
    if said is None:
        return None
    rest_text = sentence[rest.start :]
    return [as_claim(name, said), as_claim(name, rest_text)]


def _as_clause(sentence: str, tokens: list[Token], lo: int, hi: int, language: str) -> str | None:
    """What the aside says of the subject, as the words after it in a clause."""
    first, last = tokens[lo], tokens[hi - 1]
    words = span_text(sentence, tokens, lo, hi)
    rest = span_text(sentence, tokens, lo + 1, hi)
    if language == "de" and first.low in _RELATIVES["de"] and last.text.islower():
        # "der 1879 in Ulm geboren wurde": a relative clause if its verb ends it, the verb
        # then put after the subject ("wurde 1879 in Ulm geboren").
        return f"{last.text} {span_text(sentence, tokens, lo + 1, hi - 1)}" if hi - lo > 2 else None
    if language != "de" and first.low in _RELATIVES[language]:
        second = tokens[lo + 1]
        if second.text[:1].isupper() or opens_noun_phrase(second, language):
            return None  # "que Cervantes escribió": the clause has a subject of its own
        return rest
    if first.text[:1].isupper() or plain(first.low) in function_words(language):
        if not opens_noun_phrase(first, language):
            return None  # a preposition or a name: an aside of another kind
        return f"{_COPULA[language]} {words}"
    if _PARTICIPLE[language].search(first.low):
        return _participle_clause(first, rest, language)
    return f"{_COPULA[language]} {words}"  # a bare noun: "Simone Veil, ministre de la Santé"


def _leading_participle(sentence: str, tokens: list[Token], language: str) -> list[str] | None:
    """ "Fundada en 1218, la Universidad de Salamanca es …": the participle phrase as a
    claim on the subject after the comma (German puts its verb first there: left whole)."""
    if language == "de" or len(tokens) < 5 or not tokens[0].text[:1].isupper():
        return None
    first = tokens[0]
    if not _PARTICIPLE[language].search(first.low):
        return None
    comma = next((i for i, t in enumerate(tokens) if t.text == ","), None)
    if comma is None or comma < 2 or comma + 2 >= len(tokens):
        return None
    main = sentence[tokens[comma + 1].start :]
    name = subject(main, language)
    if not name or not opens_noun_phrase(tokens[comma + 1], language):
        return None
    rest = span_text(sentence, tokens, 1, comma)
    return [as_claim(name, _participle_clause(first, rest, language)), as_claim(main)]


def _participle_clause(participle: Token, rest: str, language: str) -> str:
    """The participle and the words after it as a predicate: with the passive's auxiliary
    ("fue inaugurado en 1914"), or the verb of being born ("née à Varsovie": "est née",
    "nacido en 1547": "nació")."""
    word = participle.low
    if word in _BORN_AS:
        return f"{_BORN_AS[word]} {rest}"
    if word in _BORN:
        auxiliary = _COPULA[language]
    elif _LYING.match(word):
        auxiliary = _LIES[language]
    elif language == "it" and _ITALIAN_FEMININE.search(word):
        auxiliary = "è stata"
    else:
        auxiliary = _PASSIVE[language]
    return f"{auxiliary} {word} {rest}"


# Born: French and Italian say it with "to be", Spanish and Portuguese with a verb.
_BORN = frozenset("né née nés nées nato nata nati nate".split())
_BORN_AS = {"nacido": "nació", "nacida": "nació", "nascido": "nasceu", "nascida": "nasceu"}
