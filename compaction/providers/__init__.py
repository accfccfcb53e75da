"""LLM providers: the only modules that import an LLM SDK.

Each provider sends one prompt and reads the text and usage of its answer, and classifies its
SDK's failures into one ``ErrorKind``; the summarizers, the drift judges and the agent loop
are written against ``Provider`` and never against an SDK. Adding a provider is one module.

- ``compaction.providers.anthropic.AnthropicMessages`` (the ``anthropic`` extra)
- ``compaction.providers.openai.OpenAIResponses`` (the ``openai`` extra)
- ``compaction.providers.openai.OpenAIChat``: Chat Completions, for OpenAI and for the
  servers that speak its API (vLLM, Ollama, llama.cpp, LM Studio, LiteLLM) via a base URL
"""

from importlib import import_module

from compaction.exceptions import MissingDependency
from compaction.providers.base import (
    RETRYABLE,
    Completion,
    ErrorKind,
    Failure,
    Provider,
    ProviderError,
    Usage,
)

__all__ = [
    "PROVIDERS",
    "RETRYABLE",
    "Completion",
    "ErrorKind",
    "Failure",
    "Provider",
    "ProviderError",
    "Usage",
    "classify",
]

#: The provider modules and the class in each that classifies the SDK's errors.
PROVIDERS = (
    ("compaction.providers.anthropic", "AnthropicMessages"),
    ("compaction.providers.openai", "OpenAIProvider"),
)


def classify(error: BaseException) -> Failure | None:
    """``error`` classified by whichever installed provider's SDK raised it (None: no SDK's)."""
    if isinstance(error, ProviderError):
        return error.failure
    for module_name, class_name in PROVIDERS:
        try:
            module = import_module(module_name)
        except MissingDependency:
            continue
        failure = getattr(module, class_name).classify(error)
        if failure is not None:
            return failure
    return None
