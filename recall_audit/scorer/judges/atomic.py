"""A reference sentence split into its atomic facts, each naming its subject.

"The X1 features a 15-inch display and weighs 1.2 kg." states two facts, and context
recall counts facts: the first chunk may hold the display, another the weight, and
neither supports the whole sentence. The splits, in the order they are taken:

- a relative clause or an appositive set off by commas states a fact of the noun it
  follows ("Curie, a physicist born in Warsaw, won ..." -> "Curie was a physicist born in
  Warsaw"; "... Acme, which was founded in 1990" -> "Acme was founded in 1990");
- coordinated predicates share the subject ("... and weighs 1.2 kg" -> "The X1 weighs
  1.2 kg");
- a list of objects or places shares what comes before it ("supports A, B and C" ->
  "supports A", "supports B", "supports C").

Claims keep the reference's words: only the subject is repeated, and "was" or "is" joins
an appositive to it. Which words are verbs: english_verbs.py. Japanese and Chinese:
atomic_cjk.py; German, French, Spanish and the other languages with no verb list here:
atomic_latin.py.
"""

from __future__ import annotations

import re
from itertools import pairwise

from recall_audit.scorer.judges import atomic_latin, coordination, english_inflection
from recall_audit.scorer.judges.english_verbs import (
    DETERMINERS,
    PAST,
    PREPOSITIONS,
    TAKES_PLURAL,
    TIME_HEADS,
    Token,
    as_claim,
    is_adverb,
    is_date,
    is_past,
    is_verb,
    number_like,
    relates_two,
    span_text,
    tokenize,
    verb_at,
)
from recall_audit.scorer.judges.list_items import shared_noun, shares_head, unlike
from recall_audit.text import lexicon
from recall_audit.text.articles import article_before
from recall_audit.text.languages import ENGLISH
from recall_audit.text.text import analyse, looks_like_verb

_AND = frozenset("and or but und oder et ou y o e".split())
_RELATIVE = frozenset("which who whom whose".split())
_GOES_ON = frozenset("where when whereupon".split())  # a relative clause's own clause
_OPENS_CLAUSE = frozenset("which who after before when while because since although until".split())
_NO_SPLIT_BEFORE = frozenset({"between", "both", "either", "neither"})


_COPULAS = frozenset("is was are were".split())
_AUXILIARIES = _COPULAS | {"has", "have", "had", "been"}
# Participles of a state, not of an event ("located in", "known as").
_STATES = frozenset(
    "located based headquartered situated centered centred known called named".split()
)


def _main_verb(tokens: list[Token]) -> int:
    """Where the subject ends: the first verb after it, -1 when none is found. A verb
    coordinated later in the sentence tells how the first one is inflected ("features ...
    and weighs": "features" is a verb here, though more often a noun)."""
    later = next(
        (
            tokens[i + 1]
            for i in range(2, len(tokens) - 1)
            if tokens[i].low in _AND and is_verb(tokens[i + 1])
        ),
        None,
    )
    start = _opening_phrase(tokens) + 1
    for i, tok in enumerate(tokens[start : start + 11], start=start):
        if tok.text in ",;:(":
            return -1
        if _reduced_relative(tokens, i):
            continue
        if is_verb(tok) or (later is not None and tok is not later and is_verb(tok, later)):
            # "His film credits include ...": a plural noun, then the verb.
            plural = tok.low.endswith("s") and not looks_like_verb(tok.low)
            if not (plural and i + 1 < len(tokens) and _plural_verb(tokens, i + 1, later)):
                return i
            # "Quillstone 4.0 drops support ... and makes ...": the word inflected as the
            # later verb is the verb, not a plural noun before a plain one.
            inflected_as = later is not None and not _is_plural_form(later)
            if inflected_as and not is_verb(tokens[i + 1], later):
                return i
        elif _plural_verb(tokens, i, later):
            return i
    return -1


# Where a subject's reduced relative clause may still go on, and where it cannot.
_ENDS_CLAUSE = frozenset({",", ";", ":", "(", "that", "where", "when", *_RELATIVE, *_AND})
_AGREES = frozenset("is are was were has have can will may must".split())


def _reduced_relative(tokens: list[Token], i: int) -> bool:
    """A participle and its phrase inside the subject ("Light reflected from the Moon
    reaches Earth", "Data stored on the device is encrypted"): a finite verb comes after
    the phrase, before anything that could end a clause."""
    if i == 0 or not _participle(tokens[i]) or tokens[i].low in _AUXILIARIES:
        return False
    if i + 1 >= len(tokens) or tokens[i + 1].low not in PREPOSITIONS:
        return False
    for tok in tokens[i + 2 : i + 12]:
        if tok.low in _ENDS_CLAUSE:
            return False
        finite = tok.low in _AGREES or (tok.low.endswith("s") and lexicon.is_mostly_verb(tok.low))
        if finite and tok.text.islower():
            return True
    return False


def _opening_phrase(tokens: list[Token]) -> int:
    """Where a sentence's opening phrase ends ("According to the survey, ...", "In 2004,
    ..."): the position after its comma, 0 when it opens with its subject."""
    if not tokens or not (tokens[0].low in PREPOSITIONS or tokens[0].low == "according"):
        return 0
    return next((i + 1 for i in range(1, min(10, len(tokens))) if tokens[i].text == ","), 0)


def _plural_verb(tokens: list[Token], i: int, later: Token | None = None) -> bool:
    """A verb's plain form after a plural noun ("Other ancestors include", "Mitochondria
    generate"). A capitalised word is a name ("accepts GET"), and "Acme's" no plural.
    Where a later coordinated verb is plural ("... and are composed of"), any verb will
    do ("Cirrus clouds form", "the main rings span"): the first agrees with it."""
    before = tokens[i - 1].low
    low = tokens[i].low
    if not tokens[i].text.islower() or low.endswith("s") or before.endswith(("'s", "’s")):
        return False
    plural = before.endswith("s") and not looks_like_verb(before)
    # "Both Mercury and Venus lack": a subject of two is plural.
    pair = (
        before not in DETERMINERS
        and tokens[0].low == "both"
        and any(t.low == "and" for t in tokens[1:i])
    )
    agrees = (pair or (later is not None and _is_plural_form(later))) and lexicon.is_verb(low)
    return (plural or pair or lexicon.is_irregular_plural(before)) and (
        agrees or lexicon.is_mostly_verb(low)
    )


_PLURAL_FORMS = frozenset("are were have do".split())


