"""gunicorn config for ``benchmarks.web_profile``: per-request CPU and SQL statements.

Each sync worker serves one request at a time on its main thread, so the thread's CPU
time between ``pre_request`` and ``post_request`` is that request's cost in the worker:
parsing, middleware, authentication, the view, the rendering (the database's own CPU is
the server's, not counted here). Statements are counted at psycopg's level, as
``benchmarks.sqlcount`` does (transaction control apart). Every request is a line of
``WEB_PROFILE_DIR/requests-<pid>.jsonl``.

``WEB_PROFILE=pyinstrument`` also samples each request (the profiler runs only inside
requests) and writes ``profile-<pid>.txt`` and ``.html`` when the worker exits;
``cprofile`` writes ``profile-<pid>.pstats``. Profiling slows requests down: take CPU
figures from a run without it.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

worker_class = "sync"
# Long enough for the sessions' setup; a stuck request still ends.
timeout = 60
accesslog = None
# Requests fetch the app lazily otherwise: load it before forking, as production does.
preload_app = True

_DIR = os.environ["WEB_PROFILE_DIR"]
_MODE = os.environ.get("WEB_PROFILE", "")
_state: dict[str, Any] = {}


def _route(path: str) -> str:
    # /api/compaction/sessions/<id>/context/ -> "context"
    parts = [p for p in path.split("/") if p]
    return parts[-1] if len(parts) >= 4 else path


def post_worker_init(worker: Any) -> None:
    from benchmarks.sqlcount import StatementCounter

    counter = StatementCounter()
    # Kept: a dropped context manager would be collected, and its exit undo the patch.
    _state["installed"] = counter.installed()
    _state["installed"].__enter__()  # for the worker's life
    _state["counter"] = counter
    _state["out"] = open(  # noqa: SIM115 - closed in worker_exit
        os.path.join(_DIR, f"requests-{os.getpid()}.jsonl"), "a", encoding="utf-8"
    )
    if _MODE == "pyinstrument":
        from pyinstrument import Profiler

        _state["profiler"] = Profiler(interval=0.0005)
    elif _MODE == "cprofile":
        import cProfile

        # CPU time, not wall: a request's waits on the database would dominate otherwise.
        _state["profiler"] = cProfile.Profile(time.thread_time_ns, 1e-9)


def pre_request(worker: Any, req: Any) -> None:
    span = _state["counter"].span()
    _state["span"] = (span, span.__enter__())
    profiler = _state.get("profiler")
    if profiler is not None:
        profiler.start() if _MODE == "pyinstrument" else profiler.enable()
    _state["cpu"] = time.thread_time_ns()
    _state["wall"] = time.perf_counter_ns()


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    cpu = time.thread_time_ns() - _state["cpu"]
    wall = time.perf_counter_ns() - _state["wall"]
    profiler = _state.get("profiler")
    if profiler is not None:
        profiler.stop() if _MODE == "pyinstrument" else profiler.disable()
    manager, span = _state.pop("span")
    manager.__exit__(None, None, None)
    query = req.query or ""
    record = {
        "t": time.time(),
        "method": req.method,
        "route": _route(req.path) + ("?" + query if query else ""),
        "status": int(str(resp.status).split()[0]) if resp.status else 0,
        "cpu_ms": cpu / 1e6,
        "wall_ms": wall / 1e6,
        "statements": span.statements,
        "transaction_control": span.transaction_control,
    }
    _state["out"].write(json.dumps(record) + "\n")
    _state["out"].flush()


def worker_exit(server: Any, worker: Any) -> None:
    out = _state.get("out")
    if out is not None:
        out.close()
    profiler = _state.get("profiler")
    if profiler is None:
        return
    base = os.path.join(_DIR, f"profile-{os.getpid()}")
    if _MODE == "pyinstrument":
        if profiler.is_running:
            profiler.stop()
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write(profiler.output_text(unicode=True, color=False, show_all=False))
        with open(base + ".html", "w", encoding="utf-8") as f:
            f.write(profiler.output_html())
        profiler.last_session.save(base + ".pyisession")  # pyinstrument --load=...
    else:
        profiler.dump_stats(base + ".pstats")
