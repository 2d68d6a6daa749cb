"""The `dense:` retriever against a hostile or broken embeddings server (a fake one on
127.0.0.1), a garbled cache and an unusable cache folder: each is a clear error for the
cases it touches, a rebuilt cache entry or one line before the run; never a crash, never a
hang past the retriever timeout, never an answer read past its size limit."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from embedding_server import answering, embedding_reply, gzip_bomb, knowledge_base
from model_server import Canned, FakeModelServer, Recorded
from test_cli import cli_env, recall_audit

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.limits import CaseLimits
from recall_audit.retrievers import RetrieverError, retriever_from_spec
from recall_audit.retrievers.context import extract_chunks
from recall_audit.retrievers.dense import DenseRetriever

pytestmark = pytest.mark.anyio

DOCUMENTS = {
    "curie.md": "Marie Curie discovered polonium and radium.",
    "einstein.md": "Albert Einstein was born in Ulm in 1879.",
    "garden.md": "Tomatoes need full sun and regular watering.",
}


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    return knowledge_base(tmp_path / "kb", DOCUMENTS)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "embeddings"
    monkeypatch.setenv("RECALL_AUDIT_EMBEDDING_CACHE", str(folder))
    return folder


def dense(
    kb: Path, server: FakeModelServer, limits: CaseLimits | None = None, options: str = ""
) -> DenseRetriever:
    """A dense retriever over `kb` embedding with `server` (read when it is made), each
    request within a second: every slow-server test ends in about one."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RECALL_AUDIT_EMBEDDING_BASE_URL", f"{server.url}/v1")
        patch.setenv("RECALL_AUDIT_EMBEDDING_TIMEOUT", "1")
        retriever = retriever_from_spec(f"dense:{kb}?embedding=openai/m{options}", limits=limits)
    assert isinstance(retriever, DenseRetriever)
    return retriever


async def failure(retriever: DenseRetriever, question: str = "Who found radium?") -> str:
    """The error the retriever's question ends with (it must end with one)."""
    case = DatasetCase(case_key="q", line=1, question=question, ground_truth="-")
    async with retriever:
        with pytest.raises(RetrieverError) as raised:
            await retriever.retrieve(case, top_k=1)
    message = str(raised.value)
    assert "\n" not in message and "Traceback" not in message
    return message


async def best(retriever: DenseRetriever, question: str) -> str:
    case = DatasetCase(case_key="q", line=1, question=question, ground_truth="-")
    return extract_chunks(await retriever.retrieve(case, top_k=1))[0]


# -- 1. deadlines -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        # Headers never come (the server thread sleeps past the test).
        Canned(delay=30, body={"data": []}),
        # Headers at once, then one byte every half second: alive, never done.
        Canned(body={"data": [{"index": 0, "embedding": [1.0] * 64}]}, drip=0.5),
        # Retry after eleven days, on every attempt.
        Canned(429, {"error": "slow down"}, headers={"Retry-After": "999999"}),
        Canned(503, {"error": "busy"}, headers={"Retry-After": "999999"}),
    ],
    ids=["no-headers", "drip", "retry-after-429", "retry-after-503"],
)
async def test_a_server_that_never_finishes_is_one_error_within_the_retriever_timeout(
    kb: Path, cache: Path, fake_embeddings: FakeModelServer, reply: Canned
) -> None:
    fake_embeddings.responder = lambda _request: reply
    message = await failure(dense(kb, fake_embeddings))
    assert "indexing failed" in message
    assert f"{fake_embeddings.url}/v1/embeddings took longer than 1 s to answer" in message
    assert "(raise the limit with RECALL_AUDIT_EMBEDDING_TIMEOUT)" in message
    # Retry-After is capped, and within the deadline no second attempt was due.
    assert len(fake_embeddings.requests) == 1


async def test_a_question_whose_embedding_hangs_is_that_cases_error(
    kb: Path, cache: Path, fake_embeddings: FakeModelServer
) -> None:
    async with dense(kb, fake_embeddings) as retriever:
        await retriever.prepare()
    fake_embeddings.responder = lambda _request: Canned(delay=30, body={})
    message = await failure(dense(kb, fake_embeddings))
    assert message.startswith("embedding with openai/m: ")
    assert "took longer than 1 s to answer" in message


