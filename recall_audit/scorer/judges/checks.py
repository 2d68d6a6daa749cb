"""The checks that can veto support the built-in judge found in shared words.

Each check looks at a claim and one piece of evidence (a window of sentences, or windows
pooled from several chunks) and returns why the evidence cannot support the claim, or ''.
Each has a name, so `BuiltinSettings.rules` can switch it and bench/fidelity.py can
measure what it wins and loses on each file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from recall_audit.scorer import relations
from recall_audit.scorer.grounding import grounded
from recall_audit.scorer.relations import Shape
from recall_audit.text import cjk
from recall_audit.text.text import COUNTED, DAY_OF_MONTH, Analysis, Name, is_year

_FACT_KINDS = {"#": "ordinal", "@": "month", "%": "day of the week", "^": "rank"}
# A rank a superlative states is found only to be contradicted: "the largest" is said in
# many other ways ("no city is bigger"), "the second-largest" says it is not.
_SOFT_FACTS = "^"


@dataclass(frozen=True, slots=True)
class Claim:
    analysis: Analysis
    shape: Shape
    entity: frozenset[str]  # keys of which one names the claim's subject (none: unchecked)
    # Each sentence or clause of the claim, with its words, when it has more than one.
    parts: tuple[tuple[str, frozenset[str]], ...] = ()


@dataclass(frozen=True, slots=True)
class Evidence:
    analysis: Analysis
    shapes: Sequence[Shape]  # of each sentence, in order
    sentence_terms: Sequence[frozenset[str]]
    # The words where the claim's subject may be named: the sentences, those a pronoun
    # opening them refers back to, and their chunks' titles (found when a check asks).
    subject_keys: Callable[[], frozenset[str]]
    names: Callable[[], frozenset[Name]]  # of the sentences, found when a check asks

    def closest(self, terms: frozenset[str]) -> Shape:
        """The sentence sharing most of the claim's words, first on ties."""
        best = max(range(len(self.shapes)), key=lambda i: len(terms & self.sentence_terms[i]))
        return self.shapes[best]


def _same_measure(wanted: frozenset[str], seen: frozenset[str]) -> bool:
    """A number of the claim stated in the evidence as the same measure: with a unit they
    share, or bare or counting a noun on either side ("two doses" is not "two hours"); a
    day of a month reads as a bare number here, it only contradicts other days."""
    loose = {"", COUNTED, DAY_OF_MONTH}
    if wanted & seen or not (wanted - {""}):
        return True
    return bool(seen & loose)


def _kinds(value: str, units: frozenset[str]) -> frozenset[str]:
    """What a number measures, as far as the text tells: its units, else a year or a count."""
    named = units - {"", COUNTED}
    if named:
        return named
    number = float(value)
    return frozenset({"<year>" if is_year(number) else "<count>"})


def other_value(claim: Claim, evidence: Evidence) -> str:
    """Another value of the same kind where the claim has a number, ordinal or month:
    another year, amount in the same unit, ordinal or month contradicts the claim."""
    c, e = claim.analysis, evidence.analysis
    for value, units in sorted(c.quantities.items()):
        seen = e.quantities.get(value)
        if seen is not None:
            if not _same_measure(units, seen):
                return f"{value} appears with another unit"
            continue
        kinds = _kinds(value, units)
        for other, other_units in sorted(e.quantities.items()):
            if other not in c.quantities and kinds & _kinds(other, other_units):
                return f"the context has {other} where the claim has {value}"
    for fact in sorted(c.facts - e.facts):
        if any(f[0] == fact[0] for f in e.facts - c.facts):
            return f"the context names another {_FACT_KINDS[fact[0]]}"
    return ""


def missing_value(claim: Claim, evidence: Evidence) -> str:
    """A number, date, ordinal or month of the claim that the evidence never states: a
    claim is a whole fact, and "has about 2.1 million inhabitants" is not in "is the
    capital of France". (Another value in its place is `values`: a contradiction.)"""
    c, e = claim.analysis, evidence.analysis
    for value in sorted(c.quantities):
        if value not in e.quantities:
            return f"the context never states {_shown(value, c.quantities[value])}"
    for fact in sorted(c.facts - e.facts):
        if fact[0] not in _SOFT_FACTS:
            return f"the context never states the claim's {_FACT_KINDS[fact[0]]} {fact[1:]}"
    return ""


# How a unit's canonical name (text.py, cjk.py) reads in an explanation.
_UNIT_NAMES = {
    "in": "inch", "yr": "years", "mo": "months", "wk": "weeks", "d": "days", "h": "hours",
    "s": "seconds", "deg": "degrees", "ppl": "people", "x": "times", "usd": "USD",
    "eur": "EUR", "jpy": "JPY", "cny": "CNY", "dom": "(a day of the month)",
}  # fmt: skip


def _shown(value: str, units: frozenset[str]) -> str:
    number = float(value)
    written = f"{int(number):,}" if number.is_integer() and abs(number) >= 10_000 else value
    unit = min(units - {"", COUNTED}, default="")
    return f"{written} {_UNIT_NAMES.get(unit, unit)}".strip()


