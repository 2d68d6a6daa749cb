"""The objects of an English predicate ending in a list, one claim per item.

"supports A, B and C" is "supports A", "supports B" and "supports C"; a list after a colon
stands in for the object before it; "both A and B" is coordination.py's. Which items are
alike enough to be a list: list_items.py.
"""

from __future__ import annotations

from itertools import pairwise

from recall_audit.scorer.judges import coordination
from recall_audit.scorer.judges.english_verbs import (
    AND,
    APPROXIMATE,
    DETERMINERS,
    MODALS,
    PREPOSITIONS,
    RELATIVE,
    Token,
    carries_participle,
    inside_name,
    is_adverb,
    is_plain_verb,
    is_verb,
    number_like,
    relates_two,
    span_text,
    top_level,
    verb_at,
)
from recall_audit.scorer.judges.list_items import (
    inside_noun_phrase,
    noun_pending,
    shared_noun,
    shares_head,
    unlike,
)
from recall_audit.text import lexicon
from recall_audit.text.articles import article_before
from recall_audit.text.text import analyse

_NO_SPLIT_BEFORE = frozenset({"between", "both", "either", "neither"})


_DENIALS = frozenset("not never no cannot".split())


_OR_MORE = frozenset("more less so longer older fewer later earlier above below".split())


def objects(sentence: str, tokens: list[Token], lo: int, hi: int) -> list[str]:
    """One predicate, or one per item of a list it ends with ("supports A, B and C")."""
    whole = [span_text(sentence, tokens, lo, hi)]
    colons = top_level(tokens, lo + 1, hi, ":")
    if colons:
        return _listed_after_colon(sentence, tokens, lo, hi, colons[0]) or whole
    both = coordination.both_parts(sentence, tokens, lo, hi)
    if both:
        return both
    ands = top_level(tokens, lo + 1, hi, "and")  # "A or B" is one fact: an alternative,
    if not ands:  # unless denied: "does not cover A or B" covers neither
        ors = top_level(tokens, lo + 1, hi, "or")
        denied = bool(ors) and any(t.low in _DENIALS for t in tokens[lo : ors[0]])
        ands = ors if denied else []
    if not ands:
        return whole
    joint = max(ands)
    if joint + 1 < hi and tokens[joint + 1].low in _OR_MORE:
        return whole  # "for a decade or more": one amount, no list
    if verb_at(tokens, joint + 1) and not inside_noun_phrase(tokens, lo, joint):
        return whole  # a predicate of its own, not an item
    if any(tokens[j].low in _NO_SPLIT_BEFORE for j in range(max(lo, joint - 4), joint)):
        return whole
    infinitive = _infinitive_before(tokens, lo, joint)
    if infinitive is not None:  # "wants to expand into Asia and hire 200 people"
        head = span_text(sentence, tokens, lo, infinitive + 1)
        left = span_text(sentence, tokens, lo, joint - (tokens[joint - 1].text == ","))
        return [left, f"{head} {span_text(sentence, tokens, joint + 1, hi)}"]
    # Up to the comma the last item ends at: not one between adjectives ("a dense, flaky,
    # white flesh").
    commas = top_level(tokens, joint + 1, hi, ",")
    right_end = next((c for c in commas if not noun_pending(tokens, joint, c)), hi)
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
        if carries_participle(tokens, lo):
            return whole  # "is known for voicing A, B, and C": no objects of "is"
        head = span_text(sentence, tokens, lo, lo + 1)
        pair = ((lo + 1, joint - 1), (joint + 1, right_end))
        return [f"{head} {span_text(sentence, tokens, a, b)}" for a, b in pair]
    # Two long items joined by "and" are rarely a list unless both are noun phrases.
    alike = all(tokens[a].low in DETERMINERS for a, _ in items)
    if len(items) == 2 and items[0][1] - items[0][0] > (10 if alike else 6):
        return whole
    if inside_name(tokens, anchor) and all(tokens[a].text[:1].isupper() for a, _ in items):
        return whole  # "the Department of Health, Education, and Welfare" is one name
    if _title(tokens, joint):
        return whole  # "Willy Wonka and the Chocolate Factory": one title
    named = joint + 2 < len(tokens) and tokens[joint + 2].text[:1].isupper()
    if named and inside_name(tokens, joint) and _name_adjective(tokens[joint - 1]):
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
        a += tokens[a].low in APPROXIMATE
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
            # "with the death of A and the victory of B": both items the preposition's.
            articles = {tokens[start].low, tokens[joint + 1].low} <= DETERMINERS
            skipped = noun_phrase and tokens[prev].low in PREPOSITIONS and not articles
            # "is about 446 km long and over 1,800 m deep": "about" is the number's.
            approximate = tokens[prev].low in APPROXIMATE and number_like(tokens[start])
            anchors = _anchors(tokens[prev]) and not (skipped or approximate)
            # "infections such as pneumonia and bronchitis": the list depends on "such as".
            anchors = anchors or (tokens[prev].low == "as" and tokens[prev - 1].low == "such")
            # "hiking, swimming and running": items, no "-ing" anchor of the last.
            listed = tokens[prev].low.endswith("ing") and tokens[joint + 1].low.endswith("ing")
            anchors = anchors and not listed
            # "to compute the inputs, outputs and states": on the infinitive, not on "to".
            anchors = anchors or (tokens[prev - 1].low == "to" and is_plain_verb(tokens[prev]))
            # "does not cover A or B", "can collect A, B or C": on the verb after "not".
            anchors = anchors or (
                tokens[prev - 1].low in _BEFORE_PLAIN and _verb_form(tokens[prev])
            )
            if prev == lo or (anchors and not _after_relative(tokens, lo, prev)):
                if start == end or tokens[start].low in AND:
                    return None
                return prev, [(start, item_end), *items]
            start -= 1
        if start <= lo or start == end or tokens[start].low in AND:
            return None
        end = start - 1  # the comma before this part
        # "sales of $2 billion, up 4% from the year before, and ...": an aside of the item
        # before it, not an item.
        # So is a phrase opening with a preposition (", including A and B games").
        opens = tokens[start].low
        if not (opens in ("up", "down") or opens in PREPOSITIONS or is_adverb(tokens[start])):
            items.insert(0, (start, item_end))
            item_end = end


