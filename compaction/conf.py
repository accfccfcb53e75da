"""Settings for django-compaction, read lazily from ``settings.COMPACTION``.

Every key is declared once, in ``SETTINGS``: its default, kind, bounds, whether a session
may override it and its documentation; the defaults, the validation and the docs' settings
reference are all derived from it. Values are looked up on first use and re-read when
``COMPACTION`` changes (``override_settings`` in tests), never at import time, so a host
project may set them in any order.

Per-session overrides live in ``ChatSession.config`` and may only touch the keys
in ``SESSION_OVERRIDABLE``; ``app_settings.for_session(session)`` merges them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.utils.module_loading import import_string

from compaction.engine.timing import BESIDE
from compaction.providers.pricing import (
    BUILTIN,
    PRICE_KEYS,
    PriceTable,
    parse_price_table,
)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Strings recorded in 255-character columns (a run's model, summarizer).
MAX_NAME_CHARS = 255
#: The longest MEMORY_FLUSH_PROMPT (it is sent on every flush turn).
MAX_PROMPT_CHARS = 20_000
#: What PRESERVE may name.
PRESERVE_KINDS = ("errors", "decisions", "commits")

#: Every kind of value a setting can take; ``Setting.kind`` is one of them.
KINDS = (
    "int",
    "number",
    "bool",
    "choice",
    "string",
    "url",
    "dotted path",
    "preserve",
    "prompt",
    "prices",
)


@dataclass(frozen=True)
class Setting:
    """One key of ``settings.COMPACTION``, declared once: the defaults, the bounds, the
    validation, the per-session overrides and the settings page of the docs all read it.

    Numbers have a maximum far above any sensible value, low enough that every value fits its
    database column and its arithmetic (a threshold of 10**30 once made an admin filter
    overflow). ``doc`` is Markdown: the settings reference renders it as it stands.
    """

    name: str
    default: Any
    kind: str
    group: str
    doc: str
    minimum: int | float | None = None
    maximum: int | float | None = None
    #: The minimum itself is refused (a number in (minimum, maximum]).
    exclusive_minimum: bool = False
    choices: tuple[str, ...] = ()
    #: None is a value of its own (its meaning is in ``doc``).
    nullable: bool = False
    #: A session's ``config`` may override it: engine behaviour, never infrastructure.
    session: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: unknown kind {self.kind!r}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"{self.name}: choices go with kind 'choice', and only there")
        # The shipped default passes its own rule: the table cannot contradict itself.
        if problem := self.problem(self.default):
            raise ValueError(f"{self.name}: default {problem}")

    @property
    def type_text(self) -> str:
        """The kind of value, as the reference says it."""
        text = {
            "int": "integer",
            "number": "number",
            "bool": "boolean",
            "choice": "string, one of " + ", ".join(f'`"{c}"`' for c in self.choices),
            "string": f"string of 1 to {MAX_NAME_CHARS} characters",
            "url": f"http(s) URL of up to {MAX_NAME_CHARS} characters",
            "dotted path": f"dotted path of 1 to {MAX_NAME_CHARS} characters",
            "preserve": "list of " + ", ".join(f'`"{k}"`' for k in PRESERVE_KINDS),
            "prompt": f"string of 1 to {MAX_PROMPT_CHARS:,} characters",
            "prices": "mapping of model name to prices in US dollars per million tokens ("
            + ", ".join(f"`{key}`" for key in PRICE_KEYS)
            + "; `input` and `output` required)",
        }[self.kind]
        return text + (", or `None`" if self.nullable else "")

    @property
    def bounds_text(self) -> str:
        """The bounds of a number, as the reference says them ('' for other kinds)."""
        if self.kind not in ("int", "number"):
            return ""
        low = "" if self.minimum is None else f"{self.minimum:,}"
        high = "" if self.maximum is None else f"{self.maximum:,}"
        if self.exclusive_minimum:
            return f"more than {low}, at most {high}"
        return f"{low} to {high}"

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` for this setting, or None."""
        if value is None and self.nullable:
            return None
        shown = f"{value!r:.80}"
        if self.kind == "choice":
            if value not in self.choices:
                return f"must be one of {', '.join(self.choices)}, not {shown}"
            return None
        if self.kind == "int":
            if not (_is_int(value) and value >= (self.minimum or 0)):
                what = "a positive integer" if self.minimum == 1 else "a non-negative integer"
                return f"must be {what}{' or None' if self.nullable else ''}, not {shown}"
            return self._at_most(value)
        if self.kind == "number":
            if self.minimum == 0 and not self.exclusive_minimum:
                if not (_is_number(value) and value >= 0):
                    return f"must be a non-negative number, not {shown}"
                return self._at_most(value)
            low, high = self.minimum, self.maximum
            if self.exclusive_minimum:
                if not (_is_number(value) and low < value <= high):
                    return f"must be a number in ({low:g}, {high:g}], not {shown}"
            elif not (_is_number(value) and low <= value <= high):
                return f"must be a number from {low:g} to {high:g}, not {shown}"
            return None
        if self.kind == "bool":
            return None if isinstance(value, bool) else f"must be true or false, not {shown}"
        if self.kind == "string":
            if not (isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS):
                return f"must be a string of 1 to {MAX_NAME_CHARS} characters, not {shown}"
            return None
        if self.kind == "dotted path":
            if not (isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS):
                return (
                    f"must be None or a dotted path of 1 to {MAX_NAME_CHARS} characters, "
                    f"not {shown}"
                )
            return None
        if self.kind == "url":
            if not (
                isinstance(value, str)
                and len(value) <= MAX_NAME_CHARS
                and value.startswith(("http://", "https://"))
            ):
                return (
                    f"must be None or an http(s) URL of up to {MAX_NAME_CHARS} characters, "
                    f"not {shown}"
                )
            return None
        if self.kind == "preserve":
            if not (
                isinstance(value, list | tuple)
                and all(isinstance(kind, str) and kind in PRESERVE_KINDS for kind in value)
            ):
                return f"must be a list of {', '.join(PRESERVE_KINDS)} (or empty), not {shown}"
            return None
        if self.kind == "prices":
            try:
                parse_price_table(value, name="")
            except ValueError as exc:
                return str(exc)
            return None
        # "prompt"
        if not (isinstance(value, str) and value.strip() and len(value) <= MAX_PROMPT_CHARS):
            return f"must be None or a string of 1 to {MAX_PROMPT_CHARS:,} characters, not {shown}"
        return None

    def _at_most(self, value: Any) -> str | None:
        if self.maximum is not None and value > self.maximum:
            return f"must be at most {self.maximum:,}, not {value!r:.40}"
        return None


