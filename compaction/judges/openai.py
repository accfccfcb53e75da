"""Drift judges on OpenAI's APIs (the ``openai`` extra); see ``compaction.judges.model``.

``OpenAIDriftJudge`` asks through Responses; ``OpenAIChatDriftJudge`` through Chat
Completions, for OpenAI-compatible servers at ``DRIFT_JUDGE_BASE_URL``.
"""

from __future__ import annotations

from compaction.judges.model import ModelDriftJudge
from compaction.providers.openai import OpenAIChat, OpenAIResponses

__all__ = ["OpenAIChatDriftJudge", "OpenAIDriftJudge"]


class OpenAIDriftJudge(ModelDriftJudge):
    """Asks ``DRIFT_JUDGE_MODEL`` (default ``gpt-5-mini``) through the Responses API."""

    name = "openai-responses"
    provider_class = OpenAIResponses


class OpenAIChatDriftJudge(ModelDriftJudge):
    """Asks ``DRIFT_JUDGE_MODEL`` through Chat Completions (no structured output needed)."""

    name = "openai-chat"
    provider_class = OpenAIChat
