"""A load run: the stack, one closed-loop run per concurrency level, the fault run, the
peer's levels, each followed by a drain and the integrity check; the report as a dict.

Closed loop: each client thread is one session and sends its next request as soon as the
previous one is answered (no think time), so throughput is the stack's. A sampler reads,
each second, the compaction backlog (pending and running runs), the sessions over their
threshold, the server connections PostgreSQL sees and PgBouncer's client connections.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from benchmarks.load import faults as faults_module
from benchmarks.load import integrity
from benchmarks.load.client import Attempt, Caller, GaveUp, Http, turn_script
from benchmarks.load.stack import DRIVER_APP, Stack, StackConfig
from benchmarks.load.targets import (
    AppTarget,
    HostTarget,
    PeerTarget,
    SessionState,
    Target,
    Timing,
)

FINISHED = ("succeeded", "fell_back")


@dataclass
class LoadConfig:
    levels: list[int] = field(default_factory=lambda: [10, 40])
    seconds: float = 60.0
    faults: list[str] = field(default_factory=lambda: list(faults_module.FAULTS))
    fault_spacing: float = 45.0
    peer: bool = False
    seed: int = 30
    threshold: int = 20_000
    keep_tokens: int = 5_000
    drain_seconds: float = 120.0
    #: The levels without faults (off: only the fault run, as the CI test does).
    plain_levels: bool = True
    #: The app's appends answer the context (``?context=1``) instead of a GET after them.
    context_in_append: bool = True
    #: Also the app as a host's backend calls it: one request a turn (``targets.HostTarget``).
    host: bool = True
    stack: StackConfig = field(default_factory=StackConfig)

    @classmethod
    def quick(cls, **overrides: Any) -> LoadConfig:
        base: dict[str, Any] = dict(
            levels=[4, 12],
            seconds=25.0,
            faults=["pool_kill", "pg_terminate", "web_kill"],
            fault_spacing=12.0,
            drain_seconds=90.0,
            stack=StackConfig(web_workers=2, celery_workers=1, celery_concurrency=2),
        )
        base.update(overrides)
        return cls(**base)


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float], scale: float = 1000.0) -> dict[str, Any]:
    """count, p50/p95/p99/max (in ms with the default scale)."""
    out: dict[str, Any] = {"count": len(values)}
    for name, q in (("p50", 50), ("p95", 95), ("p99", 99), ("max", 100)):
        value = percentile(values, q)
        out[name] = None if value is None else round(value * scale, 1)
    return out


class Progress:
    """One status line on stderr: rewritten in place on a terminal, every 5 s otherwise."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.last = 0.0

    def line(self, text: str) -> None:
        if self.tty:
            self.stream.write("\r" + text[:150].ljust(150))
            self.stream.flush()
        elif time.monotonic() - self.last >= 5:
            self.last = time.monotonic()
            self.stream.write(text + "\n")
            self.stream.flush()

    def say(self, text: str) -> None:
        if self.tty:
            self.stream.write("\r" + " " * 150 + "\r")
        self.stream.write(text + "\n")
        self.stream.flush()


@dataclass
class ClientResult:
    state: SessionState
    caller: Caller
    turns: list[tuple[float, float, list[Timing]]] = field(default_factory=list)
    gave_up: str = ""


