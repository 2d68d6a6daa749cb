"""The built-in judge: offline, deterministic and fast, with no model behind it.

Claims are the ground truth's atomic facts (extraction.py). A claim is supported by a
chunk when some window of consecutive sentences in that chunk covers enough of the claim's
content words and numbers (rare words count for more) and no check in checks.py vetoes
that window: no other value where the claim has a number, no other name in a name's slot,
no denied word, the claim's subject
named in the window or its chunk's title, no roles swapped around a shared word, no number
bound to another fact, no sentence declared false or denied, no "former" against "is",
no opposite direction ("rose" / "fell"), and no question. Only sentences that assert count
(recall_audit/text/assertion.py): a tag list, a question, a conditional or a sentence calling
a statement false holds a claim's words without stating it, and a claim found only there is
unsupported, with where and why (contradicted when a chunk calls it false). When no window
suffices, up to three windows of one document (chunks with the same title, or none) may be
pooled.

What it cannot see is listed in docs/fidelity.md.
"""

from __future__ import annotations

import copy
import functools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import chain

from recall_audit.scorer.grounding import keys, main_entity, title
from recall_audit.scorer.judge import Attribution, Extraction
from recall_audit.scorer.judges import extraction, stand_ins
from recall_audit.scorer.judges.checks import CONTRADICTIONS, RULES, Claim, Evidence, vetoes
from recall_audit.scorer.judges.extraction import extract_claim_texts
from recall_audit.scorer.relations import Shape, shape
from recall_audit.text import assertion, cjk
from recall_audit.text.assertion import Mood
from recall_audit.text.languages import COMPOUNDING, ENGLISH, detect
from recall_audit.text.text import (
    Analysis,
    Name,
    analyse,
    names,
    sentence_spans,
)
from recall_audit.types import Verdict

QUOTE_LIMIT = 200


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
    )


@dataclass(frozen=True, slots=True)
class BuiltinSettings:
    """The knobs of the built-in judge; changing a default means bumping `version`.

    The defaults are measured by bench/fidelity.py (docs/fidelity.md): the choice on the
    three files of ../shared/data/fidelity/ (cross-validated there), and for Japanese and
    Chinese claims on the compound references of bench/atomic/.
    """

    # Weighted share of the claim's content words and numbers one window must contain.
    threshold: float = 0.5
    # Consecutive sentences of a chunk looked at together.
    window: int = 2
    # How much more a word shared with few sentences of the context weighs than the topic
    # words found everywhere (0 weighs every word alike).
    rarity: float = 1.0
    # Windows of one document (chunks with the same title, or none) that may be pooled
    # when no single one suffices...
    combine: int = 3
    # ...and the share the pool needs: higher, since pooling also finds words by chance
    # (the search only looks at pools asking at least 0.1 more than one window).
    combined_threshold: float = 0.6
    # The same two for Japanese and Chinese claims, whose characters and bigrams are shared
    # more sparsely by a paraphrase than words are (chosen on bench/atomic/, all domains).
    cjk_threshold: float = 0.3
    cjk_combined_threshold: float = 0.5
    # How much less a Japanese or Chinese claim's bigram weighs when the reference's other
    # claims have it too, from 0 (alike) to 1 (one every claim has weighs nothing): an
    # atomic split repeats the subject in every claim, and a long name ("中国人民银行") is
    # many bigrams, so any chunk about the subject would cover most of every claim
    # (chosen on bench/atomic/, leave-one-domain-out). Words are one token per name part
    # and are left alone.
    cjk_sibling_discount: float = 0.75
    # The checks that may veto support (names in checks.RULES).
    rules: frozenset[str] = RULES
    # WordNet synonyms and other forms of a claim's words count as the words.
    synonyms: bool = True
    # A verdict whose coverage lies within this share of its threshold, either side, is
    # marked unsure (so are support pieced together across chunks, and a rejection resting
    # on a check that only doubts, DOUBTING_VETOES).
    unsure_band: float = 0.3

    def thresholds(self, spaceless: bool) -> tuple[float, float]:
        """(one window, a pool) for a claim in Japanese or Chinese, or in any other script."""
        if spaceless:
            return self.cjk_threshold, self.cjk_combined_threshold
        return self.threshold, self.combined_threshold


