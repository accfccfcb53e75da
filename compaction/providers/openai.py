"""OpenAI's Responses and Chat Completions APIs through the official SDK (the ``openai`` extra).

``OpenAIResponses`` speaks Responses, OpenAI's primary API. ``OpenAIChat`` speaks Chat
Completions, which OpenAI-compatible servers (vLLM, Ollama, llama.cpp's server, LM Studio, a
LiteLLM proxy) serve at ``<base_url>/chat/completions``; it sends nothing those servers
commonly lack (no ``response_format``, no ``store``).

Credentials and endpoint come from the SDK's own resolution (``OPENAI_API_KEY``,
``OPENAI_BASE_URL``) unless ``base_url`` is given. A local server usually wants no key: when
a base URL is set and no key is, the client sends a placeholder the server ignores (a server
that does check keys answers 401, reported as a rejected key).

Usage is put in the common accounting: OpenAI counts cached and cache-written tokens inside
its input figure; ``input_tokens`` here is the rest, as Anthropic reports it.

Prompt caching is automatic on OpenAI (from 1,024 prompt tokens, by prefix): a prompt in
parts is sent whole, its stable parts first, and a ``cache_key`` goes as
``prompt_cache_key``, which routes calls sharing a prefix to where it is cached. It is sent
to OpenAI only (``takes_cache_key``): a compatible server may refuse a parameter it does
not know.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

from compaction.integrations import require
from compaction.providers.base import (
    Completion,
    ErrorKind,
    Failure,
    Prompt,
    Provider,
    ProviderError,
    Usage,
    other_limit_parameter,
    output_limit_parameter,
    prompt_text,
    sdk_failure,
)

openai = require("openai", extra="openai", feature="The OpenAI provider")

__all__ = ["OpenAIChat", "OpenAIProvider", "OpenAIResponses", "usage_of"]

#: Sent as the key to a server at a base URL when none is configured (local servers check none).
PLACEHOLDER_KEY = "not-needed"

NO_KEY = (
    "No OpenAI API key: set the OPENAI_API_KEY environment variable (or, for an "
    "OpenAI-compatible server, its base URL: COMPACTION['SUMMARIZER_BASE_URL'])."
)

#: Error codes and messages by which OpenAI and the compatible servers refuse a prompt as
#: longer than the model's window (OpenAI: the code; vLLM: "maximum context length";
#: llama.cpp: "exceeds the available context size"; Ollama and LiteLLM forward one of these).
OVERFLOW_CODES = frozenset({"context_length_exceeded", "exceed_context_size_error"})
OVERFLOW_PHRASES = (
    "maximum context length",
    "context length exceeded",
    "context_length_exceeded",
    "exceeds the available context size",
    "context window",
)


def usage_of(usage: Any) -> Usage:
    """Responses (``input_tokens``) or Chat Completions (``prompt_tokens``) usage in the
    common accounting: the uncached input, cache reads and writes apart."""
    if usage is None:
        return Usage()
    if hasattr(usage, "input_tokens"):
        total = int(usage.input_tokens or 0)
        output = int(usage.output_tokens or 0)
        details = getattr(usage, "input_tokens_details", None)
    else:
        total = int(getattr(usage, "prompt_tokens", 0) or 0)
        output = int(getattr(usage, "completion_tokens", 0) or 0)
        details = getattr(usage, "prompt_tokens_details", None)
    cached = int(getattr(details, "cached_tokens", 0) or 0)
    written = int(getattr(details, "cache_write_tokens", 0) or 0)
    return Usage(
        input_tokens=max(0, total - cached - written),
        output_tokens=output,
        cache_read_input_tokens=cached,
        cache_creation_input_tokens=written,
    )


def takes_cache_key(base_url: Any) -> bool:
    """``base_url`` is OpenAI's API, which takes ``prompt_cache_key``."""
    return (urlsplit(str(base_url or "")).hostname or "") == "api.openai.com"


def _is_overflow(code: str | None, message: str) -> bool:
    text = message.lower()
    return code in OVERFLOW_CODES or any(phrase in text for phrase in OVERFLOW_PHRASES)


