"""Text helpers for the built-in judge: sentence spans, content terms, quantities, negation
and the proper nouns that fill a slot ("worked in Paris").

Everything here is pure, deterministic and cheap (regular expressions and set lookups), so
the built-in judge can attribute thousands of claims per second without any model.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from recall_audit.text import cjk, languages, lexicon
from recall_audit.text.languages import ENGLISH

# Function words carry no fact of their own. Negations are deliberately absent: they are
# tracked separately so that "was not born" never matches "was born".
STOPWORDS = frozenset(
    """
    a about above across after again against all almost along also although am among an and
    another any anyone anything are around as at be became because become becomes been before
    being below between both but by can could did do does doing done during each either else
    etc even ever every for from further had has have having he her here hers herself him
    himself his how however i if in into is it its itself just later least less like made make
    makes many may me might more most much must my myself near now of off often on once one
    only onto or other others otherwise our ours ourselves out over own per perhaps quite
    rather same several shall she should since so some something such than that the their
    theirs them themselves then there thereby therefore these they this those though through
    throughout thus to too toward towards under until up upon us use used uses using very via
    was we well were what whatever when whenever where whereas whether which while who whom
    whose why will with within would yes yet you your yours yourself ok okay
    """.split()
)

_AUXILIARIES = frozenset(
    """is was are were be been has have had will would can could may might shall should must
    do does did became becomes remains remained""".split()
)
_IRREGULAR_PAST = frozenset(
    """won made became began wrote went took gave found led left held told built grew saw came
    knew ran sold brought thought bought taught fought got said met lost chose drove flew fell
    rose sang spoke stood struck wore hid kept sent spent paid set put read became""".split()
)


def looks_like_verb(word: str) -> bool:
    """An auxiliary, a common irregular past or a regular past ("-ed"): enough to find
    where a subject ends or whether a clause stands alone, without a tagger."""
    low = word.lower()
    return low in _AUXILIARIES or low in _IRREGULAR_PAST or (len(low) > 4 and low.endswith("ed"))


NEGATIONS = frozenset(
    "not no never none nor neither nobody nothing nowhere cannot without unless lack lacks lacked".split()
)

MONTH_NAMES = tuple(
    "january february march april may june july august september october november december".split()
)
_MONTHS = {name: i + 1 for i, name in enumerate(MONTH_NAMES)} | {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
# Capitalised only: "may", "march", "dec" are also ordinary words.
MONTH_FORMS = frozenset(m.capitalize() for m in _MONTHS)


def is_number(word: str) -> bool:
    """A numeral or a number written out ("1215", "four", "twelve")."""
    return bool(word) and _word_kind(word)[0] == _NUMBER


def is_year(number: float) -> bool:
    """A whole number that reads as a year when nothing else says what it counts."""
    return number.is_integer() and 1000 <= number <= 2100


_WEEKDAYS = {
    day: i + 1
    for i, day in enumerate("monday tuesday wednesday thursday friday saturday sunday".split())
}

# A negation governs the next content word only: in "not approved in Europe" it is the
# approval that is denied, not Europe.
_NEGATION_SCOPE = 1
# The units of a number in words ("seventy-three"); "one" alone is rarely a count.
_UNIT_WORDS = {
    w: i + 1 for i, w in enumerate("one two three four five six seven eight nine".split())
}
_NUMBER_WORDS = {w: n for w, n in _UNIT_WORDS.items() if w != "one"} | {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "dozen": 12, "twice": 2, "thrice": 3,
}  # fmt: skip
_TENS = frozenset(float(n) for n in range(20, 100, 10))
# "no more than 5 days" bounds a number, it denies nothing.
_BOUNDS = frozenset("more less fewer later earlier longer sooner greater than".split())
# "first" and "second" are left out: "first album" is rarely a count, "second" is a unit.
_ORDINAL_WORDS = {
    "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12,
}  # fmt: skip
# Ranks a superlative may follow ("second-largest"): the ordinals, with the two that
# _ORDINAL_WORDS leaves out.
_RANKS = {"first": 1, "second": 2, **_ORDINAL_WORDS}
_SCALES = {
    "hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000, "bn": 1_000_000_000,
}  # fmt: skip
# Units that make two equal numbers different facts; synonyms share one canonical name.
_UNITS = {
    "percent": "%", "per cent": "%", "%": "%", "percentage": "%",
    "km": "km", "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km",
    "mile": "mi", "miles": "mi", "mi": "mi",
    "m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m",
    "cm": "cm", "centimetre": "cm", "centimetres": "cm", "centimeter": "cm", "centimeters": "cm",
    "mm": "mm", "millimetre": "mm", "millimetres": "mm", "millimeter": "mm", "millimeters": "mm",
    "ft": "ft", "foot": "ft", "feet": "ft", "inch": "in", "inches": "in",
    "kg": "kg", "kilogram": "kg", "kilograms": "kg", "g": "g", "gram": "g", "grams": "g",
    "mg": "mg", "milligram": "mg", "milligrams": "mg", "lb": "lb", "lbs": "lb", "pound": "lb",
    "pounds": "lb", "ton": "t", "tons": "t", "tonne": "t", "tonnes": "t",
    "l": "l", "litre": "l", "litres": "l", "liter": "l", "liters": "l", "ml": "ml",
    "year": "yr", "years": "yr", "month": "mo", "months": "mo", "week": "wk", "weeks": "wk",
    "day": "d", "days": "d", "hour": "h", "hours": "h", "minute": "min", "minutes": "min",
    "second": "s", "seconds": "s",
    "dollar": "usd", "dollars": "usd", "euro": "eur", "euros": "eur",
    "degree": "deg", "degrees": "deg", "°": "deg",
    "mph": "mph", "kph": "kph", "km/h": "kph",
    "″": "in", "′′": "in", "gb": "gb", "gigabyte": "gb", "gigabytes": "gb", "tb": "tb", "terabyte": "tb",
    "terabytes": "tb", "mb": "mb", "megabyte": "mb", "megabytes": "mb", "mah": "mah",
    "wh": "wh", "kwh": "kwh", "w": "w", "watt": "w", "watts": "w", "kw": "kw",
    "kilowatt": "kw", "kilowatts": "kw", "v": "v", "volt": "v", "volts": "v", "hz": "hz",
    "ghz": "ghz", "mhz": "mhz", "gigahertz": "ghz", "megahertz": "mhz",
}  # fmt: skip
# Words after a degree that only name its scale ("25 degrees Celsius", "25°C").
_DEGREE_SCALES = frozenset({"c", "celsius", "centigrade"})  # and no proper nouns

# One pass over the text: numbers (with thousands separators and decimals), runs of one
# CJK script (cjk.py), words (with an apostrophe tail such as n't or 's), and the percent
# and degree signs. A word stops where CJK text starts ("iPhoneは").
_NOT_WORD = rf"\W\d_{cjk.HAN}{cjk.KATAKANA}{cjk.HIRAGANA}{cjk.HANGUL}"
_TOKEN = re.compile(rf"\d+(?:[.,]\d+)*|{cjk.TOKEN}|[^{_NOT_WORD}]+(?:'[^{_NOT_WORD}]+)?|[%°″]|′′")
_ORDINAL_SUFFIX = re.compile(r"^(st|nd|rd|th)$")
_WORD_SUFFIXES = (
    ("ational", "ate"),
    ("ization", "ize"),
    ("isation", "ize"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("ations", "ate"),
    ("ation", "ate"),
    ("ments", ""),
    ("ment", ""),
    ("ness", ""),
    ("ings", ""),
    ("ing", ""),
    ("ies", "y"),
    ("ied", "y"),
    ("edly", ""),
    ("ed", ""),
    ("ly", ""),
    ("ions", ""),
    ("ion", ""),
    ("ers", ""),
    ("er", ""),
    ("ors", ""),
    ("or", ""),
    ("es", ""),
    ("s", ""),
)


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


# Latin, Greek and Cyrillic letters lose their accents; kana keep their voicing marks
# ("ガ" is not "カ").
def _takes_accents(ch: str) -> bool:
    return ord(ch) < 0x0530 or 0x1E00 <= ord(ch) < 0x1F00


def _without_accents(run: re.Match[str]) -> str:
    out: list[str] = []
    for ch in unicodedata.normalize("NFKD", run.group()):
        if unicodedata.combining(ch) and out and _takes_accents(out[-1]):
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def fold(text: str) -> str:
    """Full-width forms made ASCII ("３７７６ｍ" is "3776m"), accents removed, typographic
    quotes made plain."""
    if not text.isascii():  # plain ASCII, most text, has nothing to fold
        # Only runs of non-ASCII characters can hold accents: the rest is copied.
        text = _NON_ASCII.sub(_without_accents, unicodedata.normalize("NFKC", text))
    return text.replace("’", "'").replace("‘", "'").replace("`", "'")


# Memoised: a pure function of one word, called for every word of every chunk, and a
# vocabulary repeats (bounded, so a long run's cache stays small).
@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A light suffix stripper: enough to match "published"/"publishes", and an agent noun
    or a noun of action with its verb ("director"/"directed", "election"/"elected"), never
    a dictionary.

    Both sides of a comparison go through it, so an odd stem only matters if two different
    words collide, which a minimum stem length of four makes rare.
    """
    if len(word) <= 4 or word.endswith("ss"):
        return word
    for suffix, repl in _WORD_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) + len(repl) >= 4:
            base = word[: len(word) - len(suffix)] + repl
            # "running" -> "runn" -> "run": undo a doubled final consonant.
            if len(base) > 4 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]
            return base.rstrip("e") if len(base) > 4 else base
    return word