# Built for every window of every call (no frozen dataclass: its __init__ costs three times
# as much); compared by identity, as each stands for one place in the context.
@dataclass(eq=False, slots=True)
class _Window:
    chunk: int
    start: int  # index of its first sentence in the chunk
    width: int
    # What coverage compares, for every claim: the sentences' terms, numbers and facts.
    terms: frozenset[str]
    hard: frozenset[str]


@dataclass(frozen=True, slots=True)
class Assessment:
    """Everything a verdict depends on, for any threshold and set of rules: the score and
    vetoing rules of each window scoring at least the floor, and of the pooled windows.
    bench/fidelity.py sweeps settings over these without judging again."""

    windows: tuple[tuple[float, frozenset[str]], ...]
    pooled: tuple[float, frozenset[str]]
    spaceless: bool = False  # a Japanese or Chinese claim

    def supported(self, settings: BuiltinSettings) -> bool:
        rules = settings.rules
        one, pool = settings.thresholds(self.spaceless)
        if any(s >= one and not (v & rules) for s, v in self.windows):
            return True
        score, vetoed = self.pooled
        return score >= pool and not (vetoed & rules)


_PRONOUNS = frozenset("he she it they his her its their this these".split())


def _is_word_char(ch: str) -> bool:
    """What a regular expression's \\w matches."""
    return ch.isalnum() or ch == "_"


def _written(text: str, word: str) -> bool:
    """`word` found in `text` with no word character on either side: a regular expression
    would be compiled anew for every word asked about."""
    at = text.find(word)
    while at != -1:
        end = at + len(word)
        if (at == 0 or not _is_word_char(text[at - 1])) and (
            end == len(text) or not _is_word_char(text[end])
        ):
            return True
        at = text.find(word, at + 1)
    return False


def _opens_with_pronoun(sentence: str) -> bool:
    first = sentence.lstrip(" \"'(").split(" ", 1)[0].lower()
    return first in _PRONOUNS


# A chunk's sentences come back in call after call (a run's cases share chunks, and its
# diagnosis judges them again): each is analysed once. An Analysis is never changed.
@functools.lru_cache(maxsize=1 << 16)
def _sentence(text: str, language: str) -> Analysis:
    return analyse(text, with_names=False, language=language)


# Checks whose refusal is only a doubt, right about half the time on the fidelity files (a
# subject unnamed; a part barely there, if 95% on BEGIN's chat replies; a value never
# stated, which a page may give by its date or title, not in its words): the others find
# the context stating another value, name or the opposite.
DOUBTING_VETOES = frozenset({"subject", "part", "missing"})
_STATING = frozenset({Mood.STATES})
_SUPPOSING = frozenset({Mood.STATES, Mood.SUPPOSES})
_DENYING = frozenset({Mood.DENIES})
# What a chunk does with a claim it holds without stating it, most telling first.
_UNSTATED = {
    Mood.DENIES: "calls it false or denies it",
    Mood.ASKS: "only asks it",
    Mood.SUPPOSES: "states it only under a condition",
    Mood.LISTS: "only lists its words (tags or keywords, no sentence)",
}
_NOTHING_STATED = _merge([])


