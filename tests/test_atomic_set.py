"""The atomic set (bench/atomic/atomic.jsonl) and its loader: what the file holds, what the
variants expect, and the loader's errors on bad lines."""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import bench_scripts
import pytest

CJK = {"ja", "zh"}
# A CJK character (punctuation such as 。, kana, ideographs) or a full-width form, for the no-space rule.
CJK_CHAR = "[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"


atomic = bench_scripts.load("atomic_set")
ITEMS = atomic.load()
# The held-out file (never used to choose a rule) and the paraphrase file keep the same
# rules of writing.
WRITTEN = ITEMS + atomic.load(atomic.HOLDOUT) + atomic.load(atomic.PARAPHRASE)


def numbers(text: str) -> set[str]:
    """The numbers in a text, full-width digits folded and "1,200" read as "1200"."""
    folded = re.sub(r"(?<=\d),(?=\d{3})", "", unicodedata.normalize("NFKC", text))
    return set(re.findall(r"\d+(?:\.\d+)?", folded))


def test_the_set_is_large_and_spread_over_domains_and_languages() -> None:
    assert len(ITEMS) >= 50
    langs = Counter(item.lang for item in ITEMS)
    assert langs["en"] >= 46
    assert sum(langs[lang] for lang in CJK) * 5 >= len(ITEMS)
    assert langs["ja"] >= 5 and langs["zh"] >= 5
    domains = Counter(item.domain for item in ITEMS)
    assert len(domains) >= 6
    # Roughly even: no domain has fewer than half of an even share.
    assert min(domains.values()) * 2 * len(domains) >= len(ITEMS)
    cjk_domains = {item.domain for item in ITEMS if item.lang in CJK}
    assert len(cjk_domains) >= 6


def test_ids_are_unique_and_name_domain_and_language() -> None:
    ids = [item.id for item in WRITTEN]
    assert len(ids) == len(set(ids))
    for item in WRITTEN:
        assert re.fullmatch(rf"{item.domain}-{item.lang}-\d\d", item.id), item.id


def test_most_references_are_compound_and_some_are_one_fact() -> None:
    sizes = Counter(len(item.facts) for item in ITEMS)
    assert all(1 <= size <= 4 for size in sizes)
    assert sizes[1] >= 3
    assert sum(n for size, n in sizes.items() if size >= 2) >= 0.75 * len(ITEMS)
    assert sizes[3] + sizes[4] >= 10


def test_every_item_has_distinct_chunks_and_distractors() -> None:
    for item in WRITTEN:
        assert len(item.distractors) >= 2, item.id
        passages = [fact.chunk for fact in item.facts] + item.distractors
        assert len(passages) == len(set(passages)), item.id
        assert len({fact.claim for fact in item.facts}) == len(item.facts), item.id


def test_claims_keep_the_values_of_the_reference_and_of_their_chunk() -> None:
    for item in WRITTEN:
        for fact in item.facts:
            claimed = numbers(fact.claim)
            assert claimed <= numbers(item.reference), (item.id, fact.claim)
            assert claimed <= numbers(fact.chunk), (item.id, fact.claim)


def test_a_chunk_states_no_value_of_another_fact() -> None:
    for item in WRITTEN:
        for i, fact in enumerate(item.facts):
            for j, other in enumerate(item.facts):
                if i != j:
                    foreign = numbers(other.claim) - numbers(fact.claim)
                    assert not foreign & numbers(fact.chunk), (item.id, i, j)


def test_wrong_chunks_change_a_value_and_keep_the_rest() -> None:
    for item in WRITTEN:
        for fact in item.facts:
            if numbers(fact.claim):
                assert fact.wrong_chunk, (item.id, fact.claim)
            if fact.wrong_chunk:
                assert fact.wrong_chunk != fact.chunk
                similar = difflib.SequenceMatcher(None, fact.chunk, fact.wrong_chunk).ratio()
                assert similar >= 0.6, (item.id, fact.claim)
    with_wrong = sum(bool(f.wrong_chunk) for item in WRITTEN for f in item.facts)
    assert with_wrong >= 0.85 * sum(len(item.facts) for item in WRITTEN)


