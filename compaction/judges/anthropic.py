"""A drift judge on Claude (the ``anthropic`` extra); see ``compaction.judges.model``."""

from __future__ import annotations

from compaction.judges.model import ModelDriftJudge
from compaction.providers.anthropic import AnthropicMessages

__all__ = ["AnthropicDriftJudge"]


class AnthropicDriftJudge(ModelDriftJudge):
    """Asks ``DRIFT_JUDGE_MODEL`` (default ``claude-haiku-4-5``) through the Messages API."""

    name = "anthropic"
    provider_class = AnthropicMessages
