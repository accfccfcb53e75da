"""Starting and collecting the child processes of multi-process tests (the parent's side).

The children's bodies live in ``procs`` and ``fault_procs``, which import nothing from
Django at module level; this module runs in the parent and may.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from typing import Any

from django.db import connection


def spawn_context() -> Any:
    """Fresh interpreters: a forked child would share the parent's database connection."""
    return multiprocessing.get_context("spawn")


def child_db() -> tuple[str, str]:
    """(test database name, DATABASE_URL): what a child needs to reach the parent's database."""
    return connection.settings_dict["NAME"], os.environ["DATABASE_URL"]


def collect(results: Any, count: int, timeout: float) -> list[dict[str, Any]]:
    """Up to ``count`` reports from the children's queue, within ``timeout`` seconds."""
    reports: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while len(reports) < count and time.monotonic() < deadline:
        try:
            reports.append(results.get(timeout=max(0.1, deadline - time.monotonic())))
        except Exception:
            break
    return reports


def stop_children(children: list[Any]) -> None:
    for child in children:
        if child.is_alive():
            child.kill()
        child.join(5)
