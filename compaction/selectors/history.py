"""The conversation as plain text, for a host's reflection step (summary plus recent turns)."""

from __future__ import annotations

from compaction.content import ANTHROPIC, canonical_blocks, transcript_text
from compaction.engine.preserve import Preserved
from compaction.models import ChatSession, Message
from compaction.selectors.checkpoints import checkpoint_latest

_ROLES = {"user": "User", "assistant": "Assistant", "system": "System"}


def session_history_text(
    *,
    session: ChatSession,
    recent_messages: int = 20,
    max_chars: int = 20_000,
    preview_head: int = 300,
    preview_tail: int = 200,
) -> str:
    """The latest summary (with its preserved errors, decisions and commits, and its Files &
    artifacts section), then the
    newest ``recent_messages`` active messages, as text.

    For a reflection step (what did this conversation establish, what should be
    remembered): readable, not a payload. Tool calls and results read as labelled
    previews, the way the summarizer sees them. Past ``max_chars``, the oldest of the recent
    messages are left out first (a line says how many), and the newest is cut if it alone is
    too long; the summary always stays. Two
    queries whatever the history length.
    """
    checkpoint = checkpoint_latest(session=session)
    last_seq = checkpoint.last_seq if checkpoint else 0
    rows = list(
        Message.objects.filter(session=session, seq__gt=last_seq)
        .order_by("-seq")
        .values("seq", "role", "format", "content")[: max(0, recent_messages)]
    )
    head = ""
    if checkpoint is not None:
        head = (
            f"Summary of the conversation up to message #{checkpoint.last_seq} "
            f"(checkpoint v{checkpoint.version}):\n{checkpoint.summary.strip()}"
        )
        preserved = [
            item for item in map(Preserved.from_dict, checkpoint.preserved) if item is not None
        ]
        if preserved:
            head += "\n\nKept verbatim from the summarized messages (newest first):\n"
            head += "\n".join(f"- {item.kind} (#{item.seq}): {item.text}" for item in preserved)
        if checkpoint.artifacts_text:
            head += f"\n\n{checkpoint.artifacts_text}"
    turns: list[str] = []
    budget = max_chars - len(head)
    for row in rows:  # newest first, so the budget keeps the newest
        blocks = canonical_blocks(row["role"], row["content"], row.get("format") or ANTHROPIC)
        body = "\n".join(
            transcript_text(block, head=preview_head, tail=preview_tail) for block in blocks
        ).strip()
        turn = f"{_ROLES.get(row['role'], row['role'])} (#{row['seq']}): {body}"
        if len(turn) + 2 > budget and turns:
            break
        if len(turn) + 2 > budget:  # the newest message alone: cut, not left out
            turn = turn[: max(0, budget - 40)] + " [… cut to fit]"
        turns.append(turn)
        budget -= len(turn) + 2
    left_out = (rows[-1]["seq"] if rows else last_seq + 1) - last_seq - 1
    left_out += len(rows) - len(turns)
    parts = [head] if head else []
    if turns:
        recent = "Recent messages:"
        if left_out:
            recent += f"\n[{left_out} earlier message(s) since the summary are left out.]"
        parts.append(recent)
        parts.extend(reversed(turns))
    return "\n\n".join(parts)
