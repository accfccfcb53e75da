"""The sync drivers: ``run_turn`` and ``stream_turn`` with ``anthropic.Anthropic``."""

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
    missing_handler,
    plan_for,
    tool_result,
)


def _answer_tool(step: RunTool) -> dict[str, Any]:
    if step.handler is None:
        return missing_handler(step.block)
    try:
        return tool_result(step.block, step.handler(**dict(step.block.input)))
    except Exception as error:  # the model sees the failure and may recover from it
        return tool_result(step.block, error=error)


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
                with client.messages.stream(**step.kwargs) as stream:
                    yield from stream
                    outcome = stream.get_final_message()
            elif isinstance(step, ModelCall):
                outcome = client.messages.create(**step.kwargs)
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
    **create_kwargs: Any,
) -> TurnResult:
    """One whole turn of the session with ``client`` (an ``anthropic.Anthropic``).

    Appends ``user_message`` (text, content blocks or a user message), runs the memory
    flush turn when due (silently, with the host's ``tools`` and ``tool_handlers``),
    compacts when due (as AUTO_COMPACT says), calls the model with the cached payload,
    appends the answer with its usage (cache tokens included), and on a context overflow
    recovers once (``session_overflow_recover``) and retries. ``create_kwargs`` go to
    ``messages.create`` as they are (``tools``, ``tool_choice``, ``thinking``, ...).

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
    **create_kwargs: Any,
) -> Iterator[Any]:
    """``run_turn``, streamed: the model's stream events (``client.messages.stream``) as
    they come, ``CompactionStatus`` and ``MemoryFlushStatus`` events as those steps run,
    and a last ``TurnComplete`` with the result."""
    plan = plan_for(
        stream=True,
        session_id=session_id,
        model=model,
        max_tokens=max_tokens,
        user_message=user_message,
        tool_handlers=tool_handlers,
        max_tool_rounds=max_tool_rounds,
        memory_flush=memory_flush,
        **create_kwargs,
    )
    result = yield from _drive(plan, client)
    yield TurnComplete(result)
