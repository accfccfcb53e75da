"""Conversation builders and cut-point inputs shared by the engine tests."""

from __future__ import annotations

from compaction.content import canonical_blocks
from compaction.engine.cutpoint import MessageInfo
from compaction.engine.tokens import message_tokens
from tests.support.helpers import assistant, user


def is_turn_start(role, content):
    """A user message that opens a turn: it answers no tool call."""
    blocks = canonical_blocks(role, content)
    return role == "user" and not any(b.get("type") == "tool_result" for b in blocks)


def message_infos(messages):
    """Cut-point inputs for plain messages, numbered from seq 1."""
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


def conversation_from_steps(steps):
    """A valid conversation: per step a user turn, a text reply, or tool call(s) + results."""
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