def test_a_bad_embedding_timeout_is_one_line(
    kb: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALL_AUDIT_EMBEDDING_TIMEOUT", "-5")
    with pytest.raises(ConfigurationError) as raised:
        retriever_from_spec(f"dense:{kb}?embedding=openai/m")
    assert str(raised.value) == (
        "RECALL_AUDIT_EMBEDDING_TIMEOUT='-5': give the seconds, a number above 0"
    )


# -- 2. size --------------------------------------------------------------------------


async def test_a_gzip_bomb_stops_at_the_response_size_limit(
    kb: Path, cache: Path, fake_embeddings: FakeModelServer
) -> None:
    bomb = gzip_bomb(2 * 2**30)  # 2 GiB inflated, 2 MB sent
    fake_embeddings.responder = lambda _request: bomb
    limits = CaseLimits(max_response_bytes=2**20)
    message = await failure(dense(kb, fake_embeddings, limits))
    assert "answered more than 1,048,576 bytes" in message
    assert "--max-response-bytes or RECALL_AUDIT_MAX_RESPONSE_BYTES" in message
    # Final: asking again would inflate the same bomb.
    assert len(fake_embeddings.requests) == 1


# -- 3. bad answers -------------------------------------------------------------------


def null_embedding(body: dict[str, Any]) -> None:
    body["data"][1]["embedding"] = None


def mixed_dimensions(body: dict[str, Any]) -> None:
    body["data"][1]["embedding"] = body["data"][1]["embedding"][:5]


def negative_index(body: dict[str, Any]) -> None:
    body["data"][0]["index"] = -1


def duplicate_index(body: dict[str, Any]) -> None:
    body["data"][2]["index"] = 0


def nested_deep(_body: dict[str, Any]) -> bytes:
    return b'{"data": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"


def not_a_number(body: dict[str, Any]) -> bytes:
    body["data"][2]["embedding"][3] = float("nan")
    return json.dumps(body).encode()  # NaN, as Python's json writes it


def infinite(body: dict[str, Any]) -> bytes:
    return json.dumps(body).replace("]", ", Infinity]", 1).encode()


def beyond_float32(body: dict[str, Any]) -> None:
    body["data"][0]["embedding"][0] = 1e39


def strings(body: dict[str, Any]) -> None:
    body["data"][1]["embedding"] = ["0.1"] * 8


def zeros(body: dict[str, Any]) -> None:
    body["data"][0]["embedding"] = [0.0] * 8


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (null_embedding, "answered embedding 1 as null, not a list of numbers"),
        (mixed_dimensions, "answered vectors of 5 and of 8 dimensions in one batch"),
        (negative_index, "answered index -1 for 3 texts (0 to 2)"),
        (duplicate_index, "answered index 0 twice"),
        (nested_deep, "answered JSON that is nested more than 32 levels deep"),
        (not_a_number, "answered embedding 2 with a non-finite number"),
        (infinite, "answered embedding 0 with a non-finite number"),
        (beyond_float32, "answered embedding 0 with a non-finite number"),
        (strings, 'answered embedding 1 with "0.1" among its numbers'),
        (zeros, "answered embedding 0 as a vector of zeros"),
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
async def test_a_bad_answer_fails_every_case_with_one_message_naming_it(
    kb: Path, cache: Path, change: Any, message: str
) -> None:
    with FakeModelServer(answering(change)) as server:
        retriever = dense(kb, server)
        async with retriever:
            for _ in range(2):
                got = await failure(retriever)
                assert got.startswith(f"dense:{kb}?embedding=openai/m: indexing failed: ")
                assert f"{server.url}/v1/embeddings {message}" in got
        # Not retried: the server would answer the same.
        assert len(server.requests) == 1
    assert not list(cache.glob("indexes/*.npy"))


async def test_batches_of_different_dimensions_are_one_error(kb: Path, cache: Path) -> None:
    def by_batch(request: Recorded) -> Canned:
        size = 8 if len(request.json["input"]) == 2 else 6
        return embedding_reply(request, dimensions=size)

    with FakeModelServer(by_batch) as server:
        message = await failure(dense(kb, server, options="&batch_size=2"))
    assert "indexing failed" in message
    assert "answered vectors of 6 and of 8 dimensions for one model" in message


# -- 4. the cache ---------------------------------------------------------------------


async def test_a_garbled_cache_file_is_started_afresh_and_said_once(
    kb: Path, cache: Path, fake_embeddings: FakeModelServer, caplog: pytest.LogCaptureFixture
) -> None:
    cache.mkdir()
    (cache / "vectors.sqlite").write_bytes(b"this is not a database\0" * 500)
    with caplog.at_level(logging.WARNING, logger="recall_audit.dense"):
        async with dense(kb, fake_embeddings) as retriever:
            assert await best(retriever, "Who found radium?") in DOCUMENTS.values()
            assert retriever.embedded == len(DOCUMENTS)
    said = [r.getMessage() for r in caplog.records if "not a readable SQLite" in r.getMessage()]
    assert len(said) == 1 and str(cache / "vectors.sqlite") in said[0]
    # The new cache serves the next run: nothing embedded again.
    (cache / "indexes").rename(cache / "old-indexes")
    async with dense(kb, fake_embeddings) as again:
        await again.prepare()
        assert again.embedded == 0


async def test_garbled_vectors_and_index_files_are_embedded_and_built_again(
    kb: Path, cache: Path, fake_embeddings: FakeModelServer, caplog: pytest.LogCaptureFixture
) -> None:
    async with dense(kb, fake_embeddings) as retriever:
        await retriever.prepare()
        key = retriever.index_key
    with sqlite3.connect(cache / "vectors.sqlite") as db:
        db.execute("UPDATE vectors SET vector = x'0102'")
    (cache / "indexes" / f"{key}.npy").write_bytes(b"\x93NUMPY garbage")
    with caplog.at_level(logging.WARNING, logger="recall_audit.dense"):
        async with dense(kb, fake_embeddings) as again:
            assert await best(again, "Where was Einstein born?") in DOCUMENTS.values()
            assert again.embedded == len(DOCUMENTS)
    said = " | ".join(r.getMessage() for r in caplog.records)
    assert "cannot be read" in said and "built again" in said
    assert "3 garbled vectors, embedded again" in said


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda folder: folder.write_text("a file"), "is a file, not a folder"),
        (
            lambda folder: folder.parent.joinpath("blocker").write_text("x"),
            "cannot be made: {blocker} is a file",
        ),
        (lambda folder: (folder / "vectors.sqlite").mkdir(parents=True), "which is not a file"),
    ],
    ids=["file", "file-above", "database-is-a-folder"],
)
def test_an_unusable_cache_folder_is_one_line_when_the_retriever_is_made(
    kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: Any, message: str
) -> None:
    folder = tmp_path / "cache"
    make(folder)
    if "blocker" in message:
        folder = tmp_path / "blocker" / "embeddings"
    monkeypatch.setenv("RECALL_AUDIT_EMBEDDING_CACHE", str(folder))
    with pytest.raises(ConfigurationError) as raised:
        retriever_from_spec(f"dense:{kb}?embedding=openai/m")
    text = str(raised.value)
    assert text.startswith(f"embeddings cache {folder} ")
    assert message.format(blocker=tmp_path / "blocker") in text
    assert "set RECALL_AUDIT_EMBEDDING_CACHE to a folder" in text


