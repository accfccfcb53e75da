"""System checks: bad COMPACTION settings, and a database that cannot lock rows."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.db import connections
from django.utils.module_loading import import_string

from compaction.conf import DEFAULTS, validate_values


@register(Tags.compatibility)
def check_settings(app_configs: Any = None, **kwargs: Any) -> list:
    user = getattr(settings, "COMPACTION", None) or {}
    if not isinstance(user, dict):
        return [Error("COMPACTION must be a dict.", id="compaction.E001")]
    messages: list = []
    for problem in validate_values(user):
        key = problem.split(":", 1)[0]
        if key not in DEFAULTS:
            messages.append(
                Warning(
                    f"COMPACTION[{key!r}] is not a django-compaction setting and is ignored.",
                    hint="See compaction/conf.py for the documented keys.",
                    id="compaction.W002",
                )
            )
        else:
            messages.append(
                Error(f"COMPACTION[{key!r}]: {problem.split(': ', 1)[1]}", id="compaction.E002")
            )
    merged = {**DEFAULTS, **{k: v for k, v in user.items() if k in DEFAULTS}}
    for key in ("SUMMARIZER", "MEMORY_FLUSH", "PUBLISHER", "DRIFT_JUDGE"):
        path = merged.get(key)
        if isinstance(path, str) and path:
            try:
                import_string(path)
            except ImportError as exc:
                messages.append(
                    Error(f"COMPACTION[{key!r}] cannot be imported: {exc}", id="compaction.E003")
                )
    threshold = merged["COMPACTION_THRESHOLD"]
    if isinstance(threshold, int) and isinstance(merged["CONTEXT_WINDOW"], int):
        if threshold > merged["CONTEXT_WINDOW"]:
            messages.append(
                Warning(
                    "COMPACTION_THRESHOLD is above CONTEXT_WINDOW: requests will overflow the "
                    "model's context before compaction triggers.",
                    id="compaction.W003",
                )
            )
        if isinstance(merged["KEEP_RECENT_TOKENS"], int) and (
            merged["KEEP_RECENT_TOKENS"] >= threshold
        ):
            messages.append(
                Warning(
                    "KEEP_RECENT_TOKENS is not below COMPACTION_THRESHOLD: compaction can never "
                    "bring a session back under the threshold.",
                    id="compaction.W004",
                )
            )
    return messages


@register(Tags.compatibility)
def check_database(app_configs: Any = None, databases: Any = None, **kwargs: Any) -> list:
    vendor = connections["default"].vendor
    if vendor != "postgresql":
        return [
            Warning(
                f"django-compaction is running on {vendor}, which ignores SELECT ... FOR UPDATE.",
                hint="Concurrent appends and compactions are only safe on PostgreSQL; "
                "use another database for demos and single-process use only.",
                id="compaction.W001",
            )
        ]
    return []