#: The order of the settings reference's sections.
GROUPS = (
    "Summarizer",
    "Pruning",
    "Trigger and cut point",
    "Summaries",
    "Prompt caching and content",
    "Memory flush",
    "Carried text and the artifact ledger",
    "Background compaction",
    "Drift audit",
    "Concurrency",
    "Databases",
    "Token estimation and input limits",
    "Cost",
)

SETTINGS: tuple[Setting, ...] = (
    # Summarizer
    Setting(
        "SUMMARIZER", None, "dotted path", "Summarizer", nullable=True,
        doc="A class implementing `compaction.summarizers.Summarizer`. `None` picks "
        "`AnthropicSummarizer` when `ANTHROPIC_API_KEY` is set, else "
        "`OpenAIResponsesSummarizer` when `OPENAI_API_KEY` is set, else the offline one.",
    ),
    Setting(
        "SUMMARIZER_MODEL", None, "string", "Summarizer", nullable=True, session=True,
        doc="The summarizer's model, for any provider; `None`: the provider's default "
        "(`claude-haiku-4-5`, `gpt-5-mini`).",
    ),
    Setting(
        "MODEL", None, "string", "Summarizer", nullable=True, session=True,
        doc="The old name of `SUMMARIZER_MODEL`, still read.",
    ),
    Setting(
        "SUMMARIZER_BASE_URL", None, "url", "Summarizer", nullable=True,
        doc="The summarizer's endpoint (an OpenAI-compatible server's `.../v1`, e.g. "
        '`"http://localhost:8000/v1"`); `None`: the SDK\'s own (`ANTHROPIC_BASE_URL`, '
        "`OPENAI_BASE_URL`, else the provider's API).",
    ),
    Setting(
        "SUMMARIZER_API_KEY", None, "string", "Summarizer", nullable=True,
        doc="The key sent to `SUMMARIZER_BASE_URL` (`None`: none, for a local server). "
        "Without a base URL, `None` is the SDK's own key (`ANTHROPIC_API_KEY`, "
        "`OPENAI_API_KEY`): the environment's OpenAI key never goes to a server named here.",
    ),
    Setting(
        "MAX_TOKENS", 4096, "int", "Summarizer", minimum=1, maximum=1_000_000, session=True,
        doc="The summarizer's `max_tokens`.",
    ),
    Setting(
        "API_TIMEOUT", 60.0, "number", "Summarizer", minimum=0, maximum=3_600,
        doc="Seconds per summarizer request.",
    ),
    Setting(
        "API_MAX_RETRIES", 2, "int", "Summarizer", minimum=0, maximum=100,
        doc="The SDK's own retries (set 0 inside Celery workers).",
    ),
    Setting(
        "MAX_ATTEMPTS", 2, "int", "Summarizer", minimum=1, maximum=100,
        doc="Attempts of the whole summarization before the fallback.",
    ),
    Setting(
        "RETRY_BACKOFF_SECONDS", 1.0, "number", "Summarizer", minimum=0, maximum=3_600,
        doc="Base of the exponential backoff (with jitter) between attempts.",
    ),
    Setting(
        "FALLBACK", "annotate", "choice", "Summarizer", choices=("annotate", "none"),
        doc='On final failure, `"annotate"` checkpoints the previous summary plus a note of '
        'what was archived without a summary (status `fell_back`); `"none"` records the run '
        "failed and compacts nothing.",
    ),
    # Pruning
    Setting(
        "TOOL_SOFT_TRIM_CHARS", 4000, "int", "Pruning", minimum=1, maximum=100_000_000,
        session=True, doc="Tool results longer than this are trimmed to head and tail.",
    ),
    Setting(
        "TOOL_SOFT_TRIM_HEAD", 1500, "int", "Pruning", minimum=0, maximum=100_000_000,
        session=True, doc="Characters a trimmed tool result keeps at its start.",
    ),
    Setting(
        "TOOL_SOFT_TRIM_TAIL", 1500, "int", "Pruning", minimum=0, maximum=100_000_000,
        session=True, doc="Characters a trimmed tool result keeps at its end.",
    ),
    Setting(
        "TOOL_HARD_CLEAR_AFTER", 6, "int", "Pruning", minimum=0, maximum=1_000_000,
        session=True,
        doc="Tool results older than this many tool-result messages are cleared (counted "
        "at the latest pruning step: `TOOL_CLEAR_AT_LEAST`).",
    ),
    Setting(
        "KEEP_LAST_TOOL_RESULTS", 2, "int", "Pruning", minimum=0, maximum=1_000_000,
        session=True, doc="The newest tool-result messages, never pruned.",
    ),
    Setting(
        "TOOL_CLEAR_AT_LEAST", 10_000, "int", "Pruning", minimum=0, maximum=100_000_000,
        session=True,
        doc="Pruning moves in steps of at least this many estimated tokens freed: between two "
        "steps no earlier message of the payload changes, so the prompt cache keeps the whole "
        "conversation before the newest messages (a changed message makes everything after it "
        "a cache write, at 1.25 times the input price). The ages above are counted at the latest "
        "step; output newer than it stays whole until the next. `0` prunes at every new tool "
        "output (a sliding window). See [pruning in steps](concepts.md#pruning-in-steps).",
    ),
    # Trigger and cut point
    Setting(
        "COMPACTION_THRESHOLD", 100_000, "int", "Trigger and cut point", minimum=1,
        maximum=100_000_000, nullable=True, session=True,
        doc="Estimated tokens above which a session compacts; `None`: "
        "`CONTEXT_WINDOW - RESERVE_TOKENS`.",
    ),
    Setting(
        "CONTEXT_WINDOW", 200_000, "int", "Trigger and cut point", minimum=1,
        maximum=100_000_000, session=True, doc="The model's context window, in tokens.",
    ),
    Setting(
        "RESERVE_TOKENS", 20_000, "int", "Trigger and cut point", minimum=0,
        maximum=100_000_000, session=True, doc="Room kept in the window for the answer.",
    ),
    Setting(
        "KEEP_RECENT_TOKENS", 20_000, "int", "Trigger and cut point", minimum=1,
        maximum=100_000_000, session=True,
        doc="The newest tokens, kept verbatim after the cut.",
    ),
    Setting(
        "PROTECT_FIRST_MESSAGE", True, "bool", "Trigger and cut point", session=True,
        doc="Carry the first user message verbatim into every checkpoint.",
    ),
    Setting(
        "COLD_CACHE_COMPACT_FRACTION", None, "number", "Trigger and cut point", minimum=0.1,
        maximum=1, nullable=True, session=True,
        doc="Compact early when the prompt cache has gone cold: when the session's last model "
        "call is older than `PROMPT_CACHE_TTL` and the context holds at least this share of "
        "the point where a compaction starts, the turn compacts in line first (the call that "
        "follows writes its whole prefix to the cache anyway, and then writes the smaller "
        "one). `None`: only at that point, as before. See [when compaction runs]"
        "(operations.md#when-compaction-runs-and-the-prompt-cache).",
    ),
    # Summaries
    Setting(
        "SUMMARY_INPUT_MAX_CHARS", 100_000, "int", "Summaries", minimum=1,
        maximum=1_000_000_000,
        doc="Input of one summarizer call (less when `SUMMARY_CONTEXT_WINDOW` holds less); "
        "larger input is summarized as a tree: chunks side by side, then merged.",
    ),
    Setting(
        "SUMMARY_CONCURRENCY", 8, "int", "Summaries", minimum=1, maximum=64,
        doc="Summarizer calls of one tree running at once.",
    ),
    Setting(
        "SUMMARY_MAX_CHARS", 6000, "int", "Summaries", minimum=1, maximum=10_000_000,
        session=True, doc="The summary's cap (a marker shows the cut).",
    ),
    Setting(
        "SUMMARY_MIN_CHARS", 200, "int", "Summaries", minimum=1, maximum=10_000_000,
        doc="Shorter summaries are rejected and retried.",
    ),
    Setting(
        "TOOL_PREVIEW_HEAD", 500, "int", "Summaries", minimum=0, maximum=100_000_000,
        doc="Characters of a tool result's start in the summarizer's transcript.",
    ),
    Setting(
        "TOOL_PREVIEW_TAIL", 200, "int", "Summaries", minimum=0, maximum=100_000_000,
        doc="Characters of a tool result's end in the summarizer's transcript.",
    ),
    Setting(
        "SUMMARY_PLACEMENT", "messages", "choice", "Summaries", choices=("messages", "system"),
        session=True,
        doc='`"messages"`: a synthetic user/assistant pair before the active messages; '
        '`"system"`: appended to the system prompt.',
    ),
    Setting(
        "SUMMARY_CONTEXT_WINDOW", 200_000, "int", "Summaries", minimum=1, maximum=100_000_000,
        doc="The summarizer model's own context window: one call's input plus `MAX_TOKENS` "
        "must fit it minus `SUMMARY_RESERVE_TOKENS`, and chunks are cut so they do.",
    ),
    Setting(
        "SUMMARY_RESERVE_TOKENS", 8_000, "int", "Summaries", minimum=0, maximum=100_000_000,
        doc="Kept free in that window (the prompt's own instructions, estimate error).",
    ),
    # Prompt caching and content
    Setting(
        "PROMPT_CACHE", True, "bool", "Prompt caching and content", session=True,
        doc="Anthropic payloads mark the prefixes that stay the same from call to call with "
        "`cache_control` breakpoints (the system prompt, the stretch pruning no longer "
        "changes, the previous call's conversation, the summary), and `run_turn` sends a "
        "top-level one, so each call reads what came before it from the prompt cache. See "
        "[prompt caching](message-formats.md#prompt-caching).",
    ),
    Setting(
        "PROMPT_CACHE_TTL", "5m", "choice", "Prompt caching and content", choices=("5m", "1h"),
        session=True,
        doc='Cache entries of five minutes, or `"1h"` (costs more to write, lives longer).',
    ),
    Setting(
        "UNKNOWN_BLOCKS", "store", "choice", "Prompt caching and content",
        choices=("store", "reject"),
        doc='Content block types this version does not know (a newer API release): `"store"` '
        'keeps them verbatim and sends them back; `"reject"` refuses them with a 400.',
    ),
    # Memory flush
    Setting(
        "MEMORY_FLUSH", None, "dotted path", "Memory flush", nullable=True,
        doc="A host `callable(session=, run=)` given a chance to persist memories before "
        "compaction, at most once per checkpoint version (see "
        "[the memory flush turn](agent-loop.md#the-memory-flush-turn)).",
    ),
    Setting(
        "MEMORY_FLUSH_MARGIN", 4000, "int", "Memory flush", minimum=0, maximum=100_000_000,
        session=True,
        doc="A flush is due within this many tokens of the point where a compaction starts, "
        "counted as at most half that point (so a small threshold does not make it due from "
        "the first token).",
    ),
    Setting(
        "MEMORY_FLUSH_PROMPT", None, "prompt", "Memory flush", nullable=True,
        doc="The flush turn's prompt (the context payload's `memory_flush.prompt`); `None` "
        "ships `compaction.engine.memory.MEMORY_FLUSH_PROMPT`.",
    ),
    # Carried text and the artifact ledger
    Setting(
        "PRESERVE", ["errors", "decisions", "commits"], "preserve",
        "Carried text and the artifact ledger", session=True,
        doc="Carried into every checkpoint verbatim, whatever the summarizer wrote: failing "
        'tool results and tracebacks (`"errors"`), explicit decisions, git commit lines '
        '(`"commits"`); newest first, within `PRESERVE_MAX_TOKENS`. An empty list turns it '
        "off.",
    ),
    Setting(
        "PRESERVE_MAX_TOKENS", 2000, "int", "Carried text and the artifact ledger", minimum=0,
        maximum=1_000_000, session=True, doc="Budget of the preserved text, newest first.",
    ),
    Setting(
        "ARTIFACTS_MAX_TOKENS", 1500, "int", "Carried text and the artifact ledger", minimum=0,
        maximum=1_000_000, session=True,
        doc="Budget of the *Files & artifacts* section sent after the summary (the artifact "
        "ledger: files, commands, URLs, errors, test runs, taken from the stored tool calls): "
        "unresolved errors and changed files first, newest first, counts for what does not "
        "fit. `0` sends no section (the admin and the API still show the ledger).",
    ),
    # Background compaction
    Setting(
        "AUTO_COMPACT", "background", "choice", "Background compaction",
        choices=("off", "sync", "async", "background"), session=True,
        doc='When a session crosses its threshold. `"background"`: a compaction starts on a '
        "small thread pool in the same process, after the request's transaction commits, and "
        "no turn waits for it unless its payload would not fit "
        '`CONTEXT_WINDOW - RESERVE_TOKENS`; `"async"`: the same timing, on a Celery worker; '
        '`"sync"`: the append or turn that crosses the threshold compacts in the request; '
        '`"off"`: only when asked. See [Operations](operations.md).',
    ),
    Setting(
        "SOFT_THRESHOLD", 0.8, "number", "Background compaction", minimum=0.1, maximum=1,
        session=True,
        doc='With `"background"` and `"async"` a compaction starts at `COMPACTION_THRESHOLD`, '
        "or at this share of `CONTEXT_WINDOW - RESERVE_TOKENS` when that comes first (a "
        "threshold at the window's edge), so that it is done before a payload would not fit.",
    ),
    Setting(
        "COMPACTION_WAIT_SECONDS", 30.0, "number", "Background compaction", minimum=0,
        maximum=3_600,
        doc="How long a turn whose payload would not fit the window waits for the running "
        "compaction; after that it is sent fitted to the window (its oldest messages left "
        "out).",
    ),
    Setting(
        "BACKGROUND_WORKERS", 2, "int", "Background compaction", minimum=1, maximum=32,
        doc='Threads of the in-process pool (`"background"`), per process; a few more '
        "sessions than this may wait in its queue, and beyond that a start is dropped until "
        "the next append.",
    ),
    Setting(
        "QUEUE_FALLBACK_IN_PROCESS", True, "bool", "Background compaction",
        doc='With `"async"`: when a queued run was never picked up within `LEASE_SECONDS`, '
        "or the session's latest run expired without ever starting (a broker restart a "
        "worker did not recover from, workers down), the session's next compaction runs on "
        "the in-process pool of the process that queues it instead, so it is not left "
        "waiting on a queue that does not deliver. `false`: always the queue.",
    ),
    Setting(
        "PUBLISHER", "compaction.tasks.publish_compaction_run", "dotted path",
        "Background compaction", nullable=True,
        doc="A `callable(run_id: str)` that puts a queued run on a worker; the default "
        "publishes `compaction.tasks.compact_session` on Celery. Services never import tasks.",
    ),
    # Drift audit
    Setting(
        "DRIFT_MAX_VERSIONS", 200, "int", "Drift audit", minimum=1, maximum=10_000,
        doc="The drift audit (the admin's timeline and the API's drift endpoint) reads the "
        "newest this many checkpoint versions.",
    ),
    Setting(
        "DRIFT_JUDGE", None, "dotted path", "Drift audit", nullable=True,
        doc="A judge of the prose the audit cannot settle (a carried item reworded): a "
        "`compaction.judges.DriftJudge`, e.g. "
        "`compaction.judges.anthropic.AnthropicDriftJudge`, which asks `DRIFT_JUDGE_MODEL`. "
        "It runs in phase 2 of each compaction and from the admin's diff page (a POST), never "
        "in a GET; only what it confirms is counted. `None`: no judge, and reworded items "
        "stay unverified.",
    ),
    Setting(
        "DRIFT_JUDGE_MODEL", None, "string", "Drift audit", nullable=True,
        doc="The judge's model; `None`: its provider's default.",
    ),
    Setting(
        "DRIFT_JUDGE_BASE_URL", None, "url", "Drift audit", nullable=True,
        doc="The judge's endpoint, as `SUMMARIZER_BASE_URL`.",
    ),
    Setting(
        "DRIFT_JUDGE_API_KEY", None, "string", "Drift audit", nullable=True,
        doc="The judge's key, as `SUMMARIZER_API_KEY`.",
    ),
    # Concurrency
    Setting(
        "LEASE_SECONDS", 30, "int", "Concurrency", minimum=1, maximum=7 * 86_400,
        doc="How long a claim holds the session without a sign of life: its holder renews "
        "it every third of this while the summarizer works, so a dead worker's session is "
        "taken over by the next claim this long after it died, however long compactions "
        "take. A queued run whose task has not started by then is presumed lost.",
    ),
    Setting(
        "LOCK_TIMEOUT_MS", 5000, "int", "Concurrency", minimum=1, maximum=600_000,
        doc="Bound on waiting for a session's row lock (`SessionBusy` after).",
    ),
    # Databases
    Setting(
        "AUDIT_DATABASE", None, "string", "Databases", nullable=True,
        doc="The `DATABASES` alias (a read replica) that the audit surfaces read from: the "
        "admin's diff, timeline, archived messages and drift list, and the API's "
        "checkpoints, diff, drift, runs and history text. They only read and tolerate a "
        "replica's lag; appends, context builds and compactions stay on `default`. Needs "
        "`DATABASE_ROUTERS = [\"compaction.routers.AuditReplicaRouter\"]` (system checks "
        "`E008` for an unknown alias, `W011` without the router). `None`: every read on "
        "`default`.",
    ),
    # Token estimation and input limits
    Setting(
        "IMAGE_TOKENS", 1600, "int", "Token estimation and input limits", minimum=0,
        maximum=1_000_000, doc="Fixed token estimate per image.",
    ),
    Setting(
        "CALIBRATION_ALPHA", 0.1, "number", "Token estimation and input limits", minimum=0,
        maximum=1, exclusive_minimum=True,
        doc="Weight of each usage report in the estimator's calibration average.",
    ),
    Setting(
        "MAX_MESSAGE_CHARS", 500_000, "int", "Token estimation and input limits", minimum=1,
        maximum=100_000_000, doc="Characters per message.",
    ),
    Setting(
        "MAX_BATCH", 500, "int", "Token estimation and input limits", minimum=1,
        maximum=100_000, doc="Messages per append.",
    ),
    # Cost
    Setting(
        "MODEL_PRICES", {}, "prices", "Cost",
        doc="Prices that the admin and the API bill usage with, added over the built-in "
        "table of `compaction.providers.pricing` (Claude and OpenAI models, with their "
        "aliases and dated ids): a model named here replaces its built-in prices. "
        "Each entry is `{\"input\": 3, \"output\": 15, \"cache_read\": 0.3, "
        "\"cache_write_5m\": 3.75, \"cache_write_1h\": 6}` in US dollars per million "
        "tokens, each from 0 to 10,000; the cache prices default to the input price, "
        "for a provider that neither discounts reads nor surcharges writes. At most 500 "
        "models. A model in neither table is billed as unknown, never as free.",
    ),
)  # fmt: skip

