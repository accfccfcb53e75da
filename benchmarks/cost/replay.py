"""Replaying one session through one system, against the billing stand-ins.

- ``app`` systems: ``compaction.agent.run_turn`` per user turn with a real
  ``anthropic.Anthropic(base_url=stand-in)``, the session's tools (answered from the
  script by ``tool_handlers``) and the README's top-level ``cache_control``; the summarizer
  is the app's Claude summarizer at the summarizer's stand-in (``OracleSummarizer``).
  Django's clock is the replay's virtual clock, so the app's notion of an idle cache is
  the stand-in's. A compaction started beside the conversation is waited for before the
  next model call (the summarizer is quicker than a tool round), so the replay is
  deterministic.
- ``langchain``: ``langchain.agents.create_agent`` with ``ChatAnthropic`` at the stand-in,
  ``SummarizationMiddleware`` (a ``ChatAnthropic`` summarizer at the summarizer's stand-in)
  and ``langchain_anthropic``'s ``AnthropicPromptCachingMiddleware``, as LangChain's docs
  set them up, with the app's threshold and kept tokens.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

from django.conf import settings as django_settings
from django.test.utils import override_settings

from benchmarks.cost import standin
from benchmarks.cost.standin import MODEL, SUMMARIZER_MODEL, BenchError, BillingStub, Script
from benchmarks.cost.workloads import Session
from tests.support.prompt_cache import ManualClock

#: The virtual clock's zero, as Django sees it.
EPOCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MAX_TOKENS = 4096


@dataclass
class Replayed:
    """What one system did with one session."""

    system: str
    model: list[standin.Usage]
    summarizer: list[standin.Usage]
    final_text: str
    compactions: int
    details: dict[str, Any] = field(default_factory=dict)
    #: For the schedule model: the app's stored messages and checkpoints (app systems).
    stored: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    #: The session's resolved settings (app systems).
    settings: Any = None


class Replay:
    """The clock, the two stand-ins and the script of one system's replay of a session."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.clock = ManualClock()
        self.script = Script()
        self.model_stub = BillingStub(responder=self.script.respond, clock=self.clock)
        self.summary_stub = BillingStub(responder=standin.ORACLE.respond, clock=self.clock)
        self._turn = 0
        self._latency_due = 0.0

    def __enter__(self) -> Replay:
        self.model_stub.start()
        self.summary_stub.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.model_stub.stop()
        self.summary_stub.stop()

    def now(self) -> datetime:
        return EPOCH + timedelta(seconds=self.clock())

    def begin_turn(self, index: int) -> None:
        turn = self.session.turns[index]
        # The last answer of the previous turn took its time, then the user thinks.
        self.clock.advance(self._latency_due + turn.think_s)
        self._latency_due = turn.calls[-1].latency_s
        self.script.load(turn.calls)
        self._turn = index
        self._tool_round = -1

    def tool_handler(
        self, name: str, settle: Callable[[], Any] = lambda: None
    ) -> Callable[..., Any]:
        """A handler answering each tool call with the scripted result, in order; the first
        result of a call moves the clock by the model's latency and the tools' time."""

        def handler(**_input: Any) -> Any:
            # A compaction started beside the conversation finishes while the tools run:
            # the next call sees its checkpoint, whatever the threads' timing.
            settle()
            served = self.script.served
            turn = self.session.turns[self._turn]
            # The call being answered is the last one served in this turn.
            index = served - self._turn_start
            call = turn.calls[index - 1]
            if self._tool_round != index:
                self._tool_round = index
                self._result_index = 0
                self.clock.advance(call.latency_s + call.tool_s)
            expected, result = call.results[self._result_index]
            self._result_index += 1
            if expected != name:
                raise BenchError(f"the replay expected a call of {expected}, not {name}")
            return result

        return handler

    def start_turn_count(self) -> None:
        self._turn_start = self.script.served

    def finish(self) -> None:
        if self.script.calls:
            raise BenchError(
                f"turn {self._turn}: {len(self.script.calls)} scripted answers were not asked for"
            )


@contextmanager
def virtual_django_clock(clock: ManualClock) -> Any:
    """Django's ``timezone.now()`` reads the replay's clock (every app timestamp does)."""
    with mock.patch("django.utils.timezone.now", lambda: EPOCH + timedelta(seconds=clock())):
        yield


# ----------------------------------------------------------------------------- the app


