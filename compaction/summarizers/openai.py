"""Summarizers on OpenAI's APIs and on the servers that speak Chat Completions.

- ``OpenAIResponsesSummarizer``: the Responses API (OpenAI's primary one).
- ``OpenAIChatSummarizer``: Chat Completions, for OpenAI or for a self-hosted or local
  server (vLLM, Ollama, llama.cpp's server, LM Studio, a LiteLLM proxy) at
  ``SUMMARIZER_BASE_URL`` (or the SDK's ``OPENAI_BASE_URL``). It needs no structured output:
  the checkpoint is text in the item format, read by the same parser for every provider.

With no ``SUMMARIZER`` set, an ``OPENAI_API_KEY`` and no ``ANTHROPIC_API_KEY`` choose the
Responses one. ``SUMMARIZER_MODEL`` names the model (default ``gpt-5-mini``).
"""

from __future__ import annotations

from compaction.providers.openai import OpenAIChat, OpenAIResponses
from compaction.summarizers.model import ModelSummarizer

__all__ = ["OpenAIChatSummarizer", "OpenAIResponsesSummarizer"]


class OpenAIResponsesSummarizer(ModelSummarizer):
    """Summarizes through ``client.responses.create`` (``store=False``)."""

    name = "openai-responses"
    provider_class = OpenAIResponses


class OpenAIChatSummarizer(ModelSummarizer):
    """Summarizes through ``client.chat.completions.create``, with no structured output."""

    name = "openai-chat"
    provider_class = OpenAIChat
