"""Bounded in time and memory: what a hostile retriever, dataset or knowledge base does to a
run (issue 24's table, one test input each, built here).

Each run goes through the command line in a child process, whose exit code, one-line
message, time (bounded generously: the bound is for hangs, not speed) and own peak memory
are asserted. Several inputs share one run where they can (each a case of one dataset), so
the suite starts few processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import threading
import time
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from measured import Measured, measured
from sqlmodel import Session
from test_cli import CLI, cli_env

from recall_audit.storage import list_runs, open_database, run_results

# Resident memory a child may reach, whatever it was fed.
PEAK_MB = 500
# Seconds a run may take before it is taken for a hang (most take a few).
HANG_S = 120
GOOD = ("Where was Einstein born?", "Einstein was born in Ulm.")
GOOD_CHUNK = "Albert Einstein was born in Ulm, Germany, in 1879."
# (case id, question, ground truth)
JAPANESE = ("富士山", "富士山の高さは？", "富士山の高さは3776メートルです。")


def run_cli(tmp_path: Path, env: dict[str, str], *args: str) -> Measured:
    return measured([*CLI, *args], env=env, cwd=tmp_path, timeout=HANG_S)


def case_errors(db_url: str, run_id: str) -> dict[str, str | None]:
    with Session(open_database(db_url)) as session:
        return {r.case_key: r.error for r in run_results(session, run_id)}


def write_cases(path: Path, questions: dict[str, str], ground_truth: dict[str, str]) -> None:
    rows = [
        {"id": key, "question": question, "ground_truth": ground_truth.get(key, GOOD[1])}
        for key, question in questions.items()
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))


def distinct_sentences(chars: int) -> str:
    """Text of at most `chars` characters (all but a sentence's worth of them), no two
    sentences alike: the built-in judge's worst case."""
    sentences, total, n = [], 0, 0
    while True:
        sentence = f"Station {n} recorded {n * 7 % 1000} millimetres of rain in {1900 + n % 120}."
        if total + len(sentence) > chars:
            return " ".join(sentences)
        sentences.append(sentence)
        total, n = total + len(sentence) + 1, n + 1


HOSTILE_MODULE = (
    """
import asyncio, sys, time

def search(question, top_k):
    if question == "sleep":
        time.sleep(3600)
    if question == "sleep async":
        return asyncio.sleep(3600)
    if question == "many chunks":
        return ["a chunk of text"] * 2_000_000
    if question == "exit":
        sys.exit(3)
    if question == "interrupt":
        raise KeyboardInterrupt
    if question == "memory":
        raise MemoryError
    if question == "recursion":
        def down(n):
            return down(n + 1)
        down(0)
    if question == "huge number":
        return '{"results": [{"text": "t", "score": ' + "9" * 5000 + '}]}'
    if question == "deep":
        return "[" * 10_000 + "]" * 10_000
    return [GOOD_CHUNK]
"""
    + f"\nGOOD_CHUNK = {GOOD_CHUNK!r}\n"
)


def raise_with(field: str) -> str:
    """How a case's message says to raise a limit: its option, and its variable."""
    return f"(raise the limit with --{field.replace('_', '-')} or RECALL_AUDIT_{field.upper()})"


# What each hostile case's error says, besides the retriever's name.
PYTHON_ERRORS = {
    "sleep": f"took longer than 2 s {raise_with('retriever_timeout')}",
    "sleep async": f"took longer than 2 s {raise_with('retriever_timeout')}",
    # Two million chunks for --top-k 5000: the first 5,000 are kept, still too many.
    "many chunks": f"5,000 chunks, more than 1,000 {raise_with('max_chunks')}",
    "exit": "raised SystemExit: 3 (hostile.py:",
    "interrupt": "raised KeyboardInterrupt (hostile.py:",
    "memory": "raised MemoryError (hostile.py:",
    "recursion": "raised RecursionError: maximum recursion depth exceeded (hostile.py:",
    "huge number": "holds a number of 5,000 characters",
    "deep": "is nested more than 32 levels deep",
    "big ground truth": raise_with("max_ground_truth_chars"),
}


def test_hostile_python_retriever_costs_only_its_cases(
    prefect_api: str, sqlite_db_url: str, tmp_path: Path, record_property: Any
) -> None:
    """Sleeping (sync, async), a flood of chunks, SystemExit, KeyboardInterrupt,
    MemoryError, recursion, a 5,000-digit number, 10,000 levels of nesting, and a 1 MB
    ground truth: each errors its own case, naming the limit or the user's line, and the
    good cases are scored. On an ASCII-only stdout (a C locale without UTF-8 mode, as in
    some CI logs), the Japanese case shows escaped, not as a UnicodeEncodeError."""
    (tmp_path / "hostile.py").write_text(HOSTILE_MODULE)
    questions = {"good": GOOD[0], JAPANESE[0]: JAPANESE[1]}
    questions |= {key.replace(" ", "-"): key for key in PYTHON_ERRORS}
    questions["big-ground-truth"] = GOOD[0] + " (again)"
    data = tmp_path / "hostile.jsonl"
    truths = {"big-ground-truth": distinct_sentences(1_000_000), JAPANESE[0]: JAPANESE[2]}
    write_cases(data, questions, truths)
    env = cli_env(prefect_api, sqlite_db_url, RECALL_AUDIT_RETRIEVER_TIMEOUT="2")
    env |= {"PYTHONUTF8": "0", "LC_ALL": "C", "LANG": "C"}
    env.pop("PYTHONIOENCODING", None)
    retriever = ["--retriever", "python:hostile:search", "--top-k", "5000"]

    done = run_cli(tmp_path, env, "run", "--dataset", str(data), *retriever)

    assert done.code == 0, done.stderr
    assert "Traceback" not in done.stderr and "UnicodeEncodeError" not in done.stderr
    # The worst cases' table names the Japanese case (recall 0: the chunk is English).
    assert JAPANESE[0].encode("ascii", "backslashreplace").decode() in done.stdout
    with Session(open_database(sqlite_db_url)) as session:
        [run] = list_runs(session)
    assert (run.scored_count, run.error_count) == (2, len(PYTHON_ERRORS))
    errors = case_errors(sqlite_db_url, run.id)
    assert errors["good"] is None and errors[JAPANESE[0]] is None
    for key, expected in PYTHON_ERRORS.items():
        found = errors[key.replace(" ", "-")] or ""
        assert expected in found, (key, found)
    assert done.peak_mb < PEAK_MB
    record_property("python_run_s", round(done.seconds, 1))
    record_property("python_peak_mb", round(done.peak_mb))


BLOCKING_MODULE = (
    """
import time

async def search(question, top_k):
    if question == "block":
        time.sleep(3600)  # blocks the event loop it runs on
    return [GOOD_CHUNK]
"""
    + f"\nGOOD_CHUNK = {GOOD_CHUNK!r}\n"
)


def test_an_async_retriever_that_blocks_its_loop_is_stopped_by_the_timeout(
    prefect_api: str, sqlite_db_url: str, tmp_path: Path, record_property: Any
) -> None:
    """`time.sleep` inside an `async def` retriever blocks its own event loop, not the
    audit's: the retriever timeout (given as an option) errors that case, and the case after
    it is scored on a fresh loop."""
    (tmp_path / "blocking.py").write_text(BLOCKING_MODULE)
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0], "block": "block", "after": GOOD[0] + " (again)"}, {})
    env = cli_env(prefect_api, sqlite_db_url)
    options = ["--retriever", "python:blocking:search", "--retriever-timeout", "2"]

    done = run_cli(
        tmp_path, env, "run", "--dataset", str(data), *options, "--concurrency", "1", "--json"
    )

    assert done.code == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["scored"], summary["errors"]) == (2, 1)
    assert case_errors(sqlite_db_url, summary["run_id"])["block"] == (
        "retriever: python:blocking:search took longer than 2 s " + raise_with("retriever_timeout")
    )
    assert done.peak_mb < PEAK_MB
    record_property("blocked_loop_run_s", round(done.seconds, 1))