def app_replay(
    session: Session,
    *,
    system: str,
    config: dict[str, Any],
    owner: Any,
    memory_flush: bool = True,
    log: Callable[[str], None] = lambda m: None,
) -> Replayed:
    import anthropic

    from compaction import selectors, services
    from compaction.agent import run_turn
    from compaction.conf import app_settings
    from compaction.engine.context import summary_tokens
    from compaction.models import ChatSession, Checkpoint, CompactionRun
    from compaction.services import compaction_background_wait

    overrides = {
        **getattr(django_settings, "COMPACTION", {}),
        "SUMMARIZER": "benchmarks.cost.standin.OracleSummarizer",
        "API_MAX_RETRIES": 0,
        # One summarizer call at a time: the summarizer's cache sees them in one order.
        "SUMMARY_CONCURRENCY": 1,
    }
    with Replay(session) as replay, virtual_django_clock(replay.clock):
        overrides["SUMMARIZER_BASE_URL"] = replay.summary_stub.url
        overrides["SUMMARIZER_API_KEY"] = "sk-bench"
        with override_settings(COMPACTION=overrides):
            chat = services.session_create(
                owner=owner,
                external_id=f"cost-{system}-{session.name}-{uuid.uuid4().hex[:8]}",
                agent_id="compaction-bench-cost",
                system_prompt=session.system,
                config={**config, "SUMMARIZER_MODEL": SUMMARIZER_MODEL},
            )
            client = anthropic.Anthropic(
                api_key="sk-bench", base_url=replay.model_stub.url, max_retries=0
            )

            def settle() -> None:
                if not compaction_background_wait(timeout=600):
                    raise BenchError("a background compaction did not finish")

            handlers = {
                tool["name"]: replay.tool_handler(tool["name"], settle) for tool in session.tools
            }
            for index, turn in enumerate(session.turns):
                if index % 50 == 0:
                    log(f"   {system}: turn {index}/{len(session.turns)}")
                replay.begin_turn(index)
                replay.start_turn_count()
                run_turn(
                    session_id=chat.pk,
                    client=client,
                    model=MODEL,
                    max_tokens=MAX_TOKENS,
                    user_message=turn.user,
                    tools=list(session.tools),
                    tool_handlers=handlers,
                    max_tool_rounds=10_000,
                    memory_flush=memory_flush,
                    cache_control={"type": "ephemeral"},
                )
                replay.finish()
                settle()
            chat = ChatSession.objects.get(pk=chat.pk)
            payload = selectors.session_context_build(session=chat)
            final = json.dumps(
                {"system": payload.system, "messages": payload.messages}, ensure_ascii=False
            )
            runs = list(CompactionRun.objects.filter(session=chat))
            # What the app recorded of the same calls (run_turn stores each answer's usage,
            # each run its summarizer calls): checked against the stand-ins' ledgers.
            recorded = {
                "model": {
                    "input_tokens": chat.total_input_tokens,
                    "cache_creation_input_tokens": chat.total_cache_creation_tokens,
                    "cache_read_input_tokens": chat.total_cache_read_tokens,
                    "output_tokens": chat.total_output_tokens,
                },
                "summarizer": {
                    "requests": sum(run.llm_calls for run in runs),
                    "output_tokens": sum(run.llm_output_tokens for run in runs),
                },
            }
            statuses: dict[str, int] = {}
            for run in runs:
                statuses[run.status] = statuses.get(run.status, 0) + 1
            # What the schedule model rebuilds payloads from: the rows and checkpoints
            # exactly as the context build reads them.
            from compaction.selectors.checkpoints import checkpoint_context
            from compaction.selectors.context import _message_rows

            stored = _message_rows(chat, "seq", 0, order="seq")
            checkpoints = [
                {
                    "version": c.version,
                    "last_seq": c.last_seq,
                    "context": checkpoint_context(c),
                    "tokens": summary_tokens(
                        summary=c.summary,
                        version=c.version,
                        carried=c.carried,
                        image_tokens=app_settings.for_session(chat).IMAGE_TOKENS,
                        preserved=c.preserved,
                        artifacts=c.artifacts_text,
                    ),
                }
                for c in Checkpoint.objects.filter(session=chat).order_by("version")
            ]
            settings_of = app_settings.for_session(chat)
    return Replayed(
        system=system,
        model=list(replay.model_stub.ledger),
        summarizer=list(replay.summary_stub.ledger),
        final_text=final,
        compactions=statuses.get("succeeded", 0) + statuses.get("fell_back", 0),
        details={
            "runs": statuses,
            "flush_turns": replay.script.flushes,
            "final_payload_tokens": payload.estimated_tokens,
            "final_truncated": payload.truncated,
            "session_config": config,
            "recorded": recorded,
            "calibration_ratio": chat.calibration_ratio,
        },
        stored=stored,
        checkpoints=checkpoints,
        settings=settings_of,
    )


# ----------------------------------------------------------------------- LangChain