def _number(raw: str) -> float:
    if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", raw):
        raw = raw.replace(",", "")
    elif "," in raw:  # "1,5" or a list "3,4": keep the first number only
        raw = raw.split(",", 1)[0]
    try:
        return float(raw)
    except ValueError:
        return float(raw.split(".", 1)[0])


def _fmt(value: float) -> str:
    return f"{value:.6g}" if value != int(value) else str(int(value))


@dataclass(frozen=True, slots=True)
class Name:
    """A proper noun (a run of capitalised words) and the slot it fills in its sentence.

    The slot is the nearest content word before the run and the function word right before
    it ("worked in" for "worked in Paris", "directed by" for "directed by Nolan"), so two
    names in the same slot of two texts are two answers to the same question.
    """

    slot: tuple[str, str]
    text: str
    stems: frozenset[str]


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the judge compares: content stems, hard facts and polarity of one text span."""

    terms: frozenset[str]
    # Numbers as canonical strings; each maps to the units seen with it ("" for none).
    quantities: dict[str, frozenset[str]]
    # Other facts that must agree: ordinals ("#3") and months ("@7").
    facts: frozenset[str]
    # Content stems found only right after a negation ("not born" marks "born"); a stem also
    # stated plainly elsewhere in the span is not denied by it.
    negated_terms: frozenset[str] = frozenset()
    # Proper nouns with the slot they fill (see `Name`).
    names: frozenset[Name] = frozenset()

    @property
    def hard(self) -> frozenset[str]:
        """Every number, ordinal and month, as items that must all be found."""
        return self.facts | {f"={value}" for value in self.quantities}


# What a token of `_TOKEN` is to `analyse`, and what it carries: its lower case for a number,
# the fact for an ordinal or month, the stem for a content word.
_NUMBER, _FACT, _NEGATION, _TERM, _NOTHING = "number", "fact", "negation", "term", "nothing"
_SPACELESS = "spaceless"  # a run of Japanese or Chinese (cjk.py)


# Memoised like `stem`: a pure function of one token, and a vocabulary repeats.
@functools.lru_cache(maxsize=1 << 16)
def _word_kind(tok: str, language: str = ENGLISH) -> tuple[str, str]:
    if cjk.is_spaceless(tok):
        return _SPACELESS, ""
    low = tok.lower()
    if tok[0].isdigit() or low in _NUMBER_WORDS:
        return _NUMBER, low
    if low in _ORDINAL_WORDS:
        return _FACT, f"#{_ORDINAL_WORDS[low]}"
    if tok in MONTH_FORMS or (low in _MONTHS and len(low) > 4 and tok[0].isupper()):
        return _FACT, f"@{_MONTHS[low]}"
    if tok[0].isupper() and _weekday(low):  # "Monday", "on Mondays"
        return _FACT, f"%{_weekday(low)}"
    if low.endswith("n't") or low in NEGATIONS:
        return _NEGATION, ""
    term = _term(low, language)
    return (_NOTHING, "") if term is None else (_TERM, term)


def _weekday(low: str) -> int:
    return _WEEKDAYS.get(low) or _WEEKDAYS.get(low.removesuffix("s"), 0)


def _is_month(tok: str) -> bool:
    return bool(tok) and _word_kind(tok)[1][:1] == "@"


# A day beside its month ("May 1"): compared only with other days of a month.
DAY_OF_MONTH = "dom"

# The unit of a number that counts a noun ("two doses"): what it counts is a word the
# terms compare; the number only must not be matched with a measure ("two hours").
COUNTED = "*"


class _Reader:
    """One pass of `analyse` over a text's tokens, collecting what it finds."""

    def __init__(self, text: str) -> None:
        matches = list(_TOKEN.finditer(text))
        self.tokens = [m.group() for m in matches]
        # What separates each token from the one before: only a space joins a number to
        # the noun it counts.
        ends = [0, *(m.end() for m in matches)]
        self.gaps = [text[end : m.start()] for end, m in zip(ends, matches, strict=False)]
        self.tail = text[ends[-1] :]  # what follows the last token
        self.i = 0
        self.terms: set[str] = set()
        self.facts: set[str] = set()
        self.quantities: dict[str, set[str]] = {}
        self.negated: set[str] = set()
        self.affirmed: set[str] = set()
        self.scope = 0  # how many content words after a negation it still governs
        self.last = ""  # the last content word, which a Japanese ending may deny
        self.ordinal = (-1, 0)  # where the last "2nd" ended, and its number

    def peek(self) -> str:
        return self.tokens[self.i] if self.i < len(self.tokens) else ""

    def term(self, value: str) -> None:
        self.terms.add(value)
        self.last = value
        if self.scope:
            self.negated.add(value)
            # "not be able to benefit": the ability and what it is for are both denied.
            self.scope -= value not in _CARRIES_NEGATION
        else:
            self.affirmed.add(value)

    def rank(self) -> None:
        """The superlative just read states a rank: the first, or the one an ordinal before
        it says ("the third-largest"), which another rank in the evidence contradicts."""
        before = self.tokens[self.i - 2].lower() if self.i > 1 else ""
        ordinal = _RANKS.get(before)
        if self.ordinal[0] == self.i - 1:  # "the 2nd-largest"
            ordinal = self.ordinal[1]
        self.facts.add(f"^{ordinal or 1}")

    def deny_last(self) -> None:
        if self.last:
            self.negated.add(self.last)
            self.affirmed.discard(self.last)

    def number(self, tok: str, value: str) -> None:
        if tok[0].isdigit():
            number = _number(tok)
        else:
            number = self._spelled(float(_NUMBER_WORDS.get(value, 1)))
        after = self.peek()
        suffixed = tok[0].isdigit() and bool(_ORDINAL_SUFFIX.match(after.lower()))  # "9th"
        if tok[0].isdigit() and self._day_of_month(number, suffixed):  # "May 1", "9th April"
            self.i += suffixed
            self.quantities.setdefault(_fmt(number), set()).add(DAY_OF_MONTH)
            return
        if suffixed:
            self.facts.add(f"#{_fmt(number)}")
            self.i += 1
            self.ordinal = (self.i, int(number))
            return
        if cjk.is_spaceless(after):
            self.spaceless_quantity(number, after)
            return
        unit = ""
        if after.lower() in _SCALES:
            number *= _SCALES[after.lower()]
            self.i += 1
        if self.peek().lower() in _UNITS:
            unit = _UNITS[self.peek().lower()]
            self.i += 1
            if unit == "deg" and self.peek().lower() in _DEGREE_SCALES:
                self.i += 1
        elif self._per_cent() or self._inches():
            unit = "%" if self.tokens[self.i - 1].lower() == "cent" else "in"
        elif (self.gaps[self.i] if self.i < len(self.gaps) else self.tail)[:1] == '"':
            unit = "in"  # '55"': the inch mark right after the number
        elif self._spaced_word(self.i):
            unit = COUNTED
            # "90 calendar days": one word between the number and its unit, which is read
            # on as a word too ("5 business days" and "five working days" share it).
            if self._spaced_word(self.i + 1):
                unit = _UNITS.get(self.tokens[self.i + 1].lower(), unit)
        self.quantities.setdefault(_fmt(number), set()).add(unit)

    def _spelled(self, number: float) -> float:
        """A number in words read on to its end: "seventy-three", "twenty one", "two
        hundred and fifty", "a hundred" (the scale itself is read by `number`)."""
        number = self._with_units(number)
        at = self.i
        words = [t.lower() for t in self.tokens[at : at + 3]]
        if len(words) == 3 and words[0] == "hundred" and words[1] == "and":
            rest = _NUMBER_WORDS.get(words[2]) or _UNIT_WORDS.get(words[2])
            if rest and rest < 100:
                self.i += 3
                return number * 100 + self._with_units(float(rest))
        return number

    def _with_units(self, number: float) -> float:
        """ "seventy-three": a tens word and the unit after its hyphen or space."""
        unit = _UNIT_WORDS.get(self.peek().lower())
        if number in _TENS and unit and self.gaps[self.i] in ("-", " "):
            self.i += 1
            return number + unit
        return number

    def _day_of_month(self, number: float, suffixed: bool) -> bool:
        """The number just read (with its ordinal suffix, if `suffixed`) is a day beside
        its month ("May 1", "1 May", "9th of April"): a date, which only another day
        contradicts, not a count nearby."""
        if not (number.is_integer() and 1 <= number <= 31):
            return False
        ahead = self.tokens[self.i + suffixed : self.i + suffixed + 2]
        if ahead[:1] == ["of"]:
            ahead = ahead[1:]
        after = ahead[0] if ahead else ""
        before = self.tokens[self.i - 2] if self.i >= 2 else ""
        return _is_month(before) or _is_month(after)

    def _per_cent(self) -> bool:
        """ "20 per cent": the two words read as one unit."""
        words = [t.lower() for t in self.tokens[self.i : self.i + 2]]
        if words == ["per", "cent"]:
            self.i += 2
            return True
        return False

    def _inches(self) -> bool:
        """ "13.3 in" ends its phrase: "in" is the unit, not the preposition ("3 in a row")."""
        at = self.i
        if at >= len(self.tokens) or self.tokens[at] != "in":
            return False
        if at + 1 < len(self.tokens) and self.gaps[at + 1].isspace():
            return False
        self.i += 1
        return True

    def _spaced_word(self, at: int) -> bool:
        """Token `at` is a word joined to the one before by a space only."""
        if at >= len(self.tokens) or not self.gaps[at].isspace():
            return False
        return _word_kind(self.tokens[at])[0] == _TERM

    def spaceless_quantity(self, number: float, after: str) -> None:
        """A number written before CJK ("210万人", "1879年に"): its scale and unit are
        the token's first characters; the rest of the token is read on as text."""
        # "千米" is a kilometre and "千克" a kilogram, not a thousand metres or grams.
        if after[0] in cjk.SCALES and not cjk.unit_prefix(after).startswith(after[0]):
            number *= cjk.SCALES[after[0]]
            after = after[1:]
        unit = cjk.unit_prefix(after)
        rest = after[len(unit) :]
        if rest:
            self.tokens[self.i] = rest
        else:
            self.i += 1
        kind = cjk.UNITS.get(unit, "")
        if kind in ("@", "#"):  # "3月" is March, "3位" third
            self.facts.add(f"{kind}{_fmt(number)}")
        else:
            self.quantities.setdefault(_fmt(number), set()).add(kind)

    def spaceless(self, tok: str) -> None:
        if "\u3040" <= tok[0] <= "\u309f":  # hiragana: grammar, which may deny
            if cjk.denies_before(tok):
                self.deny_last()
            return
        days, tok = cjk.weekdays(tok)
        self.facts.update(f"%{day}" for day in days)
        self.facts.update(f"^{rank}" for rank in cjk.ranks(tok))
        for piece in cjk.split_negations(tok):
            if piece in cjk.CHINESE_NEGATIONS:
                self.scope = _NEGATION_SCOPE
            elif piece:
                for word in cjk.words(piece):
                    self.term(word)


