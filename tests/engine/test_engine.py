"""The pure engine: estimation, validation of blocks, pruning, cut point, transcript, payload."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compaction.content import CLEARED_TEXT, Tail, canonical_blocks, clean_messages, tail_after
from compaction.engine.context import SUMMARY_ACK, CheckpointContext, build_context
from compaction.engine.cutpoint import MessageInfo, choose_cut
from compaction.engine.pruning import prune_tool_results
from compaction.engine.tokens import calibrate, message_tokens
from compaction.engine.transcript import chunk_transcript, render_message
from compaction.engine.validation import validate_summary
from compaction.exceptions import InvalidConversation, InvalidInput
from tests.support.helpers import (
    VALID_SUMMARY,
    agent_loop,
    assistant,
    chat,
    payload_problem,
    render_transcript,
    settings_with,
    tool_answer,
    tool_call,
    user,
)

# ----------------------------------------------------------------------------- tokens


def test_text_is_chars_over_four_plus_message_overhead():
    assert message_tokens("x" * 400) == 100 + 4
    assert message_tokens("x" * 401) == 101 + 4


def test_blocks_count_tool_use_json_tool_result_text_and_fixed_image_cost():
    content = [
        {"type": "text", "text": "a" * 40},
        {"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": "ls"}},
    ]
    # name (4) + compact JSON {"command":"ls"} (16) + 40 = 60 chars
    assert message_tokens(content) == 15 + 4
    result = [
        {
            "type": "tool_result",
            "tool_use_id": "t1",
            "content": [{"type": "text", "text": "b" * 80}],
        },
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AA"}},
    ]
    assert message_tokens(result, image_tokens=1600) == 20 + 1600 + 4


def test_calibration_is_an_ema_with_alpha_and_ignores_empty_samples():
    assert calibrate(1.0, estimated=1000, actual=1500, alpha=0.1) == pytest.approx(1.05)
    assert calibrate(1.2, estimated=0, actual=100) == 1.2
    # A wildly wrong report is clamped, so one bad sample cannot wreck the ratio.
    assert calibrate(1.0, estimated=10, actual=10_000, alpha=0.1) == pytest.approx(1.3)


# ----------------------------------------------------------------------------- blocks


def _clean(messages, previous=None, *, unknown="store"):
    tail = tail_after([("user", "go"), previous]) if previous is not None else Tail()
    cleaned, _ = clean_messages(messages, tail=tail, max_chars=10_000, batch=True, unknown=unknown)
    return cleaned


def is_turn_start(role, content):
    """A user message that opens a turn: it answers no tool call."""
    blocks = canonical_blocks(role, content)
    return role == "user" and not any(b.get("type") == "tool_result" for b in blocks)


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


# ----------------------------------------------------------------------------- pruning


def _prune(messages, **overrides):
    options = {
        "soft_trim_chars": 4000,
        "head": 1500,
        "tail": 1500,
        "hard_clear_after": 6,
        "keep_last": 2,
    }
    options.update(overrides)
    return prune_tool_results(messages, **options)


def test_old_results_are_cleared_recent_long_ones_trimmed_last_two_untouched():
    messages = agent_loop(10, output_chars=24_000)
    result = _prune(messages)
    results = [
        m
        for m in result.messages
        if is_turn_start(m["role"], m["content"]) is False and m["role"] == "user"
    ]
    texts = [m["content"][0]["content"] for m in results]
    assert len(texts) == 10
    # ages 9..6 cleared, 5..2 trimmed, 1..0 untouched
    assert texts[:4] == [CLEARED_TEXT] * 4
    originals = [m["content"][0]["content"] for m in messages[2::2]]
    for text, original in zip(texts[4:8], originals[4:8], strict=True):
        marker = f"--- trimmed (kept 1500 head + 1500 tail of {len(original)} chars) ---"
        assert marker in text
        assert len(text) < 3200
    assert texts[8:] == originals[8:]
    assert (result.hard_cleared, result.soft_trimmed) == (4, 4)


def test_pruning_never_touches_stored_input_user_text_or_assistant_blocks():
    messages = agent_loop(10, output_chars=24_000)
    snapshot = repr(messages)
    result = _prune(messages)
    assert repr(messages) == snapshot
    for before, after in zip(messages, result.messages, strict=True):
        if before["role"] == "assistant" or isinstance(before["content"], str):
            assert after is before


def test_images_inside_cleared_results_are_kept():
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "A"}}
    messages = [user("go")]
    for i in range(8):
        messages.append(tool_call(f"t{i}", "screenshot"))
        messages.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": f"t{i}",
                        "content": [{"type": "text", "text": "y" * 500}, image],
                    }
                ],
            }
        )
    pruned = _prune(messages)
    first = pruned.messages[2]["content"][0]["content"]
    assert first == [{"type": "text", "text": CLEARED_TEXT}, image]


# ----------------------------------------------------------------------------- cut point


def _infos(messages):
    return [
        MessageInfo(
            seq=i + 1,
            role=m["role"],
            tokens=message_tokens(m["content"]),
            turn_start=is_turn_start(m["role"], m["content"]),
            answers_tools=m["role"] == "user" and not is_turn_start(m["role"], m["content"]),
            pinned=m.get("pinned", False),
        )
        for i, m in enumerate(messages)
    ]


def test_cut_keeps_recent_tokens_and_snaps_to_a_user_turn():
    messages = chat(20)
    decision = choose_cut(_infos(messages), keep_recent_tokens=300)
    assert decision.should_cut
    kept = messages[decision.cut_seq :]
    assert kept[0]["role"] == "user"
    assert sum(message_tokens(m["content"]) for m in kept) >= 300


def test_cut_never_separates_tool_use_from_its_result():
    messages = agent_loop(40)
    for keep in (50, 200, 333, 1000, 2500):
        decision = choose_cut(_infos(messages), keep_recent_tokens=keep)
        assert decision.should_cut
        first_kept = messages[decision.cut_seq]
        assert first_kept["role"] == "assistant" or is_turn_start("user", first_kept["content"])


def test_long_agent_loop_is_split_inside_the_turn():
    decision = choose_cut(_infos(agent_loop(100)), keep_recent_tokens=500)
    assert decision.should_cut and decision.split_turn


def test_nothing_to_cut_gives_a_reason():
    decision = choose_cut(_infos(chat(2)), keep_recent_tokens=100_000)
    assert not decision.should_cut
    assert "fit within KEEP_RECENT_TOKENS" in decision.reason
    assert "1 active message" in choose_cut(_infos([user("x")]), keep_recent_tokens=1).reason


def test_protected_and_pinned_messages_are_carried():
    messages = chat(10)
    messages[3] = {**messages[3], "pinned": True}
    decision = choose_cut(_infos(messages), keep_recent_tokens=200, protect_first_seq=1)
    assert decision.carried_seqs == (1, 4)


def test_only_carried_messages_before_the_window_is_nothing_to_cut():
    messages = [user("first " * 10), assistant("x " * 500), user("y " * 500)]
    decision = choose_cut(_infos(messages), keep_recent_tokens=400, protect_first_seq=1)
    assert not decision.should_cut


# ----------------------------------------------------------------------------- transcript


def test_transcript_previews_tool_results_and_neutralizes_delimiters():
    message = {"seq": 3, **tool_answer("t1", "A" * 1000 + "</conversation>")}
    text = render_message(message, head=500, tail=200)
    assert "characters omitted" in text
    assert "</conversation>" not in text
    assert text.startswith("[#3 user]")


def test_chunks_respect_the_limit_and_drop_nothing():
    messages = [{"seq": i + 1, **m} for i, m in enumerate(chat(200))]
    chunks = chunk_transcript(messages, max_chars=5000)
    assert len(chunks) > 1
    assert all(len(c.text) <= 5000 for c in chunks)
    assert [m["seq"] for c in chunks for m in c.messages] == list(range(1, 401))
    huge = [{"seq": 1, "role": "user", "content": "z" * 12_000}]
    parts = chunk_transcript(huge, max_chars=5000)
    assert len(parts) == 3 and all(len(p.text) <= 5000 for p in parts)
    assert sum(p.text.count("z") for p in parts) == 12_000


# ----------------------------------------------------------------------------- validation


def test_valid_summary_passes():
    result = validate_summary(VALID_SUMMARY, max_chars=6000)
    assert result.ok, result.errors
    assert len(result.sections_found) == 7


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Short.", "fewer than the minimum"),
        ("Free text " * 50, "key sections"),
        (
            "## Goal\n\n## Progress\n- (none)\n## Next Steps\n\n## Critical Context\n" + " " * 300,
            "fewer than the minimum",
        ),
        (
            "## Goal\n-\n## Progress\n- (none)\n## Key Decisions\n- N/A\n## Next Steps\n- ...\n"
            "## Critical Context\n- none\n## Conversation Dynamics\n- none\n"
            "## Constraints & Preferences\n- none\n" + "<!-- padding -->\n" * 0 + "- (none)\n" * 20,
            "empty skeleton",
        ),
    ],
)
def test_bad_summaries_are_rejected(text, error):
    result = validate_summary(text, max_chars=6000, min_chars=200)
    assert not result.ok
    assert any(error in e for e in result.errors)


def test_oversized_summary_is_capped_with_a_marker():
    result = validate_summary(VALID_SUMMARY + "\n- detail" * 2000, max_chars=3000)
    assert result.ok and result.truncated
    assert len(result.text) <= 3000
    assert result.text.endswith("[… summary truncated to 3000 characters]")


# ----------------------------------------------------------------------------- payload


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
        settings=settings_with(),
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


def _conversation(steps):
    messages = [user("Start the task: refactor src/app.py")]
    for i, step in enumerate(steps):
        if step == "turn":
            messages += [assistant(f"done step {i}"), user(f"next request {i} " * (i % 7 + 1))]
        elif step == "text":
            messages.append(assistant(f"thinking about step {i} " * (i % 5 + 1)))
        else:
            ids = [f"toolu_{i}_a"] + ([f"toolu_{i}_b"] if step == "tool2" else [])
            messages.append(
                {
                    "role": "assistant",
                    "content": [
                        {"type": "tool_use", "id": t, "name": "bash", "input": {"i": i}}
                        for t in ids
                    ],
                }
            )
            messages.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": t, "content": "o" * (i * 37)}
                        for t in ids
                    ],
                }
            )
    return messages


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
    messages = _conversation(steps)
    if pin < len(messages):
        messages[pin] = {**messages[pin], "pinned": True}
    assert payload_problem(messages) is None
    decision = choose_cut(_infos(messages), keep_recent_tokens=keep, protect_first_seq=1)
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


def test_transcript_of_the_whole_conversation_contains_every_message():
    messages = [{"seq": i + 1, **m} for i, m in enumerate(_conversation(["tool", "turn"] * 5))]
    text = render_transcript(messages)
    assert all(f"[#{m['seq']} " in text for m in messages)


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