class _Context:
    """The chunks of one call, analysed once; shapes and grounding keys only on demand, for
    the few windows that could support a claim."""

    def __init__(self, chunks: Sequence[str], width: int, language: str) -> None:
        self.language = language
        self.width = width
        self.texts = [[chunk[s:e] for s, e in sentence_spans(chunk or "")] for chunk in chunks]
        self.moods = [assertion.moods(sents) for sents in self.texts]
        self.read = [[_sentence(t, language) for t in sents] for sents in self.texts]
        self._titles = [title(chunk or "") for chunk in chunks]
        self._joined = "\n".join(chunk or "" for chunk in chunks)
        self._shapes: dict[tuple[int, int], Shape] = {}
        self._keys: dict[tuple[int, int], frozenset[str]] = {}
        self._titled: dict[int, frozenset[str]] = {}
        self._sentence_names: dict[tuple[int, int], frozenset[Name]] = {}
        self._admitting: dict[frozenset[Mood], _Context] = {_STATING: self}
        self._admit(_STATING)

    @functools.cached_property
    def vocabulary(self) -> frozenset[str]:
        """Every word the chunks state, as stems."""
        return frozenset().union(*(w.terms for w in self.windows if w.width == 1))

    def has(self, mood: Mood) -> bool:
        return any(mood in sents for sents in self.moods)

    def admitting(self, moods: frozenset[Mood]) -> _Context:
        """The same chunks where sentences of these moods count as support (the others
        count as stating nothing): what a conditional claim, or a denial, is read against."""
        if moods not in self._admitting:
            other = copy.copy(self)  # sharing the texts and what is read of them
            other._admit(moods)
            self._admitting[moods] = other
        return self._admitting[moods]

    def _admit(self, moods: frozenset[Mood]) -> None:
        self._merged: dict[tuple[int, int, int], Analysis] = {}
        self.__dict__.pop("vocabulary", None)  # a copy admitting other moods has other words
        self.analyses = [
            [a if m in moods else _NOTHING_STATED for a, m in zip(sents, ms, strict=True)]
            for sents, ms in zip(self.read, self.moods, strict=True)
        ]
        width = self.width
        hards = [[a.hard for a in sents] for sents in self.analyses]
        self.windows = [
            _Window(c, i, 1, a.terms, hards[c][i])
            for c, sents in enumerate(self.analyses)
            for i, a in enumerate(sents)
        ]
        self.windows += [
            _Window(
                c,
                i,
                w,
                frozenset().union(*(a.terms for a in sents[i : i + w])),
                frozenset().union(*hards[c][i : i + w]),
            )
            for w in range(2, width + 1)
            for c, sents in enumerate(self.analyses)
            for i in range(len(sents) - w + 1)
        ]

    def analysis(self, window: _Window) -> Analysis:
        """The window's sentences' analyses merged, only for the few windows a check or a
        pool reads."""
        sents = self.analyses[window.chunk]
        if window.width == 1:
            return sents[window.start]
        key = (window.chunk, window.start, window.width)
        if key not in self._merged:
            self._merged[key] = _merge(sents[window.start : window.start + window.width])
        return self._merged[key]

    def same_document(self, a: int, b: int) -> bool:
        """Two chunks of one document as far as titles tell: the same title, or none."""
        return a == b or self._titles[a] == self._titles[b]

    def lower_case(self, word: str) -> bool:
        """True when the context writes `word` in lower case somewhere, or not at all: such
        a word opening a claim is no name."""
        return _written(self._joined, word.lower()) or not _written(self._joined, word)

    def _shape(self, chunk: int, i: int) -> Shape:
        key = (chunk, i)
        if key not in self._shapes:
            sents = self.texts[chunk]
            after = sents[i + 1] if i + 1 < len(sents) else ""
            self._shapes[key] = shape(sents[i], after)
        return self._shapes[key]

    def _sentence_keys(self, chunk: int, i: int) -> frozenset[str]:
        key = (chunk, i)
        if key not in self._keys:
            self._keys[key] = keys(self.texts[chunk][i])
        return self._keys[key]

    def _title_keys(self, chunk: int) -> frozenset[str]:
        if chunk not in self._titled:
            self._titled[chunk] = keys(self._titles[chunk])
        return self._titled[chunk]

    def _names(self, spots: Sequence[tuple[int, int]]) -> frozenset[Name]:
        for spot in spots:
            if spot not in self._sentence_names:
                chunk, i = spot
                self._sentence_names[spot] = names(self.texts[chunk][i], self.language)
        return frozenset().union(*(self._sentence_names[spot] for spot in spots))

    def evidence(self, windows: Sequence[_Window], analysis: Analysis) -> Evidence:
        spots = list(dict.fromkeys((w.chunk, w.start + k) for w in windows for k in range(w.width)))

        def found() -> frozenset[str]:
            named = [self._title_keys(c) for c in {w.chunk for w in windows}]
            named += [self._sentence_keys(c, i) for w in windows for c, i in self._reach(w)]
            return frozenset().union(*named)

        return Evidence(
            analysis=analysis,
            shapes=[self._shape(c, i) for c, i in spots],
            sentence_terms=[self.analyses[c][i].terms for c, i in spots],
            subject_keys=found,
            names=functools.cache(lambda: self._names(spots)),
        )

    def _reach(self, window: _Window) -> list[tuple[int, int]]:
        """The window's sentences, and the ones before it while each opens with a pronoun
        ("He now lives ..."): they name what the pronoun stands for."""
        first = window.start
        while first > 0 and _opens_with_pronoun(self.texts[window.chunk][first]):
            first -= 1
        return [(window.chunk, i) for i in range(first, window.start + window.width)]

    def quote(self, window: _Window, terms: frozenset[str]) -> str:
        """The window's sentence sharing most words with the claim, first on ties."""
        first = window.start
        best = max(
            range(first, first + window.width),
            key=lambda i: (len(terms & self.analyses[window.chunk][i].terms), -i),
        )
        return _quote(self.texts[window.chunk][best])


