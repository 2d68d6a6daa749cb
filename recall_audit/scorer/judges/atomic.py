"""A reference sentence split into its atomic facts, each naming its subject.

"The X1 features a 15-inch display and weighs 1.2 kg." states two facts, and context
recall counts facts: the first chunk may hold the display, another the weight, and
neither supports the whole sentence. The splits, in the order they are taken:

- a relative clause or an appositive set off by commas states a fact of the noun it
  follows ("Curie, a physicist born in Warsaw, won ..." -> "Curie was a physicist born in
  Warsaw"; "... Acme, which was founded in 1990" -> "Acme was founded in 1990");
- a participle phrase opening or ending the sentence is a fact of its subject ("Founded in
  1997, Netflix …"; "…, becoming the 20th member" -> "Croatia became the 20th member");
- a subject of several is one claim per member ("Both Mercury and Venus lack …",
  coordination.py);
- coordinated predicates share the subject ("... and weighs 1.2 kg" -> "The X1 weighs
  1.2 kg");
- a list of objects or places shares what comes before it ("supports A, B and C" ->
  "supports A", "supports B", "supports C"; english_objects.py), and each complement of a
  predicate is a fact of its own ("… in 1928 at St Mary's Hospital", english_complements.py).

Claims keep the reference's words: only the subject is repeated, "was" or "is" joins an
appositive to it, and a verb is inflected to agree (english_inflection.py). Which words
are verbs: english_verbs.py. Japanese and Chinese: atomic_cjk.py; German, French, Spanish
and the other languages with no verb list here: atomic_latin.py.
"""

from __future__ import annotations

import re

from recall_audit.scorer.judges import (
    atomic_latin,
    coordination,
    english_inflection,
    english_predicates,
)
from recall_audit.scorer.judges.english_complements import NOT_HEADS, complements
from recall_audit.scorer.judges.english_objects import objects
from recall_audit.scorer.judges.english_verbs import (
    AND,
    AUXILIARIES,
    COPULAS,
    DETERMINERS,
    MODALS,
    PAST,
    PREPOSITIONS,
    RELATIVE,
    SUBJECT_PRONOUNS,
    TIME_HEADS,
    Token,
    as_claim,
    inside_name,
    is_adverb,
    is_past,
    is_verb,
    number_like,
    participle,
    span_text,
    tokenize,
    top_level,
    verb_at,
)
from recall_audit.scorer.judges.list_items import noun_pending
from recall_audit.text import lexicon
from recall_audit.text.languages import ENGLISH
from recall_audit.text.text import is_number, looks_like_verb

# A relative clause's own clause, or its next verb ("which expanded …, then shrank").
_GOES_ON = frozenset("where when whereupon then".split())


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
            if tokens[i].low in AND and is_verb(tokens[i + 1])
        ),
        None,
    )
    start = _opening_phrase(tokens) + 1
    for i, tok in enumerate(tokens[start : start + 11], start=start):
        if tok.text in ",;:(":
            return -1
        if _reduced_relative(tokens, i):
            continue
        if tok.text[:1].isupper() and inside_name(tokens, i):
            continue  # "The Three Gorges Dam": a word between capitals is the name's
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
_ENDS_CLAUSE = frozenset({",", ";", ":", "(", "that", "where", "when", *RELATIVE, *AND})
_AGREES = frozenset("is are was were has have can will may must".split())


