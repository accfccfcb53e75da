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
OPENAI = "compaction.summarizers.openai.OpenAIResponsesSummarizer"
OFFLINE = "compaction.summarizers.offline.OfflineSummarizer"


def summarizer_path(settings: ResolvedSettings) -> str:
    """The configured summarizer; by default the provider whose API key is set (Anthropic's
    first), else the offline one."""
    if settings.SUMMARIZER:
        return settings.SUMMARIZER
    if os.environ.get("ANTHROPIC_API_KEY"):
        return ANTHROPIC
    if os.environ.get("OPENAI_API_KEY"):
        return OPENAI
    return OFFLINE


def summarizer_name(settings: ResolvedSettings) -> str:
    """The configured summarizer's ``name`` (a class attribute: nothing is instantiated)."""
    return import_string(summarizer_path(settings)).name


def get_summarizer(settings: ResolvedSettings) -> Summarizer:
    return import_string(summarizer_path(settings))(settings=settings)
