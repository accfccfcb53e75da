"""The summarizer interface every backend implements."""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any

from compaction.conf import ResolvedSettings


@dataclass(frozen=True)
class SummaryRequest:
    """One summarizer call: a chunk of history and, for an update, the summary so far.

    ``messages`` are the raw stored messages of the chunk (``{"seq", "role", "content"}``),
    ``transcript`` the same chunk rendered as delimited, readable text for an LLM.
    """

    messages: tuple[dict[str, Any], ...]
    transcript: str
    previous_summary: str | None
    max_chars: int
    system_prompt: str = ""
    extra_instructions: str = ""


@dataclass(frozen=True)
class SummaryResult:
    text: str
    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    request_id: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class Summarizer(abc.ABC):
    """Turns a chunk of conversation (plus the previous summary) into a checkpoint summary.

    Implementations raise ``compaction.exceptions.RetryableSummarizerError`` or
    ``PermanentSummarizerError``; the service decides on retries and fallback.
    """

    #: A short, stable name recorded on runs and checkpoints.
    name: str = "summarizer"

    def __init__(self, *, settings: ResolvedSettings) -> None:
        self.settings = settings

    @property
    def model(self) -> str:
        return ""

    @abc.abstractmethod
    def summarize(self, request: SummaryRequest) -> SummaryResult:
        """Return the summary for ``request``."""
