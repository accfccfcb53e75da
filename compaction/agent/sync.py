"""The sync drivers: ``run_turn`` and ``stream_turn`` with ``anthropic.Anthropic`` or
``openai.OpenAI``."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from typing import Any
from uuid import UUID

from compaction.agent.steps import (
    Call,
    Emit,
    ModelCall,
    RunTool,
    Step,
    TurnComplete,
    TurnResult,
    plan_for,
)
from compaction.agent.wires import ToolOutcome, missing, outcome_of


def _answer_tool(step: RunTool) -> ToolOutcome:
    if step.handler is None or step.call.error:
        return missing(step.call)
    try:
        return outcome_of(step.call, step.handler(**dict(step.call.input)))
    except Exception as error:  # the model sees the failure and may recover from it
        return outcome_of(step.call, error=error)


def _drive(plan: Generator[Step, Any, TurnResult], client: Any) -> Generator[Any, None, TurnResult]:
    """Run the plan's steps in this thread; yield its events and the model's stream events."""
    outcome: Any = None
    error: BaseException | None = None
    while True:
        try:
            step = plan.throw(error) if error is not None else plan.send(outcome)
        except StopIteration as done:
            return done.value
        outcome, error = None, None
        try:
            if isinstance(step, Call):
                outcome = step.function(**step.kwargs)
            elif isinstance(step, ModelCall) and step.stream:
                with step.wire.stream(client, step.kwargs) as stream:
                    yield from stream
                    outcome = step.wire.final(stream)
            elif isinstance(step, ModelCall):
                outcome = step.wire.create(client, step.kwargs)
            elif isinstance(step, RunTool):
                outcome = _answer_tool(step)
            elif isinstance(step, Emit):
                yield step.event
        except Exception as exc:
            error = exc


def run_turn(
    *,
    session_id: UUID | str,
    client: Any,
    model: str,
    max_tokens: int,
    user_message: Any,
    tool_handlers: Mapping[str, Callable[..., Any]] | None = None,
    max_tool_rounds: int = 10,
    memory_flush: bool = True,
    api: str | None = None,
    **create_kwargs: Any,
) -> TurnResult:
    """One whole turn of the session with ``client``: an ``anthropic.Anthropic`` (the
    Messages API), or an ``openai.OpenAI`` (Chat Completions, ``api="chat"``, at any
    ``base_url``: OpenAI or a compatible server); ``api`` None picks the client's own.

    Appends ``user_message`` (text, content blocks or a user message), runs the memory
    flush turn when due (silently, with the host's ``tools`` and ``tool_handlers``),
    compacts when due (as AUTO_COMPACT says), calls the model with the cached payload,
    appends the answer with its usage (cache tokens included), and on a context overflow
    recovers once (``session_overflow_recover``) and retries. ``create_kwargs`` go to
    the API's create call as they are (``tools``, ``tool_choice``, ``thinking``, ...).
    Messages are stored and sent in the API's own format (``anthropic`` or ``openai``).

    With ``tool_handlers`` (tool name -> ``callable(**tool_input)`` returning the result's
    content), tool calls are answered and stored, and the model is called again, up to
    ``max_tool_rounds`` calls. Without them, an answer that calls tools ends the turn: the
    host appends the results (``services.message_append``) and calls ``run_turn`` again.
    Every step stays available as a service for hosts that want their own loop.
    """
    plan = plan_for(
        stream=False,
        session_id=session_id,
        model=model,
        max_tokens=max_tokens,
        user_message=user_message,
        tool_handlers=tool_handlers,
        max_tool_rounds=max_tool_rounds,
        memory_flush=memory_flush,
        client=client,
        api=api,
        **create_kwargs,
    )
    driver = _drive(plan, client)
    while True:
        try:
            next(driver)
        except StopIteration as done:
            return done.value


def stream_turn(
    *,
    session_id: UUID | str,
    client: Any,
    model: str,
    max_tokens: int,
    user_message: Any,
    tool_handlers: Mapping[str, Callable[..., Any]] | None = None,
    max_tool_rounds: int = 10,
    memory_flush: bool = True,
    api: str | None = None,
    **create_kwargs: Any,
) -> Iterator[Any]:
    """``run_turn``, streamed: the model's stream events (``client.messages.stream``, or
    ``client.chat.completions.stream``) as they come, ``CompactionStatus`` and
    ``MemoryFlushStatus`` events as those steps run, and a last ``TurnComplete`` with the
    result."""
    plan = plan_for(
        stream=True,
        session_id=session_id,
        model=model,
        max_tokens=max_tokens,
        user_message=user_message,
        tool_handlers=tool_handlers,
        max_tool_rounds=max_tool_rounds,
        memory_flush=memory_flush,
        client=client,
        api=api,
        **create_kwargs,
    )
    result = yield from _drive(plan, client)
    yield TurnComplete(result)
