"""Settings for django-compaction, read lazily from ``settings.COMPACTION``.

Every key has a documented default below. Values are looked up on first use and
re-read when ``COMPACTION`` changes (``override_settings`` in tests), never at
import time, so a host project may set them in any order.

Per-session overrides live in ``ChatSession.config`` and may only touch the keys
in ``SESSION_OVERRIDABLE``; ``app_settings.for_session(session)`` merges them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.utils.module_loading import import_string

from compaction.engine.timing import BESIDE

DEFAULTS: dict[str, Any] = {
    # Summarizer: a dotted path to a class implementing compaction.summarizers.Summarizer.
    # None picks AnthropicSummarizer when ANTHROPIC_API_KEY is set, else
    # OpenAIResponsesSummarizer when OPENAI_API_KEY is set, else the offline one.
    "SUMMARIZER": None,
    # The summarizer's model, for any provider; None: the provider's default
    # (claude-haiku-4-5, gpt-5-mini). MODEL is its old name, still read.
    "SUMMARIZER_MODEL": None,
    "MODEL": None,
    # The summarizer's endpoint (an OpenAI-compatible server: "http://localhost:8000/v1");
    # None: the SDK's own (ANTHROPIC_BASE_URL, OPENAI_BASE_URL, else the provider's API).
    "SUMMARIZER_BASE_URL": None,
    # The key sent to SUMMARIZER_BASE_URL (None: none, for a local server). Without a base
    # URL, None is the SDK's own key (ANTHROPIC_API_KEY, OPENAI_API_KEY): the environment's
    # OpenAI key never goes to a server named here.
    "SUMMARIZER_API_KEY": None,
    "MAX_TOKENS": 4096,
    "API_TIMEOUT": 60.0,  # seconds, per summarizer request
    "API_MAX_RETRIES": 2,  # the SDK's own retries (set 0 inside Celery workers)
    # Attempts of the whole summarization before the fallback, and the backoff between them.
    "MAX_ATTEMPTS": 2,
    "RETRY_BACKOFF_SECONDS": 1.0,
    # "annotate": on final failure, checkpoint the previous summary plus a note of what was
    # dropped (status fell_back). "none": record the run failed and compact nothing.
    "FALLBACK": "annotate",
    # The drift audit (admin timeline and the API's drift endpoint read the same one):
    # the newest DRIFT_MAX_VERSIONS checkpoint versions.
    "DRIFT_MAX_VERSIONS": 200,
    # A judge of the prose the audit cannot settle (a carried item reworded): dotted path
    # of a compaction.judges.DriftJudge, e.g. compaction.judges.anthropic.AnthropicDriftJudge,
    # which asks DRIFT_JUDGE_MODEL. It runs in phase 2 of each compaction and from the
    # admin's diff page (a POST), never in a GET; only what it confirms is counted. None:
    # no judge, and reworded items stay unverified.
    "DRIFT_JUDGE": None,
    # The judge's model, endpoint and key, as SUMMARIZER_MODEL, _BASE_URL and _API_KEY.
    "DRIFT_JUDGE_MODEL": None,
    "DRIFT_JUDGE_BASE_URL": None,
    "DRIFT_JUDGE_API_KEY": None,
    # Tool-result pruning (read path only).
    "TOOL_SOFT_TRIM_CHARS": 4000,
    "TOOL_SOFT_TRIM_HEAD": 1500,
    "TOOL_SOFT_TRIM_TAIL": 1500,
    "TOOL_HARD_CLEAR_AFTER": 6,
    "KEEP_LAST_TOOL_RESULTS": 2,
    # Trigger. COMPACTION_THRESHOLD None means CONTEXT_WINDOW - RESERVE_TOKENS.
    "COMPACTION_THRESHOLD": 100_000,
    "CONTEXT_WINDOW": 200_000,
    "RESERVE_TOKENS": 20_000,
    # Cut point.
    "KEEP_RECENT_TOKENS": 20_000,
    "PROTECT_FIRST_MESSAGE": True,
    # Summary input and output.
    "SUMMARY_INPUT_MAX_CHARS": 100_000,
    # Input larger than one call is summarized as a tree: chunks summarized side by side,
    # then merged; at most this many summarizer calls run at once.
    "SUMMARY_CONCURRENCY": 8,
    "SUMMARY_MAX_CHARS": 6000,
    "SUMMARY_MIN_CHARS": 200,
    "TOOL_PREVIEW_HEAD": 500,
    "TOOL_PREVIEW_TAIL": 200,
    # "messages": a synthetic user/assistant pair before the active messages;
    # "system": appended to the system prompt.
    "SUMMARY_PLACEMENT": "messages",
    # Anthropic payloads mark the stable prefix (system prompt, summary) with cache_control
    # breakpoints, so every turn until the next compaction reads it from the prompt cache.
    "PROMPT_CACHE": True,
    "PROMPT_CACHE_TTL": "5m",  # or "1h" (costs more to write, lives longer)
    # Content block types this version does not know (a newer API release): "store" keeps
    # them verbatim and sends them back; "reject" refuses them with a 400.
    "UNKNOWN_BLOCKS": "store",
    # A host callable(session=, run=) given a chance to persist memories before compaction,
    # at most once per checkpoint version; also called once when the session comes within
    # MEMORY_FLUSH_MARGIN tokens of the threshold.
    "MEMORY_FLUSH": None,
    "MEMORY_FLUSH_MARGIN": 4000,
    # The flush turn's prompt (the context payload's memory_flush.prompt); None ships
    # compaction.engine.memory.MEMORY_FLUSH_PROMPT.
    "MEMORY_FLUSH_PROMPT": None,
    # Carried into every checkpoint verbatim, whatever the summarizer wrote: failing tool
    # results and tracebacks ("errors"), explicit decisions, git commit lines ("commits");
    # newest first, within PRESERVE_MAX_TOKENS. An empty list turns it off.
    "PRESERVE": ["errors", "decisions", "commits"],
    "PRESERVE_MAX_TOKENS": 2000,
    # The artifact ledger (files read, created, modified and deleted, commands with their exit
    # status, URLs, errors and whether they were resolved, test runs), taken from the stored
    # tool calls, is kept with every checkpoint and sent after the summary as a "Files &
    # artifacts" section of at most this many tokens: unresolved errors and changed files
    # first, newest first, counts for what does not fit. 0 sends no section (the admin and
    # the API still show the ledger).
    "ARTIFACTS_MAX_TOKENS": 1500,
    # The summarizer model's own context window: its input plus MAX_TOKENS must fit it
    # minus SUMMARY_RESERVE_TOKENS, and chunking follows from that.
    "SUMMARY_CONTEXT_WINDOW": 200_000,
    "SUMMARY_RESERVE_TOKENS": 8_000,
    # When a session crosses its threshold (engine.timing holds the rule, in one place):
    # "background": a compaction starts on a small thread pool in the same process, after
    #   the request's transaction commits, and no turn waits for it unless its payload would
    #   not fit CONTEXT_WINDOW - RESERVE_TOKENS;
    # "async": the same timing, on a Celery worker (hosts that run Celery);
    # "sync": the append or turn that crosses the threshold compacts in the request;
    # "off": only when asked.
    "AUTO_COMPACT": "background",
    # With "background" and "async" a compaction starts at COMPACTION_THRESHOLD, or at this
    # share of CONTEXT_WINDOW - RESERVE_TOKENS when that comes first (a threshold at the
    # window's edge), so that it is done before a payload would not fit.
    "SOFT_THRESHOLD": 0.8,
    # A turn whose payload would not fit the window waits at most this long for the running
    # compaction; after that it is sent fitted to the window (its oldest messages left out).
    "COMPACTION_WAIT_SECONDS": 30.0,
    # Threads of the in-process pool ("background"), per process; a few more sessions than
    # this may wait in its queue, and beyond that a start is dropped until the next append.
    "BACKGROUND_WORKERS": 2,
    # Dotted path of callable(run_id: str) that puts a queued run on a worker; the default
    # publishes compaction.tasks.compact_session on Celery. Services never import tasks.
    "PUBLISHER": "compaction.tasks.publish_compaction_run",
    # Concurrency.
    "LEASE_SECONDS": 300,
    "LOCK_TIMEOUT_MS": 5000,
    # Token estimation.
    "IMAGE_TOKENS": 1600,
    "CALIBRATION_ALPHA": 0.1,
    # Input limits.
    "MAX_MESSAGE_CHARS": 500_000,
    "MAX_BATCH": 500,
}

# Keys a session's ``config`` may override: engine behaviour, never infrastructure.
SESSION_OVERRIDABLE = frozenset(
    {
        "SUMMARIZER_MODEL",
        "MODEL",
        "MAX_TOKENS",
        "TOOL_SOFT_TRIM_CHARS",
        "TOOL_SOFT_TRIM_HEAD",
        "TOOL_SOFT_TRIM_TAIL",
        "TOOL_HARD_CLEAR_AFTER",
        "KEEP_LAST_TOOL_RESULTS",
        "COMPACTION_THRESHOLD",
        "CONTEXT_WINDOW",
        "RESERVE_TOKENS",
        "KEEP_RECENT_TOKENS",
        "PROTECT_FIRST_MESSAGE",
        "SUMMARY_MAX_CHARS",
        "SUMMARY_PLACEMENT",
        "PROMPT_CACHE",
        "PROMPT_CACHE_TTL",
        "AUTO_COMPACT",
        "SOFT_THRESHOLD",
        "PRESERVE",
        "PRESERVE_MAX_TOKENS",
        "ARTIFACTS_MAX_TOKENS",
        "MEMORY_FLUSH_MARGIN",
    }
)

CHOICES: dict[str, tuple[str, ...]] = {
    "FALLBACK": ("annotate", "none"),
    "SUMMARY_PLACEMENT": ("messages", "system"),
    "PROMPT_CACHE_TTL": ("5m", "1h"),
    "UNKNOWN_BLOCKS": ("store", "reject"),
    "AUTO_COMPACT": ("off", "sync", "async", "background"),
}

NON_NEGATIVE_INTS = (
    "TOOL_SOFT_TRIM_HEAD",
    "TOOL_SOFT_TRIM_TAIL",
    "TOOL_HARD_CLEAR_AFTER",
    "KEEP_LAST_TOOL_RESULTS",
    "RESERVE_TOKENS",
    "MEMORY_FLUSH_MARGIN",
    "PRESERVE_MAX_TOKENS",
    "ARTIFACTS_MAX_TOKENS",
    "SUMMARY_RESERVE_TOKENS",
    "TOOL_PREVIEW_HEAD",
    "TOOL_PREVIEW_TAIL",
    "IMAGE_TOKENS",
    "API_MAX_RETRIES",
)
POSITIVE_INTS = (
    "MAX_TOKENS",
    "MAX_ATTEMPTS",
    "TOOL_SOFT_TRIM_CHARS",
    "CONTEXT_WINDOW",
    "KEEP_RECENT_TOKENS",
    "SUMMARY_INPUT_MAX_CHARS",
    "SUMMARY_CONCURRENCY",
    "SUMMARY_MAX_CHARS",
    "SUMMARY_MIN_CHARS",
    "LEASE_SECONDS",
    "LOCK_TIMEOUT_MS",
    "BACKGROUND_WORKERS",
    "MAX_MESSAGE_CHARS",
    "MAX_BATCH",
    "DRIFT_MAX_VERSIONS",
    "SUMMARY_CONTEXT_WINDOW",
)
#: What PRESERVE may name.
PRESERVE_KINDS = ("errors", "decisions", "commits")
#: The longest MEMORY_FLUSH_PROMPT (it is sent on every flush turn).
MAX_PROMPT_CHARS = 20_000


# Upper bounds: far above any sensible value, low enough that every value fits its database
# column and its arithmetic (a threshold of 10**30 once made an admin filter overflow).
MAXIMA: dict[str, int | float] = {
    "MAX_TOKENS": 1_000_000,
    "API_TIMEOUT": 3_600,
    "API_MAX_RETRIES": 100,
    "MAX_ATTEMPTS": 100,
    "RETRY_BACKOFF_SECONDS": 3_600,
    "TOOL_SOFT_TRIM_CHARS": 100_000_000,
    "TOOL_SOFT_TRIM_HEAD": 100_000_000,
    "TOOL_SOFT_TRIM_TAIL": 100_000_000,
    "TOOL_HARD_CLEAR_AFTER": 1_000_000,
    "KEEP_LAST_TOOL_RESULTS": 1_000_000,
    "COMPACTION_THRESHOLD": 100_000_000,
    "CONTEXT_WINDOW": 100_000_000,
    "RESERVE_TOKENS": 100_000_000,
    "KEEP_RECENT_TOKENS": 100_000_000,
    "SUMMARY_INPUT_MAX_CHARS": 1_000_000_000,
    "SUMMARY_CONCURRENCY": 64,
    "SUMMARY_MAX_CHARS": 10_000_000,
    "SUMMARY_MIN_CHARS": 10_000_000,
    "TOOL_PREVIEW_HEAD": 100_000_000,
    "TOOL_PREVIEW_TAIL": 100_000_000,
    "MEMORY_FLUSH_MARGIN": 100_000_000,
    "PRESERVE_MAX_TOKENS": 1_000_000,
    "ARTIFACTS_MAX_TOKENS": 1_000_000,
    "SUMMARY_CONTEXT_WINDOW": 100_000_000,
    "SUMMARY_RESERVE_TOKENS": 100_000_000,
    "LEASE_SECONDS": 7 * 86_400,
    "COMPACTION_WAIT_SECONDS": 3_600,
    "BACKGROUND_WORKERS": 32,
    "LOCK_TIMEOUT_MS": 600_000,
    "IMAGE_TOKENS": 1_000_000,
    "MAX_MESSAGE_CHARS": 100_000_000,
    "MAX_BATCH": 100_000,
    "DRIFT_MAX_VERSIONS": 10_000,
}
#: Strings recorded in 255-character columns (a run's model, summarizer).
MAX_NAME_CHARS = 255


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
            continue
        if key not in DEFAULTS:
            problems.append(f"{key}: unknown setting")
            continue
        if key in CHOICES and value not in CHOICES[key]:
            problems.append(f"{key}: must be one of {', '.join(CHOICES[key])}, not {value!r:.80}")
        elif key in POSITIVE_INTS and not (_is_int(value) and value > 0):
            problems.append(f"{key}: must be a positive integer, not {value!r:.80}")
        elif key in NON_NEGATIVE_INTS and not (_is_int(value) and value >= 0):
            problems.append(f"{key}: must be a non-negative integer, not {value!r:.80}")
        elif (
            key == "COMPACTION_THRESHOLD"
            and value is not None
            and not (_is_int(value) and value > 0)
        ):
            problems.append(f"{key}: must be a positive integer or None, not {value!r:.80}")
        elif key in ("PROTECT_FIRST_MESSAGE", "PROMPT_CACHE") and not isinstance(value, bool):
            problems.append(f"{key}: must be true or false, not {value!r:.80}")
        elif key == "SOFT_THRESHOLD" and not (_is_number(value) and 0.1 <= value <= 1):
            problems.append(f"{key}: must be a number from 0.1 to 1, not {value!r:.80}")
        elif key in ("API_TIMEOUT", "RETRY_BACKOFF_SECONDS", "COMPACTION_WAIT_SECONDS") and not (
            isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
        ):
            problems.append(f"{key}: must be a non-negative number, not {value!r:.80}")
        elif key == "CALIBRATION_ALPHA" and not (
            isinstance(value, int | float) and not isinstance(value, bool) and 0 < value <= 1
        ):
            problems.append(f"{key}: must be a number in (0, 1], not {value!r:.80}")
        elif (
            key
            in (
                "SUMMARIZER",
                "MEMORY_FLUSH",
                "MODEL",
                "SUMMARIZER_MODEL",
                "PUBLISHER",
                "DRIFT_JUDGE_MODEL",
                "SUMMARIZER_API_KEY",
                "DRIFT_JUDGE_API_KEY",
            )
            and value is not None
            and not (isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS)
        ):
            problems.append(
                f"{key}: must be a string of 1 to {MAX_NAME_CHARS} characters, not {value!r:.80}"
            )
        elif (
            key in ("SUMMARIZER_BASE_URL", "DRIFT_JUDGE_BASE_URL")
            and value is not None
            and not (
                isinstance(value, str)
                and len(value) <= MAX_NAME_CHARS
                and value.startswith(("http://", "https://"))
            )
        ):
            problems.append(
                f"{key}: must be None or an http(s) URL of up to {MAX_NAME_CHARS} characters, "
                f"not {value!r:.80}"
            )
        elif (
            key == "DRIFT_JUDGE"
            and value is not None
            and not (isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS)
        ):
            problems.append(
                f"{key}: must be None or a dotted path of 1 to {MAX_NAME_CHARS} characters, "
                f"not {value!r:.80}"
            )
        elif key == "PRESERVE" and not (
            isinstance(value, list | tuple)
            and all(isinstance(kind, str) and kind in PRESERVE_KINDS for kind in value)
        ):
            problems.append(
                f"{key}: must be a list of {', '.join(PRESERVE_KINDS)} (or empty), "
                f"not {value!r:.80}"
            )
        elif (
            key == "MEMORY_FLUSH_PROMPT"
            and value is not None
            and not (
                isinstance(value, str) and len(value.strip()) > 0 and len(value) <= MAX_PROMPT_CHARS
            )
        ):
            problems.append(
                f"{key}: must be None or a string of 1 to {MAX_PROMPT_CHARS:,} characters, "
                f"not {value!r:.80}"
            )
        elif key in MAXIMA and _is_number(value) and value > MAXIMA[key]:
            problems.append(f"{key}: must be at most {MAXIMA[key]:,}, not {value!r:.40}")
    return problems


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ResolvedSettings:
    """Attribute access over a complete, merged mapping of settings."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = dict(values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"Invalid django-compaction setting: {name!r}") from None

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)

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
