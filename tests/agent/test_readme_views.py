"""The docs' chat views and backend turn (docs/agent-loop.md), run as written against the
local Messages and OpenAI API stubs."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import RequestFactory

from compaction import services
from compaction.models import ChatSession, Message
from tests.support.docs import tagged, tagged_code


def readme_code(tag: str, **names: object) -> dict:
    """Run the docs' ```` ```python <tag> ```` block (with ``names`` defined); its names."""
    (block,) = tagged(f"python {tag}")
    namespace: dict = {"__name__": "docs_" + tag.replace("/", "_").removesuffix(".py"), **names}
    exec(compile(tagged_code(f"python {tag}"), block.where, "exec"), namespace)
    return namespace


@pytest.mark.django_db
def test_the_docs_backend_turn_stores_both_messages_and_the_usage(anthropic_api, alice):
    anthropic_api.enqueue_text("The bug is in parse_date().")
    names = readme_code("chat/backend_turn.py", request=SimpleNamespace(user=alice))
    session = ChatSession.objects.get(pk=names["session"].pk)
    assert session.owner == alice
    stored = list(Message.objects.filter(session=session).order_by("seq"))
    assert [m.role for m in stored] == ["user", "assistant"]
    assert stored[1].content[0]["text"] == "The bug is in parse_date()."
    # The usage the SDK returned reached the session's totals, in the answer's write (input
    # uncached, or written to the cache with the top-level marker).
    assert session.total_input_tokens + session.total_cache_creation_tokens > 0
    sent = anthropic_api.message_requests[0].body
    assert sent["cache_control"] == {"type": "ephemeral"}
    assert sent["messages"][-1]["content"] == "Fix the bug"
    assert "You are a coding agent." in json.dumps(sent["system"])


@pytest.mark.django_db
def test_the_readme_chat_view_answers_and_stores_the_turn(anthropic_api, alice, bob):
    views = readme_code("chat/views.py")
    session = services.session_create(owner=alice, system_prompt="You are a coding agent.")
    anthropic_api.enqueue_text("The bug is in parse_date().")
    request = RequestFactory().post(
        "/chat/", json.dumps({"message": "Where is the bug?"}), content_type="application/json"
    )
    request.user = alice
    response = views["chat"](request, str(session.pk))
    assert response.status_code == 200, response.content
    body = json.loads(response.content)
    assert body == {"reply": "The bug is in parse_date().", "compactions": [], "memory_flush": None}
    assert Message.objects.filter(session=session).count() == 2
    assert anthropic_api.message_requests[0].body["tools"][0]["name"] == "save_memory"

    request.user = bob  # another user's session: the API's 404, not a turn
    assert views["chat"](request, str(session.pk)).status_code == 404
    assert len(anthropic_api.message_requests) == 1


@pytest.mark.django_db(transaction=True)
def test_the_readme_streaming_view_streams_text_and_ends_with_done(anthropic_api, alice):
    views = readme_code("chat/streaming.py")
    session = services.session_create(owner=alice)
    anthropic_api.enqueue_text("Streaming from the README's own view.")
    request = RequestFactory().post(
        "/chat/stream/", json.dumps({"message": "Hi"}), content_type="application/json"
    )
    request.user = alice

    async def run() -> list[str]:
        try:
            response = await views["chat_stream"](request, str(session.pk))
            assert response["Content-Type"] == "text/event-stream"
            return [chunk.decode() async for chunk in response.streaming_content]
        finally:
            await views["client"].close()
            await sync_to_async(connections.close_all)()

    chunks = asyncio.run(run())
    events = [json.loads(chunk.removeprefix("data: ")) for chunk in chunks]
    assert "".join(e.get("text", "") for e in events) == "Streaming from the README's own view."
    assert events[-1] == {"done": True, "seq": 2}


@pytest.mark.django_db
def test_the_readmes_openai_turns_run_as_written(monkeypatch, compaction_settings):
    import openai

    from compaction.models import Checkpoint
    from tests.support.helpers import VALID_SUMMARY, chat
    from tests.support.openai_stub import OpenAIStub

    compaction_settings(
        SUMMARIZER=None, AUTO_COMPACT="sync", COMPACTION_THRESHOLD=2000, KEEP_RECENT_TOKENS=500
    )
    with OpenAIStub(api_key="sk-proj-readme") as server:
        # Only an OpenAI key, as the README says; the SDK pointed at the stand-in.
        monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-readme")
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        code = readme_code("chat/openai_turn.py")
        session = services.session_create(system_prompt="You are a coding agent.")
        services.message_append(session_id=session.pk, messages=chat(16), format="responses")
        server.enqueue_text(VALID_SUMMARY)  # the summary, by the OpenAI summarizer
        server.enqueue_text("The parser is in parse.py.")
        assert code["ask"](str(session.pk), "Where is the parser?") == "The parser is in parse.py."
        paths = [r.path for r in server.requests]
    assert paths == ["/v1/responses", "/v1/responses"]
    checkpoint = Checkpoint.objects.get(session=session)
    assert (checkpoint.summarizer, checkpoint.model) == ("openai-responses", "gpt-5-mini")

    with OpenAIStub(compatible=True) as local:
        # The README's local client, pointed at the stand-in instead of Ollama's port.
        code["local"] = openai.OpenAI(base_url=local.url + "/v1", api_key="not-needed")
        other = services.session_create(system_prompt="You are a coding agent.")
        local.enqueue_text("In parse.py.")
        assert code["ask_local"](str(other.pk), "Where is the parser?") == "In parse.py."
        sent = local.requests[-1].body
    assert sent["model"] == "qwen2.5-coder:32b" and sent["max_tokens"] == 2048
    assert Message.objects.filter(session=other, format="openai").count() == 2
