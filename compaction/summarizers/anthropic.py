"""The Claude summarizer: one Messages API call per checkpoint, through the official SDK.

Retries happen in two layers. The SDK retries transient failures itself
(``API_MAX_RETRIES``: 408, 409, 429, 5xx/529 and connection errors, honouring
``retry-after``); whatever still fails is translated here into the domain errors
the compaction service understands: ``RetryableSummarizerError`` when trying
again later may help, ``PermanentSummarizerError`` when it cannot (bad request,
bad key, refusal). Inside a Celery worker, set ``API_MAX_RETRIES`` to 0 and let
the task's own retry do the waiting, so a worker slot is not held while sleeping.

Sampling: no sampling parameter is sent, and there is no setting for one. API version
2026-10-21 (the one SDK 2.x speaks) removed ``temperature``/``top_p``/``top_k`` and
rejects any of them with HTTP 400, so the model samples at its defaults; consistency
comes from the prompt.

Credentials and endpoint come from the SDK's own resolution (``ANTHROPIC_API_KEY``,
``ANTHROPIC_AUTH_TOKEN``, profiles, ``ANTHROPIC_BASE_URL``); this module only
checks that *some* credential was found, to fail with a clear message instead of
the SDK's generic ``TypeError`` at request time.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from compaction.conf import ResolvedSettings
from compaction.engine.prompts import SUMMARIZER_SYSTEM, build_merge_prompt, build_prompt
from compaction.exceptions import (
    PermanentSummarizerError,
    RetryableSummarizerError,
    SummarizerError,
)
from compaction.integrations import require
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult

anthropic = require("anthropic", extra="anthropic", feature="The Anthropic summarizer")

__all__ = ["AnthropicSummarizer", "map_api_error"]

logger = logging.getLogger(__name__)

# 4xx answers that may succeed when sent again (the SDK retries the same ones).
RETRYABLE_4XX = frozenset({408, 409, 429})

_STATUS_LABELS: dict[int, str] = {
    400: "rejected the request",
    401: "rejected the API key",
    403: "denied permission",
    404: "does not know the model or endpoint",
    408: "timed out the request",
    409: "reported a conflict",
    413: "found the request too large",
    422: "could not process the request",
    429: "rate limit exceeded",
    500: "internal server error",
    529: "overloaded",
}


class AnthropicSummarizer(Summarizer):
    """Summarizes with Claude (``settings.MODEL``, default ``claude-haiku-4-5``).

    Pass ``client`` to reuse a configured ``anthropic.Anthropic`` (tests, custom
    HTTP client, proxies); it is used as is. Without one, a client is built on first
    use with ``API_TIMEOUT`` and ``API_MAX_RETRIES`` from ``settings``.
    """

    name = "anthropic"

    def __init__(
        self, *, settings: ResolvedSettings, client: anthropic.Anthropic | None = None
    ) -> None:
        super().__init__(settings=settings)
        self._client = client
        # The client owns a connection pool: build it once per instance, even when the
        # summarizer is shared between threads.
        self._client_lock = threading.Lock()

    @property
    def model(self) -> str:
        return str(self.settings.MODEL)

    @property
    def client(self) -> anthropic.Anthropic:
        """The SDK client, built on first use when none was given."""
        if self._client is None:
            with self._client_lock:
                if self._client is None:
                    self._client = self._build_client()
        return self._client

    def _build_client(self) -> anthropic.Anthropic:
        try:
            client = anthropic.Anthropic(
                timeout=float(self.settings.API_TIMEOUT),
                max_retries=int(self.settings.API_MAX_RETRIES),
            )
        except anthropic.AnthropicError as exc:
            # e.g. a broken credentials profile: no retry will fix the configuration.
            raise PermanentSummarizerError(
                f"Could not configure the Anthropic client: {exc}"
            ) from exc
        if (
            client.api_key is None
            and client.auth_token is None
            and getattr(client, "credentials", None) is None
        ):
            # Not cached: setting the key later (e.g. in a test or after a deploy fix) works.
            client.close()
            raise PermanentSummarizerError(
                "No Anthropic API key: set the ANTHROPIC_API_KEY environment variable "
                "(or configure another summarizer with the SUMMARIZER setting)."
            )
        return client

    def build_messages(self, request: SummaryRequest) -> list[dict[str, Any]]:
        """The ``messages`` of the API call: one user turn holding the checkpoint prompt."""
        if request.partials:
            prompt = build_merge_prompt(
                partials=request.partials,
                previous_summary=request.previous_summary,
                max_chars=request.max_chars,
                next_item_id=request.next_item_id,
                feedback=request.feedback,
            )
        else:
            prompt = build_prompt(
                transcript=request.transcript,
                previous_summary=request.previous_summary,
                max_chars=request.max_chars,
                next_item_id=request.next_item_id,
                feedback=request.feedback,
            )
        if request.extra_instructions:
            prompt = f"{prompt}\n\nAdditional instructions:\n{request.extra_instructions.strip()}"
        return [{"role": "user", "content": prompt}]

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        client = self.client
        try:
            # No sampling parameters: API version 2026-10-21, which SDK 2.x sends, removed
            # temperature/top_p/top_k and answers 400 to any of them, even at the default
            # value; the SDK's ``create()`` no longer accepts them.
            response = client.messages.create(
                model=self.model,
                max_tokens=int(self.settings.MAX_TOKENS),
                system=SUMMARIZER_SYSTEM,
                messages=self.build_messages(request),  # type: ignore[arg-type]
            )
        except anthropic.AnthropicError as exc:
            raise map_api_error(exc) from exc
        except TypeError as exc:
            # The SDK raises a bare TypeError when a client has no credential at all
            # (possible with an explicit ``client``); anything else is a programming error.
            if "authentication method" not in str(exc):
                raise
            raise PermanentSummarizerError(
                "No Anthropic API key: the client has no credential "
                "(set ANTHROPIC_API_KEY or pass api_key= to the client)."
            ) from exc

        request_id = getattr(response, "_request_id", None) or ""
        stop_reason = getattr(response, "stop_reason", None)
        text = "".join(
            block.text for block in response.content if getattr(block, "type", None) == "text"
        ).strip()
        logger.debug(
            "Anthropic summary: model=%s request_id=%s stop_reason=%s chars=%d",
            response.model,
            request_id,
            stop_reason,
            len(text),
        )
        if stop_reason == "refusal":
            # The model declined the content itself; the same input will be declined again.
            raise PermanentSummarizerError(
                "Anthropic model refused to summarize the conversation (stop_reason=refusal)",
                request_id=request_id or None,
                details={"stop_reason": stop_reason},
            )
        if not text:
            # An empty answer is not a verdict on the input: treat it as transient garbage.
            raise RetryableSummarizerError(
                f"Anthropic API returned no summary text (stop_reason={stop_reason})",
                request_id=request_id or None,
                details={"stop_reason": stop_reason},
            )
        usage = response.usage
        return SummaryResult(
            text=text,
            model=response.model,
            input_tokens=int(getattr(usage, "input_tokens", 0) or 0),
            output_tokens=int(getattr(usage, "output_tokens", 0) or 0),
            request_id=request_id,
            extra={"stop_reason": stop_reason, "message_id": response.id},
        )


def map_api_error(exc: anthropic.AnthropicError) -> SummarizerError:
    """Translate an SDK exception into a Retryable/Permanent summarizer error.

    Timeouts, connection failures, 408/409/429 and every 5xx (529 overloaded
    included) may pass: retryable. Other 4xx describe the request or the account,
    which a retry does not change: permanent.
    """
    # APITimeoutError is a subclass of APIConnectionError: test it first.
    if isinstance(exc, anthropic.APITimeoutError):
        return RetryableSummarizerError(f"Anthropic API request timed out: {exc.message}")
    if isinstance(exc, anthropic.APIConnectionError):
        return RetryableSummarizerError(f"Could not reach the Anthropic API: {exc.message}")
    if isinstance(exc, anthropic.APIStatusError):
        status = exc.status_code
        request_id = exc.request_id or exc.response.headers.get("request-id")
        detail = exc.api_message or exc.message
        label = _STATUS_LABELS.get(status) or (
            "server error" if status >= 500 else "rejected the request"
        )
        message = f"Anthropic API {label} ({status}): {detail}"
        details = {"error_type": exc.type}
        retry_after = exc.response.headers.get("retry-after")
        if retry_after is not None:
            details["retry_after"] = retry_after
        retryable = (
            status >= 500
            or status in RETRYABLE_4XX
            or isinstance(exc, anthropic.InternalServerError)
        )
        cls = RetryableSummarizerError if retryable else PermanentSummarizerError
        return cls(message, status=status, request_id=request_id, details=details)
    if isinstance(exc, anthropic.APIResponseValidationError):
        # A 2xx the SDK could not parse: garbage in transit, worth another try.
        return RetryableSummarizerError(
            f"Anthropic API returned an unexpected response: {exc.message}",
            status=exc.status_code,
            request_id=exc.response.headers.get("request-id"),
        )
    # Anything else (credentials, client configuration) will not fix itself.
    return PermanentSummarizerError(f"Anthropic client error: {exc}")
