"""One-call turns with the OpenAI SDK (Chat Completions), against the local stand-in server.

The stand-in checks each request as Chat Completions does (roles, fields, tool calls answered
by ``tool`` messages right after them) and answers with the SDK's own types, streamed as
``chat.completion.chunk`` events when asked; so a conversation it takes is one OpenAI takes.
"""

from __future__ import annotations

import asyncio
import json

import openai
import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from compaction import services
from compaction.agent import (
    CompactionStatus,
    TurnComplete,
    arun_turn,
    astream_turn,
    run_turn,
    stream_turn,
)
from compaction.models import Checkpoint, Message
from tests.support import responses_items as items
from tests.support.anthropic_stub import StubResponse
from tests.support.helpers import VALID_SUMMARY, chat
from tests.support.openai_stub import OpenAIStub, estimate_tokens

pytestmark = pytest.mark.django_db

READ_FILE = {
    "type": "function",
    "function": {
        "name": "read_file",
        "description": "Read a file of the repository.",
        "parameters": {
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    },
}


SYSTEM = "You are a careful coding agent. Follow the repository's conventions. " * 4


def call(call_id: str, name: str, arguments: str) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


@pytest.fixture
def stub():
    with OpenAIStub(api_key="sk-proj-test", cached_tokens=64) as server:
        yield server


@pytest.fixture
def client(stub):
    return openai.OpenAI(api_key="sk-proj-test", base_url=stub.url + "/v1", max_retries=0)


def stored(session) -> list[tuple[str, str, object]]:
    rows = Message.objects.filter(session=session).order_by("seq")
    return list(rows.values_list("role", "format", "content"))


def ask(client, session, text, **kwargs):
    """A Chat Completions turn (``api="chat"``); the Responses tests pass ``api=None``."""
    return run_turn(
        session_id=session.pk,
        client=client,
        model=kwargs.pop("model", "gpt-5-mini"),
        max_tokens=1024,
        user_message=text,
        api=kwargs.pop("api", "chat"),
        **kwargs,
    )


def test_a_chat_turn_stores_openai_messages_and_cached_usage(stub, client):
    session = services.session_create(system_prompt=SYSTEM)
    stub.enqueue_text("Run the tests with pytest -q.")
    result = ask(client, session, "How do I run the tests?")

    assert result.text == "Run the tests with pytest -q." and result.stop_reason == "stop"
    assert isinstance(result.message, openai.types.chat.ChatCompletion)
    assert stored(session) == [
        ("user", "openai", {"role": "user", "content": "How do I run the tests?"}),
        ("assistant", "openai", {"role": "assistant", "content": "Run the tests with pytest -q."}),
    ]
    # A reasoning model refuses max_tokens by name: the other limit, from then on.
    refused, sent = (r.body for r in stub.requests)
    assert "max_tokens" in refused and sent["max_completion_tokens"] == 1024
    assert sent["messages"][0] == {"role": "system", "content": SYSTEM}
    assert sent["messages"][1:] == [{"role": "user", "content": "How do I run the tests?"}]
    # OpenAI's cached tokens are cache reads, apart from the input.
    session.refresh_from_db()
    assert session.total_cache_read_tokens == 64
    assert session.total_input_tokens == estimate_tokens(sent) - 64
    ask(client, session, "Thanks.")
    assert "max_completion_tokens" in stub.requests[-1].body and len(stub.requests) == 3


def test_tool_calls_are_answered_and_stored_in_order(stub, client):
    session = services.session_create()
    stub.enqueue(
        StubResponse(
            blocks=[
                call("call_1", "read_file", '{"path": "setup.cfg"}'),
                call("call_2", "read_file", '{"path": '),  # cut-off JSON
                call("call_3", "grep", '{"pattern": "TODO"}'),  # no handler
            ]
        )
    )
    stub.enqueue_text("setup.cfg pins pytest 8.")
    result = ask(
        client,
        session,
        "What does setup.cfg pin?",
        model="gpt-4.1",
        tools=[READ_FILE],
        tool_handlers={"read_file": lambda path: f"[tool:pytest]\n# {path}\naddopts = -q"},
    )

    assert result.text == "setup.cfg pins pytest 8."
    roles = [(role, content.get("tool_call_id")) for role, _, content in stored(session)]
    # A tool message is stored as sent, under the canonical role of a tool result (user).
    assert roles == [
        ("user", None),
        ("assistant", None),
        ("user", "call_1"),
        ("user", "call_2"),
        ("user", "call_3"),
        ("assistant", None),
    ]
    tools = {c["tool_call_id"]: c["content"] for _, _, c in stored(session) if "tool_call_id" in c}
    assert "addopts = -q" in tools["call_1"]
    # The cut-off arguments are stored so that servers parsing them take the history back.
    calls = stored(session)[1][2]["tool_calls"]
    assert calls[1]["function"]["arguments"] == '{"_unparsed": "{\\"path\\": "}'
    assert set(calls[0]) == {"id", "type", "function"}
    assert tools["call_2"].startswith("Error:") and "not JSON" in tools["call_2"]
    assert "No handler for the tool 'grep'" in tools["call_3"]
    # The second request carried the calls and their answers, as the API requires.
    second = stub.requests[-1].body["messages"]
    assert [m["role"] for m in second] == ["user", "assistant", "tool", "tool", "tool"]
    assert second[1]["tool_calls"][0]["function"]["arguments"] == '{"path": "setup.cfg"}'


def test_a_session_over_its_threshold_compacts_with_an_openai_model_in_the_turn(
    stub, client, compaction_settings, monkeypatch
):
    # Only an OpenAI key: the Responses summarizer is the default.
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
    monkeypatch.setenv("OPENAI_BASE_URL", stub.url + "/v1")
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="sync",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
    )
    session = services.session_create(system_prompt="You are a careful coding agent.")
    services.message_append(session_id=session.pk, messages=chat(16), format="openai")
    stub.enqueue_text(VALID_SUMMARY)  # the summarizer's call
    stub.enqueue_text("Module 3 is done.")
    events = list(
        stream_turn(
            session_id=session.pk,
            client=client,
            model="gpt-4.1",
            max_tokens=512,
            user_message="Where were we?",
            api="chat",
        )
    )

    statuses = [e.status for e in events if isinstance(e, CompactionStatus)]
    assert statuses == ["running", "succeeded"]
    [done] = [e for e in events if isinstance(e, TurnComplete)]
    assert done.result.text == "Module 3 is done." and len(done.result.compactions) == 1
    checkpoint = Checkpoint.objects.get(session=session)
    assert (checkpoint.summarizer, checkpoint.model) == ("openai-responses", "gpt-5-mini")
    paths = [r.path for r in stub.requests]
    assert paths == ["/v1/responses", "/v1/chat/completions"]
    turn = stub.requests[-1].body
    assert turn["stream"] is True and turn["stream_options"] == {"include_usage": True}
    # The payload leads with the checkpoint, in the system message, as OpenAI format does.
    assert "[c1]" in str(turn["messages"][:3])
    # The streamed answer's events came through, then its usage was recorded.
    assert any(getattr(e, "type", "") == "content.delta" for e in events)
    session.refresh_from_db()
    assert session.total_cache_read_tokens == 64