def _reading(claim: str, context: _Context) -> _Context:
    """The context a claim is judged against: a claim that something is false may be
    supported by a denial, a conditional claim by a conditional sentence, any other only by
    a statement."""
    if context.has(Mood.DENIES) and assertion.mood(claim) is Mood.DENIES:
        return context.admitting(_STATING | _DENYING)
    if context.has(Mood.SUPPOSES) and assertion.is_conditional(claim):
        return context.admitting(_SUPPOSING)
    return context


@dataclass(frozen=True, slots=True)
class _Ranked:
    """A claim's windows scored, best first, with what pooling them gives."""

    claim: Claim
    scored: list[tuple[float, _Window]]
    pooled: list[_Window]
    pooled_analysis: Analysis
    pooled_score: float
    spaceless: bool  # a Japanese or Chinese claim


class BuiltinJudge:
    """Sentence and clause claims; content-word coverage, vetoed by checks of values,
    names, negation, subject, roles, number bindings, polarity and direction."""

    name = "builtin"
    version = "builtin-24"

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
        context, weights, siblings = self._read(claims, chunks)
        out = []
        for index, text in enumerate(claims):
            reading = _reading(text, context)
            ranked = self._rank(text, reading, weights, siblings)
            why = self._unjudgeable(ranked, context)
            if why or ranked is None:
                out.append(Verdict(claim_index=index, supported=False, explanation=why))
                continue
            verdict = self._verdict(index, ranked, reading)
            if not verdict.supported and reading is context:
                verdict = self._unstated(verdict, text, context, weights, siblings)
            out.append(verdict)
        return out

    def _unstated(
        self,
        verdict: Verdict,
        text: str,
        context: _Context,
        weights: _Rarity,
        siblings: _Siblings,
    ) -> Verdict:
        """A claim the chunks hold only in sentences that assert nothing stays unsupported,
        and says so: contradicted where a chunk calls it false ("It is a myth that ...")."""
        for mood, why in _UNSTATED.items():
            if not context.has(mood):
                continue
            reading = context.admitting(frozenset({mood}))
            ranked = self._rank(text, reading, weights, siblings)
            if ranked is None or not ranked.scored:
                continue
            score, window = ranked.scored[0]
            if score >= self.settings.thresholds(ranked.spaceless)[0]:
                return verdict.model_copy(
                    update={
                        "quote": reading.quote(window, ranked.claim.analysis.terms),
                        "explanation": f"chunk {window.chunk + 1} {why}",
                        "contradicted": mood is Mood.DENIES,
                    }
                )
        return verdict

    def assess(
        self, claims: Sequence[str], chunks: Sequence[str], floor: float
    ) -> list[Assessment]:
        """What `judge` decides from, for every window scoring at least `floor` and with
        every rule checked, so settings can be swept without judging again."""
        context, weights, siblings = self._read(claims, chunks)
        out = []
        for text in claims:
            reading = _reading(text, context)
            ranked = self._rank(text, reading, weights, siblings)
            if ranked is None or self._unjudgeable(ranked, context):
                out.append(Assessment(windows=(), pooled=(0.0, frozenset())))
                continue
            windows = tuple(
                (score, self._vetoed(ranked.claim, reading, [w], reading.analysis(w)))
                for score, w in ranked.scored
                if score >= floor
            )
            pooled = self._vetoed(ranked.claim, reading, ranked.pooled, ranked.pooled_analysis)
            spaceless = bool(cjk.SPACELESS.search(text))
            out.append(Assessment(windows, (ranked.pooled_score, pooled), spaceless))
        return out

    def _read(
        self, claims: Sequence[str], chunks: Sequence[str]
    ) -> tuple[_Context, _Rarity, _Siblings]:
        """The chunks analysed, and the word weights the context and the claims give."""
        context = _Context(chunks, self.settings.window, detect([*claims, *chunks]))
        # Weighed among the statements only: a sentence stating nothing changes no weight.
        stated = [a for sents in context.analyses for a in sents if a is not _NOTHING_STATED]
        rarity = _Rarity(stated, self.settings.rarity)
        siblings = _Siblings(claims, context.language, self.settings.cjk_sibling_discount)
        return context, rarity, siblings

    @staticmethod
    def _vetoed(
        claim: Claim, context: _Context, windows: Sequence[_Window], analysis: Analysis
    ) -> frozenset[str]:
        evidence = context.evidence(windows, analysis)
        return frozenset(rule for rule, _ in vetoes(RULES, claim, evidence))

    @staticmethod
    def _unjudgeable(ranked: _Ranked | None, context: _Context) -> str:
        if ranked is None:
            return "no checkable words in the claim"
        if not context.windows:
            return "no context"
        return ""

    def _rank(
        self, text: str, context: _Context, weights: _Rarity, siblings: _Siblings
    ) -> _Ranked | None:
        analysis = analyse(text, language=context.language)
        if not (analysis.terms or analysis.quantities or analysis.facts):
            return None
        spaceless = bool(cjk.SPACELESS.search(text))
        # The subject is found by its capitals: Japanese and Chinese have none.
        checked = "subject" in self.settings.rules and not spaceless
        entity = main_entity(text, context.lower_case, context.language) if checked else frozenset()
        claim = Claim(
            analysis=analysis,
            shape=shape(text),
            entity=entity,
            parts=extraction.parts(text, context.language),
        )
        # A number weighs as much as a word found nowhere else: missing it costs coverage.
        hard = analysis.hard
        weight = {t: weights(t) * siblings(t) for t in analysis.terms}
        # fsum: a sum in set order, which PYTHONHASHSEED decides, could land either side of
        # a threshold it reaches exactly.
        total = math.fsum(weight.values()) + weights.rare * len(hard)
        # A synonym or another form of a claim's word found in a window counts as the word.
        english = context.language == ENGLISH  # WordNet is English
        synonyms = self.settings.synonyms and english
        stands_for = stand_ins.alternatives(text, analysis.terms) if synonyms else {}
        short = {} if spaceless else stand_ins.short_forms(text, analysis.terms, context.language)
        naming = short
        if context.language in COMPOUNDING:  # "Gesetz … Krankenversicherung"
            stands_for = stand_ins.compound_parts(analysis.terms, context.vocabulary)
            naming = short | stands_for
        others = frozenset(stands_for)
        if entity and naming:  # "Lowmarsh" names "the Lowmarsh Folk Festival" too
            claim = replace(claim, entity=entity | {k for k, v in naming.items() if entity & v})

        def coverage(terms: frozenset[str], facts: frozenset[str]) -> float:
            if (
                analysis.terms.isdisjoint(terms)
                and hard.isdisjoint(facts)
                and others.isdisjoint(terms)
            ):
                return 0.0
            found_terms = analysis.terms & terms
            if short and not terms.isdisjoint(short):  # "Baikal" for "Lake Baikal"
                found_terms = found_terms.union(*(short[t] for t in terms & short.keys()))
            if others and not others.isdisjoint(terms):
                found_terms = found_terms.union(*(stands_for[t] for t in others & terms))
            found = math.fsum(map(weight.__getitem__, found_terms))
            return (found + weights.rare * len(hard & facts)) / total

        # Best first, then by chunk and position: the index is unique, so the comparison
        # of tuples never reaches the window.
        order = sorted(
            (-coverage(w.terms, w.hard), w.chunk, i, w) for i, w in enumerate(context.windows)
        )
        scored = [(-score, w) for score, _, _, w in order]
        pooled, pooled_analysis = self._pool(claim, [w for _, w in scored], context)
        score = coverage(pooled_analysis.terms, pooled_analysis.hard)
        return _Ranked(claim, scored, pooled, pooled_analysis, score, spaceless)

    def _pool(
        self, claim: Claim, ranked: Sequence[_Window], context: _Context
    ) -> tuple[list[_Window], Analysis]:
        """The best window with the ones that add most of what it lacks (numbers first),
        for claims that gather facts stated in several places. A window that contradicts
        the claim on its own (another value, another name, a denial ...) takes no part: its
        words would lend support to a claim it speaks against."""
        contradictions = self.settings.rules & CONTRADICTIONS

        def agrees(w: _Window) -> bool:
            evidence = context.evidence([w], context.analysis(w))
            return next(vetoes(contradictions, claim, evidence), None) is None

        if not ranked:
            return [], _merge([])
        # When every window contradicts, the best one alone: vetoed as it is on its own.
        first = next((w for w in ranked if agrees(w)), ranked[0])
        chosen = [first]
        pooled = context.analysis(first)
        # A chunk with another title is another page: its facts are about something else.
        # A window sharing nothing with the claim can add nothing to it.
        analysis = claim.analysis
        claim_hard = analysis.hard  # a property that builds a new set on every read
        others = [
            w
            for w in ranked
            if w is not first
            and not (analysis.terms.isdisjoint(w.terms) and claim_hard.isdisjoint(w.hard))
            and context.same_document(w.chunk, first.chunk)
        ]
        for _ in range(self.settings.combine - 1):
            lacking_hard = claim_hard - pooled.hard
            lacking_terms = analysis.terms - pooled.terms

            def gain(w: _Window, hard=lacking_hard, terms=lacking_terms) -> tuple[int, int]:
                return len(hard & w.hard), len(terms & w.terms)

            pick = None
            while others:  # the best gain among the windows that do not contradict
                candidate = max(others, key=gain)
                others.remove(candidate)
                if gain(candidate) == (0, 0):
                    break
                if agrees(candidate):
                    pick = candidate
                    break
            if pick is None:
                break
            chosen.append(pick)
            pooled = _merge([pooled, context.analysis(pick)])
        return chosen, pooled

    def _verdict(self, index: int, ranked: _Ranked, context: _Context) -> Verdict:
        settings = self.settings
        claim = ranked.claim
        one, pool = settings.thresholds(ranked.spaceless)
        band = settings.unsure_band
        # Every chunk holding a window that supports the claim on its own, best first.
        chunks: list[int] = []
        first: tuple[float, _Window] | None = None
        refused, refusing = "", ""
        for score, w in ranked.scored:
            if score < one:
                break
            if w.chunk in chunks:
                continue
            evidence = context.evidence([w], context.analysis(w))
            rule, why = next(vetoes(settings.rules, claim, evidence), ("", ""))
            if why:
                refused, refusing = refused or why, refusing or rule
                continue
            first = first or (score, w)
            chunks.append(w.chunk)
        terms = claim.analysis.terms
        if first is not None:
            score, w = first
            barely = score < one * (1 + band)
            return Verdict(
                claim_index=index,
                supported=True,
                chunk_indices=chunks,
                quote=context.quote(w, terms),
                explanation=f"{score:.0%} of the claim's content found in chunk {w.chunk + 1}",
                unsure=f"barely enough: {score:.0%} of its content, {one:.0%} needed"
                if barely
                else "",
            )
        score = ranked.pooled_score
        evidence = context.evidence(ranked.pooled, ranked.pooled_analysis)
        rule_not, why_not = next(vetoes(settings.rules, claim, evidence), ("", ""))
        if score >= pool and not why_not:
            order = list(dict.fromkeys(w.chunk for w in ranked.pooled))
            where = ", ".join(str(c + 1) for c in order)
            return Verdict(
                claim_index=index,
                supported=True,
                chunk_indices=order,
                quote=context.quote(ranked.pooled[0], terms),
                explanation=f"{score:.0%} of the claim's content found across chunks {where}",
                unsure=f"pieced together from chunks {where}: no one passage states it all",
            )
        best = max(ranked.scored[0][0], score)
        why = refused or why_not or f"at most {best:.0%} of the claim's content found"
        unsure = ""
        if refusing in DOUBTING_VETOES:
            unsure = f"its words are there ({ranked.scored[0][0]:.0%}), only a doubt refused them"
        elif not (refused or why_not) and best >= one * (1 - band):
            unsure = f"partly found: {best:.0%} of its content, {one:.0%} needed"
        elif not refused and rule_not in DOUBTING_VETOES and best >= one * (1 - band):
            unsure = f"partly found ({best:.0%}), and {why_not}"
        return Verdict(claim_index=index, supported=False, explanation=why, unsure=unsure)


