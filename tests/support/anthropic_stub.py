"""A local, dependency-free stub of the Anthropic Messages API for tests.

The installed SDK (``anthropic`` 2.x) is built on ``httpx2``, so respx and pytest-httpx cannot
intercept it; a real HTTP server reached through ``base_url`` / ``ANTHROPIC_BASE_URL`` exercises
the SDK end to end instead (headers, retries, timeouts, error classes, ``_request_id``)::

    with AnthropicStub() as stub:
        stub.enqueue_error(529)           # first call: overloaded
        stub.enqueue_text("## Goal ...")  # second call: success
        client = anthropic.Anthropic(api_key="test", base_url=stub.url)
        ...
        assert stub.requests[0].body["model"] == "claude-haiku-4-5"

Scripted responses are served in order to ``POST /v1/messages``; when the queue is empty the
stub answers a success whose text is ``stub.default_text`` (a valid seven-section checkpoint).
``POST /v1/messages/count_tokens`` is answered too (never from the queue).

Like the real API, the stub rejects malformed requests *before* consuming a scripted response:
authentication (401) and the request rules of the Messages API (400 ``invalid_request_error``),
including the tool_use / tool_result pairing. That keeps tests honest: a request the real API
would reject cannot pass here.

API version: the stub checks ``anthropic-version``. With 2026-10-21 (what SDK 2.x sends) it
applies that version's rules (``tests.support.messages_api``, written apart from the app's
own content model): no sampling parameters; server tool results inside their assistant turn; a
``compaction`` block first in the conversation, alone, carrying a signature this stub issued
over the same content (``stub.compaction_block(text)`` issues one, like a compaction request
does); at most four ``cache_control`` markers. Errors carry the ``error_code`` the SDK maps to
its typed exceptions (``CompactionBlockMisplacedError``, ...).

Streaming: a request with ``"stream": true`` is answered as server-sent events
(``message_start``, one ``content_block_start`` / ``*_delta`` / ``content_block_stop`` per
block, ``message_delta``, ``message_stop``), the same answer the non-streaming call would get.

A context window can be set (``AnthropicStub(context_window=...)``): a prompt larger than it
(by ``estimate_tokens``) is refused as the real API refuses one, a 400 reading "prompt is
too long: N tokens > M maximum", before a scripted response is consumed.

Prompt caching is modelled as the API bills it (``tests.support.prompt_cache``, which also
documents the token count every figure here uses): every success's ``usage`` reports
``input_tokens``, ``cache_creation_input_tokens`` (split by TTL in ``cache_creation``) and
``cache_read_input_tokens`` from the entries earlier requests left: the exact prefix up to a
``cache_control`` marker (or the top-level ``cache_control``), the longest one found at a
marker or up to 20 blocks before it, the model's minimum cacheable length, entries living 5
minutes (or an hour) from their last use. Time is ``stub.clock`` (default ``time.monotonic``;
pass ``AnthropicStub(clock=ManualClock())``, ``ManualClock`` from that module, and
``stub.clock.advance(301)`` to let entries expire; ``stub.clock = ...`` swaps it).
``stub.cache`` is the cache (``stub.cache.live()`` lists its entries); ``stub.clear()`` keeps
it, as the provider would, ``stub.clear(cache=True)`` empties it. The same model, without a
server, is ``AnthropicPromptCache(clock).usage(body)``.

Note on authentication: the real API reads ``x-api-key``; the installed SDK 2.x sends its API
key as ``Authorization: Bearer <key>``. The stub accepts either and answers 401 when neither is
present (the real API also answers 401, not 400, for a missing key).
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import socket
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

from tests.support.messages_api import (
    API_VERSIONS,
    InvalidRequest,
    content_blocks,
    validate_messages_request,
)
from tests.support.prompt_cache import (
    AnthropicPromptCache,
    Clock,
    anthropic_blocks,
    prompt_tokens,
)

__all__ = ["DEFAULT_SUMMARY", "AnthropicStub", "StubRequest", "StubResponse"]

DEFAULT_SUMMARY = """## Goal
Add CSV export to the reporting service so that finance can download monthly invoices.

## Constraints & Preferences
- Python 3.12, Django 5.2; no new third-party dependencies.
- The user prefers small, reviewed commits and type hints everywhere.

