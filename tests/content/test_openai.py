"""OpenAI Chat Completions messages in and out, against both SDKs' local stubs.

Assistant turns are built with ``openai.types.chat.ChatCompletion.model_validate`` from
realistic JSON and appended as ``choice.message.model_dump()`` gives them.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest

from compaction import selectors, services
from compaction.models import Message
from tests.support import responses
from tests.support.api import assert_error, row_counts, sess
from tests.support.helpers import agent_loop, anthropic_accepts, openai_accepts
from tests.support.responses import conversation

pytestmark = pytest.mark.django_db

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 32).decode()


def openai_conversation(*, none_fields: bool = True) -> list[dict[str, Any]]:
    calls = responses.chat_completion_tool_call().choices[0].message
    answer = responses.chat_completion_text("Both files look fine; 14 tests pass.")
    return [
        {"role": "developer", "content": "Answer in English."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Why does this test fail?"},
                {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
            ],
        },
        calls.model_dump(exclude_none=not none_fields),
        {"role": "tool", "tool_call_id": "call_Vx3hQfKJ0bRsZ9s1", "content": "14 passed"},
        {
            "role": "tool",
            "tool_call_id": "call_8dPq2KxX9wE1vT3m",
            "content": [{"type": "text", "text": "[metadata]\nname = parser"}],
        },
        answer.choices[0].message.model_dump(exclude_none=not none_fields),
    ]


def sendable(message: dict[str, Any]) -> dict[str, Any]:
    """What ``create`` takes back: None fields and response-only annotations left out."""
    return {k: v for k, v in message.items() if v is not None and k != "annotations"}


@pytest.mark.parametrize("none_fields", [True, False], ids=["model_dump", "exclude_none"])
def test_openai_messages_come_back_identical_and_the_api_takes_them(api, session, none_fields):
    messages = openai_conversation(none_fields=none_fields)
    response = api.post(sess(session, "messages/"), {"format": "openai", "messages": messages})
    assert response.status_code == 201, response.content
    stored = response.json()["messages"]
    assert [m["format"] for m in stored] == ["openai"] * 6
    assert [m["role"] for m in stored] == [
        "system",
        "user",
        "assistant",
        "user",
        "user",
        "assistant",
    ]

    payload = api.get(sess(session, "context/"), {"message_format": "openai"}).json()
    assert payload["format"] == "openai" and payload["system"] is None
    assert payload["messages"][0] == {"role": "system", "content": "You are a coding agent."}
    assert payload["messages"][1:] == [sendable(m) for m in messages]
    assert openai_accepts(payload["messages"])["messages"] == payload["messages"]


def test_an_openai_session_also_builds_a_valid_anthropic_payload(api, session):
    messages = openai_conversation()
    api.post(sess(session, "messages/"), {"format": "openai", "messages": messages})
    payload = api.get(sess(session, "context/")).json()
    anthropic_accepts(payload)
    # The developer message joined the system prompt; the image became base64.
    assert "Answer in English." in str(payload["system"])
    user_turn, calls, results, answer = payload["messages"]
    assert user_turn["content"][1]["source"] == {
        "type": "base64",
        "media_type": "image/png",
        "data": PNG,
    }
    assert [b["input"] for b in calls["content"]] == [
        {"path": "tests/test_api.py", "verbose": True},
        {"path": "setup.cfg"},
    ]
    # The two tool messages of one turn are sent as one user message.
    assert [b["tool_use_id"] for b in results["content"]] == [
        "call_Vx3hQfKJ0bRsZ9s1",
        "call_8dPq2KxX9wE1vT3m",
    ]
    assert answer["content"][0]["text"].startswith("Both files look fine")


def test_an_anthropic_session_builds_a_valid_openai_payload(session):
    services.message_append(session_id=session.pk, messages=conversation(none_fields=True))
    payload = selectors.session_context_build(session=session, format="openai")
    openai_accepts(payload.messages)
    roles = [m["role"] for m in payload.messages]
    assert roles[0] == "system" and "tool" in roles
    calls = [c for m in payload.messages for c in m.get("tool_calls") or ()]
    assert {c["id"] for c in calls} == {
        m["tool_call_id"] for m in payload.messages if m["role"] == "tool"
    }
    text = str(payload.messages)
    # Server tools read as text; thinking and opaque data stay out.
    assert "web search: 2 result(s)" in text and "EmwKAhgBEgy3va3pzix" not in text


@pytest.mark.parametrize(
    ("messages", "code", "field"),
    [
        pytest.param(
            [{"role": "tool", "tool_call_id": "call_1", "content": "x"}],
            "invalid_conversation", "messages[0].content", id="tool-without-a-call",
        ),
        pytest.param(
            [
                {"role": "user", "content": "go"},
                responses.chat_completion_tool_call().choices[0].message.model_dump(),
                {"role": "user", "content": "never mind"},
            ],
            "invalid_conversation", "messages[2].content", id="calls-left-unanswered",
        ),
        pytest.param(
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}
                    ],
                }
            ],
            "invalid", "messages[0].content[0]", id="audio-input",
        ),
        pytest.param(
            [{"role": "function", "name": "f", "content": "x"}], "invalid", "messages[0].role",
            id="deprecated-function-role",
        ),
        pytest.param(
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "image_url", "image_url": {"url": "data:image/png;base64,@@@"}}
                    ],
                }
            ],
            "invalid", "messages[0].content[0].image_url.url", id="bad-data-url",
        ),
        pytest.param(
            [{"role": "user", "content": "hi", "logprobs": []}], "invalid", "messages[0]",
            id="unknown-field",
        ),
        pytest.param(
            [{"role": "user", "content": "hi"}, {"role": "assistant", "content": ""}],
            "invalid", "messages[1].content", id="empty-assistant",
        ),
    ],
)  # fmt: skip
def test_bad_openai_messages_are_400_naming_the_field(api, session, messages, code, field):
    before = row_counts()
    body = {"format": "openai", "messages": messages}
    error = assert_error(api.post(sess(session, "messages/"), body), 400, code)
    assert any(key == field or key.startswith(field) for key in error["details"]), error
    assert row_counts() == before


def test_a_single_message_may_name_its_format(api, session):
    body = {"format": "openai", "role": "user", "content": "hello"}
    response = api.post(sess(session, "messages/"), body)
    assert response.status_code == 201, response.content
    assert Message.objects.get(session=session).content == {"role": "user", "content": "hello"}
    error = assert_error(api.post(sess(session, "messages/"), {**body, "format": "gemini"}), 400)
    assert "format" in error["details"]


def test_arguments_that_are_not_json_are_kept_as_sent(session):
    call = responses.chat_completion_tool_call().choices[0].message.model_dump()
    call["tool_calls"][0]["function"]["arguments"] = '{"path": "tests/test_api.py"'  # truncated
    messages = [{"role": "user", "content": "go"}, call]
    messages += [
        {"role": "tool", "tool_call_id": c["id"], "content": "ok"} for c in call["tool_calls"]
    ]
    services.message_append(session_id=session.pk, messages=messages, format="openai")
    as_openai = selectors.session_context_build(session=session, format="openai").messages
    assert as_openai[2]["tool_calls"][0]["function"]["arguments"] == '{"path": "tests/test_api.py"'
    as_anthropic = selectors.session_context_build(session=session).as_dict()
    assert as_anthropic["messages"][1]["content"][0]["input"] == {
        "arguments": '{"path": "tests/test_api.py"'
    }
    anthropic_accepts(as_anthropic)


def _openai_agent_loop(steps: int, *, start: int = 0) -> list[dict[str, Any]]:
    """agent_loop's shape in OpenAI messages: one request, then call / tool answer pairs."""
    out: list[dict[str, Any]] = []
    for message in agent_loop(steps, output_chars=3000, start=start):
        content = message["content"]
        if message["role"] == "user" and isinstance(content, str):
            out.append({"role": "user", "content": content})
        elif message["role"] == "assistant":
            text, use = content
            out.append(
                {
                    "role": "assistant",
                    "content": text["text"],
                    "tool_calls": [
                        {
                            "id": use["id"],
                            "type": "function",
                            "function": {"name": "bash", "arguments": '{"command": "cat"}'},
                        }
                    ],
                }
            )
        else:
            result = content[0]
            out.append(
                {
                    "role": "tool",
                    "tool_call_id": result["tool_use_id"],
                    "content": result["content"],
                }
            )
    return out


