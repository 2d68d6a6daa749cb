"""Which language a text is in, and how its words are stemmed and which are function words.

The judge's own light stemmer is tuned for English; for the other languages bm25s ships
function-word lists for, words are stemmed by Snowball (PyStemmer), so "entwickelte" meets
"entwickelt" and "signalée" meets "signaler". A text's language is the one whose function
words it uses most (English unless another clearly leads): reliable on a case's claims and
chunks together, not meant for a single short sentence.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import Stemmer

if TYPE_CHECKING:
    from py3langid.langid import LanguageIdentifier

ENGLISH = "en"
# Languages that write a compound noun as one word ("Krankenversicherungsgesetz").
COMPOUNDING = frozenset({"de", "nl", "da", "no", "sv"})
# code -> Snowball algorithm; bm25s keeps each one's function words as STOPWORDS_<NAME>.
_KNOWN = {
    "de": "german",
    "fr": "french",
    "es": "spanish",
    "it": "italian",
    "pt": "portuguese",
    "nl": "dutch",
    "da": "danish",
    "no": "norwegian",
    "sv": "swedish",
    "ru": "russian",
    "tr": "turkish",
}
_WORD = re.compile(r"[^\W\d_]+")
# Another language must clearly lead: English and its neighbours share a few short words.
_LEAD = 1.5
_MIN_HITS = 3
_MIN_HITS_SHORT = 2


def plain(word: str) -> str:
    """Lower case without accents, as the function-word lists are kept."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@functools.cache
def function_words(code: str) -> frozenset[str]:
    """The language's function words, lower case and without accents (as the judge folds)."""
    # Imported on first use: bm25s brings numpy, which a model judge's first calls need not
    # wait for.
    import bm25s.stopwords

    name = "EN" if code == ENGLISH else _KNOWN[code].upper()
    return frozenset(plain(w) for w in getattr(bm25s.stopwords, f"STOPWORDS_{name}"))


def detect(texts: Iterable[str], budget: int = 4000) -> str:
    """The language of `texts`, read up to `budget` characters (enough to tell).

    Function words tell English from the rest (English unless another language clearly
    leads); which other language it is, a character n-gram model tells (py3langid), since
    the Romance languages share most of their short words ("la", "de", "en", "y")."""
    counts = dict.fromkeys([ENGLISH, *_KNOWN], 0)
    read: list[str] = []
    for text in texts:
        if budget <= 0:
            break
        read.append(text[: max(budget, 0)])
        budget -= len(text)
        for word in _WORD.findall(read[-1]):
            folded = plain(word)
            for code in counts:
                counts[code] += folded in function_words(code)
    best = max(_KNOWN, key=counts.__getitem__)
    clearly = counts[best] >= _MIN_HITS and counts[best] >= _LEAD * max(counts[ENGLISH], 1)
    # A short sentence has few function words ("Das Museum zeigt Gemälde und Fotografien."
    # has two): with no English one, two of another language tell it is not English.
    short = counts[ENGLISH] == 0 and counts[best] >= _MIN_HITS_SHORT
    if not (clearly or short):
        return ENGLISH
    candidates = {code for code in _KNOWN if counts[code]}
    ranked = _identifier().rank(" ".join(read))
    return next((code for code, _ in ranked if code in candidates), best)


@functools.cache
def _identifier() -> LanguageIdentifier:
    # Loaded on first use (half a second, and numpy): English text never needs it.
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE)


@functools.cache
def _stemmer(code: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(_KNOWN[code])


def snowball(word: str, code: str) -> str:
    """`word` (lower case, accents folded) stemmed by the language's Snowball stemmer."""
    return _stemmer(code).stemWord(word)


# Month names of the other languages, lower case (English's are in text.py).
MONTHS_OF: dict[str, tuple[str, ...]] = {
    code: tuple(names.split())
    for code, names in {
        "de": "januar februar märz april mai juni juli august september oktober november dezember",
        "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre "
        "décembre",
        "es": "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre "
        "noviembre diciembre",
        "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
        "novembre dicembre",
        "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro "
        "novembro dezembro",
    }.items()
}


def leading_name_end(words: Sequence[str], language: str) -> int:
    """Where the name a sentence opens with ends, told without a verb list: at the first
    lower-case content word after a name ("Der Kühlschrank Nordhaus KF 360 | hat", "El
    endpoint /v1/pagos de Pagaloya | devuelve", "L'oxygène | représente"), or at a comma
    after a name; a short function word before a capital belongs to the name ("Copa
    Mundial de Fútbol"), and "de" before a number ("... de 2010"). 0 when the sentence
    opens with no name, or with two common words before any ("Le train part | de Lyon")."""
    grammar = function_words(language)
    named = False
    common = 0  # lower-case content words before any name
    for i, word in enumerate(words):
        first = word[:1]
        if first == ",":
            return i if named else 0
        if not first.isalpha():  # a number or a path goes on a name ("KF 360")
            continue
        if first.isupper():
            named = named or i > 0 or plain(word) not in grammar
            continue
        after = words[i + 1][:1] if i + 1 < len(words) else ""
        joins = after.isupper() or (after.isdigit() and plain(word) in _YEAR_LINKS)
        if plain(word) in grammar and len(word) <= 3 and joins:
            continue
        if named:
            return i
        common += plain(word) not in grammar
        if common > 1:
            return 0
    return 0


_YEAR_LINKS = frozenset("de del di da du des".split())