_ISO_DATE = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")


def _spelled_dates(text: str) -> str:
    """ "2024-03-12" as "12 March 2024", so an ISO date states its month as a date in words
    does (and its day and year as numbers)."""

    def spelled(m: re.Match[str]) -> str:
        year, month, day = (int(g) for g in m.groups())
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return m.group()
        return f"{day} {MONTH_NAMES[month - 1].capitalize()} {year}"

    return _ISO_DATE.sub(spelled, text)


def analyse(text: str, *, with_names: bool = True, language: str = ENGLISH) -> Analysis:
    """Content stems, quantities with units, ordinals, months and negated stems of `text`,
    and its names unless `with_names` is false (finding them costs as much as the rest, and
    the judge needs them only for the few sentences that could support a claim). Words
    are stemmed as `language` stems them (recall_audit/text/languages.py)."""
    r = _Reader(_spelled_dates(fold(text)))
    tokens, n = r.tokens, len(r.tokens)
    while r.i < n:
        tok = tokens[r.i]
        r.i += 1
        kind, value = _word_kind(tok, language)
        if tok.lower() in ("one", "a", "an") and r.peek().lower() in _SCALES:
            kind, value = _NUMBER, "one"  # "one hundred", "a million": a number
        if kind == _TERM:
            r.term(value)
            if tok.endswith("est") and language == ENGLISH and lexicon.is_superlative(tok):
                r.rank()
        elif kind == _SPACELESS:
            r.spaceless(tok)
        elif kind == _NUMBER:
            r.number(tok, value)
        elif kind == _FACT:
            r.facts.add(value)
        # "not only ... but also" affirms both parts.
        elif kind == _NEGATION and r.peek().lower() != "only" and r.peek().lower() not in _BOUNDS:
            r.scope = _NEGATION_SCOPE
    return Analysis(
        terms=frozenset(r.terms),
        quantities={k: frozenset(v) for k, v in r.quantities.items()},
        facts=frozenset(r.facts),
        negated_terms=frozenset(r.negated - r.affirmed),
        names=names(text, language)
        if with_names and _names_are_capitalised(language)
        else frozenset(),
    )