def gzip_bomb(megabytes: int) -> bytes:
    """`megabytes` of zeros, gzipped (a few hundred kilobytes)."""
    packer = zlib.compressobj(1, wbits=31)
    return b"".join(packer.compress(bytes(1 << 20)) for _ in range(megabytes)) + packer.flush()


class HostileRetriever:
    """A retriever endpoint on 127.0.0.1 that misbehaves according to the question."""

    def __init__(self) -> None:
        self.bomb = gzip_bomb(128)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    def __enter__(self) -> HostileRetriever:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        bomb = self.bomb

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                question = json.loads(self.rfile.read(length))["question"]
                # The client gives up on the hostile answers, as it should.
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self._answer(question)

            def _answer(self, question: str) -> None:
                if question == "endless":
                    self._start(chunked=True)
                    block = b"x" * 65536
                    while True:
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                elif question == "trickle":
                    self._start(chunked=True)
                    while True:
                        self.wfile.write(b"1\r\n \r\n")
                        self.wfile.flush()
                        time.sleep(1)
                elif question == "gzip bomb":
                    self._start(length=len(bomb), headers={"Content-Encoding": "gzip"})
                    self.wfile.write(bomb)
                elif question == "huge number":
                    self._send('{"results": [{"text": "t", "id": %s}]}' % ("7" * 5000))
                elif question == "deep":
                    self._send("[" * 10_000 + "]" * 10_000)
                else:
                    self._send(json.dumps({"results": [{"text": GOOD_CHUNK}]}))

            def _send(self, text: str) -> None:
                data = text.encode()
                self._start(length=len(data))
                self.wfile.write(data)

            def _start(
                self,
                *,
                length: int | None = None,
                chunked: bool = False,
                headers: dict | None = None,
            ) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                else:
                    self.send_header("Content-Length", str(length))
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler


