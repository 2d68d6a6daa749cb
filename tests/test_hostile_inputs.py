"""Hostile inputs on every surface of issue 39, each ending in one line (exit 2), a per-case
error or a bounded wait: never a traceback, a hang, an unbounded read, or a file read from
outside the folder it was given as. Parametrised and fast: the slow surfaces (a killed
process in Prefect, re-asked claims) have their own files, named in docs/reliability.md."""

from __future__ import annotations

import json
import os
import shutil
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from lexical_model import lexical_model
from model_server import FakeModelServer
from sqlmodel import Session
from test_audit_flow import run_audit
from test_cli import EINSTEIN, cli_env, recall_audit
from test_pytest_plugin import run_pytest

from recall_audit.errors import ConfigurationError
from recall_audit.retrievers.knowledge_base import knowledge_base_fingerprint, load_chunks
from recall_audit.storage import open_database, run_results

DOC = "Albert Einstein was born in 1879 in Ulm, Germany."


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _linked(path: Path, target: str) -> Path:
    path.symlink_to(target)
    return path


# (name, what makes the knowledge base under tmp_path, the message's telling part)
KNOWLEDGE_BASES: list[tuple[str, Callable[[Path], Path], str]] = [
    ("missing", lambda d: d / "nowhere", "not found"),
    ("/dev/zero", lambda d: Path("/dev/zero"), "/dev/zero is not a regular file"),
    ("fifo", lambda d: _fifo(d / "kb.jsonl"), "kb.jsonl is not a regular file"),
    ("fifo-text", lambda d: _fifo(d / "kb.txt"), "kb.txt is not a regular file"),
    ("link to /dev/zero", lambda d: _linked(d / "kb.txt", "/dev/zero"), "is not a regular file"),
    ("other suffix", lambda d: _written(d / "kb.csv", DOC), "neither a folder"),
    (
        "lone surrogate",
        lambda d: _written(d / "kb.jsonl", '{"text": "a \\ud800 b"}\n'),
        "kb.jsonl:1: the document's 'text' contains U+D800",
    ),
    (
        "surrogate title",
        lambda d: _written(d / "kb.jsonl", '{"title": "\\udfff", "text": "x"}\n'),
        "the document's 'title' contains U+DFFF",
    ),
    ("NUL in a text file", lambda d: _written(d / "kb.txt", "a\x00b"), "contains a NUL character"),
    (
        "folder: link out",
        lambda d: _folder(d, lambda f: _linked(f / "passwd.txt", "/etc/passwd")),
        "passwd.txt links to /etc/passwd, outside the folder",
    ),
    (
        "folder: linked folder out",
        lambda d: _folder(d, lambda f: _linked(f / "etc.md", "/etc")),
        "links to /etc, outside the folder",
    ),
    (
        "folder: /dev/zero",
        lambda d: _folder(d, lambda f: _linked(f / "zero.md", "/dev/zero")),
        "links to /dev/zero, outside the folder",
    ),
    (
        "folder: fifo",
        lambda d: _folder(d, lambda f: _fifo(f / "pipe.txt")),
        "pipe.txt is not a regular file",
    ),
    (
        "folder: not UTF-8",
        lambda d: _folder(d, lambda f: (f / "x.txt").write_bytes(b"\xff\xfe")),
        "x.txt:1: not valid UTF-8",
    ),
]


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _folder(root: Path, add: Callable[[Path], object]) -> Path:
    folder = root / "kb"
    folder.mkdir()
    (folder / "einstein.txt").write_text(DOC)
    add(folder)
    return folder


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    ("make", "message"), [k[1:] for k in KNOWLEDGE_BASES], ids=[k[0] for k in KNOWLEDGE_BASES]
)
def test_a_hostile_knowledge_base_is_refused_in_one_line(tmp_path, make, message):
    """Both what a retriever indexes and what a diagnosis fingerprints are refused, before a
    device or FIFO is opened (either would hang) or a file outside the folder is read."""
    kb = make(tmp_path)
    # Text no index takes is in bytes a fingerprint can hash; anything else is refused by both.
    textual = any(m in message for m in ("contains", "UTF-8"))
    for read in (load_chunks,) if textual else (load_chunks, knowledge_base_fingerprint):
        with pytest.raises(ConfigurationError) as raised:
            read(kb)
        assert message in str(raised.value) and "\n" not in str(raised.value)


def test_links_inside_the_folder_are_followed(tmp_path):
    folder = _folder(tmp_path, lambda f: _linked(f / "again.txt", "einstein.txt"))
    (folder / "sub").mkdir()
    _linked(folder / "sub" / "up.md", "../einstein.txt")
    assert [c.id for c in load_chunks(folder)] == ["again.txt", "einstein.txt", "sub/up.md"]
    assert "passwd" not in json.dumps([c.text for c in load_chunks(folder)])