_BEFORE_PLAIN = MODALS | {"not", "never"}


def _verb_form(tok: Token) -> bool:
    return tok.text.islower() and lexicon.is_verb(tok.low)


def _infinitive_before(tokens: list[Token], lo: int, joint: int) -> int | None:
    """Where the "to" stands whose verb the plain verb after "and" is coordinated with
    ("to expand into Asia and hire …"), or None."""
    after = tokens[joint + 1] if joint + 1 < len(tokens) else None
    if after is None or not is_plain_verb(after) or tokens[joint].low != "and":
        return None
    return next(
        (
            k
            for k in range(joint - 2, lo, -1)
            if tokens[k].low == "to" and is_plain_verb(tokens[k + 1])
        ),
        None,
    )


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
        if tokens[j].low in RELATIVE or tokens[j].low == "that":
            return True
    return False


def _title(tokens: list[Token], joint: int) -> bool:
    """A name, "and the", a name ("Harry Potter and the Philosopher's Stone")."""
    after = tokens[joint + 1 : joint + 3]
    named = len(after) == 2 and after[0].low == "the" and after[1].text[:1].isupper()
    return named and tokens[joint - 1].text[:1].isupper()


def _name_adjective(tok: Token) -> bool:
    """A capitalised adjective, which a name's noun must follow ("Social and Political")."""
    return (
        tok.text[:1].isupper()
        and lexicon.is_adjective(tok.low)
        and not lexicon.is_mostly_noun(tok.low)
    )