#: Each setting by name.
BY_NAME: dict[str, Setting] = {s.name: s for s in SETTINGS}
DEFAULTS: dict[str, Any] = {s.name: s.default for s in SETTINGS}
#: Keys a session's ``config`` may override: engine behaviour, never infrastructure.
SESSION_OVERRIDABLE = frozenset(s.name for s in SETTINGS if s.session)
CHOICES: dict[str, tuple[str, ...]] = {s.name: s.choices for s in SETTINGS if s.choices}
NON_NEGATIVE_INTS = tuple(s.name for s in SETTINGS if s.kind == "int" and s.minimum == 0)
POSITIVE_INTS = tuple(
    s.name for s in SETTINGS if s.kind == "int" and s.minimum == 1 and not s.nullable
)
#: Upper bounds of the numbers that have one beside their range.
MAXIMA: dict[str, int | float] = {
    s.name: s.maximum
    for s in SETTINGS
    if s.maximum is not None and (s.kind == "int" or (s.minimum == 0 and not s.exclusive_minimum))
}


#: Settings that no longer exist, and what took their place: named in the warning a host
#: still setting one gets, rather than "not a setting".
REMOVED: dict[str, str] = {
    "DRIFT_GUARD_MAX_LOSS": "the item protocol sends a summary back once whenever it drops "
    "items without declaring them; what is still silent is counted by the drift audit",
    "DRIFT_ORIGINALS_LIMIT": "regenerated versions are audited on their artifact values; "
    "coverage reads the artifact ledger, not the archived messages",
}


