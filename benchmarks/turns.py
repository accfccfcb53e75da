"""What compaction adds to a turn (section 9): a paced conversation through ``run_turn``.

Several sessions talk at once, each a turn at a time with a pause between turns, through
two web processes (spawned interpreters, as behind a load balancer: a session's turns
alternate between them). The model is the local stand-in Messages API answering at once;
the summarizer takes ``turn_summarizer_delay`` seconds (``PacedSummarizer``). A turn's
added time is its wall time minus the model call's. Each mode runs the same script:

- ``sync``: the turn that crosses the threshold compacts in the request (the old default);
- ``background``: from the threshold, on each web process's pool (the default);
- ``async``: from the soft threshold, on a Celery worker over Redis (when Redis answers);
- ``sync @edge`` and ``background @edge`` (not with ``--quick``): the threshold at the
  window's edge (``COMPACTION_THRESHOLD`` None, the smallest window the settings allow, a
  budget of 16,000 tokens), where "background" starts at ``SOFT_THRESHOLD`` of the budget and a
  turn would wait if the payload stopped fitting before the compaction is done.

Afterwards each session is checked: no two runs compacted the same messages, and each run
starts right after the previous one's cut (no message left uncovered or covered twice).
"""

from __future__ import annotations

import itertools
import os
import queue
import socket
import threading
import time
import urllib.parse
from typing import Any

from django.db import connection
from django.test.utils import override_settings

from benchmarks.measure import BenchError, stats
from benchmarks.turn_procs import web_process
from compaction import services
from compaction.models import ChatSession, Checkpoint, CompactionRun

#: The @edge variants' window: the smallest the window guard accepts (a budget of 16,000).
EDGE = {"COMPACTION_THRESHOLD": None, "CONTEXT_WINDOW": 17_000, "RESERVE_TOKENS": 1_000}


def variants(threshold: int, *, edge: bool) -> dict[str, dict[str, Any]]:
    """Each variant's session config (its overrides of the settings)."""
    found: dict[str, dict[str, Any]] = {
        "sync": {"AUTO_COMPACT": "sync", "COMPACTION_THRESHOLD": threshold},
        "background": {"AUTO_COMPACT": "background", "COMPACTION_THRESHOLD": threshold},
        "async": {"AUTO_COMPACT": "async", "COMPACTION_THRESHOLD": threshold},
    }
    if edge:
        found["sync @edge"] = {"AUTO_COMPACT": "sync", **EDGE}
        found["background @edge"] = {"AUTO_COMPACT": "background", **EDGE}
    return found


PROCESSES = 2


def _redis_answers(url: str) -> bool:
    parsed = urllib.parse.urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), 1):
            return True
    except OSError:
        return False


class TurnBenchmarks:
    config: Any
    user: Any

    def turn_latency(self) -> dict[str, Any]:
        from tests.support.anthropic_stub import AnthropicStub

        cfg = self.config
        if not os.environ.get("DATABASE_URL"):
            raise BenchError("the turn benchmark's web processes need DATABASE_URL")
        out: dict[str, Any] = {
            "sessions": cfg.turn_sessions,
            "turns": cfg.turn_count,
            "pace_s": cfg.turn_pace,
            "summarizer_s": cfg.turn_summarizer_delay,
            "threshold": cfg.turn_threshold,
            "processes": PROCESSES,
            "modes": {},
        }
        with AnthropicStub() as stub:
            for mode, overrides in variants(cfg.turn_threshold, edge=cfg.turn_edge).items():
                self.log(f"   {mode}: {cfg.turn_sessions} sessions x {cfg.turn_count} turns")
                out["modes"][mode] = self._turn_mode(mode, overrides, stub.url)
        return out

    def _turn_mode(self, mode: str, overrides: dict[str, Any], model_url: str) -> dict[str, Any]:
        cfg = self.config
        broker = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
        celery = overrides["AUTO_COMPACT"] == "async"
        if celery and not _redis_answers(broker):
            return {"skipped": f"no Redis answers at {broker}"}
        sessions = [
            services.session_create(
                owner=self.user,
                system_prompt="You are a careful coding agent.",
                config={**overrides, "KEEP_RECENT_TOKENS": cfg.turn_keep},
            )
            for _ in range(cfg.turn_sessions)
        ]
        env = {
            "DJANGO_SETTINGS_MODULE": "project.settings",
            "DATABASE_URL": os.environ["DATABASE_URL"],
            "BENCH_DATABASE_NAME": str(connection.settings_dict["NAME"]),
            "COMPACTION_SUMMARIZER": "benchmarks.summarizers.PacedSummarizer",
            "COMPACTION_API_MAX_RETRIES": "0",
            "BENCH_SUMMARIZER_DELAY": str(cfg.turn_summarizer_delay),
            "BENCH_MODEL_URL": model_url,
            "CELERY_BROKER_URL": broker if celery else "",
            "ANTHROPIC_API_KEY": "",
        }
        with _celery_worker(broker, cfg.turn_summarizer_delay) if celery else _nothing():
            records = self._drive([str(s.pk) for s in sessions], env)
            _wait_for_runs(sessions, timeout=cfg.turn_summarizer_delay * 10 + 60)
        return _report(records, sessions, mode)

    def _drive(self, session_ids: list[str], env: dict[str, str]) -> list[dict[str, Any]]:
        import multiprocessing

        cfg = self.config
        context = multiprocessing.get_context("spawn")
        jobs = [context.Queue() for _ in range(PROCESSES)]
        results = context.Queue()
        processes = [
            context.Process(target=web_process, args=(i, env, jobs[i], results), daemon=True)
            for i in range(PROCESSES)
        ]
        for process in processes:
            process.start()
        replies: dict[str, queue.Queue] = {sid: queue.Queue() for sid in session_ids}
        records: list[dict[str, Any]] = []
        lock = threading.Lock()

        def collect() -> None:
            while True:
                record = results.get()
                if record is None:
                    return
                replies[record["session"]].put(record)

        def converse(sid: str, offset: float) -> None:
            time.sleep(offset)
            for turn in range(cfg.turn_count):
                jobs[turn % PROCESSES].put((sid, turn))
                record = replies[sid].get(timeout=600)
                with lock:
                    records.append(record)
                time.sleep(cfg.turn_pace)

        collector = threading.Thread(target=collect, daemon=True)
        collector.start()
        # Staggered starts: sessions do not cross their thresholds in the same instant.
        talkers = [
            threading.Thread(
                target=converse, args=(sid, i * cfg.turn_pace / len(session_ids)), daemon=True
            )
            for i, sid in enumerate(session_ids)
        ]
        try:
            for talker in talkers:
                talker.start()
            for talker in talkers:
                talker.join()
        finally:
            for job_queue in jobs:
                job_queue.put(None)
            for process in processes:
                process.join(timeout=180)
                if process.is_alive():
                    process.kill()
            results.put(None)
            collector.join(timeout=5)
        errors = [r["error"] for r in records if r["error"]]
        if errors:
            raise BenchError(f"{len(errors)} turns failed; the first: {errors[0]}")
        return records


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


