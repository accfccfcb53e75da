"""Child processes for the multi-process tests in ``tests/test_concurrency.py``.

Started with the ``spawn`` start method, so each child is a fresh interpreter: nothing
here imports Django models at module level. A child points Django at the parent's test
database before ``django.setup()``, waits on a shared barrier so that all children
start together, reports one plain dict on a queue and closes its connection on exit.
"""

from __future__ import annotations

import os
import traceback
from typing import Any

BARRIER_TIMEOUT = 60.0


def setup_django(*, db_name: str, database_url: str, env: dict[str, str] | None = None) -> None:
    """Configure Django in a spawned child against the parent's test database."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "project.settings"
    os.environ["DATABASE_URL"] = database_url
    # project/settings.py builds COMPACTION from COMPACTION_<KEY> variables.
    os.environ["COMPACTION_SUMMARIZER"] = "tests.support.helpers.StaticSummarizer"
    os.environ["COMPACTION_AUTO_COMPACT"] = "off"
    os.environ["COMPACTION_RETRY_BACKOFF_SECONDS"] = "0"
    os.environ.pop("ANTHROPIC_API_KEY", None)
    os.environ.pop("ANTHROPIC_BASE_URL", None)
    os.environ.pop("OPENAI_API_KEY", None)
    os.environ.pop("OPENAI_BASE_URL", None)
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks are applied in process, never sent
    os.environ.update(env or {})

    import django
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = db_name
    django.setup()


def compact_worker(
    index: int,
    db_name: str,
    database_url: str,
    session_id: str,
    barrier: Any,
    results: Any,
) -> None:
    """Run ``compaction_run_execute(trigger="command")`` once, released by ``barrier``.

    Puts ``{"index", "kind", "run_id", "status", "error"}`` on ``results``; ``kind`` is
    ``"run"`` (a finished run was returned), ``"in_progress"`` (CompactionInProgress,
    ``run_id`` is the in-flight run) or ``"error"`` (anything else, with the traceback).
    """
    result: dict[str, Any] = {
        "index": index,
        "kind": "error",
        "run_id": None,
        "status": None,
        "error": "",
    }
    waited = False
    try:
        setup_django(db_name=db_name, database_url=database_url)
        from django.db import connection

        from compaction.exceptions import CompactionInProgress
        from compaction.services import compaction_run_execute

        # Connect before the barrier so the race is over the row lock, not the handshake.
        connection.ensure_connection()
        waited = True
        barrier.wait(BARRIER_TIMEOUT)
        try:
            run = compaction_run_execute(session_id=session_id, trigger="command")
        except CompactionInProgress as exc:
            result.update(kind="in_progress", run_id=str(exc.run.pk))
        else:
            result.update(kind="run", run_id=str(run.pk), status=str(run.status))
    except BaseException:
        result["error"] = traceback.format_exc()
        if not waited:
            # Do not leave the siblings waiting for a child that will never arrive.
            barrier.abort()
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            result["error"] += "\nclosing the connection failed:\n" + traceback.format_exc()
        results.put(result)
