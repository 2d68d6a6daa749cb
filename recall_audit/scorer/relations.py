"""Order and polarity of one sentence, for the built-in judge's checks that shared words
cannot make: who did what to whom, which number belongs to which fact, whether the
sentence asserts or denies, and in which direction something moved.

Every rule works from word classes (copulas, denial verbs, words of falsity, words of
rising and falling), never from words of a particular data set. Pure and cheap: one regular
expression pass and set lookups, computed only for the few windows that could support a
claim.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from recall_audit.text.text import STOPWORDS, fold, is_year, stem

# Numbers, words (a slash, ampersand or apostrophe tail stays inside: "S/S", "AT&T",
# "Curie's") and single punctuation marks, in order.
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W_]+(?:[/&][^\W_]+)*(?:'[^\W_]*)?|[^\w\s]")

_BE = frozenset("is are was were be been being am".split())
# A present-tense assertion: something holds now.
_PRESENT = frozenset("is are am has have remains remain currently still now".split())
_PAST = frozenset("was were had did".split())
# Something that held once and holds no more ("former CEO", "no longer lives").
_CEASED = frozenset("former formerly ex".split())
# Words that declare the sentence's own content false, and verbs of denial.
_FALSITY = frozenset(
    """false untrue incorrect inaccurate myth myths hoax baseless unfounded debunked
    fabricated falsely wrongly incorrectly erroneously mistakenly""".split()
)
_DENIAL = frozenset(
    """deny denies denied denying refute refutes refuted refuting disprove disproves disproved
    disproven rebut rebuts rebutted rebutting""".split()
)
# "not true", "not the case", "not correct": a negated word of truth.
_TRUTH = frozenset("true case correct accurate".split())
_NOT = frozenset({"not", "isn't", "wasn't"})
# Any word `_declares_false` reads: a sentence with none of them declares nothing false.
_FALSE_MARKERS = _FALSITY | _DENIAL | _NOT
# A sentence opening with one of these may be about the sentence before ("This is false").
_BACK_REFERENCE = frozenset("this that these those it such".split())

# Opposite directions on one axis: (axis, +1 or -1) for each inflected form.
_DIRECTION_WORDS = {
    ("change", 1): """rise rises rising rose risen increase increases increased increasing grow
        grows growing grew grown climb climbs climbed climbing soar soars soared soaring surge
        surges surged surging expand expands expanded expanding""",
    ("change", -1): """fall falls falling fell fallen decrease decreases decreased decreasing
        decline declines declined declining drop drops dropped dropping shrink shrinks shrank
        shrunk shrinking plunge plunges plunged plunging slump slumps slumped""",
    ("outcome", 1): "win wins winning won victory victorious",
    ("outcome", -1): "lose loses losing lost",
    ("permission", 1): """allow allows allowed allowing permit permits permitted legalize
        legalized legalise legalised approve approves approved approving authorize authorized
        authorise authorised""",
    ("permission", -1): """ban bans banned banning forbid forbids forbade forbidden prohibit
        prohibits prohibited prohibiting outlaw outlaws outlawed reject rejects rejected""",
    ("success", 1): "succeed succeeds succeeded successful successfully",
    ("success", -1): "fail fails failed failing failure unsuccessful",
}
DIRECTIONS: dict[str, tuple[str, int]] = {
    word: key for key, words in _DIRECTION_WORDS.items() for word in words.split()
}


@dataclass(frozen=True, slots=True)
class Shape:
    """What order and polarity checks need of one sentence."""

    words: tuple[str, ...]  # lower-case tokens, punctuation included
    stems: tuple[str | None, ...]  # the content stem of each token, None for the others
    anchors: frozenset[tuple[str, str]]  # (content stem, number) a number is bound to
    denied: bool  # declares itself false, or denies what it reports
    ceased: frozenset[str]  # stems under "former" / "no longer" and not stated plainly
    present: bool  # asserts something holds now
    directions: frozenset[tuple[str, int]]
    question: bool

    def positions(self, term: str) -> list[int]:
        return [i for i, s in enumerate(self.stems) if s == term]


# Memoised: a pure function of one word, and a vocabulary repeats.
@functools.lru_cache(maxsize=1 << 16)
def _content(word: str) -> str | None:
    base = word.split("'", 1)[0]
    if not base or not base[0].isalpha() or len(base) < 2 or base in STOPWORDS:
        return None
    return stem(base)


def shape(text: str, next_sentence: str = "") -> Shape:
    """The shape of one sentence; `next_sentence` may declare it false ("This is untrue.")."""
    words = tuple(map(str.lower, _TOKEN.findall(fold(text))))
    stems = tuple(map(_content, words))
    return Shape(
        words=words,
        stems=stems,
        anchors=_anchors(words, stems),
        denied=_declares_false(words) or _denies_previous(next_sentence),
        ceased=_ceased(words, stems),
        present=_present(words),
        directions=frozenset(DIRECTIONS[w] for w in words if w in DIRECTIONS),
        question=text.rstrip().endswith("?"),
    )


def _present(words: tuple[str, ...]) -> bool:
    """Says something holds now: a present form of "be" or "have", "still", "currently",
    or no past form at all ("The ferry runs ...")."""
    if not _PRESENT.isdisjoint(words):
        return True
    return not any(w in _PAST or (len(w) > 4 and w.endswith("ed")) for w in words)


def _declares_false(words: tuple[str, ...]) -> bool:
    if _FALSE_MARKERS.isdisjoint(words):  # most sentences: no word to look at
        return False
    for i, w in enumerate(words):
        if w in _FALSITY or w in _DENIAL:
            return True
        if w in _NOT and any(x in _TRUTH for x in words[i + 1 : i + 3]):
            return True
    return False


def _denies_previous(sentence: str) -> bool:
    folded = fold(sentence)
    first = _TOKEN.search(folded)
    if first is None or first.group().lower() not in _BACK_REFERENCE:
        return False
    return _declares_false(tuple(map(str.lower, _TOKEN.findall(folded))))


def _ceased(words: tuple[str, ...], stems: tuple[str | None, ...]) -> frozenset[str]:
    """Stems governed by a marker of a past state: the next content word after "former",
    "formerly", "ex" or "no longer", unless the sentence also states it plainly."""
    if _CEASED.isdisjoint(words) and "longer" not in words:
        return frozenset()
    governed: set[str] = set()
    plain: set[str] = set()
    pending = False
    for i, (w, s) in enumerate(zip(words, stems, strict=True)):
        if w in _CEASED or (w == "longer" and i and words[i - 1] == "no"):
            pending = True
            continue
        if s is None or s == "longer":
            continue
        (governed if pending else plain).add(s)
        pending = False
    return frozenset(governed - plain)


# How far left of a number its fact word may be: "Physics in 1903", "born in 1879".
_ANCHOR_REACH = 3
_ATTRIBUTIVE = frozenset("the its their his her our this that".split())


_RANGE = frozenset("- – — to and or".split())
_MONTH_WORDS = frozenset(
    """january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec""".split()
)


def _in_range(words: tuple[str, ...], i: int) -> bool:
    """ "6–7", "2 to 3": one end of a range is no value of its own."""
    after = i + 2 < len(words) and words[i + 1] in _RANGE and words[i + 2][0].isdigit()
    before = i >= 2 and words[i - 1] in _RANGE and words[i - 2][0].isdigit()
    return after or before


def _anchors(words: tuple[str, ...], stems: tuple[str | None, ...]) -> frozenset[tuple[str, str]]:
    out = set()
    for i, w in enumerate(words):
        if not w[0].isdigit() or _in_range(words, i):
            continue
        if i and words[i - 1] in _ATTRIBUTIVE:
            # "the 2024 edition": the number tells which edition, not how many of before.
            if i + 1 < len(words) and stems[i + 1] is not None:
                out.add((stems[i + 1], _value(w)))
            continue
        # "RAM: 8 GB" binds the number to its key; "256 GB of RAM" to what it measures.
        if i >= 2 and words[i - 1] == ":" and stems[i - 2] is not None:
            out.add((stems[i - 2], _value(w)))
        of = next((k for k in (i + 1, i + 2) if k < len(words) and words[k] == "of"), None)
        if of is not None and of + 1 < len(stems) and stems[of + 1] is not None:
            out.add((stems[of + 1], _value(w)))
        for j in range(i - 1, max(-1, i - 1 - _ANCHOR_REACH), -1):
            if not words[j][0].isalnum() or words[j][0].isdigit():
                break  # punctuation or another number: this number has no fact word
            if stems[j] is not None:
                # A day after its month is a date, not a value of the month.
                if words[j] not in _MONTH_WORDS:
                    out.add((stems[j], _value(w)))
                break
    return frozenset(out)


def _value(number: str) -> str:
    """ "08", "8" and "8.0" are one value; "1,000" is a thousand."""
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return number
    return str(int(value)) if value.is_integer() else f"{value:g}"


def _kind(number: str) -> str:
    try:
        value = float(number)
    except ValueError:
        return number
    return "year" if is_year(value) else "count"


def exchanged(claim: Shape, evidence: Shape) -> str:
    """A number the claim binds to a fact word that the evidence binds to another number of
    the same kind ("Physics in 1911" against "Physics in 1903 and Chemistry in 1911"),
    while the evidence binds the claim's number to none of the claim's words."""
    claim_words = set(claim.stems)
    numbers = {_value(w) for w in evidence.words if w[:1].isdigit()}
    for word, number in sorted(claim.anchors):
        if (word, number) in evidence.anchors:
            continue
        if number not in numbers:
            continue  # the claim's number is not in this sentence: nothing is exchanged
        bound = {w for w, n in evidence.anchors if n == number}
        if bound and bound <= claim_words:
            continue  # "the Physics laboratory in 1960": bound to what the claim names
        for other_word, other in sorted(evidence.anchors):
            if other_word == word and other != number and _kind(other) == _kind(number):
                return f"the context gives {other} for what the claim gives {number}"
    return ""


def _passive(s: Shape, at: int) -> bool:
    """ "was acquired by": a form of "be" just before the word and "by" just after."""
    before = s.words[max(0, at - 2) : at]
    return any(w in _BE for w in before) and "by" in s.words[at + 1 : at + 3]


def _side(s: Shape, at: int, pivot: int) -> int:
    """Which side of `pivot` the word at `at` is on (-1 before, +1 after), reading an owner
    just before the word it owns ("France's capital") as "capital of France"."""
    if at < pivot and s.words[at].endswith(("'s", "'")) and pivot - at <= 2:
        return 1
    return -1 if at < pivot else 1


def _unique(s: Shape) -> dict[str, int]:
    """Content stems found once in the sentence, with their position."""
    seen: dict[str, int] = {}
    repeated = set()
    for i, t in enumerate(s.stems):
        if t is None:
            continue
        if t in seen:
            repeated.add(t)
        seen[t] = i
    return {t: i for t, i in seen.items() if t not in repeated}


# How far (in tokens) from the middle word the two swapped words may be: one clause.
_SWAP_REACH = 4


def _neighbours(s: Shape, at: int, shared: dict[str, int]) -> tuple[str | None, str | None]:
    """The nearest shared words before and after position `at`, within reach."""
    before = [t for t, i in shared.items() if at - _SWAP_REACH <= i < at]
    after = [t for t, i in shared.items() if at < i <= at + _SWAP_REACH]
    return (
        max(before, key=shared.__getitem__) if before else None,
        min(after, key=shared.__getitem__) if after else None,
    )


def swapped(claim: Shape, evidence: Shape) -> str:
    """The words on either side of a shared middle word, the other way round in the
    evidence ("The man bit the dog" / "The dog bit the man"; "France is the capital of
    Paris"), with the voice of the middle word ("acquired" / "was acquired by") and
    possessives ("France's capital") taken into account. Only the nearest words of one
    clause count, so reordered lists and clauses are no swap."""
    epos = _unique(evidence)
    cpos = {t: i for t, i in _unique(claim).items() if t in epos}
    if len(cpos) < 3:
        return ""
    for pivot, cp in cpos.items():
        ep = epos[pivot]
        if claim.words[cp] != evidence.words[ep]:
            continue  # "recorded her album" / "her record": another role, no order to compare
        others = {t: i for t, i in cpos.items() if t != pivot}
        x, y = _neighbours(claim, cp, others)
        if x is None or y is None or _side(claim, cpos[x], cp) != -1:
            continue
        ex, ey = epos[x] - ep, epos[y] - ep
        if not (0 < abs(ex) <= _SWAP_REACH and 0 < abs(ey) <= _SWAP_REACH):
            continue
        flip = _passive(claim, cp) != _passive(evidence, ep)
        x_side, y_side = _side(evidence, epos[x], ep), _side(evidence, epos[y], ep)
        if (x_side, y_side) == ((-1, 1) if flip else (1, -1)):
            return f"the context has {x} and {y} the other way round"
    return ""


def reversed_polarity(claim: Shape, evidence: Shape) -> str:
    """One of the two declares false or denies what the other asserts."""
    if claim.denied and not evidence.denied:
        return "the claim denies what the context states"
    if evidence.denied and not claim.denied:
        return "the context declares it false or denies it"
    return ""


def ceased_state(claim: Shape, evidence: Shape, claim_terms: frozenset[str]) -> str:
    """A claim that something holds now against "former" / "no longer", and the reverse."""
    if claim.present and not claim.ceased and evidence.ceased & claim_terms:
        return "the context says it no longer holds"
    if (
        claim.ceased
        and evidence.present
        and not evidence.ceased
        and claim.ceased <= set(evidence.stems)
    ):
        return "the context says it still holds"
    return ""


def opposite_direction(claim: Shape, evidence: Shape) -> str:
    """ "rose" against "fell", "won" against "lost": the evidence moves the other way only."""
    for axis, sign in sorted(claim.directions):
        if (axis, -sign) in claim.directions:
            continue
        if (axis, -sign) in evidence.directions and (axis, sign) not in evidence.directions:
            return f"the context goes the other way ({axis})"
    return ""