def run(config: LoadConfig, *, progress: Progress | None = None) -> dict[str, Any]:
    """Start the stack, drive every level (and the fault run, and the peer), stop it."""
    progress = progress or Progress()
    out: dict[str, Any] = {
        "config": {
            "levels": config.levels,
            "seconds": config.seconds,
            "faults": config.faults,
            "fault_spacing_s": config.fault_spacing,
            "seed": config.seed,
            "threshold": config.threshold,
            "keep_recent_tokens": config.keep_tokens,
            "web_workers": config.stack.web_workers,
            "celery_workers": config.stack.celery_workers,
            "celery_concurrency": config.stack.celery_concurrency,
            "summarizer_delay_s": config.stack.summarizer_delay,
            "pgbouncer_pool_size": config.stack.pool_size,
            "beat": False,
            "lease_seconds": 30,
        },
        "definitions": faults_module.DEFINITIONS,
        "runs": [],
    }
    config.stack.peer = config.peer
    # The peer summarizes at the same points as the app compacts (its middleware's trigger
    # and keep, in tokens), so both do the same work per turn.
    config.stack.peer_trigger_tokens = config.threshold
    config.stack.peer_keep_tokens = config.keep_tokens
    with Stack(config.stack, log=lambda m: progress.say(f"load: {m}")) as stack:
        progress.say(
            f"load: stack up: gunicorn x{config.stack.web_workers} on :{stack.web_port}, "
            f"{config.stack.celery_workers} Celery workers x{config.stack.celery_concurrency}, "
            f"PgBouncer :{stack.pgbouncer_port}, Redis :{stack.redis_port}"
        )
        app = AppTarget(context_in_append=config.context_in_append)
        plans: list[tuple[Target, int, list[str]]] = (
            [(app, n, []) for n in config.levels] if config.plain_levels else []
        )
        if config.faults:
            plans.append((app, max(config.levels), config.faults))
        if config.host and config.plain_levels:
            plans += [(HostTarget(), n, []) for n in config.levels]
        if config.peer:
            plans += [(PeerTarget(), n, []) for n in config.levels]
        for target, clients, fault_names in plans:
            out["runs"].append(
                run_level(stack, config, target, clients, fault_names, progress=progress)
            )
    return out


def run_level(
    stack: Stack,
    config: LoadConfig,
    target: Target,
    clients: int,
    fault_names: list[str],
    *,
    progress: Progress,
) -> dict[str, Any]:
    label = f"{target.name} x{clients}" + (" +faults" if fault_names else "")
    seconds = config.seconds
    plan: list[tuple[float, str]] = []
    if fault_names:
        warmup = min(10.0, config.fault_spacing / 2)
        plan = faults_module.schedule(
            fault_names, start=warmup, spacing=config.fault_spacing, seed=config.seed
        )
        seconds = max(seconds, warmup + len(fault_names) * config.fault_spacing)
    progress.say(f"load: {label}: {seconds:.0f} s")
    session_config = {
        "COMPACTION_THRESHOLD": config.threshold,
        "KEEP_RECENT_TOKENS": config.keep_tokens,
    }
    stop = threading.Event()
    level_seed = config.seed * 1000 + clients + (500 if fault_names else 0)
    results = [
        ClientResult(
            SessionState(index=i, label=f"{target.name}-{level_seed}-{i}"),
            Caller(Http(target.base_url(stack), target.headers(stack))),
        )
        for i in range(clients)
    ]

    def client(result: ClientResult) -> None:
        try:
            target.open_session(result.caller, result.state, session_config)
            turn = 0
            while not stop.is_set():
                script = turn_script(result.state.index, turn, level_seed)
                started = time.time()
                timings = target.turn(result.caller, result.state, script)
                result.turns.append((started, time.time(), timings))
                result.state.turns += 1
                turn += 1
        except GaveUp as exc:
            result.gave_up = str(exc)

    sampler = Sampler(stack, results, config.threshold, target.stores_sessions)
    usage_before = resource.getrusage(resource.RUSAGE_SELF)
    threads = [threading.Thread(target=client, args=(r,), daemon=True) for r in results]
    t0 = time.time()
    sampler.start()
    for thread in threads:
        thread.start()
    injected: list[faults_module.Injected] = []
    rng = random.Random(config.seed)
    pending = list(plan)
    while time.time() - t0 < seconds:
        if pending and time.time() - t0 >= pending[0][0]:
            _, name = pending.pop(0)
            fault = faults_module.inject(stack, name, rng)
            injected.append(fault)
            progress.say(f"load: {label}: +{fault.at - t0:.0f} s {fault.name}: {fault.detail}")
        done = sum(len(r.turns) for r in results)
        elapsed = time.time() - t0
        progress.line(
            f"load: {label}: {elapsed:.0f}/{seconds:.0f} s, {done} turns "
            f"({done / max(elapsed, 0.1):.1f}/s), failed attempts "
            f"{sum(_failed(a) for r in results for a in r.caller.attempts)}, "
            f"backlog {sampler.last_backlog}, server conns {sampler.last_servers}"
        )
        time.sleep(0.2)
    t_end = time.time()
    stop.set()
    for thread in threads:
        thread.join(timeout=200)
    t_joined = time.time()
    usage_after = resource.getrusage(resource.RUSAGE_SELF)
    drained = (
        _drain(stack, results, config.drain_seconds, progress, label)
        if target.stores_sessions
        else True
    )
    sampler.stop()
    report = _level_report(
        stack, config, target, clients, results, sampler, injected, t0, t_end, t_joined,
        drained, usage_before, usage_after,
    )  # fmt: skip
    progress.say(format_level(report))
    return report


