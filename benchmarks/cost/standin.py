"""The stand-in Messages API as the token bill uses it: the tests' stand-in server
(``tests.support.anthropic_stub``, whose prompt cache bills every request as Anthropic's
does), answering from the replayed session, and keeping each request's usage.

Two servers run per system and session, on one virtual clock (the prompt cache's TTLs
count in it): the model's, answering each call with the session's next scripted answer
(and a memory flush turn with ``SILENT``), and the summarizer's, answering each
summarization request with what the app's offline summarizer writes for the messages that
request asks to summarize (:class:`SummaryOracle`). Both record every request's usage in
their ``ledger``: the bill is the sum of that ledger, request by request, as the provider
would invoice it.
"""

from __future__ import annotations

import re
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any

from benchmarks.cost.workloads import Call
from compaction.engine.memory import MEMORY_FLUSH_PROMPT
from compaction.summarizers.anthropic import AnthropicSummarizer
from compaction.summarizers.base import SummaryRequest, SummaryResult
from compaction.summarizers.offline import OfflineSummarizer
from tests.support.anthropic_stub import AnthropicStub, StubResponse, _Handler

MODEL = "claude-sonnet-4-6"
SUMMARIZER_MODEL = "claude-haiku-4-5"


class BenchError(Exception):
    pass


@dataclass(frozen=True)
class Usage:
    """One billed request."""

    kind: str  # "model", "flush", "summary"
    model: str
    input_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    cache_write_1h_tokens: int
    output_tokens: int
    at: float  # the virtual clock when it was billed
    #: Model calls: how many scripted calls were answered before this one (the replay's
    #: position); the checkpoint version the payload carried (0: none).
    position: int = 0
    checkpoint: int = 0

    @property
    def prompt_tokens(self) -> int:
        return self.input_tokens + self.cache_creation_input_tokens + self.cache_read_input_tokens


def _last_user_text(body: dict[str, Any]) -> str:
    messages = body.get("messages") or []
    if not messages:
        return ""
    content = messages[-1].get("content")
    if isinstance(content, str):
        return content
    return "\n".join(
        str(block.get("text", "")) for block in content or () if block.get("type") == "text"
    )


def _checkpoint_version(body: dict[str, Any]) -> int:
    """The app's checkpoint the payload opens with ("Checkpoint vN below summarizes")."""
    for message in (body.get("messages") or [])[:1]:
        content = message.get("content")
        texts = [content] if isinstance(content, str) else [b.get("text", "") for b in content]
        for text in texts:
            found = re.search(r"Checkpoint v(\d+) below summarizes", str(text)[:2000])
            if found:
                return int(found.group(1))
    return 0


class BillingStub(AnthropicStub):
    """The stand-in server with a responder and a ledger of every success's usage; it keeps
    no request bodies (a replay sends gigabytes)."""

    def __init__(self, *, responder: Any, clock: Any) -> None:
        super().__init__(clock=clock)
        self.responder = responder
        self.ledger: list[Usage] = []
        self.received = 0

    def _record(self, request: Any) -> None:
        with self._lock:
            self.received += 1


class _BillingHandler(_Handler):
    def _success(self, request: dict[str, Any], response: StubResponse) -> dict[str, Any]:
        stub: BillingStub = self.stub  # type: ignore[assignment]
        answer, kind, position = stub.responder(request)
        message = super()._success(request, answer)
        usage = message["usage"]
        creation = usage.get("cache_creation") or {}
        stub.ledger.append(
            Usage(
                kind=kind,
                model=request["model"],
                input_tokens=usage["input_tokens"],
                cache_creation_input_tokens=usage["cache_creation_input_tokens"],
                cache_read_input_tokens=usage["cache_read_input_tokens"],
                cache_write_1h_tokens=creation.get("ephemeral_1h_input_tokens", 0),
                output_tokens=usage["output_tokens"],
                at=stub.clock(),
                position=position,
                checkpoint=_checkpoint_version(request) if kind != "summary" else 0,
            )
        )
        return message


BillingStub.handler_class = _BillingHandler


class Script:
    """The model's answers for the turn being replayed, served in order."""

    def __init__(self) -> None:
        self.calls: deque[Call] = deque()
        self.served = 0
        self.flushes = 0
        self.lock = threading.Lock()

    def load(self, calls: tuple[Call, ...]) -> None:
        if self.calls:
            raise BenchError(
                f"{len(self.calls)} scripted answers of the last turn were not asked for"
            )
        self.calls.extend(calls)

    def respond(self, body: dict[str, Any]) -> tuple[StubResponse, str, int]:
        with self.lock:
            if MEMORY_FLUSH_PROMPT.strip()[:60] in _last_user_text(body):
                self.flushes += 1
                return StubResponse(text="SILENT", output_tokens=2), "flush", self.served
            if not self.calls:
                raise BenchError("the system called the model more often than the session did")
            call = self.calls.popleft()
            self.served += 1
            return (
                StubResponse(
                    blocks=[dict(b) for b in call.answer],
                    stop_reason=call.stop_reason,
                    output_tokens=call.output_tokens,
                ),
                "model",
                self.served - 1,
            )


def _key(prompt: str) -> str:
    """A prompt's identity, however it is split into blocks (whitespace aside)."""
    return re.sub(r"\s+", "", prompt)


class SummaryOracle:
    """Answers summarization requests: the prompt a system is about to send is registered
    with the messages it asks to summarize (and that system's previous summary); the
    summarizer's stand-in answers that prompt with the offline summarizer's summary of them.
    One rule for every system: the content of a summary never depends on who asks."""

    def __init__(self) -> None:
        self.expected: dict[str, str] = {}
        self.lock = threading.Lock()
        self.answered = 0

    def expect(self, prompt: str, summary: str) -> None:
        with self.lock:
            self.expected[_key(prompt)] = summary

    def respond(self, body: dict[str, Any]) -> tuple[StubResponse, str, int]:
        prompt = _key(_last_user_text(body))
        with self.lock:
            summary = self.expected.pop(prompt, None)
            self.answered += 1
        if summary is None:
            raise BenchError("a summarization request nobody registered reached the stand-in")
        return StubResponse(text=summary), "summary", 0


#: The oracle of the replay in progress: the app instantiates its summarizer itself (the
#: ``SUMMARIZER`` setting), so it finds the oracle here.
ORACLE = SummaryOracle()


class OracleSummarizer(AnthropicSummarizer):
    """The app's Claude summarizer, unchanged, whose stand-in answers what the offline
    summarizer writes for the same request (registered with :data:`ORACLE` first)."""

    name = "anthropic"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        text = OfflineSummarizer(settings=self.settings).summarize(request).text
        ORACLE.expect(self.prompt(request), text)
        return super().summarize(request)
