"""When to compact: the one rule, for the append, the agent's turn and the API alike.

A compaction that runs in the request makes that turn wait for the summarizer (seconds, and
tens of seconds on a large backlog). Running it beside the conversation, from a soft
threshold, lets every turn go on with the context it has, which still fits the window.
Only a payload that would not fit the window makes a turn wait: for the running compaction
when there is one, else for one run in line.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Nothing to do now.
NONE = "none"
#: Compact in this request (``sync``; or the payload would not fit and nothing is running).
INLINE = "inline"
#: The payload would not fit: wait for the running compaction.
WAIT = "wait"
#: Queue a Celery task (``async``).
QUEUE = "queue"
#: Start on the in-process pool (``background``).
BACKGROUND = "background"

#: Modes in which a compaction runs beside the conversation.
BESIDE = ("async", "background")


@dataclass(frozen=True)
class Timing:
    action: str
    reason: str = ""

    @property
    def blocks(self) -> bool:
        """The caller waits for a summarizer before it goes on."""
        return self.action in (INLINE, WAIT)


def compaction_timing(
    *,
    mode: str,
    calibrated_tokens: float,
    trigger_tokens: int,
    window_budget: int,
    running: bool,
) -> Timing:
    """What to do about compaction now.

    ``trigger_tokens`` is where a compaction starts (the threshold for ``sync``, its soft
    share for ``async`` and ``background``), ``window_budget`` what a payload may take,
    ``running`` whether a compaction holds the session's lease.
    """
    if mode == "off" or calibrated_tokens <= trigger_tokens:
        return Timing(NONE)
    if mode not in BESIDE:
        if running:
            return Timing(NONE, "a compaction is already running")
        return Timing(INLINE, f"{calibrated_tokens:,.0f} tokens, over the threshold")
    if calibrated_tokens > window_budget:
        reason = f"{calibrated_tokens:,.0f} tokens would not fit the window ({window_budget:,})"
        return Timing(WAIT if running else INLINE, reason)
    if running:
        return Timing(NONE, "a compaction is already running")
    return Timing(QUEUE if mode == "async" else BACKGROUND, "over the soft threshold")