async def test_a_cache_folder_lost_after_the_check_is_warned_about_and_the_run_goes_on(
    kb: Path, cache: Path, fake_embeddings: FakeModelServer, caplog: pytest.LogCaptureFixture
) -> None:
    retriever = dense(kb, fake_embeddings)
    # Between the check and the first question, something else takes the folder's place.
    cache.write_text("a file")
    with caplog.at_level(logging.WARNING, logger="recall_audit.dense"):
        async with retriever:
            for question in ("Who found radium?", "Where was Einstein born?"):
                assert await best(retriever, question) in DOCUMENTS.values()
            # The index built in memory serves the second question too.
            assert retriever.embedded == len(DOCUMENTS)
    said = [r.getMessage() for r in caplog.records]
    assert sum("cannot be used" in line and "going on without it" in line for line in said) == 1
    assert sum("not saved" in line for line in said) == 1


def test_run_with_an_unusable_cache_folder_exits_2_with_one_line(
    kb: Path, tmp_path: Path, sqlite_db_url: str
) -> None:
    dataset = tmp_path / "questions.jsonl"
    dataset.write_text(json.dumps({"id": "q1", "question": "?", "ground_truth": "x"}) + "\n")
    (tmp_path / "cache").write_text("a file")
    env = cli_env(None, sqlite_db_url, RECALL_AUDIT_EMBEDDING_CACHE=str(tmp_path / "cache"))
    done = recall_audit(
        "run", "--dataset", str(dataset), "--retriever", f"dense:{kb}?embedding=openai/m",
        env=env, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "is a file, not a folder" in lines[0], done.stderr


# -- 5. the index's provenance --------------------------------------------------------


async def test_an_index_made_by_another_server_under_the_same_model_name_is_not_reused(
    kb: Path, cache: Path
) -> None:
    with FakeModelServer(lambda r: embedding_reply(r, salt="a")) as first:
        async with dense(kb, first) as retriever:
            await retriever.prepare()
            assert retriever.embedded == len(DOCUMENTS)
            made = retriever.index_key
    with FakeModelServer(lambda r: embedding_reply(r, salt="b")) as second:
        async with dense(kb, second) as other:
            index = await other.load_index()
            # Every passage embedded by the second server, none taken from the first's cache.
            assert other.embedded == len(DOCUMENTS) and other.index_key != made
            assert index.source == f"{second.url}/v1 m"
        assert len(second.requests) == 1
    meta = json.loads((cache / "indexes" / f"{other.index_key}.meta.json").read_text())
    assert meta == {"format": 1, "source": f"{second.url}/v1 m", "dimensions": 8, "chunks": 3}


async def test_a_question_of_another_dimension_than_the_index_is_one_line(
    kb: Path, cache: Path
) -> None:
    sizes = {"size": 8}
    with FakeModelServer(lambda r: embedding_reply(r, dimensions=sizes["size"])) as server:
        async with dense(kb, server) as retriever:
            await retriever.prepare()
        # The same server, now serving another model under the same name.
        sizes["size"] = 4
        message = await failure(dense(kb, server))
    assert "the question's vector has 4 dimensions, the index 8" in message
    assert f"({server.url}/v1 m)" in message and "to build it again" in message