@pytest.fixture(scope="module")
def stored_run(
    prefect_api: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """(database URL, run id) of one precomputed audit of the Einstein example."""
    folder = tmp_path_factory.mktemp("stored-run")
    url = f"sqlite:///{folder}/recall.db"
    dataset = folder / "einstein.jsonl"
    shutil.copy(EINSTEIN, dataset)
    yield url, run_audit(dataset=str(dataset), database_url=url, diagnose=False).run_id


DIAGNOSED = [k for k in KNOWLEDGE_BASES if not k[0].startswith("other")]


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("make", "message"), [k[1:] for k in DIAGNOSED], ids=[k[0] for k in DIAGNOSED]
)
def test_diagnose_reads_the_knowledge_base_through_the_retrievers_checks(
    prefect_api, stored_run, tmp_path, make, message
):
    url, run_id = stored_run
    kb = make(tmp_path)
    done = recall_audit(
        "diagnose",
        run_id,
        "--knowledge-base",
        str(kb),
        env=cli_env(prefect_api, url),
        cwd=tmp_path,
        timeout=50,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and message in " ".join(done.stderr.split())


SETTINGS_FILES: list[tuple[str, Callable[[Path], Path], str]] = [
    ("/dev/zero", lambda d: Path("/dev/zero"), "/dev/zero: not a file"),
    ("fifo", lambda d: _fifo(d / "matrix.yaml"), "matrix.yaml: not a file"),
    ("missing", lambda d: d / "none.yaml", "none.yaml: no such file"),
    ("folder", lambda d: d, ": not a file"),
    (
        "20 MB",
        lambda d: _written(d / "big.yaml", "# x\n" * 5_000_000),
        "larger than 1,048,576 bytes",
    ),
    (
        "not UTF-8",
        lambda d: _written_bytes(d / "latin.yaml", b"judge: caf\xe9\n"),
        "latin.yaml:1: not UTF-8",
    ),
    (
        "nested 5,000 deep",
        lambda d: _written(d / "deep.yaml", "[" * 5000 + "]" * 5000),
        "deep.yaml:1:",
    ),
]


def _written_bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("make", "message"), [s[1:] for s in SETTINGS_FILES], ids=[s[0] for s in SETTINGS_FILES]
)
@pytest.mark.parametrize("option", ["experiment --matrix", "run --spec"])
def test_a_hostile_settings_file_is_one_line_without_reading_it_whole(
    prefect_api, tmp_path, make, message, option
):
    """A FIFO blocked and /dev/zero was read to 6 GB as `--matrix`: neither is opened now."""
    command, flag = option.split()
    path = make(tmp_path)
    done = recall_audit(
        command,
        "--dataset",
        str(EINSTEIN),
        flag,
        str(path),
        env=cli_env(prefect_api, f"sqlite:///{tmp_path}/recall.db"),
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and message in " ".join(done.stderr.split())


@pytest.mark.timeout(120)
def test_a_tpm_that_cannot_take_one_request_errs_each_case_at_once(prefect_api, tmp_path):
    """`--tpm 1` paced a minute per token: a 500-token request waited most of a day."""
    with FakeModelServer(lexical_model) as model:
        env = cli_env(
            prefect_api,
            f"sqlite:///{tmp_path}/recall.db",
            OPENAI_BASE_URL=model.url + "/v1",
            OPENAI_API_KEY="sk-test",
        )
        args = ("--dataset", str(EINSTEIN), "--judge", "openai/fake", "--json")
        done = recall_audit("run", *args, "--tpm", "1", env=env, cwd=tmp_path, timeout=100)
        assert model.requests == []
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    summary = json.loads(done.stdout)
    assert (summary["scored"], summary["errors"]) == (0, 4)
    with Session(open_database(f"sqlite:///{tmp_path}/recall.db")) as session:
        errors = {r.error for r in run_results(session, summary["run_id"])}
    assert len(errors) == 4 and all(
        "tokens per minute (tpm): it could never" in e for e in errors
    ), errors


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("runner", "message"),
    [
        (
            "dask://127.0.0.1:{port}",
            "no Dask scheduler answers at 127.0.0.1:{port} (Connection refused)",
        ),
        ("dask://127.0.0.1:99999", "use 'dask' (worker processes on this machine)"),
        ("dask://:8786", "use 'dask' (worker processes on this machine)"),
    ],
    ids=["nothing listening", "port out of range", "no host"],
)
@pytest.mark.parametrize("command", ["run", "experiment"])
def test_an_unreachable_dask_scheduler_is_one_line(prefect_api, tmp_path, runner, message, command):
    port = _closed_port()
    extra = ("--matrix", str(_written(tmp_path / "m.yaml", "matrix:\n  top_k: [1, 2]\n")))
    done = recall_audit(
        command,
        "--dataset",
        str(EINSTEIN),
        "--task-runner",
        runner.format(port=port),
        *(extra if command == "experiment" else ()),
        env=cli_env(prefect_api, f"sqlite:///{tmp_path}/recall.db"),
        cwd=tmp_path,
        timeout=100,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert message.format(port=port) in " ".join(done.stderr.split())


@pytest.mark.parametrize(
    ("judge", "message"),
    [
        ("openai/", "Unknown judge 'openai/'"),
        ("anthropic/", "Unknown judge 'anthropic/'"),
        ("openai/m\nx", "holds a line break (U+000A)"),
        ("builtin?x=1", "Unknown judge 'builtin?x=1'"),
        ("x" * 5000, "--recall-judge 'xxx"),
    ],
    ids=["openai/", "anthropic/", "line break", "query", "5,000 characters"],
)
def test_a_hostile_plugin_judge_is_pytests_usage_error(tmp_path, judge, message):
    (tmp_path / "test_nothing.py").write_text("def test_nothing():\n    pass\n")
    done = run_pytest("--recall-judge", judge, cwd=tmp_path)
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "INTERNALERROR" not in done.stdout + done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("ERROR: --recall-judge") and message in line