def _is_plural_form(verb: Token) -> bool:
    """A verb form only a plural subject takes ("are", "have", "were")."""
    return verb.low in _PLURAL_FORMS


def continues_predicate(left: str, right: str) -> bool:
    """True when `right` opens with a verb inflected as `left`'s main verb ("signs each
    payload ..., and retries ..."): a second predicate of its subject, not a clause."""
    before, after = tokenize(left), tokenize(right)
    verb = _main_verb(before)
    opens = bool(after) and after[0].text.islower()
    return verb > 0 and opens and verb_at(after, 0, before[verb])  # "and otherwise costs"


_PERSONAL = frozenset("he she it they".split())


def subject(sentence: str) -> str:
    """The noun phrase a sentence opens with, before its verb ("Einstein", "The X1"), for
    a pronoun in the next sentence to stand for; '' when it is a pronoun or none is found."""
    tokens = tokenize(sentence)
    verb = _main_verb(tokens)
    start = _opening_phrase(tokens)
    aside = _aside_bounds(tokens) if verb < 0 and not start else None
    if aside:  # "The Shinkansen, Japan's high-speed rail network, opened …"
        verb = aside[0]
    if verb <= start or verb - start > 6:
        return ""
    words = {t.low for t in tokens[start:verb]}
    if words & (_PERSONAL | _RELATIVE | {"his", "her", "its", "their", "this", "that"}):
        return ""
    return span_text(sentence, tokens, start, verb)


def resolve_pronoun(sentence: str, antecedent: str) -> str:
    """ "He developed relativity." after "Einstein was born ..." is "Einstein developed
    relativity.": a claim names what it is about (a claim is read on its own)."""
    tokens = tokenize(sentence)
    if not antecedent or len(tokens) < 3:
        return sentence
    if tokens[0].low in _POSSESSIVES and tokens[1].text.islower() and not verb_at(tokens, 1):
        # "Its fastest trains run …": "The Shinkansen's fastest trains run …".
        return possessive(antecedent) + sentence[tokens[0].end :]
    # "On weekends it opens at 10": the pronoun after a short opening phrase.
    at = next((i for i, t in enumerate(tokens[:5]) if t.low in _PERSONAL), -1)
    if at < 0 or (at and tokens[0].low not in PREPOSITIONS) or not verb_at(tokens, at + 1):
        return sentence
    if not at and _main_verb(tokens) != 1:
        return sentence
    if at and antecedent.split(" ", 1)[0].lower() in DETERMINERS:
        antecedent = antecedent[:1].lower() + antecedent[1:]  # "on weekends the museum"
    return sentence[: tokens[at].start] + antecedent + sentence[tokens[at].end :]


_POSSESSIVES = frozenset("its their his her".split())


def possessive(noun_phrase: str) -> str:
    """ "The Shinkansen's", "Electric cars'", "The Harbour City Gulls'"."""
    return f"{noun_phrase}'" if noun_phrase.endswith("s") else f"{noun_phrase}'s"


def has_subject(clause: str) -> bool:
    """True when the clause opens with a subject and its verb ("refunds reach ...")."""
    tokens = tokenize(clause)
    verb = _main_verb(tokens)
    return verb > 0 and not any(t.low in _RELATIVE or t.low == "that" for t in tokens[:verb])


def _top_level(tokens: list[Token], lo: int, hi: int, value: str) -> list[int]:
    """Positions of `value` in [lo, hi) outside parentheses."""
    depth, out = 0, []
    for i in range(lo, hi):
        t = tokens[i].text
        depth += (t == "(") - (t == ")")
        if not depth and tokens[i].low == value:
            out.append(i)
    return out


def split(sentence: str, language: str = ENGLISH) -> list[str]:
    """The atomic claims of one English (or other space-separated) sentence."""
    tokens = tokenize(sentence)
    if language != ENGLISH:  # English verbs say nothing there ("Le pass donne …")
        return atomic_latin.split(sentence, tokens, language)
    leading = _leading_participle(sentence, tokens)
    if leading:
        return leading
    verb = _main_verb(tokens)
    if verb < 0:
        return _with_aside(sentence, tokens)
    group = coordination.members(sentence, tokens, verb)
    if group:  # "Both Mercury and Venus lack …": "Mercury lacks …", "Venus lacks …"
        rest = english_inflection.singular(tokens[verb].text) + sentence[tokens[verb].end :]
        return [claim for member in group for claim in split(as_claim(member, rest))]
    trailing = _trailing_participle(sentence, tokens, verb)
    if trailing:  # "…, becoming the 20th member": what the subject did, a claim of its own
        main, predicate = trailing
        named = span_text(sentence, tokens, _opening_phrase(tokens), verb)
        return [*split(main), as_claim(named, predicate)]
    # "The library not only lends books but also offers ...": "not only" is no subject's.
    paired = verb >= 3 and [t.low for t in tokens[verb - 2 : verb]] == ["not", "only"]
    subject = span_text(sentence, tokens, 0, verb - 2 if paired else verb)
    extra, tokens, sentence = _relative_clauses(sentence, tokens, verb)
    if tokens[verb].low in _COPULAS:  # "X was a physicist who developed ...": X developed
        for i in range(verb + 2, len(tokens) - 1):
            if tokens[i].low in ("who", "which", "that") and verb_at(tokens, i + 1):
                extra.append(("", span_text(sentence, tokens, i + 1, len(tokens))))
                tokens = tokens[:i]
                break
    past = tokens[verb].low in PAST or tokens[verb].low.endswith("ed")
    claims: list[str] = []
    # "was written by A and sung by B": the second predicate is "was sung by B".
    auxiliary = tokens[verb].text if _carries_participle(tokens, verb) else ""
    modal = _takes_plain_verb(tokens, verb)
    for n, (lo, hi) in enumerate(_predicates(tokens, verb, modal)):
        shared = auxiliary if n and _passive(tokens, lo) else ""
        if n and not shared and _shares_copula(tokens, verb, lo):
            shared = tokens[verb].text  # "is open ... and closed on holidays": is closed
        if n and modal and tokens[lo].low not in _MODALS:
            shared = tokens[verb].text  # "must submit ... and pay": must pay
        gapped = _gapped(sentence, tokens, lo, hi)
        if gapped:  # "recordings are kept for 7 years and transcripts for 2"
            opening = span_text(sentence, tokens, 0, _opening_phrase(tokens)).rstrip(" ,")
            left, others, right, aside = gapped
            claims.extend(as_claim(subject, shared, p) for p in _complements(left))
            claims.extend(
                as_claim(f"{opening}, {part}" if opening else part, rest)
                for part, rest in ((others, right), (aside, ""))
                if part
            )
            continue
        for predicate in _objects(sentence, tokens, lo, hi):
            claims.extend(as_claim(subject, shared, p) for p in _complements(predicate))
    for antecedent, clause in extra:
        joined = antecedent if antecedent else subject
        opens = tokenize(clause)[:4]  # "which in humans encodes": a verb after a phrase
        plain = bool(opens) and opens[0].text.islower() and lexicon.is_mostly_verb(opens[0].low)
        has_verb = plain or verb_at(opens, 0) or any(is_verb(t) for t in opens[1:])
        copula = "" if has_verb else ("was" if past else "is")
        claims.append(as_claim(joined, copula, clause))
    return [c for c in claims if c]