def _names_are_capitalised(language: str) -> bool:
    """German capitalises every noun: a capital there marks no name."""
    return language != "de"


def search_tokens(text: str, language: str = ENGLISH) -> list[str]:
    """The words a search engine indexes `text` by, in order and repeated: the judge's
    stems and CJK bigrams (so a retriever and the judge read a language alike), and
    numbers as written without separators."""
    out: list[str] = []
    for tok in _TOKEN.findall(fold(text)):
        if cjk.is_spaceless(tok):
            if not "\u3040" <= tok[0] <= "\u309f":
                out.extend(w for piece in cjk.split_negations(tok) for w in cjk.words(piece))
            continue
        kind, value = _word_kind(tok, language)
        if kind == _TERM:
            out.append(value)
        elif kind == _NUMBER and tok[0].isdigit():
            out.append(_fmt(_number(tok)))
    return out


def content_words(text: str) -> dict[str, str]:
    """Each content stem of `text` with the word it was written as (its first), for
    looking the word up where the stem would not do (synonyms in recall_audit/text/lexicon.py)."""
    out: dict[str, str] = {}
    for tok in _TOKEN.findall(fold(text)):
        kind, value = _word_kind(tok) if not cjk.is_spaceless(tok) else (_NOTHING, "")
        if kind == _TERM and value not in out:
            out[value] = _content_word(tok.lower()) or value
    return out


