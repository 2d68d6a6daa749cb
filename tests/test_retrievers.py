"""Retrievers: HTTP against a real loopback server, Python callables, BM25, precomputed, specs."""

from __future__ import annotations

import hashlib
import inspect
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import fake_retrievers
import pytest
from prefect_server import free_port
from retriever_server import Reply, RetrieverServer

from recall_audit.datasets.cases import DatasetCase
from recall_audit.errors import ConfigurationError
from recall_audit.retrievers import (
    TOKEN_ENV,
    Bm25Retriever,
    HttpRetriever,
    PrecomputedRetriever,
    PythonRetriever,
    Retriever,
    RetrieverError,
    RetrieverSettings,
    knowledge_base_fingerprint,
    retriever_from_spec,
)
from recall_audit.retrievers.context import extract_chunks

pytestmark = pytest.mark.anyio
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
FAST = RetrieverSettings(timeout=5, backoff=0, retries=2)


def texts(raw: object) -> list[str]:
    """The chunks' texts of a retriever's answer, as the audit reads them."""
    return extract_chunks(raw)


def case(question: str = "When was Einstein born?", contexts: list | None = None) -> DatasetCase:
    return DatasetCase(
        case_key="c1", line=1, question=question, ground_truth="1879.", contexts=contexts
    )


@pytest.fixture
def server() -> Iterator[RetrieverServer]:
    with RetrieverServer() as running:
        yield running


@pytest.fixture
def fake_module_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parent))


# HTTP


async def test_http_posts_the_question_and_returns_the_raw_json(
    server: RetrieverServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOKEN_ENV, "s3cret-token")
    settings = RetrieverSettings(headers={"X-Team": "search"})
    async with retriever_from_spec(server.url, settings=settings) as retriever:
        raw = await retriever.retrieve(case(), top_k=2)
    assert extract_chunks(raw) == [
        "hit 0 for When was Einstein born?",
        "hit 1 for When was Einstein born?",
    ]
    [request] = server.requests
    assert request.path == "/search"
    assert request.body == {
        "question": "When was Einstein born?",
        "query": "When was Einstein born?",
        "top_k": 2,
    }
    assert request.headers["Authorization"] == "Bearer s3cret-token"
    assert request.headers["X-Team"] == "search"
    assert "s3cret" not in repr(retriever) + repr(settings) + str(settings)


async def test_http_retries_5xx_and_429_then_succeeds(server: RetrieverServer) -> None:
    server.script(
        Reply(status=500, body={"error": "boom"}), Reply(status=429, headers={"Retry-After": "0"})
    )
    async with HttpRetriever(server.url, FAST) as retriever:
        raw = await retriever.retrieve(case(), top_k=1)
    assert raw == {"results": [{"text": "hit 0 for When was Einstein born?"}]}
    assert len(server.requests) == 3


async def test_http_gives_up_after_the_bounded_retries(server: RetrieverServer) -> None:
    server.script(*[Reply(status=503, body="overloaded")] * 5)
    async with HttpRetriever(server.url, FAST) as retriever:
        with pytest.raises(RetrieverError) as caught:
            await retriever.retrieve(case(), top_k=1)
    assert str(caught.value) == f"retriever {server.url}: HTTP 503 after 3 attempts: overloaded"
    assert len(server.requests) == 3


async def test_http_client_errors_fail_at_once_and_hide_the_token(server: RetrieverServer) -> None:
    server.script(Reply(status=401, body="bad token s3cret-token"))
    settings = RetrieverSettings(token="s3cret-token", backoff=0)
    async with HttpRetriever(server.url, settings) as retriever:
        with pytest.raises(RetrieverError) as caught:
            await retriever.retrieve(case(), top_k=1)
    assert str(caught.value) == f"retriever {server.url}: HTTP 401: bad token ***"
    assert len(server.requests) == 1


async def test_http_timeouts_are_retried(server: RetrieverServer) -> None:
    server.script(Reply(delay=3.0))
    settings = RetrieverSettings(timeout=0.5, backoff=0, retries=1)
    async with HttpRetriever(server.url, settings) as retriever:
        raw = await retriever.retrieve(case(), top_k=1)
    assert extract_chunks(raw) == ["hit 0 for When was Einstein born?"]
    assert len(server.requests) == 2


