"""Measuring django-compaction: the logic behind ``manage.py compaction_bench``.

Importing this module has no side effects: nothing touches the database or the
settings until ``run_bench`` is called. Every session it builds belongs to a bench
user it creates, and everything is deleted again when it finishes (or fails).

What is measured (see BENCHMARKS.md for a reading of one run):

1. context build (API and selector) at several history sizes, each with a checkpoint
   covering all but the recent window; latency and SQL queries;
2. appends (service and API) at the same sizes: throughput, latency, queries;
3. compaction overhead without an LLM: an instant summarizer as the compacted part
   grows; a 2-second summarizer with a thread appending to the same session;
4. tool-result pruning of large histories, in memory;
5. token reduction on the real transcripts and on a ~1M-token synthetic session,
   with the peak memory of that compaction;
6. the naive way (load and estimate the whole history on every call) side by side.
"""

from __future__ import annotations

import gc
import json
import math
import os
import platform
import resource
import statistics
import sys
import threading
import time
import tracemalloc
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# Side-effect free: compaction.conf reads Django settings lazily, and
# compaction.summarizers.base imports nothing else. Everything touching models is imported
# inside functions, so this module can be imported before the app registry is ready.
from compaction.conf import ResolvedSettings
from compaction.engine.tokens import reduction_percentage
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult

DEFAULT_SIZES: tuple[int, ...] = (1_000, 10_000, 100_000)
QUICK_SIZES: tuple[int, ...] = (500, 2_000)

# Goals from the issue; a run reports each as met or missed against these.
FLAT_RATIO_GOAL = 1.2  # largest history's median latency / smallest history's
LOCK_HOLD_GOAL_MS = 50.0  # time inside the claim, and inside the finalize, transaction
CONCURRENT_P99_GOAL = 2.0  # p99 append latency during a compaction / without one
REDUCTION_GOAL_PCT = 80.0
PEAK_MEMORY_GOAL_MB = 150.0

TRANSCRIPTS_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "transcripts"

BENCH_SUMMARY = """## Goal
Keep the synthetic benchmark project's test suite green while refactoring `src/pkg/`.

## Constraints & Preferences
- The public API must stay stable; no new dependencies.

## Progress
### Done
- Fixed the failing tests in `tests/test_module_1.py` and `tests/test_module_2.py`.
### In Progress
- Running the remaining module tests one by one.

## Key Decisions
- Run `pytest -q` per module rather than the whole suite, because it is faster.

## Next Steps
- Continue with the next module and report the results.

## Critical Context
- Command: `pytest tests/test_module_3.py -q`
"""


# --------------------------------------------------------------------------- summarizers


class InstantSummarizer(Summarizer):
    """Answers every request at once with the same valid summary: compaction minus the LLM."""

    name = "bench-instant"

    @property
    def model(self) -> str:
        return "bench-instant-1"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        return SummaryResult(text=BENCH_SUMMARY, model=self.model)


class SlowSummarizer(InstantSummarizer):
    """Stands in for an LLM call: sleeps ``delay`` seconds once per compaction, then answers.

    One instance serves one run. Sleeping once (not per chunk) keeps phase 2 at ``delay``
    whatever the number of chunks, so runs of different sizes hold no lock for comparable
    times and the figure is "a compaction whose LLM call takes 2 s".
    """

    name = "bench-slow"

    def __init__(self, *, settings: ResolvedSettings, delay: float = 2.0) -> None:
        super().__init__(settings=settings)
        self.delay = delay
        self._slept = False

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        if not self._slept:
            self._slept = True
            time.sleep(self.delay)  # releases the GIL, like a blocking HTTP call
        return super().summarize(request)


# --------------------------------------------------------------------------- configuration


@dataclass(frozen=True)
class BenchConfig:
    sizes: tuple[int, ...] = DEFAULT_SIZES
    repeat: int = 30
    quick: bool = False
    #: Messages compacted per run for the instant-summarizer series (approximately: the
    #: cut point moves to a turn boundary; the JSON has the real count).
    compaction_sizes: tuple[int, ...] = (10, 100, 1_000, 10_000)
    compaction_repeat: int = 3
    #: The 2-second compaction with a concurrent appender.
    slow_delay: float = 2.0
    slow_compacted: int = 1_000
    slow_repeat: int = 3
    #: Pruning: history sizes, the share that are large tool results, and their size.
    pruning_sizes: tuple[int, ...] = (2_500, 5_000, 10_000)
    pruning_tool_share: int = 5  # one message in 5 is a tool result: 2,000 of 10,000
    pruning_tool_chars: int = 20_000
    #: Token reduction.
    synthetic_tokens: int = 1_000_000
    transcripts_dir: Path = TRANSCRIPTS_DIR
    #: Tool output size of the context/append/compaction histories (chars).
    history_tool_chars: int = 600

    @classmethod
    def quick_config(cls, **overrides: Any) -> BenchConfig:
        """A CI-sized run: small histories, few repeats, a 0.5 s 'LLM'."""
        base = cls(
            sizes=QUICK_SIZES,
            repeat=5,
            quick=True,
            compaction_sizes=(10, 100, 1_000),
            compaction_repeat=2,
            slow_delay=0.5,
            slow_compacted=200,
            slow_repeat=1,
            pruning_sizes=(500, 1_000, 2_000),
            synthetic_tokens=150_000,
        )
        return replace(base, **overrides)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["transcripts_dir"] = str(self.transcripts_dir)
        return data


# --------------------------------------------------------------------------- statistics