_NO_SUBJECT = frozenset({"there", *_OPENS_CLAUSE, "if", "as", "once", "unless"})
# "-ing" words that open a condition or a preposition's phrase, no act of the subject.
_NOT_ACTS = frozenset(
    "including according depending following regarding concerning excluding considering "
    "pending barring assuming provided".split()
)


def _trailing_participle(sentence: str, tokens: list[Token], verb: int) -> tuple[str, str] | None:
    """ "Croatia adopted the euro in 2023, becoming the 20th member …": the sentence
    without the phrase its last comma opens with an "-ing" verb, and that phrase as a
    predicate of the subject ("became the 20th member …"; ", making it the largest" is
    "is the largest"); None when the sentence ends otherwise."""
    start = _opening_phrase(tokens)
    named = tokens[start:verb]
    # The subject a noun phrase of its own: not "There", not "When oxygen …, X is formed".
    if not named or any(t.text == "," for t in named) or named[0].low in _NO_SUBJECT:
        return None
    commas = _top_level(tokens, verb + 2, len(tokens), ",")
    if tokens[verb].low.endswith("ing") or not commas or commas[-1] + 2 >= len(tokens):
        return None
    at = commas[-1]
    word = tokens[at + 1]
    acts = word.text.islower() and word.low.endswith("ing") and word.low not in _NOT_ACTS
    if not acts or not lexicon.is_verb(word.low) or tokens[at + 2].low in _AND:
        return None  # "swimming, cycling and running": a list
    like = tokens[verb + 1] if _perfect(tokens, verb) else tokens[verb]  # "has won …, beating"
    start = at + 2
    if word.low == "making" and tokens[start].low in ("it", "them"):
        plural = tokens[start].low == "them"
        form = "became" if is_past(like) else ("are" if plural else "is")
        start += 1
    else:
        form = english_inflection.finite(word.text, like)
    if not form:
        return None
    return sentence[: tokens[at].start], f"{form} {span_text(sentence, tokens, start, len(tokens))}"


def _gapped(
    sentence: str, tokens: list[Token], lo: int, hi: int
) -> tuple[str, str, str, str] | None:
    """A second clause whose verb is left out ("call recordings are kept for 7 years and
    chat transcripts for 2 years"): (the first predicate, the second subject, its verb
    phrase with its own complement, a clause after ", after which" about both), or None.
    The second part is a noun phrase and then the preposition the first predicate has."""
    ands = _top_level(tokens, lo + 1, hi, "and")
    if len(ands) != 1:
        return None
    joint = ands[0]
    end = next(iter(_top_level(tokens, joint + 1, hi, ",")), hi)
    right = tokens[joint + 1 : end]
    at = next((k for k, t in enumerate(right) if t.low in PREPOSITIONS), -1)
    if at >= 0 and right[at].low in _NOT_HEADS:  # "and net income of $310 million": an item
        return None
    # "costs $2.40 and a day pass $7.50": a value where the first part has its value.
    valued = at < 0
    if valued:
        at = next((k for k, t in enumerate(right) if number_like(t)), -1)
        named = any(t.low not in DETERMINERS for t in right[: max(at, 0)])
        listed = bool(_top_level(tokens, lo, joint, ","))  # "40 settings, 54 mm burrs, and"
        if not named or listed:
            return None
    # A verb of its own makes it a clause ("a day pass" is no verb; "price rises" is).
    own_verb = any(looks_like_verb(t.low) if valued else is_verb(t) for t in right)
    if not 0 < at <= 4 or own_verb:
        return None
    if valued:
        match = next((m for m in range(lo + 1, joint) if number_like(tokens[m])), None)
    else:
        match = next((m for m in range(joint - 1, lo, -1) if tokens[m].low == right[at].low), None)
    opens = tokens[joint + 1].low
    if match is None or opens in PREPOSITIONS or (opens in DETERMINERS and not valued):
        return None
    verb_phrase = span_text(sentence, tokens, lo, match)
    left = span_text(sentence, tokens, lo, joint).rstrip(" ,")
    others = span_text(sentence, tokens, joint + 1, joint + 1 + at)
    own = span_text(sentence, tokens, joint + 1 + at, end)
    # ", after which both are deleted": a clause of its own about what came before.
    after = tokens[end + 1 : hi]
    aside = ""
    if len(after) > 2 and after[0].low in PREPOSITIONS | TIME_HEADS and after[1].low == "which":
        aside = span_text(sentence, tokens, end + 3, hi)
    elif end < hi:
        return None
    return left, others, f"{verb_phrase} {own}", aside


# Words that open a phrase of the noun or number before them, not a complement of the
# verb: "revenue of $4.2 billion", "€180 per night", "faster than sound".
_NOT_HEADS = frozenset("of per than like including".split())
# A clause of condition or time at the end holds for every complement before it.
_CONDITIONS = frozenset("when if unless without while whenever once because".split())
_APPROXIMATE = frozenset("about around".split())
# First words of a preposition of two, the second "to".
_TWO_WORD_HEADS = frozenset("due owing thanks prior according next close".split())


