"""The built-in judge: offline, deterministic and fast, with no model behind it.

Claims are the sentences of the ground truth, with long coordinated sentences cut into
clauses that stand alone. A claim is supported by a chunk when some window of consecutive
sentences in that chunk covers enough of the claim's content words and numbers (rare words
count for more) and states nothing against it: no other value where the claim has a number,
year, ordinal or month, no other name in the slot of a name the evidence lacks ("worked in
Paris" against "worked in Warsaw"), and no denial of what the claim affirms (or the reverse).

What it cannot see: antonyms ("rose" vs "fell"), swapped roles ("A beat B" vs "B beat A"),
a name swapped as a subject or after a comma, paraphrase that shares no words, and support
that needs reasoning across facts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from recall_audit.scorer.judge import Attribution, Extraction
from recall_audit.scorer.text import Analysis, Name, analyse, sentence_spans
from recall_audit.scorer.types import Verdict

QUOTE_LIMIT = 200

# Where a coordinated sentence may be cut: the right-hand part must start a new clause.
_CLAUSE_CUT = re.compile(r";\s+|,\s+(?:and|but|while|whereas|yet|so)\s+|\s+but\s+")
_SUBJECT_PRONOUNS = frozenset("he she it they we i you there this these those".split())
_DETERMINERS = frozenset("the a an his her its their our my this that these those".split())
_AUXILIARIES = frozenset(
    """is was are were be been has have had will would can could may might shall should must
    do does did became becomes remains remained""".split()
)
_IRREGULAR_PAST = frozenset(
    """won made became began wrote went took gave found led left held told built grew saw came
    knew ran sold brought thought bought taught fought got said met lost chose drove flew fell
    rose sang spoke stood struck wore hid kept sent spent paid set put read became""".split()
)
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


@dataclass(frozen=True, slots=True)
class BuiltinSettings:
    """The knobs of the built-in judge; changing a default means bumping `version`.

    Defaults were chosen on ../shared/data/fidelity/ as a smooth region, not a peak (see
    docs/fidelity.md).
    """

    # Weighted share of the claim's content words and numbers one window must contain.
    threshold: float = 0.5
    # Consecutive sentences of a chunk looked at together.
    window: int = 2
    # How much more a word shared with few sentences of the context weighs than the topic
    # words found everywhere (0 weighs every word alike).
    rarity: float = 1.0
    # Windows (from any chunks) that may be pooled when no single one suffices...
    combine: int = 3
    # ...and the share the pool needs: higher, since pooling also finds words by chance.
    combined_threshold: float = 0.8


@dataclass(frozen=True, slots=True)
class _Window:
    chunk: int
    sentences: tuple[tuple[str, frozenset[str]], ...]  # text and content stems of each
    analysis: Analysis

    def quote(self, terms: frozenset[str]) -> str:
        """The window's sentence sharing most words with the claim, first on ties."""
        text, _ = max(self.sentences, key=lambda s: len(terms & s[1]))
        return _quote(text)


def _looks_like_verb(word: str) -> bool:
    low = word.lower()
    return low in _AUXILIARIES or low in _IRREGULAR_PAST or (len(low) > 4 and low.endswith("ed"))


def _stands_alone(part: str, *, needs_subject: bool) -> bool:
    """A clause that reads as a sentence of its own: a subject, then a verb early on."""
    words = _WORD.findall(part)
    if len(words) < 3:
        return False
    if not needs_subject:
        return any(_looks_like_verb(w) for w in words)
    first = words[0].lower()
    if first in _SUBJECT_PRONOUNS:
        return len(words) >= 3
    if first in _DETERMINERS or words[0][0].isupper():
        return any(_looks_like_verb(w) for w in words[1:7])
    return False


def _clauses(sentence: str) -> list[str]:
    """Cuts a sentence at coordinating joints where both sides stand alone, else keeps it."""
    parts: list[str] = []
    rest = sentence
    while True:
        cut = None
        for match in _CLAUSE_CUT.finditer(rest):
            left, right = rest[: match.start()], rest[match.end() :]
            if _stands_alone(left, needs_subject=False) and _stands_alone(
                right, needs_subject=True
            ):
                cut = match
                break
        if cut is None:
            parts.append(rest)
            return parts
        parts.append(rest[: cut.start()].rstrip(" ,;"))
        rest = rest[cut.end() :]


def _is_checkable(claim: str) -> bool:
    a = analyse(claim)
    return bool(a.terms or a.quantities or a.facts)


