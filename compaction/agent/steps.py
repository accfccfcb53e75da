"""One agent turn as a plan of steps, run the same way by the sync and the async drivers.

The plan (``turn_plan``) is a generator: it yields what it needs done (a service call, a
model call, an event for a streaming caller) and gets the outcome sent back, or the
exception thrown in. It holds the rules of a turn once:

1. append the user message;
2. the memory flush turn, when due (``selectors.session_memory_flush_due``): the flush
   payload sent with the host's tools, tool calls answered by the host's handlers, the
   outcome recorded; nothing of it is stored in the history;
3. compaction when due (``engine.timing``): started beside the conversation
   ("background", "async"), in line ("sync", or when the payload would not fit the window;
   a ``compaction`` status event before and after), or waited for ("off" never compacts);
4. the model call with the payload (its ``cache_control`` prefix marked);
5. on a context overflow (HTTP 400 "prompt is too long"), ``session_overflow_recover``
   once, then the same call again with the payload it answers;
6. the answer appended with its usage (cache tokens included);
7. with tool handlers, tool calls answered and appended, then back to 2.

The drivers (``compaction.agent.sync``, ``compaction.agent.aio``) decide only how a step
runs: directly, or off the event loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from compaction import selectors, services
from compaction.conf import app_settings
from compaction.engine import timing as when
from compaction.engine.memory import flush_outcome
from compaction.integrations import require
from compaction.models import ChatSession, CompactionRun, MemoryFlush, Message
from compaction.services.compaction.due import DueOutcome
from compaction.services.overflow import MAX_ERROR_CHARS, OverflowRecovery

anthropic = require("anthropic", extra="anthropic", feature="compaction.agent")

logger = logging.getLogger(__name__)

#: Model calls one flush turn may make (each tool round is one).
MAX_FLUSH_ROUNDS = 4
#: Output a flush turn may use: memory tool calls and SILENT, never a long answer (and the
#: SDK refuses a non-streaming call with a very large max_tokens).
FLUSH_MAX_TOKENS = 4096
#: ``compaction_when_due`` outcomes whose run this turn started (a result's ``compactions``).
STARTED_HERE = ("inline", "queued", "background")
#: Parameters the turn sets itself: a host passing them would be overridden silently.
RESERVED_KWARGS = frozenset({"system", "messages", "stream", "model", "max_tokens"})


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class CompactionStatus:
    """A streaming turn's compaction event: ``background`` (AUTO_COMPACT "background": it
    started on the in-process pool and the turn goes on), ``queued`` ("async"),
    ``queue_unavailable`` (no worker queue to take it), ``in_progress`` (another run holds
    the session); when the turn must wait, ``running`` before the summarizer is called, then
    the run's final status (``succeeded``, ``fell_back``, ``failed``, ``skipped``,
    ``expired``), or ``waiting`` then ``waited`` for a run started elsewhere; ``overflow``
    after a context overflow was recovered."""

    status: str
    run: CompactionRun | None = None
    detail: str = ""
    type: str = "compaction"


@dataclass(frozen=True)
class MemoryFlushStatus:
    """The flush turn ran (``outcome``: silent, saved, spoke) or failed (``error``)."""

    outcome: str
    flush: MemoryFlush | None = None
    error: str = ""
    type: str = "memory_flush"


@dataclass(frozen=True)
class TurnResult:
    """What a turn did."""

    #: The model's last answer (``anthropic.types.Message``).
    message: Any
    #: The rows this turn appended, oldest first: the user message, each answer, each
    #: tool-result message.
    messages: tuple[Message, ...]
    session: ChatSession
    compactions: tuple[CompactionRun, ...] = ()
    memory_flush: MemoryFlush | None = None
    overflow: OverflowRecovery | None = None
    #: The turn ended on ``max_tool_rounds`` with tool results stored and the model not yet
    #: called on them: call ``run_turn(user_message=None, ...)`` to go on.
    tool_rounds_exhausted: bool = False

    @property
    def stop_reason(self) -> str | None:
        """Why the last answer ended (``end_turn``, ``tool_use``, ``max_tokens``, ...)."""
        return getattr(self.message, "stop_reason", None)

    @property
    def text(self) -> str:
        """The text blocks of the last answer, joined."""
        return "".join(
            block.text for block in self.message.content if getattr(block, "type", "") == "text"
        )


@dataclass(frozen=True)
class TurnComplete:
    """A streaming turn's last event."""

    result: TurnResult
    type: str = "turn_complete"


