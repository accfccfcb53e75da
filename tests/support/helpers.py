"""Builders for conversations and summarizers used across the tests."""

from __future__ import annotations

import copy
import threading
from typing import Any

from compaction.conf import DEFAULTS, ResolvedSettings
from compaction.engine.transcript import render_message
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from compaction.summarizers.offline.identity import carry_ids
from tests.support.messages_api import InvalidRequest, validate_messages_request

VALID_SUMMARY = """## Goal
Fix the failing date parsing in `src/parser.py` so that the test suite passes again.

## Constraints & Preferences
- The user prefers pytest over unittest and wants no new dependencies.

## Progress
### Done
- Reproduced the failure with `pytest tests/test_parser.py -k iso`.
### In Progress
- Rewriting `parse_date()` to accept timezone offsets.

## Key Decisions
- Use `datetime.fromisoformat` instead of a regular expression, because it is stricter.

## Conversation Dynamics
- The user corrects the agent tersely and expects short answers.

## Next Steps
- Run the full test suite and report the results.

## Critical Context
- Error: `ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'`
- File: `src/parser.py` line 42
"""


#: VALID_SUMMARY updated under the item protocol, with the ids the app gives VALID_SUMMARY's
#: items (c1-c8 in order): c3 superseded by the new Done item c9 (declared), c4 reworded with
#: its values kept, c6 dropped without a declaration, c8's path changed silently, c10 new.
UPDATED_SUMMARY = """## Goal
Fix the failing date parsing in `src/parser.py` so that the test suite passes again.

## Constraints & Preferences
- [c1] The user prefers pytest over unittest and wants no new dependencies.

## Progress
### Done
- [c2] Reproduced the failure with `pytest tests/test_parser.py -k iso`.
- [c9] Rewrote `parse_date()` to accept timezone offsets.
### In Progress
- (none)

## Key Decisions
- [c4] Chose `datetime.fromisoformat` over a regular expression: it is stricter.

## Conversation Dynamics
- [c5] The user corrects the agent tersely and expects short answers.

## Next Steps
- [c10] Open the pull request.

## Critical Context
- [c7] Error: `ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'`
- [c8] File: `lib/calendar_utils.py` line 42

## Changes
- [c3] superseded by [c9]
"""


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def assistant(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def tool_call(call_id: str, command: str, text: str = "Running a command.") -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": [
            {"type": "text", "text": text},
            {"type": "tool_use", "id": call_id, "name": "bash", "input": {"command": command}},
        ],
    }


def tool_answer(call_id: str, output: str, *, error: bool = False) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id, "content": output}
    if error:
        block["is_error"] = True
    return {"role": "user", "content": [block]}


def chat(turns: int, *, words: int = 60, start: int = 0) -> list[dict[str, Any]]:
    """``turns`` user/assistant exchanges of roughly ``words`` words each."""
    out = []
    for i in range(start, start + turns):
        out.append(user(f"Question {i}: please look at src/module_{i}.py " + "lorem " * words))
        out.append(assistant(f"Answer {i}: I checked src/module_{i}.py " + "ipsum " * words))
    return out


def agent_loop(steps: int, *, output_chars: int = 400, start: int = 0) -> list[dict[str, Any]]:
    """One user request followed by ``steps`` tool call / tool result pairs."""
    out = [user("Please fix the failing tests in the repository, keep changes small.")]
    for i in range(start, start + steps):
        call_id = f"toolu_{i:05d}"
        out.append(tool_call(call_id, f"cat src/file_{i}.py"))
        out.append(tool_answer(call_id, f"contents of file {i}\n" + "x" * output_chars))
    return out


def keeping_ids(text: str, request: SummaryRequest) -> str:
    """``text`` as a summarizer following the item protocol answers it: the ids of the
    previous items it repeats kept, new ones numbered, the rest declared obsolete."""
    if not request.next_item_id or not request.previous_summary or "[c" in text:
        return text
    return carry_ids(request.previous_summary, text, next_item_id=request.next_item_id, finished=())


def settings_with(**values: Any) -> ResolvedSettings:
    return ResolvedSettings({**DEFAULTS, **values})


class StaticSummarizer(Summarizer):
    """Answers every request with the same valid summary, instantly."""

    name = "static"
    text = VALID_SUMMARY

    @property
    def model(self) -> str:
        return "static-1"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        return SummaryResult(
            text=keeping_ids(self.text, request),
            model=self.model,
            input_tokens=len(request.transcript) // 4,
            output_tokens=len(self.text) // 4,
            request_id="req_static",
        )


