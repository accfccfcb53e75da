"""Pluggable summarizers, chosen by the ``SUMMARIZER`` setting."""

from __future__ import annotations

import os

from django.utils.module_loading import import_string

from compaction.conf import ResolvedSettings
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult

__all__ = [
    "Summarizer",
    "SummaryRequest",
    "SummaryResult",
    "get_summarizer",
    "summarizer_name",
    "summarizer_path",
]

ANTHROPIC = "compaction.summarizers.anthropic.AnthropicSummarizer"
OFFLINE = "compaction.summarizers.offline.OfflineSummarizer"


def summarizer_path(settings: ResolvedSettings) -> str:
    """The configured summarizer; by default Claude when an API key is set, else offline."""
    if settings.SUMMARIZER:
        return settings.SUMMARIZER
    return ANTHROPIC if os.environ.get("ANTHROPIC_API_KEY") else OFFLINE


def summarizer_name(settings: ResolvedSettings) -> str:
    """The configured summarizer's ``name`` (a class attribute: nothing is instantiated)."""
    return import_string(summarizer_path(settings)).name


def get_summarizer(settings: ResolvedSettings) -> Summarizer:
    return import_string(summarizer_path(settings))(settings=settings)
