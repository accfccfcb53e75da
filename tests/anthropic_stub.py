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
applies that version's rules: ``temperature``, ``top_p`` and ``top_k`` are rejected with 400
("Extra inputs are not permitted") even at their default values, as are ``document`` blocks in
assistant messages and non-empty ``citations`` on text blocks in user messages.

Note on authentication: the real API reads ``x-api-key``; the installed SDK 2.x sends its API
key as ``Authorization: Bearer <key>``. The stub accepts either and answers 401 when neither is
present (the real API also answers 401, not 400, for a missing key).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import socket
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

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

# Content block types the Messages API knows; anything else is a 400.
KNOWN_BLOCK_TYPES = frozenset(
    {
        "text",
        "image",
        "document",
        "search_result",
        "tool_use",
        "tool_result",
        "thinking",
        "redacted_thinking",
        "server_tool_use",
        "web_search_tool_result",
        "web_fetch_tool_result",
        "code_execution_tool_result",
        "bash_code_execution_tool_result",
        "text_editor_code_execution_tool_result",
        "mcp_tool_use",
        "mcp_tool_result",
        "container_upload",
    }
)
# Blocks only the model writes: they may appear in assistant messages only.
ASSISTANT_ONLY_TYPES = frozenset({"tool_use", "thinking", "redacted_thinking", "server_tool_use"})
USER_ONLY_TYPES = frozenset({"tool_result"})

# API versions the stub answers; SDK 2.x sends the latest. 2026-10-21 removed the sampling
# parameters (400 even at their default values) and tightened document/citation placement.
API_VERSIONS = ("2023-01-01", "2023-06-01", "2026-10-21")
LATEST_API_VERSION = "2026-10-21"
SAMPLING_PARAMETERS = ("temperature", "top_p", "top_k")


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