class ScriptedSummarizer(Summarizer):
    """Raises or answers from a script, in order; records every request.

    A text without ids is answered as a summarizer following the item protocol would
    (``keeping_ids``), unless ``protocol=False``: then it is answered as written.
    """

    name = "scripted"

    def __init__(
        self, *steps: Any, settings: ResolvedSettings | None = None, protocol: bool = True
    ) -> None:
        super().__init__(settings=settings or settings_with())
        self.steps = list(steps)
        self.protocol = protocol
        self.requests: list[SummaryRequest] = []

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        self.requests.append(request)
        step = self.steps.pop(0) if self.steps else VALID_SUMMARY
        if isinstance(step, BaseException):
            raise step
        if callable(step):
            step = step(request)
        if self.protocol:
            step = keeping_ids(step, request)
        return SummaryResult(text=step, model="scripted-1", input_tokens=10, output_tokens=20)


class GatedSummarizer(StaticSummarizer):
    """Blocks inside summarize() until released, so a test can act mid-summarization."""

    def __init__(self, *, settings: ResolvedSettings | None = None, during=None) -> None:
        super().__init__(settings=settings or settings_with())
        self.entered = threading.Event()
        self.release = threading.Event()
        self.during = during

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        self.entered.set()
        if self.during is not None:
            self.during()
        assert self.release.wait(30), "the test never released the summarizer"
        return super().summarize(request)


def lose_run(run_id: str) -> None:
    """A ``PUBLISHER`` whose queue loses every run (a process killed after its commit)."""


class HeldSummarizer(StaticSummarizer):
    """Named in settings (the background pool builds its own instance): every instance
    waits on the class's ``gate`` inside summarize(); ``entered`` says one got there."""

    gate = threading.Event()
    entered = threading.Event()
    calls = 0

    @classmethod
    def reset(cls) -> None:
        cls.gate, cls.entered, cls.calls = threading.Event(), threading.Event(), 0

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        type(self).calls += 1
        type(self).entered.set()
        assert type(self).gate.wait(30), "the test never opened the gate"
        return super().summarize(request)


def payload_problem(
    messages: list[dict[str, Any]], *, system: Any = None, signatures: dict | None = None
) -> str | None:
    """Why the Messages API would refuse these messages (None when it would take them).

    Checked by the stub's reading of the API rules (``tests.support.messages_api``), not by the
    app's own content model.
    """
    body: dict[str, Any] = {"model": "claude-haiku-4-5", "max_tokens": 1, "messages": messages}
    if system:
        body["system"] = system
    try:
        validate_messages_request(body, signatures=signatures)
    except InvalidRequest as exc:
        return exc.message
    return None


def render_transcript(messages: list[dict[str, Any]], *, head: int = 500, tail: int = 200) -> str:
    """The whole transcript of ``messages``, as the summarizer sees it chunk by chunk."""
    return "\n\n".join(render_message(m, head=head, tail=tail) for m in messages)


def anthropic_accepts(payload: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Send a context payload through the anthropic SDK to the local stub; the request body.

    The stub answers 400, an exception here, for anything the real API would refuse.
    """
    import anthropic

    from tests.support.anthropic_stub import AnthropicStub

    with AnthropicStub() as stub:
        client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        client.beta.messages.create(
            model="claude-haiku-4-5",
            max_tokens=1024,
            system=payload["system"],
            messages=payload["messages"],
            **extra,
        )
        return stub.message_requests[0].body


def openai_accepts(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """Send OpenAI messages through the openai SDK to the local Chat Completions stub."""
    import openai

    from tests.support.openai_stub import OpenAIStub

    with OpenAIStub() as stub:
        client = openai.OpenAI(api_key="sk-test", base_url=f"{stub.url}/v1", max_retries=0)
        client.chat.completions.create(model="gpt-5", messages=messages)
        return stub.requests[0].body


def unmarked(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` as the prompt cache sees them: without their cache_control markers, and
    a text content as its one text block (the payload sends a marked one so)."""
    out = copy.deepcopy(messages)
    for message in out:
        if isinstance(message["content"], str):
            message["content"] = [{"type": "text", "text": message["content"]}]
        for block in message["content"]:
            block.pop("cache_control", None)
    return out
