"""One-call turns against the local Messages API stub: run_turn, stream_turn, arun_turn,
astream_turn. The stub applies the API's rules, so a payload it takes is one Claude takes."""

from __future__ import annotations

import asyncio
import os

import anthropic
import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.db.backends.utils import CursorWrapper

from compaction import selectors, services
from compaction.agent import (
    CompactionStatus,
    MemoryFlushStatus,
    TurnComplete,
    arun_turn,
    astream_turn,
    run_turn,
    stream_turn,
)
from compaction.engine.memory import MEMORY_FLUSH_PROMPT
from compaction.models import ChatSession, MemoryFlush, Message
from tests.support.anthropic_stub import AnthropicStub, estimate_tokens
from tests.support.helpers import chat, tool_answer

pytestmark = pytest.mark.django_db

# Over claude-haiku-4-5's minimum cacheable prefix (4,096 tokens): a shorter one is not cached.
LONG_PROMPT = "You are a careful coding agent. Follow the repository's conventions. " * 250
SAVE_MEMORY = {
    "name": "save_memory",
    "description": "Save a durable fact about the user or their project.",
    "input_schema": {
        "type": "object",
        "properties": {"fact": {"type": "string"}},
        "required": ["fact"],
    },
}


@pytest.fixture
def stub():
    with AnthropicStub() as server:
        yield server


@pytest.fixture
def client(stub):
    return anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)


@pytest.fixture
def near(near_flush, compaction_settings):
    """As ``near_flush``, with compaction during the turn (AUTO_COMPACT="sync")."""
    compaction_settings(AUTO_COMPACT="sync")


def stored(session) -> list[tuple[str, object]]:
    return list(
        Message.objects.filter(session=session).order_by("seq").values_list("role", "content")
    )


def ask(client, session, text, *, max_tokens=1024, **kwargs):
    return run_turn(
        session_id=session.pk,
        client=client,
        model="claude-haiku-4-5",
        max_tokens=max_tokens,
        user_message=text,
        **kwargs,
    )


def test_a_turn_appends_both_messages_and_reports_usage_with_cache_tokens(stub, client):
    session = services.session_create(system_prompt=LONG_PROMPT)
    stub.enqueue_text("The tests live in tests/, run them with pytest.")
    result = ask(
        client,
        session,
        "Where are the tests?",
        metadata={"user_id": "alice"},
    )
    assert result.text == "The tests live in tests/, run them with pytest."
    assert [row.role for row in result.messages] == ["user", "assistant"]
    assert stored(session)[1] == (
        "assistant",
        [{"type": "text", "text": "The tests live in tests/, run them with pytest."}],
    )
    request = stub.message_requests[0].body
    assert request["metadata"] == {"user_id": "alice"}
    assert request["system"][0]["cache_control"] == {"type": "ephemeral"}
    session.refresh_from_db()
    assert session.total_cache_creation_tokens > 0
    assert session.total_output_tokens == result.message.usage.output_tokens

    stub.enqueue_text("Yes.")
    ask(
        client,
        session,
        "All of them?",
    )
    session.refresh_from_db()
    assert session.total_cache_read_tokens > 0  # the second turn read the prefix