## Progress
### Done
- Added `reports/exporters.py` with `InvoiceCsvExporter`; unit tests pass (14 passed).
### In Progress
- Wiring the exporter into `reports/views.py` behind the `reports.export_invoices` permission.

## Key Decisions
- Stream the CSV with `StreamingHttpResponse` because exports can exceed 50 MB.

## Conversation Dynamics
- The user corrected the date format once (ISO 8601, not US style) and approved the plan.

## Next Steps
- Add the URL route `/reports/invoices/export/` and a permission test.

## Critical Context
- Error seen earlier: `UnicodeEncodeError: 'latin-1' codec can't encode character`; fixed by
  writing UTF-8 with a BOM.
"""

# Status -> (error type, default message), as the real API words them.
ERROR_TYPES: dict[int, tuple[str, str]] = {
    400: ("invalid_request_error", "Invalid request."),
    401: ("authentication_error", "invalid x-api-key"),
    403: ("permission_error", "Your API key does not have permission to use this resource."),
    404: ("not_found_error", "Not found."),
    408: ("timeout_error", "Request timed out."),
    409: ("conflict_error", "Conflict."),
    413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
    422: ("invalid_request_error", "Unprocessable entity."),
    429: ("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
    500: ("api_error", "Internal server error"),
    503: ("api_error", "Service unavailable"),
    504: ("timeout_error", "Gateway timeout"),
    529: ("overloaded_error", "Overloaded"),
}


@dataclass
class StubResponse:
    """One scripted answer: ``status``, a JSON ``body`` (built when None) and extra ``headers``.

    ``delay`` seconds pass before the answer is written, to provoke client timeouts.
    """

    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    # For success answers built by the stub (body None).
    text: str | None = None
    stop_reason: str = "end_turn"
    model: str | None = None
    output_tokens: int | None = None
    #: Content blocks to answer instead of one text block (server tools, compaction, ...).
    blocks: list[dict[str, Any]] | None = None


@dataclass
class StubRequest:
    """A request the stub received; ``headers`` keys are lower-cased, ``body`` is parsed JSON."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes = b""