async def test_http_timeouts_exhaust_into_a_clear_error(server: RetrieverServer) -> None:
    server.script(Reply(delay=3.0), Reply(delay=3.0))
    settings = RetrieverSettings(timeout=0.5, backoff=0, retries=1)
    async with HttpRetriever(server.url, settings) as retriever:
        with pytest.raises(RetrieverError) as caught:
            await retriever.retrieve(case(), top_k=1)
    assert str(caught.value) == f"retriever {server.url}: timed out (ReadTimeout) after 2 attempts"


async def test_http_connection_errors_are_retried_then_reported() -> None:
    url = f"http://127.0.0.1:{free_port()}/search"  # nobody listens there
    async with HttpRetriever(url, FAST) as retriever:
        with pytest.raises(RetrieverError) as caught:
            await retriever.retrieve(case(), top_k=1)
    assert (
        str(caught.value) == f"retriever {url}: connection failed (ConnectError) after 3 attempts"
    )


async def test_http_keeps_at_most_max_connections_in_flight() -> None:
    def slow(body: dict) -> Reply:
        return Reply(body=[body["question"]], delay=0.1)

    with RetrieverServer(default=slow) as server:
        settings = RetrieverSettings(max_connections=2)
        results: list[object] = []
        async with HttpRetriever(server.url, settings) as retriever:

            async def one(number: int) -> None:
                results.append(await retriever.retrieve(case(f"q{number}"), top_k=1))

            async with anyio.create_task_group() as group:
                for number in range(8):
                    group.start_soon(one, number)
    assert sorted(results) == [[f"q{n}"] for n in range(8)]
    assert server.max_in_flight == 2


async def test_http_plain_text_answers_are_returned_as_text(server: RetrieverServer) -> None:
    server.script(Reply(body="one passage of text", headers={"Content-Type": "text/plain"}))
    async with HttpRetriever(server.url, FAST) as retriever:
        assert await retriever.retrieve(case(), top_k=1) == "one passage of text"


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # A login page behind a 200 is not a chunk that happens to mention the answer.
        (
            Reply(
                body="<html><body>Sign in. Einstein was born in 1879.</body></html>",
                headers={"Content-Type": "text/html; charset=utf-8"},
            ),
            "an HTML page (text/html), not JSON",
        ),
        (Reply(body="<!DOCTYPE html><p>1879</p>"), "an HTML page (application/json), not JSON"),
        (Reply(body='{"results": [{"text": "Einstein was born in 18'), "JSON cut off after"),
        (Reply(body="Einstein was born in 1879."), "a body that is not JSON"),
        (
            Reply(body="<p>born 1879</p>", headers={"Content-Type": "text/plain"}),
            "an HTML page (text/plain), not JSON",
        ),
    ],
)
async def test_http_answers_that_are_not_json_are_errors_not_chunks(
    server: RetrieverServer, reply: Reply, expected: str
) -> None:
    server.script(reply)
    async with HttpRetriever(server.url, FAST) as retriever:
        with pytest.raises(RetrieverError, match="answered ") as raised:
            await retriever.retrieve(case(), top_k=1)
    assert expected in str(raised.value)
    assert len(server.requests) == 1  # a wrong answer is not asked again


def test_http_name_drops_credentials_and_query() -> None:
    retriever = retriever_from_spec("https://user:pw@search.example:8443/v1/find?api_key=k")
    assert retriever.name == "https://search.example:8443/v1/find"
    assert "pw" not in repr(retriever) and "api_key" not in repr(retriever)


# Python callables


@pytest.mark.usefixtures("fake_module_path")
async def test_python_sync_function_runs_in_a_worker_thread() -> None:
    retriever = retriever_from_spec("python:fake_retrievers:search")
    raw = await retriever.retrieve(case(), top_k=2)
    assert retriever.name == "python:fake_retrievers:search"
    assert extract_chunks(raw) == ["Einstein was born in 1879.", "Relativity came in 1905."]
    assert raw["thread"] != threading.get_ident()


@pytest.mark.usefixtures("fake_module_path")
@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("fake_retrievers:asearch", ["Q? -> Einstein was born in 1879."]),
        ("fake_retrievers:question_only", ["Q?"]),
        ("fake_retrievers:question_only_async", ["q?"]),
        ("fake_retrievers:searcher", ["He moved in 1933."]),
    ],
)
async def test_python_async_and_one_argument_functions(target: str, expected: list[str]) -> None:
    retriever = PythonRetriever.from_target(target)
    assert await retriever.retrieve(case("Q?"), top_k=1) == expected


