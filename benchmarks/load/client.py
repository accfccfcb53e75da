"""HTTP as a real client does it, and what a conversation's turns contain.

``Http`` is one keep-alive connection per client thread (``http.client``: little CPU in the
driver). ``Caller.call`` retries a request on a connection error or a 5xx, with the same
``Idempotency-Key`` for a POST, until it gets an answer or its deadline passes; every
attempt is recorded (kind, start, end, status or error) so that failures can be counted by
kind and placed in a fault's window.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

#: How long a request is retried before the client gives up on its session.
RETRY_DEADLINE = 120.0


@dataclass(frozen=True)
class Attempt:
    kind: str  # "append", "context", "create", "turn" (the peer's)
    start: float
    end: float
    status: int  # 0: no answer
    error: str  # "" when answered; else the connection error's class


@dataclass(frozen=True)
class Tool:
    use_id: str
    name: str
    input: dict[str, Any]
    output: str


@dataclass(frozen=True)
class TurnScript:
    """One turn: the user's message, maybe a tool call and its output, the final answer."""

    user: str
    tool: Tool | None
    answer: str
    input_tokens: int
    output_tokens: int


_PROSE = (
    "the function returns a list of rows from the query and the test checks their order "
    "while the migration adds an index on the session column so that the planner can use it "
    "when the cursor pages through messages by seq and the serializer renders each one"
)
WORDS = tuple(_PROSE.split(" "))


def _text(rng: random.Random, size: int) -> str:
    out: list[str] = []
    length = 0
    while length < size:
        word = rng.choice(WORDS)
        out.append(word)
        length += len(word) + 1
    return " ".join(out)[:size]


def turn_script(session_index: int, turn: int, seed: int) -> TurnScript:
    """The same turn for the same (session, turn, seed) in every target: the app and the
    peer get identical conversations. Three turns in four call a tool (1-8 KB of output)."""
    rng = random.Random(f"{seed}/{session_index}/{turn}")
    user = f"Turn {turn}: " + _text(rng, rng.randint(300, 1500))
    tool = None
    if rng.random() < 0.75:
        path = f"src/module_{rng.randint(1, 40)}.py"
        lines = []
        size = rng.randint(1024, 8192)
        number = 1
        while sum(len(line) + 1 for line in lines) < size:
            lines.append(f"{number:4d}  {_text(rng, rng.randint(20, 90))}")
            number += 1
        tool = Tool(
            use_id=f"toolu_{session_index:04d}_{turn:05d}",
            name="read_file",
            input={"path": path},
            output="\n".join(lines)[:size],
        )
    answer = _text(rng, rng.randint(200, 1200))
    return TurnScript(
        user=user,
        tool=tool,
        answer=answer,
        input_tokens=rng.randint(2_000, 30_000),
        output_tokens=rng.randint(50, 600),
    )


class GaveUp(Exception):
    """A request kept failing until its deadline, or answered a 4xx: the session stops."""


class Http:
    """One keep-alive connection, reopened after a close or an error."""

    def __init__(self, base_url: str, headers: dict[str, str]) -> None:
        host_port = base_url.split("://", 1)[1].rstrip("/")
        self.host, port = host_port.split(":")
        self.port = int(port)
        self.headers = headers
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=90)
        try:
            self.conn.request(method, path, body=body, headers={**self.headers, **headers})
            response = self.conn.getresponse()
            data = response.read()
            if response.will_close:
                self.close()
            return response.status, data
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


@dataclass
class Caller:
    """A client thread's requests: retried, recorded."""

    http: Http
    attempts: list[Attempt] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def call(
        self, kind: str, method: str, path: str, payload: Any = None, *, idempotent: bool = True
    ) -> tuple[int, Any]:
        """``(status, body)`` of the first answer that is neither a 5xx nor a
        connection error; a POST keeps one ``Idempotency-Key`` across its retries."""
        body = None if payload is None else json.dumps(payload).encode()
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if method == "POST" and idempotent:
            headers["Idempotency-Key"] = str(uuid.uuid4())
        deadline = time.time() + RETRY_DEADLINE
        delay = 0.1
        while True:
            start = time.time()
            try:
                status, data = self.http.request(method, path, body, headers)
            except (OSError, http.client.HTTPException) as exc:
                self.attempts.append(Attempt(kind, start, time.time(), 0, type(exc).__name__))
                status, data = 0, b""
            else:
                self.attempts.append(Attempt(kind, start, time.time(), status, ""))
                if status < 500 and status != 429:
                    if status >= 400:
                        raise GaveUp(f"{method} {path}: {status} {data[:300]!r}")
                    return status, json.loads(data) if data else None
            if time.time() + delay > deadline:
                raise GaveUp(f"{method} {path}: still failing after {RETRY_DEADLINE:.0f} s")
            time.sleep(delay)
            delay = min(delay * 2, 2.0)