def test_the_flush_turn_runs_silently_with_the_hosts_tools(stub, client, near):
    session = services.session_create(system_prompt="You are a careful agent.")
    services.message_append(session_id=session.pk, messages=chat(10))
    session.refresh_from_db()
    assert selectors.session_memory_flush_due(session=session)
    before = stored(session)
    saved = []

    def save_memory(fact: str) -> str:
        saved.append(fact)
        return "saved"

    stub.enqueue_message(
        [
            {
                "type": "tool_use",
                "id": "toolu_flush_1",
                "name": "save_memory",
                "input": {"fact": "The user prefers pytest and ISO dates."},
            }
        ],
        stop_reason="tool_use",
    )
    stub.enqueue_text("SILENT")
    stub.enqueue_text("Done: module_3 is fixed.")
    result = ask(
        client,
        session,
        "Is module_3 fixed?",
        tools=[SAVE_MEMORY],
        tool_handlers={"save_memory": save_memory},
    )
    assert saved == ["The user prefers pytest and ISO dates."]
    flush = MemoryFlush.objects.get(session=session)
    assert (flush.outcome, flush.source, flush.cycle) == ("saved", "turn", 0)
    assert result.memory_flush == flush
    first, second, main = (r.body for r in stub.message_requests)
    assert first["messages"][-1]["content"][-1] == {"type": "text", "text": MEMORY_FLUSH_PROMPT}
    assert first["tools"] == [SAVE_MEMORY]
    assert second["messages"][-1]["content"][0]["tool_use_id"] == "toolu_flush_1"
    assert MEMORY_FLUSH_PROMPT not in str(main["messages"])
    # The history holds the user's question and the answer; nothing of the flush turn.
    after = stored(session)
    assert after[: len(before)] == before
    assert [role for role, _ in after[len(before) :]] == ["user", "assistant"]
    assert "SILENT" not in str(after) and "save_memory" not in str(after)
    assert MEMORY_FLUSH_PROMPT not in str(after)

    stub.enqueue_text("Yes.")
    ask(
        client,
        session,
        "Thanks",
    )
    assert len(stub.message_requests) == 4  # no second flush in the cycle


def test_tool_calls_are_answered_by_the_handlers_and_stored(stub, client):
    session = services.session_create()
    stub.enqueue_message(
        [
            {"type": "text", "text": "Let me list the files."},
            {"type": "tool_use", "id": "toolu_01", "name": "bash", "input": {"command": "ls"}},
        ],
        stop_reason="tool_use",
    )
    stub.enqueue_text("There is a README and a src directory.")
    result = ask(
        client,
        session,
        "What is in the repository?",
        tools=[
            {
                "name": "bash",
                "description": "Run a shell command.",
                "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}},
            }
        ],
        tool_handlers={"bash": lambda command: "README.md\nsrc"},
    )
    assert result.text == "There is a README and a src directory."
    roles = [(role, content if isinstance(content, str) else content[-1]["type"])
             for role, content in stored(session)]  # fmt: skip
    assert roles == [
        ("user", "What is in the repository?"),
        ("assistant", "tool_use"),
        ("user", "tool_result"),
        ("assistant", "text"),
    ]
    assert stored(session)[2][1][0]["content"] == "README.md\nsrc"


def test_an_overflow_is_recovered_once_and_the_retried_payload_fits(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(80, words=200))
    count = Message.objects.filter(session=session).count()
    with AnthropicStub(context_window=30_000) as stub:
        client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        result = ask(
            client,
            session,
            "What did we decide about module 12?",
        )
        requests = [r.body for r in stub.message_requests]
    refused, retried = requests
    assert "module 12" in str(refused["messages"][-1]) and "module 12" in str(retried["messages"])
    assert estimate_tokens(refused) > 30_000 >= estimate_tokens(retried)
    assert result.overflow is not None and result.overflow.fits
    assert [run.trigger for run in result.compactions] == ["overflow"]
    assert Message.objects.filter(session=session).count() == count + 2


def test_a_flush_turn_refused_as_too_long_recovers_before_the_turns_own_call(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(80, words=200))
    with AnthropicStub(context_window=30_000) as stub:
        client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        result = ask(
            client,
            session,
            "What did we decide about module 12?",
            tools=[SAVE_MEMORY],
            tool_handlers={"save_memory": save_fact},
        )
        flush, turn = (r.body for r in stub.message_requests)
    assert flush["messages"][-1]["content"][-1]["text"] == MEMORY_FLUSH_PROMPT
    assert estimate_tokens(flush) > 30_000 >= estimate_tokens(turn)
    # The flush was not recorded: the cycle stays open, to flush again next turn.
    assert result.memory_flush is None and result.overflow.fits
    assert not MemoryFlush.objects.filter(session=session).exists()


def test_a_request_the_api_refuses_for_another_reason_is_raised(stub, client):
    session = services.session_create()
    stub.enqueue_error(400, message="messages.0.content: bad")
    with pytest.raises(anthropic.BadRequestError):
        ask(
            client,
            session,
            "Hello",
        )
    assert len(stub.message_requests) == 1


