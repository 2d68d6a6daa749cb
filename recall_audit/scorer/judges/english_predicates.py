"""The predicates an English sentence coordinates with its main verb ("was born in Ulm and
died in Princeton", "must submit … and pay …"), as token ranges, and what a later one
shares with the first (its passive's auxiliary, its modal). atomic.py cuts a sentence's
claims at them.
"""

from __future__ import annotations

from itertools import pairwise

from recall_audit.scorer.judges import english_inflection
from recall_audit.scorer.judges.english_verbs import (
    AND,
    DETERMINERS,
    PREPOSITIONS,
    RELATIVE,
    Token,
    carries_participle,
    is_adverb,
    is_past,
    is_plain_verb,
    participle,
    span_text,
    verb_at,
)
from recall_audit.scorer.judges.list_items import ends_list, inside_noun_phrase
from recall_audit.text import lexicon
from recall_audit.text.text import looks_like_verb

# Words opening a clause whose verbs are its own ("which grew, then shrank", "after he saves").
OPENS_CLAUSE = frozenset("which who after before when while because since although until".split())


def predicates(tokens: list[Token], verb: int, modal: bool) -> list[tuple[int, int]]:
    """Token ranges of the predicates coordinated with the main verb (after a `modal`, with
    the plain verb it governs: "must submit ... and pay ...")."""
    like = tokens[verb + 1] if modal or perfect(tokens, verb) else tokens[verb]
    # "are issued … and usually take": a plural subject's plain verb after its passive
    plural_passive = tokens[verb].low in ("are", "were") and carries_participle(tokens, verb)
    # "are made to improve A and develop B": a plain verb goes on the infinitive.
    infinitive = next(
        (
            k
            for k in range(verb + 1, len(tokens) - 1)
            if tokens[k].low == "to" and lexicon.is_mostly_verb(tokens[k + 1].low)
        ),
        len(tokens),
    )
    cuts = []
    between = False  # inside "between A and B": its "and" joins no predicates
    for i in range(verb + 1, len(tokens) - 1):
        low = tokens[i].low
        if _opens_clause(tokens, i):
            break  # the verbs after it may be the clause's ("which grew, then shrank")
        joint = low in AND or (low in ",;" and tokens[i + 1].low not in AND)
        if infinitive < i - 1 and not tokens[i + 1].low.endswith(("s", "ed")):
            joint = joint and participle(tokens[i + 1])  # "to be shorn … and caught" goes on
        # A word between commas is a list's item ("photos, podcasts, and music").
        listed = low == "," and i + 2 < len(tokens) and tokens[i + 2].low in {",", *AND}
        listed = listed or (low in AND and tokens[i - 1].text == "," and ends_list(tokens, verb, i))
        verb_next = (
            verb_at(tokens, i + 1, like)
            or (i > verb + 1 and _verb_before_object(tokens, i + 1, like))  # not "kill or slow"
            or (plural_passive and _plain_after_adverbs(tokens, i + 1))
            or (is_past(like) and _present_after_past(tokens, i))
        )
        # "an association between lower inequality and sustained growth": one "between"
        verb_next = verb_next and not between and not _plural_subject(tokens, i + 1)
        between = low == "between" or (between and low not in AND)
        if joint and not listed and verb_next and not inside_noun_phrase(tokens, verb, i):
            skip = 2 if low in ",;" and tokens[i + 1].low in AND else 1
            cuts.append((i, i + skip))
    ranges, lo = [], verb
    for at, resume in cuts:
        end = at - 1 if at > lo and tokens[at - 1].text == "," else at
        ranges.append((lo, end))
        lo = resume
    ranges.append((lo, len(tokens)))
    return [(a, b) for a, b in ranges if b > a]


def _plural_subject(tokens: list[Token], j: int) -> bool:
    """ "… and reports in recent years suggest that …": a plural noun whose own plain verb
    follows, a clause's subject and no "-s" verb of the sentence's subject."""
    word = tokens[j]
    if not (word.text.islower() and word.low.endswith("s") and lexicon.is_plural_noun(word.low)):
        return False
    after = tokens[j + 1] if j + 1 < len(tokens) else None
    if after is None or after.low not in PREPOSITIONS:  # "lowers blood glucose by …" acts
        return is_plain_verb(after) if after is not None else False
    for before, tok in pairwise(tokens[j + 1 : j + 7]):
        if tok.text == "," or tok.low in RELATIVE or tok.low == "that":
            return False
        if is_plain_verb(tok) and before.low != "to":  # not "takes about 243 days to rotate"
            return True
    return False


def _present_after_past(tokens: list[Token], i: int) -> bool:
    """ "was first performed in 1824 and ends with a chorus": a present "-s" verb after the
    joint, going on with a preposition, an article or an adverb, where no noun before the
    joint makes it a list's ("cakes and breads with raisins", "a spear and poles to")."""
    before = tokens[i - 1]
    if tokens[i].low != "and" or i + 2 >= len(tokens) or before.low.endswith("s"):
        return False
    if before.text.islower() and lexicon.is_mostly_noun(before.low):
        return False  # "used a spear or poles to climb": a list of the object's nouns
    word, after = tokens[i + 1], tokens[i + 2]
    goes_on = after.low in PREPOSITIONS | DETERMINERS or is_adverb(after)
    return (
        word.text.islower()
        and goes_on
        and lexicon.is_verb(word.low)
        and english_inflection.is_third_person(word.low)
    )


def passive_auxiliary(sentence: str, tokens: list[Token], verb: int) -> str:
    """What a coordinated participle shares with the first: "was" of "was written by A
    and sung by B", "have to be" of "have to be shorn every year and moved to the hills";
    '' for no passive."""
    if carries_participle(tokens, verb):
        return tokens[verb].text
    for k in range(verb + 1, min(verb + 4, len(tokens) - 2)):
        if tokens[k].low == "to" and tokens[k + 1].low == "be" and participle(tokens[k + 2]):
            return span_text(sentence, tokens, verb, k + 2)
    return ""


def _plain_after_adverbs(tokens: list[Token], i: int) -> bool:
    while i < len(tokens) and is_adverb(tokens[i]):
        i += 1
    return i < len(tokens) and is_plain_verb(tokens[i]) and not tokens[i].low.endswith("ing")


def _verb_before_object(tokens: list[Token], i: int, like: Token) -> bool:
    """A plain verb and its object coordinated with a plain verb ("breathe air ... and
    nurse their young"): no noun comes right before a determiner."""
    plain = like.text.islower() and not like.low.endswith("s") and not looks_like_verb(like.low)
    tok = tokens[i]
    if not (plain and tok.text.islower() and not tok.low.endswith("s")):
        return False
    return i + 1 < len(tokens) and tokens[i + 1].low in DETERMINERS and lexicon.is_verb(tok.low)


def perfect(tokens: list[Token], verb: int) -> bool:
    """ "has seen …": a verb coordinated with it is a participle too, not "and commissions"."""
    return tokens[verb].low in ("has", "have", "had") and carries_participle(tokens, verb)


def _opens_clause(tokens: list[Token], i: int) -> bool:
    """A relative or subordinating word opening a clause ("which grew", "after he saves")."""
    ahead = range(i + 1, min(i + 4, len(tokens)))
    return tokens[i].low in OPENS_CLAUSE and any(verb_at(tokens, j) for j in ahead)