def test_an_overflow_from_openai_is_recovered_once(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(80, words=200), format="openai")
    with OpenAIStub(api_key="k", context_window=30_000) as stub:
        client = openai.OpenAI(api_key="k", base_url=stub.url + "/v1", max_retries=0)
        result = ask(client, session, "What did we decide about module 12?", model="gpt-4.1")
        refused, retried = (r.body for r in stub.requests)
    assert "module 12" in str(refused["messages"][-1]) and "module 12" in str(retried["messages"])
    assert result.overflow is not None and result.overflow.fits
    assert [run.trigger for run in result.compactions] == ["overflow"]
    assert result.overflow.reported_tokens and result.overflow.reported_tokens > 30_000


@pytest.mark.django_db(transaction=True)
def test_async_turns_with_the_async_client(stub):
    session = services.session_create(system_prompt="Be brief.")
    stub.enqueue(StubResponse(blocks=[call("call_9", "read_file", '{"path": "README.md"}')]))
    stub.enqueue_text("It is a Django app.")
    stub.enqueue_text("Yes.")

    async def read_file(path: str) -> str:
        return f"# {path}: a Django app"

    async def scenario():
        client = openai.AsyncOpenAI(
            api_key="sk-proj-test", base_url=stub.url + "/v1", max_retries=0
        )
        try:
            return await turns(client)
        finally:
            await client.close()
            # The ORM ran in asgiref's thread for sync code: close its connection as a
            # server closes it at the end of a request.
            await sync_to_async(connections.close_all)()

    async def turns(client):
        first = await arun_turn(
            session_id=session.pk,
            client=client,
            model="gpt-4.1",
            max_tokens=256,
            user_message="What is this repository?",
            tools=[READ_FILE],
            tool_handlers={"read_file": read_file},
            api="chat",
        )
        events = [
            event
            async for event in astream_turn(
                session_id=session.pk,
                client=client,
                model="gpt-4.1",
                max_tokens=256,
                user_message="Sure?",
                api="chat",
            )
        ]
        return first, events

    try:
        first, events = asyncio.run(scenario())
    finally:
        connections.close_all()
    assert first.text == "It is a Django app."
    assert events[-1].result.text == "Yes."
    roles = [role for role, _, _ in stored(session)]
    assert roles == ["user", "assistant", "user", "assistant", "user", "assistant"]