class _Rarity:
    """Word weights from the context itself: a topic word found in most sentences counts for
    less than one found in few. A word found nowhere weighs as if found once, so a missing
    word costs as much as a rare one, no more."""

    def __init__(self, sentences: Sequence[Analysis], strength: float) -> None:
        self._n = len(sentences)
        self._strength = strength
        self._df = Counter(chain.from_iterable(a.terms for a in sentences))
        self.rare = self._weight(1)

    def _weight(self, df: int) -> float:
        return 1.0 + self._strength * math.log((self._n + 1) / (df + 1))

    def __call__(self, term: str) -> float:
        return self._weight(max(self._df.get(term, 0), 1))


class _Siblings:
    """Term weights from the reference's Japanese and Chinese claims: a bigram the other
    claims have too tells less about which chunk states this claim's own fact."""

    def __init__(self, claims: Sequence[str], language: str, discount: float) -> None:
        spaceless = [c for c in claims if cjk.SPACELESS.search(c)]
        self._others = len(spaceless) - 1
        terms = (_sentence(c, language).terms for c in spaceless)  # analysed once a process
        self._df = Counter(chain.from_iterable(terms)) if self._others > 0 else Counter()
        self._discount = discount

    def __call__(self, term: str) -> float:
        """1 for a term no other claim has (and for every word of other scripts)."""
        shared = self._df.get(term, 1) - 1  # a claim's own term is counted once, by itself
        return 1.0 - self._discount * shared / self._others if shared > 0 else 1.0


def _quote(sentence: str) -> str:
    text = " ".join(sentence.split())
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1].rstrip() + "…"