def _head(tokens: list[Token], i: int) -> bool:
    """Where a complement of the verb opens: a preposition (not inside a name, not "to"
    of a range "7 to 9" or of an infinitive, "up to" from its "up"), or a comma before
    anything but "and" / "or"."""
    tok, after = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else None
    if after is None:
        return False
    before = tokens[i - 1]
    if tok.text == ",":  # not "Zion, Illinois": a place and the region it is in
        place = before.text[:1].isupper() and after.text[:1].isupper()
        year = before.text.isdigit() and is_date(after)  # "January 23, 2019"
        adjectives = _noun_pending(tokens, 0, i)  # "the first controlled, powered flight"
        return after.low not in _AND and not place and not year and not adjectives
    if tok.low == "up":  # "retries deliveries | up to 5 times"; "offers up to 30 hours"
        # A plain verb before it ("lets you contribute | up to") has no object yet.
        plain_verb = not before.low.endswith("s") and lexicon.is_mostly_verb(before.low)
        after_object = before.low not in PREPOSITIONS and not plain_verb
        return after.low == "to" and i > 1 and after_object
    if _participial(tokens, i):  # "signs each payload with HMAC-SHA256 | using its secret"
        return True
    if tok.low in _TWO_WORD_HEADS and after.low == "to":
        return True  # "due to the weather", "thanks to …": one preposition
    if tok.low == "to" and before.low in _TWO_WORD_HEADS:
        return False
    if tok.low not in PREPOSITIONS or tok.low in _NOT_HEADS or _inside_name(tokens, i):
        return False
    if tok.low in _APPROXIMATE and number_like(after):  # "is about 384,400 km"
        return False
    if before.low == "up" or before.low in PREPOSITIONS:  # "up to", "at about"
        return False
    # ", subject to approval", ", due to demand": the word after a comma and its
    # preposition open one phrase, which the comma already began.
    if i > 1 and tokens[i - 2].text == "," and before.text.islower():
        return False
    number_before = number_like(before) or before.text == "%"
    if tok.low == "to" and number_before and number_like(after):  # "5.25% to 5.50%"
        return False
    return not (tok.low == "to" and after.text.islower() and lexicon.is_mostly_verb(after.low))


def _participial(tokens: list[Token], i: int) -> bool:
    """An "-ing" form opening a phrase after the verb's object ("using the endpoint's
    secret"), not the verb's own complement ("started making cars")."""
    tok, before = tokens[i], tokens[i - 1]
    if not (tok.text.islower() and tok.low.endswith("ing") and lexicon.is_verb(tok.low)):
        return False
    after_noun = before.text[:1].isalnum() and before.low not in DETERMINERS
    return i > 2 and after_noun and not is_verb(before) and before.low not in PREPOSITIONS


def _holds_fact(tokens: list[Token], a: int, b: int) -> bool:
    """A complement worth a claim: a number or a name, or two content words."""
    words = [t for t in tokens[a + 1 : b] if t.text[:1].isalnum()]
    if any(number_like(t) or t.text[:1].isupper() or is_date(t) for t in words):
        return True
    return sum(t.low not in DETERMINERS and len(t.low) > 2 for t in words) >= 2


def _nested(tokens: list[Token], span: tuple[int, int], at: int) -> bool:
    """True when the phrase opening at `at` belongs to the complement `span` before it: the
    complement has a verb form ("with receipts submitted | within 30 days"), is an aside
    after a comma ("the highest level | in 22 years"), or names a place the next one
    narrows ("at St Mary's Hospital | in London")."""
    a, b = span
    inner = tokens[a:b]  # its head too: "studying coral reefs | in Belize"
    if any(t.text.islower() and (_participle(t) or t.low.endswith("ing")) for t in inner):
        return True
    if _zero_relative(inner):  # "to the importance the director places | on new works"
        return True
    if _absolute(tokens, a) and _participial(tokens, at):
        return True  # "with all six characters | taking turns": the turns are theirs
    opens_aside = tokens[a].text == "," and tokens[a + 1].low not in PREPOSITIONS
    if opens_aside and tokens[at].text != ",":
        return True
    # A measure's conditions: "343 metres per second in air | at 20 °C".
    if tokens[at].low == "at" and _measures(tokens, a, b):
        return True
    places = ("in", "at", "on")
    narrows = tokens[a].low in places and tokens[at].low in places and at + 1 < len(tokens)
    return narrows and tokens[b - 1].text[:1].isupper() and tokens[at + 1].text[:1].isupper()


def _zero_relative(phrase: list[Token]) -> bool:
    """A noun right before "the" opens a clause on it ("the importance the director places
    on …"): what follows may be that clause's."""
    return any(
        b.low == "the"  # not "three days a week"
        and a.text.isalpha()
        and a.text.islower()
        and a.low not in PREPOSITIONS
        and a.low not in DETERMINERS
        and not is_verb(a)
        and lexicon.is_mostly_noun(a.low)
        for a, b in pairwise(phrase[1:])
    )


def _absolute(tokens: list[Token], a: int) -> bool:
    """ "with" and a noun phrase that may do what an "-ing" after it says ("with all six
    main characters taking turns"); "with HMAC-SHA256 using ..." is the subject's tool."""
    follows = tokens[a + 1].low if a + 1 < len(tokens) else ""
    return tokens[a].low == "with" and follows in DETERMINERS | TAKES_PLURAL


def _measures(tokens: list[Token], a: int, b: int) -> bool:
    """True when the phrase states a quantity in a unit ("343 metres per second")."""
    quantities = analyse(" ".join(t.text for t in tokens[a:b]), with_names=False).quantities
    return any(unit for units in quantities.values() for unit in units)


def _other_value(predicate: str, tokens: list[Token]) -> list[str]:
    """ "contribute up to $7,000 in 2024, or $8,000 if you are 50 or older": another value
    for another case, a fact of its own in the first value's place ("contribute up to
    $8,000 if you are 50 or older"); [] when the predicate has no such alternative."""
    at = next(
        (
            i
            for i in range(1, len(tokens) - 2)
            if tokens[i].text == "," and tokens[i + 1].low == "or" and number_like(tokens[i + 2])
        ),
        None,
    )
    first = next((i for i in range(at or 0) if number_like(tokens[i])), None)
    if at is None or first is None:
        return []
    left = span_text(predicate, tokens, 0, at)
    before, after = (
        span_text(predicate, tokens, 0, first),
        span_text(predicate, tokens, at + 2, len(tokens)),
    )
    other = f"{before} {after}"
    return [*_complements(left), other]


