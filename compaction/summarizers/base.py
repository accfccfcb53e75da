"""The summarizer interface every backend implements."""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any

from compaction.conf import ResolvedSettings
from compaction.engine.artifacts import Ledger


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
    #: The item protocol (``compaction.engine.items``): the first id a new item may take,
    #: when ``previous_summary`` carries ids (0: write plain bullets, the app numbers them).
    next_item_id: int = 0
    #: What an earlier answer got wrong under the protocol (violations, items dropped
    #: without a Changes line). Data quoted from summaries: prompts put it inside
    #: delimiters, never among the instructions.
    feedback: tuple[str, ...] = ()
    #: The previous checkpoint's server compaction block, when one stands for its summary.
    previous_block: dict[str, Any] | None = None
    #: A merge: summaries of consecutive parts of the range, oldest first, to be merged
    #: (with ``previous_summary`` when set) into one. ``messages`` is then empty.
    partials: tuple[str, ...] = ()
    #: The artifact ledger through the whole range being compacted (files, commands,
    #: errors, test runs, from the stored tool calls): the payload carries it beside the
    #: summary, so a summarizer may build on it rather than repeat it.
    artifacts: Ledger | None = None
    #: Groups the calls that share a cached prefix (the session's id): a provider that
    #: routes by one (OpenAI's ``prompt_cache_key``) sends them where the prefix is cached.
    cache_key: str = ""


@dataclass(frozen=True)
class SummaryResult:
    text: str
    model: str = ""
    #: The uncached input; the prompt cache's reads and writes are counted apart.
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    request_id: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: A signed server ``compaction`` block whose ``content`` is ``text``: the payload sends
    #: it instead of the summary (``AnthropicCompactionSummarizer``).
    block: dict[str, Any] | None = None


class Summarizer(abc.ABC):
    """Turns a chunk of conversation (plus the previous summary) into a checkpoint summary.

    Implementations raise ``compaction.exceptions.RetryableSummarizerError`` or
    ``PermanentSummarizerError``; the service decides on retries and fallback.
    """

    #: A short, stable name recorded on runs and checkpoints.
    name: str = "summarizer"
    #: False when the summarizer takes the whole range in one call (it sends messages, not
    #: a transcript, and a chunk boundary could split a tool call from its result).
    chunked: bool = True

    def __init__(self, *, settings: ResolvedSettings) -> None:
        self.settings = settings

    @property
    def model(self) -> str:
        return ""

    @abc.abstractmethod
    def summarize(self, request: SummaryRequest) -> SummaryResult:
        """Return the summary for ``request``."""
