"""OpenAI Responses items as a message format, through the REST API and the services.

Every item is built with the openai SDK's own types (``tests/support/responses_items.py``);
payloads are checked against the SDK's request types and against the stand-ins' rules for
the other APIs.
"""

from __future__ import annotations

import copy
import json

import pytest
from openai.types.responses import ResponseInputParam
from pydantic import TypeAdapter

from compaction import selectors, services
from compaction.content.responses import CALLS, OUTPUTS, UNREADABLE_SUMMARY
from compaction.exceptions import FormatNotMappable
from compaction.models import Checkpoint, Message
from tests.support import responses_items as items
from tests.support.api import assert_error, sess
from tests.support.messages_api import validate_messages_request
from tests.support.openai_stub import validate_chat_request

pytestmark = pytest.mark.django_db

INPUT = TypeAdapter(ResponseInputParam)


def without_nulls(value):
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def post(api, session, messages, fmt="responses"):
    return api.post(
        sess(session, "messages/"), {"format": fmt, "messages": messages}, format="json"
    )


def context(api, session, fmt="responses"):
    return api.get(sess(session, "context/"), {"message_format": fmt})


def test_every_item_type_round_trips_byte_for_byte_and_goes_back_as_input(
    api, session, compaction_settings
):
    # No pruning: the payload carries every item as stored.
    compaction_settings(TOOL_SOFT_TRIM_CHARS=100_000_000, TOOL_HARD_CLEAR_AFTER=1_000_000)
    sent = items.coding_turns()
    response = post(api, session, sent)
    assert response.status_code == 201, response.json()
    assert len(response.json()["messages"]) == len(sent)  # one stored message per item
    stored = api.get(sess(session, "messages/")).json()["results"]
    assert [m["content"] for m in stored] == sent
    rows = Message.objects.filter(session=session).order_by("seq")
    assert {m.format for m in rows} == {"responses"}
    # The canonical roles: the host's side is user, the model's items assistant.
    assert [m.role for m in rows][:3] == ["user", "assistant", "assistant"]

    payload = context(api, session).json()
    assert payload["format"] == "responses"
    assert payload["instructions"] == "You are a coding agent."
    assert "messages" not in payload and "system" not in payload
    # Sent back as stored, less the nulls a dump carries that create() does not take.
    assert payload["input"] == [without_nulls(i) for i in sent]
    INPUT.validate_python(payload["input"])
    reasoning = next(i for i in payload["input"] if i.get("type") == "reasoning")
    assert reasoning["encrypted_content"] == items.ENCRYPTED


def test_a_call_must_be_answered_by_its_call_id(api, session):
    unanswered = [
        items.user("Run the tests."),
        *items.output(items.function_call("call_1", "bash", '{"command": "pytest"}')),
        items.user("Actually, never mind."),
    ]
    error = assert_error(post(api, session, unanswered), 400, "invalid_conversation")
    assert "call_1" in json.dumps(error["details"])
    stray = [items.user("Hi."), items.function_output("call_nobody", "output")]
    assert_error(post(api, session, stray), 400, "invalid_conversation")
    assert not Message.objects.filter(session=session).exists()  # nothing written


def test_one_responses_calls_form_one_turn_and_are_answered_in_any_order(api, session):
    turn = [
        items.user("Read both files."),
        *items.output(
            items.reasoning("Read them in parallel."),
            items.function_call("call_a", "read_file", '{"path": "a.py"}'),
            items.function_call("call_b", "read_file", '{"path": "b.py"}'),
        ),
        items.function_output("call_b", "b"),
        items.function_output("call_a", "a"),
        *items.output(items.answer("Both read.")),
    ]
    assert post(api, session, turn).status_code == 201
    # The Chat Completions payload puts both calls in one assistant message before the
    # tool messages, as that API requires.
    chat_payload = context(api, session, "openai").status_code
    assert chat_payload == 422  # the reasoning item cannot go there


def test_another_format_is_refused_naming_the_items_it_cannot_carry(api, session):
    assert post(api, session, items.coding_turns()).status_code == 201
    for fmt in ("anthropic", "openai"):
        error = assert_error(context(api, session, fmt), 422, "format_not_mappable")
        assert error["details"]["items"] == ["reasoning"]
        assert error["details"]["format"] == fmt


def test_without_opaque_items_every_format_carries_the_session(api, session):
    turn = [
        items.user("Read both files."),
        *items.output(
            items.function_call("call_a", "read_file", '{"path": "a.py"}'),
            items.function_call("call_b", "read_file", '{"path": "b.py"}'),
        ),
        items.function_output("call_a", "print('a')"),
        items.function_output("call_b", "print('b')"),
        *items.output(
            {
                "id": "ws_01",
                "type": "web_search_call",
                "status": "completed",
                "action": {"type": "search", "query": "python print"},
            },
            items.answer("Both print a letter."),
        ),
    ]
    assert post(api, session, turn).status_code == 201
    claude = context(api, session, "anthropic").json()
    validate_messages_request(
        {
            "model": "claude-haiku-4-5",
            "max_tokens": 64,
            **{k: claude[k] for k in ("system", "messages")},
        }
    )
    calls = [b for b in claude["messages"][1]["content"] if b["type"] == "tool_use"]
    assert [c["id"] for c in calls] == ["call_a", "call_b"]  # one assistant turn
    assert "[web search]" in json.dumps(claude["messages"])
    gpt = context(api, session, "openai").json()
    validate_chat_request({"model": "gpt-5", "messages": gpt["messages"]})
    assert [len(m.get("tool_calls") or ()) for m in gpt["messages"]][:3] == [0, 0, 2]