def _complements(predicate: str) -> list[str]:
    """A predicate whose complements each state a fact: "was discovered by Alexander
    Fleming in 1928 at St Mary's Hospital in London" is "was discovered by Alexander
    Fleming", "... in 1928" and "... at St Mary's Hospital in London". Each keeps the verb
    and its object ("recorded her album in 2016"); a condition at the end ("when the limit
    is exceeded") stays on every one; a complement of one word ("for flights") stays with
    what it follows."""
    tokens = tokenize(predicate)
    if tokens and tokens[-1].text in ".!?":
        tokens = tokens[:-1]
    n = len(tokens)
    alternative = _other_value(predicate, tokens)
    if alternative:
        return alternative
    if any(t.low in _AND for t in tokens):
        # A list or a gapped clause kept whole ("kept for 7 years and transcripts for 2").
        return [predicate]
    tail = next((i for i in range(1, n) if tokens[i].low in _CONDITIONS), n)
    heads = [i for i in range(1, tail) if _head(tokens, i)]
    if heads and _selected(tokens, heads[0]):  # "to interact with X | on Y"
        heads = heads[1:]
    # "in time | for the Olympics", "in response | to …": a bare noun's phrase goes on.
    heads = [h for k, h in enumerate(heads) if not (k and _bare_phrase(tokens, heads[k - 1], h))]
    if len(heads) < 2:
        return [predicate]
    core, kept = heads[0], []
    for a, b in zip(heads, [*heads[1:], tail], strict=True):
        if kept and (_nested(tokens, kept[-1], a) or not _holds_fact(tokens, a, b)):
            kept[-1] = (kept[-1][0], b)
        elif _holds_fact(tokens, a, b):
            kept.append((a, b))
        else:  # "requires economy class for flights | under 6 hours"
            core = b
    if len(kept) < 2:
        return [predicate]
    head = span_text(predicate, tokens, 0, core)
    condition = span_text(predicate, tokens, tail, n)
    return [
        re.sub(
            r"\s+,",
            ",",
            " ".join(filter(None, (head, span_text(predicate, tokens, a, b), condition))),
        )
        for a, b in kept
    ]


def _bare_phrase(tokens: list[Token], a: int, b: int) -> bool:
    """A preposition and one bare common noun, another preposition right after it."""
    noun = tokens[a + 1]
    bare = noun.text.isalpha() and noun.text.islower() and noun.low not in DETERMINERS
    return b == a + 2 and bare and tokens[a].low in PREPOSITIONS and tokens[b].low in PREPOSITIONS


def _selected(tokens: list[Token], i: int) -> bool:
    """ "with" right after its verb ("to interact with", "signed with", "replaced with"):
    what the verb is done with, which every other complement needs ("designed to interact
    on the iSight iMac G5" was printed), so it is no complement of its own."""
    before = tokens[i - 1]
    if tokens[i].low != "with" or not before.text.islower():
        return False
    # The verb itself, not its object ("signs each request | with HMAC") nor a passive:
    # the predicate's first word, an infinitive, or a verb after its adverb.
    verb = i == 1 or tokens[i - 2].low == "to" or tokens[i - 2].low.endswith("ly")
    return verb and lexicon.is_mostly_verb(before.low)


def _name_adjective(tok: Token) -> bool:
    """A capitalised adjective, which a name's noun must follow ("Social and Political")."""
    return (
        tok.text[:1].isupper()
        and lexicon.is_adjective(tok.low)
        and not lexicon.is_mostly_noun(tok.low)
    )


def _inside_name(tokens: list[Token], i: int) -> bool:
    """A preposition between capitals belongs to a name ("Nobel Prize in Physics")."""
    return (
        0 < i < len(tokens) - 1
        and tokens[i - 1].text[:1].isupper()
        and tokens[i + 1].text[:1].isupper()
    )


def _participle(tok: Token) -> bool:
    low = tok.low
    return low.endswith(("ed", "en")) or lexicon.is_irregular(low)


def _passive(tokens: list[Token], i: int) -> bool:
    """A participle that continues a passive ("and sung by B", "and built in 1932"); a
    regular "-ed" may as well be a past tense of its own ("and died in 1955"), and an
    auxiliary is one ("and was cantor in Leipzig")."""
    low = tokens[i].low
    if low in _AUXILIARIES:
        return False
    if low.endswith("ed"):
        return i + 1 < len(tokens) and tokens[i + 1].low == "by"
    return _participle(tokens[i])


_MODALS = frozenset("can could may might must shall should will would".split())


def _takes_plain_verb(tokens: list[Token], verb: int) -> bool:
    """A modal before its plain verb ("must submit"), which coordinated verbs share."""
    after = tokens[verb + 1].low if verb + 1 < len(tokens) else ""
    return tokens[verb].low in _MODALS and after.isalpha() and lexicon.is_mostly_verb(after)


def _shares_copula(tokens: list[Token], verb: int, i: int) -> bool:
    """A participle coordinated with a present "is" / "are" and its complement: the
    copula goes on ("is open daily and closed on holidays"), since a past tense of its
    own in a present sentence ("The library closed on holidays") is not what it says."""
    low = tokens[i].low
    present = tokens[verb].low in ("is", "are")
    return present and low not in _AUXILIARIES and _participle(tokens[i]) and is_past(tokens[i])


def _carries_participle(tokens: list[Token], verb: int) -> bool:
    """An auxiliary followed by a participle ("was written"), which a coordinated
    participle shares."""
    aux = tokens[verb].low in _AUXILIARIES
    return aux and verb + 1 < len(tokens) and _participle(tokens[verb + 1])


def _with_aside(sentence: str, tokens: list[Token]) -> list[str]:
    """A sentence whose subject is followed by an appositive: "Curie, a physicist born in
    Warsaw, won ..." is "Curie won ..." and "Curie was a physicist born in Warsaw"."""
    bounds = _aside_bounds(tokens)
    if bounds is None:
        return [sentence]
    first, second = bounds
    opens = tokens[first + 1].low
    subject = span_text(sentence, tokens, 0, first)
    rest = sentence[tokens[second + 1].start :]
    main = split(as_claim(subject, rest))
    if opens in _RELATIVE:  # "The museum, which opened in 1998, houses ..."
        return [*main, as_claim(subject, span_text(sentence, tokens, first + 2, second))]
    participle = opens.endswith(("ed", "en", "n")) and opens not in DETERMINERS
    past = is_past(tokens[second + 1])
    # "Everest, located on the border ..., is": where a thing lies holds as the sentence's
    # verb does; an event's participle ("born in Warsaw") is past.
    participle = participle and opens not in _STATES
    copula = _copula(tokens[first - 1], past=past or participle, named=_one_name(tokens[:first]))
    aside_text = span_text(sentence, tokens, first + 1, second)
    return [*main, *(as_claim(subject, copula, part) for part in _complements(aside_text))]