def test_japanese_and_chinese_are_written_without_spaces() -> None:
    spaced = re.compile(rf"{CJK_CHAR}\s|\s{CJK_CHAR}")
    for item in WRITTEN:
        if item.lang not in CJK:
            continue
        texts = [item.question, item.reference, *item.distractors]
        texts += [t for f in item.facts for t in (f.claim, f.chunk, f.wrong_chunk)]
        assert not any(spaced.search(text) for text in texts), item.id
        assert item.reference[-1] in "。！？", item.id


def test_variants_remove_or_falsify_one_fact_each() -> None:
    for item in ITEMS:
        built = atomic.cases([item])
        n = len(item.facts)
        wrong = [i for i, f in enumerate(item.facts) if f.wrong_chunk]
        assert Counter(c.kind for c in built) == Counter(
            {"full": 1, "removed": n, **({"wrong": len(wrong)} if wrong else {})}
        )
        chunks = [f.chunk for f in item.facts]
        for case in built:
            assert case.claims == [f.claim for f in item.facts]
            if case.kind == "full":
                assert sorted(case.contexts) == sorted(chunks + item.distractors)
                assert case.expected_supported == [True] * n and case.expected_recall == 1.0
                continue
            i = int(case.id.rsplit("-", 1)[1])
            assert case.expected_supported == [j != i for j in range(n)]
            assert case.expected_recall == pytest.approx((n - 1) / n)
            assert chunks[i] not in case.contexts
            assert all(chunks[j] in case.contexts for j in range(n) if j != i)
            assert all(d in case.contexts for d in item.distractors)
            extra = {item.facts[i].wrong_chunk} if case.kind == "wrong" else set()
            assert len(case.contexts) == n - 1 + len(extra) + len(item.distractors)
            assert extra <= set(case.contexts)


def test_a_three_fact_item_expects_two_thirds_when_one_is_removed() -> None:
    item = next(item for item in ITEMS if len(item.facts) == 3)
    removed = [c for c in atomic.cases([item]) if c.kind == "removed"]
    assert [c.id for c in removed] == [f"{item.id}/removed-{i}" for i in range(3)]
    assert [c.expected_recall for c in removed] == pytest.approx([2 / 3] * 3)
    single = next(item for item in ITEMS if len(item.facts) == 1)
    assert [c.expected_recall for c in atomic.cases([single]) if c.kind != "full"] == [0.0, 0.0]


def test_case_ids_are_unique_and_the_order_of_contexts_is_seeded() -> None:
    built = atomic.cases(ITEMS)
    assert len({c.id for c in built}) == len(built)
    again = atomic.cases(atomic.load())
    assert [c.contexts for c in built] == [c.contexts for c in again]
    # Shuffled, not left with the facts' chunks first.
    in_file_order = sum(
        c.contexts[: len(c.claims)] == [f.chunk for f in item.facts]
        for item in ITEMS
        for c in atomic.cases([item])
        if c.kind == "full"
    )
    assert in_file_order < len(ITEMS) / 4


def good_item() -> dict:
    return json.loads(atomic.DEFAULT.read_text(encoding="utf-8").splitlines()[0])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not JSON"),
        (json.dumps({**good_item(), "distractors": ["only one"]}), "distractors"),
        (json.dumps({**good_item(), "lang": "english"}), "lang"),
        (
            json.dumps({**good_item(), "facts": [{"claim": "c", "wrong_chunk": "w"}]}),
            "facts.0.chunk",
        ),
        (
            json.dumps(
                {**good_item(), "facts": [{"claim": "c", "chunk": "x", "wrong_chunk": "x"}]}
            ),
            "wrong_chunk is the chunk itself",
        ),
        (json.dumps(good_item()), "already on line 1"),
    ],
)
def test_a_bad_line_is_named_with_file_line_and_field(
    tmp_path: Path, line: str, message: str
) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps(good_item()) + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(atomic.AtomicSetError) as raised:
        atomic.load(path)
    text = str(raised.value)
    assert text.startswith(f"{path}:2: ")
    assert message in text
    assert "\n" not in text


def test_the_counts_are_printed(capsys: pytest.CaptureFixture[str]) -> None:
    atomic.main([])
    out = capsys.readouterr().out
    assert f"{len(ITEMS)} items" in out
    assert "removed" in out and "wrong" in out and "zh" in out
