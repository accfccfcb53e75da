"""Cleaning incoming messages: malformed fields, role order, tool pairing, SDK-dumped blocks."""

from __future__ import annotations

import pytest

from compaction.content import Tail, clean_messages, tail_after
from compaction.exceptions import InvalidConversation, InvalidInput
from tests.support.helpers import agent_loop, assistant, tool_answer, tool_call, user


def _clean(messages, previous=None, *, unknown="store"):
    tail = tail_after([("user", "go"), previous]) if previous is not None else Tail()
    cleaned, _ = clean_messages(messages, tail=tail, max_chars=10_000, batch=True, unknown=unknown)
    return cleaned


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"role": "tool", "content": "hi"}, "messages[0].role"),
        ({"role": "user"}, "messages[0].content"),
        ({"role": "user", "content": ""}, "messages[0].content"),
        ({"role": "user", "content": []}, "messages[0].content"),
        ({"role": "user", "content": 42}, "messages[0].content"),
        ({"role": "user", "content": "a\x00b"}, "messages[0].content"),
        ({"role": "user", "content": [{"type": "video"}]}, "messages[0].content[0].type"),
        ({"role": "user", "content": [{"type": "text"}]}, "messages[0].content[0].text"),
        (
            {
                "role": "user",
                "content": [{"type": "tool_use", "id": "a", "name": "b", "input": {}}],
            },
            "messages[0].content[0].type",
        ),
        ({"role": "user", "content": "x" * 10_001}, "messages[0].content"),
        ({"role": "user", "content": "hi", "pinned": "yes"}, "messages[0].pinned"),
        ({"role": "user", "content": "hi", "extra": 1}, "messages[0].extra"),
        (
            {
                "role": "user",
                "content": [{"type": "image", "source": {"type": "base64", "data": "A"}}],
            },
            "messages[0].content[0].source.media_type",
        ),
    ],
)
def test_malformed_messages_are_rejected_naming_the_field(message, path):
    with pytest.raises(InvalidInput) as info:
        _clean([message], unknown="reject")
    assert path in info.value.details


def test_first_message_of_a_conversation_must_be_user():
    with pytest.raises(InvalidConversation) as info:
        _clean([assistant("hello")])
    assert "messages[0].role" in info.value.details


def test_tool_result_must_answer_the_assistant_message_just_before():
    with pytest.raises(InvalidConversation) as info:
        _clean([user("go"), assistant("ok"), tool_answer("toolu_x", "out")])
    assert "answers no tool_use" in info.value.details["messages[2].content"]


def test_tool_use_must_be_answered_by_the_next_message():
    with pytest.raises(InvalidConversation):
        _clean([user("go"), tool_call("t1", "ls"), assistant("never mind")])
    with pytest.raises(InvalidConversation):
        _clean([user("go"), tool_call("t1", "ls"), user("what happened?")])


def test_pairing_is_checked_against_the_stored_previous_message():
    previous = ("assistant", tool_call("t1", "ls")["content"])
    assert _clean([tool_answer("t1", "file.txt")], previous=previous)
    with pytest.raises(InvalidConversation):
        _clean([user("unrelated")], previous=previous)


def test_consecutive_same_role_messages_are_allowed():
    cleaned = _clean([user("a"), user("b"), assistant("c"), assistant("d")])
    assert [m.role for m in cleaned] == ["user", "user", "assistant", "assistant"]


def test_tool_results_must_precede_other_blocks():
    previous = ("assistant", tool_call("t1", "ls")["content"])
    content = [
        {"type": "text", "text": "here"},
        {"type": "tool_result", "tool_use_id": "t1", "content": "x"},
    ]
    with pytest.raises(InvalidConversation):
        _clean([{"role": "user", "content": content}], previous=previous)


def test_real_shaped_agent_loop_is_valid():
    assert len(_clean(agent_loop(5))) == 11


def test_sdk_response_blocks_dumped_with_none_fields_are_accepted_and_cleaned():
    from anthropic.types import TextBlock, ToolUseBlock

    blocks = [
        TextBlock(type="text", text="Let me look.").model_dump(),
        ToolUseBlock(type="tool_use", id="toolu_1", name="bash", input={"c": "ls"}).model_dump(),
    ]
    (cleaned,) = _clean([{"role": "assistant", "content": blocks}], previous=("user", "go"))
    assert cleaned.content == [
        {"type": "text", "text": "Let me look."},
        {"type": "tool_use", "id": "toolu_1", "name": "bash", "input": {"c": "ls"}},
    ]