def test_the_api_is_chosen_by_name(stub, client):
    session = services.session_create()
    with pytest.raises(ValueError, match="api must be one of chat, messages, responses"):
        ask(client, session, "hi", api="completions")
    with pytest.raises(TypeError, match="max_completion_tokens"):
        ask(client, session, "hi", max_completion_tokens=5)


# -- Responses (the default for an OpenAI client) ----------------------------------------

READ_FILE_TOOL = {
    "type": "function",
    "name": "read_file",
    "description": "Read a file of the repository.",
    "parameters": READ_FILE["function"]["parameters"],
}


def test_a_responses_turn_answers_calls_and_sends_reasoning_back(stub, client):
    session = services.session_create(system_prompt=SYSTEM)
    stub.enqueue(
        StubResponse(
            blocks=items.output(
                items.reasoning("Read the config first.", "rs_turn"),
                items.function_call("call_cfg", "read_file", '{"path": "setup.cfg"}', "fc_cfg"),
            )
        )
    )
    stub.enqueue_text("setup.cfg pins pytest 8.")
    result = run_turn(
        session_id=session.pk,
        client=client,
        model="gpt-5-mini",
        max_tokens=1024,
        user_message="What does setup.cfg pin?",
        tools=[READ_FILE_TOOL],
        tool_handlers={"read_file": lambda path: f"[tool:pytest]  # {path}"},
    )

    assert result.text == "setup.cfg pins pytest 8." and result.stop_reason == "completed"
    kinds = [(fmt, content.get("type", "message")) for _, fmt, content in stored(session)]
    assert kinds == [
        ("responses", "message"),
        ("responses", "reasoning"),
        ("responses", "function_call"),
        ("responses", "function_call_output"),
        ("responses", "reasoning"),
        ("responses", "message"),
    ]
    first, second = (r.body for r in stub.requests)
    assert first["instructions"] == SYSTEM and first["max_output_tokens"] == 1024
    assert first["input"] == [{"role": "user", "content": "What does setup.cfg pin?"}]
    # The reasoning item went back byte for byte, with the call and its output after it.
    assert [i.get("type") for i in second["input"][1:]] == [
        "reasoning",
        "function_call",
        "function_call_output",
    ]
    assert second["input"][1]["encrypted_content"] == items.ENCRYPTED
    assert second["input"][3]["output"] == "[tool:pytest]  # setup.cfg"
    session.refresh_from_db()
    assert session.total_cache_read_tokens == 128  # two calls, 64 cached each


def test_a_streamed_responses_turn_compacts_through_an_openai_summarizer(
    stub, client, compaction_settings, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
    monkeypatch.setenv("OPENAI_BASE_URL", stub.url + "/v1")
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="sync",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
    )
    session = services.session_create(system_prompt=SYSTEM)
    services.message_append(
        session_id=session.pk, messages=items.coding_turns(), format="responses"
    )
    stub.enqueue_text(VALID_SUMMARY)  # the summarizer's call
    stub.enqueue_text("We fixed the parser; the icon is next.")
    events = list(
        stream_turn(
            session_id=session.pk,
            client=client,
            model="gpt-5-mini",
            max_tokens=512,
            user_message="Where were we?",
        )
    )
    assert [e.status for e in events if isinstance(e, CompactionStatus)] == ["running", "succeeded"]
    deltas = [e.delta for e in events if getattr(e, "type", "") == "response.output_text.delta"]
    assert "".join(deltas) == "We fixed the parser; the icon is next."
    [done] = [e for e in events if isinstance(e, TurnComplete)]
    assert done.result.text == "We fixed the parser; the icon is next."
    checkpoint = Checkpoint.objects.get(session=session)
    assert (checkpoint.summarizer, checkpoint.model) == ("openai-responses", "gpt-5-mini")
    turn = stub.requests[-1].body
    assert turn["stream"] is True and "Checkpoint v1" in turn["input"][0]["content"]


def test_an_overflow_of_a_responses_turn_is_recovered(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(80, words=200), format="openai")
    with OpenAIStub(api_key="k", context_window=30_000) as stub:
        client = openai.OpenAI(api_key="k", base_url=stub.url + "/v1", max_retries=0)
        result = ask(client, session, "What did we decide about module 12?", api=None)
        refused, retried = (r.body for r in stub.requests)
    assert refused["input"] and retried["input"]
    assert result.overflow is not None and result.overflow.fits
    assert result.text


