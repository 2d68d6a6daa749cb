"""A real retriever endpoint on 127.0.0.1 for tests: records requests, plays a script.

    with RetrieverServer() as server:
        server.script(Reply(status=500), Reply(status=429, headers={"Retry-After": "0"}))
        ...  # POST to server.url: 500, then 429, then the default reply

Replies not scripted come from `default` (a function of the request body). `max_in_flight`
is the highest number of requests the server was handling at once.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    status: int = 200
    body: Any = None  # JSON-encoded unless it is already a str
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering (for timeouts and concurrency)


@dataclass(frozen=True)
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


def echo_hits(body: Any) -> Reply:
    """Default answer: top_k hits that name the question, as a retriever would."""
    return Reply(
        body={
            "results": [{"text": f"hit {i} for {body['question']}"} for i in range(body["top_k"])]
        }
    )


class RetrieverServer:
    def __init__(
        self,
        default: Callable[[Any], Reply] = echo_hits,
        *,
        responder: Callable[[Any, dict[str, str]], Reply] | None = None,
    ) -> None:
        # `responder` answers from the request's body and headers, instead of `default`.
        self.default = default
        self.responder = responder
        self.requests: list[Recorded] = []
        self.max_in_flight = 0
        self._in_flight = 0
        self._script: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        # A short poll interval so that shutdown() returns quickly at the end of each test.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/search"

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    def __enter__(self) -> RetrieverServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def _handle(self, path: str, headers: dict[str, str], raw: bytes) -> Reply:
        body = json.loads(raw) if raw else None
        with self._lock:
            self.requests.append(Recorded(path, headers, body))
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
            reply = self._script.popleft() if self._script else None
        try:
            if reply is None:
                reply = self.responder(body, headers) if self.responder else self.default(body)
            time.sleep(reply.delay)
            return reply
        finally:
            with self._lock:
                self._in_flight -= 1

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a real service would

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                reply = server._handle(
                    self.path, dict(self.headers.items()), self.rfile.read(length)
                )
                payload = reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
                data = payload.encode()
                try:
                    self.send_response(reply.status)
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    if "Content-Type" not in reply.headers:
                        self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output quiet

        return Handler