def _reduced_relative(tokens: list[Token], i: int) -> bool:
    """A participle and its phrase inside the subject ("Light reflected from the Moon
    reaches Earth", "Data stored on the device is encrypted"): a finite verb comes after
    the phrase, before anything that could end a clause."""
    if not participle(tokens[i]) or tokens[i].low in AUXILIARIES:
        return False
    if i == 0:  # "checked baggage is charged …": an adjective of the subject's noun
        noun = len(tokens) > 2 and tokens[1].text.islower() and tokens[1].low not in DETERMINERS
        return noun and tokens[1].low not in PREPOSITIONS and tokens[2].low in _AGREES
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
    # "Four copies of the original charter survive": a subject counted more than one.
    counted = is_number(tokens[0].low) and tokens[0].low not in ("one", "1")
    agrees = (pair or (later is not None and _is_plural_form(later))) and lexicon.is_verb(low)
    return (plural or pair or counted or lexicon.is_irregular_plural(before)) and (
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
    # "; checked baggage is charged": a subject of its own, then its auxiliary
    own = _main_verb(after)
    own_subject = own > 0 and after[own].low in _AGREES
    return verb > 0 and opens and not own_subject and verb_at(after, 0, before[verb])


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
    if words & (_PERSONAL | RELATIVE | _SPEAKERS | {"his", "her", "its", "their", "this", "that"}):
        return ""
    return span_text(sentence, tokens, start, verb)


def resolve_pronoun(sentence: str, antecedent: str) -> str:
    """ "He developed relativity." after "Einstein was born ..." is "Einstein developed
    relativity.": a claim names what it is about (a claim is read on its own)."""
    tokens = tokenize(sentence)
    if not antecedent or len(tokens) < 3:
        return sentence
    noun_next = tokens[1].text.islower() and tokens[1].low not in DETERMINERS  # "Its a …"
    if tokens[0].low in _POSSESSIVES and noun_next and not verb_at(tokens, 1):
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
# Who speaks or is spoken to, and a sentence's own ending: no antecedent ("Me too !").
_SPEAKERS = frozenset("i me my we us our you your ! ?".split())


def possessive(noun_phrase: str) -> str:
    """ "The Shinkansen's", "Electric cars'", "The Harbour City Gulls'"."""
    return f"{noun_phrase}'" if noun_phrase.endswith("s") else f"{noun_phrase}'s"


def has_subject(clause: str) -> bool:
    """True when the clause opens with a subject and its verb ("refunds reach ...")."""
    tokens = tokenize(clause)
    verb = _main_verb(tokens)
    return verb > 0 and not any(t.low in RELATIVE or t.low == "that" for t in tokens[:verb])


def split(sentence: str, language: str = ENGLISH) -> list[str]:
    """The atomic claims of one English (or other space-separated) sentence."""
    tokens = tokenize(sentence)
    if language != ENGLISH:  # English verbs say nothing there ("Le pass donne …")
        return atomic_latin.split(sentence, tokens, language)
    leading = (
        _leading_participle(sentence, tokens)
        or _concession(sentence, tokens)
        or _bracketed_aside(sentence, tokens)
    )
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
        main, named, predicates = trailing
        return [*split(main), *(as_claim(named, p) for p in predicates)]
    # "The library not only lends books but also offers ...": "not only" is no subject's.
    paired = verb >= 3 and [t.low for t in tokens[verb - 2 : verb]] == ["not", "only"]
    subject = span_text(sentence, tokens, 0, verb - 2 if paired else verb)
    extra, tokens, sentence = _relative_clauses(sentence, tokens, verb)
    if tokens[verb].low in COPULAS:  # "X was a physicist who developed ...": X developed
        for i in range(verb + 2, len(tokens) - 1):
            if tokens[i].low in ("who", "which", "that") and verb_at(tokens, i + 1):
                extra.append(("", span_text(sentence, tokens, i + 1, len(tokens))))
                tokens = tokens[:i]
                break
    past = tokens[verb].low in PAST or tokens[verb].low.endswith("ed")
    claims: list[str] = []
    # "was written by A and sung by B": the second predicate is "was sung by B".
    auxiliary = english_predicates.passive_auxiliary(sentence, tokens, verb)
    modal = _takes_plain_verb(tokens, verb)
    # "was designed by Rogers and completed in 1986": after a passive's agent, "completed"
    # is passive too.
    agent = bool(auxiliary) and verb + 2 < len(tokens) and tokens[verb + 2].low == "by"
    for n, (lo, hi) in enumerate(english_predicates.predicates(tokens, verb, modal)):
        # "have to be shorn … and moved": after "to be" any participle is its passive's
        infinitive = auxiliary.endswith(" be") and participle(tokens[lo])
        shared = auxiliary if n and (_passive(tokens, lo, agent) or infinitive) else ""
        if n and not shared and _shares_copula(tokens, verb, lo):
            shared = tokens[verb].text  # "is open ... and closed on holidays": is closed
        if (
            n
            and modal
            and tokens[lo].low not in MODALS
            and not english_inflection.is_third_person(tokens[lo].low)
        ):
            shared = tokens[verb].text  # "must submit ... and pay": must pay, not "can feeds"
        gapped = _gapped(sentence, tokens, lo, hi)
        if gapped:  # "recordings are kept for 7 years and transcripts for 2"
            opening = span_text(sentence, tokens, 0, _opening_phrase(tokens)).rstrip(" ,")
            left, others, right, aside = gapped
            claims.extend(as_claim(subject, shared, p) for p in complements(left))
            claims.extend(
                as_claim(f"{opening}, {part}" if opening else part, rest)
                for part, rest in ((others, right), (aside, ""))
                if part
            )
            continue
        for predicate in objects(sentence, tokens, lo, hi):
            claims.extend(as_claim(subject, shared, p) for p in complements(predicate))
    for antecedent, clause in extra:
        if clause.split(" ", 1)[0].lower() in _PERSONAL and subject:
            claims.append(_object_relative(subject, antecedent, clause))
            continue
        joined = antecedent if antecedent else subject
        whose, _, rest = joined.partition(" ")
        if whose.lower() in _POSSESSIVES and rest and subject:  # "her career, which ended"
            joined = f"{possessive(subject)} {rest}"
        opens = tokenize(clause)[:4]  # "which in humans encodes": a verb after a phrase
        plain = bool(opens) and opens[0].text.islower() and lexicon.is_mostly_verb(opens[0].low)
        has_verb = plain or verb_at(opens, 0) or any(is_verb(t) for t in opens[1:])
        copula = "" if has_verb else ("was" if past else "is")
        claims.append(as_claim(joined, copula, clause))
    return [c for c in claims if c]


def _object_relative(subject: str, antecedent: str, clause: str) -> str:
    """ "…the 100-metre world record of 9.58 seconds, which he set in 2009" as "Usain Bolt
    set the 100-metre world record of 9.58 seconds in 2009": the pronoun is the subject
    (its adverbs left out: "still"), the antecedent the verb's object."""
    named = tokenize(subject)
    while len(named) > 1 and is_adverb(named[-1]):
        named.pop()
    _, verb, rest = [*clause.split(" ", 2), ""][:3]
    return as_claim(span_text(subject, named, 0, len(named)), verb, antecedent, rest)


_NO_SUBJECT = frozenset({"there", *english_predicates.OPENS_CLAUSE, "if", "as", "once", "unless"})
# "-ing" words that open a condition or a preposition's phrase, no act of the subject.
_NOT_ACTS = frozenset(
    "including according depending following regarding concerning excluding considering "
    "pending barring assuming provided".split()
)


def _trailing_participle(
    sentence: str, tokens: list[Token], verb: int
) -> tuple[str, str, list[str]] | None:
    """ "Croatia adopted the euro in 2023, becoming the 20th member …": the sentence
    without the phrase its last comma opens with an "-ing" verb, and that phrase as a
    predicate of the subject ("became the 20th member …"; ", making it the largest" is
    "is the largest"), with the subject; None when the sentence ends otherwise."""
    opening = _opening_phrase(tokens)
    named = tokens[opening:verb]
    # The subject a noun phrase of its own: not "There", not "When oxygen …, X is formed".
    if not named or any(t.text == "," for t in named) or named[0].low in _NO_SUBJECT:
        return None
    commas = top_level(tokens, verb + 2, len(tokens), ",")
    if tokens[verb].low.endswith("ing") or not commas or commas[-1] + 2 >= len(tokens):
        return None
    head = tokens[verb]  # "one of the longest concert tours …, consisting": no verb
    if (
        head.low.endswith("s")
        and tokens[verb - 1].text.islower()
        and lexicon.is_mostly_noun(head.low[:-1])
    ):
        return None
    at = commas[-1]
    if noun_pending(tokens, verb, at):
        return None  # "a big, green, terrifying ogre": an adjective of the noun to come
    word = tokens[at + 1]
    acts = word.text.islower() and word.low.endswith("ing") and word.low not in _NOT_ACTS
    if not acts or not lexicon.is_verb(word.low) or tokens[at + 2].low in AND:
        return None  # "swimming, cycling and running": a list
    like = (
        tokens[verb + 1] if english_predicates.perfect(tokens, verb) else tokens[verb]
    )  # "has won …, beating"
    start = at + 2
    if word.low == "making" and tokens[start].low in ("it", "them"):
        plural = tokens[start].low == "them"
        form = "became" if is_past(like) else ("are" if plural else "is")
        start += 1
    else:
        form = english_inflection.finite(word.text, like)
    if not form:
        return None
    main = sentence[: tokens[at].start]
    subject = span_text(sentence, tokens, opening, verb)
    # "becoming a circus athlete and adopting Eugen Sandow as his stage name": two acts
    second = next(
        (
            k
            for k in range(start, len(tokens) - 1)
            if tokens[k].low == "and"
            and tokens[k + 1].low.endswith("ing")
            and lexicon.is_verb(tokens[k + 1].low)  # not "production and songwriting"
        ),
        len(tokens),
    )
    other = english_inflection.finite(tokens[second + 1].text, like) if second < len(tokens) else ""
    if not other:
        return main, subject, [f"{form} {span_text(sentence, tokens, start, len(tokens))}"]
    first = f"{form} {span_text(sentence, tokens, start, second)}"
    return main, subject, [first, f"{other} {span_text(sentence, tokens, second + 2, len(tokens))}"]


def _bracketed_aside(sentence: str, tokens: list[Token]) -> list[str]:
    """ "Nokia (founded in 1865) started out as …" is "Nokia started out as …" and "Nokia
    was founded in 1865."; [] without a bracket after the subject opening with a
    participle or an adjective ("(available to …)": "is available to …")."""
    opens = next((i for i, t in enumerate(tokens[:7]) if t.text == "("), None)
    closes = next((i for i, t in enumerate(tokens) if t.text == ")"), None)
    if not opens or closes is None or closes < opens + 2 or closes + 1 >= len(tokens):
        return []
    first = tokens[opens + 1]
    event = participle(first) and lexicon.is_verb(first.low)
    state = lexicon.is_adjective(first.low) and not lexicon.is_mostly_noun(first.low)
    state = state and first.low not in PREPOSITIONS  # not "(in French …)"
    if not first.text.islower() or not (event or state) or not verb_at(tokens, closes + 1):
        return []
    named = tokens[:opens]
    main = sentence[: tokens[opens].start].rstrip() + " " + sentence[tokens[closes].end :].lstrip()
    copula = _copula(named[-1], past=event and first.low not in _STATES, named=_one_name(named))
    aside = span_text(sentence, tokens, opens + 1, closes)
    return [*split(main), as_claim(span_text(sentence, tokens, 0, opens), copula, aside)]


def _clause_verb(tokens: list[Token]) -> int:
    """Where the verb after a clause's subject is: _main_verb's, or a plain verb after a
    plural noun or a pronoun ("solar panels | cost", "they | save"); -1 for none."""
    verb = _main_verb(tokens)
    if verb > 0:
        return verb
    return next(
        (
            i
            for i in range(1, min(5, len(tokens)))
            if tokens[i].text.islower()
            and lexicon.is_verb(tokens[i].low)
            and (tokens[i - 1].low in SUBJECT_PRONOUNS or lexicon.is_plural_noun(tokens[i - 1].low))
        ),
        -1,
    )


_CONCEDES = frozenset("whereas although though while".split())


def _concession(sentence: str, tokens: list[Token]) -> list[str]:
    """ "Whereas mitosis produces two cells, meiosis produces four." states both clauses
    ("Although it rained, the match went ahead.", "While the risk is low, efforts are
    made …" too); [] when it opens otherwise or either side has no subject ("While in
    Paris, …")."""
    if not tokens or tokens[0].low not in _CONCEDES:
        return []
    commas = top_level(tokens, 2, len(tokens), ",")
    if not commas or commas[0] + 1 >= len(tokens):
        return []
    first = span_text(sentence, tokens, 1, commas[0])
    second = sentence[tokens[commas[0] + 1].start :]
    first_tokens = tokenize(first)
    verb = _clause_verb(first_tokens)
    if verb < 0 or _clause_verb(tokens[commas[0] + 1 :]) < 0:
        return []
    opens = tokens[commas[0] + 1]
    if opens.low in _PERSONAL:  # "…, they save money": the first clause's subject does
        second = span_text(first, first_tokens, 0, verb) + second[len(opens.text) :]
    return [*split(as_claim(first)), *split(as_claim(second))]


def _gapped(
    sentence: str, tokens: list[Token], lo: int, hi: int
) -> tuple[str, str, str, str] | None:
    """A second clause whose verb is left out ("call recordings are kept for 7 years and
    chat transcripts for 2 years"): (the first predicate, the second subject, its verb
    phrase with its own complement, a clause after ", after which" about both), or None.
    The second part is a noun phrase and then the preposition the first predicate has."""
    ands = top_level(tokens, lo + 1, hi, "and")
    if len(ands) != 1:
        return None
    joint = ands[0]
    end = next(iter(top_level(tokens, joint + 1, hi, ",")), hi)
    right = tokens[joint + 1 : end]
    at = next((k for k, t in enumerate(right) if t.low in PREPOSITIONS), -1)
    if at >= 0 and right[at].low in NOT_HEADS:  # "and net income of $310 million": an item
        return None
    # "costs $2.40 and a day pass $7.50": a value where the first part has its value.
    valued = at < 0
    if valued:
        at = next((k for k, t in enumerate(right) if number_like(t)), -1)
        named = any(t.low not in DETERMINERS for t in right[: max(at, 0)])
        listed = bool(top_level(tokens, lo, joint, ","))  # "40 settings, 54 mm burrs, and"
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


def _passive(tokens: list[Token], i: int, agent: bool = False) -> bool:
    """A participle that continues a passive ("and sung by B", "and built in 1932"); a
    regular "-ed" may as well be a past tense of its own ("and died in 1955"), unless the
    passive before it named its `agent` and no object follows ("designed by A and
    completed in 1986"), and an
    auxiliary is one ("and was cantor in Leipzig")."""
    low = tokens[i].low
    if low in AUXILIARIES:
        return False
    if low.endswith("ed"):
        after = tokens[i + 1].low if i + 1 < len(tokens) else ""
        # No object after it: "and completed in 1986", not "and earned 40 million dollars".
        return after == "by" or (agent and after in PREPOSITIONS)
    return participle(tokens[i])


def _takes_plain_verb(tokens: list[Token], verb: int) -> bool:
    """A modal before its plain verb ("must submit"), which coordinated verbs share."""
    after = tokens[verb + 1].low if verb + 1 < len(tokens) else ""
    return tokens[verb].low in MODALS and after.isalpha() and lexicon.is_mostly_verb(after)


def _shares_copula(tokens: list[Token], verb: int, i: int) -> bool:
    """A participle coordinated with a present "is" / "are" and its complement: the
    copula goes on ("is open daily and closed on holidays"), since a past tense of its
    own in a present sentence ("The library closed on holidays") is not what it says."""
    while i < len(tokens) - 1 and is_adverb(tokens[i]):
        i += 1  # "is cross-cultural, often cited …"
    low = tokens[i].low
    present = tokens[verb].low in ("is", "are")
    return present and low not in AUXILIARIES and participle(tokens[i]) and is_past(tokens[i])


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
    if opens in RELATIVE:  # "The museum, which opened in 1998, houses ..."
        return [*main, as_claim(subject, span_text(sentence, tokens, first + 2, second))]
    # "Everest, located on the border ..., is": where a thing lies holds as the sentence's
    # verb does; an event's participle ("born in Warsaw") is past.
    event = opens.endswith(("ed", "en", "n")) and opens not in DETERMINERS | _STATES | PREPOSITIONS
    past = is_past(tokens[second + 1])
    head = _subject_head(tokens[:first])
    copula = _copula(head, past=past or event, named=_one_name(tokens[:first]))
    aside_text = span_text(sentence, tokens, first + 1, second)
    return [*main, *(as_claim(subject, copula, part) for part in complements(aside_text))]


def _subject_head(subject: list[Token]) -> Token:
    """The noun a subject is about: the word before its first preposition ("This peak in
    the CMB fluctuations", "The amplitude of …"), not one inside a name ("Nobel Prize in
    Physics")."""
    for i, tok in enumerate(subject[1:], start=1):
        if tok.low in PREPOSITIONS and not inside_name(subject, i):
            return subject[i - 1]
    return subject[-1]


def _aside_bounds(tokens: list[Token]) -> tuple[int, int] | None:
    """The commas around an aside on the subject ("Curie, a physicist born in Warsaw,
    won ..."), or None."""
    commas = top_level(tokens, 0, len(tokens), ",")
    if len(commas) < 2 or commas[0] == 0 or commas[0] > 9 or _opening_phrase(tokens):
        return None  # not "In the 1910s, Eugen Sandow, widely considered …"
    first, second = commas[0], commas[1]
    named = [k for k in range(first) if tokens[k].text[:1].isupper() and inside_name(tokens, k)]
    unnamed = (k for k in range(first) if k not in named)
    pronoun = re.split("['’]", tokens[0].low)[0] in SUBJECT_PRONOUNS
    if first > 6 and (pronoun or any(is_verb(tokens[k]) or participle(tokens[k]) for k in unnamed)):
        return None  # a long opening with a verb is a clause, no subject ("I've done …, which")
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
        or opens in RELATIVE
        or opens[:1].isdigit()
        or is_verb(aside[0], aside[0])
        or participle(aside[0])
        or (aside[0].text.islower() and opens not in PREPOSITIONS and lexicon.is_adjective(opens))
        or opens.endswith(("'s", "’s"))  # "Mount Kilimanjaro, Africa's highest peak, rises"
        or _placed(aside)  # "Lake Baikal, in southern Siberia, is"
    ):
        return None  # not "English loanwords, in particular, are" nor "…, on whose couch …"
    return first, second