def _content_word(low: str) -> str | None:
    """A lower-case word without its apostrophe tail, or None for a function word."""
    if low.endswith("'s"):
        low = low[:-2]
    elif "'" in low:
        low = low.split("'", 1)[0]
    if len(low) < 2 or low in STOPWORDS or low in _SCALES:
        return None
    return low


# Words through which a negation reaches the verb after them (English closed class).
_CARRIES_NEGATION = frozenset(
    stem(w) for w in "able allowed permitted possible likely expected going longer yet".split()
)


def _term(low: str, language: str = ENGLISH) -> str | None:
    """The content stem of a lower-case word, or None for a function word."""
    word = _content_word(low)
    if word is None:
        return None
    if language == ENGLISH:
        return stem(word)
    if word in languages.function_words(language):
        return None
    return languages.snowball(word, language)


# Words, numbers and single punctuation marks, in order: punctuation ends a slot.
# A word may hold digits ("F1", "B52"): it is still one word of a name.
_SLOT_TOKEN = re.compile(r"\d+(?:[.,]\d+)*(?![^\W_])|[^\W_]+(?:'[^\W\d_]+)?|[^\w\s]")
_SENTENCE_END = frozenset(".!?:;\n")
# How far back (in tokens) the content word naming a slot may be: "worked in" or
# "was born in the city of" both qualify, a word from the previous clause does not.
_SLOT_REACH = 4
_ARTICLES = frozenset({"the", "a", "an"})


