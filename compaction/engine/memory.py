"""The memory flush: a silent turn before compaction in which the agent saves durable facts.

A session nearing its threshold will soon lose its older messages to a summary. Once per
*cycle* (the time between two checkpoints), when the session comes within
``MEMORY_FLUSH_MARGIN`` tokens of its threshold (at most half the threshold), the host runs
one extra turn with the primary model: the context plus ``MEMORY_FLUSH_PROMPT`` as the last
user message. The agent saves what it must remember with its own memory tool and answers
``SILENT``. That turn is never stored in the history; ``memory_flush_record`` records its
outcome and closes the cycle. Pure: no Django, no database.
"""

from __future__ import annotations

import re

#: What the agent answers when the flush is done (or there was nothing to save).
SILENT = "SILENT"

MEMORY_FLUSH_PROMPT = f"""[Memory flush. This turn is not part of the conversation and the user \
will not see it.]
This conversation is about to be compacted: its older messages will be replaced by a summary, \
and details that are not in the summary will be gone from your context.
Before that happens, save what you will need later with your memory tool: decisions and their \
reasons, the user's preferences and constraints, facts about their work (names, paths, \
versions, commands, identifiers), and open tasks or promises. Save facts, not a transcript; \
skip what is already saved or only matters right now.
Do not reply to the user and do not continue the task in this turn. When you have saved what \
matters, or if nothing is worth saving, reply with exactly: {SILENT}"""

#: ``SILENT`` alone, perhaps in quotes or backticks or followed by a full stop.
_SILENT_REPLY = re.compile(rf"\W*{SILENT}\W*", re.IGNORECASE)


def flush_due(
    *,
    calibrated_tokens: float,
    threshold: int,
    margin: int,
    cycle: int,
    flushed_cycle: int | None,
    awaiting_tools: bool = False,
) -> bool:
    """A flush is due within ``margin`` of the threshold, once per cycle, and not while the
    last assistant turn waits for tool results (no user text may follow it yet).

    The margin counts for at most half the threshold: a margin as large as the threshold
    (the default 4,000 under a session's threshold of 2,000) would make the flush due from
    a cycle's first token, when there is nothing yet to save, and spend the cycle's only
    flush there, long before the compaction it should precede."""
    margin = min(margin, threshold // 2)
    return not awaiting_tools and flushed_cycle != cycle and calibrated_tokens > threshold - margin


def is_silent(text: str) -> bool:
    """Whether a reply is the ``SILENT`` token (or nothing at all)."""
    text = text.strip()
    return not text or _SILENT_REPLY.fullmatch(text) is not None


def flush_outcome(*, reply: str, saved: bool) -> str:
    """``silent``, ``saved`` or ``spoke``: what a flush turn did, from its final reply and
    whether the agent called a tool. A reply other than ``SILENT`` is ``spoke`` (the host
    must not show it), whatever was saved."""
    if not is_silent(reply):
        return "spoke"
    return "saved" if saved else "silent"
