"""Child processes for the fault-injection tests in ``tests/test_faults.py``.

Started with the ``spawn`` start method: each child is a fresh interpreter, so nothing
here imports Django models (or anything that does) at module level. A child points Django
at the parent's test database before ``django.setup()``, reports plain values through
multiprocessing primitives, and closes its connection when it exits normally.
"""

from __future__ import annotations

import time
import traceback
from typing import Any

from tests.support.procs import setup_django

BARRIER_TIMEOUT = 60.0
#: How long the blocking summarizer sleeps: far longer than any test waits for it.
BLOCK_SECONDS = 60.0


def _close_connections(result: dict[str, Any] | None = None) -> None:
    try:
        from django.db import connections

        connections.close_all()
    except Exception:
        if result is not None:
            result["error"] += "\nclosing the connection failed:\n" + traceback.format_exc()


def blocking_compaction(
    db_name: str,
    database_url: str,
    session_id: str,
    env: dict[str, str],
    entered: Any,
    backend_pid: Any,
    results: Any,
) -> None:
    """Compact ``session_id`` with a summarizer that blocks for ``BLOCK_SECONDS``.

    Inside the summarizer it stores its PostgreSQL backend pid in ``backend_pid`` (shared
    memory: visible to the parent at once, unlike a queue) and sets ``entered``; the parent
    is expected to SIGKILL it there. Only if it survives does it put a report on ``results``.
    """
    result: dict[str, Any] = {"status": None, "error": ""}
    try:
        setup_django(db_name=db_name, database_url=database_url, env=env)
        from django.db import connection

        from compaction.services import compaction_run_execute
        from tests.support.helpers import StaticSummarizer, settings_with

        class BlockingSummarizer(StaticSummarizer):
            name = "blocking"

            def summarize(self, request):
                backend_pid.value = connection.connection.info.backend_pid
                entered.set()
                deadline = time.monotonic() + BLOCK_SECONDS
                while time.monotonic() < deadline:  # the LLM call that never returns
                    time.sleep(0.05)
                return super().summarize(request)

        run = compaction_run_execute(
            session_id=session_id,
            trigger="command",
            summarizer=BlockingSummarizer(settings=settings_with()),
        )
        result["status"] = str(run.status)
    except BaseException:
        result["error"] = traceback.format_exc()
        entered.set()  # do not leave the parent waiting for a child that failed early
    finally:
        _close_connections(result)
        results.put(result)


def task_worker(
    index: int,
    db_name: str,
    database_url: str,
    run_id: str,
    env: dict[str, str],
    barrier: Any,
    results: Any,
) -> None:
    """Apply ``compaction.tasks.compact_session`` to ``run_id`` once, released by ``barrier``.

    Simulates one delivery of a message that the broker delivered several times. Puts
    ``{"index", "state", "result", "error"}`` on ``results``: ``state`` is the task's
    Celery state (``SUCCESS`` / ``FAILURE`` / ``RETRY``), ``result`` its return value.
    """
    result: dict[str, Any] = {"index": index, "state": None, "result": None, "error": ""}
    waited = False
    try:
        setup_django(db_name=db_name, database_url=database_url, env=env)
        from django.db import connection

        from compaction.tasks import compact_session

        # Connect before the barrier so the race is over the rows, not the handshake.
        connection.ensure_connection()
        waited = True
        barrier.wait(BARRIER_TIMEOUT)
        outcome = compact_session.apply(args=[run_id], throw=False)
        result["state"] = outcome.state
        if outcome.state == "SUCCESS":
            result["result"] = outcome.result
        else:
            result["result"] = repr(outcome.result)
            result["error"] = f"task ended {outcome.state}:\n{outcome.traceback}"
    except BaseException:
        result["error"] = traceback.format_exc()
        if not waited:
            barrier.abort()  # do not leave the siblings waiting for this child
    finally:
        _close_connections(result)
        results.put(result)