def test_an_anthropic_session_is_given_as_responses_items(api, session):
    services.message_append(
        session_id=session.pk,
        messages=[
            {"role": "user", "content": "List the tests."},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Listing."},
                    {
                        "type": "tool_use",
                        "id": "toolu_1",
                        "name": "bash",
                        "input": {"command": "ls"},
                    },
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.py"}],
            },
        ],
    )
    payload = context(api, session).json()
    INPUT.validate_python(payload["input"])
    assert payload["input"][1:] == [
        {"role": "assistant", "content": "Listing."},
        {
            "type": "function_call",
            "call_id": "toolu_1",
            "name": "bash",
            "arguments": '{"command": "ls"}',
        },
        {"type": "function_call_output", "call_id": "toolu_1", "output": "a.py"},
    ]


def test_old_output_is_pruned_and_nothing_opaque_is_touched(api, session, compaction_settings):
    compaction_settings(
        TOOL_HARD_CLEAR_AFTER=1, KEEP_LAST_TOOL_RESULTS=1, TOOL_CLEAR_AT_LEAST=0, AUTO_COMPACT="off"
    )
    sent = items.coding_turns()
    assert post(api, session, sent).status_code == 201
    payload = context(api, session).json()
    by_call = {i["call_id"]: i for i in payload["input"] if i.get("type") == "function_call_output"}
    assert by_call["call_test"]["output"] != items.PYTEST_LOG  # an old 20 KB log, cleared
    assert len(by_call["call_test"]["output"]) < 200
    kept = [i for i in payload["input"] if i.get("type") not in ("function_call_output",)]
    assert kept == [without_nulls(i) for i in sent if i.get("type") != "function_call_output"]
    # Storage keeps the original.
    stored = Message.objects.get(
        session=session, content__contains={"type": "function_call_output", "call_id": "call_test"}
    )
    assert stored.content["output"] == items.PYTEST_LOG


def test_a_responses_session_compacts_and_its_payload_leads_with_the_summary(api, session, small):
    sent = items.coding_turns() * 1
    assert post(api, session, sent).status_code == 201
    more = copy.deepcopy(items.coding_turns())
    for item in more:  # the same turns again, with ids of their own
        for key in ("call_id", "id"):
            if item.get(key):
                item[key] = f"{item[key]}_2"
    assert post(api, session, more).status_code == 201
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session, format="responses")
    INPUT.validate_python(payload.messages)
    assert payload.checkpoint_version == 1
    lead = payload.messages[0]
    assert lead["role"] == "user" and "Checkpoint v1" in lead["content"]
    # The kept window never starts between a call and its output, nor inside a response.
    first = payload.messages[1]
    assert first.get("type") not in ("function_call_output", "custom_tool_call_output")
    stored = list(Message.objects.filter(session=session).order_by("seq"))
    kept = [m for m in stored if m.seq > session.archived_seq]
    assert not kept[0].answers_tools
    outputs = {i["call_id"] for i in payload.messages if i.get("type") in OUTPUTS}
    calls = {i["call_id"] for i in payload.messages if i.get("type") in CALLS}
    assert outputs <= calls
    assert Checkpoint.objects.filter(session=session).count() == 1


def test_the_services_refuse_another_format_for_such_a_session(session):
    services.message_append(
        session_id=session.pk, messages=items.coding_turns(), format="responses"
    )
    with pytest.raises(FormatNotMappable) as refused:
        selectors.session_context_build(session=session, format="anthropic")
    assert refused.value.details["items"] == ["reasoning"]


def test_openais_compaction_item_is_a_native_checkpoint_shown_as_not_readable(
    api, session, admin_client, small
):
    first = items.coding_turns()
    assert post(api, session, first).status_code == 201
    compacted = [items.compaction_item(), items.user("Go on with the icon.")]
    response = post(api, session, compacted)
    assert response.status_code == 201, response.json()

    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.kind == "native" and checkpoint.summarizer == "openai-server"
    assert checkpoint.summary == UNREADABLE_SUMMARY
    assert checkpoint.native_block["encrypted_content"] == items.ENCRYPTED
    assert checkpoint.last_seq == len(first)  # everything before the item, archived
    # The originals are kept.
    assert Message.objects.filter(session=session).count() == len(first) + 2
    # The payload leads with the item, untouched, and nothing before it.
    payload = context(api, session).json()
    assert payload["input"][0] == without_nulls(items.compaction_item())
    assert payload["input"][1:] == [{"role": "user", "content": "Go on with the icon."}]
    for fmt in ("anthropic", "openai"):
        error = assert_error(context(api, session, fmt), 422, "format_not_mappable")
        assert error["details"]["items"] == ["compaction"]

    page = admin_client.get(f"/admin/compaction/checkpoint/{checkpoint.pk}/change/")
    assert page.status_code == 200 and "content not readable" in page.content.decode()

    # The next compaction builds on it with the app's own summarizer.
    more = [
        *items.output(items.answer("Drawing the icon now. " * 60, "msg_10")),
        items.user("And the screenshot? " * 40),
        *items.output(items.answer("Taking it. " * 80, "msg_11")),
    ]
    assert post(api, session, more).status_code == 201
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded", run.error
    v2 = Checkpoint.objects.get(session=session, version=2)
    assert v2.kind != "native" and v2.summary != UNREADABLE_SUMMARY
    # The audit reads nothing it cannot read, and counts nothing.
    diff = api.get(sess(session, "checkpoints/2/diff/"), {"against": 1}).json()
    assert diff["protocol"] == "opaque" and diff["items_counted"] == 0 and not diff["lost"]
    point = api.get(sess(session, "drift/")).json()["timeline"][1]
    assert (point["protocol"], point["silent_drops"], point["silent_changes"]) == ("opaque", 0, 0)
