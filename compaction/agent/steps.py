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
4. the model call with the payload (its ``cache_control`` prefix marked, and with
   ``PROMPT_CACHE`` a top-level ``cache_control`` unless the host passed one: the wire's
   ``cached``);
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
from datetime import datetime
from typing import Any
from uuid import UUID

from django.utils import timezone

from compaction import selectors, services
from compaction.agent.wires import MESSAGES, ToolCall, ToolOutcome, Wire, wire_for
from compaction.conf import app_settings
from compaction.engine import timing as when
from compaction.engine.memory import flush_outcome
from compaction.models import ChatSession, CompactionRun, MemoryFlush, Message
from compaction.providers import ErrorKind, classify
from compaction.services.compaction.due import DueOutcome
from compaction.services.overflow import MAX_ERROR_CHARS, OverflowRecovery
from compaction.services.usage import Usage

logger = logging.getLogger(__name__)

#: Model calls one flush turn may make (each tool round is one).
MAX_FLUSH_ROUNDS = 4
#: Output a flush turn may use: memory tool calls and SILENT, never a long answer (and the
#: SDK refuses a non-streaming call with a very large max_tokens).
FLUSH_MAX_TOKENS = 4096
#: ``compaction_when_due`` outcomes whose run this turn started (a result's ``compactions``).
STARTED_HERE = ("inline", "queued", "background")


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

    #: The model's last answer (``anthropic.types.Message``, ``openai``'s ``ChatCompletion``).
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
    #: The API the turn spoke (``compaction.agent.wires``).
    wire: Wire = MESSAGES

    @property
    def stop_reason(self) -> str | None:
        """Why the last answer ended (``end_turn``, ``tool_use``, ``stop``, ``tool_calls``...)."""
        return self.wire.stop_reason(self.message) if self.message is not None else None

    @property
    def text(self) -> str:
        """The text of the last answer."""
        return self.wire.text(self.message) if self.message is not None else ""


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
    """The API call ``wire.create(client, kwargs)``; ``stream``: stream it, forwarding its
    events."""

    kwargs: dict[str, Any]
    stream: bool = False
    wire: Wire = MESSAGES


@dataclass(frozen=True)
class RunTool:
    """Answer one tool call with the host's handler; the outcome is a ``ToolOutcome``."""

    handler: Callable[..., Any] | None
    call: ToolCall


@dataclass(frozen=True)
class Emit:
    """An event for a streaming caller."""

    event: Any


Step = Call | ModelCall | RunTool | Emit


def is_context_overflow(error: BaseException) -> bool:
    """The API refused the prompt as longer than the model's window (the provider of the
    SDK that raised ``error`` says so: ``ErrorKind.CONTEXT_OVERFLOW``)."""
    failure = classify(error)
    return failure is not None and failure.kind == ErrorKind.CONTEXT_OVERFLOW