def test_an_openai_session_compacts_prunes_and_stays_valid_in_both_formats(session, small):
    services.message_append(session_id=session.pk, messages=_openai_agent_loop(30), format="openai")
    session.refresh_from_db()
    assert session.estimated_tokens > 2000
    before = selectors.session_context_build(session=session, format="openai")
    assert before.hard_cleared > 0  # old tool messages are cleared, the newest kept
    assert before.messages[-1] == Message.objects.get(session=session, seq=61).content

    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    kept = Message.objects.filter(session=session).active().order_by("seq")
    assert kept.first().content["role"] != "tool"  # never cut between a call and its answer
    for fmt in ("openai", "anthropic"):
        payload = selectors.session_context_build(session=session, format=fmt)
        assert "<checkpoint>" in str(payload.messages) + str(payload.system)
        if fmt == "openai":
            openai_accepts(payload.messages)
        else:
            anthropic_accepts(payload.as_dict())


def test_openai_messages_read_in_the_admin_like_any_other(admin_client, session):
    services.message_append(session_id=session.pk, messages=openai_conversation(), format="openai")
    calls = Message.objects.get(session=session, seq=3)
    html = admin_client.get(f"/admin/compaction/message/{calls.pk}/change/").content.decode()
    assert "tool call run_tests id=call_Vx3hQfKJ0bRsZ9s1" in html
    assert "path: tests/test_api.py" in html
    listing = admin_client.get(f"/admin/compaction/message/?session={session.pk}").content.decode()
    assert "OpenAI Chat Completions" in listing  # the format column's filter
