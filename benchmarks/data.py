"""The histories a run loads: the bundled transcripts and deterministic synthetic agent loops."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

from compaction.engine.tokens import message_tokens

TRANSCRIPTS_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "transcripts"
OPENHANDS_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "openhands"

_TOOL_LINES = (
    "============================= test session starts ==============================\n"
    "platform linux -- Python 3.12.1, pytest-8.3.2, pluggy-1.5.0\n"
    "rootdir: /srv/project\ncollected 48 items\n\n"
    "tests/test_module.py ........F.....................................   [100%]\n\n"
    "=================================== FAILURES ===================================\n"
    "E   AssertionError: expected 200 OK, got 500 Internal Server Error\n"
    "E   ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'\n"
)


def _tool_output(k: int, chars: int) -> str:
    head = f"$ pytest tests/test_module_{k % 97}.py -q  (run {k})\n"
    body = (_TOOL_LINES * (chars // len(_TOOL_LINES) + 1))[: max(0, chars - len(head))]
    return head + body


def synthetic_message(index: int, *, tool_chars: int) -> dict[str, Any]:
    """Message ``index`` (0-based) of an endless, valid agent loop, deterministically.

    Cycles of four: a user request, an assistant tool call, the user's tool result, an
    assistant answer. Any prefix whose length is a multiple of 4 ends on an assistant
    text, so plain user or assistant messages can be appended after it.
    """
    k, phase = divmod(index, 4)
    call_id = f"toolu_{k:08d}"
    module = f"src/pkg/module_{k % 97}.py"
    if phase == 0:
        return {
            "role": "user",
            "content": (
                f"Step {k}: please check {module} and run its tests. We must keep the public "
                "API stable and avoid new dependencies; make sure the change is small."
            ),
        }
    if phase == 1:
        return {
            "role": "assistant",
            "content": [
                {"type": "text", "text": f"I will run the tests of {module} first."},
                {
                    "type": "tool_use",
                    "id": call_id,
                    "name": "bash",
                    "input": {"command": f"pytest tests/test_module_{k % 97}.py -q"},
                },
            ],
        }
    if phase == 2:
        return {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": call_id,
                    "content": _tool_output(k, tool_chars),
                }
            ],
        }
    return {
        "role": "assistant",
        "content": (
            f"Fixed the date parsing in {module}: we decided to use datetime.fromisoformat "
            f"because it is stricter. Next, I will run the suite for module {k % 97 + 1}."
        ),
    }


def synthetic_messages(start: int, count: int, *, tool_chars: int) -> list[dict[str, Any]]:
    return [synthetic_message(i, tool_chars=tool_chars) for i in range(start, start + count)]


def cycle_tokens(tool_chars: int) -> int:
    """The estimated tokens of one four-message cycle of the synthetic agent loop."""
    return sum(
        message_tokens(m["content"]) for m in synthetic_messages(0, 4, tool_chars=tool_chars)
    )


def plain_message(index: int) -> dict[str, Any]:
    """A short text message for the append benchmarks; alternates user / assistant."""
    role = "user" if index % 2 == 0 else "assistant"
    return {"role": role, "content": f"Bench append {index}: the build is green, continue."}


def tool_heavy_history(size: int, *, tool_share: int, tool_chars: int) -> list[dict[str, Any]]:
    """``size`` messages of which one in ``tool_share`` is a ``tool_chars``-long tool result.

    Each result follows its tool call; the other messages are short texts.
    """
    body = (_TOOL_LINES * (tool_chars // len(_TOOL_LINES) + 1))[:tool_chars]
    messages: list[dict[str, Any]] = []
    for i in range(size):
        phase = i % tool_share
        if phase == tool_share - 2:
            messages.append(
                {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": f"t{i}", "name": "bash", "input": {}}],
                }
            )
        elif phase == tool_share - 1:
            # A distinct 20 KB string per result, as rows loaded from the database are.
            text = f"run {i}\n" + body[: tool_chars - 10]
            messages.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": f"t{i - 1}", "content": text}
                    ],
                }
            )
        else:
            role = "user" if phase % 2 == 0 else "assistant"
            messages.append({"role": role, "content": f"message {i}"})
    return messages


# --------------------------------------------------------------------------- mixed histories

_WORDS = [
    "the",
    "a",
    "of",
    "to",
    "and",
    "in",
    "is",
    "for",
    "on",
    "that",
    "with",
    "as",
    "it",
    "be",
    "this",
    "are",
    "by",
    "from",
    "or",
    "an",
    "at",
    "test",
    "tests",
    "module",
    "function",
    "value",
    "error",
    "fixed",
    "failed",
    "passed",
    "assert",
    "expected",
    "result",
    "parse",
    "date",
    "string",
    "config",
    "session",
    "request",
    "response",
    "client",
    "server",
    "cache",
    "index",
    "query",
    "table",
    "column",
    "row",
    "lock",
    "commit",
    "retry",
    "timeout",
    "handler",
    "import",
    "return",
    "class",
    "def",
    "self",
    "none",
    "true",
    "false",
    "list",
    "dict",
    "key",
    "path",
    "file",
    "line",
    "build",
    "deploy",
    "branch",
    "merge",
    "review",
    "change",
    "patch",
    "diff",
    "log",
    "trace",
    "warning",
]


class MixedHistory:
    """A seeded agent loop whose texts are 200 to 8,000 characters: the peer bench's histories.

    Cycles of four, like ``synthetic_message``: a user request, an assistant text with a
    ``tool_use``, the user's ``tool_result``, an assistant answer (Anthropic format, what
    the app stores; ``peers`` converts them for the other stacks). Each message's text is
    log-uniform between ``min_chars`` and ``max_chars``, cut at a seeded offset from a
    seeded corpus of words, so rows compress like prose, not like one repeated line.
    Message ``i`` depends only on the seed and ``i``: a 1k history is the first 1,000
    messages of the 50k one, and any batching gives the same messages.
    """

    def __init__(self, *, seed: int, min_chars: int = 200, max_chars: int = 8_000) -> None:
        self.seed, self.min_chars, self.max_chars = seed, min_chars, max_chars
        rng = random.Random(f"corpus:{seed}")
        words: list[str] = []
        length = 0
        while length < 4 * max_chars:
            word = rng.choice(_WORDS)
            words.append(word)
            length += len(word) + 1
        self._corpus = " ".join(words) * 2

    def _text(self, rng: random.Random, head: str) -> str:
        size = round(math.exp(rng.uniform(math.log(self.min_chars), math.log(self.max_chars))))
        start = rng.randrange(len(self._corpus) // 2)
        body = self._corpus[start : start + max(0, size - len(head))]
        return head + body

    def message(self, index: int) -> dict[str, Any]:
        k, phase = divmod(index, 4)
        rng = random.Random(f"message:{self.seed}:{index}")
        call_id = f"toolu_{k:08d}"
        if phase == 0:
            return {"role": "user", "content": self._text(rng, f"Step {k}: ")}
        if phase == 1:
            command = f"pytest tests/test_module_{k % 97}.py -q"
            text = self._text(rng, f"Step {k}, running `{command}`: ")
            return {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": text[: max(1, len(text) - len(command))]},
                    {
                        "type": "tool_use",
                        "id": call_id,
                        "name": "bash",
                        "input": {"command": command},
                    },
                ],
            }
        if phase == 2:
            output = self._text(rng, f"$ pytest (run {k})\n")
            return {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call_id, "content": output}],
            }
        return {"role": "assistant", "content": self._text(rng, f"Result of step {k}: ")}

    def messages(self, start: int, count: int) -> list[dict[str, Any]]:
        return [self.message(i) for i in range(start, start + count)]


def tool_call_history(count: int) -> list[dict[str, Any]]:
    """``count`` stored rows of real tool-calling sessions (the bundled transcripts with tool
    calls, then the OpenHands ones), repeated in order and numbered from 1."""
    sessions = []
    for folder in (TRANSCRIPTS_DIR, OPENHANDS_DIR):
        for path in sorted(folder.glob("*.json")):
            messages = json.loads(path.read_text(encoding="utf-8"))["messages"]
            if any(
                isinstance(m["content"], list)
                and any(b.get("type") == "tool_use" for b in m["content"])
                for m in messages
            ):
                sessions.append(messages)
    rows: list[dict[str, Any]] = []
    while len(rows) < count:
        for messages in sessions:
            for message in messages:
                if len(rows) == count:
                    return rows
                rows.append(
                    {
                        "seq": len(rows) + 1,
                        "role": message["role"],
                        "format": "anthropic",
                        "content": message["content"],
                    }
                )
    return rows