def _anthropic_message(message: Any) -> dict[str, Any]:
    """A LangChain message as a Messages API message (what the offline summarizer reads)."""
    kind = message.type
    if kind == "tool":
        content = (
            message.content if isinstance(message.content, str) else json.dumps(message.content)
        )
        return {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": message.tool_call_id, "content": content}
            ],
        }
    if kind == "ai":
        blocks: list[dict[str, Any]] = []
        if isinstance(message.content, str):
            if message.content:
                blocks.append({"type": "text", "text": message.content})
        else:
            blocks.extend(
                {"type": "text", "text": b["text"]}
                for b in message.content
                if isinstance(b, dict) and b.get("type") == "text"
            )
        blocks.extend(
            {"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["args"]}
            for c in message.tool_calls
        )
        return {"role": "assistant", "content": blocks or [{"type": "text", "text": ""}]}
    text = message.content if isinstance(message.content, str) else json.dumps(message.content)
    return {"role": "user", "content": text}


SUMMARY_LEAD = "Here is a summary of the conversation to date:\n\n"


def langchain_replay(
    session: Session,
    *,
    threshold: int,
    keep: int,
    summary_max_chars: int,
    log: Callable[[str], None] = lambda m: None,
) -> Replayed:
    from langchain.agents import create_agent
    from langchain.agents.middleware import SummarizationMiddleware
    from langchain_anthropic import ChatAnthropic
    from langchain_anthropic.middleware import AnthropicPromptCachingMiddleware
    from langchain_core.messages import HumanMessage
    from langchain_core.tools import StructuredTool
    from langgraph.checkpoint.memory import InMemorySaver

    from compaction.conf import app_settings
    from compaction.summarizers.base import SummaryRequest
    from compaction.summarizers.offline import OfflineSummarizer

    offline = OfflineSummarizer(settings=app_settings)

    class OracleSummarization(SummarizationMiddleware):
        """LangChain's middleware, unchanged, whose stand-in answers what the offline
        summarizer writes for the messages it asks to summarize (its previous summary, the
        message it left at the start, as the previous summary)."""

        def _create_summary(self, messages_to_summarize: list[Any]) -> str:
            trimmed = self._trim_messages_for_summary(messages_to_summarize)
            if trimmed:
                previous = None
                rows = []
                for message in trimmed:
                    text = message.content if isinstance(message.content, str) else ""
                    if message.type == "human" and text.startswith(SUMMARY_LEAD):
                        previous = text[len(SUMMARY_LEAD) :]
                        continue
                    rows.append({"seq": len(rows) + 1, **_anthropic_message(message)})
                summary = offline.summarize(
                    SummaryRequest(
                        messages=tuple(rows),
                        transcript="",
                        previous_summary=previous,
                        max_chars=summary_max_chars,
                    )
                ).text
                standin.ORACLE.expect(self._format_summary_prompt(trimmed), summary)
            return super()._create_summary(messages_to_summarize)

    with Replay(session) as replay:
        model = ChatAnthropic(
            model=MODEL,
            base_url=replay.model_stub.url,
            api_key="sk-bench",
            max_tokens=MAX_TOKENS,
            max_retries=0,
        )
        summarizer = ChatAnthropic(
            model=SUMMARIZER_MODEL,
            base_url=replay.summary_stub.url,
            api_key="sk-bench",
            max_tokens=MAX_TOKENS,
            max_retries=0,
        )
        tools = [
            StructuredTool.from_function(
                func=replay.tool_handler(tool["name"]),
                name=tool["name"],
                description=tool["description"],
                args_schema=tool["input_schema"],
            )
            for tool in session.tools
        ]
        agent = create_agent(
            model=model,
            tools=tools,
            system_prompt=session.system,
            middleware=[
                OracleSummarization(
                    model=summarizer, trigger=("tokens", threshold), keep=("tokens", keep)
                ),
                AnthropicPromptCachingMiddleware(ttl="5m"),
            ],
            checkpointer=InMemorySaver(),
        )
        config = {"configurable": {"thread_id": f"cost-{session.name}"}, "recursion_limit": 100_000}
        for index, turn in enumerate(session.turns):
            if index % 50 == 0:
                log(f"   langchain: turn {index}/{len(session.turns)}")
            replay.begin_turn(index)
            replay.start_turn_count()
            agent.invoke({"messages": [HumanMessage(content=turn.user)]}, config)
            replay.finish()
        state = agent.get_state(config).values["messages"]
        final = json.dumps(
            {"system": session.system, "messages": [_anthropic_message(m) for m in state]},
            ensure_ascii=False,
        )
        summaries = sum(
            1
            for m in state
            if m.type == "human"
            and isinstance(m.content, str)
            and m.content.startswith(SUMMARY_LEAD)
        )
    return Replayed(
        system="langchain",
        model=list(replay.model_stub.ledger),
        summarizer=list(replay.summary_stub.ledger),
        final_text=final,
        compactions=sum(1 for u in replay.summary_stub.ledger if u.kind == "summary"),
        details={"final_state_messages": len(state), "summary_in_state": summaries},
    )