def percentile(values: Sequence[float], pct: float) -> float:
    """Linear-interpolated percentile (numpy's default); with few samples p99 ~ the max."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * pct / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def stats(values_ms: Sequence[float]) -> dict[str, float | int]:
    return {
        "n": len(values_ms),
        "median_ms": round(statistics.median(values_ms), 3) if values_ms else float("nan"),
        "p95_ms": round(percentile(values_ms, 95), 3),
        "p99_ms": round(percentile(values_ms, 99), 3),
        "min_ms": round(min(values_ms), 3) if values_ms else float("nan"),
        "max_ms": round(max(values_ms), 3) if values_ms else float("nan"),
    }


def query_stats(counts: Sequence[int]) -> dict[str, int]:
    return {"min": min(counts), "max": max(counts), "median": int(statistics.median(counts))}


def ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if b else None


# --------------------------------------------------------------------------- synthetic history

_TOOL_LINES = (
    "============================= test session starts ==============================\n"
    "platform linux -- Python 3.12.1, pytest-8.3.2, pluggy-1.5.0\n"
    "rootdir: /srv/project\ncollected 48 items\n\n"
    "tests/test_module.py ........F.....................................   [100%]\n\n"
    "=================================== FAILURES ===================================\n"
    "E   AssertionError: expected 200 OK, got 500 Internal Server Error\n"
    "E   ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'\n"
)


def _tool_output(k: int, chars: int) -> str:
    head = f"$ pytest tests/test_module_{k % 97}.py -q  (run {k})\n"
    body = (_TOOL_LINES * (chars // len(_TOOL_LINES) + 1))[: max(0, chars - len(head))]
    return head + body


def synthetic_message(index: int, *, tool_chars: int) -> dict[str, Any]:
    """Message ``index`` (0-based) of an endless, valid agent loop, deterministically.

    Cycles of four: a user request, an assistant tool call, the user's tool result, an
    assistant answer. Any prefix whose length is a multiple of 4 ends on an assistant
    text, so plain user or assistant messages can be appended after it.
    """
    k, phase = divmod(index, 4)
    call_id = f"toolu_{k:08d}"
    module = f"src/pkg/module_{k % 97}.py"
    if phase == 0:
        return {
            "role": "user",
            "content": (
                f"Step {k}: please check {module} and run its tests. We must keep the public "
                "API stable and avoid new dependencies; make sure the change is small."
            ),
        }
    if phase == 1:
        return {
            "role": "assistant",
            "content": [
                {"type": "text", "text": f"I will run the tests of {module} first."},
                {
                    "type": "tool_use",
                    "id": call_id,
                    "name": "bash",
                    "input": {"command": f"pytest tests/test_module_{k % 97}.py -q"},
                },
            ],
        }
    if phase == 2:
        return {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": call_id,
                    "content": _tool_output(k, tool_chars),
                }
            ],
        }
    return {
        "role": "assistant",
        "content": (
            f"Fixed the date parsing in {module}: we decided to use datetime.fromisoformat "
            f"because it is stricter. Next, I will run the suite for module {k % 97 + 1}."
        ),
    }


def synthetic_messages(start: int, count: int, *, tool_chars: int) -> list[dict[str, Any]]:
    return [synthetic_message(i, tool_chars=tool_chars) for i in range(start, start + count)]


def plain_message(index: int) -> dict[str, Any]:
    """A short text message for the append benchmarks; alternates user / assistant."""
    role = "user" if index % 2 == 0 else "assistant"
    return {"role": role, "content": f"Bench append {index}: the build is green, continue."}


# --------------------------------------------------------------------------- the bench


@dataclass
class Timed:
    times_ms: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)


class BenchError(Exception):
    """The bench could not set up what it measures (a service refused, counters off)."""


class Bench:
    """One run: owns the bench user and every session it creates, and removes them."""

    def __init__(self, config: BenchConfig, *, log: Callable[[str], None] | None = None) -> None:
        self.config = config
        self.log = log or (lambda message: None)
        self.user: Any = None
        self.client: Any = None

    # ------------------------------------------------------------------ lifecycle

    @contextmanager
    def _environment(self) -> Iterator[None]:
        # DEBUG off as in production: with DEBUG on Django also logs every query. Queries
        # are counted with CaptureQueriesContext, which does not need DEBUG.
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.test.utils import override_settings

        with override_settings(DEBUG=False):
            self.user = get_user_model().objects.create_user(
                username=f"compaction-bench-{uuid.uuid4().hex[:12]}"
            )
            try:
                self.client = Client(HTTP_HOST=_allowed_host())
                self.client.force_login(self.user)
                yield
            finally:
                self._cleanup()

    def _cleanup(self) -> None:
        from compaction.exceptions import CompactionError
        from compaction.models import ChatSession
        from compaction.services import session_delete

        for session_id in ChatSession.objects.filter(owner=self.user).values_list("pk", flat=True):
            try:
                session_delete(session_id=session_id)
            except CompactionError:
                # Only after a failure between claim and finalize: the run is still live and
                # the service refuses. These rows are the bench's own: delete them anyway.
                ChatSession.objects.filter(pk=session_id).delete()
        if self.client is not None:
            self.client.logout()  # deletes the bench user's django_session row
        self.user.delete()

    def run(self) -> dict[str, Any]:
        from django.db import connection

        started = time.perf_counter()
        meta = environment_meta()
        meta["debug_during_run"] = False
        with self._environment():
            result: dict[str, Any] = {"meta": meta, "config": self.config.as_dict()}
            # Token reduction first: its ru_maxrss delta only means something while the
            # process has not yet peaked on the 100k-message histories.
            self.log(
                f"token reduction (transcripts, synthetic ~{self.config.synthetic_tokens:,} tokens)"
            )
            result["token_reduction"] = self.token_reduction()
            self.log("pruning")
            result["pruning"] = self.pruning()
            self.log("compaction overhead (instant summarizer)")
            result["compaction"] = {"instant": self.compaction_instant()}
            if connection.vendor == "postgresql":
                self.log(f"compaction with a {self.config.slow_delay:g} s summarizer + appender")
                result["compaction"]["slow"] = self.compaction_slow()
            else:
                # SQLite (--allow-sqlite) has no row locks, and a second writing thread
                # fails with "database is locked": there is nothing meaningful to measure.
                result["compaction"]["slow"] = {
                    "skipped": f"{connection.vendor} has no row locks; run on PostgreSQL"
                }
            history = self.history_benchmarks()
            result["context_build"] = history["context_build"]
            result["append"] = history["append"]
        meta["finished_at"] = datetime.now(UTC).isoformat(timespec="seconds")
        meta["elapsed_s"] = round(time.perf_counter() - started, 1)
        meta["loadavg_after"] = _loadavg()
        result["goals"] = evaluate_goals(result)
        return result

    # ------------------------------------------------------------------ helpers

    def new_session(self, *, system_prompt: str = "", config: dict | None = None) -> Any:
        from compaction.services import session_create

        return session_create(
            owner=self.user,
            external_id=f"bench-{uuid.uuid4().hex}",
            agent_id="compaction-bench",
            system_prompt=system_prompt,
            config=config,
        )

    def load(self, session: Any, messages: Sequence[dict[str, Any]]) -> None:
        """Bulk-load history through the service, in batches of MAX_BATCH.

        ``auto_compact=False`` as in an import: nothing is compacted while loading, and the
        rows and counters are exactly what the service writes for any append.
        """
        from compaction.conf import app_settings
        from compaction.services import message_append

        batch = app_settings.MAX_BATCH
        for offset in range(0, len(messages), batch):
            message_append(
                session_id=session.pk,
                messages=list(messages[offset : offset + batch]),
                auto_compact=False,
            )

    def load_synthetic(self, session: Any, count: int, *, tool_chars: int) -> None:
        from compaction.conf import app_settings

        batch = app_settings.MAX_BATCH
        for offset in range(0, count, batch):
            self.load(
                session,
                synthetic_messages(offset, min(batch, count - offset), tool_chars=tool_chars),
            )

    def recent_window(self, *, tool_chars: int) -> int:
        """How many synthetic messages the default KEEP_RECENT_TOKENS keeps (a multiple of 4)."""
        from compaction.conf import app_settings
        from compaction.engine.tokens import message_tokens

        keep = app_settings.KEEP_RECENT_TOKENS
        cycle = sum(
            message_tokens(m["content"], image_tokens=app_settings.IMAGE_TOKENS)
            for m in synthetic_messages(0, 4, tool_chars=tool_chars)
        )
        return 4 * math.ceil(keep / cycle)

    def checkpoint(self, session: Any) -> Any:
        """Compact everything but the recent window with the instant summarizer."""
        from compaction.conf import app_settings
        from compaction.models import CompactionRun
        from compaction.services import compaction_run_execute

        return compaction_run_execute(
            session_id=session.pk,
            trigger=CompactionRun.Trigger.COMMAND,
            force=True,
            summarizer=InstantSummarizer(settings=app_settings.for_session(session)),
        )

    def verify_counters(self, session_id: Any) -> dict[str, Any]:
        """Check the session's counters against its rows; raise BenchError if they disagree."""
        from django.db.models import Sum

        from compaction.conf import app_settings
        from compaction.engine.context import summary_tokens
        from compaction.engine.tokens import text_tokens
        from compaction.models import ChatSession, Checkpoint, Message

        session = ChatSession.objects.get(pk=session_id)
        rows = Message.objects.filter(session=session)
        active = rows.filter(compacted_by__isnull=True)
        checkpoint = Checkpoint.objects.filter(session=session).order_by("-version").first()
        active_tokens = active.aggregate(total=Sum("token_estimate"))["total"] or 0
        expected_tokens = text_tokens(session.system_prompt) + active_tokens
        if checkpoint is not None:
            expected_tokens += summary_tokens(
                summary=checkpoint.summary,
                version=checkpoint.version,
                carried=checkpoint.carried,
                image_tokens=app_settings.for_session(session).IMAGE_TOKENS,
            )
        found = {
            "message_count": rows.count(),
            "active_message_count": active.count(),
            "estimated_tokens": expected_tokens,
            "checkpoint_version": checkpoint.version if checkpoint else 0,
        }
        stored = {key: getattr(session, key) for key in found}
        if found != stored:
            raise BenchError(f"counters of session {session_id} disagree: {stored} vs {found}")
        return {**stored, "checkpoint_last_seq": checkpoint.last_seq if checkpoint else 0}

    # ------------------------------------------------------------------ 1, 2, 6: history sizes

    def history_benchmarks(self) -> dict[str, Any]:
        """Context build and appends at every history size, sampled interleaved.

        All sessions are built first; then each round makes one call per size and method.
        Load on a shared machine drifts over minutes (autovacuum after a 100k-row UPDATE,
        other processes), so measuring the sizes one after the other would turn that drift
        into a false size effect (seen: +58 % at 100k, gone when interleaved); interleaving
        spreads it over every size alike.
        """
        from compaction.services import session_delete

        sessions: dict[int, Any] = {}
        setups: dict[int, dict[str, Any]] = {}
        try:
            for size in self.config.sizes:
                self.log(f"history of {size:,} messages: loading and compacting")
                session = self.new_session(system_prompt="You are a careful coding agent.")
                sessions[size] = session
                load_started = time.perf_counter()
                self.load_synthetic(session, size, tool_chars=self.config.history_tool_chars)
                load_s = time.perf_counter() - load_started
                run = self.checkpoint(session)
                setups[size] = {
                    "load_s": round(load_s, 2),
                    "load_messages_per_s": round(size / load_s) if load_s else None,
                    "checkpoint_status": run.status,
                    "checkpoint_compacted": run.messages_compacted,
                    "checkpoint_s": round(run.duration_ms / 1000, 2) if run.duration_ms else None,
                    "counters": self.verify_counters(session.pk),
                }
            self.log("context build, all sizes interleaved")
            payloads = {size: {} for size in sessions}
            context = self._interleaved(
                {size: self._context_methods(s, payloads[size]) for size, s in sessions.items()}
            )
            self.log("appends, all sizes interleaved")
            appends = self._interleaved(
                {size: self._append_methods(s) for size, s in sessions.items()}
            )
            context_rows, append_rows = [], []
            for size, session in sessions.items():
                context_rows.append(
                    {
                        "history": size,
                        "setup": setups[size],
                        **{name: _timed_dict(t) for name, t in context[size].items()},
                        "payload": payloads[size],
                    }
                )
                row: dict[str, Any] = {"history": size}
                for name, timed in appends[size].items():
                    row[name] = {
                        **_timed_dict(timed),
                        "appends_per_s": round(
                            len(timed.times_ms) / (sum(timed.times_ms) / 1000), 1
                        ),
                    }
                row["counters_after"] = self.verify_counters(session.pk)
                append_rows.append(row)
        finally:
            for session in sessions.values():
                session_delete(session_id=session.pk)
        return {
            "context_build": _history_summary(context_rows, ("api", "selector", "naive")),
            "append": _history_summary(append_rows, ("service", "api", "naive")),
        }

    def _interleaved(
        self, calls: dict[int, dict[str, Callable[[], Any]]]
    ) -> dict[int, dict[str, Timed]]:
        """Per pass, one warm-up call each, then ``repeat`` rounds of one call per size.

        The naive methods get a pass of their own: the call right after a naive 100k-row
        read pays for the heap it left behind (measured: +60 % on a 10 ms call), which
        would otherwise be charged to the compaction app. The size order rotates each
        round so that no size always runs first.
        """
        timed = {size: {name: Timed() for name in methods} for size, methods in calls.items()}
        names = list(next(iter(calls.values())))
        passes = [[n for n in names if n != "naive"], [n for n in names if n == "naive"]]
        sizes = list(calls)
        for group in passes:
            for size in sizes:
                for name in group:
                    calls[size][name]()
            for round_ in range(self.config.repeat):
                shift = round_ % len(sizes)
                for size in sizes[shift:] + sizes[:shift]:
                    for name in group:
                        # Untimed: each sample pays only for its own garbage (timeit goes
                        # further and turns GC off).
                        gc.collect()
                        _timed_call(timed[size][name], calls[size][name])
        return timed

    def _context_methods(
        self, session: Any, payload: dict[str, int]
    ) -> dict[str, Callable[[], Any]]:
        from compaction import selectors
        from compaction.conf import app_settings
        from compaction.engine.tokens import message_tokens
        from compaction.models import ChatSession, Message

        url = f"/api/compaction/sessions/{session.pk}/context/"
        fresh = ChatSession.objects.get(pk=session.pk)

        def api() -> None:
            response = self.client.get(url)
            if response.status_code != 200:
                raise BenchError(f"GET {url} answered {response.status_code}")
            payload["api_bytes"] = len(response.content)

        def selector() -> None:
            # Serialized too, as the naive way below is: both produce the response body.
            built = selectors.session_context_build(session=fresh)
            json.dumps(built.as_dict())
            payload["selector_messages"] = len(built.messages)
            payload["estimated_tokens"] = built.estimated_tokens

        def naive() -> None:
            # A plain Django view: the whole history, every estimate, every call.
            rows = list(
                Message.objects.filter(session=fresh).order_by("seq").values("role", "content")
            )
            tokens = sum(
                message_tokens(r["content"], image_tokens=app_settings.IMAGE_TOKENS) for r in rows
            )
            body = json.dumps(
                {"system": fresh.system_prompt, "messages": rows, "estimated_tokens": tokens}
            )
            payload["naive_messages"] = len(rows)
            payload["naive_tokens"] = tokens
            payload["naive_bytes"] = len(body)

        return {"api": api, "selector": selector, "naive": naive}

    def _append_methods(self, session: Any) -> dict[str, Callable[[], Any]]:
        from django.db import transaction
        from django.db.models import F, Max

        from compaction.conf import app_settings
        from compaction.engine.tokens import message_tokens
        from compaction.models import ChatSession, Message
        from compaction.services import message_append

        url = f"/api/compaction/sessions/{session.pk}/messages/"
        counter = iter(range(10**9))

        def service() -> None:
            message_append(session_id=session.pk, messages=[plain_message(next(counter))])

        def api() -> None:
            response = self.client.post(
                url, data=json.dumps(plain_message(next(counter))), content_type="application/json"
            )
            if response.status_code != 201:
                raise BenchError(f"POST {url} answered {response.status_code}: {response.content}")

        def naive() -> None:
            # A plain view keeping a token count: insert, then re-read and re-estimate the
            # whole history. Counters move as the services move them, so the session stays
            # valid for the counter check that follows the appends.
            message = plain_message(next(counter))
            with transaction.atomic():
                locked = ChatSession.objects.select_for_update().get(pk=session.pk)
                last = Message.objects.filter(session=locked).aggregate(m=Max("seq"))["m"] or 0
                tokens = message_tokens(message["content"])
                Message.objects.create(
                    session=locked,
                    seq=last + 1,
                    role=message["role"],
                    content=message["content"],
                    token_estimate=tokens,
                )
                rows = list(
                    Message.objects.filter(session=locked).order_by("seq").values("role", "content")
                )
                total = sum(
                    message_tokens(r["content"], image_tokens=app_settings.IMAGE_TOKENS)
                    for r in rows
                )
                ChatSession.objects.filter(pk=locked.pk).update(
                    message_count=F("message_count") + 1,
                    active_message_count=F("active_message_count") + 1,
                    estimated_tokens=F("estimated_tokens") + tokens,
                )
            json.dumps({"message": message, "estimated_tokens": total})

        return {"service": service, "api": api, "naive": naive}

    # ------------------------------------------------------------------ 3: compaction overhead

    def compaction_instant(self) -> dict[str, Any]:
        from compaction.conf import app_settings
        from compaction.models import CompactionRun
        from compaction.services import (
            compaction_run_claim,
            compaction_run_finalize,
            compaction_run_summarize,
            session_delete,
        )

        tool_chars = self.config.history_tool_chars
        window = self.recent_window(tool_chars=tool_chars)
        rows = []
        for target in self.config.compaction_sizes:
            # Whole cycles of four, so the history ends on an assistant text.
            total = window + 4 * math.ceil(target / 4)
            phases: dict[str, Timed] = {p: Timed() for p in ("claim", "summarize", "finalize")}
            totals = Timed()
            compacted: list[int] = []
            compacted_tokens: list[int] = []
            for _ in range(self.config.compaction_repeat):
                session = self.new_session(system_prompt="You are a careful coding agent.")
                self.load_synthetic(session, total, tool_chars=tool_chars)
                summarizer = InstantSummarizer(settings=app_settings.for_session(session))
                # The three phases of compaction_run_execute, timed one by one: claim and
                # finalize are the two transactions that hold the session's row lock.
                claimed = _timed_call(
                    phases["claim"],
                    lambda s=session, z=summarizer: compaction_run_claim(
                        session_id=s.pk,
                        trigger=CompactionRun.Trigger.COMMAND,
                        force=True,
                        summarizer=z.name,
                    ),
                )
                if claimed.status != CompactionRun.Status.RUNNING:
                    raise BenchError(f"claim of {total} messages: {claimed.status}")
                outcome = _timed_call(
                    phases["summarize"],
                    lambda r=claimed, z=summarizer: compaction_run_summarize(run=r, summarizer=z),
                )
                done = _timed_call(
                    phases["finalize"],
                    lambda r=claimed, o=outcome: compaction_run_finalize(run=r, outcome=o),
                )
                if done.status != CompactionRun.Status.SUCCEEDED:
                    raise BenchError(f"compaction of {total} messages: {done.status}")
                totals.times_ms.append(sum(phases[p].times_ms[-1] for p in phases))
                totals.queries.append(sum(phases[p].queries[-1] for p in phases))
                compacted.append(done.messages_compacted)
                compacted_tokens.append(done.compacted_tokens)
                self.verify_counters(session.pk)
                session_delete(session_id=session.pk)
            rows.append(
                {
                    "target_compacted": target,
                    "messages_compacted": int(statistics.median(compacted)),
                    "compacted_tokens": int(statistics.median(compacted_tokens)),
                    "history": total,
                    "total": _timed_dict(totals),
                    **{name: _timed_dict(t) for name, t in phases.items()},
                }
            )
        query_counts = {r["total"]["queries"]["max"] for r in rows} | {
            r["total"]["queries"]["min"] for r in rows
        }
        return {
            "rows": rows,
            "queries_constant": len(query_counts) == 1,
            "time_ratio_largest_vs_smallest": ratio(
                rows[-1]["total"]["median_ms"], rows[0]["total"]["median_ms"]
            ),
        }

    def compaction_slow(self) -> dict[str, Any]:
        """A compaction whose 'LLM call' takes ``slow_delay`` s, with a thread appending.

        Per round, on a fresh session: the appender alone for as long as a compaction takes
        (the baseline), then the appender again while the main thread claims, summarizes
        and finalizes. Latencies are pooled over the rounds for the percentiles.
        """
        from compaction.conf import app_settings
        from compaction.models import CompactionRun
        from compaction.services import (
            compaction_run_claim,
            compaction_run_finalize,
            compaction_run_summarize,
            session_delete,
        )

        tool_chars = self.config.history_tool_chars
        total = self.recent_window(tool_chars=tool_chars) + 4 * math.ceil(
            self.config.slow_compacted / 4
        )
        delay = self.config.slow_delay
        claim_t, summarize_t, finalize_t = Timed(), Timed(), Timed()
        base_ms: list[float] = []
        during_ms: list[float] = []
        base_rate: list[float] = []
        during_rate: list[float] = []
        blocked: list[float] = []
        compacted: list[int] = []
        for round_ in range(self.config.slow_repeat):
            session = self.new_session(system_prompt="You are a careful coding agent.")
            self.load_synthetic(session, total, tool_chars=tool_chars)
            offset = 100_000 * round_
            # Warm the appender's code path and connection out of the measurements.
            _Appender(session.pk, start=offset).run_for(0.2)
            baseline = _Appender(session.pk, start=offset + 10_000)
            baseline.run_for(delay + 0.4)

            during = _Appender(session.pk, start=offset + 50_000)
            summarizer = SlowSummarizer(settings=app_settings.for_session(session), delay=delay)
            during.start()
            try:
                time.sleep(0.2)
                claim_window = [time.perf_counter()]
                run = _timed_call(
                    claim_t,
                    lambda s=session, z=summarizer: compaction_run_claim(
                        session_id=s.pk,
                        trigger=CompactionRun.Trigger.COMMAND,
                        force=True,
                        summarizer=z.name,
                    ),
                )
                claim_window.append(time.perf_counter())
                outcome = _timed_call(
                    summarize_t,
                    lambda r=run, z=summarizer: compaction_run_summarize(run=r, summarizer=z),
                )
                finalize_window = [time.perf_counter()]
                done = _timed_call(
                    finalize_t,
                    lambda r=run, o=outcome: compaction_run_finalize(run=r, outcome=o),
                )
                finalize_window.append(time.perf_counter())
                time.sleep(0.2)
            finally:
                during.stop()
            if done.status != CompactionRun.Status.SUCCEEDED:
                raise BenchError(f"slow compaction: {done.status}")
            self.verify_counters(session.pk)
            session_delete(session_id=session.pk)
            compacted.append(done.messages_compacted)
            base_ms += baseline.latencies_ms()
            during_ms += during.latencies_ms()
            base_rate.append(len(baseline.spans) / baseline.elapsed_s)
            during_rate.append(len(during.spans) / during.elapsed_s)
            # The appends that overlapped a locked phase: they waited for the row lock.
            blocked += [
                round((end - begin) * 1000, 3)
                for begin, end in during.spans
                if (begin < claim_window[1] and end > claim_window[0])
                or (begin < finalize_window[1] and end > finalize_window[0])
            ]
        return {
            "summarizer_delay_s": delay,
            "rounds": self.config.slow_repeat,
            "history": total,
            "messages_compacted": int(statistics.median(compacted)),
            "claim": _timed_dict(claim_t),
            "summarize": _timed_dict(summarize_t),
            "finalize": _timed_dict(finalize_t),
            "appends_without_compaction": {
                **stats(base_ms),
                "appends_per_s": round(statistics.median(base_rate), 1),
            },
            "appends_during_compaction": {
                **stats(during_ms),
                "appends_per_s": round(statistics.median(during_rate), 1),
                "overlapping_claim_or_finalize_ms": sorted(blocked),
            },
            "p50_ratio": ratio(statistics.median(during_ms), statistics.median(base_ms)),
            "p99_ratio": ratio(percentile(during_ms, 99), percentile(base_ms, 99)),
        }

    # ------------------------------------------------------------------ 4: pruning

    def pruning(self) -> dict[str, Any]:
        from compaction.conf import app_settings
        from compaction.engine.pruning import prune_tool_results

        settings = app_settings
        share, chars = self.config.pruning_tool_share, self.config.pruning_tool_chars
        body = (_TOOL_LINES * (chars // len(_TOOL_LINES) + 1))[:chars]
        rows = []
        for size in self.config.pruning_sizes:
            messages: list[dict[str, Any]] = []
            for i in range(size):
                phase = i % share
                if phase == share - 2:
                    messages.append(
                        {
                            "role": "assistant",
                            "content": [
                                {"type": "tool_use", "id": f"t{i}", "name": "bash", "input": {}}
                            ],
                        }
                    )
                elif phase == share - 1:
                    # A distinct 20 KB string per result, as rows loaded from the database are.
                    text = f"run {i}\n" + body[: chars - 10]
                    messages.append(
                        {
                            "role": "user",
                            "content": [
                                {"type": "tool_result", "tool_use_id": f"t{i - 1}", "content": text}
                            ],
                        }
                    )
                else:
                    role = "user" if phase % 2 == 0 else "assistant"
                    messages.append({"role": role, "content": f"message {i}"})
            tool_results = size // share
            result = None

            def prune(messages: list[dict[str, Any]] = messages) -> None:
                nonlocal result
                result = prune_tool_results(
                    messages,
                    soft_trim_chars=settings.TOOL_SOFT_TRIM_CHARS,
                    head=settings.TOOL_SOFT_TRIM_HEAD,
                    tail=settings.TOOL_SOFT_TRIM_TAIL,
                    hard_clear_after=settings.TOOL_HARD_CLEAR_AFTER,
                    keep_last=settings.KEEP_LAST_TOOL_RESULTS,
                )

            timed = _measure(prune, max(3, self.config.repeat // 2), count_queries=False)
            assert result is not None
            rows.append(
                {
                    "messages": size,
                    "tool_results": tool_results,
                    "tool_result_chars": chars,
                    **stats(timed.times_ms),
                    "us_per_message": round(statistics.median(timed.times_ms) * 1000 / size, 3),
                    "hard_cleared": result.hard_cleared,
                    "soft_trimmed": result.soft_trimmed,
                }
            )
        first, last = rows[0], rows[-1]
        return {
            "rows": rows,
            "growth": {
                "size_ratio": round(last["messages"] / first["messages"], 3),
                "time_ratio": ratio(last["median_ms"], first["median_ms"]),
            },
        }

    # ------------------------------------------------------------------ 5: token reduction

    def token_reduction(self) -> dict[str, Any]:
        from compaction.services import session_delete

        transcripts = []
        concatenated: list[dict[str, Any]] = []
        concatenated_system = ""
        paths = sorted(self.config.transcripts_dir.glob("*.json"))
        for path in paths:
            data = json.loads(path.read_text(encoding="utf-8"))
            system = data.get("system") or ""
            if isinstance(system, list):
                system = "\n\n".join(block.get("text", "") for block in system)
            concatenated_system = concatenated_system or system
            concatenated.extend(data["messages"])
            transcripts.append(
                {"name": path.stem, **self._reduce(system, data["messages"], measure=False)}
            )
        out: dict[str, Any] = {"transcripts": transcripts}
        if concatenated:
            out["concatenated"] = {
                "name": f"all {len(paths)} transcripts, one session",
                **self._reduce(concatenated_system, concatenated, measure=False),
            }
        session = self.new_session(system_prompt="You are a careful coding agent.")
        tool_chars = 3000
        per_cycle = _cycle_tokens(tool_chars)
        count = 4 * math.ceil(self.config.synthetic_tokens / per_cycle)
        self.load_synthetic(session, count, tool_chars=tool_chars)
        out["synthetic"] = {
            "name": f"synthetic agent loop, ~{self.config.synthetic_tokens:,} tokens",
            **self._compact_measured(session),
        }
        session_delete(session_id=session.pk)
        return out

    def _reduce(
        self, system: str, messages: list[dict[str, Any]], *, measure: bool
    ) -> dict[str, Any]:
        from compaction.services import session_delete

        session = self.new_session(system_prompt=system)
        self.load(session, messages)
        result = self._compact_measured(session) if measure else self._compact(session)
        session_delete(session_id=session.pk)
        return result

    def _compact(self, session: Any, *, traced: bool = False) -> dict[str, Any]:
        """Compact with the offline summarizer under the default settings and report tokens."""
        from compaction import selectors
        from compaction.conf import app_settings
        from compaction.models import ChatSession, CompactionRun
        from compaction.services import compaction_run_execute
        from compaction.summarizers.offline import OfflineSummarizer

        session = ChatSession.objects.get(pk=session.pk)
        settings = app_settings.for_session(session)
        context_before = selectors.session_context_build(session=session).estimated_tokens
        over = selectors.session_should_compact(session=session)
        # The offline summarizer is what the default settings pick without an API key; it
        # is named explicitly so that a key in the environment never makes the bench pay.
        summarizer = OfflineSummarizer(settings=settings)
        started = time.perf_counter()
        run = compaction_run_execute(
            session_id=session.pk,
            trigger=CompactionRun.Trigger.COMMAND,
            # Below the threshold the automatic trigger would not fire; force it so the cut
            # point decides (a session inside the recent window is then skipped, with why).
            force=True,
            summarizer=summarizer,
        )
        elapsed_ms = (time.perf_counter() - started) * 1000
        session = ChatSession.objects.get(pk=session.pk)
        context_after = selectors.session_context_build(session=session).estimated_tokens
        before = run.tokens_before or 0
        after = run.tokens_after if run.tokens_after is not None else before
        compacted = run.status in (CompactionRun.Status.SUCCEEDED, CompactionRun.Status.FELL_BACK)
        return {
            "messages": session.message_count,
            "over_threshold": over,
            "threshold": settings.threshold,
            "keep_recent_tokens": settings.KEEP_RECENT_TOKENS,
            "status": run.status,
            "reason": run.reason,
            "compacted": compacted,
            "messages_compacted": run.messages_compacted,
            "tokens_before": before,
            "tokens_after": after,
            "reduction_pct": round(reduction_percentage(before, after) or 0.0, 1),
            "context_tokens_before": context_before,
            "context_tokens_after": context_after,
            "context_reduction_pct": round(
                reduction_percentage(context_before, context_after) or 0.0, 1
            ),
            "compaction_ms": round(elapsed_ms, 1),
            "timed_under_tracemalloc": traced,
            "summarizer": summarizer.name,
            "llm_calls": run.llm_calls,
            "counters": self.verify_counters(session.pk),
        }

    def _compact_measured(self, session: Any) -> dict[str, Any]:
        """``_compact`` with the peak memory of the compaction itself."""
        rss_before = _maxrss_mb()
        tracemalloc.start()
        tracemalloc.reset_peak()
        try:
            result = self._compact(session, traced=True)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        rss_after = _maxrss_mb()
        # The context reads before/after also ran under tracing; they are small next to
        # the compaction (recent window only), so the peak is the compaction's.
        result["memory"] = {
            "tracemalloc_peak_mb": round(peak / 2**20, 1),
            "ru_maxrss_before_mb": round(rss_before, 1),
            "ru_maxrss_after_mb": round(rss_after, 1),
            "ru_maxrss_delta_mb": round(rss_after - rss_before, 1),
        }
        return result


# --------------------------------------------------------------------------- measuring


def _measure(fn: Callable[[], Any], repeat: int, *, count_queries: bool = True) -> Timed:
    """Call ``fn`` once to warm up, then ``repeat`` times, timing each and counting SQL."""
    fn()
    timed = Timed()
    for _ in range(repeat):
        gc.collect()  # untimed, as in _interleaved: each sample pays only for its own garbage
        _timed_call(timed, fn, count_queries=count_queries)
    return timed


def _timed_call(timed: Timed, fn: Callable[[], Any], *, count_queries: bool = True) -> Any:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if not count_queries:
        started = time.perf_counter()
        value = fn()
        timed.times_ms.append((time.perf_counter() - started) * 1000)
        return value
    with CaptureQueriesContext(connection) as captured:
        started = time.perf_counter()
        value = fn()
        elapsed = time.perf_counter() - started
    timed.times_ms.append(elapsed * 1000)
    timed.queries.append(len(captured.captured_queries))
    return value


def _timed_dict(timed: Timed) -> dict[str, Any]:
    out: dict[str, Any] = stats(timed.times_ms)
    if timed.queries:
        out["queries"] = query_stats(timed.queries)
    return out


class _Appender:
    """A thread appending one message at a time to a session, recording each latency."""

    def __init__(self, session_id: Any, *, start: int) -> None:
        self.session_id = session_id
        self.index = start
        self.spans: list[tuple[float, float]] = []
        self.error: BaseException | None = None
        self.elapsed_s = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="bench-appender", daemon=True)

    def _loop(self) -> None:
        from django.db import connections

        from compaction.services import message_append

        began = time.perf_counter()
        try:
            while not self._stop.is_set():
                started = time.perf_counter()
                # auto_compact=False: this thread measures waiting on the row lock, it must
                # not start compactions of its own.
                message_append(
                    session_id=self.session_id,
                    messages=[plain_message(self.index)],
                    auto_compact=False,
                )
                self.spans.append((started, time.perf_counter()))
                self.index += 1
        except BaseException as exc:  # reported by stop(); a thread cannot raise to its caller
            self.error = exc
        finally:
            self.elapsed_s = time.perf_counter() - began
            # This thread's connection: left open it would outlive the thread (and block
            # dropping a test database).
            connections.close_all()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=60)
        if self.error is not None:
            raise BenchError(f"the appender thread failed: {self.error!r}") from self.error

    def run_for(self, seconds: float) -> None:
        self.start()
        time.sleep(seconds)
        self.stop()

    def latencies_ms(self) -> list[float]:
        return [(end - begin) * 1000 for begin, end in self.spans]


def _cycle_tokens(tool_chars: int) -> int:
    from compaction.engine.tokens import message_tokens

    return sum(
        message_tokens(m["content"]) for m in synthetic_messages(0, 4, tool_chars=tool_chars)
    )


def _history_summary(rows: list[dict[str, Any]], methods: Sequence[str]) -> dict[str, Any]:
    """Rows per history size plus the in-run ratios: flatness and app / naive."""
    first, last = rows[0], rows[-1]
    flat = {
        method: ratio(last[method]["median_ms"], first[method]["median_ms"]) for method in methods
    }
    queries_constant = {}
    for method in methods:
        counts = {row[method]["queries"]["min"] for row in rows} | {
            row[method]["queries"]["max"] for row in rows
        }
        queries_constant[method] = len(counts) == 1
    for row in rows:
        row["ratio_vs_naive"] = {
            method: ratio(row[method]["median_ms"], row["naive"]["median_ms"])
            for method in methods
            if method != "naive"
        }
    return {
        "rows": rows,
        "flatness_largest_vs_smallest": flat,
        "queries_constant": queries_constant,
    }


# --------------------------------------------------------------------------- environment


def _allowed_host() -> str:
    """A Host header the project accepts (the test client's 'testserver' may not be)."""
    from django.conf import settings
    from django.http.request import validate_host

    allowed = list(settings.ALLOWED_HOSTS)
    candidates = ["localhost", "testserver", "127.0.0.1"] + [
        host.lstrip(".") for host in allowed if host not in ("*",) and not host.startswith("[")
    ]
    for host in candidates:
        if validate_host(host, allowed or ["localhost", "testserver", "127.0.0.1"]):
            return host
    return "localhost"


def _maxrss_mb() -> float:
    # Linux reports ru_maxrss in KiB (macOS in bytes).
    scale = 1 if sys.platform == "darwin" else 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2**20


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def environment_meta() -> dict[str, Any]:
    import django
    from django.db import connection

    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in _read("/proc/cpuinfo").splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown",
    )
    mem_kb = next(
        (
            int(line.split()[1])
            for line in _read("/proc/meminfo").splitlines()
            if line.startswith("MemTotal:")
        ),
        0,
    )
    db_version = ""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SHOW server_version")
            db_version = f"PostgreSQL {cursor.fetchone()[0]}"
        elif connection.vendor == "sqlite":
            cursor.execute("select sqlite_version()")
            db_version = f"SQLite {cursor.fetchone()[0]}"
    return {
        "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": " ".join(["manage.py", *sys.argv[1:]])
        if len(sys.argv) > 1 and sys.argv[1] == "compaction_bench"
        else "",
        "nproc": os.cpu_count(),
        "memory_gb": round(mem_kb / 2**20, 1),
        "cpu": cpu,
        "database": db_version,
        "database_vendor": connection.vendor,
        "python": platform.python_version(),
        "django": django.get_version(),
        "platform": platform.platform(),
        "loadavg_before": _loadavg(),
    }


# --------------------------------------------------------------------------- goals


def evaluate_goals(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Each goal of the issue: what was measured and whether it was met (no judgement calls)."""
    goals: list[dict[str, Any]] = []

    def goal(name: str, target: str, measured: Any, met: bool | None) -> None:
        goals.append({"goal": name, "target": target, "measured": measured, "met": met})

    ctx, app = result["context_build"], result["append"]
    small, large = ctx["rows"][0]["history"], ctx["rows"][-1]["history"]
    span = f"{large:,} vs {small:,} messages"
    for method in ("api", "selector"):
        value = ctx["flatness_largest_vs_smallest"][method]
        goal(
            f"context build ({method}) flat",
            f"median {span} <= {FLAT_RATIO_GOAL}x",
            f"{value}x",
            value is not None and value <= FLAT_RATIO_GOAL,
        )
        goal(
            f"context build ({method}) constant queries",
            "same count at every size",
            sorted({r[method]["queries"]["max"] for r in ctx["rows"]}),
            ctx["queries_constant"][method],
        )
    for method in ("service", "api"):
        value = app["flatness_largest_vs_smallest"][method]
        goal(
            f"append ({method}) flat latency",
            f"median {span} <= {FLAT_RATIO_GOAL}x",
            f"{value}x",
            value is not None and value <= FLAT_RATIO_GOAL,
        )
        goal(
            f"append ({method}) constant queries",
            "same count at every size",
            sorted({r[method]["queries"]["max"] for r in app["rows"]}),
            app["queries_constant"][method],
        )
    instant = result["compaction"]["instant"]
    goal(
        "compaction constant queries",
        "same count for every compacted size",
        sorted({r["total"]["queries"]["max"] for r in instant["rows"]}),
        instant["queries_constant"],
    )
    # Lock hold times are judged on the median of the runs at each size (the max is in the
    # JSON): one stall of a shared machine should not decide a goal either way.
    for phase in ("claim", "finalize"):
        worst = max(instant["rows"], key=lambda r: r[phase]["median_ms"])
        within = [
            r["messages_compacted"]
            for r in instant["rows"]
            if r[phase]["median_ms"] <= LOCK_HOLD_GOAL_MS
        ]
        goal(
            f"{phase} transaction (row lock held)",
            f"<= {LOCK_HOLD_GOAL_MS:g} ms at every compacted size",
            (
                f"median {worst[phase]['median_ms']} ms at {worst['messages_compacted']:,} "
                f"compacted; within the goal up to {max(within):,} compacted"
                if within
                else f"median {worst[phase]['median_ms']} ms; never within the goal"
            ),
            all(r[phase]["median_ms"] <= LOCK_HOLD_GOAL_MS for r in instant["rows"]),
        )
    slow = result["compaction"]["slow"]
    if "skipped" in slow:
        goal("lock hold and concurrent appends", "PostgreSQL only", slow["skipped"], None)
    for phase in ("claim", "finalize") if "skipped" not in slow else ():
        goal(
            f"{phase} under a concurrent appender ({slow['messages_compacted']:,} compacted)",
            f"<= {LOCK_HOLD_GOAL_MS:g} ms",
            f"median {slow[phase]['median_ms']} ms, max {slow[phase]['max_ms']} ms",
            slow[phase]["median_ms"] <= LOCK_HOLD_GOAL_MS,
        )
    if "skipped" not in slow:
        goal(
            "append p99 during a compaction",
            f"<= {CONCURRENT_P99_GOAL}x the p99 without one",
            f"{slow['p99_ratio']}x",
            slow["p99_ratio"] is not None and slow["p99_ratio"] <= CONCURRENT_P99_GOAL,
        )
    synthetic = result["token_reduction"]["synthetic"]
    goal(
        "token reduction (synthetic)",
        f">= {REDUCTION_GOAL_PCT:g} %",
        f"{synthetic['reduction_pct']} %",
        synthetic["reduction_pct"] >= REDUCTION_GOAL_PCT,
    )
    peak = synthetic["memory"]["tracemalloc_peak_mb"]
    goal(
        "compaction peak memory (synthetic, tracemalloc)",
        f"<= {PEAK_MEMORY_GOAL_MB:g} MB",
        f"{peak} MB",
        peak <= PEAK_MEMORY_GOAL_MB,
    )
    concatenated = result["token_reduction"].get("concatenated")
    if concatenated is not None:
        goal(
            "token reduction (transcripts concatenated)",
            f">= {REDUCTION_GOAL_PCT:g} % (when over the threshold)",
            f"{concatenated['reduction_pct']} %"
            + ("" if concatenated["over_threshold"] else " (below the threshold; forced)"),
            (concatenated["reduction_pct"] >= REDUCTION_GOAL_PCT)
            if concatenated["over_threshold"]
            else None,
        )
    return goals


# --------------------------------------------------------------------------- the table


def _fmt_ms(row: dict[str, Any]) -> str:
    return f"{row['median_ms']:>9.2f} {row['p95_ms']:>9.2f} {row['p99_ms']:>9.2f}"


def render_table(result: dict[str, Any]) -> str:
    """The human-readable report printed by the command (and pasted into BENCHMARKS.md)."""
    lines: list[str] = []
    meta = result["meta"]
    lines.append(
        f"compaction_bench  {meta['started_at']}  {meta['database']}  Python {meta['python']}"
        f"  Django {meta['django']}  {meta['nproc']} CPU  {meta['cpu']}"
    )
    lines.append("")
    head = f"{'':>10} {'method':<9} {'median ms':>9} {'p95 ms':>9} {'p99 ms':>9} {'queries':>7}"

    ctx = result["context_build"]
    lines.append("1. Context build (checkpoint + recent window), per call")
    lines.append(head + f" {'vs naive':>8} {'msgs out':>8}")
    for row in ctx["rows"]:
        for method in ("api", "selector", "naive"):
            data = row[method]
            vs = row["ratio_vs_naive"].get(method)
            out = (
                row["payload"].get("naive_messages")
                if method == "naive"
                else row["payload"].get("selector_messages")
            )
            lines.append(
                f"{row['history']:>10,} {method:<9} {_fmt_ms(data)} "
                f"{data['queries']['max']:>7} {(f'{vs:.3f}x' if vs else '-'):>8} {out:>8}"
            )
    lines.append(
        "   largest/smallest history, median: "
        + ", ".join(f"{m} {v}x" for m, v in ctx["flatness_largest_vs_smallest"].items())
    )
    lines.append("")

    app = result["append"]
    lines.append("2. Append one message, per call")
    lines.append(head + f" {'vs naive':>8} {'appends/s':>9}")
    for row in app["rows"]:
        for method in ("service", "api", "naive"):
            data = row[method]
            vs = row["ratio_vs_naive"].get(method)
            lines.append(
                f"{row['history']:>10,} {method:<9} {_fmt_ms(data)} "
                f"{data['queries']['max']:>7} {(f'{vs:.3f}x' if vs else '-'):>8} "
                f"{data['appends_per_s']:>9}"
            )
    lines.append(
        "   largest/smallest history, median: "
        + ", ".join(f"{m} {v}x" for m, v in app["flatness_largest_vs_smallest"].items())
    )
    lines.append("")

    instant = result["compaction"]["instant"]
    lines.append("3a. Compaction, instant summarizer (claim + summarize + finalize), per run")
    lines.append(
        f"{'compacted':>10} {'tokens':>9} {'history':>8} {'total ms':>9} {'claim ms':>9} "
        f"{'summ. ms':>9} {'final. ms':>9} {'queries':>7}"
    )
    for row in instant["rows"]:
        lines.append(
            f"{row['messages_compacted']:>10,} {row['compacted_tokens']:>9,} {row['history']:>8,} "
            f"{row['total']['median_ms']:>9.1f} {row['claim']['median_ms']:>9.1f} "
            f"{row['summarize']['median_ms']:>9.1f} {row['finalize']['median_ms']:>9.1f} "
            f"{row['total']['queries']['max']:>7}"
        )
    lines.append(
        f"   medians over {result['config']['compaction_repeat']} runs (fresh session each); "
        f"queries constant: {instant['queries_constant']}"
    )
    slow = result["compaction"]["slow"]
    lines.append("")
    if "skipped" in slow:
        lines.append(
            f"3b. Compaction with a slow summarizer + appender: skipped ({slow['skipped']})"
        )
        lines.append("")
    else:
        lines.append(
            f"3b. Compaction with a {slow['summarizer_delay_s']:g} s summarizer, "
            f"{slow['messages_compacted']:,} messages compacted, a thread appending meanwhile "
            f"({slow['rounds']} rounds)"
        )
        lines.append(
            f"   claim median {slow['claim']['median_ms']:.1f} / max "
            f"{slow['claim']['max_ms']:.1f} ms, finalize median "
            f"{slow['finalize']['median_ms']:.1f} / max "
            f"{slow['finalize']['max_ms']:.1f} ms (row lock held), summarize "
            f"{slow['summarize']['median_ms']:.0f} ms (no lock)"
        )
        base, during = slow["appends_without_compaction"], slow["appends_during_compaction"]
        for label, data in (("no compaction", base), ("during compaction", during)):
            lines.append(
                f"   appends {label:<18} n={data['n']:<5} p50 {data['median_ms']:7.2f} ms  "
                f"p99 {data['p99_ms']:7.2f} ms  max {data['max_ms']:7.2f} ms  "
                f"{data['appends_per_s']} appends/s"
            )
        lines.append(f"   p50 ratio {slow['p50_ratio']}x, p99 ratio {slow['p99_ratio']}x")
        lines.append("")

    pruning = result["pruning"]
    lines.append("4. Tool-result pruning (in memory, default settings)")
    lines.append(
        f"{'messages':>10} {'tool res.':>9} {'median ms':>9} {'p95 ms':>9} {'p99 ms':>9} "
        f"{'us/msg':>7} {'cleared':>7} {'trimmed':>7}"
    )
    for row in pruning["rows"]:
        lines.append(
            f"{row['messages']:>10,} {row['tool_results']:>9,} {_fmt_ms(row)} "
            f"{row['us_per_message']:>7.2f} {row['hard_cleared']:>7} {row['soft_trimmed']:>7}"
        )
    growth = pruning["growth"]
    lines.append(f"   {growth['size_ratio']}x the messages -> {growth['time_ratio']}x the time")
    lines.append("")

    reduction = result["token_reduction"]
    lines.append("5. Token reduction (offline summarizer, default settings)")
    lines.append(f"{'session':<44} {'msgs':>6} {'before':>9} {'after':>8} {'reduct.':>7}  outcome")
    entries = [*reduction["transcripts"]]
    if "concatenated" in reduction:
        entries.append(reduction["concatenated"])
    entries.append(reduction["synthetic"])
    for entry in entries:
        if entry["compacted"]:
            outcome = f"{entry['messages_compacted']} compacted"
            if not entry["over_threshold"]:
                outcome += " (below threshold: forced)"
        else:
            outcome = "no compaction: " + entry["reason"].removeprefix("nothing to compact: ")
        lines.append(
            f"{entry['name'][:44]:<44} {entry['messages']:>6,} {entry['tokens_before']:>9,} "
            f"{entry['tokens_after']:>8,} {entry['reduction_pct']:>6.1f}%  {outcome}"
        )
    memory = reduction["synthetic"]["memory"]
    lines.append(
        f"   synthetic compaction: {reduction['synthetic']['compaction_ms'] / 1000:.1f} s under "
        f"tracemalloc; peak {memory['tracemalloc_peak_mb']} MB (tracemalloc, Python "
        f"allocations); ru_maxrss {memory['ru_maxrss_before_mb']} -> "
        f"{memory['ru_maxrss_after_mb']} MB (+{memory['ru_maxrss_delta_mb']})"
    )
    lines.append("")

    lines.append("Goals")
    for item in result["goals"]:
        verdict = {True: "MET", False: "MISSED", None: "n/a"}[item["met"]]
        lines.append(
            f"   [{verdict:^6}] {item['goal']}: {item['measured']} (goal {item['target']})"
        )
    lines.append(
        f"   elapsed {meta.get('elapsed_s')} s; load average before "
        f"{meta.get('loadavg_before')}, after {meta.get('loadavg_after')}"
    )
    return "\n".join(lines)


def run_bench(config: BenchConfig, *, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    return Bench(config, log=log).run()