def extract_claim_texts(ground_truth: str) -> list[str]:
    """The ground truth's claims as verbatim spans: sentences, then stand-alone clauses."""
    claims: list[str] = []
    for start, end in sentence_spans(ground_truth):
        sentence = ground_truth[start:end].lstrip("-*•· \t")
        claims.extend(c.strip() for c in _clauses(sentence) if _is_checkable(c))
    return claims


def _merge(parts: Sequence[Analysis]) -> Analysis:
    quantities: dict[str, frozenset[str]] = {}
    for p in parts:
        for value, units in p.quantities.items():
            quantities[value] = quantities.get(value, frozenset()) | units
    affirmed = frozenset().union(*(p.terms - p.negated_terms for p in parts))
    return Analysis(
        terms=frozenset().union(*(p.terms for p in parts)),
        quantities=quantities,
        facts=frozenset().union(*(p.facts for p in parts)),
        negated_terms=frozenset().union(*(p.negated_terms for p in parts)) - affirmed,
        names=frozenset().union(*(p.names for p in parts)),
    )


def _kinds(value: str, units: frozenset[str]) -> frozenset[str]:
    """What a number measures, as far as the text tells: its units, else a year or a count."""
    named = units - {""}
    if named:
        return named
    number = float(value)
    return frozenset({"<year>" if number.is_integer() and 1000 <= number <= 2100 else "<count>"})


_FACT_KINDS = {"#": "ordinal", "@": "month"}


def _disagreement(claim: Analysis, evidence: Analysis) -> str:
    """Why `evidence` cannot support `claim` despite shared words ('' when nothing is wrong).

    A number, ordinal or month the evidence lacks only lowers coverage: people accept a
    year the text leaves out. The evidence contradicts the claim when it states another
    value of the same kind instead (another year, another amount in the same unit).
    """
    for value, units in sorted(claim.quantities.items()):
        seen = evidence.quantities.get(value)
        if seen is not None:
            wanted = units - {""}
            if wanted and not (wanted & seen) and "" not in seen:
                return f"{value} appears with another unit"
            continue
        kinds = _kinds(value, units)
        for other, other_units in sorted(evidence.quantities.items()):
            if other not in claim.quantities and kinds & _kinds(other, other_units):
                return f"the context has {other} where the claim has {value}"
    for fact in sorted(claim.facts - evidence.facts):
        if any(f[0] == fact[0] for f in evidence.facts - claim.facts):
            return f"the context names another {_FACT_KINDS[fact[0]]}"
    # The same for names: a name the evidence leaves out only costs coverage, another name
    # in the same slot ("worked in Paris" for "worked in Warsaw") contradicts the claim.
    for name in sorted(claim.names, key=_name_order):
        if name.stems & evidence.terms:
            continue
        for other in sorted(evidence.names, key=_name_order):
            if other.slot == name.slot and not other.stems & claim.terms:
                return f"the context has {other.text} where the claim has {name.text}"
    if claim.negated_terms & (evidence.terms - evidence.negated_terms):
        return "the context affirms what the claim denies"
    if (claim.terms - claim.negated_terms) & evidence.negated_terms:
        return "the context negates it"
    return ""


def _name_order(name: Name) -> tuple[tuple[str, str], str]:
    return name.slot, name.text


