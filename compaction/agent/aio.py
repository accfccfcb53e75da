"""The async drivers: ``arun_turn`` and ``astream_turn`` with ``anthropic.AsyncAnthropic`` or
``openai.AsyncOpenAI``.

The event loop never waits on the database: every service call runs through
``asgiref.sync.sync_to_async``, in Django's one thread for sync code (short transactions,
as Django's own async ORM does), except those that may call an LLM (a compaction, an
overflow recovery), which get a worker thread of their own so that they do not hold up
every other request's database work; that thread's connection is closed when it is done.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable, Generator, Mapping
from contextlib import aclosing
from typing import Any
from uuid import UUID

from asgiref.sync import sync_to_async
from django.db import connection

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


def _closing(function: Callable[..., Any]) -> Callable[..., Any]:
    def run(**kwargs: Any) -> Any:
        try:
            return function(**kwargs)
        finally:
            connection.close()

    return run


async def _run_call(step: Call) -> Any:
    if step.slow:
        return await sync_to_async(_closing(step.function), thread_sensitive=False)(**step.kwargs)
    return await sync_to_async(step.function)(**step.kwargs)


async def _answer_tool(step: RunTool) -> ToolOutcome:
    if step.handler is None or step.call.error:
        return missing(step.call)
    handler = step.handler
    try:
        if inspect.iscoroutinefunction(handler):
            outcome = await handler(**dict(step.call.input))
        else:
            # A sync handler may use the ORM: Django's thread for sync code, like the services.
            # (An object with an async __call__ returns its coroutine from there: awaited here.)
            outcome = await sync_to_async(handler)(**dict(step.call.input))
            if inspect.isawaitable(outcome):
                outcome = await outcome
        return outcome_of(step.call, outcome)
    except Exception as error:  # the model sees the failure and may recover from it
        return outcome_of(step.call, error=error)


async def _drive(plan: Generator[Step, Any, TurnResult], client: Any) -> AsyncIterator[Any]:
    """Run the plan's steps without blocking the loop; yield events, then the result."""
    outcome: Any = None
    error: BaseException | None = None
    while True:
        try:
            step = plan.throw(error) if error is not None else plan.send(outcome)
        except StopIteration as done:
            yield TurnComplete(done.value)
            return
        outcome, error = None, None
        try:
            if isinstance(step, Call):
                outcome = await _run_call(step)
            elif isinstance(step, ModelCall) and step.stream:
                async with step.wire.stream(client, step.kwargs) as stream:
                    async for event in stream:
                        yield event
                    outcome = await step.wire.final(stream)
            elif isinstance(step, ModelCall):
                outcome = await step.wire.acreate(client, step.kwargs)
            elif isinstance(step, RunTool):
                outcome = await _answer_tool(step)
            elif isinstance(step, Emit):
                yield step.event
        except Exception as exc:
            error = exc


async def arun_turn(
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
    """``run_turn`` for async code, with ``anthropic.AsyncAnthropic`` or ``openai.AsyncOpenAI``;
    tool handlers may be coroutine functions."""
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
    async with aclosing(_drive(plan, client)) as events:
        async for event in events:
            if isinstance(event, TurnComplete):
                return event.result
    raise AssertionError("the turn ended without a result")  # pragma: no cover


async def astream_turn(
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
) -> AsyncIterator[Any]:
    """``arun_turn``, streamed: the model's stream events, ``CompactionStatus`` and
    ``MemoryFlushStatus`` events as those steps run, and a last ``TurnComplete``."""
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
    async with aclosing(_drive(plan, client)) as events:
        async for event in events:
            yield event
