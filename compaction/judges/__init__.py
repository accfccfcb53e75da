"""Drift judges: models that read the prose the audit cannot settle.

The interface is ``compaction.drift.judges.DriftJudge``; ``DRIFT_JUDGE`` names the one to
use (None: no judge, and reworded items stay unverified). For example
``compaction.judges.anthropic.AnthropicDriftJudge`` asks ``DRIFT_JUDGE_MODEL``.
"""

from __future__ import annotations

from django.utils.module_loading import import_string

from compaction.conf import ResolvedSettings, app_settings
from compaction.drift.judges import DriftJudge, JudgeVerdict

__all__ = ["DriftJudge", "JudgeVerdict", "get_drift_judge"]


def get_drift_judge(settings: ResolvedSettings | None = None) -> DriftJudge | None:
    """The judge named by ``DRIFT_JUDGE``, or None when none is configured."""
    settings = settings or app_settings.for_session(None)
    if not settings.DRIFT_JUDGE:
        return None
    cls = import_string(str(settings.DRIFT_JUDGE))
    return cls(settings=settings)