def names(text: str, language: str = ENGLISH) -> frozenset[Name]:
    """The proper nouns of `text` that fill a slot.

    A proper noun is a run of capitalised content words; a word that starts a sentence
    counts only when the run goes on (a capital there says nothing). Months are facts, not
    names. A run with no content word before it in its clause has no slot and is left out.
    """
    tokens = _SLOT_TOKEN.findall(fold(text))
    out: set[Name] = set()
    start = True  # the next word starts a sentence
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        # A unit after its number ("144 Hz", "8 GB") names no one.
        unit = i > 0 and tokens[i - 1][0].isdigit() and tok.lower() in _UNITS
        if unit or not _is_capitalised(tok):
            start = tok in _SENTENCE_END or (start and not tok[0].isalnum())
            i += 1
            continue
        j = i
        while j < len(tokens) and (_is_capitalised(tokens[j]) or _links_name(tokens, j, language)):
            j += 1
        run = tokens[i:j]
        if start and len(run) == 1:
            start = False
            i = j
            continue
        name = " ".join(run)
        # Stems as `analyse` makes them, so they compare with the other text's terms.
        stems = frozenset(
            t for w in _TOKEN.findall(name) if (t := _term(w.lower(), language)) is not None
        )
        slot = _slot(tokens, i)
        if stems and slot is not None:  # "G5" leaves no word to compare, only a number
            out.add(Name(slot=slot, text=name, stems=stems))
        start = False
        i = j
    return frozenset(out)


