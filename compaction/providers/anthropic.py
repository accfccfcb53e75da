"""Anthropic's Messages API through the official SDK (the ``anthropic`` extra).

Credentials and endpoint come from the SDK's own resolution (``ANTHROPIC_API_KEY``,
``ANTHROPIC_AUTH_TOKEN``, profiles, ``ANTHROPIC_BASE_URL``) unless ``base_url`` is given;
this module only checks that *some* credential was found, to fail with a clear message
instead of the SDK's generic ``TypeError`` at request time.

Sampling: no sampling parameter is sent. API version 2026-10-21 (the one SDK 2.x speaks)
removed ``temperature``/``top_p``/``top_k`` and answers 400 to any of them, even at the
default value.
"""

from __future__ import annotations

from typing import Any

from compaction.integrations import require
from compaction.providers.base import (
    Completion,
    ErrorKind,
    Failure,
    Prompt,
    Provider,
    ProviderError,
    Usage,
    sdk_failure,
)

anthropic = require("anthropic", extra="anthropic", feature="The Anthropic provider")

__all__ = ["AnthropicMessages", "usage_of"]

NO_KEY = (
    "No Anthropic API key: set the ANTHROPIC_API_KEY environment variable "
    "(or configure another summarizer with the SUMMARIZER setting)."
)


def usage_of(usage: Any) -> Usage:
    """A Messages API usage object in the common accounting (it is already Anthropic's)."""

    def count(name: str) -> int:
        return int(getattr(usage, name, 0) or 0)

    return Usage(
        input_tokens=count("input_tokens"),
        output_tokens=count("output_tokens"),
        cache_read_input_tokens=count("cache_read_input_tokens"),
        cache_creation_input_tokens=count("cache_creation_input_tokens"),
    )


#: Cache breakpoints a Messages API request may carry.
MAX_CACHE_MARKERS = 4


def user_content(prompt: Prompt) -> Any:
    """The user turn's content: one text, or a text block per part with a ``cache_control``
    breakpoint after each part but the last (at most ``MAX_CACHE_MARKERS``), so that a
    later call repeating a part's prefix reads it from the cache. Empty parts are left out
    (the API refuses an empty text block). Below the model's minimum cacheable length the
    API ignores a breakpoint: it costs nothing then."""
    if isinstance(prompt, str):
        return prompt
    parts = [part for part in prompt if part]
    blocks: list[dict[str, Any]] = [{"type": "text", "text": part} for part in parts]
    for block in blocks[:-1][:MAX_CACHE_MARKERS]:
        block["cache_control"] = {"type": "ephemeral"}
    return blocks


def _is_overflow(message: str) -> bool:
    text = message.lower()
    return (
        "prompt is too long" in text
        or ("too long" in text and "maximum" in text)
        or "exceed context limit" in text
    )


class AnthropicMessages(Provider):
    name = "anthropic"
    label = "Anthropic"
    default_model = "claude-haiku-4-5"

    def build_client(self) -> Any:
        options: dict[str, Any] = {"timeout": self.timeout, "max_retries": self.max_retries}
        if self.base_url:
            options["base_url"] = self.base_url
        if self.api_key:
            options["api_key"] = self.api_key
        try:
            client = anthropic.Anthropic(**options)
        except anthropic.AnthropicError as exc:
            # e.g. a broken credentials profile: no retry will fix the configuration.
            raise ProviderError(
                Failure(ErrorKind.CONFIGURATION, f"Could not configure the Anthropic client: {exc}")
            ) from exc
        if (
            client.api_key is None
            and client.auth_token is None
            and getattr(client, "credentials", None) is None
        ):
            # Not cached: setting the key later (a test, a deploy fix) works.
            client.close()
            raise ProviderError(Failure(ErrorKind.AUTH, NO_KEY))
        return client

    def send(
        self,
        *,
        system: str,
        prompt: Prompt,
        max_tokens: int,
        model: str,
        cache_key: str | None = None,
    ) -> Completion:
        # No cache key: the Messages API matches cached prefixes by their bytes alone.
        response = self.create(
            model=model,
            max_tokens=max_tokens,
            system=system,
            messages=[{"role": "user", "content": user_content(prompt)}],
        )
        text = "".join(
            block.text for block in response.content if getattr(block, "type", None) == "text"
        ).strip()
        return Completion(
            text=text,
            model=response.model,
            usage=usage_of(response.usage),
            request_id=getattr(response, "_request_id", None) or "",
            response_id=response.id,
            stop_reason=response.stop_reason,
            refused=response.stop_reason == "refusal",
        )

    def create(self, *, beta: bool = False, **kwargs: Any) -> Any:
        """``messages.create`` (``beta.messages.create`` for beta parameters) as given; SDK
        errors propagate (``complete`` and ``call`` classify them)."""
        client = self.client
        messages = client.beta.messages if beta else client.messages
        try:
            return messages.create(**kwargs)
        except TypeError as exc:
            # The SDK raises a bare TypeError when a client has no credential at all
            # (possible with an explicit ``client``); anything else is a programming error.
            if "authentication method" not in str(exc):
                raise
            raise ProviderError(
                Failure(
                    ErrorKind.AUTH,
                    "No Anthropic API key: the client has no credential "
                    "(set ANTHROPIC_API_KEY or pass api_key= to the client).",
                )
            ) from exc

    def call(self, *, beta: bool = False, **kwargs: Any) -> Any:
        """``create``, with every API failure raised as ``ProviderError``."""
        try:
            return self.create(beta=beta, **kwargs)
        except ProviderError:
            raise
        except anthropic.AnthropicError as exc:
            raise ProviderError(self.classify(exc) or _unknown(exc)) from exc

    def count_tokens(self, *, system: str, prompt: str) -> int | None:
        try:
            counted = self.client.messages.count_tokens(
                model=self.model, system=system, messages=[{"role": "user", "content": prompt}]
            )
        except anthropic.AnthropicError as exc:
            raise ProviderError(self.classify(exc) or _unknown(exc)) from exc
        return int(counted.input_tokens)

    @classmethod
    def classify(cls, error: BaseException) -> Failure | None:
        if not isinstance(error, anthropic.AnthropicError):
            return None
        failure = sdk_failure(
            anthropic,
            error,
            label=cls.label,
            detail=lambda e: e.api_message or e.message,
            refine=_refine,
            details=lambda e: {"error_type": e.type},
            request_id_header="request-id",
        )
        if failure is not None:
            return failure
        retryable = tuple(
            kind
            for kind in (
                getattr(anthropic, "RetryableError", None),
                getattr(anthropic, "IdentityTokenFileError", None),
            )
            if isinstance(kind, type)
        )
        if retryable and isinstance(error, retryable):
            # Errors the SDK itself marks as worth another try (a token file not written yet).
            return Failure(ErrorKind.SERVER, f"Anthropic client error, retryable: {error}")
        # Anything else (credentials, client configuration) will not fix itself.
        return _unknown(error)


def _refine(
    error: Any, status: int, kind: ErrorKind, words: str, detail: str
) -> tuple[ErrorKind, str]:
    if isinstance(error, anthropic.InternalServerError) and kind not in (
        ErrorKind.OVERLOADED,
        ErrorKind.SERVER,
    ):
        kind = ErrorKind.SERVER
    if status == 400 and _is_overflow(str(detail)):
        kind = ErrorKind.CONTEXT_OVERFLOW
    return kind, words


def _unknown(error: BaseException) -> Failure:
    return Failure(ErrorKind.CONFIGURATION, f"Anthropic client error: {error}")