def test_reserved_arguments_are_refused(client):
    session = services.session_create()
    with pytest.raises(TypeError, match="system"):
        run_turn(
            session_id=session.pk,
            client=client,
            model="claude-haiku-4-5",
            max_tokens=10,
            user_message="Hi",
            system="another prompt",
        )
    assert not Message.objects.filter(session=session).exists()


def test_stream_turn_yields_the_models_events_and_compaction_status(stub, client, near):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(24), auto_compact=False)
    assert selectors.session_should_compact(session=ChatSession.objects.get(pk=session.pk))
    services.memory_flush_record(session_id=session.pk, outcome="silent")
    stub.enqueue_text("Streaming answer about module 2.")
    events = list(
        stream_turn(
            session_id=session.pk,
            client=client,
            model="claude-haiku-4-5",
            max_tokens=1024,
            user_message="And module 2?",
        )
    )
    statuses = [e.status for e in events if isinstance(e, CompactionStatus)]
    assert statuses == ["running", "succeeded"]
    text = "".join(e.text for e in events if getattr(e, "type", "") == "text")
    assert text == "Streaming answer about module 2."
    assert isinstance(events[-1], TurnComplete)
    assert events[-1].result.text == "Streaming answer about module 2."
    assert stub.message_requests[-1].body["stream"] is True
    assert ChatSession.objects.get(pk=session.pk).checkpoint_version == 1


BASH = {
    "name": "bash",
    "description": "Run a shell command.",
    "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}},
}
LS_CALL = {"type": "tool_use", "id": "toolu_ls", "name": "bash", "input": {"command": "ls"}}


def test_an_empty_answer_stores_nothing_but_its_usage(stub, client):
    session = services.session_create()
    stub.enqueue_message([])
    result = ask(client, session, "Nothing to say?")
    assert result.text == "" and [row.role for row in result.messages] == ["user"]
    session.refresh_from_db()
    # All of it written to the cache (run_turn's top-level marker): counted as input.
    assert session.message_count == 1 and session.total_cache_creation_tokens > 0


def test_a_paused_turn_is_sent_back_and_finished(stub, client):
    session = services.session_create()
    stub.enqueue_message(
        [{"type": "text", "text": "Searching the docs first."}], stop_reason="pause_turn"
    )
    stub.enqueue_text("Found it: use `select_for_update`.")
    result = ask(client, session, "How do I lock a row?")
    assert result.text == "Found it: use `select_for_update`."
    assert stub.message_requests[1].body["messages"][-1]["role"] == "assistant"
    assert [row.role for row in result.messages] == ["user", "assistant", "assistant"]


def test_without_handlers_the_host_answers_and_continues_with_no_message(stub, client):
    session = services.session_create()
    stub.enqueue_message([LS_CALL], stop_reason="tool_use")
    first = ask(client, session, "List the files", tools=[BASH])
    assert first.stop_reason == "tool_use" and not first.tool_rounds_exhausted
    services.message_append(
        session_id=session.pk,
        messages=[tool_answer("toolu_ls", "README.md")],
    )
    stub.enqueue_text("Just a README.")
    second = ask(client, session, None, tools=[BASH])
    assert second.text == "Just a README." and [r.role for r in second.messages] == ["assistant"]
    assert stub.message_requests[-1].body["messages"][-1]["content"][0]["type"] == "tool_result"


def test_the_last_tool_round_is_reported(stub, client):
    session = services.session_create()
    stub.enqueue_message([LS_CALL], stop_reason="tool_use")
    result = ask(
        client,
        session,
        "List the files",
        tools=[BASH],
        tool_handlers={"bash": lambda command: "README.md"},
        max_tool_rounds=1,
    )
    assert result.tool_rounds_exhausted and result.stop_reason == "tool_use"
    assert [row.role for row in result.messages] == ["user", "assistant", "user"]
    assert len(stub.message_requests) == 1


def save_fact(fact: str) -> str:
    return "saved"


# ----------------------------------------------------------------------------- async