class _celery_worker:
    """A Celery worker over ``broker`` in this process (threads pool, two slots, as the web
    processes have two pool threads each), with the paced summarizer."""

    def __init__(self, broker: str, delay: float) -> None:
        self.broker, self.delay = broker, delay

    def __enter__(self) -> None:
        from celery.contrib.testing.worker import start_worker

        from project.celery import app

        os.environ["BENCH_SUMMARIZER_DELAY"] = str(self.delay)
        self.settings = override_settings(
            COMPACTION={
                "SUMMARIZER": "benchmarks.summarizers.PacedSummarizer",
                "API_MAX_RETRIES": 0,
            }
        )
        self.settings.enable()
        self.previous = {k: app.conf.get(k) for k in ("broker_url", "task_always_eager")}
        app.conf.update(broker_url=self.broker, task_always_eager=False, result_backend=None)
        with app.connection_for_write() as connection:
            connection.default_channel.client.flushdb()
        self.worker = start_worker(
            app, pool="threads", concurrency=2, perform_ping_check=False, shutdown_timeout=30
        )
        self.worker.__enter__()

    def __exit__(self, *exc: object) -> None:
        from project.celery import app

        try:
            self.worker.__exit__(None, None, None)
        finally:
            app.conf.update(self.previous)
            if app._pool is not None:
                app._pool.force_close_all()
                app._pool = None
            self.settings.disable()


def _wait_for_runs(sessions: list[ChatSession], *, timeout: float) -> None:
    """Until no compaction of these sessions is queued or running (they finish in the
    background after the last turn)."""
    deadline = time.monotonic() + timeout
    while CompactionRun.objects.filter(
        session__in=sessions, status__in=CompactionRun.LIVE_STATUSES
    ).exists():
        if time.monotonic() > deadline:
            raise BenchError("compactions still running long after the last turn")
        time.sleep(0.2)


def _report(
    records: list[dict[str, Any]], sessions: list[ChatSession], mode: str
) -> dict[str, Any]:
    added = [max(0.0, r["turn_ms"] - r["model_ms"]) for r in records]
    runs = list(CompactionRun.objects.filter(session__in=sessions).order_by("created_at"))
    by_status: dict[str, int] = {}
    for run in runs:
        by_status[run.status] = by_status.get(run.status, 0) + 1
    return {
        "turns": len(records),
        "added": stats(added),
        "turns_over_1s": sum(ms > 1000 for ms in added),
        "runs": by_status,
        "compactions": sum(by_status.get(s, 0) for s in ("succeeded", "fell_back")),
        "turns_waited": sum(run.turns_waited for run in runs),
        "turn_wait_ms": sum(run.turn_wait_ms for run in runs),
        "coverage_problems": _coverage_problems(sessions),
        "mode": mode,
    }


def _coverage_problems(sessions: list[ChatSession]) -> list[str]:
    """Runs that compacted the same messages, or left a gap between their ranges."""
    problems = []
    for session in sessions:
        done = list(
            CompactionRun.objects.filter(
                session=session, status__in=("succeeded", "fell_back")
            ).order_by("cut_seq")
        )
        versions = list(
            Checkpoint.objects.filter(session=session)
            .order_by("version")
            .values_list("version", "last_seq")
        )
        if [v for v, _ in versions] != list(range(1, len(done) + 1)):
            problems.append(f"{session.pk}: versions {[v for v, _ in versions]}, {len(done)} runs")
        for before, after in itertools.pairwise(done):
            if after.first_seq != before.cut_seq + 1:
                problems.append(
                    f"{session.pk}: #{before.first_seq}-#{before.cut_seq} then "
                    f"#{after.first_seq}-#{after.cut_seq}"
                )
        if done and versions and versions[-1][1] != done[-1].cut_seq:
            problems.append(f"{session.pk}: the last checkpoint ends at #{versions[-1][1]}")
    return problems