class OpenAIProvider(Provider):
    """What both OpenAI APIs share: the client and the classification of its errors."""

    label = "OpenAI"
    default_model = "gpt-5-mini"

    def build_client(self) -> Any:
        options: dict[str, Any] = {"timeout": self.timeout, "max_retries": self.max_retries}
        if self.base_url:
            # A server named in the settings gets the key named with it, never the
            # environment's OPENAI_API_KEY (which belongs to OpenAI).
            options["base_url"] = self.base_url
            options["api_key"] = self.api_key or PLACEHOLDER_KEY
        elif self.api_key:
            options["api_key"] = self.api_key
        elif not os.environ.get("OPENAI_API_KEY") and os.environ.get("OPENAI_BASE_URL"):
            options["api_key"] = PLACEHOLDER_KEY
        try:
            return openai.OpenAI(**options)
        except openai.OpenAIError as exc:
            if "api_key" in str(exc):
                raise ProviderError(Failure(ErrorKind.AUTH, NO_KEY)) from exc
            raise ProviderError(
                Failure(ErrorKind.CONFIGURATION, f"Could not configure the OpenAI client: {exc}")
            ) from exc

    @classmethod
    def classify(cls, error: BaseException) -> Failure | None:
        if not isinstance(error, openai.OpenAIError):
            return None
        failure = sdk_failure(
            openai,
            error,
            label=cls.label,
            detail=_api_message,
            refine=_refine,
            details=lambda e: {"error_type": getattr(e, "type", None), "code": e.code},
            request_id_header="x-request-id",
        )
        if failure is not None:
            return failure
        return Failure(ErrorKind.CONFIGURATION, f"OpenAI client error: {error}")


def _refine(
    error: Any, status: int, kind: ErrorKind, words: str, detail: str
) -> tuple[ErrorKind, str]:
    code = getattr(error, "code", None)
    if code == "insufficient_quota":
        # A 429 that waiting does not cure: the account has no credit.
        return ErrorKind.QUOTA, "reported no quota left"
    if status in (400, 413, 422) and _is_overflow(code, detail):
        return ErrorKind.CONTEXT_OVERFLOW, words
    return kind, words


def _api_message(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error") if isinstance(body.get("error"), dict) else body
        message = inner.get("message")
        if isinstance(message, str) and message:
            return message
    return str(getattr(error, "message", "") or error)


class OpenAIResponses(OpenAIProvider):
    """The Responses API: ``instructions`` and one input text; nothing stored server side."""

    name = "openai-responses"

    def send(
        self,
        *,
        system: str,
        prompt: Prompt,
        max_tokens: int,
        model: str,
        cache_key: str | None = None,
    ) -> Completion:
        # The Responses API is OpenAI's own unless SUMMARIZER_BASE_URL names another server.
        openai_api = self.base_url is None or takes_cache_key(self.base_url)
        extra = {"prompt_cache_key": cache_key} if cache_key and openai_api else {}
        response = self.client.responses.create(
            model=model,
            instructions=system,
            input=prompt_text(prompt),
            max_output_tokens=max_tokens,
            store=False,
            **extra,
        )
        refused = False
        for item in response.output or ():
            if getattr(item, "type", None) == "message":
                refused = refused or any(
                    getattr(part, "type", None) == "refusal" for part in item.content
                )
        incomplete = getattr(response.incomplete_details, "reason", None)
        return Completion(
            text=response.output_text.strip(),
            model=response.model,
            usage=usage_of(response.usage),
            request_id=getattr(response, "_request_id", None) or "",
            response_id=response.id,
            stop_reason=incomplete or response.status,
            refused=refused or incomplete == "content_filter",
        )

    def count_tokens(self, *, system: str, prompt: str) -> int | None:
        try:
            counted = self.client.responses.input_tokens.count(
                model=self.model, instructions=system, input=prompt
            )
        except openai.OpenAIError as exc:
            raise ProviderError(self.classify(exc)) from exc  # type: ignore[arg-type]
        return int(counted.input_tokens)


class OpenAIChat(OpenAIProvider):
    """Chat Completions, for OpenAI and for the servers that speak its API."""

    name = "openai-chat"

    def send(
        self,
        *,
        system: str,
        prompt: Prompt,
        max_tokens: int,
        model: str,
        cache_key: str | None = None,
    ) -> Completion:
        messages = [
            {"role": "system", "content": system},
            {"role": "user", "content": prompt_text(prompt)},
        ]
        base_url = self.client.base_url
        limit = output_limit_parameter(base_url, model)
        extra = {"prompt_cache_key": cache_key} if cache_key and takes_cache_key(base_url) else {}
        try:
            completion = self.client.chat.completions.create(
                model=model, messages=messages, **{limit: max_tokens}, **extra
            )
        except openai.BadRequestError as exc:
            other = other_limit_parameter(
                base_url, model, limit, message=_api_message(exc), param=exc.param
            )
            if other is None:
                raise
            completion = self.client.chat.completions.create(
                model=model, messages=messages, **{other: max_tokens}, **extra
            )
        choice = completion.choices[0] if completion.choices else None
        message = choice.message if choice is not None else None
        finish = choice.finish_reason if choice is not None else None
        return Completion(
            text=((message.content if message is not None else None) or "").strip(),
            model=completion.model or model,
            usage=usage_of(completion.usage),
            request_id=getattr(completion, "_request_id", None) or "",
            response_id=completion.id or "",
            stop_reason=finish,
            refused=bool(message is not None and message.refusal) or finish == "content_filter",
        )
