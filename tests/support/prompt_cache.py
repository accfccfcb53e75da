"""The providers' prompt caches, modelled for the local stand-in servers and the cost benchmark.

Pure: no Django, no SDK. A cache object keeps its entries; ``usage(body)`` takes one request
body (the JSON the SDK sends) and returns the usage the provider would report for it as a frozen
dataclass, updating the entries as the provider would. Time comes from ``clock``, a callable
returning seconds (default ``time.monotonic``); a benchmark or a test passes a
:class:`ManualClock` and moves it with ``advance(seconds)``.

Token counting (one rule for both providers and for the stand-ins' ``count_tokens``, context
windows and usage): the prompt is a sequence of *blocks*, and a block counts
``max(1, len(json.dumps(block, ensure_ascii=False)) // 4)`` tokens, its cache markers
stripped. A request counts the sum of its blocks, so a prefix's count is the sum of the
blocks it holds.

**Anthropic** (Messages API, NOTES.md "Prompt-cache billing"):

- Blocks in cache order: every tool definition, every system block (a string system prompt is
  one text block), every content block of every message (a string content is one text block).
  A ``cache_control`` on a block inside a ``tool_result``'s content marks the ``tool_result``.
- Breakpoints: the blocks carrying ``cache_control``, plus the request's top-level
  ``cache_control`` (automatic caching), which marks the last block of the last message.
  ``"ttl": "1h"`` makes a one-hour breakpoint, anything else a five-minute one. (The stand-in
  refuses more than four markers before this model sees the request.)
- An entry is the exact prefix (model included) up to a breakpoint. A breakpoint whose prefix
  counts fewer tokens than the model's minimum (:data:`ANTHROPIC_MIN_CACHEABLE`) is ignored.
- Lookup: for every breakpoint, the prefixes ending at it and at each of the
  :data:`LOOKBACK_BLOCKS` block boundaries before it are looked up among the live entries; the
  longest hit is read (``cache_read_input_tokens``) and refreshed, with every live entry that
  is a prefix of it.
- Writes: an entry is written at every breakpoint after the hit that is not ignored.
  ``cache_creation_input_tokens`` counts from the end of the hit to the last such breakpoint,
  split as the API splits it: ``ephemeral_1h_input_tokens`` up to the last one-hour breakpoint
  after the hit, ``ephemeral_5m_input_tokens`` the rest. ``input_tokens`` is what remains.
- An entry lives 300 s (or 3,600 s) from its last use, a write or a read.

**OpenAI** (Chat Completions and Responses): caching is automatic for prompts of at least
:data:`OPENAI_MIN_CACHEABLE` tokens. Each such request leaves an entry at every block boundary
of its prompt; a later request reads the longest live prefix it shares with them, rounded down
to :data:`OPENAI_CACHE_INCREMENT` tokens (nothing below the minimum). Entries live 300 s from
their last use. No write surcharge: ``cache_write_tokens`` is 0. Blocks: every tool, then (chat)
every message's content parts and tool calls, or (Responses) ``instructions`` and every input
item (a ``message`` item's content parts one by one). ``prompt_cache_key`` only steers routing
and is not modelled.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ANTHROPIC_MIN_CACHEABLE",
    "DEFAULT_ANTHROPIC_MIN_CACHEABLE",
    "LOOKBACK_BLOCKS",
    "OPENAI_CACHE_INCREMENT",
    "OPENAI_MIN_CACHEABLE",
    "TTL_SECONDS",
    "AnthropicPromptCache",
    "AnthropicUsage",
    "Block",
    "Breakpoint",
    "CacheEntry",
    "ManualClock",
    "OpenAIPromptCache",
    "OpenAIUsage",
    "anthropic_blocks",
    "anthropic_breakpoints",
    "anthropic_min_cacheable",
    "block_tokens",
    "chat_blocks",
    "prompt_tokens",
    "responses_blocks",
]

Clock = Callable[[], float]

#: How long an entry lives after its last use, by ``cache_control.ttl``.
TTL_SECONDS: dict[str, float] = {"5m": 300.0, "1h": 3600.0}

#: Block boundaries before a breakpoint that a lookup also tries (the API's lookback).
LOOKBACK_BLOCKS = 20

#: The shortest prefix a breakpoint caches, per model (NOTES.md, from Anthropic's docs).
ANTHROPIC_MIN_CACHEABLE: dict[str, int] = {
    "claude-opus-4-6": 4096,
    "claude-opus-4-5": 4096,
    "claude-haiku-4-5": 4096,
    "claude-sonnet-4-6": 2048,
    "claude-3-5-haiku": 2048,
    "claude-3-haiku": 2048,
    "claude-sonnet-4-5": 1024,
    "claude-sonnet-4": 1024,
    "claude-opus-4-1": 1024,
    "claude-opus-4": 1024,
    "claude-3-7-sonnet": 1024,
}
#: For a model the table does not know: the smallest minimum Anthropic documents.
DEFAULT_ANTHROPIC_MIN_CACHEABLE = 1024

OPENAI_MIN_CACHEABLE = 1024
OPENAI_CACHE_INCREMENT = 128

_DATED = re.compile(r"-(\d{8}|latest)$")


def anthropic_min_cacheable(model: str) -> int:
    """The model's minimum cacheable prefix; a dated id (``-20251001``) or ``-latest`` alias
    counts as its family."""
    return ANTHROPIC_MIN_CACHEABLE.get(_DATED.sub("", model), DEFAULT_ANTHROPIC_MIN_CACHEABLE)


class ManualClock:
    """A clock the caller moves: ``clock()`` is the time, ``clock.advance(seconds)`` moves it."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = float(start)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("a clock does not go back")
        self.now += seconds
        return self.now


