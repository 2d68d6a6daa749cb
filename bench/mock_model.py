"""A mock OpenAI-compatible chat completions server for the benchmarks: lexical answers to the
prompts of three tools (ours, DeepEval's ContextualRecallMetric, Ragas' LLMContextRecall),
counted per tool, behind one of three provider shapes:

- `fixed`: every request takes `--latency` seconds, no limit on requests;
- `lognormal`: service times drawn from a log-normal law (`--median`, `--p99`), from one
  seeded sequence per tool, so every tool meets the same latencies in the same order;
- `limited`: `--latency` seconds per request, at most `--rpm` requests per minute (a token
  bucket holding one second's worth); beyond it HTTP 429 at once, with Retry-After.

Run it as its own process: `python bench/mock_model.py --shape fixed --latency 0.1` prints
`READY http://127.0.0.1:PORT/v1` on stdout, then serves until killed.
`GET /stats` returns the counters per tool; they only grow, so callers diff two snapshots.
`POST /forget` starts a new run: repeats are counted within a run only, and each tool's
`first_at`/`last_at` (its first request, its last answer) are the run's own.
With `--record`, `GET /requests` lists the run's answered requests (tool and last message),
for callers that count calls per case (a case is known by its chunks).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import random
import re
import socket
import time
from dataclasses import asdict, dataclass
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

_REFERENCE = re.compile(r'<reference(?: id="(\d+)")?[^>]*>(.*?)</reference>', re.S)
_CHUNK = re.compile(r'<chunk id="(\d+)">(.*?)</chunk>', re.S)
_CLAIM = re.compile(r"^(\d+)\. (.*)$", re.M)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_RAGAS_INPUT = "Now perform the same with the following input\ninput: "
# Share of a sentence's content words that must appear in the context to count as supported.
SUPPORT_SHARE = 0.8


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 3}


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def supported(sentence: str, context: str) -> bool:
    wanted = words(sentence)
    return bool(wanted) and len(wanted & words(context)) >= SUPPORT_SHARE * len(wanted)


# --- ours (recall_audit/scorer/prompts.py): one key per numbered reference or claim, or a new reference's
# claims each with its verdict ----------------------------------------------------------------


def ours_extraction(user: str) -> dict[str, Any]:
    return {i: sentences(text) for i, text in _REFERENCE.findall(user)}


def _verdict(claim: str, chunks: list[tuple[str, str]]) -> dict[str, Any]:
    ids = [int(i) for i, text in chunks if supported(claim, text)]
    quote = dict(chunks)[str(ids[0])][:80] if ids else ""
    return {"supported": bool(ids), "chunks": ids, "quote": quote}


def ours_attribution(user: str) -> dict[str, Any]:
    chunk_part, claim_part = user.split("\n\nClaims:\n", 1)
    chunks = _CHUNK.findall(chunk_part)
    return {number: _verdict(claim, chunks) for number, claim in _CLAIM.findall(claim_part)}


def ours_judgement(user: str) -> dict[str, Any]:
    """A new reference's claims (its sentences), each with its verdict."""
    chunks = _CHUNK.findall(user)
    (_, text), *_ = _REFERENCE.findall(user)
    return {"claims": [{"claim": s, **_verdict(s, chunks)} for s in sentences(text)]}


# --- DeepEval ContextualRecallMetric (templates/generate_verdicts.txt, generate_reason.txt) ---


def deepeval_verdicts(prompt: str) -> dict[str, Any]:
    expected = prompt.split("Expected Output:\n", 1)[1].split("\n\nRetrieval Context:\n", 1)
    context = expected[1].rsplit("\n\nJSON:", 1)[0]
    verdicts = [
        {
            "verdict": "yes" if supported(s, context) else "no",
            "reason": "The 1st node in the retrieval context states it."
            if supported(s, context)
            else "Nothing in the retrieval context states it.",
        }
        for s in sentences(expected[0])
    ]
    return {"verdicts": verdicts}


def deepeval_reason(prompt: str) -> dict[str, Any]:
    score = prompt.split("Contextual Recall Score:\n", 1)[1].split("\n", 1)[0].strip()
    return {"reason": f"The score is {score} because the retrieval context covers those sentences."}


# --- Ragas LLMContextRecall (ContextRecallClassificationPrompt) --------------------------------