# "de" of "Copa Mundial de Fútbol", "Banco de España": one name in these languages.
_NAME_LINKS = frozenset("de del des du di da della do dos das".split())


def _links_name(tokens: list[str], j: int, language: str) -> bool:
    """A short word joining two capitalised words into one name, outside English."""
    if language == ENGLISH or tokens[j] not in _NAME_LINKS or j + 1 >= len(tokens):
        return False
    return _is_capitalised(tokens[j + 1])


# Memoised: asked of every token of every sentence whose names a check reads.
@functools.lru_cache(maxsize=1 << 16)
def _is_capitalised(tok: str) -> bool:
    return (
        tok[0].isupper()
        and tok[0].isalpha()
        and tok not in MONTH_FORMS
        and tok.lower() not in _DEGREE_SCALES  # "60 °C" names no one
        and not _weekday(tok.lower())
        and _content_word(tok.lower()) is not None
    )


def _slot(tokens: list[str], at: int) -> tuple[str, str] | None:
    """The slot of a name starting at token `at`: (content stem, function word or '')."""
    function = ""
    for tok in reversed(tokens[max(0, at - _SLOT_REACH) : at]):
        if not tok[0].isalnum():
            return None
        # A number before a name dates it ("in 1933 Einstein"), it names no role: look past it.
        term = None if tok[0].isdigit() else _term(tok.lower())
        if term is None:
            # "worked in the" and "worked in" name the same slot.
            if not function and tok[0].isalpha() and tok.lower() not in _ARTICLES:
                function = tok.lower()
            continue
        return term, function
    return None


