"""Atomic claims of German, French, Spanish, Italian or Portuguese sentences, which have no
verb list here: a sentence is cut at "und" / "et" / "y" between parts that each state a
number or a name (and at a comma before a verb in such a series), and a part that says
when and where is two claims; an aside on the subject is one of its own (latin_asides.py),
a final list one per item. English sentences are split by atomic.py, Japanese and Chinese
ones by atomic_cjk.py.
"""

from __future__ import annotations

import re
from itertools import pairwise

from recall_audit.scorer.judges import latin_asides, latin_pronouns
from recall_audit.scorer.judges.english_verbs import (
    Token,
    as_claim,
    is_date,
    number_like,
    span_text,
    tokenize,
)
from recall_audit.scorer.judges.latin_subjects import (
    AUXILIARIES_OF,
    CONJUNCTIONS,
    NEGATIONS,
    leading_name,
    noun_phrase_length,
    opening_noun_phrase,
    opens_noun_phrase,
    subject,
)
from recall_audit.text.languages import MONTHS_OF, function_words, leading_name_end, plain


def split(sentence: str, tokens: list[Token], language: str) -> list[str]:
    """A German, French, Spanish ... sentence cut at each "und" / "et" / "y" joining two
    parts that each state a fact (a number or a name): "Der KF 360 hat 360 Liter und
    verbraucht 110 kWh" is two claims, the second opening with the sentence's leading
    name when it opens with a lower-case word (its verb); then each claim that says both
    when and where is two ("wurde 1685 in Eisenach geboren")."""
    caused = _cause(sentence, language)
    if caused:
        main, cause = caused
        return [*split(main, tokenize(main), language), cause]
    clauses = latin_asides.clauses(sentence, tokens, language)
    return [
        item
        for clause in clauses
        for part in _joined_parts(
            clause, tokens if clause is sentence else tokenize(clause), language
        )
        for claim in _when_and_where(part, language)
        for item in _list_items(claim, language)
    ]


# What opens a clause of cause: its facts are the reference's too.
_CAUSES = {
    "de": re.compile(r",?\s+weil\s+"),
    "fr": re.compile(r",?\s+parce\s+qu(?:e\s+|['’])"),
    "es": re.compile(r",?\s+porque\s+"),
    "it": re.compile(r",?\s+perché\s+"),
    "pt": re.compile(r",?\s+porque\s+"),
}


def _cause(sentence: str, language: str) -> tuple[str, str] | None:
    """ "Der Kurs stieg um 12 %, weil die Nordbank einen Rekordgewinn meldete." as the
    sentence before "weil" and the cause as a sentence of its own ("Die Nordbank meldete
    einen Rekordgewinn.": German's verb put back after the subject); a cause with no
    subject of its own takes the sentence's ("perché può irritare …": "Il farmaco può
    irritare …"). None without one, or when the cause opens with a pronoun."""
    found = _CAUSES[language].search(sentence) if language in _CAUSES else None
    if found is None:
        return None
    main, cause = sentence[: found.start()] + ".", sentence[found.end() :]
    words = [t for t in tokenize(cause) if t.text not in ".!?"]
    if len(words) < 2:
        return None
    if language == "de":  # the finite verb ends it
        named = subject(as_claim(cause), language)
        verb = words[-1]
        if not named or not verb.text.islower():
            return None
        middle = cause[len(named) : verb.start].strip()
        return main, as_claim(named, verb.text, middle)
    if opens_noun_phrase(words[0], language) or words[0].text[:1].isupper():
        return main, as_claim(cause)
    if plain(words[0].low) in function_words(language) and words[0].low not in NEGATIONS:
        return None  # a pronoun or a preposition: whose, it does not say
    named = subject(main, language)
    return (main, as_claim(named, cause)) if named else None