def _aside_bounds(tokens: list[Token]) -> tuple[int, int] | None:
    """The commas around an aside on the subject ("Curie, a physicist born in Warsaw,
    won ..."), or None."""
    commas = _top_level(tokens, 0, len(tokens), ",")
    if len(commas) < 2 or commas[0] == 0 or commas[0] > 6:
        return None
    first, second = commas[0], commas[1]
    aside = tokens[first + 1 : second]
    # Right after "Subject, aside," only a verb can come: any form of one will do.
    after = second + 1
    while after < len(tokens) - 1 and is_adverb(tokens[after]):
        after += 1  # "…, first flew in 2005"
    low = tokens[after].low if after < len(tokens) else ""
    if not aside or not (looks_like_verb(low) or lexicon.is_verb(low)):
        return None
    opens = aside[0].low
    if not (
        opens in DETERMINERS
        or opens in _RELATIVE
        or opens[:1].isdigit()
        or is_verb(aside[0], aside[0])
        or _participle(aside[0])
        or (aside[0].text.islower() and lexicon.is_adjective(opens))  # "flightless birds"
        or opens.endswith(("'s", "’s"))  # "Mount Kilimanjaro, Africa's highest peak, rises"
    ):
        return None
    return first, second


def _leading_participle(sentence: str, tokens: list[Token]) -> list[str]:
    """ "Founded in 1997, Netflix began as …" is "Netflix was founded in 1997." and
    "Netflix began as …"; [] when the sentence opens otherwise."""
    first = tokens[0].low
    if len(tokens) < 6 or not (_participle(tokens[0]) and lexicon.is_verb(first)):
        return []  # "Ibuprofen, a …" ends as a participle does
    if first == "given":  # "Given the weather, …": a condition, no fact of the subject
        return []
    comma = next((i for i in range(2, min(10, len(tokens))) if tokens[i].text == ","), 0)
    if not comma or comma + 2 >= len(tokens):
        return []
    main = as_claim(sentence[tokens[comma + 1].start :])
    named = subject(main)
    if not named:
        return []
    words = tokenize(named)
    phrase = f"{tokens[0].low}{sentence[tokens[0].end : tokens[comma - 1].end]}"
    copula = _copula(words[-1], past=first not in _STATES, named=_one_name(words))
    return [*split(main), as_claim(named, copula, phrase)]


def _one_name(subject: list[Token]) -> bool:
    """A subject that is a name of one thing: capitals after its first word, no "the"."""
    return len(subject) > 1 and subject[-1].text[:1].isupper() and subject[0].low != "the"


def _copula(head: Token, *, past: bool, named: bool = False) -> str:
    """ "is" or "was", "are" or "were" after a plural common noun ("Penguins are ..."); a
    name without "the" is one thing (`named`: "Nordwind Labs is ...", "The Rams were")."""
    plural = not named and lexicon.is_plural_noun(head.low)
    return ("were" if plural else "was") if past else ("are" if plural else "is")


def _relative_clauses(
    sentence: str, tokens: list[Token], verb: int
) -> tuple[list[tuple[str, str]], list[Token], str]:
    """The ", which ..." and ", who ..." clauses after the main verb, taken out of the
    sentence: (antecedent, clause) each, and the sentence without them."""
    extra: list[tuple[str, str]] = []
    commas = _top_level(tokens, verb, len(tokens), ",")
    for at in reversed(commas):
        if at + 2 >= len(tokens) or tokens[at + 1].low not in _RELATIVE:
            continue
        end = next((c for c in commas if c > at), len(tokens))
        if end + 1 < len(tokens) and tokens[end + 1].low in _GOES_ON:
            end = len(tokens)  # "who flies to the valley, where ...": the clause goes on
        clause = span_text(sentence, tokens, at + 2, end)
        start = at
        # The noun before the comma, back to the word it depends on: a verb, a
        # preposition, or a verb coordinated with the main one ("and carry their DNA").
        while start > verb + 1 and not (
            is_verb(tokens[start - 1]) or tokens[start - 1].low in PREPOSITIONS
        ):
            start -= 1
            if tokens[start].text in ",;":
                start += 1
                break
            if tokens[start - 1].low in _AND and is_verb(tokens[start], tokens[verb]):
                start += 1
                break
        antecedent = span_text(sentence, tokens, start, at)
        extra.insert(0, (antecedent, clause))
        cut_end = tokens[end].start if end < len(tokens) else len(sentence)
        sentence = sentence[: tokens[at].start] + sentence[cut_end:]
        tokens = tokenize(sentence)
    return extra, tokens, sentence


def _predicates(tokens: list[Token], verb: int, modal: bool) -> list[tuple[int, int]]:
    """Token ranges of the predicates coordinated with the main verb (after a `modal`, with
    the plain verb it governs: "must submit ... and pay ...")."""
    like = tokens[verb + 1] if modal or _perfect(tokens, verb) else tokens[verb]
    cuts = []
    for i in range(verb + 1, len(tokens) - 1):
        low = tokens[i].low
        if _opens_clause(tokens, i):
            break  # the verbs after it may be the clause's ("which grew, then shrank")
        joint = low in _AND or (low in ",;" and tokens[i + 1].low not in _AND)
        # A word between commas is a list's item ("photos, podcasts, and music").
        listed = low == "," and i + 2 < len(tokens) and tokens[i + 2].low in {",", *_AND}
        listed = listed or (
            low in _AND and tokens[i - 1].text == "," and _ends_list(tokens, verb, i)
        )
        verb_next = verb_at(tokens, i + 1, like) or (
            i > verb + 1 and _verb_before_object(tokens, i + 1, like)  # not "kill or slow"
        )
        if joint and not listed and verb_next and not _inside_noun_phrase(tokens, verb, i):
            skip = 2 if low in ",;" and tokens[i + 1].low in _AND else 1
            cuts.append((i, i + skip))
    ranges, lo = [], verb
    for at, resume in cuts:
        end = at - 1 if at > lo and tokens[at - 1].text == "," else at
        ranges.append((lo, end))
        lo = resume
    ranges.append((lo, len(tokens)))
    return [(a, b) for a, b in ranges if b > a]