# -- blocks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """One block of a prompt: its identity (``key``, markers stripped), its tokens, and the
    ttl of the breakpoint it carries (None: no marker)."""

    key: str
    tokens: int
    ttl: str | None = None


def block_tokens(block: Any) -> int:
    """The token count of one block (markers already stripped): chars / 4 of its JSON, at
    least 1."""
    return max(1, len(json.dumps(block, ensure_ascii=False)) // 4)


def _strip(block: Any) -> tuple[Any, str | None]:
    """``block`` without its cache markers (its own and those inside a tool_result's content),
    with the ttl of the breakpoint they make (a one-hour marker wins)."""
    if not isinstance(block, dict):
        return block, None
    ttls: list[str] = []
    plain = {k: v for k, v in block.items() if k != "cache_control"}
    if isinstance(block.get("cache_control"), dict):
        ttls.append(_ttl(block["cache_control"]))
    inner = plain.get("content")
    if isinstance(inner, list):
        stripped = []
        for sub in inner:
            if isinstance(sub, dict) and isinstance(sub.get("cache_control"), dict):
                ttls.append(_ttl(sub["cache_control"]))
                sub = {k: v for k, v in sub.items() if k != "cache_control"}
            stripped.append(sub)
        plain["content"] = stripped
    return plain, ("1h" if "1h" in ttls else ttls[0]) if ttls else None


def _ttl(marker: dict[str, Any]) -> str:
    return "1h" if marker.get("ttl") == "1h" else "5m"


def _block(where: tuple[Any, ...], value: Any, ttl: str | None = None) -> Block:
    """A block whose identity is its position (section, message index, role) and content."""
    identity = json.dumps([*where, value], ensure_ascii=False, sort_keys=True)
    return Block(hashlib.sha256(identity.encode()).hexdigest(), block_tokens(value), ttl)


def _text_blocks(content: Any) -> list[Any]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content) if isinstance(content, list) else []


def anthropic_blocks(body: dict[str, Any]) -> tuple[Block, ...]:
    """The Messages request's prompt as blocks in cache order (tools, system, messages), the
    top-level ``cache_control`` applied to the last block of the last message."""
    blocks: list[Block] = []
    for tool in body.get("tools") or ():
        plain, ttl = _strip(tool)
        blocks.append(_block(("tools",), plain, ttl))
    for block in _text_blocks(body.get("system")):
        plain, ttl = _strip(block)
        blocks.append(_block(("system",), plain, ttl))
    messages = body.get("messages") or ()
    for index, message in enumerate(messages):
        if not isinstance(message, dict):
            continue
        role = message.get("role")
        content = _text_blocks(message.get("content"))
        for position, block in enumerate(content):
            plain, ttl = _strip(block)
            automatic = body.get("cache_control")
            if (
                isinstance(automatic, dict)
                and index == len(messages) - 1
                and position == len(content) - 1
            ):
                ttl = "1h" if "1h" in (ttl, _ttl(automatic)) else "5m"
            blocks.append(_block(("messages", index, role), plain, ttl))
    return tuple(blocks)


def prompt_tokens(blocks: Iterable[Block]) -> int:
    """A request's token count: the sum of its blocks (at least 1, as the API counts)."""
    return max(1, sum(block.tokens for block in blocks))


def _chain(model: str, blocks: Iterable[Block]) -> Iterator[tuple[str, int]]:
    """The key of each prefix (the model and the blocks up to it) and its tokens."""
    digest = hashlib.sha256(model.encode()).hexdigest()
    total = 0
    for block in blocks:
        digest = hashlib.sha256(f"{digest}:{block.key}".encode()).hexdigest()
        total += block.tokens
        yield digest, total


# -- entries --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CacheEntry:
    """A cached prefix: its tokens, its ttl and when it was last used (clock seconds)."""

    tokens: int
    ttl: str
    last_used: float

    @property
    def expires_at(self) -> float:
        return self.last_used + TTL_SECONDS[self.ttl]


class _Entries:
    """Prefix key -> :class:`CacheEntry`, dropping an entry once its TTL has run out."""

    def __init__(self, clock: Clock | None) -> None:
        self.clock: Clock = clock or time.monotonic
        self.entries: dict[str, CacheEntry] = {}

    def __len__(self) -> int:
        return len(self.live())

    def __contains__(self, key: object) -> bool:
        return key in self.live()

    def live(self) -> dict[str, CacheEntry]:
        """The entries still alive now (expired ones are dropped)."""
        self._expire(self.clock())
        return dict(self.entries)

    def clear(self) -> None:
        self.entries.clear()

    def _expire(self, now: float) -> None:
        for key in [k for k, entry in self.entries.items() if entry.expires_at <= now]:
            del self.entries[key]

    def _touch(self, key: str, tokens: int, ttl: str, now: float) -> None:
        old = self.entries.get(key)
        if old is not None and TTL_SECONDS[old.ttl] > TTL_SECONDS[ttl]:
            ttl = old.ttl  # a read through a shorter marker keeps the longer life
        self.entries[key] = CacheEntry(tokens=tokens, ttl=ttl, last_used=now)


# -- Anthropic ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Breakpoint:
    """A breakpoint of a request: the index of the block it closes, its prefix's tokens."""

    index: int
    tokens: int
    ttl: str


def anthropic_breakpoints(blocks: tuple[Block, ...]) -> tuple[Breakpoint, ...]:
    total = 0
    found = []
    for index, block in enumerate(blocks):
        total += block.tokens
        if block.ttl is not None:
            found.append(Breakpoint(index, total, block.ttl))
    return tuple(found)


@dataclass(frozen=True)
class AnthropicUsage:
    """The input side of a Messages answer's ``usage``."""

    input_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    ephemeral_5m_input_tokens: int
    ephemeral_1h_input_tokens: int

    @property
    def total(self) -> int:
        return self.input_tokens + self.cache_creation_input_tokens + self.cache_read_input_tokens

    def as_dict(self) -> dict[str, Any]:
        """The fields as the API reports them (``anthropic.types.Usage``)."""
        return {
            "input_tokens": self.input_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
            "cache_creation": {
                "ephemeral_5m_input_tokens": self.ephemeral_5m_input_tokens,
                "ephemeral_1h_input_tokens": self.ephemeral_1h_input_tokens,
            },
        }


class AnthropicPromptCache(_Entries):
    """Anthropic's prompt cache for one organisation (entries keyed by model and prefix)."""

    def usage(self, body: dict[str, Any]) -> AnthropicUsage:
        """The usage the API reports for ``body``; entries are read, refreshed and written."""
        model = str(body.get("model") or "")
        blocks = anthropic_blocks(body)
        total = prompt_tokens(blocks)
        prefixes = list(_chain(model, blocks))
        minimum = anthropic_min_cacheable(model)
        breakpoints = [b for b in anthropic_breakpoints(blocks) if b.tokens >= minimum]
        now = self.clock()
        self._expire(now)

        hit = -1  # index of the last block of the longest prefix found
        for point in breakpoints:
            for index in range(point.index, max(hit, point.index - LOOKBACK_BLOCKS - 1), -1):
                if prefixes[index][0] in self.entries:
                    hit = index
                    break
        read = prefixes[hit][1] if hit >= 0 else 0
        for key, tokens in prefixes[: hit + 1]:
            if key in self.entries:
                self._touch(key, tokens, self.entries[key].ttl, now)

        written = [b for b in breakpoints if b.index > hit]
        for point in written:
            key, tokens = prefixes[point.index]
            self._touch(key, tokens, point.ttl, now)
        end = written[-1].tokens if written else read
        long_end = max([b.tokens for b in written if b.ttl == "1h"], default=read)
        return AnthropicUsage(
            input_tokens=total - end,
            cache_creation_input_tokens=end - read,
            cache_read_input_tokens=read,
            ephemeral_5m_input_tokens=end - long_end,
            ephemeral_1h_input_tokens=long_end - read,
        )


# -- OpenAI ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OpenAIUsage:
    """The prompt side of an OpenAI answer's usage: all prompt tokens, and those cached."""

    prompt_tokens: int
    cached_tokens: int

    def chat(self) -> dict[str, Any]:
        """``prompt_tokens`` and ``prompt_tokens_details`` of a Chat Completions usage."""
        return {
            "prompt_tokens": self.prompt_tokens,
            "prompt_tokens_details": {"cached_tokens": self.cached_tokens, "audio_tokens": 0},
        }

    def responses(self) -> dict[str, Any]:
        """``input_tokens`` and ``input_tokens_details`` of a Responses usage."""
        return {
            "input_tokens": self.prompt_tokens,
            "input_tokens_details": {"cached_tokens": self.cached_tokens, "cache_write_tokens": 0},
        }


def _tool_blocks(body: dict[str, Any]) -> list[Block]:
    return [_block(("tools",), tool) for tool in body.get("tools") or ()]


def chat_blocks(body: dict[str, Any]) -> tuple[Block, ...]:
    """A Chat Completions prompt as blocks: each tool, then each message's content parts and
    tool calls (the message's other fields, e.g. ``tool_call_id``, go with each of them)."""
    blocks = _tool_blocks(body)
    for index, message in enumerate(body.get("messages") or ()):
        if not isinstance(message, dict):
            continue
        head = {k: v for k, v in message.items() if k not in ("content", "tool_calls")}
        where = ("messages", index, json.dumps(head, sort_keys=True))
        for part in _text_blocks(message.get("content")):
            blocks.append(_block(where, part))
        for call in message.get("tool_calls") or ():
            blocks.append(_block(where, call))
        if message.get("content") is None and not message.get("tool_calls"):
            blocks.append(_block(where, head))
    return tuple(blocks)


def responses_blocks(body: dict[str, Any]) -> tuple[Block, ...]:
    """A Responses prompt as blocks: each tool, the instructions, then each input item (a
    ``message`` item's content parts one by one)."""
    blocks = _tool_blocks(body)
    if body.get("instructions"):
        blocks.append(_block(("instructions",), body["instructions"]))
    items = body.get("input")
    if isinstance(items, str):
        items = [{"role": "user", "content": items}]
    for index, item in enumerate(items or ()):
        if not isinstance(item, dict):
            continue
        content = item.get("content")
        if "role" in item and isinstance(content, str | list) and content:
            head = {k: v for k, v in item.items() if k != "content"}
            where = ("input", index, json.dumps(head, sort_keys=True))
            blocks.extend(_block(where, part) for part in _text_blocks(content))
        else:
            blocks.append(_block(("input", index), item))
    return tuple(blocks)


class OpenAIPromptCache(_Entries):
    """OpenAI's automatic prompt cache (entries keyed by model and prefix)."""

    def usage(self, body: dict[str, Any], *, api: str = "chat") -> OpenAIUsage:
        """The usage reported for ``body``; ``api`` is ``"chat"`` or ``"responses"``."""
        model = str(body.get("model") or "")
        blocks = chat_blocks(body) if api == "chat" else responses_blocks(body)
        total = prompt_tokens(blocks)
        now = self.clock()
        self._expire(now)
        if total < OPENAI_MIN_CACHEABLE:
            return OpenAIUsage(prompt_tokens=total, cached_tokens=0)
        prefixes = list(_chain(model, blocks))
        found = 0
        for key, tokens in prefixes:
            if key not in self.entries:
                break
            found = tokens
        cached = found - found % OPENAI_CACHE_INCREMENT
        for key, tokens in prefixes:
            self._touch(key, tokens, "5m", now)
        return OpenAIUsage(
            prompt_tokens=total, cached_tokens=cached if cached >= OPENAI_MIN_CACHEABLE else 0
        )