def _joined_parts(sentence: str, tokens: list[Token], language: str) -> list[str]:
    parts, start = [], 0
    # "…, mais il n'est pas possible …": a contrast after a comma joins two parts too.
    joints = [
        i
        for i, t in enumerate(tokens)
        if i and (t.low in CONJUNCTIONS or (t.low in _BUT and tokens[i - 1].text == ","))
    ]
    # Between two capitalised words "und" / "y" lists names ("für iOS und Android"),
    # it joins no parts.
    joints = [
        i
        for i in joints
        if not _between_names(tokens, i)
        and not _name_ends(tokens, i, language)
        and not _between_two(tokens, i)
    ]
    last = max(joints, default=0)
    for i in range(1, len(tokens)):
        # A comma already in the part sets off an apposition or an opening phrase ("La
        # Loire, le plus long fleuve de France, mesure …"): the next one ends it.
        series = _series_comma(tokens, i, last, language) and not any(
            t.text == "," for t in tokens[start:i]
        )
        if i in joints or series:
            parts.append((start, i - (tokens[i - 1].text == ",")))
            start = i + 1
    parts.append((start, len(tokens)))
    if len(parts) < 2 or not all(_states_fact(tokens, a, b, language) for a, b in parts):
        return [sentence]
    name = leading_name(sentence, tokens, language)
    # An opening phrase set off by a comma ("À la Banque Lumière, …") holds for every part;
    # a subject before its apposition ("La Loire, le plus long fleuve …") is a name.
    opening = (
        name
        and sentence[len(name) :].lstrip().startswith(",")
        and not opens_noun_phrase(tokens[0], language)
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
        elif n and opening and tokens[a].text.islower():
            text = f"{name}, {text}"
        elif n and opens_noun_phrase(tokens[a], language):
            # One opening with an article or a possessive has a subject of its own ("su
            # final se jugó …"), if a verb follows it: else it is a list's item ("… y una
            # batería de 70 Wh").
            if not _verb_after_subject(tokens, a, b, language):
                return [sentence]
        elif n and tokens[a].text.islower():
            # A part opening with its verb takes the name, else the sentence's article and
            # noun ("Le musée | ouvre …, ferme …"); one opening with a connective ("und
            # damit …") is no predicate of its own.
            if tokens[a].low in _CONNECTIVES:
                return [sentence]
            subject = name or opening_noun_phrase(sentence, tokens, language)
            if not subject:
                return [sentence]
            resolved = latin_pronouns.Reader(language).resolve_pronoun(text, subject)
            if resolved != text:  # "il n'est pas possible …": the subject's
                claims.append(as_claim(resolved))
                continue
            auxiliary = _shared_auxiliary(tokens, len(subject), tokens[a:b], language)
            text = " ".join(filter(None, (subject, auxiliary, text)))
        claims.append(as_claim(text))
    return claims


# The endings of the participles an auxiliary (latin_subjects.AUXILIARIES_OF) takes: "est
# né … et mort …" shares "est" ("Victor Hugo mort en 1885." is no sentence).
_PARTICIPLE_ENDINGS = {
    "de": re.compile(r"(?:ge\w+(?:t|en)|iert)$"),
    "fr": re.compile(r"(?:é|ée|és|ées|ort|orte|ert|erte|i|ie|is|ies|ise|it|ite|u|ue|us|ues)$"),
    "es": re.compile(r"(?:ado|ada|ados|adas|ido|ida|idos|idas|to|ta|cho|cha)$"),
    "it": re.compile(r"(?:ato|ata|ati|ate|uto|uta|ito|ita|to|ta)$"),
    "pt": re.compile(r"(?:ado|ada|ados|adas|ido|ida|idos|idas|to|ta)$"),
}


def _shared_auxiliary(
    tokens: list[Token], subject_end: int, part: list[Token], language: str
) -> str:
    """The first part's auxiliary, right after its subject, when this part has a participle
    it governs (first, or in German last: "wurde 1248 begonnen und erst 1880
    fertiggestellt"); '' otherwise ("et ferme …" has a verb of its own)."""
    after = next((t for t in tokens if t.start >= subject_end), None)
    auxiliaries = AUXILIARIES_OF.get(language, frozenset())
    ending = _PARTICIPLE_ENDINGS.get(language)
    words = [t for t in part if t.text[:1].isalpha()]
    if after is None or after.low not in auxiliaries or ending is None or not words:
        return ""
    if language == "de" and words[0].low in auxiliaries:
        return ""
    participle = words[-1] if language == "de" else words[0]
    return after.text if participle.text.islower() and ending.search(participle.low) else ""


def _between_names(tokens: list[Token], i: int) -> bool:
    """Both neighbours hold a capital ("iOS und Android", "Brot und Milch")."""
    before, after = tokens[i - 1].text, tokens[i + 1].text if i + 1 < len(tokens) else ""
    return any(map(str.isupper, before)) and any(map(str.isupper, after))


def _between_two(tokens: list[Token], i: int) -> bool:
    """ "zwischen 2 und 3 Stunden", "entre 10 et 20 euros": one range, no two parts."""
    return any(t.low in _BETWEEN for t in tokens[max(i - 4, 0) : i])


def _name_ends(tokens: list[Token], i: int, language: str) -> bool:
    """Only a name follows to the end, after an article or a preposition ("… el Real
    Madrid y el FC Barcelona.", "… et au Centre Pompidou."): the last item of a list, no
    part of its own."""
    rest = [t for t in tokens[i + 1 :] if t.text not in ".!?"]
    if rest and plain(rest[0].low) in function_words(language):
        rest = rest[1:]
    return bool(rest) and all(t.text[:1].isupper() or number_like(t) for t in rest)


def _series_comma(tokens: list[Token], i: int, last: int, language: str) -> bool:
    """A comma before a verb in a series that ends with "und" / "et" / "y" ("ist 2025
    erschienen, setzt Java 21 voraus und steht unter …"): the next word is in lower case
    and no function word (an article there opens a subject, "…, une carte perdue")."""
    if tokens[i].text != "," or i >= last or i + 1 >= len(tokens):
        return False
    after = tokens[i + 1]
    return after.text[:1].islower() and plain(after.low) not in function_words(language)


_BUT = frozenset("mais pero ma mas".split())
# Adverbs that link a clause to the one before; a part they open has no verb first.
_CONNECTIVES = frozenset(
    "damit dabei dann daher deshalb somit also zudem donc ainsi puis alors así luego además "
    "quindi così poi assim depois".split()
)
# Words before a verb that are no verb: reflexives and negations ("se jugó", "non accetta").
_BEFORE_VERB = frozenset("se si sich s ne n".split()) | NEGATIONS


def _verb_after_subject(tokens: list[Token], a: int, b: int, language: str) -> bool:
    """After the part's article and noun (and the names on it), a word that may be a verb
    ("su final | se jugó"), not a preposition ("des sculptures | du XIXe siècle")."""
    for t in tokens[a + noun_phrase_length(tokens[a]) : b]:
        if t.text[:1].isupper() or number_like(t):
            continue
        return t.text[:1].isalpha() and t.low not in _PREPOSITIONS_OF.get(language, ())
    return False


# Prepositions that follow a noun ("des sculptures du XIXe siècle").
_PREPOSITIONS_OF = {
    code: frozenset(words.split())
    for code, words in {
        "de": "von vom zu zum zur mit aus für im am in an auf bei",
        "fr": "de du des d à au aux en dans sur pour avec par",
        "es": "de del al a en con por para sin",
        "it": "di della dello dei degli delle a da dal in nel sul per con",
        "pt": "de do da dos das em no na com por para",
    }.items()
}


def _gapped_part(
    tokens: list[Token], earlier: tuple[int, int], part: tuple[int, int], language: str
) -> bool:
    """ "l'azote environ 78 %" after "L'oxygène représente environ 21 % de l'air sec": a
    subject of its own and a value, the verb left out ("L'azote environ 78 %." is no
    sentence). Told without a verb list: besides its subject's noun, the part has no word
    the part before it lacks."""
    a, b = part
    if not opens_noun_phrase(tokens[a], language):
        return False
    seen = {t.low for t in tokens[earlier[0] : earlier[1]]}
    words = [t for t in tokens[a + 1 : b] if t.text[:1].isalpha()]
    new = [t for t in words if t.low not in seen]
    # It mirrors the part before ("à … °C"); sharing none, it is an item of a list.
    return len(new) <= 1 and len(new) < len(words)


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
    own = a + noun_phrase_length(tokens[a])
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
        if not opens_noun_phrase(tokens[lo], language):
            return None
        verb = lo + noun_phrase_length(tokens[lo])
    rest = min(at + b - own, hi)
    pieces = ((a, own), (verb, at), (own, b), (rest, hi))
    return " ".join(span_text(sentence, tokens, x, y) for x, y in pieces if x < y)


def _states_fact(tokens: list[Token], a: int, b: int, language: str) -> bool:
    """A part of three words or more holding a number or a name, or a verb and its object:
    a word that may be a verb before an article ("… e incluye un modo oscuro", "soulage la
    douleur", "no se oxida con el aire"; an adjective seldom takes one, so "rápido y
    seguro" stays whole)."""
    words = [t for t in tokens[a:b] if t.text not in ".!?"]
    if len(words) < 3:
        return False
    if any(t.low in NEGATIONS or t.low in ("ne", "n") for t in words[:2]):
        return True  # "… e non accetta pagamenti in contanti", "y todavía no está …"
    auxiliaries = AUXILIARIES_OF.get(language, frozenset())
    if any(t.low in auxiliaries and u.text.islower() for t, u in pairwise(words)):
        return True  # "est autorisé deux jours par semaine": a compound tense or a passive
    verb_and_object = any(
        _may_be_verb(t, language)
        and any(opens_noun_phrase(o, language) for o in words[k + 1 : k + 4])
        for k, t in enumerate(words)
    )
    return verb_and_object or any(
        number_like(t) or (k and t.text[:1].isupper()) for k, t in enumerate(words)
    )


def _may_be_verb(tok: Token, language: str) -> bool:
    """A lower-case word that is no function word, an auxiliary, or a reflexive or a
    negation before a verb."""
    if not tok.text[:1].islower():
        return False
    low = tok.low
    return (
        plain(low) not in function_words(language)
        or low in AUXILIARIES_OF.get(language, frozenset())
        or low in _BEFORE_VERB
    )


# When and where, in closed classes: the preposition before a place's name, the words that
# open a date, and those that make a date the start or end of a span ("ab 1723": a state
# held from then, one fact with its place).
_PLACE_PREPOSITIONS = {
    "de": frozenset({"in"}),
    "fr": frozenset({"à", "en", "au", "aux"}),
    "es": frozenset({"en"}),
    "it": frozenset({"a", "in"}),
    "pt": frozenset({"em", "no", "na"}),
}
_DATE_OPENERS = frozenset("im am jahr jahre en le l'an el de il nel del em no".split())
_SPAN_MARKS = frozenset(
    "ab seit bis von depuis dès jusqu jusqu'en desde hasta dal fino até".split()
)
_MONTHS = frozenset(name for names in MONTHS_OF.values() for name in names)


def _when_and_where(claim: str, language: str) -> list[str]:
    """ "Bach wurde 1685 in Eisenach geboren" is "Bach wurde 1685 geboren" and "Bach
    wurde in Eisenach geboren", as an English date beside a place is a fact of its own;
    the claim whole unless it has exactly one date and one place after its subject."""
    tokens = tokenize(claim)
    # After the subject: its name, else its first word ("Su final | se jugó …").
    start = leading_name_end([t.text for t in tokens], language) or 1
    dates = _date_spans(tokens, start, language)
    places = _place_spans(tokens, start, language)
    if len(dates) != 1 or len(places) != 1:
        return [claim]
    (date,), (place,) = dates, places
    if date[0] < place[1] and place[0] < date[1]:
        return [claim]
    # A comma sets one of them in an aside ("Le Louvre, situé à Paris, a accueilli … en
    # 2023"): cut out of it, the aside would lose its words.
    if any(t.text == "," for t in tokens[start : max(date[1], place[1])]):
        return [claim]
    first, second = sorted((date, place))
    return [_without(claim, tokens, second), _without(claim, tokens, first)]


def _without(claim: str, tokens: list[Token], span: tuple[int, int]) -> str:
    lo, hi = span
    return as_claim(span_text(claim, tokens, 0, lo), span_text(claim, tokens, hi, len(tokens)))


def _date_spans(tokens: list[Token], start: int, language: str) -> list[tuple[int, int]]:
    """Each date after `start`: a year, or a day and its month (and year), with the words
    that open it ("im Jahr 1685", "el 11 de julio", "le 14 juillet 1789")."""
    spans: list[tuple[int, int]] = []

    def month(tok: Token) -> bool:
        # Only German writes its months with a capital: "Rio de Janeiro" names a city.
        return tok.low in _MONTHS and (language == "de" or not tok.text[:1].isupper())

    i = start
    while i < len(tokens):
        if not (is_date(tokens[i]) or month(tokens[i])):
            i += 1
            continue
        lo, hi = i, i + 1
        while hi < len(tokens) and (
            month(tokens[hi]) or is_date(tokens[hi]) or tokens[hi].low == "de"
        ):
            hi += 1
        while hi > i + 1 and tokens[hi - 1].low == "de":
            hi -= 1
        while lo > start and (
            tokens[lo - 1].low in _DATE_OPENERS
            or tokens[lo - 1].text in {"."}
            or tokens[lo - 1].text.isdigit()
        ):
            lo -= 1
        if lo > 0 and tokens[lo - 1].low in _SPAN_MARKS:
            return []  # a span of time, not a point: one fact with the rest
        spans.append((lo, hi))
        i = hi
    return spans


def _place_spans(tokens: list[Token], start: int, language: str) -> list[tuple[int, int]]:
    """Each preposition of place followed by a name ("in Eisenach", "en Ciudad de
    México")."""
    prepositions = _PLACE_PREPOSITIONS.get(language, frozenset())
    spans = []
    for i in range(start, len(tokens) - 1):
        if tokens[i].low not in prepositions or not tokens[i + 1].text[:1].isupper():
            continue
        hi = i + 2
        while hi + 1 < len(tokens) and (
            tokens[hi].text[:1].isupper()
            or (tokens[hi].low in ("de", "del") and tokens[hi + 1].text[:1].isupper())
        ):
            hi += 1
        spans.append((i, hi))
    return spans


# Where "A und B" is no list of things the sentence states one by one ("zwischen Paris und
# Lyon", "entre la France et l'Italie"), and the numbers that count a list's items ("zwei
# Monde, Phobos und Deimos": the count is an apposition's head, no item).
_BETWEEN = frozenset("zwischen entre tra fra".split())
_COUNTS = frozenset(
    "zwei drei vier fünf sechs sieben acht neun zehn deux trois quatre cinq six sept huit "
    "neuf dix dos tres cuatro cinco seis siete ocho nueve diez".split()
)
_ITEM_LENGTH = 4


def _alike(tokens: list[Token], items: list[tuple[int, int]], language: str) -> bool:
    """Items of one list: none over four words or holding a comma, all opening with a word
    of one kind (an article, a number, a name, a common word), not one amount in several
    units ("2 horas y 30 minutos"); in German the last no longer than the others (a verb
    after the list, "in Rot und Blau erhältlich", would be cut off)."""
    lengths = [b - a for a, b in items]
    if any(not 0 < n <= _ITEM_LENGTH for n in lengths):
        return False
    if any(t.text == "," for t in tokens[items[-1][0] : items[-1][1]]):
        return False
    if len({_kind(tokens[a], language) for a, _ in items}) > 1:
        return False
    units = [tokens[a + 1].low for a, b in items if b - a == 2 and number_like(tokens[a])]
    if len(units) == len(items) and len(set(units)) == len(units):
        return False
    last_longer = lengths[-1] > max(lengths[:-1]) + opens_noun_phrase(
        tokens[items[-1][0]], language
    )
    return not (language == "de" and last_longer)


def _kind(tok: Token, language: str) -> str:
    # A noun phrase: an article ("de la farine, des œufs"), or a name, which may take one
    # ("Österreich und die Schweiz").
    if opens_noun_phrase(tok, language) or tok.low in ("de", "d'") or tok.text[:1].isupper():
        return "noun"
    if number_like(tok):
        return "number"
    return "function" if plain(tok.low) in function_words(language) else "word"


def _list_items(claim: str, language: str) -> list[str]:
    """A claim ending in a list ("… unterstützt Windows, macOS und Linux", "il faut 250 g
    de farine, 125 g de beurre et une pincée de sel") as one claim per item, each after
    the words before the list. The items after the first show how long the first is.
    The claim whole unless the items are alike (`_alike`)."""
    tokens = tokenize(claim)
    end = len(tokens) - (bool(tokens) and tokens[-1].text in ".!?")
    joint = next((i for i in range(end - 2, 1, -1) if tokens[i].low in CONJUNCTIONS), None)
    if joint is None or _between_two(tokens, joint):
        return [claim]
    items = [(joint + 1, end)]
    hi = joint
    while True:  # the items between commas, from the last back
        comma = next((i for i in range(hi - 1, 0, -1) if tokens[i].text == ","), None)
        if comma is None or not 0 < hi - comma - 1 <= _ITEM_LENGTH:
            break
        items.insert(0, (comma + 1, hi))
        hi = comma
    lo = hi - (items[0][1] - items[0][0])
    openers = {tokens[a].low for a, _ in items}
    if len(openers) == 1:  # "au Louvre, au musée d'Orsay et au Centre Pompidou"
        lo = next(
            (
                i
                for i in range(hi - 1, hi - _ITEM_LENGTH - 1, -1)
                if i > 0 and tokens[i].low in openers
            ),
            lo,
        )
    elif lo > 0 and opens_noun_phrase(tokens[lo - 1], language):
        lo -= 1  # an article goes with its noun
    if lo > 0 and tokens[lo - 1].low == "de" and opens_noun_phrase(tokens[lo], language):
        lo -= 1  # a partitive: "de la farine" beside "des œufs"
    items.insert(0, (lo, hi))
    if lo < 2 or not _alike(tokens, items, language):
        return [claim]
    before = tokens[lo - 1]
    if before.text == "," or before.low in _COUNTS:
        return [claim]
    # "gewann 2013 die Meisterschaft, …": a year before the items' articles is no count.
    if number_like(before) and not opens_noun_phrase(tokens[lo], language):
        return [claim]
    if language == "de" and not any(map(str.isupper, tokens[end - 1].text)):
        return [claim]  # a German list of nouns ends in a capital: else a verb follows
    prefix = span_text(claim, tokens, 0, lo)
    return [as_claim(prefix, span_text(claim, tokens, a, b)) for a, b in items]
