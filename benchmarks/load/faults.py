"""The faults the driver injects, and how recovery from each is measured.

Each fault is injected at a seeded random moment of its slot; its window runs from its
injection to the next fault's (or to the end of the run). Definitions, printed with the
report (``DEFINITIONS``):
"""

from __future__ import annotations

import os
import random
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.load.stack import Stack

FAULTS = ("pool_kill", "worker_kill", "redis_restart", "pg_terminate", "pgbouncer_restart",
          "web_kill")  # fmt: skip

DEFINITIONS = {
    "window": "from the fault's injection to the next fault's (or the end of the load)",
    "failed": "attempts that ended in the window answered 5xx/429 or with no answer "
    "(connection error), by kind; each is retried by the client with the same Idempotency-Key",
    "requests_recovered_s": "from the injection to the end of the window's last failed attempt "
    "(0 when none failed)",
    "compaction_recovered_s": "from the injection until every session over its threshold at "
    "the injection had a compaction finish (succeeded or fell back) after it",
    "recovered_s": "the larger of requests_recovered_s and compaction_recovered_s",
    "unable_s": "the longest span, among those overlapping the window, during which a session "
    "was over its threshold (sampled each second: estimated_tokens x calibration_ratio >= "
    "COMPACTION_THRESHOLD, the app's own rule) "
    "and no compaction of it finished; target <= 60 s with the default settings",
}


@dataclass(frozen=True)
class Injected:
    name: str
    at: float
    detail: str
    skipped: bool = False


def schedule(
    names: list[str], *, start: float, spacing: float, seed: int
) -> list[tuple[float, str]]:
    """(offset from the load's start, fault): slot i is [start + i*spacing, +spacing), the
    fault at a random moment in its first half, so recovery is seen before the next one."""
    rng = random.Random(seed)
    return [
        (start + i * spacing + rng.uniform(0, spacing / 2), name) for i, name in enumerate(names)
    ]


def inject(stack: Stack, name: str, rng: random.Random) -> Injected:
    now = time.time()
    if name == "pool_kill":
        # A pool process inside the summarizer (it marks itself there): a compaction killed
        # in the middle, after its claim and before its finalize.
        deadline = time.monotonic() + 20
        while not (pids := stack.summarizing_pids()):
            if time.monotonic() > deadline:
                return Injected(name, now, "no compaction was running within 20 s", True)
            time.sleep(0.1)
        pid = rng.choice(pids)
        now = time.time()
        os.kill(pid, signal.SIGKILL)
        return Injected(name, now, f"kill -9 of pool process {pid} in the summarizer")
    if name == "worker_kill":
        index = rng.randrange(len(stack.workers))
        stack.workers[index].signal_group(signal.SIGKILL)
        time.sleep(2)  # a supervisor's restart delay
        stack.restart_worker(index)
        return Injected(name, now, f"kill -9 of Celery worker {index} (main and pool), restarted")
    if name == "redis_restart":
        stack.restart_redis(1.0)
        return Injected(name, now, "redis-server stopped (no persistence), started after 1 s")
    if name == "pg_terminate":
        count = stack.terminate_backends()
        return Injected(name, now, f"pg_terminate_backend of {count} server connections")
    if name == "pgbouncer_restart":
        stack.restart_pgbouncer(1.0)
        return Injected(name, now, "PgBouncer stopped (SIGTERM, immediate), started after 1 s")
    if name == "web_kill":
        assert stack.web is not None
        pids = stack.web.children()
        if not pids:
            return Injected(name, now, "no gunicorn worker found", True)
        busy = _busy(pids)
        pid = rng.choice(busy or pids)
        now = time.time()
        os.kill(pid, signal.SIGKILL)
        state = "mid-request" if busy else "maybe idle"
        return Injected(name, now, f"kill -9 of gunicorn worker {pid} ({state})")
    raise ValueError(f"unknown fault {name!r}; choose from {', '.join(FAULTS)}")


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def _busy(pids: list[int]) -> list[int]:
    """Workers that used CPU over the last 100 ms: serving a request (a sync worker waiting
    in accept uses none)."""
    before = {pid: _cpu_ticks(pid) for pid in pids}
    time.sleep(0.1)
    return [pid for pid in pids if _cpu_ticks(pid) > before[pid]]


def over_threshold_spans(
    samples: list[tuple[float, set[str]]],
    finishes: dict[str, list[float]],
    *,
    end: float,
) -> list[tuple[str, float, float, bool]]:
    """(session, start, end, resolved): spans over the threshold with no compaction
    finishing. ``samples``: (time, sessions over their threshold then); ``finishes``:
    each session's finish times of compactions that succeeded or fell back. Pure."""
    sessions = {sid for _, over in samples for sid in over}
    spans = []
    for sid in sessions:
        done = sorted(finishes.get(sid, []))
        opened: float | None = None
        for at, over in samples:
            if opened is not None:
                finished = next((f for f in done if opened < f <= at), None)
                if finished is not None:
                    spans.append((sid, opened, finished, True))
                    opened = None
            if opened is None and sid in over:
                opened = at
        if opened is not None:
            finished = next((f for f in done if f > opened), None)
            spans.append((sid, opened, finished if finished else end, finished is not None))
    return spans


def recovery(
    fault: Injected,
    window_end: float,
    failures: list[Any],
    samples: list[tuple[float, set[str]]],
    finishes: dict[str, list[float]],
    spans: list[tuple[str, float, float, bool]],
) -> dict[str, Any]:
    """The fault's figures (see ``DEFINITIONS``); ``failures`` are failed ``Attempt``s."""
    # A failure belongs to the fault it was seen after: by the time its attempt ended.
    mine = [a for a in failures if fault.at <= a.end < window_end]
    kinds: dict[str, int] = {}
    for attempt in mine:
        key = f"{attempt.kind} {attempt.status or attempt.error}"
        kinds[key] = kinds.get(key, 0) + 1
    requests_s = max((a.end - fault.at for a in mine), default=0.0)
    at_fault = next((over for at, over in samples if at >= fault.at), set())
    waits = []
    unrecovered = 0
    for sid in at_fault:
        after = [f for f in finishes.get(sid, []) if f >= fault.at]
        if after:
            waits.append(min(after) - fault.at)
        else:
            unrecovered += 1
    compaction_s = max(waits, default=0.0)
    overlapping = [s for s in spans if s[1] < window_end and s[2] > fault.at]
    unable = max(overlapping, key=lambda s: s[2] - s[1], default=None)
    return {
        "fault": fault.name,
        "detail": fault.detail,
        "skipped": fault.skipped,
        "at_s": fault.at,
        "failed": kinds,
        "failed_total": len(mine),
        "failed_at_s": sorted(round(a.end - fault.at, 1) for a in mine)[:40],
        "requests_recovered_s": round(requests_s, 2),
        "compaction_recovered_s": None if unrecovered else round(compaction_s, 2),
        "sessions_never_compacted_again": unrecovered,
        "recovered_s": None if unrecovered else round(max(requests_s, compaction_s), 2),
        "unable_s": round(unable[2] - unable[1], 2) if unable else 0.0,
        "unable_resolved": unable[3] if unable else True,
    }