def ragas_classifications(prompt: str) -> dict[str, Any]:
    raw = prompt.rsplit(_RAGAS_INPUT, 1)[1].rsplit("\nOutput:", 1)[0]
    data = json.loads(raw)
    items = [
        {
            "statement": s,
            "reason": "Stated in the context." if supported(s, data["context"]) else "Not in it.",
            "attributed": int(supported(s, data["context"])),
        }
        for s in sentences(data["answer"])
    ]
    return {"classifications": items}


def answer(messages: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """(tool, JSON answer) for a request's messages, recognised by each tool's prompt."""
    text = "\n".join(_content(m) for m in messages)
    last = _content(messages[-1])
    if "<reference" in last and "<chunk id=" in last:
        return "ours", ours_judgement(last)
    if "<reference" in last:
        return "ours", ours_extraction(last)
    if "<chunk id=" in last or "\n\nClaims:\n" in last:
        return "ours", ours_attribution(last)
    if _RAGAS_INPUT in text:
        return "ragas", ragas_classifications(text)
    if "Contextual Recall Score:" in text:
        return "deepeval", deepeval_reason(text)
    if "Retrieval Context:" in text and "Expected Output:" in text:
        return "deepeval", deepeval_verdicts(text)
    return "unknown", {}


def _content(message: dict[str, Any]) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):  # content parts
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return str(content)


@dataclass
class Tally:
    # Requests answered (not 429), with their prompt characters and request bodies.
    requests: int = 0
    prompt_chars: int = 0
    body_bytes: int = 0
    in_flight: int = 0
    max_in_flight: int = 0
    # Requests refused with 429 by the `limited` shape.
    rate_limited: int = 0
    # Answered requests whose messages this tool had already been answered: wasted calls.
    repeated: int = 0
    # Of those, the ones sent while an earlier copy was still in flight (hedged requests).
    overlapping: int = 0
    # Requests whose client hung up before their answer (a hedge's other copy, cancelled).
    abandoned: int = 0
    # Service time imposed on the requests that were not repeats, and the longest one.
    service_s: float = 0.0
    max_service_s: float = 0.0
    # When this run's first request arrived and its last answer left (time.monotonic, the
    # machine's clock: the bench compares them with a tool's process start and exit).
    first_at: float | None = None
    last_at: float | None = None


class TokenBucket:
    """`per_minute` requests a minute, of which one second's worth may come at once."""

    def __init__(self, per_minute: float) -> None:
        self.rate = per_minute / 60
        self.capacity = max(1.0, self.rate)
        self.tokens = self.capacity
        self.at = time.monotonic()

    def take(self) -> float | None:
        """None when the request may go; otherwise the seconds until it could."""
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return None
        return (1 - self.tokens) / self.rate


@dataclass(frozen=True)
class ShapeOptions:
    shape: str = "fixed"
    latency: float = 0.1
    median: float = 1.2
    p99: float = 6.0
    rpm: float = 300.0
    seed: int = 0
    record: bool = False


# z such that P(Z <= z) = 0.99 for a standard normal Z.
Z99 = 2.3263


class Provider:
    """A provider's shape: how long each request takes, and whether it is refused."""

    def __init__(self, options: ShapeOptions) -> None:
        self.options = options
        self.bucket = TokenBucket(options.rpm) if options.shape == "limited" else None
        self.sigma = math.log(options.p99 / options.median) / Z99
        self.draws: dict[str, random.Random] = {}

    def refuse(self) -> float | None:
        """Seconds to wait when the request is over the rate limit, else None."""
        return self.bucket.take() if self.bucket is not None else None

    def service_time(self, tool: str) -> float:
        if self.options.shape != "lognormal":
            return self.options.latency
        # One sequence per tool, all from the same seed, so each tool meets the same latencies
        # in the same order (its first request the first draw).
        draw = self.draws.setdefault(tool, random.Random(self.options.seed))
        return draw.lognormvariate(math.log(self.options.median), self.sigma)