def _placed(aside: list[Token]) -> bool:
    """An aside naming where the subject is: a preposition, then a name."""
    named = any(t.text[:1].isupper() for t in aside[1:]) and not any(
        t.low in RELATIVE for t in aside
    )
    return aside[0].low in _WHERE and named


_WHERE = frozenset("in at near on off outside inside beside along across".split())


def _leading_participle(sentence: str, tokens: list[Token]) -> list[str]:
    """ "Founded in 1997, Netflix began as …" is "Netflix was founded in 1997." and
    "Netflix began as …"; [] when the sentence opens otherwise."""
    first = tokens[0].low
    if len(tokens) < 6 or not (participle(tokens[0]) and lexicon.is_verb(first)):
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
    commas = top_level(tokens, verb, len(tokens), ",")
    for at in reversed(commas):
        if at + 2 >= len(tokens) or tokens[at + 1].low not in RELATIVE:
            continue
        end = next((c for c in commas if c > at), len(tokens))
        if end + 1 < len(tokens) and tokens[end + 1].low in _GOES_ON:
            end = len(tokens)  # "who flies to the valley, where ...": the clause goes on
        clause = span_text(sentence, tokens, at + 2, end)
        start = at
        # "…, which he set in 2009": the clause's object is the main verb's whole object.
        if tokens[at + 2].low in _PERSONAL and verb_at(tokens, at + 3):
            start = verb + 1
        # The noun before the comma, back to the word it depends on: a verb, a
        # preposition, or a verb coordinated with the main one ("and carry their DNA").
        while start > verb + 1 and not (
            is_verb(tokens[start - 1]) or tokens[start - 1].low in PREPOSITIONS
        ):
            start -= 1
            if tokens[start].text in ",;":
                start += 1
                break
            if tokens[start - 1].low in AND and is_verb(tokens[start], tokens[verb]):
                start += 1
                break
        antecedent = span_text(sentence, tokens, start, at)
        extra.insert(0, (antecedent, clause))
        cut_end = tokens[end].start if end < len(tokens) else len(sentence)
        sentence = sentence[: tokens[at].start] + sentence[cut_end:]
        tokens = tokenize(sentence)
    return extra, tokens, sentence