def _verb_before_object(tokens: list[Token], i: int, like: Token) -> bool:
    """A plain verb and its object coordinated with a plain verb ("breathe air ... and
    nurse their young"): no noun comes right before a determiner."""
    plain = like.text.islower() and not like.low.endswith("s") and not looks_like_verb(like.low)
    tok = tokens[i]
    if not (plain and tok.text.islower() and not tok.low.endswith("s")):
        return False
    return i + 1 < len(tokens) and tokens[i + 1].low in DETERMINERS and lexicon.is_verb(tok.low)


def _inside_noun_phrase(tokens: list[Token], verb: int, i: int) -> bool:
    """A joint inside a noun phrase, where the "-ed" word after it is an adjective: its
    article's noun has not come yet ("the first controlled, powered flight"), or it ends
    a list of nouns ("with garlic, olive oil and dried chilli flakes")."""
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    if not tokens[i + 1].low.endswith("ed") or after is None or not after.text.isalpha():
        return False
    if _noun_pending(tokens, verb, i):
        return True  # "the first controlled,"
    bare_noun = after.text.islower() and after.low not in DETERMINERS | PREPOSITIONS
    return tokens[i].low in _AND and bare_noun and _ends_list(tokens, verb, i)


def _ends_list(tokens: list[Token], verb: int, i: int) -> bool:
    """The "and" at `i` ends a list of nouns: the part since the comma before it (or
    before its own comma) has no verb and no "and" of its own ("with garlic, olive oil
    and", "the inputs, outputs, and"; not "with Chad and Sudan, and")."""
    commas = _top_level(tokens, verb + 1, i, ",")
    if commas and commas[-1] == i - 1:
        commas.pop()
    if not commas:
        return False
    end = i - 1 if tokens[i - 1].text == "," else i
    part = tokens[commas[-1] + 1 : end]
    return bool(part) and not any(is_verb(t) or t.low in _AND for t in part)


def _noun_pending(tokens: list[Token], lo: int, i: int) -> bool:
    """An article and only adjectives between it and `i`: its noun comes after `i`."""
    j = i - 1
    while j > lo and tokens[j].text.isalpha() and tokens[j].text.islower():
        if not (tokens[j].low.endswith("ed") or lexicon.is_adjective(tokens[j].low)):
            break
        j -= 1
    return j < i - 1 and tokens[j].low in ("a", "an", "the")


def _perfect(tokens: list[Token], verb: int) -> bool:
    """ "has seen …": a verb coordinated with it is a participle too, not "and commissions"."""
    return tokens[verb].low in ("has", "have", "had") and _carries_participle(tokens, verb)


def _opens_clause(tokens: list[Token], i: int) -> bool:
    """A relative or subordinating word opening a clause ("which grew", "after he saves")."""
    ahead = range(i + 1, min(i + 4, len(tokens)))
    return tokens[i].low in _OPENS_CLAUSE and any(verb_at(tokens, j) for j in ahead)


def _objects(sentence: str, tokens: list[Token], lo: int, hi: int) -> list[str]:
    """One predicate, or one per item of a list it ends with ("supports A, B and C")."""
    whole = [span_text(sentence, tokens, lo, hi)]
    colons = _top_level(tokens, lo + 1, hi, ":")
    if colons:
        return _listed_after_colon(sentence, tokens, lo, hi, colons[0]) or whole
    both = coordination.both_parts(sentence, tokens, lo, hi)
    if both:
        return both
    ands = _top_level(tokens, lo + 1, hi, "and")  # "A or B" is one fact: an alternative
    if not ands:
        return whole
    joint = max(ands)
    if verb_at(tokens, joint + 1) and not _inside_noun_phrase(tokens, lo, joint):
        return whole  # a predicate of its own, not an item
    if any(tokens[j].low in _NO_SPLIT_BEFORE for j in range(max(lo, joint - 4), joint)):
        return whole
    right_end = next((c for c in _top_level(tokens, joint + 1, hi, ",")), hi)
    found = _list_before(tokens, lo, joint)
    if found is None:
        return whole
    anchor, items = found
    if relates_two(tokens[anchor]):
        return whole
    if any(t.low == tokens[anchor].low for t in tokens[joint + 1 : right_end]):
        return whole  # "kept for 7 years and transcripts for 2": a clause with its verb gapped
    echo = _echo(tokens, lo, anchor, joint)
    if echo is not None:  # "runs every 10 minutes during peak hours and every 20 minutes at
        # night": the second part parallels the verb's whole complement, not "during"'s object
        head = span_text(sentence, tokens, lo, echo)
        pair = ((echo, joint - (tokens[joint - 1].text == ",")), (joint + 1, hi))
        return [f"{head} {span_text(sentence, tokens, a, b)}" for a, b in pair]
    items.append((joint + 1, right_end))
    if len(items) == 2 and tokens[joint - 1].text == ",":
        # "revenue of $4.2 billion, up 6% ..., and net income of $310 million": a comma
        # before the "and" of two items joins objects of the verb, not of "from".
        if _carries_participle(tokens, lo):
            return whole  # "is known for voicing A, B, and C": no objects of "is"
        head = span_text(sentence, tokens, lo, lo + 1)
        pair = ((lo + 1, joint - 1), (joint + 1, right_end))
        return [f"{head} {span_text(sentence, tokens, a, b)}" for a, b in pair]
    # Two long items joined by "and" are rarely a list unless both are noun phrases.
    alike = all(tokens[a].low in DETERMINERS for a, _ in items)
    if len(items) == 2 and items[0][1] - items[0][0] > (10 if alike else 6):
        return whole
    if _inside_name(tokens, anchor) and all(tokens[a].text[:1].isupper() for a, _ in items):
        return whole  # "the Department of Health, Education, and Welfare" is one name
    named = joint + 2 < len(tokens) and tokens[joint + 2].text[:1].isupper()
    if named and _inside_name(tokens, joint) and _name_adjective(tokens[joint - 1]):
        return whole  # "the Women's Social and Political Union"
    if unlike(tokens[items[0][0]], tokens[items[-1][0]]):
        return whole  # "analysis of existing problems and the development of plans"
    if _one_amount(tokens, items):
        return whole  # "takes 8 minutes and 20 seconds"
    if shares_head(tokens, items):
        return whole  # "some later desktop and portable Macintosh computers"
    texts = [span_text(sentence, tokens, a, b) for a, b in items]
    noun = shared_noun(tokens, items)
    if noun:  # "GET and POST requests": GET requests and POST requests
        texts[:-1] = [f"{text} {noun}" for text in texts[:-1]]
    shared, later = tokens[items[0][0]].low, [tokens[a] for a, _ in items[1:]]
    if shared in ("a", "an", "the") and all(
        t.text[:1].islower() and t.low not in DETERMINERS for t in later
    ):  # "a screenwriter and director": the later items share the first one's article.
        last_a, last_b = items[-1]
        if any(t.low in PREPOSITIONS for t in tokens[last_a:last_b]):
            return whole  # "the capital and largest city of France": whose "of France"?
        texts[1:] = [f"{article_before(text, shared)} {text}" for text in texts[1:]]
    head = span_text(sentence, tokens, lo, anchor + 1)
    tail = span_text(sentence, tokens, right_end, hi)
    return [" ".join(filter(None, (head, text, tail))) for text in texts]


