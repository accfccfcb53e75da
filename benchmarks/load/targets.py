"""What one turn is over HTTP, for each system under load.

``AppTarget``: the app's REST API, as a host's agent loop uses it: append the user's
message and get the context, append the model's tool call with its result and get the
context again, append the final answer with the call's usage (a turn without a tool skips
the middle); three requests (``?context=1``) or five. ``PeerTarget``: the LangGraph peer
(``benchmarks/load/peer_wsgi.py``), one ``POST /turn`` per turn. Both are fed the same
``TurnScript``s.
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
    #: Its sessions are the app's: compactions sampled and drained, integrity checked.
    stores_sessions: bool

    def base_url(self, stack: Stack) -> str: ...

    def headers(self, stack: Stack) -> dict[str, str]: ...

    def open_session(self, caller: Caller, state: SessionState, config: dict[str, Any]) -> None:
        """Create the session ``state`` stands for (its id)."""

    def turn(self, caller: Caller, state: SessionState, script: TurnScript) -> list[Timing]:
        """Run one turn; the timings of its requests (each with its retries)."""


def _timed(kind: str, timings: list[Timing], started: float) -> None:
    timings.append(Timing(kind, time.perf_counter() - started))


class AppTarget:
    """The REST turn. ``context_in_append``: the appends that precede a model call ask for
    the payload in their answer (``POST messages/?context=1``), two requests fewer a turn
    with a tool; off, a ``GET context/`` follows them, as before that option existed."""

    name = "app"
    stores_sessions = True

    def __init__(self, *, context_in_append: bool = True) -> None:
        self.context_in_append = context_in_append

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
        self,
        caller: Caller,
        state: SessionState,
        messages: list[dict[str, Any]],
        timings: list[Timing],
        *,
        then_model: bool = False,
        **extra: Any,
    ) -> None:
        """Append ``messages``; ``then_model``: a model call follows, which needs the
        context payload (in the append's answer, or from a ``GET context/``)."""
        inline = then_model and self.context_in_append
        kind = "append+context" if inline else "append"
        path = f"{API}/sessions/{state.id}/messages/" + ("?context=1" if inline else "")
        started = time.perf_counter()
        _, body = caller.call(kind, "POST", path, {"messages": messages, **extra})
        _timed(kind, timings, started)
        state.acked.extend((m["role"], m["content"]) for m in messages)
        if inline and isinstance(body, dict) and isinstance(body.get("context"), dict):
            self._remember(state, body["context"])
        elif then_model:
            started = time.perf_counter()
            _, context = caller.call("context", "GET", f"{API}/sessions/{state.id}/context/")
            _timed("context", timings, started)
            self._remember(state, context)

    @staticmethod
    def _remember(state: SessionState, context: dict[str, Any]) -> None:
        # The model call's input, as a real one would report it: the payload's size (so the
        # session's calibration stays near 1, as against a real model).
        state.last_context_tokens = int(context.get("estimated_tokens") or 0)

    def turn(self, caller: Caller, state: SessionState, script: TurnScript) -> list[Timing]:
        timings: list[Timing] = []
        self._append(
            caller, state, [{"role": "user", "content": script.user}], timings, then_model=True
        )
        if script.tool is not None:
            tool = script.tool
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
                timings,
                then_model=True,
            )  # fmt: skip
        # The model call's input as a real one reports it: the payload it was sent (random
        # figures would pull the session's calibration far from 1).
        usage = {"input_tokens": state.last_context_tokens, "output_tokens": script.output_tokens}
        self._append(
            caller, state, [{"role": "assistant", "content": script.answer}], timings, usage=usage
        )
        state.input_tokens += state.last_context_tokens
        state.output_tokens += script.output_tokens
        return timings


class HostTarget(AppTarget):
    """The app called by a host's backend: one ``POST /load/turn/<session>/`` per turn,
    whose view (``benchmarks.load.host``) appends and builds the context through the
    services, as the peer's one request a turn runs its agent. Sessions are created over
    the REST API, as for ``AppTarget``."""

    name = "host"

    def base_url(self, stack: Stack) -> str:
        return stack.api_url

    def turn(self, caller: Caller, state: SessionState, script: TurnScript) -> list[Timing]:
        tool = script.tool
        started = time.perf_counter()
        _, body = caller.call(
            "turn",
            "POST",
            f"/load/turn/{state.id}/",
            {
                "user": script.user,
                "tool": None
                if tool is None
                else {"id": tool.use_id, "name": tool.name, "input": tool.input,
                      "output": tool.output},
                "answer": script.answer,
                "output_tokens": script.output_tokens,
            },
        )  # fmt: skip
        timings = [Timing("turn", time.perf_counter() - started)]
        state.acked.append(("user", script.user))
        if tool is not None:
            state.acked.append(
                ("assistant", [
                    {"type": "text", "text": "Let me read the file."},
                    {"type": "tool_use", "id": tool.use_id, "name": tool.name,
                     "input": tool.input},
                ])
            )  # fmt: skip
            state.acked.append(
                ("user", [{"type": "tool_result", "tool_use_id": tool.use_id,
                           "content": tool.output}])
            )  # fmt: skip
        state.acked.append(("assistant", script.answer))
        # Totals as stored: a retried turn replays its answer with the first attempt's usage.
        state.input_tokens = body["total_input_tokens"]
        state.output_tokens += script.output_tokens
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
    stores_sessions = False

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


TARGETS: dict[str, type] = {"app": AppTarget, "host": HostTarget, "peer": PeerTarget}