def _failed(attempt: Attempt) -> bool:
    return attempt.status == 0 or attempt.status >= 500 or attempt.status == 429


class Sampler:
    """Each second: backlog, sessions over their threshold, connections."""

    def __init__(
        self, stack: Stack, results: list[ClientResult], threshold: int, app: bool
    ) -> None:
        self.stack, self.results, self.threshold, self.app = stack, results, threshold, app
        self.samples: list[dict[str, Any]] = []
        self.over: list[tuple[float, set[str]]] = []
        self.last_backlog: Any = "-"
        self.last_servers: Any = "-"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _loop(self) -> None:
        conn = None
        while not self._stop.is_set():
            started = time.time()
            try:
                if conn is None:
                    conn = self.stack.connect()
                self._sample(conn, started)
            except Exception:  # a sample lost to a fault is skipped
                conn = None
            self._stop.wait(max(0.0, 1.0 - (time.time() - started)))
        if conn is not None:
            conn.close()

    def _sample(self, conn: Any, at: float) -> None:
        ids = [r.state.id for r in self.results if r.state.id and "-" in r.state.id]
        sample: dict[str, Any] = {"t": at}
        servers = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name <> %s",
            [self.stack.db, DRIVER_APP],
        ).fetchone()[0]
        sample["server_connections"] = servers
        if self.app and ids:
            counts = dict(
                conn.execute(
                    "SELECT status, count(*) FROM compaction_compactionrun "
                    "WHERE status IN ('pending', 'running') AND session_id = ANY(%s::uuid[]) "
                    "GROUP BY status",
                    [ids],
                ).fetchall()
            )
            sample["pending"] = counts.get("pending", 0)
            sample["running"] = counts.get("running", 0)
            over = {
                str(row[0])
                for row in conn.execute(
                    "SELECT id FROM compaction_chatsession "
                    "WHERE id = ANY(%s::uuid[]) AND estimated_tokens * calibration_ratio >= %s",
                    [ids, self.threshold],
                )
            }
            self.over.append((at, over))
            sample["over_threshold"] = len(over)
            self.last_backlog = sample["pending"] + sample["running"]
        try:
            pool = self.stack.pool_stats()
            sample["pgbouncer_clients"] = pool["clients"]
            sample["pgbouncer_waiting"] = pool["clients_waiting"]
            sample["pgbouncer_servers"] = pool["servers"]
        except Exception:  # PgBouncer down during its restart
            pass
        self.last_servers = servers
        self.samples.append(sample)


def _drain(
    stack: Stack, results: list[ClientResult], seconds: float, progress: Progress, label: str
) -> bool:
    """Until no run of these sessions is pending or running (the load has stopped)."""
    ids = [r.state.id for r in results if r.state.id]
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with stack.connect() as conn:
                live = conn.execute(
                    "SELECT count(*) FROM compaction_compactionrun "
                    "WHERE status IN ('pending', 'running') AND session_id = ANY(%s::uuid[])",
                    [ids],
                ).fetchone()[0]
        except Exception:  # the database unreachable for a moment
            live = -1
        if live == 0:
            return True
        progress.line(f"load: {label}: draining, {live} runs pending or running")
        time.sleep(1)
    return False