# ----------------------------------------------------------------------------- steps


@dataclass(frozen=True)
class Call:
    """Run ``function(**kwargs)`` (a service or selector). ``slow``: it may call an LLM, so
    an async driver runs it outside its database thread."""

    function: Callable[..., Any]
    kwargs: dict[str, Any] = field(default_factory=dict)
    slow: bool = False


@dataclass(frozen=True)
class ModelCall:
    """``client.messages.create(**kwargs)``; ``stream``: stream it, forwarding its events."""

    kwargs: dict[str, Any]
    stream: bool = False


@dataclass(frozen=True)
class RunTool:
    """Answer one tool call with the host's handler; the outcome is a ``tool_result`` block."""

    handler: Callable[..., Any] | None
    block: Any


@dataclass(frozen=True)
class Emit:
    """An event for a streaming caller."""

    event: Any


Step = Call | ModelCall | RunTool | Emit


def is_context_overflow(error: BaseException) -> bool:
    """The Messages API refused the prompt as longer than the model's window."""
    if not isinstance(error, anthropic.BadRequestError):
        return False
    text = str(getattr(error, "message", "") or error).lower()
    return (
        "prompt is too long" in text
        or ("too long" in text and "maximum" in text)
        or "exceed context limit" in text
    )


def user_message(value: Any) -> dict[str, Any] | None:
    """The user's message: text, content blocks, or a whole ``{"role": "user", ...}``; None
    continues the conversation as it stands (after tool results the host appended)."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return dict(value)
    return {"role": "user", "content": value}


def check_kwargs(create_kwargs: Mapping[str, Any]) -> None:
    clash = sorted(RESERVED_KWARGS & set(create_kwargs))
    if clash:
        raise TypeError(
            f"run_turn sets {', '.join(clash)} itself: the system prompt and messages come "
            "from the session; pass model and max_tokens as run_turn's own arguments."
        )


def _request(
    payload: Any, *, model: str, max_tokens: int, create_kwargs: Mapping[str, Any]
) -> dict[str, Any]:
    request = {"model": model, "max_tokens": max_tokens, "messages": payload.messages}
    if payload.system:
        request["system"] = payload.system
    return {**request, **create_kwargs}


def _tool_uses(message: Any) -> list[Any]:
    return [block for block in message.content if getattr(block, "type", "") == "tool_use"]


def _blocks(message: Any) -> list[dict[str, Any]]:
    """The answer's blocks as stored; blank text blocks (which the API would refuse back) are
    left out."""
    blocks = [block.model_dump(mode="json", exclude_none=True) for block in message.content]
    return [b for b in blocks if not (b.get("type") == "text" and not str(b.get("text")).strip())]


def _usage_counts(usage: Any) -> dict[str, int]:
    return {
        name: getattr(usage, name, 0) or 0
        for name in (
            "input_tokens",
            "output_tokens",
            "cache_creation_input_tokens",
            "cache_read_input_tokens",
        )
    }


def flush_plan(
    *,
    session: ChatSession,
    model: str,
    max_tokens: int,
    create_kwargs: Mapping[str, Any],
    tool_handlers: Mapping[str, Callable[..., Any]],
) -> Generator[Step, Any, MemoryFlushStatus]:
    """The flush turn: sent, its tool calls answered, its outcome recorded; never stored."""
    payload = yield Call(
        selectors.session_context_build, {"session": session, "memory_flush": True}
    )
    messages = list(payload.messages)
    saved = False
    usage = dict.fromkeys(_usage_counts(None), 0)
    reply = ""
    flush_tokens = min(max_tokens, FLUSH_MAX_TOKENS)
    for _ in range(MAX_FLUSH_ROUNDS):
        request = _request(
            payload, model=model, max_tokens=flush_tokens, create_kwargs=create_kwargs
        )
        answer = yield ModelCall({**request, "messages": messages})
        for name, count in _usage_counts(answer.usage).items():
            usage[name] += count
        reply = "".join(
            block.text for block in answer.content if getattr(block, "type", "") == "text"
        )
        calls = _tool_uses(answer)
        if answer.stop_reason != "tool_use" or not calls:
            break
        results = []
        for block in calls:
            result = yield RunTool(tool_handlers.get(block.name), block)
            saved = saved or not result.get("is_error")
            results.append(result)
        messages = [
            *messages,
            {"role": "assistant", "content": _blocks(answer)},
            {"role": "user", "content": results},
        ]
    outcome = flush_outcome(reply=reply, saved=saved)
    flush = yield Call(
        services.memory_flush_record,
        {
            "session_id": session.pk,
            "outcome": outcome,
            "response_text": reply[: app_settings.MAX_MESSAGE_CHARS] if outcome == "spoke" else "",
            "cycle": payload.checkpoint_version,
            **usage,
        },
    )
    return MemoryFlushStatus(outcome=outcome, flush=flush)


def compact_when_due(session: ChatSession) -> Generator[Step, Any, DueOutcome | None]:
    """Compaction as ``engine.timing`` says: started beside the conversation (the turn goes
    on), run in line, or waited for when the payload would not fit the window."""
    timing = selectors.session_compaction_timing(session=session)
    if timing.action == when.NONE:
        return None
    if timing.blocks:
        yield Emit(CompactionStatus("running" if timing.action == when.INLINE else "waiting"))
    outcome = yield Call(
        services.compaction_when_due, {"session": session, "timing": timing}, slow=timing.blocks
    )
    run = outcome.run
    if outcome.action == "inline":
        yield Emit(CompactionStatus(run.status, run, run.reason or run.error))
    else:
        yield Emit(CompactionStatus(outcome.action, run, outcome.detail))
    return outcome


def recover_plan(
    session: ChatSession, error: BaseException, estimated_tokens: int | None
) -> Generator[Step, Any, OverflowRecovery]:
    """``session_overflow_recover`` after the API refused a prompt as too long."""
    recovery = yield Call(
        services.session_overflow_recover,
        {
            "session_id": session.pk,
            "error_message": str(getattr(error, "message", error))[:MAX_ERROR_CHARS],
            "estimated_tokens": estimated_tokens,
        },
        slow=True,
    )
    yield Emit(
        CompactionStatus(
            "overflow",
            recovery.runs[-1] if recovery.runs else None,
            ", ".join(step["action"] for step in recovery.steps),
        )
    )
    return recovery


def turn_plan(
    *,
    session_id: UUID | str,
    model: str,
    max_tokens: int,
    user_message: Any,
    create_kwargs: Mapping[str, Any],
    tool_handlers: Mapping[str, Callable[..., Any]] | None = None,
    max_tool_rounds: int = 10,
    memory_flush: bool = True,
    stream: bool = False,
) -> Generator[Step, Any, TurnResult]:
    """The whole turn (see the module's docstring); returns what it did."""
    check_kwargs(create_kwargs)
    handlers = dict(tool_handlers or {})
    rows: list[Message] = []
    if user_message is None:
        session = yield Call(selectors.session_get, {"session_id": session_id})
    else:
        appended = yield Call(
            services.message_append,
            {
                "session_id": session_id,
                "messages": [user_message],
                "batch": False,
                "auto_compact": False,
            },
        )
        rows.extend(appended.messages)
        session = appended.session
    reserve = app_settings.for_session(session).RESERVE_TOKENS
    if max_tokens > reserve:
        # The payload is fitted to CONTEXT_WINDOW - RESERVE_TOKENS: the answer must fit the rest.
        logger.warning(
            "run_turn: max_tokens %s is above RESERVE_TOKENS %s for session %s; a full "
            "context may leave the answer no room (the API then refuses the call).",
            max_tokens,
            reserve,
            session.pk,
        )
    compactions: list[CompactionRun] = []
    flush_record: MemoryFlush | None = None
    recovery: OverflowRecovery | None = None
    answer = None
    # A flush turn needs the host's memory tool, and is tried once a turn at most.
    flush_pending = memory_flush and bool(handlers)
    exhausted = False
    rounds = max(1, max_tool_rounds)
    for round_number in range(1, rounds + 1):
        if flush_pending and selectors.session_memory_flush_due(session=session):
            flush_pending = False
            try:
                status = yield from flush_plan(
                    session=session,
                    model=model,
                    max_tokens=max_tokens,
                    create_kwargs=create_kwargs,
                    tool_handlers=handlers,
                )
            except Exception as exc:
                # The host's turn matters more than its memory: go on, flush next turn (a
                # checkpoint written meanwhile, or a worker's flush, closed this cycle).
                logger.warning("Memory flush turn of session %s failed: %s", session.pk, exc)
                status = MemoryFlushStatus(outcome="failed", error=str(exc))
                if recovery is None and is_context_overflow(exc):
                    # The turn's own call would be refused too: recover first.
                    recovery = yield from recover_plan(session, exc, None)
                    compactions.extend(recovery.runs)
                    session = yield Call(ChatSession.objects.get, {"pk": session.pk})
            flush_record = status.flush or flush_record
            yield Emit(status)
        due = yield from compact_when_due(session)
        if (
            due is not None
            and due.run is not None
            and due.action in ("inline", "queued", "background")
        ):
            compactions.append(due.run)
        if due is not None and due.action in ("inline", "waited"):
            session = yield Call(ChatSession.objects.get, {"pk": session.pk})
        payload = yield Call(selectors.session_context_build, {"session": session})
        request = _request(payload, model=model, max_tokens=max_tokens, create_kwargs=create_kwargs)
        try:
            answer = yield ModelCall(request, stream=stream)
        except anthropic.BadRequestError as exc:
            if recovery is not None or not is_context_overflow(exc):
                raise
            recovery = yield from recover_plan(session, exc, payload.estimated_tokens)
            compactions.extend(recovery.runs)
            session = recovery.session
            payload = recovery.payload
            request = _request(
                payload, model=model, max_tokens=max_tokens, create_kwargs=create_kwargs
            )
            answer = yield ModelCall(request, stream=stream)
        content = _blocks(answer)
        if not content:
            # Nothing to store (an empty end_turn): its usage still counts.
            session = yield Call(
                services.session_usage_record,
                {
                    "session_id": session.pk,
                    "estimated_tokens": payload.estimated_tokens,
                    **_usage_counts(answer.usage),
                },
            )
            break
        stored = yield Call(
            services.message_append,
            {
                "session_id": session.pk,
                # The session as this turn last saw it: the append skips its read (a stale
                # one is caught by the append's guarded write).
                "session": session,
                "messages": [{"role": "assistant", "content": content}],
                "batch": False,
                "auto_compact": False,
                "usage": answer.usage,
                "estimated_tokens": payload.estimated_tokens,
            },
        )
        rows.extend(stored.messages)
        session = stored.session
        if answer.stop_reason == "pause_turn":
            # A server tool paused the turn: send it back as it stands.
            exhausted = round_number == rounds
            continue
        calls = _tool_uses(answer)
        if not calls or not handlers:
            break
        results = []
        for block in calls:
            results.append((yield RunTool(handlers.get(block.name), block)))
        stored = yield Call(
            services.message_append,
            {
                "session_id": session.pk,
                "session": session,
                "messages": [{"role": "user", "content": results}],
                "batch": False,
                "auto_compact": False,
            },
        )
        rows.extend(stored.messages)
        session = stored.session
        exhausted = round_number == rounds
    return TurnResult(
        message=answer,
        messages=tuple(rows),
        session=session,
        compactions=tuple(compactions),
        memory_flush=flush_record,
        overflow=recovery,
        tool_rounds_exhausted=exhausted,
    )


def plan_for(*, stream: bool, **kwargs: Any) -> Generator[Step, Any, TurnResult]:
    """``turn_plan`` from a public turn function's arguments (its extra keyword arguments
    go to ``messages.create``)."""
    return turn_plan(
        session_id=kwargs.pop("session_id"),
        model=kwargs.pop("model"),
        max_tokens=kwargs.pop("max_tokens"),
        user_message=user_message(kwargs.pop("user_message")),
        tool_handlers=kwargs.pop("tool_handlers"),
        max_tool_rounds=kwargs.pop("max_tool_rounds"),
        memory_flush=kwargs.pop("memory_flush"),
        create_kwargs=kwargs,
        stream=stream,
    )


def tool_result(block: Any, outcome: Any = None, error: BaseException | None = None) -> dict:
    """The ``tool_result`` block answering ``block`` with a handler's outcome or error."""
    if error is not None:
        return {
            "type": "tool_result",
            "tool_use_id": block.id,
            "content": f"{type(error).__name__}: {error}",
            "is_error": True,
        }
    if outcome is None:
        outcome = ""
    content = outcome if isinstance(outcome, str | list) else str(outcome)
    return {"type": "tool_result", "tool_use_id": block.id, "content": content}


def missing_handler(block: Any) -> dict:
    return {
        "type": "tool_result",
        "tool_use_id": block.id,
        "content": f"No handler for the tool {block.name!r} in this turn.",
        "is_error": True,
    }