def validate_values(values: Mapping[str, Any]) -> list[str]:
    """Return a readable problem for every bad value in ``values`` (known keys only)."""
    problems: list[str] = []
    for key, value in values.items():
        if key in REMOVED:
            problems.append(f"{key}: removed setting ({REMOVED[key]})")
        elif key not in BY_NAME:
            problems.append(f"{key}: unknown setting")
        elif problem := BY_NAME[key].problem(value):
            problems.append(f"{key}: {problem}")
    return problems


class ResolvedSettings:
    """Attribute access over a complete, merged mapping of settings."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = dict(values)
        self._price_table: PriceTable | None = None

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"Invalid django-compaction setting: {name!r}") from None

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)

    @property
    def price_table(self) -> PriceTable:
        """The built-in prices with ``MODEL_PRICES`` over them. Bad entries are left out
        (system check E002 names them): a page that bills shows the built-in price."""
        if self._price_table is None:
            try:
                table = BUILTIN.merged(parse_price_table(self._values["MODEL_PRICES"]))
            except ValueError:
                table = BUILTIN
            self._price_table = table
        return self._price_table

    @property
    def threshold(self) -> int:
        """Tokens above which a session should be compacted."""
        if self._values["COMPACTION_THRESHOLD"] is not None:
            return int(self._values["COMPACTION_THRESHOLD"])
        return self.window_budget

    @property
    def window_budget(self) -> int:
        """Tokens a payload may take: the window minus what the answer needs."""
        return int(self._values["CONTEXT_WINDOW"]) - int(self._values["RESERVE_TOKENS"])

    @property
    def trigger(self) -> int:
        """Tokens above which a compaction starts: the threshold; when it runs beside the
        conversation, SOFT_THRESHOLD of the window's budget if that comes first, so that it
        is done before a payload would not fit (starting earlier than needed would only
        compact more often)."""
        if self._values["AUTO_COMPACT"] in BESIDE:
            soft = int(self.window_budget * float(self._values["SOFT_THRESHOLD"]))
            return max(1, min(self.threshold, soft))
        return self.threshold


class AppSettings:
    """Lazy view of ``settings.COMPACTION`` over ``DEFAULTS``."""

    def __init__(self) -> None:
        self._resolved: ResolvedSettings | None = None

    @property
    def user_settings(self) -> dict[str, Any]:
        return dict(getattr(settings, "COMPACTION", None) or {})

    def _get(self) -> ResolvedSettings:
        if self._resolved is None:
            values = dict(DEFAULTS)
            values.update({k: v for k, v in self.user_settings.items() if k in DEFAULTS})
            self._resolved = ResolvedSettings(values)
        return self._resolved

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name == "threshold":
            return self._get().threshold
        if name == "price_table":
            return self._get().price_table
        return getattr(self._get(), name)

    def for_session(self, session: Any) -> ResolvedSettings:
        """Settings for one session: the app settings with its ``config`` overrides."""
        base = self._get()
        overrides = {
            k: v
            for k, v in (getattr(session, "config", None) or {}).items()
            if k in SESSION_OVERRIDABLE
        }
        if not overrides:
            return base
        values = base.as_dict()
        values.update(overrides)
        if "MODEL" in overrides and "SUMMARIZER_MODEL" not in overrides:
            # A session naming its model by the old name still chooses it.
            values["SUMMARIZER_MODEL"] = overrides["MODEL"]
        return ResolvedSettings(values)

    def import_callable(self, name: str) -> Any:
        path = getattr(self, name)
        return import_string(path) if path else None

    def reload(self) -> None:
        self._resolved = None


app_settings = AppSettings()


def _reload(*, setting: str, **kwargs: Any) -> None:
    if setting == "COMPACTION":
        app_settings.reload()


setting_changed.connect(_reload)