def _runs(stack: Stack, ids: list[str]) -> list[dict[str, Any]]:
    with stack.connect() as conn:
        cursor = conn.execute(
            "SELECT session_id::text, status, extract(epoch from created_at), "
            "extract(epoch from started_at), extract(epoch from finished_at) "
            "FROM compaction_compactionrun WHERE session_id = ANY(%s::uuid[])",
            [ids],
        )
        return [
            {
                "session": sid,
                "status": status,
                "created": float(created),
                "started": float(started) if started is not None else None,
                "finished": float(finished) if finished is not None else None,
            }
            for sid, status, created, started, finished in cursor
        ]


def _level_report(
    stack: Stack,
    config: LoadConfig,
    target: Target,
    clients: int,
    results: list[ClientResult],
    sampler: Sampler,
    injected: list[faults_module.Injected],
    t0: float,
    t_end: float,
    t_joined: float,
    drained: bool,
    usage_before: Any,
    usage_after: Any,
) -> dict[str, Any]:
    wall = t_end - t0
    in_window = [t for r in results for t in r.turns if t[1] <= t_end]
    timings: dict[str, list[float]] = {}
    for _, _, turn_timings in in_window:
        for timing in turn_timings:
            timings.setdefault(timing.kind, []).append(timing.seconds)
    attempts = [a for r in results for a in r.caller.attempts]
    answered = [a for a in attempts if a.status and a.end <= t_end]
    failures = [a for a in attempts if _failed(a)]
    errors: dict[str, int] = {}
    for attempt in failures:
        key = f"{attempt.kind} {attempt.status or attempt.error}"
        errors[key] = errors.get(key, 0) + 1
    first_fault = min((f.at for f in injected), default=None)
    outside = [a for a in failures if first_fault is None or a.end < first_fault]
    cpu = (usage_after.ru_utime + usage_after.ru_stime) - (
        usage_before.ru_utime + usage_before.ru_stime
    )
    cores = os.cpu_count() or 1
    report: dict[str, Any] = {
        "target": target.name,
        "clients": clients,
        "faults": [f.name for f in injected],
        "seconds": round(wall, 1),
        "turns": len(in_window),
        "turns_per_s": round(len(in_window) / wall, 2),
        "requests_per_s": round(len(answered) / wall, 2),
        "requests_per_turn": round(sum(len(t) for _, _, t in in_window) / len(in_window), 2)
        if in_window
        else None,
        "latency_ms": {
            "turn": summary([end - start for start, end, _ in in_window]),
            **{kind: summary(values) for kind, values in sorted(timings.items())},
        },
        "errors": errors,
        "failed_outside_faults": len(outside),
        "sessions_given_up": [r.gave_up for r in results if r.gave_up],
        "driver_cpu_share": round(cpu / ((t_joined - t0) * cores), 3),
        "driver_cpu_of_one_core": round(cpu / (t_joined - t0), 3),
        "connections": {
            key: {
                "max": max((s[key] for s in sampler.samples if key in s), default=None),
                "mean": _mean([s[key] for s in sampler.samples if key in s]),
            }
            for key in (
                "server_connections",
                "pgbouncer_clients",
                "pgbouncer_servers",
                "pgbouncer_waiting",
            )
        },
    }
    if not target.stores_sessions:
        return report
    ids = [r.state.id for r in results if r.state.id]
    runs = _runs(stack, ids)
    by_status: dict[str, int] = {}
    for run in runs:
        by_status[run["status"]] = by_status.get(run["status"], 0) + 1
    finishes: dict[str, list[float]] = {}
    for run in runs:
        if run["status"] in FINISHED and run["finished"] is not None:
            finishes.setdefault(run["session"], []).append(run["finished"])
    end = time.time()
    spans = faults_module.over_threshold_spans(sampler.over, finishes, end=end)
    backlog = [s.get("pending", 0) + s.get("running", 0) for s in sampler.samples
               if s["t"] <= t_end]  # fmt: skip
    report["compaction"] = {
        "runs": by_status,
        "compactions": sum(by_status.get(s, 0) for s in FINISHED),
        "backlog": {"max": max(backlog, default=0), "mean": _mean(backlog)},
        "run_lag_ms": summary(
            [r["finished"] - r["created"] for r in runs if r["status"] in FINISHED]
        ),
        "over_threshold_ms": summary([s[2] - s[1] for s in spans]),
        "unable_max_s": round(max((s[2] - s[1] for s in spans), default=0.0), 2),
        "unresolved_spans": sum(not s[3] for s in spans),
        "drained": drained,
    }
    windows = [f.at for f in injected[1:]] + [t_end] if injected else []
    report["fault_results"] = [
        faults_module.recovery(fault, window_end, failures, sampler.over, finishes, spans)
        for fault, window_end in zip(injected, windows, strict=True)
    ]
    for item in report["fault_results"]:
        item["at_s"] = round(item["at_s"] - t0, 1)
    expected = {
        r.state.id: integrity.Expected(r.state.acked, r.state.input_tokens, r.state.output_tokens)
        for r in results
        if r.state.id
    }
    with stack.connect() as conn:
        rows = integrity.read(conn, ids)
    report["integrity"] = integrity.check(rows, expected).as_dict()
    if not report["integrity"]["ok"]:
        report["worker_log_problems"] = stack.log_problems()
    return report


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def format_level(report: dict[str, Any]) -> str:
    lat = report["latency_ms"]

    def ms(kind: str, q: str) -> str:
        value = lat.get(kind, {}).get(q)
        return "-" if value is None else f"{value:.0f}"

    lines = [
        f"== {report['target']} x{report['clients']}"
        + (f" faults {','.join(report['faults'])}" if report["faults"] else "")
        + f": {report['turns']} turns in {report['seconds']} s = {report['turns_per_s']}/s, "
        f"{report['requests_per_s']} req/s, driver CPU {report['driver_cpu_share']:.0%}",
    ]
    for kind in ("turn", "append", "append+context", "context"):
        if kind in lat:
            lines.append(
                f"   {kind:8} p50 {ms(kind, 'p50'):>6} p95 {ms(kind, 'p95'):>6} "
                f"p99 {ms(kind, 'p99'):>6} max {ms(kind, 'max'):>6} ms"
            )
    conns = report["connections"]
    lines.append(
        f"   connections: PostgreSQL max {conns['server_connections']['max']}, "
        f"PgBouncer clients max {conns['pgbouncer_clients']['max']} "
        f"(waiting max {conns['pgbouncer_waiting']['max']})"
    )
    lines.append(
        f"   errors: {report['errors'] or 'none'}; outside fault windows: "
        f"{report['failed_outside_faults']}; sessions given up: {len(report['sessions_given_up'])}"
    )
    if report["sessions_given_up"]:
        lines.append(f"   first give-up: {report['sessions_given_up'][0][:300]}")
    comp = report.get("compaction")
    if comp:
        lines.append(
            f"   compactions {comp['compactions']} {comp['runs']}, backlog max "
            f"{comp['backlog']['max']} mean {comp['backlog']['mean']}, run lag p50 "
            f"{comp['run_lag_ms']['p50']} p95 {comp['run_lag_ms']['p95']} ms, over threshold "
            f"p95 {comp['over_threshold_ms']['p95']} ms, longest unable {comp['unable_max_s']} s"
        )
    for fault in report.get("fault_results", []):
        lines.append(
            f"   fault {fault['fault']:17} +{fault['at_s']:>5} s recovered "
            f"{fault['recovered_s']} s (requests {fault['requests_recovered_s']}, compaction "
            f"{fault['compaction_recovered_s']}), unable {fault['unable_s']} s, failed "
            f"{fault['failed'] or 0}" + (" [skipped]" if fault["skipped"] else "")
        )
    for line in report.get("worker_log_problems", [])[-15:]:
        lines.append(f"   log: {line}")
    integ = report.get("integrity")
    if integ:
        lines.append(
            f"   integrity {'OK' if integ['ok'] else 'FAILED'}: {integ['messages_acknowledged']}"
            f" acknowledged, {integ['messages_stored']} stored, violations "
            f"{integ['violations'] or 'none'}"
        )
    return "\n".join(lines)