@pytest.mark.django_db(transaction=True)
def test_arun_turn_runs_in_an_event_loop_without_sync_database_calls(stub, near, monkeypatch):
    # Django refuses ORM calls from a thread running an event loop unless this is set:
    # a synchronous database call from async code would fail the test.
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ
    # And every statement is checked for the thread it runs on: never one with a loop.
    statements: list[bool] = []
    execute = CursorWrapper._execute_with_wrappers

    def watched(self, sql, *args, **kwargs):
        try:
            asyncio.get_running_loop()
            statements.append(True)
        except RuntimeError:
            statements.append(False)
        return execute(self, sql, *args, **kwargs)

    monkeypatch.setattr(CursorWrapper, "_execute_with_wrappers", watched)
    session = services.session_create(system_prompt="You are a careful agent.")
    services.message_append(session_id=session.pk, messages=chat(24), auto_compact=False)
    stub.enqueue_text("SILENT")
    stub.enqueue_text("Async answer.")

    async def turn():
        client = anthropic.AsyncAnthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        try:
            return await arun_turn(
                session_id=session.pk,
                client=client,
                model="claude-haiku-4-5",
                max_tokens=1024,
                user_message="Async question",
                tools=[SAVE_MEMORY],
                tool_handlers={"save_memory": save_fact},
            )
        finally:
            await client.close()
            # The thread Django runs sync code in for this loop (a request's, under ASGI,
            # where request_finished closes it): close its connection as a server would.
            await sync_to_async(connections.close_all)()

    statements.clear()
    result = asyncio.run(turn())
    assert len(statements) > 10 and not any(statements)
    assert result.text == "Async answer."
    assert result.memory_flush.outcome == "silent"
    assert [run.status for run in result.compactions] == ["succeeded"]
    assert stored(session)[-1] == ("assistant", [{"type": "text", "text": "Async answer."}])


@pytest.mark.django_db(transaction=True)
def test_astream_turn_streams_events_with_compaction_status(stub, near):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(24), auto_compact=False)
    services.memory_flush_record(session_id=session.pk, outcome="silent")
    stub.enqueue_text("Streamed, asynchronously.")

    async def collect():
        client = anthropic.AsyncAnthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        events = []
        try:
            async for event in astream_turn(
                session_id=session.pk,
                client=client,
                model="claude-haiku-4-5",
                max_tokens=1024,
                user_message="Stream it",
            ):
                events.append(event)
        finally:
            await client.close()
            # The thread Django runs sync code in for this loop (a request's, under ASGI,
            # where request_finished closes it): close its connection as a server would.
            await sync_to_async(connections.close_all)()
        return events

    events = asyncio.run(collect())
    kinds = [e.type for e in events]
    assert kinds.index("compaction") < kinds.index("message_start")
    assert [e.status for e in events if isinstance(e, CompactionStatus)] == [
        "running",
        "succeeded",
    ]
    assert not any(isinstance(e, MemoryFlushStatus) for e in events)
    assert isinstance(events[-1], TurnComplete)
    assert events[-1].result.text == "Streamed, asynchronously."


def test_a_turn_is_four_statements_whatever_the_history(stub, client, compaction_settings):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    compaction_settings(AUTO_COMPACT="off", MEMORY_FLUSH_MARGIN=0)
    counts = []
    for turns in (5, 240):
        session = services.session_create(system_prompt="You are a careful agent.")
        services.message_append(session_id=session.pk, messages=chat(turns, words=5))
        stub.enqueue_text("ok")
        with CaptureQueriesContext(connection) as queries:
            run_turn(
                session_id=session.pk,
                client=client,
                model="claude-haiku-4-5",
                max_tokens=64,
                user_message="next",
            )
        # Savepoints stand for BEGIN / COMMIT here: the test runs in a transaction.
        counts.append(sum(1 for q in queries if "SAVEPOINT" not in q["sql"]))
    # Append the question (read the session with its latest checkpoint; counters and row in
    # one guarded write), build the context (the active messages), append the answer with
    # its usage (one guarded write, from the session the question's append returned).
    assert counts == [4, 4]


def test_an_answer_larger_than_the_reserve_is_warned_about(
    stub, client, compaction_settings, caplog
):
    compaction_settings(RESERVE_TOKENS=1_000)
    session = services.session_create()
    stub.enqueue_text("ok")
    with caplog.at_level("WARNING", logger="compaction.agent.steps"):
        ask(client, session, "Hi", max_tokens=2_000)
    assert "max_tokens 2000 is above RESERVE_TOKENS 1000" in caplog.text
