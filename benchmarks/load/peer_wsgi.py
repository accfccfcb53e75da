"""The peer (LangGraph + PostgresSaver + SummarizationMiddleware) as a plain WSGI app.

Serve it with gunicorn, from the repository's root::

    LOAD_PEER_DATABASE_URL=postgres://postgres@127.0.0.1:6432/peer \\
    LOAD_SUMMARIZER_DELAY=0.5 LOAD_PEER_TRIGGER_TOKENS=100000 LOAD_PEER_KEEP_TOKENS=20000 \\
    gunicorn -w 3 benchmarks.load.peer_wsgi:application

Create the checkpointer's tables first (``benchmarks.load.peer.peer_setup``). Settings are
read from the environment on the first request (``PeerSettings.from_env``); each worker
process opens its own connection pool then, after gunicorn has forked it.

- ``POST /turn`` with ``{"thread": str, "user": str, "tool_output": str | null,
  "answer": str}``: one ``agent.invoke`` on that thread. 200 ``{"messages": n}``, the
  messages in the thread's state after the turn; 400 naming the field on bad input (nothing
  is written); 500 with a one-line reason on any failure.
- ``GET /threads/<thread>``: 200 ``{"messages": n}`` (0 for a thread never seen).

No Django here: the driver runs the app and this peer side by side under the same load.
"""

from __future__ import annotations

import atexit
import json
import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from benchmarks.load.peer import (
    PeerSettings,
    Turn,
    build_agent,
    build_saver,
    current_turn,
    import_peer_packages,
    open_pool,
    turn_input,
)

import_peer_packages()

MAX_BODY_BYTES = 16 * 1024 * 1024
MAX_THREAD_CHARS = 255
FIELDS: dict[str, tuple[type, bool]] = {  # name: (type, may be null)
    "thread": (str, False),
    "user": (str, False),
    "tool_output": (str, True),
    "answer": (str, False),
}

StartResponse = Callable[..., Any]


class BadRequest(Exception):
    pass


class _Peer:
    """The agent of this worker process, built on its first request."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._agent: Any = None
        self._pool: Any = None

    def agent(self) -> Any:
        pid = os.getpid()
        if self._pid == pid:
            return self._agent
        with self._lock:
            if self._pid != pid:
                # Built after the fork, even when the app was preloaded in the master: a pool's
                # connections and threads cannot be shared with another process.
                settings = PeerSettings.from_env()
                pool = open_pool(settings)
                self._agent = build_agent(settings, build_saver(pool))
                self._pool = pool
                self._pid = pid
                atexit.register(pool.close)
        return self._agent


_peer = _Peer()


def application(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
    method = environ.get("REQUEST_METHOD", "GET")
    path = environ.get("PATH_INFO", "") or "/"
    try:
        if path == "/turn":
            if method != "POST":
                return _respond(start_response, 405, {"error": "use POST"}, allow="POST")
            return _turn(environ, start_response)
        if path.startswith("/threads/"):
            if method != "GET":
                return _respond(start_response, 405, {"error": "use GET"}, allow="GET")
            return _thread(path.removeprefix("/threads/"), start_response)
        return _respond(start_response, 404, {"error": f"no route {path}"})
    except BadRequest as exc:
        return _respond(start_response, 400, {"error": str(exc)})
    except Exception as exc:  # the driver counts these; the traceback goes to gunicorn's log
        traceback.print_exc(file=environ.get("wsgi.errors") or sys.stderr)
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        return _respond(start_response, 500, reason)


def _turn(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
    payload = _parse(environ)
    turn = Turn(user=payload["user"], answer=payload["answer"], tool_output=payload["tool_output"])
    agent = _peer.agent()
    token = current_turn.set(turn)
    try:
        out = agent.invoke(turn_input(turn), _config(payload["thread"]))
    finally:
        current_turn.reset(token)
    return _respond(start_response, 200, {"messages": len(out["messages"])})


def _thread(thread: str, start_response: StartResponse) -> Iterable[bytes]:
    # PATH_INFO comes percent-decoded (PEP 3333): the thread's id as the client quoted it.
    thread = _check_thread(thread)
    state = _peer.agent().get_state(_config(thread))
    return _respond(start_response, 200, {"messages": len(state.values.get("messages", []))})


def _config(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread}}


def _parse(environ: dict[str, Any]) -> dict[str, Any]:
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise BadRequest("body: bad Content-Length") from None
    if length <= 0:
        raise BadRequest("body: a JSON object is required")
    if length > MAX_BODY_BYTES:
        raise BadRequest(f"body: larger than {MAX_BODY_BYTES} bytes")
    raw = environ["wsgi.input"].read(length)
    try:
        payload = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        raise BadRequest("body: not valid JSON") from None
    if not isinstance(payload, dict):
        raise BadRequest("body: a JSON object is required")
    for name, (kind, nullable) in FIELDS.items():
        if name not in payload:
            if nullable:
                payload[name] = None
                continue
            raise BadRequest(f"{name}: required")
        value = payload[name]
        if value is None and nullable:
            continue
        if not isinstance(value, kind):
            expected = f"a string{' or null' if nullable else ''}"
            raise BadRequest(f"{name}: must be {expected}")
    _check_thread(payload["thread"])
    if not payload["user"]:
        raise BadRequest("user: must not be empty")
    if not payload["answer"]:
        raise BadRequest("answer: must not be empty")
    return payload


def _check_thread(thread: str) -> str:
    if not thread or len(thread) > MAX_THREAD_CHARS:
        raise BadRequest(f"thread: 1 to {MAX_THREAD_CHARS} characters")
    return thread


def _respond(
    start_response: StartResponse, status: int, body: Any, **headers: str
) -> Iterable[bytes]:
    reasons = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed"}
    if isinstance(body, str):
        data, content_type = body.encode(), "text/plain; charset=utf-8"
    else:
        data, content_type = json.dumps(body).encode(), "application/json"
    response_headers = [("Content-Type", content_type), ("Content-Length", str(len(data)))]
    response_headers += [(name.title(), value) for name, value in headers.items()]
    start_response(f"{status} {reasons.get(status, 'Internal Server Error')}", response_headers)
    return [data]
