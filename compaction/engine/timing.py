"""When to compact: the one rule, for the append, the agent's turn and the API alike.

A compaction that runs in the request makes that turn wait for the summarizer (seconds, and
tens of seconds on a large backlog). Running it beside the conversation, from a soft
threshold, lets every turn go on with the context it has, which still fits the window.
Only a payload that would not fit the window makes a turn wait: for the running compaction
when there is one, else for one run in line.

A compaction also costs a cache rewrite: it replaces everything after the system prompt, so
the next call writes the new prefix to the prompt cache (1.25x the base price) where it
would have read the old one (0.1x). Once the session's cache has gone cold (no model call
for longer than its TTL), that call writes its whole prefix anyway: compacting then costs
no rewrite. ``cold_fraction`` (``COLD_CACHE_COMPACT_FRACTION``) compacts at that moment,
in line so the call that follows writes the smaller prefix, when the context is at least
that share of the point where a compaction starts.
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

#: How long a prompt cache entry lives after its last use, per ``PROMPT_CACHE_TTL``.
CACHE_TTL_SECONDS = {"5m": 300, "1h": 3600}


@dataclass(frozen=True)
class Timing:
    action: str
    reason: str = ""
    #: Started before the trigger (the prompt cache went cold): the run does not check the
    #: trigger again, only whether there is anything to cut.
    early: bool = False

    @property
    def blocks(self) -> bool:
        """The caller waits for a summarizer before it goes on."""
        return self.action in (INLINE, WAIT)


def cache_cold(*, idle_seconds: float | None, ttl_seconds: float) -> bool:
    """The session's prompt cache has expired: no model call for longer than its TTL
    (``idle_seconds`` None: not known, taken as warm)."""
    return idle_seconds is not None and idle_seconds > ttl_seconds


def compaction_timing(
    *,
    mode: str,
    calibrated_tokens: float,
    trigger_tokens: int,
    window_budget: int,
    running: bool,
    idle_seconds: float | None = None,
    cache_ttl_seconds: float = 300.0,
    cold_fraction: float | None = None,
) -> Timing:
    """What to do about compaction now.

    ``trigger_tokens`` is where a compaction starts (the threshold for ``sync``, its soft
    share for ``async`` and ``background``), ``window_budget`` what a payload may take,
    ``running`` whether a compaction holds the session's lease. ``idle_seconds`` is the
    time since the session's last model call at the latest (None: unknown),
    ``cache_ttl_seconds`` its prompt cache's lifetime, ``cold_fraction`` the share of
    ``trigger_tokens`` from which a cold cache makes a compaction run now (None: never).
    """
    if mode == "off":
        return Timing(NONE)
    cold = (
        cold_fraction is not None
        and calibrated_tokens >= cold_fraction * trigger_tokens
        and cache_cold(idle_seconds=idle_seconds, ttl_seconds=cache_ttl_seconds)
    )
    if calibrated_tokens <= trigger_tokens and not cold:
        return Timing(NONE)
    if running and (mode not in BESIDE or calibrated_tokens <= window_budget):
        return Timing(NONE, "a compaction is already running")
    if mode in BESIDE and calibrated_tokens > window_budget:
        reason = f"{calibrated_tokens:,.0f} tokens would not fit the window ({window_budget:,})"
        return Timing(WAIT if running else INLINE, reason)
    if cold:
        # In line even beside the conversation: started beside it, the compaction would
        # land after this call had written the old prefix, and the next call would write
        # the new one again.
        return Timing(
            INLINE,
            f"{calibrated_tokens:,.0f} tokens and the prompt cache cold (no model call for "
            f"{idle_seconds:,.0f} s, TTL {cache_ttl_seconds:,.0f} s): compacted before the "
            "call that rewrites it",
            early=calibrated_tokens <= trigger_tokens,
        )
    if mode not in BESIDE:
        return Timing(INLINE, f"{calibrated_tokens:,.0f} tokens, over the threshold")
    return Timing(QUEUE if mode == "async" else BACKGROUND, "over the soft threshold")
