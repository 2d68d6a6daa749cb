"""A real HTTP server on 127.0.0.1 that plays a model provider (or any JSON endpoint) in tests.

Script it per test: queue canned replies (status, body, headers, delay), or give a responder
that computes a reply from the request. `GET /health` is answered by the server itself (as
llama.cpp's and vLLM's servers answer it while their model works), counted in `health_checks`
and never recorded as a request; set `health` to script it (a delay plays a hung server). Every request is recorded with when it arrived and the
status it got, and the server counts how many were in flight at once. A `Budget` makes it a
rate-limited provider: beyond it, 429 with Retry-After. `FaultInjector` wraps a responder so
that a share of requests fail the ways real providers fail.
"""

from __future__ import annotations

import json
import math
import random
import socket
import struct
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    # The client's port: equal ports mean the client reused one connection.
    client_port: int
    # When it arrived (time.monotonic) and the status it was answered with.
    at: float = 0.0
    status: int | None = None

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


@dataclass
class Canned:
    status: int = 200
    # A dict or list is sent as JSON; str or bytes as they are.
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    # Seconds the server waits before answering (to provoke client timeouts).
    delay: float = 0.0
    # Drop the connection without an answer (a TCP reset), as an overloaded proxy does.
    reset: bool = False
    # Seconds between two bytes of the body (a server that drips its answer); 0: all at once.
    drip: float = 0.0


Responder = Callable[[Recorded], Canned]


def one_request(_request: Recorded) -> int:
    return 1


def openai_tokens(request: Recorded) -> int:
    """What OpenAI counts against tokens per minute on arrival: the prompt and max_tokens."""
    body = request.json or {}
    prompt = sum(len(m.get("content") or "") for m in body.get("messages", []))
    return math.ceil(prompt / 4) + int(body.get("max_tokens") or 0)


@dataclass
class Budget:
    """At most `limit` units in any `window` seconds (a sliding window, the strictest kind).

    Refused requests count too, as OpenAI counts them, so retrying at once cannot work.
    """

    limit: int
    window: float
    cost: Callable[[Recorded], int] = one_request
    _spent: deque[tuple[float, int]] = field(default_factory=deque, init=False, repr=False)

    def refusal(self, request: Recorded) -> Canned | None:
        """None when the request fits; else the 429 to answer (caller holds the server lock)."""
        now, cost = request.at, self.cost(request)
        while self._spent and self._spent[0][0] <= now - self.window:
            self._spent.popleft()
        used = sum(units for _, units in self._spent)
        self._spent.append((now, cost))
        if used + cost <= self.limit:
            return None
        # Retry-After is whole seconds (RFC 9110): until the oldest unit leaves the window.
        wait = max(1, math.ceil(self._spent[0][0] + self.window - now))
        return Canned(429, {"error": "rate limit exceeded"}, headers={"Retry-After": str(wait)})


class _Listening(ThreadingHTTPServer):
    # A backlog as deep as a real server's (socketserver's is 5): connections opened at once
    # are not dropped and retried a second later, which a client's connect timeout would see.
    request_queue_size = 128


class FakeModelServer:
    def __init__(self, responder: Responder | None = None, *budgets: Budget) -> None:
        self.responder = responder
        self.budgets = budgets
        self.requests: list[Recorded] = []
        self.max_in_flight = 0
        self.health = Canned(200, {"status": "ok"})
        self.health_checks = 0
        self._queue: deque[Canned] = deque()
        self._in_flight = 0
        self._lock = threading.Lock()
        self._server = _Listening(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._server.block_on_close = False
        # A short poll interval keeps shutdown (and so each test's teardown) quick.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def enqueue(self, *replies: Canned) -> None:
        with self._lock:
            self._queue.extend(replies)

    def start(self) -> FakeModelServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeModelServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _next(self, request: Recorded) -> Canned:
        with self._lock:
            # Stamped under the lock, so budgets see arrivals in order.
            request.at = time.monotonic()
            self.requests.append(request)
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
            for budget in self.budgets:
                refusal = budget.refusal(request)
                if refusal is not None:
                    return refusal
            if self._queue:
                return self._queue.popleft()
        if self.responder is not None:
            return self.responder(request)
        return Canned(status=599, body={"error": "the test queued no reply for this request"})

    def _done(self) -> None:
        with self._lock:
            self._in_flight -= 1


def _handler_for(server: FakeModelServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as real providers do

        def do_POST(self) -> None:
            self._serve()

        def do_GET(self) -> None:
            self._serve()

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output quiet

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            request = Recorded(
                method=self.command,
                path=self.path,
                headers={k.lower(): v for k, v in self.headers.items()},
                body=self.rfile.read(length),
                client_port=self.client_address[1],
            )
            if request.method == "GET" and request.path == "/health":
                self._health()
                return
            try:
                canned = server._next(request)
                request.status = canned.status
                if canned.delay:
                    threading.Event().wait(canned.delay)
                if canned.reset:
                    self._reset()
                    return
                self._write(canned)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client gave up (e.g. its timeout)
            finally:
                server._done()

        def _health(self) -> None:
            with server._lock:
                server.health_checks += 1
                canned = server.health
            try:
                if canned.delay:
                    threading.Event().wait(canned.delay)
                self._write(canned)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def _reset(self) -> None:
            # SO_LINGER 0: closing sends RST instead of FIN, so the client sees a reset.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()

        def _write(self, canned: Canned) -> None:
            body = canned.body
            if isinstance(body, dict | list):
                payload, kind = json.dumps(body).encode(), "application/json"
            elif isinstance(body, str):
                payload, kind = body.encode(), "text/plain"
            else:
                payload, kind = body or b"", "application/octet-stream"
            self.send_response(canned.status)
            if "Content-Type" not in canned.headers:
                self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(payload)))
            for name, value in canned.headers.items():
                self.send_header(name, value)
            self.end_headers()
            if not canned.drip:
                self.wfile.write(payload)
                return
            for at in range(len(payload)):
                self.wfile.write(payload[at : at + 1])
                self.wfile.flush()
                threading.Event().wait(canned.drip)

    return Handler


