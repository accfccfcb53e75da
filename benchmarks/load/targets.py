"""What one turn is over HTTP, for each system under load.

``AppTarget``: the app's REST API, as a host's agent loop uses it: append the user's
message, build the context, append the model's tool call with its result, build the context
again, append the final answer with the call's usage (a turn without a tool skips the
middle). ``PeerTarget``: the LangGraph peer (``benchmarks/load/peer_wsgi.py``, delivered
separately), one ``POST /turn`` per turn. Both are fed the same ``TurnScript``s.
"""

from __future__ import annotations

import importlib.util
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from benchmarks.load.client import Caller, TurnScript
from benchmarks.load.stack import LoadError, Stack

API = "/api/compaction"


@dataclass
class SessionState:
    index: int
    #: Unique across the runs of one stack (external id, peer thread).
    label: str = ""
    id: str = ""
    #: Every message an append acknowledged (2xx), in order: (role, content).
    acked: list[tuple[str, Any]] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    turns: int = 0
    last_context_tokens: int = 0


@dataclass(frozen=True)
class Timing:
    kind: str  # "append", "context", "turn"
    seconds: float


class Target(Protocol):
    name: str

    def base_url(self, stack: Stack) -> str: ...

    def headers(self, stack: Stack) -> dict[str, str]: ...

    def open_session(self, caller: Caller, state: SessionState, config: dict[str, Any]) -> None:
        """Create the session ``state`` stands for (its id)."""

    def turn(self, caller: Caller, state: SessionState, script: TurnScript) -> list[Timing]:
        """Run one turn; the timings of its requests (each with its retries)."""


def _timed(kind: str, timings: list[Timing], started: float) -> None:
    timings.append(Timing(kind, time.perf_counter() - started))


class AppTarget:
    name = "app"

    def base_url(self, stack: Stack) -> str:
        return stack.api_url

    def headers(self, stack: Stack) -> dict[str, str]:
        return {"Authorization": f"Token {stack.token}", "Accept": "application/json"}

    def open_session(self, caller: Caller, state: SessionState, config: dict[str, Any]) -> None:
        _, body = caller.call(
            "create",
            "POST",
            f"{API}/sessions/",
            {
                "external_id": f"load-{state.label}",
                "system_prompt": "You are a careful coding agent working in a repository.",
                "config": config,
            },
        )
        state.id = body["id"]

    def _append(
        self, caller: Caller, state: SessionState, messages: list[dict[str, Any]], **extra: Any
    ) -> None:
        caller.call("append", "POST", f"{API}/sessions/{state.id}/messages/",
                    {"messages": messages, **extra})  # fmt: skip
        state.acked.extend((m["role"], m["content"]) for m in messages)

    def _context(self, caller: Caller, state: SessionState) -> None:
        _, body = caller.call("context", "GET", f"{API}/sessions/{state.id}/context/")
        # The model call's input, as a real one would report it: the payload's size (so the
        # session's calibration stays near 1, as against a real model).
        state.last_context_tokens = int(body.get("estimated_tokens") or 0)

    def turn(self, caller: Caller, state: SessionState, script: TurnScript) -> list[Timing]:
        timings: list[Timing] = []
        started = time.perf_counter()
        self._append(caller, state, [{"role": "user", "content": script.user}])
        _timed("append", timings, started)
        started = time.perf_counter()
        self._context(caller, state)
        _timed("context", timings, started)
        if script.tool is not None:
            tool = script.tool
            started = time.perf_counter()
            self._append(
                caller,
                state,
                [
                    {
                        "role": "assistant",
                        "content": [
                            {"type": "text", "text": "Let me read the file."},
                            {"type": "tool_use", "id": tool.use_id, "name": tool.name,
                             "input": tool.input},
                        ],
                    },
                    {
                        "role": "user",
                        "content": [
                            {"type": "tool_result", "tool_use_id": tool.use_id,
                             "content": tool.output},
                        ],
                    },
                ],
            )  # fmt: skip
            _timed("append", timings, started)
            started = time.perf_counter()
            self._context(caller, state)
            _timed("context", timings, started)
        started = time.perf_counter()
        usage = {"input_tokens": script.input_tokens, "output_tokens": script.output_tokens}
        self._append(caller, state, [{"role": "assistant", "content": script.answer}], usage=usage)
        state.input_tokens += script.input_tokens
        state.output_tokens += script.output_tokens
        _timed("append", timings, started)
        return timings


def peer_available() -> None:
    """Raise unless the peer's WSGI app and setup are importable."""
    missing = [
        name
        for name in ("benchmarks.load.peer", "benchmarks.load.peer_wsgi")
        if importlib.util.find_spec(name) is None
    ]
    if missing:
        raise LoadError(f"peer not available: {', '.join(missing)} missing (the PEER branch)")


class PeerTarget:
    """The LangGraph peer: its own thread per session, one request per turn."""

    name = "peer"

    def base_url(self, stack: Stack) -> str:
        return stack.peer_url

    def headers(self, stack: Stack) -> dict[str, str]:
        return {"Accept": "application/json"}

    def open_session(self, caller: Caller, state: SessionState, config: dict[str, Any]) -> None:
        state.id = f"load-{state.label}"

    def turn(self, caller: Caller, state: SessionState, script: TurnScript) -> list[Timing]:
        timings: list[Timing] = []
        started = time.perf_counter()
        caller.call(
            "turn",
            "POST",
            "/turn",
            {
                "thread": state.id,
                "user": script.user,
                "tool_output": script.tool.output if script.tool else None,
                "answer": script.answer,
            },
            idempotent=False,
        )
        _timed("turn", timings, started)
        return timings


TARGETS: dict[str, type] = {"app": AppTarget, "peer": PeerTarget}
