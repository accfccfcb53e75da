"""Timing and counting: statistics, timed calls with their SQL, the appender thread, the machine."""

from __future__ import annotations

import gc
import math
import os
import platform
import resource
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import django
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from benchmarks.data import plain_message
from compaction.services import message_append


class BenchError(Exception):
    """The bench could not set up what it measures (a service refused, counters off)."""


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


# --------------------------------------------------------------------------- timed calls


@dataclass
class Timed:
    times_ms: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)


def measure_repeated(fn: Callable[[], Any], repeat: int, *, count_queries: bool = True) -> Timed:
    """Call ``fn`` once to warm up, then ``repeat`` times, timing each and counting SQL."""
    fn()
    timed = Timed()
    for _ in range(repeat):
        # Untimed, as in HistoryBenchmarks._interleaved: a sample pays only for its own garbage.
        gc.collect()
        timed_call(timed, fn, count_queries=count_queries)
    return timed


def timed_call(timed: Timed, fn: Callable[[], Any], *, count_queries: bool = True) -> Any:
    """Call ``fn``, add its wall time (and SQL query count) to ``timed``, return its value."""
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


def timed_dict(timed: Timed) -> dict[str, Any]:
    out: dict[str, Any] = stats(timed.times_ms)
    if timed.queries:
        out["queries"] = query_stats(timed.queries)
    return out


# --------------------------------------------------------------------------- concurrent appends


class Appender:
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


# --------------------------------------------------------------------------- the machine


def maxrss_mb() -> float:
    # Linux reports ru_maxrss in KiB (macOS in bytes).
    scale = 1 if sys.platform == "darwin" else 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2**20


def loadavg() -> list[float] | None:
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
        "loadavg_before": loadavg(),
    }
