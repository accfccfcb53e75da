"""Building the payload: summary placement, carried messages, pruning and token report,
and properties: any cut of any valid conversation, in either format, is sendable.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from compaction.content import Tail, clean_messages
from compaction.engine.context import SUMMARY_ACK, CheckpointContext, build_context
from compaction.engine.cutpoint import MessageInfo, choose_cut
from compaction.engine.tokens import message_tokens
from tests.support.conversations import conversation_from_steps, message_infos
from tests.support.helpers import (
    VALID_SUMMARY,
    agent_loop,
    assistant,
    chat,
    payload_problem,
    settings_with,
    tool_answer,
    tool_call,
    user,
)


def _build(messages, *, summary=None, carried=(), **overrides):
    checkpoint = CheckpointContext(summary, 1, list(carried)) if summary else None
    return build_context(
        system_prompt="You are helpful.",
        checkpoint=checkpoint,
        messages=messages,
        settings=settings_with(**overrides),
        calibration_ratio=1.0,
        should_compact=False,
    )


def test_summary_pair_precedes_a_user_turn():
    payload = _build(chat(2), summary=VALID_SUMMARY)
    assert [m["role"] for m in payload.messages[:3]] == ["user", "assistant", "user"]
    assert payload.messages[1]["content"] == SUMMARY_ACK
    assert "<checkpoint>" in payload.messages[0]["content"][-1]["text"]
    assert payload_problem(payload.messages) is None


def test_summary_alone_precedes_an_assistant_message():
    body = agent_loop(3)[1:]
    payload = _build(body, summary=VALID_SUMMARY)
    assert [m["role"] for m in payload.messages[:2]] == ["user", "assistant"]
    assert payload_problem(payload.messages) is None


def test_system_placement_appends_the_summary_to_the_system_prompt():
    payload = _build(agent_loop(3)[1:], summary=VALID_SUMMARY, SUMMARY_PLACEMENT="system")
    assert payload.system_text.startswith("You are helpful.\n\n")
    assert "<checkpoint>" in payload.system_text
    assert payload.messages[0]["role"] == "user"
    assert payload_problem(payload.messages) is None


def test_carried_first_message_is_verbatim():
    carried = [{"seq": 1, "role": "user", "content": "Build me a parser.", "protected": True}]
    payload = _build(chat(1), summary=VALID_SUMMARY, carried=carried)
    assert {"type": "text", "text": "Build me a parser."} in payload.messages[0]["content"]


def test_payload_reports_pruning_and_calibrated_tokens():
    messages = agent_loop(10, output_chars=24_000)
    payload = build_context(
        system_prompt="",
        checkpoint=None,
        messages=messages,
        settings=settings_with(TOOL_CLEAR_AT_LEAST=0),
        calibration_ratio=1.5,
        should_compact=True,
    )
    data = payload.as_dict()
    assert data["pruning"] == {"soft_trimmed": 4, "hard_cleared": 4}
    raw = sum(message_tokens(m["content"]) for m in payload.messages)
    assert data["estimated_tokens"] == round(raw * 1.5)
    assert data["should_compact"] is True


# A conversation as a sequence of "steps": a user text turn, or a tool call + its result.
_steps = st.lists(st.sampled_from(["turn", "tool", "tool2", "text"]), min_size=2, max_size=40)


@settings(max_examples=150, deadline=None)
@given(
    steps=_steps,
    keep=st.integers(min_value=1, max_value=3000),
    placement=st.sampled_from(["messages", "system"]),
    pin=st.integers(0, 30),
)
def test_any_cut_of_any_valid_conversation_yields_an_acceptable_payload(
    steps, keep, placement, pin
):
    messages = conversation_from_steps(steps)
    if pin < len(messages):
        messages[pin] = {**messages[pin], "pinned": True}
    assert payload_problem(messages) is None
    decision = choose_cut(message_infos(messages), keep_recent_tokens=keep, protect_first_seq=1)
    if not decision.should_cut:
        return
    active = messages[decision.cut_seq :]
    carried = [
        {
            "seq": s,
            "role": messages[s - 1]["role"],
            "content": messages[s - 1]["content"],
            "protected": s == 1,
        }
        for s in decision.carried_seqs
    ]
    payload = _build(active, summary=VALID_SUMMARY, carried=carried, SUMMARY_PLACEMENT=placement)
    assert payload_problem(payload.messages) is None, (decision, payload.messages[:3])


# Every format and block family in one conversation: any cut of it must still be sendable.
_mixed_steps = st.lists(
    st.sampled_from(["turn", "tool", "server", "paused", "openai_tool", "openai_turn"]),
    min_size=2,
    max_size=30,
)


def _mixed_conversation(steps):
    messages = [{**user("Start: refactor src/app.py"), "format": "anthropic"}]

    def add(message, fmt="anthropic"):
        messages.append({**message, "format": fmt})

    for i, step in enumerate(steps):
        if step == "turn":
            add(assistant(f"done {i}"))
            add(user(f"next {i} " * (i % 5 + 1)))
        elif step == "tool":
            add(tool_call(f"toolu_{i}", "ls"))
            add(tool_answer(f"toolu_{i}", "o" * (i * 97)))
        elif step in ("server", "paused"):
            use = {"type": "server_tool_use", "id": f"srvtoolu_{i}", "name": "web_search",
                   "input": {"query": f"q{i}"}}  # fmt: skip
            result = {"type": "web_search_tool_result", "tool_use_id": f"srvtoolu_{i}",
                      "content": [{"type": "web_search_result", "url": "https://x.test",
                                   "title": "t", "encrypted_content": "e" * i}]}  # fmt: skip
            if step == "server":
                add({"role": "assistant", "content": [use, result, {"type": "text", "text": "ok"}]})
            else:
                add({"role": "assistant", "content": [use]})
                add({"role": "assistant", "content": [result, {"type": "text", "text": "ok"}]})
            add(user(f"and then {i}"))
        elif step == "openai_tool":
            function = {"name": "bash", "arguments": '{"c": 1}'}
            calls = [
                {"id": f"call_{i}_{n}", "type": "function", "function": function} for n in (1, 2)
            ]
            add({"role": "assistant", "content": None, "tool_calls": calls}, "openai")
            for call_ in calls:
                add(
                    {"role": "tool", "tool_call_id": call_["id"], "content": "x" * (i * 53)},
                    "openai",
                )
        else:
            add({"role": "assistant", "content": f"answer {i}"}, "openai")
            add({"role": "user", "content": f"question {i}"}, "openai")
    return messages


@settings(max_examples=120, deadline=None)
@given(
    steps=_mixed_steps,
    keep=st.integers(min_value=1, max_value=2000),
    placement=st.sampled_from(["messages", "system"]),
)
def test_any_cut_of_any_mixed_conversation_is_sendable_in_both_formats(steps, keep, placement):
    from tests.support.messages_api import validate_messages_request
    from tests.support.openai_stub import validate_chat_request

    messages = _mixed_conversation(steps)
    flags = []
    tail = Tail()
    for message in messages:
        fmt = message["format"]
        raw = {k: v for k, v in message.items() if k != "format"}
        (cleaned,), tail = clean_messages([raw], tail=tail, max_chars=10**6, batch=False, fmt=fmt)
        message["role"] = cleaned.role
        message["content"] = cleaned.content
        flags.append(cleaned.continues)
    infos = [
        MessageInfo(
            seq=i + 1,
            role=m["role"],
            tokens=message_tokens(m["content"], fmt=m["format"], role=m["role"]),
            turn_start=m["role"] == "user" and not flag,
            answers_tools=flag,
        )
        for i, (m, flag) in enumerate(zip(messages, flags, strict=True))
    ]
    decision = choose_cut(infos, keep_recent_tokens=keep, protect_first_seq=1)
    active = messages[decision.cut_seq :] if decision.should_cut else messages
    summary = VALID_SUMMARY if decision.should_cut else None
    for fmt in ("anthropic", "openai"):
        payload = build_context(
            system_prompt="You are helpful.",
            checkpoint=CheckpointContext(summary, 1) if summary else None,
            messages=active,
            settings=settings_with(SUMMARY_PLACEMENT=placement),
            calibration_ratio=1.0,
            should_compact=False,
            fmt=fmt,
        )
        if fmt == "openai":
            validate_chat_request({"model": "gpt-5", "messages": payload.messages})
        else:
            validate_messages_request(
                {
                    "model": "m",
                    "max_tokens": 1,
                    "system": payload.system,
                    "messages": payload.messages,
                }
            )