def user_message(value: Any) -> dict[str, Any] | None:
    """The user's message: text, content blocks, or a whole ``{"role": "user", ...}``; None
    continues the conversation as it stands (after tool results the host appended)."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return dict(value)
    return {"role": "user", "content": value}


def check_kwargs(create_kwargs: Mapping[str, Any], wire: Wire = MESSAGES) -> None:
    clash = sorted(wire.reserved & set(create_kwargs))
    if clash:
        raise TypeError(
            f"run_turn sets {', '.join(clash)} itself: the system prompt and messages come "
            "from the session; pass model and max_tokens as run_turn's own arguments."
        )


def _usage_counts(usage: Any) -> dict[str, int]:
    """Any API's usage in the Messages API's accounting (the uncached input apart)."""
    read = Usage.read(usage) if usage is not None else Usage(input_tokens=0)
    return {
        "input_tokens": read.input_tokens,
        "output_tokens": read.output_tokens,
        "cache_creation_input_tokens": read.cache_creation_input_tokens,
        "cache_read_input_tokens": read.cache_read_input_tokens,
    }


def flush_plan(
    *,
    session: ChatSession,
    model: str,
    max_tokens: int,
    create_kwargs: Mapping[str, Any],
    tool_handlers: Mapping[str, Callable[..., Any]],
    wire: Wire = MESSAGES,
    client: Any = None,
) -> Generator[Step, Any, MemoryFlushStatus]:
    """The flush turn: sent, its tool calls answered, its outcome recorded; never stored."""
    payload = yield Call(
        selectors.session_context_build,
        {"session": session, "memory_flush": True, "format": wire.format},
    )
    messages = list(payload.messages)
    saved = False
    usage = dict.fromkeys(_usage_counts(None), 0)
    reply = ""
    flush_tokens = min(max_tokens, FLUSH_MAX_TOKENS)
    for _ in range(MAX_FLUSH_ROUNDS):
        request = wire.request(
            payload,
            model=model,
            max_tokens=flush_tokens,
            create_kwargs=create_kwargs,
            client=client,
            messages=messages,
        )
        answer = yield ModelCall(request, wire=wire)
        for name, count in _usage_counts(wire.usage(answer)).items():
            usage[name] += count
        reply = wire.text(answer)
        calls = wire.calls(answer)
        if wire.stop_reason(answer) != wire.tool_stop or not calls:
            break
        outcomes: list[ToolOutcome] = []
        for call in calls:
            outcome = yield RunTool(tool_handlers.get(call.name), call)
            saved = saved or not outcome.is_error
            outcomes.append(outcome)
        messages = [*messages, *wire.stored(answer), *wire.results(outcomes)]
    outcome_name = flush_outcome(reply=reply, saved=saved)
    flush = yield Call(
        services.memory_flush_record,
        {
            "session_id": session.pk,
            "outcome": outcome_name,
            "response_text": reply[: app_settings.MAX_MESSAGE_CHARS]
            if outcome_name == "spoke"
            else "",
            "cycle": payload.checkpoint_version,
            **usage,
        },
    )
    return MemoryFlushStatus(outcome=outcome_name, flush=flush)


def compact_when_due(
    session: ChatSession, idle_since: datetime | None = None
) -> Generator[Step, Any, DueOutcome | None]:
    """Compaction as ``engine.timing`` says: started beside the conversation (the turn goes
    on), run in line, or waited for when the payload would not fit the window (or, with
    ``COLD_CACHE_COMPACT_FRACTION``, when the prompt cache went cold ``idle_since``)."""
    timing = selectors.session_compaction_timing(session=session, idle_since=idle_since)
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
    session: ChatSession,
    error: BaseException,
    estimated_tokens: int | None,
    wire: Wire = MESSAGES,
) -> Generator[Step, Any, OverflowRecovery]:
    """``session_overflow_recover`` after the API refused a prompt as too long."""
    recovery = yield Call(
        services.session_overflow_recover,
        {
            "session_id": session.pk,
            "error_message": str(getattr(error, "message", error))[:MAX_ERROR_CHARS],
            "estimated_tokens": estimated_tokens,
            "format": wire.format,
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
    wire: Wire = MESSAGES,
    client: Any = None,
) -> Generator[Step, Any, TurnResult]:
    """The whole turn (see the module's docstring); returns what it did."""
    check_kwargs(create_kwargs, wire)
    handlers = dict(tool_handlers or {})
    rows: list[Message] = []
    if user_message is None:
        session = yield Call(selectors.session_get, {"session_id": session_id})
        # Its last write: no model call on it came later (each answer is written).
        idle_since = session.updated_at
    else:
        appended = yield Call(
            services.message_append,
            {
                "session_id": session_id,
                "messages": [user_message],
                "batch": False,
                "auto_compact": False,
                "format": wire.format,
            },
        )
        rows.extend(appended.messages)
        session = appended.session
        idle_since = appended.idle_since
    session_settings = app_settings.for_session(session)
    create_kwargs = wire.cached(create_kwargs, session_settings)
    reserve = session_settings.RESERVE_TOKENS
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

    def request_for(payload: Any) -> dict[str, Any]:
        return wire.request(
            payload,
            model=model,
            max_tokens=max_tokens,
            create_kwargs=create_kwargs,
            client=client,
        )

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
                    wire=wire,
                    client=client,
                )
            except Exception as exc:
                # The host's turn matters more than its memory: go on, flush next turn (a
                # checkpoint written meanwhile, or a worker's flush, closed this cycle).
                logger.warning("Memory flush turn of session %s failed: %s", session.pk, exc)
                status = MemoryFlushStatus(outcome="failed", error=str(exc))
                if recovery is None and is_context_overflow(exc):
                    # The turn's own call would be refused too: recover first.
                    recovery = yield from recover_plan(session, exc, None, wire)
                    compactions.extend(recovery.runs)
                    session = yield Call(ChatSession.objects.get, {"pk": session.pk})
            flush_record = status.flush or flush_record
            # The flush turn sent the conversation's prefix: the cache is warm again.
            idle_since = timezone.now()
            yield Emit(status)
        due = yield from compact_when_due(session, idle_since)
        if (
            due is not None
            and due.run is not None
            and due.action in ("inline", "queued", "background")
        ):
            compactions.append(due.run)
        if due is not None and due.action in ("inline", "waited"):
            session = yield Call(ChatSession.objects.get, {"pk": session.pk})
        payload = yield Call(
            selectors.session_context_build, {"session": session, "format": wire.format}
        )
        try:
            answer = yield ModelCall(request_for(payload), stream=stream, wire=wire)
        except Exception as exc:
            if recovery is not None or not is_context_overflow(exc):
                raise
            recovery = yield from recover_plan(session, exc, payload.estimated_tokens, wire)
            compactions.extend(recovery.runs)
            session = recovery.session
            payload = recovery.payload
            answer = yield ModelCall(request_for(payload), stream=stream, wire=wire)
        content = wire.stored(answer)
        if not content:
            # Nothing to store (an empty answer): its usage still counts.
            session = yield Call(
                services.session_usage_record,
                {
                    "session_id": session.pk,
                    "estimated_tokens": payload.estimated_tokens,
                    **_usage_counts(wire.usage(answer)),
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
                "messages": content,
                "batch": len(content) > 1,
                "auto_compact": False,
                "usage": wire.usage(answer),
                "estimated_tokens": payload.estimated_tokens,
                "format": wire.format,
            },
        )
        rows.extend(stored.messages)
        session = stored.session
        idle_since = stored.idle_since
        if wire.pause_stop is not None and wire.stop_reason(answer) == wire.pause_stop:
            # A server tool paused the turn: send it back as it stands.
            exhausted = round_number == rounds
            continue
        calls = wire.calls(answer)
        if not calls or not handlers:
            break
        outcomes = []
        for call in calls:
            outcomes.append((yield RunTool(handlers.get(call.name), call)))
        stored = yield Call(
            services.message_append,
            {
                "session_id": session.pk,
                "session": session,
                "messages": (results := wire.results(outcomes)),
                "batch": len(results) > 1,
                "auto_compact": False,
                "format": wire.format,
            },
        )
        rows.extend(stored.messages)
        session = stored.session
        # The tools ran since the answer was written: as long as they took, the cache idled.
        idle_since = stored.idle_since
        exhausted = round_number == rounds
    return TurnResult(
        message=answer,
        messages=tuple(rows),
        session=session,
        compactions=tuple(compactions),
        memory_flush=flush_record,
        overflow=recovery,
        tool_rounds_exhausted=exhausted,
        wire=wire,
    )


def plan_for(
    *, stream: bool, client: Any, api: str | None, **kwargs: Any
) -> Generator[Step, Any, TurnResult]:
    """``turn_plan`` from a public turn function's arguments (its extra keyword arguments
    go to the API's create call)."""
    return turn_plan(
        wire=wire_for(client, api),
        client=client,
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