@pytest.fixture
def hostile_retriever() -> Iterator[HostileRetriever]:
    with HostileRetriever() as server:
        yield server


# A megabyte, not the default 32: an endless body or a bomb reaches it in a moment, however
# busy the machine (the 32 MB of the default took longer than the timeout under load).
MAX_RESPONSE_BYTES = 2**20
HTTP_ERRORS = {
    "endless": f"answered more than 1,048,576 bytes {raise_with('max_response_bytes')}",
    "trickle": f"took longer than 3 s {raise_with('retriever_timeout')}",
    "gzip bomb": "answered more than 1,048,576 bytes",
    "huge number": "answered JSON that holds a number of 5,000 characters",
    "deep": "answered JSON that is nested more than 32 levels deep",
}
SECRETS = ("Pa55-word-1", "access-SECRET-2", "code-SECRET-3")


def test_hostile_http_retriever_costs_only_its_cases_and_shows_no_query_value(
    prefect_api: str,
    sqlite_db_url: str,
    tmp_path: Path,
    hostile_retriever: HostileRetriever,
    record_property: Any,
) -> None:
    """An endless body, one byte a second, a gzip bomb, a 5,000-digit number and 10,000
    levels of nesting each error their own case; the URL's user info and every query value
    are masked in what is printed and stored."""
    questions = {"good": GOOD[0]} | {key.replace(" ", "-"): key for key in HTTP_ERRORS}
    data = tmp_path / "hostile.jsonl"
    write_cases(data, questions, {})
    port = hostile_retriever.port
    url = (
        f"http://auditor:{SECRETS[0]}@127.0.0.1:{port}/search?access={SECRETS[1]}&code={SECRETS[2]}"
    )
    env = cli_env(
        prefect_api,
        sqlite_db_url,
        RECALL_AUDIT_RETRIEVER_TIMEOUT="3",
        RECALL_AUDIT_MAX_RESPONSE_BYTES=str(MAX_RESPONSE_BYTES),
    )

    done = run_cli(tmp_path, env, "run", "--dataset", str(data), "--retriever", url, "--json")

    assert done.code == 0, done.stderr
    assert "Traceback" not in done.stderr
    summary = json.loads(done.stdout)
    assert summary["retriever"] == f"http://***@127.0.0.1:{port}/search?access=***&code=***"
    assert (summary["scored"], summary["errors"]) == (1, len(HTTP_ERRORS))
    errors = case_errors(sqlite_db_url, summary["run_id"])
    assert errors["good"] is None
    for key, expected in HTTP_ERRORS.items():
        assert expected in (errors[key.replace(" ", "-")] or ""), (
            key,
            errors[key.replace(" ", "-")],
        )
    stored = Path(sqlite_db_url.removeprefix("sqlite:///")).read_bytes()
    for secret in SECRETS:
        assert secret not in done.stdout + done.stderr and secret.encode() not in stored
    assert done.peak_mb < PEAK_MB
    record_property("http_run_s", round(done.seconds, 1))
    record_property("http_peak_mb", round(done.peak_mb))


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        pytest.param(
            "binary.jsonl",
            b'{"text": "fine"}\n' + bytes(range(128, 256)) * 4 + b"\n",
            ":2: not valid UTF-8 (invalid start byte at byte 1); a knowledge base is UTF-8 text",
            id="binary-jsonl",
        ),
        pytest.param(
            "one-line.jsonl",
            b'{"text": "' + b"word " * 20_000_000 + b'"}\n',
            ":1: a line longer than 6,001,024 bytes, longer than a chunk may be "
            + raise_with("max_chunk_chars"),
            id="100MB-line",
        ),
    ],
)
def test_a_bad_knowledge_base_is_one_line_naming_file_and_line(
    sqlite_db_url: str,
    tmp_path: Path,
    name: str,
    content: bytes,
    message: str,
    record_property: Any,
) -> None:
    kb = tmp_path / name
    kb.write_bytes(content)
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0]}, {})
    env = cli_env(None, sqlite_db_url)

    done = run_cli(tmp_path, env, "run", "--dataset", str(data), "--retriever", f"bm25:{kb}")

    assert done.code == 2
    assert done.one_line().endswith(f"{kb}{message}")
    assert done.peak_mb < PEAK_MB
    record_property("file_mb", round(len(content) / 2**20, 1))
    record_property("peak_mb", round(done.peak_mb))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--top-k", "2147483648"], "error: --top-k must be from 1 to 10,000, not 2147483648"),
        (
            ["--scale", "1e308"],
            "error: --scale must be a number above 0 and at most 1,000,000, not 1e+308",
        ),
    ],
    ids=["top-k-2**31", "scale-1e308"],
)
def test_out_of_range_numbers_are_one_line_and_exit_2(
    sqlite_db_url: str, tmp_path: Path, args: list[str], message: str
) -> None:
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0]}, {})
    done = run_cli(tmp_path, cli_env(None, sqlite_db_url), "run", "--dataset", str(data), *args)
    assert done.code == 2
    assert done.one_line() == message
    assert done.peak_mb < PEAK_MB


