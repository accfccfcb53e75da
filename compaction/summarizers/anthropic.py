"""The Claude summarizer: one Messages API call per checkpoint, through the official SDK.

Credentials and endpoint come from the SDK's own resolution (``ANTHROPIC_API_KEY``,
``ANTHROPIC_AUTH_TOKEN``, profiles, ``ANTHROPIC_BASE_URL``), or ``SUMMARIZER_BASE_URL``.
The prompt, the retry policy and the answer's checks are ``ModelSummarizer``'s, shared by
every provider; the call is ``compaction.providers.anthropic``'s.
"""

from __future__ import annotations

from compaction.providers.anthropic import AnthropicMessages
from compaction.summarizers.model import ModelSummarizer

__all__ = ["AnthropicSummarizer"]


class AnthropicSummarizer(ModelSummarizer):
    """Summarizes with Claude (``SUMMARIZER_MODEL``, default ``claude-haiku-4-5``)."""

    name = "anthropic"
    provider_class = AnthropicMessages