FAULTS = ("429", "500", "503", "reset", "timeout", "html", "truncated", "wrong_count")


class FaultInjector:
    """A responder that answers like `inner`, except for a `rate` share of requests (drawn
    from a seeded random, so a run can be replayed), which get the FAULTS in turn: 429 with
    Retry-After, 500, 503, a connection reset, no answer within `timeout`, an HTML page with
    status 200, a reply whose JSON is cut off, or one with an item or verdict missing.
    `injected` counts what was sent."""

    def __init__(
        self, inner: Responder, *, rate: float = 0.2, seed: int = 0, timeout: float = 0.5
    ) -> None:
        self.inner = inner
        self.rate = rate
        self.timeout = timeout
        self.injected: Counter[str] = Counter()
        self._random = random.Random(seed)
        self._kinds = self._random.sample(FAULTS, len(FAULTS))
        self._lock = threading.Lock()

    def __call__(self, request: Recorded) -> Canned:
        with self._lock:
            faulty = self._random.random() < self.rate
            # Faults take turns (in a seeded order), so any eight of them show every kind.
            kind = self._kinds[sum(self.injected.values()) % len(FAULTS)]
            if faulty:
                self.injected[kind] += 1
        return self._fault(kind, request) if faulty else self.inner(request)

    def _fault(self, kind: str, request: Recorded) -> Canned:
        if kind in ("429", "500", "503"):
            headers = {"Retry-After": "0"} if kind == "429" else {}
            return Canned(status=int(kind), body={"error": {"message": kind}}, headers=headers)
        if kind == "reset":
            return Canned(reset=True)
        if kind == "timeout":
            return Canned(delay=self.timeout * 2, body={"error": "too late"})
        if kind == "html":
            return Canned(body="<html><body><h1>502 Bad Gateway</h1></body></html>")
        content = self.inner(request).body["choices"][0]["message"]["content"]
        if kind == "truncated":
            return openai_completion(content[: len(content) // 2], finish_reason="length")
        answer = json.loads(content)
        for key in ("verdicts", "items"):
            if answer.get(key):
                answer[key] = answer[key][:-1]
        if answer.get("claims"):
            # A judgement's last claim loses its verdict (a claim left out is no error).
            answer["claims"][-1] = {"claim": answer["claims"][-1]["claim"]}
        return openai_completion(answer)


def openai_completion(
    content: dict[str, Any] | str,
    *,
    prompt_tokens: int = 100,
    completion_tokens: int = 20,
    finish_reason: str = "stop",
) -> Canned:
    """A chat completion whose message is `content` (a dict is sent as its JSON text)."""
    text = content if isinstance(content, str) else json.dumps(content)
    return Canned(
        body={
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens},
        }
    )


def anthropic_message(
    tool_input: dict[str, Any],
    tool_name: str,
    *,
    input_tokens: int = 100,
    output_tokens: int = 20,
) -> Canned:
    """A Messages API reply that calls `tool_name` with `tool_input`."""
    return Canned(
        body={
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_1", "name": tool_name, "input": tool_input}
            ],
            "stop_reason": "tool_use",
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        }
    )