class DownPrefect:
    """A Prefect API whose health check answers, and nothing else (`status`, for ever: 503
    a server down behind its proxy, 404 a web server that is no Prefect API)."""

    def __init__(self, status: int = 503) -> None:
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _any(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                healthy = self.path.endswith("/health")
                body = b"true" if healthy else b'{"detail": "unavailable"}'
                self.send_response(200 if healthy else status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _any

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/api"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (503, "failed after retries: 503 Service Unavailable for GET /api/admin/version; "),
        (
            404,
            "answered 404 Not Found for GET /api/admin/version: no Prefect API there "
            "(PREFECT_API_URL names a Prefect server's API, such as http://127.0.0.1:4200/api); ",
        ),
    ],
    ids=["503-down", "404-no-prefect-api"],
)
def test_a_prefect_server_that_stays_down_is_one_line(
    sqlite_db_url: str, tmp_path: Path, status: int, said: str
) -> None:
    """503 through the client's retries (one here, to keep the test short), or 404 from a
    server that is not Prefect's API: one line naming the server and the request, exit 2."""
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0]}, {})
    down = DownPrefect(status)
    try:
        env = cli_env(down.url, sqlite_db_url, PREFECT_CLIENT_MAX_RETRIES="1")
        done = run_cli(tmp_path, env, "run", "--dataset", str(data), "--retriever", "precomputed")
    finally:
        down.close()
    assert done.code == 2
    assert done.one_line() == (f"error: the Prefect server at {down.url} {said}nothing was started")
    assert done.peak_mb < PEAK_MB


# Where no Prefect server answers: a check that let a run start would fail on it, and never
# start a server of the project's.
NO_PREFECT = "http://127.0.0.1:9/api"


def a_newer_database(tmp_path: Path, db_url: str) -> tuple[list[str], dict[str, str]]:
    """A results database another version migrated past every revision this one knows."""
    with open_database(db_url).begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0999'")
    return [], {}