# Abbreviations after which a full stop does not end a sentence.
_ABBREVIATIONS = frozenset(
    """
    dr mr mrs ms prof sr jr st mt ft vs etc gen col lt sgt capt cmdr rev gov sen rep pres inc
    ltd co corp dept univ est approx ca cf al jan feb mar apr jun jul aug sep sept oct nov dec
    ed eds bros
    """.split()
)
# These are abbreviations only before a number ("No. 1", "Vol. 2"); "no." may end a sentence.
_NUMBERED = frozenset("no nos vol vols pp p fig figs op art ch sec".split())
# German writes an ordinal with a full stop: "am 25. März 1957", "im 19. Jahrhundert".
_GERMAN_ORDINAL = re.compile(
    r"(?:[1-9]|[12]\d|3[01])\.\s+(?:"
    + "|".join(m.capitalize() for m in (*languages.MONTHS_OF["de"], "jänner"))
    + r"|Jahrhunderts?|Jh\b)"
)
# A sentence ends at . ! or ? (plus closing quotes or brackets) followed by white space and
# something that can start a sentence; line breaks always end one. Written as one character
# class first, then what follows that character, so the regular expression engine skips to
# the next stop or line break instead of trying both branches at every character (4x
# faster; it matches what `[.!?]+["')\]”’]*(?=...)|\n+` matches).
# CJK sentences end at 。！？ with no space after them. The letter after a stop is
# checked in `sentence_spans`: any capital starts a sentence ("Über", "Łódź"), lower case
# does not ("e.g. the").
_BOUNDARY = re.compile(
    r"""[.!?\n](?:(?<=\n)\n*|(?<=[.!?])[.!?]*["')\]”’]*(?=\s+["'(\[“‘¿¡«„]?\w))"""
    r"""|[。！？]+[」』）)”’"']*"""
)
_OPENING = re.compile(r"""\s+["'(\[“‘¿¡«„]?(\w)""")
_WORD_BEFORE = re.compile(r"([\w.]+)[.!?]*$")


def _is_abbreviation(text: str, dot: int, after: int) -> bool:
    """True when the full stop at `dot` belongs to an abbreviation or an initial.

    `after` is the offset where the white space following the stop ends.
    """
    if text[dot] != ".":
        return False
    match = _WORD_BEFORE.search(text, max(0, dot - 20), dot + 1)
    if match is None:
        return False
    word = match.group(1).rstrip(".").lower()
    if word.isdigit():
        return _GERMAN_ORDINAL.match(text, match.start(1)) is not None
    if word in _NUMBERED:
        return after < len(text) and text[after].isdigit()
    # Single letters are initials ("J. R. R. Tolkien"); dotted forms ("U.S.", "e.g.") too.
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()) or "." in word


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of `text`, trimmed of surrounding space."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        end = match.end()
        if match.group(0)[0] in ".!?":
            opening = _OPENING.match(text, end)
            if opening and opening.group(1).islower():
                continue
            after = end
            while after < len(text) and text[after].isspace():
                after += 1
            if _is_abbreviation(text, match.start(), after):
                continue
        spans.append((start, end))
        start = end
    spans.append((start, len(text)))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return out


def split_sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in sentence_spans(text)]
