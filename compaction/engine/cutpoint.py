"""Choosing where to cut the active history: what is summarized and what stays verbatim.

Rules, in order:
1. Walk back from the newest message until ``KEEP_RECENT_TOKENS`` are kept.
2. Never start the kept part with a user message answering tool calls: its
   ``tool_use`` would be summarized away and the Messages API would reject the
   orphaned ``tool_result`` forever.
3. Prefer to start the kept part at a user turn (a user message that answers no
   tool), walking further back for one, but only while that keeps at most twice
   ``KEEP_RECENT_TOKENS``; a long agent loop under one user request is otherwise
   split between an assistant message and the one before it.
4. Something other than pinned / protected messages must be compacted, or the
   run is skipped with the reason.

The rules only ever look at the newest ``2 * KEEP_RECENT_TOKENS`` of the history, so the
cut is planned from that window (``planning_floor``) plus totals of what precedes it
(``Earlier``): planning costs the same whatever the backlog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class MessageInfo:
    seq: int
    role: str
    tokens: int
    turn_start: bool
    answers_tools: bool
    pinned: bool = False


@dataclass(frozen=True)
class Earlier:
    """The active messages older than a planning window, known only by their totals."""

    count: int
    tokens: int
    first_seq: int
    #: Pinned or protected seqs among them: carried verbatim when compacted.
    carried_seqs: tuple[int, ...] = ()


class WindowTooSmall(Exception):
    """The window holds no boundary the rules accept; plan over the whole active history."""


def planning_floor(*, appended_tokens: int, keep_recent_tokens: int) -> int:
    """The smallest running total (``Message.tokens_through``) a message of the planning
    window can have: every message the rules may keep, or cut at, is at or above it."""
    return appended_tokens - 2 * keep_recent_tokens


@dataclass(frozen=True)
class CutDecision:
    cut_seq: int | None
    reason: str
    first_seq: int | None = None
    messages_compacted: int = 0
    compacted_tokens: int = 0
    messages_kept: int = 0
    kept_tokens: int = 0
    split_turn: bool = False
    carried_seqs: tuple[int, ...] = field(default_factory=tuple)

    @property
    def should_cut(self) -> bool:
        return self.cut_seq is not None


def choose_cut(
    messages: Sequence[MessageInfo],
    *,
    keep_recent_tokens: int,
    protect_first_seq: int | None = None,
    earlier: Earlier | None = None,
) -> CutDecision:
    """Decide the cut over the active messages, oldest first.

    ``protect_first_seq`` is the seq of the session's first user message when it is
    still active and PROTECT_FIRST_MESSAGE is on: it is carried verbatim, like pinned ones.
    ``earlier`` describes the active messages before ``messages`` when ``messages`` is
    only the planning window (see ``planning_floor``); the decision is the same as over
    the whole list, or ``WindowTooSmall`` is raised.
    """
    earlier = earlier or Earlier(count=0, tokens=0, first_seq=0)
    offset = earlier.count
    count = offset + len(messages)
    total = earlier.tokens + sum(m.tokens for m in messages)
    if count < 2:
        return CutDecision(None, f"nothing to compact: {count} active message(s)")

    kept = 0
    start = 0
    for index in range(len(messages) - 1, -1, -1):
        kept += messages[index].tokens
        if kept >= keep_recent_tokens:
            start = index
            break
    else:
        if offset:
            raise WindowTooSmall
        return CutDecision(
            None,
            f"nothing to compact: the {count} active messages ({total} tokens) fit "
            f"within KEEP_RECENT_TOKENS ({keep_recent_tokens})",
        )

    # Index 0 of the whole active history can never start the kept part.
    lowest = 0 if offset else 1

    def valid(index: int) -> bool:
        return lowest <= index < len(messages) and not messages[index].answers_tools

    def kept_from(index: int) -> int:
        return sum(m.tokens for m in messages[index:])

    cut: int | None = None
    split = False
    for index in range(start, lowest - 1, -1):
        if messages[index].turn_start:
            if kept_from(index) <= 2 * keep_recent_tokens:
                cut = index
            break
    if cut is None:
        split = True
        cut = next((i for i in range(start, lowest - 1, -1) if valid(i)), None)
        if cut is None and offset:
            raise WindowTooSmall
        if cut is None:
            cut = next((i for i in range(start + 1, len(messages)) if valid(i)), None)
    if cut is None:
        return CutDecision(
            None,
            "nothing to compact: no message boundary keeps tool_use and tool_result together",
        )

    compacted = messages[:cut]
    carried = earlier.carried_seqs + tuple(
        m.seq
        for m in compacted
        if m.pinned or (protect_first_seq is not None and m.seq == protect_first_seq)
    )
    compacted_count = offset + len(compacted)
    if len(carried) == compacted_count:
        return CutDecision(
            None, "nothing to compact: only pinned or protected messages precede the recent window"
        )
    compacted_tokens = earlier.tokens + sum(m.tokens for m in compacted)
    kept_count = len(messages) - cut
    return CutDecision(
        cut_seq=compacted[-1].seq if compacted else messages[0].seq - 1,
        reason=(
            f"compacting {compacted_count} message(s) ({compacted_tokens} tokens), "
            f"keeping {kept_count}" + (" (split inside a long turn)" if split else "")
        ),
        first_seq=earlier.first_seq if offset else compacted[0].seq,
        messages_compacted=compacted_count,
        compacted_tokens=compacted_tokens,
        messages_kept=kept_count,
        kept_tokens=total - compacted_tokens,
        split_turn=split,
        carried_seqs=carried,
    )


def carried_messages(
    messages: Sequence[dict[str, Any]],
    previous_carried: Sequence[dict[str, Any]] | None,
    *,
    protect_first: bool,
) -> list[dict[str, Any]]:
    """What a new checkpoint carries verbatim: the previous checkpoint's carried messages
    (``None`` before the first checkpoint) plus the pinned messages of ``messages`` and, on
    the first compaction, the protected first message."""
    carried = list(previous_carried) if previous_carried is not None else []
    for m in messages:
        protected = protect_first and previous_carried is None and m["seq"] == 1
        if m["pinned"] or protected:
            carried.append(
                {
                    "seq": m["seq"],
                    "role": m["role"],
                    "format": m.get("format", "anthropic"),
                    "content": m["content"],
                    "protected": protected,
                }
            )
    return carried