def a_judge_with_a_newline(tmp_path: Path, db_url: str) -> tuple[list[str], dict[str, str]]:
    return ["--judge", "openai/gpt\nx"], {}


def a_prefect_home_that_is_a_file(tmp_path: Path, db_url: str) -> tuple[list[str], dict[str, str]]:
    (tmp_path / "prefect-home").write_text("not a folder")
    return [], {"PREFECT_HOME": str(tmp_path / "prefect-home")}


@pytest.mark.parametrize(
    ("made", "said"),
    [
        (
            a_newer_database,
            "error: the results database sqlite:///{tmp}/recall.db was migrated by a newer "
            "Recall Audit: its schema is at revision '0999', and Recall Audit {version} knows "
            "revisions up to {head}; upgrade Recall Audit (pip install -U recall-audit) to "
            "use it, or set RECALL_AUDIT_DATABASE_URL to another database",
        ),
        (
            a_judge_with_a_newline,
            "error: the judge's name 'openai/gpt\\nx' holds a line break (U+000A) at character 10",
        ),
        (
            a_prefect_home_that_is_a_file,
            "error: the Prefect home {tmp}/prefect-home (PREFECT_HOME) is a file, not a "
            "folder: point PREFECT_HOME at a folder Prefect may keep its settings and "
            "database in",
        ),
    ],
    ids=["newer-database", "judge-newline", "prefect-home-a-file"],
)
def test_surroundings_that_cannot_work_are_one_line_and_exit_2(
    sqlite_db_url: str, tmp_path: Path, made: Any, said: str
) -> None:
    """What the run is given besides its dataset, when it cannot work: one line saying what
    and what to do, exit 2, before anything starts."""
    from importlib.metadata import version

    from recall_audit.storage.schema import SCHEMA_HEAD

    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0]}, {})
    args, env = made(tmp_path, sqlite_db_url)
    env = cli_env(NO_PREFECT, sqlite_db_url, **env)
    done = run_cli(
        tmp_path, env, "run", "--dataset", str(data), "--retriever", "precomputed", *args
    )
    assert done.code == 2
    expected = said.format(tmp=tmp_path, version=version("recall-audit"), head=SCHEMA_HEAD)
    assert done.one_line() == expected
    assert done.peak_mb < PEAK_MB


def test_a_judge_with_a_newline_in_an_experiment_file_names_the_file(
    sqlite_db_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0]}, {})
    matrix = tmp_path / "experiment.yaml"
    matrix.write_text('judge: "openai/gpt\\nx"\nmatrix:\n  top_k: [1, 2]\n')
    args = ["experiment", "--dataset", str(data), "--matrix", str(matrix)]
    done = run_cli(tmp_path, cli_env(NO_PREFECT, sqlite_db_url), *args)
    assert done.code == 2
    assert done.one_line() == (
        f"error: {matrix}:1: judge: the judge's name 'openai/gpt\\nx' holds a line break "
        "(U+000A) at character 10"
    )


STOPPABLE_MODULE = (
    """
import os, time

def sleeps(question, top_k):
    if question == "hang" and os.environ.get("HANG"):
        time.sleep(3600)
    return [GOOD_CHUNK]

async def blocks(question, top_k):
    if question == "hang" and os.environ.get("HANG"):
        time.sleep(3600)  # the event loop itself stops here
    return [GOOD_CHUNK]
"""
    + f"\nGOOD_CHUNK = {GOOD_CHUNK!r}\n"
)


def signal_once_started(db_url: str, signum: int, sent: list[float]) -> Any:
    """Sends `signum` once the run is in Prefect and its retrieval under way (the hanging
    case holds up its batch's retrieve stage, so no case is saved before the signal)."""

    def send(process: Any) -> None:
        engine = open_database(db_url)
        deadline = time.monotonic() + HANG_S
        while time.monotonic() < deadline and process.poll() is None:
            with Session(engine) as session:
                runs = list_runs(session)
            if runs and runs[0].prefect_flow_run_id:
                break
            time.sleep(0.2)
        time.sleep(2)
        sent.append(time.monotonic())
        process.send_signal(signum)

    return send