@pytest.mark.usefixtures("fake_module_path")
async def test_python_function_errors_become_retriever_errors() -> None:
    retriever = retriever_from_spec("python:fake_retrievers:broken")
    with pytest.raises(RetrieverError) as caught:
        await retriever.retrieve(case(), top_k=1)
    # The line of the user's own code that raised, as a path from the working folder.
    line = next(
        n
        for n, text in enumerate(Path(fake_retrievers.__file__).read_text().splitlines(), 1)
        if 'raise ValueError("index offline")' in text
    )
    where = Path(fake_retrievers.__file__).resolve().relative_to(Path.cwd())
    assert str(caught.value) == (
        "retriever python:fake_retrievers:broken raised ValueError: index offline "
        f"({where}:{line}, in broken)"
    )


@pytest.fixture
def user_folder(tmp_path: Path) -> Iterator[Path]:
    """A user's project: a `tasks.py` that must never run, and their retriever in `tasks`
    and in `my_rag`, as in a Celery or Invoke project."""
    (tmp_path / "tasks.py").write_text(
        "def retrieve(question):\n    return ['from the user tasks.py']\n"
    )
    (tmp_path / "my_rag.py").write_text(
        "def retrieve(question, top_k):\n    return ['from my_rag'] * top_k\n"
    )
    yield tmp_path
    for name in ("tasks", "my_rag"):
        sys.modules.pop(name, None)


def test_python_modules_load_from_the_app_dir_first(user_folder: Path) -> None:
    before = list(sys.path)
    found = PythonRetriever.from_target("tasks:retrieve", app_dir=user_folder)
    assert Path(inspect.getfile(found._function)) == user_folder / "tasks.py"
    # The folder is only searched during the import: nothing imported later can be shadowed.
    assert sys.path == before