def _name_order(name: Name) -> tuple[tuple[str, str], str]:
    return name.slot, name.text


def other_name(claim: Claim, evidence: Evidence) -> str:
    """Another name in the slot of a name the evidence lacks ("worked in Paris" against
    "worked in Warsaw"); a name simply left out only costs coverage."""
    c, e = claim.analysis, evidence.analysis
    for name in sorted(c.names, key=_name_order):
        if name.stems & e.terms:
            continue
        for other in sorted(evidence.names(), key=_name_order):
            if other.slot == name.slot and not other.stems & c.terms:
                return f"the context has {other.text} where the claim has {name.text}"
    return ""


def missing_name(claim: Claim, evidence: Evidence) -> str:
    """A proper noun of the claim that the evidence never names: "signed in Vienna" is
    not in "drafted in Geneva", however many other words they share."""
    found = evidence.analysis.terms
    for name in sorted(claim.analysis.names, key=_name_order):
        named = not name.stems.isdisjoint(found) or not name.stems.isdisjoint(
            evidence.subject_keys()
        )
        if not named and not any(_same_root(s, term) for s in name.stems for term in found):
            return f"the context never names {name.text}"
    # Japanese writes foreign names and places in katakana, with no capitals to tell them;
    # a loanword left out ("リクエスト") only costs coverage, as any other word does.
    for term in sorted(claim.analysis.terms - found):
        if cjk.is_katakana_name(term):
            return f"the context never names {term}"
    return ""


def _same_root(a: str, b: str) -> bool:
    """Two forms of one name ("Africa" / "African", "Japan" / "Japanese"): one is the
    other with an ending of at most three letters, and they share five or more."""
    short, long = sorted((a, b), key=len)
    return len(short) >= 5 and long.startswith(short) and len(long) - len(short) <= 3


def negated_word(claim: Claim, evidence: Evidence) -> str:
    """A word the claim affirms that the evidence only denies, or the reverse."""
    c, e = claim.analysis, evidence.analysis
    if c.negated_terms & (e.terms - e.negated_terms):
        return "the context affirms what the claim denies"
    if (c.terms - c.negated_terms) & e.negated_terms:
        return "the context negates it"
    return ""


def other_subject(claim: Claim, evidence: Evidence) -> str:
    if grounded(claim.entity, evidence.subject_keys()):
        return ""
    return "the context is about something else: it never names the claim's subject"


def swapped_roles(claim: Claim, evidence: Evidence) -> str:
    return next(filter(None, (relations.swapped(claim.shape, s) for s in evidence.shapes)), "")


def exchanged_numbers(claim: Claim, evidence: Evidence) -> str:
    return next(filter(None, (relations.exchanged(claim.shape, s) for s in evidence.shapes)), "")


def denial(claim: Claim, evidence: Evidence) -> str:
    return relations.reversed_polarity(claim.shape, evidence.closest(claim.analysis.terms))


def ceased(claim: Claim, evidence: Evidence) -> str:
    closest = evidence.closest(claim.analysis.terms)
    return relations.ceased_state(claim.shape, closest, claim.analysis.terms)


def direction(claim: Claim, evidence: Evidence) -> str:
    return relations.opposite_direction(claim.shape, evidence.closest(claim.analysis.terms))


def question(claim: Claim, evidence: Evidence) -> str:
    if claim.shape.question:
        return "a question states nothing"
    if all(s.question for s in evidence.shapes):
        return "the context only asks it"
    return ""


def unstated_part(claim: Claim, evidence: Evidence) -> str:
    """A sentence or clause of the claim of which the evidence has at most half the words:
    the rest may be stated, the claim as a whole is not ("That's right. They formed in
    1995.", "..., and it solidifies at temperatures lower than ...")."""
    seen = evidence.analysis.terms
    for text, terms in claim.parts:
        if terms and len(terms & seen) * 2 <= len(terms):
            return f'little of its part "{text.strip()}" is there'
    return ""


CHECKS: dict[str, Callable[[Claim, Evidence], str]] = {
    "values": other_value,
    "missing": missing_value,
    "names": other_name,
    "unnamed": missing_name,
    "negation": negated_word,
    "subject": other_subject,
    "swap": swapped_roles,
    "exchange": exchanged_numbers,
    "denial": denial,
    "ceased": ceased,
    "direction": direction,
    "question": question,
    "part": unstated_part,
}
RULES = frozenset(CHECKS)
# The checks that find the evidence speaking against the claim, not merely short of it.
CONTRADICTIONS = frozenset("names negation swap denial ceased direction".split())


def vetoes(rules: frozenset[str], claim: Claim, evidence: Evidence) -> Iterator[tuple[str, str]]:
    """(rule, reason) for every enabled check that rejects the evidence, cheapest first."""
    for rule, check in CHECKS.items():
        if rule in rules and (why := check(claim, evidence)):
            yield rule, why