@pytest.mark.parametrize(
    ("signum", "code", "retriever"),
    [
        (signal.SIGTERM, 143, "python:stoppable:blocks"),
        (signal.SIGINT, 130, "python:stoppable:sleeps"),
        (signal.SIGHUP, 129, "python:stoppable:sleeps"),
    ],
    ids=["SIGTERM-blocked-event-loop", "SIGINT-sleeping-thread", "SIGHUP-terminal-closed"],
)
def test_a_signal_stops_a_hanging_run_which_resumes(
    prefect_api: str,
    sqlite_db_url: str,
    tmp_path: Path,
    signum: int,
    code: int,
    retriever: str,
    record_property: Any,
) -> None:
    """SIGTERM (or Ctrl-C) while the user's code hangs: the command ends within seconds,
    one line, exit 143 (130); the run is cancelled in the database and in Prefect, and
    `--resume` finishes it once the retriever answers."""
    (tmp_path / "stoppable.py").write_text(STOPPABLE_MODULE)
    data = tmp_path / "cases.jsonl"
    write_cases(data, {"good": GOOD[0], "hang": "hang", "also": GOOD[0] + " (too)"}, {})
    env = cli_env(prefect_api, sqlite_db_url, HANG="1")
    sent: list[float] = []
    args = ["run", "--dataset", str(data), "--retriever", retriever, "--concurrency", "1"]

    done = measured(
        [*CLI, *args],
        env=env,
        cwd=tmp_path,
        timeout=HANG_S,
        while_running=signal_once_started(sqlite_db_url, signum, sent),
    )

    with Session(open_database(sqlite_db_url)) as session:
        [run] = list_runs(session)
    assert done.code == code
    name = signal.Signals(signum).name
    assert done.one_line() == (
        f"error: stopped by {name}: run {run.id[:8]} cancelled; "
        f"continue it with --resume {run.id[:8]}"
    )
    assert run.status == "cancelled"
    assert flow_run_state(run.prefect_flow_run_id) == ("CANCELLED", f"stopped by {name}")
    assert done.peak_mb < PEAK_MB
    record_property(f"{name}_stopped_after_s", round(time.monotonic() - sent[0], 1))
    record_property("peak_mb", round(done.peak_mb))

    if signum != signal.SIGTERM:
        return  # resuming is the same after either signal: once is enough
    env.pop("HANG")
    resumed = run_cli(tmp_path, env, *args, "--resume", run.id[:8], "--json")
    assert resumed.code == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert (summary["run_id"], summary["scored"], summary["errors"]) == (run.id, 3, 0)


def flow_run_state(flow_run_id: str | None) -> tuple[str, str | None]:
    from prefect.client.orchestration import get_client

    async def read() -> tuple[str, str | None]:
        async with get_client() as client:
            state = (await client.read_flow_run(UUID(str(flow_run_id)))).state
            assert state is not None
            return state.type.value, state.message

    return asyncio.run(read())


def test_the_ground_truth_limit_fails_only_the_long_ones_of_a_request() -> None:
    """Within one extraction request, the ground truth over the limit is failed at its own
    position and the others get the judge's claims, in order."""
    from recall_audit.scorer.judges.bounded import GroundTruthLimit
    from recall_audit.scorer.judges.builtin import BuiltinJudge

    judge = GroundTruthLimit(BuiltinJudge(), max_chars=60)
    truths = ["Einstein was born in Ulm.", distinct_sentences(200), "Paris is in France."]
    extraction = asyncio.run(judge.extract_claims(truths, [None, None, None]))
    assert list(extraction.failed) == [1]
    assert "more than the builtin judge takes (60)" in extraction.failed[1]
    assert raise_with("max_ground_truth_chars") in extraction.failed[1]
    alone = asyncio.run(BuiltinJudge().extract_claims([truths[0], truths[2]]))
    assert [extraction.claims[0], extraction.claims[2]] == alone.claims