def create_app(options: ShapeOptions) -> Starlette:
    tallies: dict[str, Tally] = {}
    answered: dict[str, set[str]] = {}
    # Copies of each message in flight now.
    waiting: dict[str, int] = {}
    # The run's answered requests, with --record: (tool, last message).
    recorded: list[dict[str, str]] = []
    provider = Provider(options)

    async def completions(request: Request) -> JSONResponse:
        started = time.monotonic()
        body = await request.body()
        payload = json.loads(body)
        messages = payload.get("messages") or []
        tool, data = answer(messages)
        tally = tallies.setdefault(tool, Tally())
        wait = provider.refuse()
        if wait is not None:
            tally.rate_limited += 1
            return JSONResponse(
                {"error": {"message": "Rate limit reached", "type": "requests"}},
                429,
                headers={"Retry-After": str(math.ceil(wait))},
            )
        chars = sum(len(_content(m)) for m in messages)
        key = hashlib.sha256(json.dumps(messages, sort_keys=True).encode()).hexdigest()
        seen = answered.setdefault(tool, set())
        service = provider.service_time(tool)
        if key in seen:
            tally.repeated += 1
            tally.overlapping += waiting.get(key, 0) > 0
        else:
            seen.add(key)
            tally.service_s += service
            tally.max_service_s = max(tally.max_service_s, service)
        tally.requests += 1
        if options.record:
            recorded.append({"tool": tool, "user": _content(messages[-1]) if messages else ""})
        tally.prompt_chars += chars
        tally.body_bytes += len(body)
        tally.in_flight += 1
        tally.max_in_flight = max(tally.max_in_flight, tally.in_flight)
        tally.first_at = tally.first_at or started
        waiting[key] = waiting.get(key, 0) + 1
        try:
            # The service time, whatever the answer took to compute, unless the client hangs
            # up first (as a provider stops generating for a closed connection).
            served = await _serve(request, max(0.0, service - (time.monotonic() - started)))
        finally:
            tally.in_flight -= 1
            waiting[key] -= 1
        if not served:
            tally.abandoned += 1
            return JSONResponse({}, 499)
        tally.last_at = time.monotonic()
        content = json.dumps(data)
        status = 200 if tool != "unknown" else 400
        return JSONResponse(_completion(payload.get("model", "mock"), content, chars), status)

    async def stats(_: Request) -> JSONResponse:
        return JSONResponse({tool: asdict(t) for tool, t in tallies.items()})

    async def requests(_: Request) -> JSONResponse:
        return JSONResponse(recorded)

    async def forget(_: Request) -> JSONResponse:
        # A new run starts: its repeats are counted against itself, not against earlier runs.
        answered.clear()
        recorded.clear()
        provider.draws.clear()  # and meets the same latencies as every earlier run
        for tally in tallies.values():
            tally.first_at = tally.last_at = None
        return JSONResponse({})

    return Starlette(
        routes=[
            Route("/v1/chat/completions", completions, methods=["POST"]),
            Route("/stats", stats, methods=["GET"]),
            Route("/requests", requests, methods=["GET"]),
            Route("/forget", forget, methods=["POST"]),
        ]
    )


async def _serve(request: Request, seconds: float) -> bool:
    """Waits `seconds`; False when the client hung up first."""
    # Once the body is read, the next message the server gives is the client's disconnect.
    hung_up = asyncio.ensure_future(request.receive())
    done, _ = await asyncio.wait({hung_up}, timeout=seconds)
    if not done:
        hung_up.cancel()
    return not done


def _completion(model: str, content: str, prompt_chars: int) -> dict[str, Any]:
    return {
        "id": "chatcmpl-mock",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        # Roughly four characters a token, as for English text.
        "usage": {
            "prompt_tokens": prompt_chars // 4,
            "completion_tokens": len(content) // 4,
            "total_tokens": (prompt_chars + len(content)) // 4,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", choices=("fixed", "lognormal", "limited"), default="fixed")
    parser.add_argument("--latency", type=float, default=0.1, help="seconds per request")
    parser.add_argument("--median", type=float, default=1.2, help="lognormal: median seconds")
    parser.add_argument("--p99", type=float, default=6.0, help="lognormal: 99th percentile")
    parser.add_argument("--rpm", type=float, default=300.0, help="limited: requests a minute")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--record", action="store_true", help="keep the requests (/requests)")
    args = parser.parse_args()
    options = ShapeOptions(
        shape=args.shape,
        latency=args.latency,
        median=args.median,
        p99=args.p99,
        rpm=args.rpm,
        seed=args.seed,
        record=args.record,
    )
    # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on sockets whose protocol
    # says TCP, and without it a kept-alive connection's answer waits 40 ms for a delayed ACK.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    port = sock.getsockname()[1]
    # Listening before READY: connections wait in the backlog while uvicorn starts.
    sock.listen(1024)
    config = uvicorn.Config(
        create_app(options), log_level="warning", access_log=False, backlog=1024
    )
    print(f"READY http://127.0.0.1:{port}/v1", flush=True)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
