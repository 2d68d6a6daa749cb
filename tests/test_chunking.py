"""Chunking a local knowledge base: character and sentence windows, overlap, the source
document of every chunk, and the settings as a `bm25:` spec's query."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.retrievers import Bm25Retriever, Chunking, retriever_from_spec
from recall_audit.retrievers.chunking import chunk_text

pytestmark = pytest.mark.anyio

TEXT = (
    "Albert Einstein was born in 1879 in Ulm. He moved to Munich as a child. "
    "The family later went to Italy, and he studied in Zurich at the polytechnic. "
    "In 1905 he published four papers. One of them explained the photoelectric effect."
)


def pieces(text: str, chunking: Chunking) -> list[str]:
    return [text[s:e] for s, e in chunk_text(text, chunking)]


def test_character_chunks_fit_their_size_keep_words_whole_and_overlap() -> None:
    chunks = pieces(TEXT, Chunking(size=80, overlap=20))
    assert len(chunks) > 2
    assert all(len(c) <= 80 for c in chunks)
    words = set(TEXT.replace(".", " ").replace(",", " ").split())
    for chunk in chunks:
        assert {w for w in chunk.replace(".", " ").replace(",", " ").split()} <= words
    # Every chunk after the first starts inside its predecessor (the overlap) ...
    starts = [s for s, _ in chunk_text(TEXT, Chunking(size=80, overlap=20))]
    ends = [e for _, e in chunk_text(TEXT, Chunking(size=80, overlap=20))]
    assert all(start < end for start, end in zip(starts[1:], ends, strict=False))
    # ... and together they cover the whole text.
    assert chunks[0].startswith("Albert") and chunks[-1].endswith("photoelectric effect.")


def test_character_chunks_end_at_a_sentence_end_when_one_is_in_reach() -> None:
    chunks = pieces(TEXT, Chunking(size=100))
    assert chunks[0] == "Albert Einstein was born in 1879 in Ulm. He moved to Munich as a child."
    assert "".join(chunks).replace(" ", "") == TEXT.replace(" ", "")


def test_sentence_chunks_with_overlap() -> None:
    chunks = pieces(TEXT, Chunking(size=2, overlap=1, unit="sentences"))
    assert chunks[0] == "Albert Einstein was born in 1879 in Ulm. He moved to Munich as a child."
    assert chunks[1].startswith("He moved to Munich") and chunks[1].endswith("polytechnic.")
    assert len(chunks) == 4
    assert (
        chunks[-1]
        == "In 1905 he published four papers. One of them explained the photoelectric effect."
    )


def test_japanese_and_chinese_sentences_end_at_full_width_stops() -> None:
    japanese = "東京は日本の首都である。人口は約千四百万人だ。富士山は日本一高い山です。"
    assert pieces(japanese, Chunking(size=1, unit="sentences")) == [
        "東京は日本の首都である。",
        "人口は約千四百万人だ。",
        "富士山は日本一高い山です。",
    ]
    chinese = "北京是中国的首都。长城很长！你去过吗？"
    assert pieces(chinese, Chunking(size=2, unit="sentences")) == [
        "北京是中国的首都。长城很长！",
        "你去过吗？",
    ]
    # Text without spaces is cut at the size, or at a full stop in reach.
    by_chars = pieces(japanese, Chunking(size=15, overlap=3))
    assert by_chars[0] == "東京は日本の首都である。" and all(len(c) <= 15 for c in by_chars)


def test_overlap_must_be_smaller_than_the_size() -> None:
    with pytest.raises(ValueError, match=r"overlap \(50\) must be smaller than chunk_size \(50\)"):
        Chunking(size=50, overlap=50)


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    kb = tmp_path / "kb.jsonl"
    docs = [
        {"id": "einstein", "title": "Einstein", "text": TEXT},
        {
            "id": "curie",
            "title": "Marie Curie",
            "text": "Marie Curie discovered polonium. She won two Nobel Prizes.",
        },
    ]
    kb.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs))
    return kb


async def test_bm25_chunks_by_the_spec_and_names_each_chunks_document(kb: Path) -> None:
    whole = Bm25Retriever(kb)
    assert [c.id for c in whole.chunks] == ["einstein", "curie"]
    retriever = retriever_from_spec(f"bm25:{kb}?chunk_size=90&overlap=20")
    assert isinstance(retriever, Bm25Retriever)
    einstein = [c for c in retriever.chunks if c.document == "einstein"]
    assert len(einstein) > 2 and [c.id for c in einstein][:2] == ["einstein#1", "einstein#2"]
    # Each chunk carries its document's title, then at most 90 characters of its text.
    assert all(c.text.startswith("Einstein\n") and len(c.text) <= 9 + 90 for c in einstein)
    [best] = retriever.search_chunks("photoelectric effect paper", 1)
    assert best.document == "einstein" and "photoelectric" in best.text
    case = DatasetCase(
        case_key="k", line=1, question="Who discovered polonium?", ground_truth="Curie."
    )
    # The hit names the chunk's source document, whatever window of it the chunk is.
    assert await retriever.retrieve(case, top_k=1) == [
        {
            "text": "Marie Curie\nMarie Curie discovered polonium. She won two Nobel Prizes.",
            "document_id": "curie",
            "title": "Marie Curie",
        }
    ]


def test_bm25_chunking_by_sentences_from_the_spec_or_the_audit(kb: Path) -> None:
    by_spec = retriever_from_spec(f"bm25:{kb}?chunk_size=1&chunk_unit=sentences")
    by_audit = retriever_from_spec(
        f"bm25:{kb}", local={"chunk_size": 1, "chunk_unit": "sentences", "embedding": "openai/x"}
    )
    assert isinstance(by_spec, Bm25Retriever) and isinstance(by_audit, Bm25Retriever)
    assert [c.text for c in by_spec.chunks] == [c.text for c in by_audit.chunks]
    assert len(by_spec.chunks) == 5 + 2
    # The spec's own setting wins over the audit's.
    assert (
        len(
            retriever_from_spec(
                f"bm25:{kb}?chunk_size=2&chunk_unit=sentences", local={"chunk_size": 1}
            ).chunks
        )
        == 3 + 1
    )


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("chunk_sise=5", "chunk_sise: unknown setting"),
        ("chunk_size=0", "chunk_size: Input should be greater than or equal to 1"),
        ("chunk_size=10&overlap=10", "overlap (10) must be smaller than chunk_size (10)"),
        ("chunk_size=5&chunk_unit=words", "chunk_unit: Input should be 'chars' or 'sentences'"),
        ("embedding=openai/x", "embedding: unknown setting"),
    ],
)
def test_bad_chunking_settings_are_one_clear_line(kb: Path, query: str, message: str) -> None:
    with pytest.raises(ConfigurationError) as raised:
        retriever_from_spec(f"bm25:{kb}?{query}")
    assert message in str(raised.value) and str(kb) in str(raised.value)
    assert "\n" not in str(raised.value)