@pytest.mark.django_db(transaction=True)
def test_async_responses_turns(stub):
    session = services.session_create(system_prompt="Be brief.")
    stub.enqueue(
        StubResponse(
            blocks=items.output(items.function_call("call_9", "read_file", '{"path": "x"}'))
        )
    )
    stub.enqueue_text("It is x.")
    stub.enqueue_text("Yes.")

    async def read_file(path: str) -> str:
        return f"# {path}"

    async def scenario():
        client = openai.AsyncOpenAI(
            api_key="sk-proj-test", base_url=stub.url + "/v1", max_retries=0
        )
        try:
            first = await arun_turn(
                session_id=session.pk,
                client=client,
                model="gpt-5-mini",
                max_tokens=256,
                user_message="What is x?",
                tools=[READ_FILE_TOOL],
                tool_handlers={"read_file": read_file},
            )
            events = [
                e
                async for e in astream_turn(
                    session_id=session.pk,
                    client=client,
                    model="gpt-5-mini",
                    max_tokens=256,
                    user_message="Sure?",
                )
            ]
            return first, events
        finally:
            await client.close()
            await sync_to_async(connections.close_all)()

    try:
        first, events = asyncio.run(scenario())
    finally:
        connections.close_all()
    assert first.text == "It is x." and events[-1].result.text == "Yes."
    # user, call, output, reasoning + answer; user, reasoning + answer
    assert Message.objects.filter(session=session, format="responses").count() == 8


def test_a_streamed_chat_turn_with_tools_stores_calls_the_api_takes_back(stub, client):
    session = services.session_create()
    stub.enqueue(StubResponse(blocks=[call("call_s", "read_file", '{"path": "setup.cfg"}')]))
    stub.enqueue_text("It pins pytest.")
    events = list(
        stream_turn(
            session_id=session.pk,
            client=client,
            model="gpt-4.1",
            max_tokens=256,
            user_message="What does setup.cfg pin?",
            tools=[READ_FILE],
            tool_handlers={"read_file": lambda path: "pytest==8.3"},
            api="chat",
        )
    )
    assert events[-1].result.text == "It pins pytest."
    # The SDK's streamed call carries ``index``; what is stored is what create() takes.
    stored_call = stored(session)[1][2]["tool_calls"][0]
    assert stored_call == call("call_s", "read_file", '{"path": "setup.cfg"}')
    follow_up = stub.requests[-1].body["messages"]
    assert [m["role"] for m in follow_up] == ["user", "assistant", "tool"]


def test_a_refusal_is_stored_as_text_a_local_server_takes_back():
    session = services.session_create()
    with OpenAIStub(compatible=True) as server:
        local = openai.OpenAI(api_key="x", base_url=server.url + "/v1", max_retries=0)
        server.enqueue(StubResponse(stop_reason="refusal"))
        result = ask(local, session, "Something it refuses.", model="llama3.1")
        assert result.text == "I can't help with that."
        server.enqueue_text("Fine.")
        ask(local, session, "Something else.", model="llama3.1")
        sent = server.requests[-1].body["messages"]
    assert sent[1] == {"role": "assistant", "content": "I can't help with that."}


def test_the_flush_turn_runs_over_responses_with_the_hosts_tools(stub, client, near_flush):
    from compaction import selectors
    from compaction.engine.memory import MEMORY_FLUSH_PROMPT
    from compaction.models import MemoryFlush

    session = services.session_create(system_prompt="You are a careful agent.")
    services.message_append(session_id=session.pk, messages=chat(10), format="responses")
    session.refresh_from_db()
    assert selectors.session_memory_flush_due(session=session)
    saved = []
    stub.enqueue(
        StubResponse(
            blocks=items.output(
                items.function_call(
                    "call_mem", "save_memory", '{"fact": "The user prefers ISO dates."}'
                )
            )
        )
    )
    stub.enqueue_text("SILENT")
    stub.enqueue_text("Module 3 is fixed.")
    save_memory = {
        "type": "function",
        "name": "save_memory",
        "description": "Save a durable fact.",
        "parameters": {"type": "object", "properties": {"fact": {"type": "string"}}},
    }
    result = run_turn(
        session_id=session.pk,
        client=client,
        model="gpt-5-mini",
        max_tokens=512,
        user_message="Is module 3 fixed?",
        tools=[save_memory],
        tool_handlers={"save_memory": lambda fact: saved.append(fact) or "saved"},
    )
    assert saved == ["The user prefers ISO dates."] and result.text == "Module 3 is fixed."
    flush = MemoryFlush.objects.get(session=session)
    assert flush.outcome == "saved" and result.memory_flush == flush
    first, second, main = (r.body for r in stub.requests)
    assert first["input"][-1] == {"role": "user", "content": MEMORY_FLUSH_PROMPT}
    assert second["input"][-2]["type"] == "function_call"
    assert second["input"][-1] == {
        "type": "function_call_output",
        "call_id": "call_mem",
        "output": "saved",
    }
    assert MEMORY_FLUSH_PROMPT not in json.dumps(main["input"])
    assert "save_memory" not in json.dumps([c for _, _, c in stored(session)])