class TinyDisk:
    """A tmpfs of its own, `kilobytes` large, mounted on `folder` in a mount namespace that
    a shell holds: commands run in that namespace (`enter`) fill it as a real disk fills
    (ENOSPC); the test copies files out of it (`copied`); it goes with the shell, whatever
    happens to the test. As root, or wherever user namespaces are allowed."""

    def __init__(self, folder: Path, kilobytes: int) -> None:
        import os
        import shutil
        import subprocess

        unshare, nsenter = shutil.which("unshare"), shutil.which("nsenter")
        if unshare is None or nsenter is None:
            pytest.skip("no unshare(1) and nsenter(1) to give a disk a mount namespace")
        own_users = [] if os.geteuid() == 0 else ["--map-root-user"]
        # It mounts, says so, and grows the disk when told to on stdin.
        script = (
            'mount -t tmpfs -o size="$1"k tmpfs "$0" && echo mounted && read line && '
            'mount -o remount,size=65536k "$0" && echo grown && exec sleep 600'
        )
        self._holder = subprocess.Popen(
            [unshare, *own_users, "--mount", "sh", "-c", script, str(folder), str(kilobytes)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self._holder.stdout is not None
        if self._holder.stdout.readline().strip() != "mounted":
            self.close()
            pytest.skip(f"cannot mount a tmpfs here: {self._holder.stderr.read().strip()}")
        self.inside = folder
        # nsenter execs the command itself: its process is the one measured.
        enter_users = [] if own_users == [] else ["--user", "--preserve-credentials"]
        self.enter = [nsenter, f"--target={self._holder.pid}", *enter_users, "--mount", "--"]

    def copied(self, name: str, to: Path) -> Path:
        """`name` and the files beside it whose names start with it (SQLite's -wal and
        -shm), copied through /proc/PID/root (SQLite itself resolves that link to here)."""
        import shutil

        seen = Path(f"/proc/{self._holder.pid}/root{self.inside}")
        for found in seen.glob(f"{name}*"):
            shutil.copyfile(found, to / found.name)
        return to / name

    def grow(self) -> None:
        assert self._holder.stdin is not None and self._holder.stdout is not None
        self._holder.stdin.write("grow\n")
        self._holder.stdin.flush()
        assert self._holder.stdout.readline().strip() == "grown"

    def close(self) -> None:
        self._holder.kill()
        self._holder.wait()


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[TinyDisk]:
    folder = tmp_path / "tiny-disk"
    folder.mkdir()
    disk = TinyDisk(folder, kilobytes=512)
    try:
        yield disk
    finally:
        disk.close()


def test_a_full_disk_is_one_line_and_the_run_resumes_once_it_has_room(
    prefect_api: str, tmp_path: Path, tiny_disk: TinyDisk, record_property: Any
) -> None:
    """The results database on a disk that fills mid-run (a real ENOSPC, from a 512 KB
    tmpfs): one line naming the database and what it said, exit 2; the cases saved before
    stay, and once the disk has room `--resume` scores the rest, each case once."""
    import random

    rng = random.Random(24)
    rows = [
        {
            "id": f"case-{n}",
            "question": GOOD[0],
            "ground_truth": GOOD[1],
            # Distinct words: the database cannot store them in less room than they take.
            "contexts": [GOOD_CHUNK, " ".join(f"w{rng.randrange(10**9)}" for _ in range(1000))],
        }
        for n in range(80)
    ]
    data = tmp_path / "cases.jsonl"
    data.write_text("".join(json.dumps(row) + "\n" for row in rows))
    db_url = f"sqlite:///{tiny_disk.inside}/recall.db"
    env = cli_env(prefect_api, db_url)
    args = [*tiny_disk.enter, *CLI, "run", "--dataset", str(data)]

    done = measured(args, env=env, cwd=tmp_path, timeout=HANG_S)

    assert done.code == 2, done.stderr
    copy = tiny_disk.copied("recall.db", tmp_path)
    with Session(open_database(f"sqlite:///{copy}")) as session:
        [run] = list_runs(session)
        saved = len(run_results(session, run.id))
    assert done.one_line() == (
        f"error: the results database {db_url} failed: database or disk is full; what was "
        f"saved stays: once it can be written again, continue with --resume {run.id[:8]}"
    )
    assert run.status != "completed" and saved < len(rows)
    assert done.peak_mb < PEAK_MB
    tiny_disk.grow()
    resumed = measured(
        [*args, "--resume", run.id[:8], "--json"], env=env, cwd=tmp_path, timeout=HANG_S
    )
    assert resumed.code == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert (summary["run_id"], summary["scored"], summary["errors"]) == (run.id, len(rows), 0)
    record_property("full_disk_run_s", round(done.seconds, 1))
    record_property("saved_before_full", saved)
    record_property("full_disk_peak_mb", round(done.peak_mb))