# Units one amount is written in, largest first ("8 minutes and 20 seconds", "5 feet 11").
_UNIT_ORDERS = (
    ("yr", "mo", "wk", "d", "h", "min", "s"),
    ("km", "mi", "m", "ft", "in", "cm", "mm"),
    ("t", "kg", "lb", "g", "mg"),
)


def _one_amount(tokens: list[Token], items: list[tuple[int, int]]) -> bool:
    """Two items that are one amount in two units of one kind, the larger first."""
    if len(items) != 2:
        return False
    units = []
    for a, b in items:
        a += tokens[a].low in _APPROXIMATE
        if b - a < 2 or not number_like(tokens[a]):
            return False
        found = analyse(f"{tokens[a].text} {tokens[a + 1].text}", with_names=False).quantities
        units.append(next(iter(next(iter(found.values()), ())), ""))
    return any(
        units[0] in order and units[1] in order and order.index(units[0]) < order.index(units[1])
        for order in _UNIT_ORDERS
    )


def _listed_after_colon(
    sentence: str, tokens: list[Token], lo: int, hi: int, colon: int
) -> list[str]:
    """ "has four chambers: two atria and two ventricles" is "has four chambers", "has two
    atria" and "has two ventricles": the items take the place of the object before the
    colon, after the verb or preposition it follows. [] when what follows is no list of
    short noun phrases."""
    cuts = [i for i in range(colon + 1, hi) if tokens[i].text == "," or tokens[i].low == "and"]
    if not cuts or tokens[cuts[-1]].low != "and":
        return []
    end = hi - (tokens[hi - 1].text in ".!?")
    items = [(a + 1, b) for a, b in pairwise([colon, *cuts, end]) if b > a + 1]
    if any(b - a > 4 or any(is_verb(t) for t in tokens[a:b]) for a, b in items):
        return []
    anchor = max(i for i in range(lo, colon) if i == lo or tokens[i].low in PREPOSITIONS)
    if anchor + 1 >= colon:
        return []
    head = span_text(sentence, tokens, lo, anchor + 1)
    return [
        span_text(sentence, tokens, lo, colon),
        *(f"{head} {span_text(sentence, tokens, a, b)}" for a, b in items),
    ]


def _echo(tokens: list[Token], lo: int, anchor: int, joint: int) -> int | None:
    """Where the predicate before `anchor` holds the word the part after "and" opens with
    (not an article): that part parallels what starts there."""
    opens = tokens[joint + 1].text
    if opens in ("a", "an", "the") or not opens[:1].isalpha():
        return None
    return next((i for i in range(lo + 1, anchor) if tokens[i].text == opens), None)


def _list_before(
    tokens: list[Token], lo: int, joint: int
) -> tuple[int, list[tuple[int, int]]] | None:
    """The items of a list ending at the "and" at `joint`, walking back over commas to
    the verb or preposition the list depends on (its anchor): (anchor, item ranges)."""
    items: list[tuple[int, int]] = []
    end = joint - (1 if tokens[joint - 1].text == "," else 0)
    # Items are alike: "won A in 1903 and the B in 1911" lists what was won (a phrase
    # opening with "the" after "and" depends on the verb, not on "in").
    noun_phrase = joint + 1 < len(tokens) and (
        tokens[joint + 1].low in DETERMINERS or tokens[joint + 1].low[:1].isdigit()
    )
    item_end = end
    while True:
        start = end
        while start > lo and tokens[start - 1].text != ",":
            prev = start - 1
            # "is about 446 km long and over 1,800 m deep": "about" is the number's.
            approximate = tokens[prev].low in _APPROXIMATE and number_like(tokens[start])
            anchors = _anchors(tokens[prev]) and not (
                (noun_phrase and tokens[prev].low in PREPOSITIONS) or approximate
            )
            # "infections such as pneumonia and bronchitis": the list depends on "such as".
            anchors = anchors or (tokens[prev].low == "as" and tokens[prev - 1].low == "such")
            # "hiking, swimming and running": items, no "-ing" anchor of the last.
            listed = tokens[prev].low.endswith("ing") and tokens[joint + 1].low.endswith("ing")
            anchors = anchors and not listed
            # "to compute the inputs, outputs and states": on the infinitive, not on "to".
            anchors = anchors or (tokens[prev - 1].low == "to" and _plain(tokens[prev]))
            if prev == lo or (anchors and not _after_relative(tokens, lo, prev)):
                if start == end or tokens[start].low in _AND:
                    return None
                return prev, [(start, item_end), *items]
            start -= 1
        if start <= lo or start == end or tokens[start].low in _AND:
            return None
        end = start - 1  # the comma before this part
        # "sales of $2 billion, up 4% from the year before, and ...": an aside of the item
        # before it, not an item.
        # So is a phrase opening with a preposition (", including A and B games").
        opens = tokens[start].low
        if not (opens in ("up", "down") or opens in PREPOSITIONS or is_adverb(tokens[start])):
            items.insert(0, (start, item_end))
            item_end = end


def _plain(tok: Token) -> bool:
    return tok.text.islower() and not tok.low.endswith("s") and lexicon.is_mostly_verb(tok.low)


def _anchors(tok: Token) -> bool:
    """A word a list of objects or places can depend on: a preposition or a verb form."""
    low = tok.low
    if low in PREPOSITIONS or is_verb(tok):
        return True
    return low.endswith(("ing", "ed", "en")) and lexicon.is_verb(low)


def _after_relative(tokens: list[Token], lo: int, at: int) -> bool:
    """True when the token at `at` sits inside a relative clause of the current item
    ("A that filters water"): a relative pronoun since the last comma."""
    for j in range(at - 1, lo - 1, -1):
        if tokens[j].text == ",":
            return False
        if tokens[j].low in _RELATIVE or tokens[j].low == "that":
            return True
    return False