async def test_python_modules_load_from_the_working_folder(
    user_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(user_folder)
    retriever = retriever_from_spec("python:my_rag:retrieve")
    assert await retriever.retrieve(case(), top_k=2) == ["from my_rag", "from my_rag"]


def test_python_modules_never_resolve_to_our_own_code(user_folder: Path) -> None:
    (user_folder / "recall_audit.py").write_text("def retrieve(question):\n    return []\n")
    with pytest.raises(ConfigurationError) as caught:
        retriever_from_spec("python:recall_audit.tasks.retrieve:retrieve")
    assert str(caught.value) == (
        "retriever 'python:recall_audit.tasks.retrieve:retrieve': "
        "'recall_audit.tasks.retrieve' is Recall Audit's own code, not a module of yours"
    )


async def test_an_async_function_that_blocks_its_loop_holds_up_no_timeout() -> None:
    """`time.sleep` inside `async def` blocks only the user's own event loop: the caller's
    timeout fires, the stuck loop is left behind, and the next call runs on a fresh one.
    Calls share one loop otherwise, so state bound to it (an asyncio.Lock) keeps working."""
    import asyncio
    import time

    lock: list[asyncio.Lock] = []
    loops: set[int] = set()

    async def search(question: str) -> list[str]:
        if question == "block":
            time.sleep(30)
        lock[:] = lock or [asyncio.Lock()]
        async with lock[0]:  # bound to the loop it was first used on
            loops.add(id(asyncio.get_running_loop()))
            return [question]

    retriever = PythonRetriever(search, name="python:blocking")
    assert await retriever.retrieve(case("one"), top_k=1) == ["one"]
    assert await retriever.retrieve(case("two"), top_k=1) == ["two"]
    assert len(loops) == 1
    start = time.monotonic()
    with pytest.raises(TimeoutError), anyio.fail_after(0.5):
        await retriever.retrieve(case("block"), top_k=1)
    assert time.monotonic() - start < 2
    lock.clear()
    with anyio.fail_after(5):
        assert await retriever.retrieve(case("three"), top_k=1) == ["three"]
    assert len(loops) == 2
    await retriever.aclose()


async def test_python_functions_can_be_passed_directly() -> None:
    retriever = PythonRetriever(lambda question: [question], name="python:inline")
    assert await retriever.retrieve(case("Q"), top_k=3) == ["Q"]


# BM25


@pytest.fixture
def kb_folder(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    (root / "people").mkdir(parents=True)
    (root / "people" / "einstein.md").write_text(
        "# Einstein\nAlbert Einstein was born in Ulm in 1879."
    )
    (root / "curie.txt").write_text("Marie Curie discovered polonium and radium.")
    (root / "notes.py").write_text("einstein = 'not a document'")
    long_text = "\n\n".join(
        [f"Filler paragraph {n} about gardening and tomatoes." * 5 for n in range(12)]
        + ["The Eiffel Tower was completed in Paris in 1889."]
    )
    (root / "manual.txt").write_text(long_text)
    return root


async def test_bm25_over_a_folder_ranks_the_matching_document_first(kb_folder: Path) -> None:
    retriever = retriever_from_spec(f"bm25:{kb_folder}")
    assert isinstance(retriever, Bm25Retriever)
    assert texts(await retriever.retrieve(case("Where was Einstein born?"), top_k=3)) == [
        "# Einstein\nAlbert Einstein was born in Ulm in 1879."
    ]
    assert texts(await retriever.retrieve(case("Who discovered radium?"), top_k=1)) == [
        "Marie Curie discovered polonium and radium."
    ]


async def test_bm25_splits_large_files_into_paragraphs(kb_folder: Path) -> None:
    retriever = Bm25Retriever(kb_folder)
    ids = [c.id for c in retriever.chunks]
    assert ids[:3] == ["curie.txt", "manual.txt#1", "manual.txt#2"]
    assert "people/einstein.md" in ids and len(ids) == 1 + 13 + 1
    assert texts(
        await retriever.retrieve(case("When was the Eiffel Tower completed?"), top_k=1)
    ) == ["The Eiffel Tower was completed in Paris in 1889."]


async def test_bm25_returns_nothing_when_no_word_matches(kb_folder: Path) -> None:
    retriever = Bm25Retriever(kb_folder)
    assert texts(await retriever.retrieve(case("zebra quantum"), top_k=3)) == []
    assert texts(await retriever.retrieve(case("the and of"), top_k=3)) == []


async def test_bm25_over_jsonl_returns_title_and_text_with_stable_ties(tmp_path: Path) -> None:
    kb = tmp_path / "kb.jsonl"
    docs = [
        {"id": "b", "title": "Twin B", "text": "Rivers flow to the sea."},
        {"id": "a", "title": "Twin A", "text": "Rivers flow to the sea."},
        {"id": "c", "text": "Mountains are tall."},
    ]
    kb.write_text("".join(json.dumps(d) + "\n" for d in docs))
    retriever = retriever_from_spec(f"bm25:{kb}")
    first = texts(await retriever.retrieve(case("rivers sea"), top_k=5))
    assert first == ["Twin B\nRivers flow to the sea.", "Twin A\nRivers flow to the sea."]
    assert texts(await retriever.retrieve(case("rivers sea"), top_k=5)) == first
    assert texts(await retriever.retrieve(case("tall mountains"), top_k=1)) == [
        "Mountains are tall."
    ]


async def test_bm25_over_the_example_knowledge_base() -> None:
    kb = EXAMPLES / "hotpot" / "kb.jsonl"
    retriever = retriever_from_spec(f"bm25:{kb}")
    chunks = texts(
        await retriever.retrieve(
            case("Were Scott Derrickson and Ed Wood of the same nationality?"), top_k=4
        )
    )
    assert len(chunks) == len(set(chunks)) == 4
    titles = {chunk.partition("\n")[0] for chunk in chunks}
    assert {"Scott Derrickson", "Ed Wood"} <= titles


async def test_local_retrievers_hits_name_their_document_and_title(kb_folder: Path) -> None:
    """Each hit names the document it comes from (a large file's paragraph, its file), so
    the audit stores it and measures recall by document id."""
    retriever = Bm25Retriever(kb_folder)
    raw = await retriever.retrieve(case("When was the Eiffel Tower completed?"), top_k=1)
    assert raw == [
        {"text": "The Eiffel Tower was completed in Paris in 1889.", "document_id": "manual.txt"}
    ]
    kb = EXAMPLES / "hotpot" / "kb.jsonl"
    hotpot = retriever_from_spec(f"bm25:{kb}")
    [hit] = await hotpot.retrieve(case("Scott Derrickson director"), top_k=1)
    assert (hit["document_id"], hit["title"]) == ("p0002", "Scott Derrickson")


def test_knowledge_base_fingerprint_follows_the_indexed_text(kb_folder: Path) -> None:
    first = knowledge_base_fingerprint(kb_folder)
    assert knowledge_base_fingerprint(kb_folder) == first
    (kb_folder / "notes.py").write_text("not indexed, so no change")
    assert knowledge_base_fingerprint(kb_folder) == first
    (kb_folder / "curie.txt").write_text("Marie Curie discovered polonium.")
    changed = knowledge_base_fingerprint(kb_folder)
    assert changed != first
    (kb_folder / "curie.txt").rename(kb_folder / "people" / "curie.txt")
    assert knowledge_base_fingerprint(kb_folder) not in (first, changed)
    kb_file = EXAMPLES / "hotpot" / "kb.jsonl"
    assert knowledge_base_fingerprint(kb_file) == hashlib.sha256(kb_file.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"id": 1, "text": "ok"}\n{"id": 2\n', ":2: invalid JSON"),
        ('{"id": 1, "title": "no text"}\n', ":1: a document needs a string 'text' field"),
        ("\n", "holds no documents"),
    ],
)
def test_bm25_knowledge_base_errors_are_clear(tmp_path: Path, content: str, message: str) -> None:
    kb = tmp_path / "kb.jsonl"
    kb.write_text(content)
    with pytest.raises(ConfigurationError, match=message):
        Bm25Retriever(kb)


# Precomputed and the common interface


async def test_precomputed_returns_the_case_contexts_unchanged() -> None:
    retriever = retriever_from_spec("precomputed")
    contexts = ["a", {"text": "b"}, "c"]
    assert await retriever.retrieve(case(contexts=contexts), top_k=1) == contexts
    with pytest.raises(RetrieverError) as caught:
        await retriever.retrieve(case(contexts=None), top_k=1)
    assert str(caught.value) == (
        "case 'c1' (line 1) has no precomputed contexts; add a contexts field or choose a retriever"
    )


@pytest.mark.usefixtures("fake_module_path")
def test_every_kind_implements_the_protocol(kb_folder: Path) -> None:
    for spec in (
        "precomputed",
        "http://127.0.0.1:1/x",
        "python:fake_retrievers:search",
        f"bm25:{kb_folder}",
    ):
        assert isinstance(retriever_from_spec(spec), Retriever)
    assert isinstance(PrecomputedRetriever(), Retriever)


@pytest.mark.usefixtures("fake_module_path")
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "elastic:foo",
            "unknown retriever 'elastic:foo': use 'precomputed', an http(s):// URL, "
            "'python:module:function', 'bm25:PATH', 'dense:PATH' or 'env:VAR'",
        ),
        (
            "ftp://host/x?key=secret",
            "unknown retriever 'ftp://host/x': use 'precomputed', an http(s):// URL, "
            "'python:module:function', 'bm25:PATH', 'dense:PATH' or 'env:VAR'",
        ),
        ("http:///nohost", "retriever URL http:///nohost has no host"),
        ("bm25:", "retriever 'bm25:' needs a path: bm25:PATH"),
        (
            "bm25:/no/such/kb",
            "knowledge base /no/such/kb not found: give a folder of .txt/.md files, one such file, or a .jsonl",
        ),
        (
            "python:fake_retrievers",
            "retriever 'python:fake_retrievers': expected 'module:function', got 'fake_retrievers'",
        ),
        (
            "python:no_such_module_xyz:f",
            f"retriever 'python:no_such_module_xyz:f': cannot import module 'no_such_module_xyz' (looked in {Path.cwd()} first): No module named 'no_such_module_xyz'",
        ),
        (
            "python:fake_retrievers:missing",
            "retriever 'python:fake_retrievers:missing': module 'fake_retrievers' has no attribute 'missing'",
        ),
        (
            "python:fake_retrievers:NOT_CALLABLE",
            "retriever 'python:fake_retrievers:NOT_CALLABLE': 'fake_retrievers:NOT_CALLABLE' is not callable",
        ),
    ],
)
def test_bad_specs_are_one_line_configuration_errors(spec: str, message: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        retriever_from_spec(spec)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value) and "secret" not in str(caught.value)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("OPENAI_API_KEY", "sk-not-a-spec-0123456789abcdef"),
        ("SOME_SETTING", "hunter2-is-no-spec"),
        ("RAG_TARGET", "python:missing_module_hunter2:find"),
    ],
)
def test_an_env_spec_error_names_the_variable_never_its_value(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigurationError) as raised:
        retriever_from_spec(f"env:{variable}")
    message = str(raised.value)
    assert variable in message and "hunter2" not in message and value not in message