@dataclass
class StubRequest:
    """A request the stub received; ``headers`` keys are lower-cased, ``body`` is parsed JSON."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes = b""


class _InvalidRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class AnthropicStub:
    """A threaded HTTP server on 127.0.0.1 (ephemeral port) that imitates the Messages API.

    Use it as a context manager, or call :meth:`start` / :meth:`stop` (e.g. from a fixture).
    ``api_key``, when given, must match the key the client sends; otherwise any key is accepted.
    """

    def __init__(
        self,
        *,
        default_text: str = DEFAULT_SUMMARY,
        api_key: str | None = None,
        response_model: str | None = None,
    ) -> None:
        self.default_text = default_text
        self.api_key = api_key
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

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> Self:
        if self._server is not None:
            return self
        self._closing.clear()
        server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
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

    def clear(self) -> None:
        """Forget scripted responses and recorded requests."""
        with self._lock:
            self._queue.clear()
            self.requests.clear()

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

    def _track(self, conn: socket.socket, *, add: bool) -> None:
        with self._lock:
            if add:
                self._connections.add(conn)
            else:
                self._connections.discard(conn)


def _error_body(error_type: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": error_type, "message": message}}


def estimate_tokens(body: dict[str, Any]) -> int:
    """Roughly chars / 4 of the prompt (system, messages, tools), like a real tokenizer's order."""
    parts = [body.get("system"), body.get("messages"), body.get("tools")]
    chars = sum(len(json.dumps(p, ensure_ascii=False)) for p in parts if p is not None)
    return max(1, chars // 4)


# -- request validation ------------------------------------------------------------------------


def validate_messages_request(
    body: Any, *, api_version: str = LATEST_API_VERSION, count_tokens: bool = False
) -> None:
    """Raise ``_InvalidRequest`` when the Messages API would answer 400 to ``body``.

    ``api_version`` is the request's ``anthropic-version``: 2026-10-21 (what SDK 2.x sends)
    removed the sampling parameters and tightened document / citation placement.
    """
    if not isinstance(body, dict):
        raise _InvalidRequest("request body must be a JSON object")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise _InvalidRequest("model: Field required")
    if not count_tokens:
        max_tokens = body.get("max_tokens")
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
            raise _InvalidRequest("max_tokens: Field required (an integer)")
        if max_tokens < 1:
            raise _InvalidRequest("max_tokens: Input should be greater than or equal to 1")
    strict = api_version >= LATEST_API_VERSION
    if strict:
        for name in SAMPLING_PARAMETERS:
            if name in body:
                raise _InvalidRequest(f"{name}: Extra inputs are not permitted")
    temperature = body.get("temperature")
    if temperature is not None and (
        isinstance(temperature, bool)
        or not isinstance(temperature, int | float)
        or not 0 <= temperature <= 1
    ):
        raise _InvalidRequest("temperature: Input should be a number between 0 and 1")
    if "system" in body:
        _validate_system(body["system"])
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise _InvalidRequest("messages: at least one message is required")
    _validate_messages(messages, strict=strict)


def _validate_system(system: Any) -> None:
    if isinstance(system, str):
        return
    if not isinstance(system, list):
        raise _InvalidRequest("system: Input should be a valid string or a list of text blocks")
    for i, block in enumerate(system):
        if not isinstance(block, dict) or block.get("type") != "text":
            raise _InvalidRequest(f"system.{i}: Input tag should be 'text'")
        if not isinstance(block.get("text"), str) or not block["text"]:
            raise _InvalidRequest(f"system.{i}: text content blocks must be non-empty")


def _validate_messages(messages: list[Any], *, strict: bool) -> None:
    # Pass 1: the shape of every message and block, so that pass 2 may rely on it.
    contents: list[list[dict[str, Any]]] = []
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            raise _InvalidRequest(f"messages.{i}: Input should be a valid dictionary")
        role = message.get("role")
        if role not in ("user", "assistant"):
            raise _InvalidRequest(f"messages.{i}.role: Input should be 'user' or 'assistant'")
        if i == 0 and role != "user":
            raise _InvalidRequest('messages: first message must use the "user" role')
        blocks = _content_blocks(message.get("content"), f"messages.{i}.content")
        for j, block in enumerate(blocks):
            _validate_block(block, f"messages.{i}.content.{j}", role, strict=strict)
        contents.append(blocks)

    # Pass 2: tool_use / tool_result pairing across neighbouring messages.
    seen_tool_use_ids: set[str] = set()
    last = len(messages) - 1
    for i, blocks in enumerate(contents):
        # tool_result blocks answer the tool_use blocks of the assistant message right before.
        if any(b["type"] == "tool_result" for b in blocks):
            answered: set[str] = set()
            if i > 0 and messages[i - 1]["role"] == "assistant":
                answered = {b["id"] for b in contents[i - 1] if b["type"] == "tool_use"}
            for j, block in enumerate(blocks):
                if block["type"] == "tool_result" and block["tool_use_id"] not in answered:
                    raise _InvalidRequest(
                        f"messages.{i}.content.{j}: unexpected `tool_use_id` found in "
                        f"`tool_result` blocks: {block['tool_use_id']}. Each `tool_result` block "
                        "must have a corresponding `tool_use` block in the previous message."
                    )
            # The API wants the tool results first in the content, any text after them.
            first_other = next(
                (j for j, b in enumerate(blocks) if b["type"] != "tool_result"), len(blocks)
            )
            if any(b["type"] == "tool_result" for b in blocks[first_other:]):
                raise _InvalidRequest(
                    f"messages.{i}.content: `tool_result` blocks must come before any other "
                    "content in the message."
                )

        # Every tool_use must be answered in the next (user) message, unless it is the last.
        uses = [b["id"] for b in blocks if b["type"] == "tool_use"]
        for tool_use_id in uses:
            if tool_use_id in seen_tool_use_ids:
                raise _InvalidRequest(f"messages.{i}: `tool_use` ids must be unique: {tool_use_id}")
            seen_tool_use_ids.add(tool_use_id)
        if uses and i < last:
            returned: set[str] = set()
            if messages[i + 1]["role"] == "user":
                returned = {b["tool_use_id"] for b in contents[i + 1] if b["type"] == "tool_result"}
            missing = [tool_use_id for tool_use_id in uses if tool_use_id not in returned]
            if missing:
                raise _InvalidRequest(
                    f"messages.{i}: `tool_use` ids were found without `tool_result` blocks "
                    f"immediately after: {', '.join(missing)}. Each `tool_use` block must have a "
                    "corresponding `tool_result` block in the next message."
                )


def _content_blocks(content: Any, where: str) -> list[dict[str, Any]]:
    """The message content as a list of blocks (a plain string is one text block)."""
    if isinstance(content, str):
        if not content:
            raise _InvalidRequest(f"{where}: messages must have non-empty content")
        return [{"type": "text", "text": content}]
    if not isinstance(content, list) or not content:
        raise _InvalidRequest(f"{where}: messages must have non-empty content")
    for j, block in enumerate(content):
        if not isinstance(block, dict) or not isinstance(block.get("type"), str):
            raise _InvalidRequest(f"{where}.{j}: each content block must be an object with a type")
    return content


def _validate_block(block: dict[str, Any], where: str, role: str, *, strict: bool) -> None:
    kind = block["type"]
    if kind not in KNOWN_BLOCK_TYPES:
        raise _InvalidRequest(f"{where}.type: Input tag '{kind}' does not match any expected tag")
    if strict and kind == "document" and role == "assistant":
        raise _InvalidRequest(f"{where}: `document` blocks are not allowed in `assistant` messages")
    if strict and role == "user" and _has_citations(block):
        raise _InvalidRequest(
            f"{where}: `citations` are not allowed on `text` blocks in `user` messages"
        )
    if kind in ASSISTANT_ONLY_TYPES and role != "assistant":
        raise _InvalidRequest(f"{where}: `{kind}` blocks can only be in `assistant` messages")
    if kind in USER_ONLY_TYPES and role != "user":
        raise _InvalidRequest(f"{where}: `{kind}` blocks can only be in `user` messages")
    if kind == "text" and (not isinstance(block.get("text"), str) or not block["text"]):
        raise _InvalidRequest(f"{where}: text content blocks must be non-empty")
    if kind == "tool_use":
        if not isinstance(block.get("id"), str) or not block["id"]:
            raise _InvalidRequest(f"{where}.id: Field required")
        if not isinstance(block.get("name"), str) or not block["name"]:
            raise _InvalidRequest(f"{where}.name: Field required")
        if not isinstance(block.get("input"), dict):
            raise _InvalidRequest(f"{where}.input: Input should be a valid dictionary")
    if kind == "tool_result":
        if not isinstance(block.get("tool_use_id"), str) or not block["tool_use_id"]:
            raise _InvalidRequest(f"{where}.tool_use_id: Field required")
        inner = block.get("content")
        if inner is not None and not isinstance(inner, str):
            if not isinstance(inner, list):
                raise _InvalidRequest(f"{where}.content: Input should be a string or a list")
            for k, sub in enumerate(inner):
                if not isinstance(sub, dict) or sub.get("type") not in KNOWN_BLOCK_TYPES:
                    raise _InvalidRequest(f"{where}.content.{k}: unknown content block")
                if sub["type"] == "text" and not (isinstance(sub.get("text"), str) and sub["text"]):
                    raise _InvalidRequest(
                        f"{where}.content.{k}: text content blocks must be non-empty"
                    )


def _has_citations(block: dict[str, Any]) -> bool:
    """A text block with non-empty citations, directly or inside a search_result block."""
    if block.get("type") == "text":
        return bool(block.get("citations"))
    if block.get("type") == "search_result":
        return any(
            isinstance(sub, dict) and _has_citations(sub) for sub in block.get("content") or ()
        )
    return False


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

    def do_POST(self) -> None:
        raw = self._read_body()
        path = self.path.split("?", 1)[0]
        headers = {k.lower(): v for k, v in self.headers.items()}
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        self.stub._record(StubRequest("POST", path, headers, body, raw))

        if path not in ("/v1/messages", "/v1/messages/count_tokens"):
            self._send_json(404, _error_body("not_found_error", f"Not found: {path}"))
            return
        try:
            self._check_auth(headers)
            api_version = headers.get("anthropic-version", "")
            if not api_version:
                raise _InvalidRequest("anthropic-version: header is required")
            if api_version not in API_VERSIONS:
                raise _InvalidRequest(f"anthropic-version: invalid version {api_version!r}")
            if body is None and raw:
                raise _InvalidRequest("There was an error parsing the body: invalid JSON")
            validate_messages_request(
                body, api_version=api_version, count_tokens=path.endswith("/count_tokens")
            )
        except _InvalidRequest as exc:
            kind = "authentication_error" if exc.status == 401 else "invalid_request_error"
            self._send_json(exc.status, _error_body(kind, exc.message))
            return

        if path.endswith("/count_tokens"):
            self._send_json(200, {"input_tokens": estimate_tokens(body)})
            return

        response = self.stub._next_response()
        if response.delay > 0 and self.stub._closing.wait(response.delay):
            self.close_connection = True  # the stub is shutting down: drop the request
            return
        if response.body is not None:
            self._send_json(response.status, response.body, response.headers)
            return
        self._send_json(response.status, self._success(body, response), response.headers)

    def _success(self, request: dict[str, Any], response: StubResponse) -> dict[str, Any]:
        text = response.text if response.text is not None else self.stub.default_text
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
            "stop_reason": response.stop_reason,
            "stop_sequence": None,
            "usage": {
                "input_tokens": estimate_tokens(request),
                "output_tokens": output_tokens,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            },
        }

    def _check_auth(self, headers: dict[str, str]) -> None:
        key = headers.get("x-api-key")
        authorization = headers.get("authorization", "")
        if key is None and authorization.lower().startswith("bearer "):
            key = authorization[7:].strip()
        if not key:
            raise _InvalidRequest("x-api-key header is required", status=401)
        if self.stub.api_key is not None and key != self.stub.api_key:
            raise _InvalidRequest("invalid x-api-key", status=401)

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