class BuiltinJudge:
    """Sentence and clause claims; content-word coverage with hard fact and negation checks."""

    name = "builtin"
    version = "builtin-3"

    def __init__(self, settings: BuiltinSettings | None = None) -> None:
        self.settings = settings or BuiltinSettings()

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction:
        # Sentence splitting cannot use a question: "Yes." stays without a checkable claim.
        return Extraction(claims=[extract_claim_texts(gt or "") for gt in ground_truths])

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        return Attribution(verdicts=self.judge(claims, chunks))

    def judge(self, claims: Sequence[str], chunks: Sequence[str]) -> list[Verdict]:
        """The synchronous core of `attribute`: one verdict per claim, in order."""
        sentences = [
            [(chunk[s:e], analyse(chunk[s:e])) for s, e in sentence_spans(chunk or "")]
            for chunk in chunks
        ]
        weights = _Rarity([a for chunk in sentences for _, a in chunk], self.settings.rarity)
        windows = [w for c, sents in enumerate(sentences) for w in self._windows(c, sents)]
        return [
            self._verdict(i, analyse(claim), windows, weights) for i, claim in enumerate(claims)
        ]

    def _windows(self, chunk: int, sentences: list[tuple[str, Analysis]]) -> list[_Window]:
        out = []
        for width in range(1, max(1, self.settings.window) + 1):
            for i in range(len(sentences) - width + 1):
                part = sentences[i : i + width]
                analysis = part[0][1] if width == 1 else _merge([a for _, a in part])
                out.append(_Window(chunk, tuple((t, a.terms) for t, a in part), analysis))
        return out

    def _verdict(
        self, index: int, claim: Analysis, windows: Sequence[_Window], weights: _Rarity
    ) -> Verdict:
        if not (claim.terms or claim.quantities or claim.facts):
            return Verdict(
                claim_index=index, supported=False, explanation="no checkable words in the claim"
            )
        if not windows:
            return Verdict(claim_index=index, supported=False, explanation="no context")
        # A number weighs as much as a word found nowhere else: missing it costs coverage.
        hard = claim.hard
        total = sum(weights(t) for t in claim.terms) + weights.rare * len(hard)

        def coverage(a: Analysis) -> float:
            found = sum(weights(t) for t in claim.terms & a.terms)
            return (found + weights.rare * len(hard & a.hard)) / total

        scored = sorted(
            ((coverage(w.analysis), i, w) for i, w in enumerate(windows)),
            key=lambda s: (-s[0], s[2].chunk, s[1]),
        )
        # Every chunk holding a window that supports the claim on its own, best first.
        chunks: list[int] = []
        first: tuple[float, _Window] | None = None
        for score, _, w in scored:
            if score < self.settings.threshold:
                break
            if w.chunk not in chunks and not _disagreement(claim, w.analysis):
                first = first or (score, w)
                chunks.append(w.chunk)
        if first is not None:
            score, w = first
            return Verdict(
                claim_index=index,
                supported=True,
                chunk_indices=chunks,
                quote=w.quote(claim.terms),
                explanation=f"{score:.0%} of the claim's content found in chunk {w.chunk + 1}",
            )
        return self._pooled(index, claim, [w for _, _, w in scored], coverage, scored[0][0])

    def _pooled(
        self,
        index: int,
        claim: Analysis,
        ranked: Sequence[_Window],
        coverage: Callable[[Analysis], float],
        best_single: float,
    ) -> Verdict:
        """Pools the best window with the ones that add most of what it lacks (numbers first),
        for claims that gather facts stated in several places."""
        chosen = [0]
        pooled = ranked[0].analysis
        for _ in range(self.settings.combine - 1):
            lacking_hard = claim.hard - pooled.hard
            lacking_terms = claim.terms - pooled.terms

            def gain(i: int, hard=lacking_hard, terms=lacking_terms) -> tuple[int, int]:
                a = ranked[i].analysis
                return len(hard & a.hard), len(terms & a.terms)

            pick = max((i for i in range(len(ranked)) if i not in chosen), key=gain, default=None)
            if pick is None or gain(pick) == (0, 0):
                break
            chosen.append(pick)
            pooled = _merge([pooled, ranked[pick].analysis])
        score = coverage(pooled)
        why_not = _disagreement(claim, pooled)
        if score >= self.settings.combined_threshold and not why_not:
            order = list(dict.fromkeys(ranked[i].chunk for i in chosen))
            return Verdict(
                claim_index=index,
                supported=True,
                chunk_indices=order,
                quote=ranked[0].quote(claim.terms),
                explanation=f"{score:.0%} of the claim's content found across chunks "
                + ", ".join(str(c + 1) for c in order),
            )
        why = why_not or f"at most {max(best_single, score):.0%} of the claim's content found"
        return Verdict(claim_index=index, supported=False, explanation=why)


class _Rarity:
    """Word weights from the context itself: a topic word found in most sentences counts for
    less than one found in few. A word found nowhere weighs as if found once, so a missing
    word costs as much as a rare one, no more."""

    def __init__(self, sentences: Sequence[Analysis], strength: float) -> None:
        self._n = len(sentences)
        self._strength = strength
        counts: dict[str, int] = {}
        for a in sentences:
            for t in a.terms:
                counts[t] = counts.get(t, 0) + 1
        self._df = counts
        self.rare = self._weight(1)

    def _weight(self, df: int) -> float:
        return 1.0 + self._strength * math.log((self._n + 1) / (df + 1))

    def __call__(self, term: str) -> float:
        return self._weight(max(self._df.get(term, 0), 1))


def _quote(sentence: str) -> str:
    text = " ".join(sentence.split())
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1].rstrip() + "…"