class AnthropicStub:
    """A threaded HTTP server on 127.0.0.1 (ephemeral port) that imitates the Messages API.

    Use it as a context manager, or call :meth:`start` / :meth:`stop` (e.g. from a fixture).
    ``api_key``, when given, must match the key the client sends; otherwise any key is accepted.
    """

    handler_class: type[BaseHTTPRequestHandler]
    cache_class: type[Any] = AnthropicPromptCache

    def __init__(
        self,
        *,
        default_text: str = DEFAULT_SUMMARY,
        api_key: str | None = None,
        response_model: str | None = None,
        context_window: int | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.default_text = default_text
        self.api_key = api_key
        #: Prompts over this many tokens (``estimate_tokens``) are refused as too long.
        self.context_window = context_window
        #: The ``model`` reported in successes; None echoes the requested model.
        self.response_model = response_model
        self.requests: list[StubRequest] = []
        self._queue: deque[StubResponse] = deque()
        self._lock = threading.Lock()
        self._message_ids = itertools.count(1)
        self._request_ids = itertools.count(1)
        self._closing = threading.Event()
        self._connections: set[socket.socket] = set()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        #: Signatures of the compaction blocks this server issued -> their content.
        self.signatures: dict[str, str] = {}
        #: The prompt cache every success's usage comes from.
        self.cache = self.cache_class(clock)

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> Self:
        if self._server is not None:
            return self
        self._closing.clear()
        server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler_class)
        server.daemon_threads = True
        server.stub = self  # type: ignore[attr-defined]
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is None:
            return
        # Wake handlers sleeping in a scripted delay, then stop accepting and drop keep-alive
        # connections so that no handler thread outlives the stub.
        self._closing.set()
        server.shutdown()
        server.server_close()
        with self._lock:
            connections = list(self._connections)
        for conn in connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        """The base URL to give the SDK (``base_url=`` or ``ANTHROPIC_BASE_URL``)."""
        if self._server is None:
            raise RuntimeError("AnthropicStub is not running; use it as a context manager")
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    # -- scripting -------------------------------------------------------------------------

    def enqueue(self, response: StubResponse) -> None:
        """Serve ``response`` to the next valid ``POST /v1/messages``."""
        with self._lock:
            self._queue.append(response)

    def enqueue_text(
        self,
        text: str,
        *,
        stop_reason: str = "end_turn",
        model: str | None = None,
        output_tokens: int | None = None,
        delay: float = 0.0,
    ) -> None:
        """A success whose content is one text block holding ``text``."""
        self.enqueue(
            StubResponse(
                text=text,
                stop_reason=stop_reason,
                model=model,
                output_tokens=output_tokens,
                delay=delay,
            )
        )

    def enqueue_message(
        self, blocks: list[dict[str, Any]], *, stop_reason: str = "end_turn"
    ) -> None:
        """A success whose content is ``blocks`` (server tool results, thinking, ...)."""
        self.enqueue(StubResponse(blocks=blocks, stop_reason=stop_reason))

    def compaction_block(self, content: str) -> dict[str, Any]:
        """A ``compaction`` block as the API returns it, signed by this server."""
        with self._lock:
            number = len(self.signatures) + 1
            signature = f"stubsig_{number:04d}_{hashlib.sha256(content.encode()).hexdigest()}"
            self.signatures[signature] = content
        return {
            "type": "compaction",
            "content": content,
            "signature": signature,
            "encrypted_content": f"stubenc_{number:04d}",
            "tool_changes": [],
        }

    def enqueue_error(
        self,
        status: int,
        error_type: str | None = None,
        message: str | None = None,
        *,
        retry_after: float | None = None,
        retry_after_ms: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        """An error answer in the real shape ``{"type": "error", "error": {...}}``.

        ``error_type`` and ``message`` default to what the real API sends for ``status``.
        429 always carries ``retry-after`` (default 1 s, like the API). The SDK prefers the
        non-standard ``retry-after-ms`` header when present, so pass ``retry_after_ms=10`` to
        keep a test that lets the SDK retry fast (``retry-after: 0`` falls back to the SDK's
        own ~0.5 s exponential backoff).
        """
        default_type, default_message = ERROR_TYPES.get(status, ("api_error", "Error"))
        extra = dict(headers or {})
        if status == 429 and retry_after is None:
            retry_after = 1
        if retry_after is not None:
            extra["retry-after"] = f"{retry_after:g}"
        if retry_after_ms is not None:
            extra["retry-after-ms"] = str(retry_after_ms)
        body = _error_body(error_type or default_type, message or default_message)
        self.enqueue(StubResponse(status=status, body=body, headers=extra))

    def enqueue_delay(self, seconds: float, then: StubResponse | None = None) -> None:
        """Wait ``seconds`` before answering (``then``, or the default success)."""
        response = then if then is not None else StubResponse()
        response.delay = seconds
        self.enqueue(response)

    def clear(self, *, cache: bool = False) -> None:
        """Forget scripted responses and recorded requests; with ``cache=True``, the prompt
        cache too (it is the provider's, so by default it outlives a test's bookkeeping)."""
        with self._lock:
            self._queue.clear()
            self.requests.clear()
            if cache:
                self.cache.clear()

    @property
    def clock(self) -> Clock:
        """The time the prompt cache's TTLs count in (seconds); settable."""
        return self.cache.clock  # type: ignore[no-any-return]

    @clock.setter
    def clock(self, clock: Clock) -> None:
        with self._lock:
            self.cache.clock = clock

    @property
    def pending(self) -> int:
        """How many scripted responses have not been served yet."""
        with self._lock:
            return len(self._queue)

    @property
    def message_requests(self) -> list[StubRequest]:
        """The recorded ``POST /v1/messages`` requests (count_tokens excluded)."""
        with self._lock:
            return [r for r in self.requests if r.path == "/v1/messages"]

    # -- internals used by the handler -----------------------------------------------------

    def _record(self, request: StubRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _next_response(self) -> StubResponse:
        with self._lock:
            return self._queue.popleft() if self._queue else StubResponse()

    def _next_message_id(self) -> str:
        with self._lock:
            return f"msg_stub_{next(self._message_ids):04d}"

    def _next_request_id(self) -> str:
        with self._lock:
            return f"req_stub_{next(self._request_ids)}"

    def _cache_usage(self, request: dict[str, Any]) -> dict[str, Any]:
        """The input side of the usage the API reports for ``request`` (the cache updated)."""
        with self._lock:
            return self.cache.usage(request).as_dict()  # type: ignore[no-any-return]

    def _track(self, conn: socket.socket, *, add: bool) -> None:
        with self._lock:
            if add:
                self._connections.add(conn)
            else:
                self._connections.discard(conn)


def estimate_tokens(body: dict[str, Any]) -> int:
    """The prompt's tokens (tools, system, messages): the sum of its blocks' counts, the rule
    ``tests.support.prompt_cache`` documents (roughly chars / 4, like a real tokenizer's order)."""
    return prompt_tokens(anthropic_blocks(body))


def _error_body(error_type: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": error_type, "message": message}}


def _check_compaction_request(body: dict[str, Any], headers: dict[str, str]) -> None:
    """What a ``compaction`` request needs besides a valid body."""
    betas = {b.strip() for b in headers.get("anthropic-beta", "").split(",")}
    if "compact-2026-09-04" not in betas:
        raise InvalidRequest("compaction: requires the compact-2026-09-04 beta")
    if not isinstance(body["compaction"], dict) or body["compaction"].get("type") != "summarize":
        raise InvalidRequest("compaction.type: Input should be 'summarize'")
    last = body["messages"][-1]
    blocks = content_blocks(last["content"], "messages")
    if last["role"] == "assistant" and any(b["type"] == "tool_use" for b in blocks):
        raise InvalidRequest(
            "messages: the conversation ends on an unfinished assistant turn",
            error_code="compaction_incomplete_turn",
        )


# -- HTTP --------------------------------------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDK's connection pool expects
    timeout = 30  # an idle keep-alive connection closes on its own
    server: ThreadingHTTPServer

    @property
    def stub(self) -> AnthropicStub:
        return self.server.stub  # type: ignore[attr-defined,no-any-return]

    def setup(self) -> None:
        super().setup()
        self.stub._track(self.connection, add=True)

    def finish(self) -> None:
        self.stub._track(self.connection, add=False)
        with contextlib.suppress(OSError):
            super().finish()

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the default stderr access log."""

    def do_GET(self) -> None:
        self._read_body()
        self._send_json(404, _error_body("not_found_error", f"Not found: {self.path}"))

    def _receive(self) -> StubRequest:
        """Read, parse and record the request (its body is None when it is not JSON)."""
        raw = self._read_body()
        headers = {k.lower(): v for k, v in self.headers.items()}
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = StubRequest("POST", self.path.split("?", 1)[0], headers, body, raw)
        self.stub._record(request)
        return request

    def do_POST(self) -> None:
        request = self._receive()
        path, headers, body, raw = request.path, request.headers, request.body, request.raw
        if path not in ("/v1/messages", "/v1/messages/count_tokens"):
            self._send_json(404, _error_body("not_found_error", f"Not found: {path}"))
            return
        try:
            self._check_auth(headers)
            api_version = headers.get("anthropic-version", "")
            if not api_version:
                raise InvalidRequest("anthropic-version: header is required")
            if api_version not in API_VERSIONS:
                raise InvalidRequest(f"anthropic-version: invalid version {api_version!r}")
            if body is None and raw:
                raise InvalidRequest("There was an error parsing the body: invalid JSON")
            validate_messages_request(
                body,
                api_version=api_version,
                count_tokens=path.endswith("/count_tokens"),
                signatures=self.stub.signatures,
            )
            if body.get("compaction") is not None and not path.endswith("/count_tokens"):
                _check_compaction_request(body, headers)
        except InvalidRequest as exc:
            kind = "authentication_error" if exc.status == 401 else "invalid_request_error"
            error = _error_body(kind, exc.message)
            if exc.error_code:
                error["error"]["details"] = {"error_code": exc.error_code}
            self._send_json(exc.status, error)
            return

        if path.endswith("/count_tokens"):
            self._send_json(200, {"input_tokens": estimate_tokens(body)})
            return
        window = self.stub.context_window
        if window is not None and (size := estimate_tokens(body)) > window:
            self._send_json(
                400,
                _error_body(
                    "invalid_request_error",
                    f"prompt is too long: {size} tokens > {window} maximum",
                ),
            )
            return

        response = self.stub._next_response()
        if response.delay > 0 and self.stub._closing.wait(response.delay):
            self.close_connection = True  # the stub is shutting down: drop the request
            return
        if response.body is not None:
            self._send_json(response.status, response.body, response.headers)
            return
        if body.get("stream"):
            self._send_events(self._success(body, response), response.headers)
            return
        self._send_json(response.status, self._success(body, response), response.headers)

    def _success(self, request: dict[str, Any], response: StubResponse) -> dict[str, Any]:
        text = response.text if response.text is not None else self.stub.default_text
        stop_reason = response.stop_reason
        if request.get("compaction") is not None:
            # A compaction request answers the signed block alone (content null: it failed).
            failed = {"type": "compaction", "content": None, "signature": None}
            content = [self.stub.compaction_block(text) if text else failed]
            stop_reason = "compaction"
        elif response.blocks is not None:
            content = response.blocks
            text = json.dumps(content)
        else:
            content = [{"type": "text", "text": text}] if text else []
        output_tokens = response.output_tokens
        if output_tokens is None:
            output_tokens = max(1, len(text) // 4) if text else 0
        return {
            "id": self.stub._next_message_id(),
            "type": "message",
            "role": "assistant",
            "model": response.model or self.stub.response_model or request["model"],
            "content": content,
            "stop_reason": stop_reason,
            "stop_sequence": None,
            "usage": {"output_tokens": output_tokens, **self.stub._cache_usage(request)},
        }

    def _send_events(self, message: dict[str, Any], headers: dict[str, str]) -> None:
        """``message`` as the stream of server-sent events the API sends for it."""
        events: list[dict[str, Any]] = [
            {
                "type": "message_start",
                "message": {
                    **message,
                    "content": [],
                    "stop_reason": None,
                    "usage": {**message["usage"], "output_tokens": 1},
                },
            }
        ]
        for index, block in enumerate(message["content"]):
            if block["type"] == "text":
                events.append(
                    {
                        "type": "content_block_start",
                        "index": index,
                        "content_block": {"type": "text", "text": ""},
                    }
                )
                text = block["text"]
                for start in range(0, len(text), 40):
                    events.append(
                        {
                            "type": "content_block_delta",
                            "index": index,
                            "delta": {"type": "text_delta", "text": text[start : start + 40]},
                        }
                    )
            elif block["type"] == "tool_use":
                events.append(
                    {
                        "type": "content_block_start",
                        "index": index,
                        "content_block": {**block, "input": {}},
                    }
                )
                events.append(
                    {
                        "type": "content_block_delta",
                        "index": index,
                        "delta": {
                            "type": "input_json_delta",
                            "partial_json": json.dumps(block["input"]),
                        },
                    }
                )
            else:
                events.append(
                    {"type": "content_block_start", "index": index, "content_block": block}
                )
            events.append({"type": "content_block_stop", "index": index})
        events.append(
            {
                "type": "message_delta",
                "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                # Cumulative, as the API sends it: the input side again with the output.
                "usage": {k: v for k, v in message["usage"].items() if k != "cache_creation"},
            }
        )
        events.append({"type": "message_stop"})
        data = "".join(
            f"event: {event['type']}\ndata: {json.dumps(event)}\n\n" for event in events
        ).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("request-id", self.stub._next_request_id())
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            self.close_connection = True

    def _check_auth(self, headers: dict[str, str]) -> None:
        key = headers.get("x-api-key")
        authorization = headers.get("authorization", "")
        if key is None and authorization.lower().startswith("bearer "):
            key = authorization[7:].strip()
        if not key:
            raise InvalidRequest("x-api-key header is required", status=401)
        if self.stub.api_key is not None and key != self.stub.api_key:
            raise InvalidRequest("invalid x-api-key", status=401)

    def _read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send_json(
        self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        request_id = self.stub._next_request_id()
        if body.get("type") == "error":
            body = {**body, "request_id": request_id}
        data = json.dumps(body).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("request-id", request_id)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            # The client gave up (a timeout test): nothing left to answer.
            self.close_connection = True


AnthropicStub.handler_class = _Handler
