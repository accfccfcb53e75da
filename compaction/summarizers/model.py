"""A summarizer on any provider: one prompt, one call, one parser, one retry policy.

The checkpoint prompt (``engine.prompts``) and the item protocol's parser (``engine.items``,
applied by the compaction service) are the same for every provider; only the provider
(``compaction.providers``) differs. Retries happen in two layers: the SDK retries transient
failures itself (``API_MAX_RETRIES``, honouring ``retry-after``); what still fails is a
``RetryableSummarizerError`` when trying again later may help and a
``PermanentSummarizerError`` when it cannot (``providers.RETRYABLE`` decides). Inside a
Celery worker, set ``API_MAX_RETRIES`` to 0 and let the task's own retry do the waiting.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

from compaction.conf import ResolvedSettings
from compaction.engine.prompts import (
    SUMMARIZER_SYSTEM,
    PromptParts,
    merge_prompt_parts,
    prompt_parts,
)
from compaction.exceptions import (
    PermanentSummarizerError,
    RetryableSummarizerError,
    SummarizerError,
)
from compaction.providers.base import Completion, Failure, Provider, ProviderError
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult

__all__ = ["ModelSummarizer", "summarizer_error"]

#: Stop reasons that say the output budget ran out (Messages, Chat Completions, Responses).
OUT_OF_TOKENS = frozenset({"max_tokens", "length", "max_output_tokens"})

logger = logging.getLogger(__name__)


def summarizer_error(failure: Failure) -> SummarizerError:
    """A provider's failure as the error the compaction service retries or falls back on."""
    cls = RetryableSummarizerError if failure.retryable else PermanentSummarizerError
    return cls(
        failure.message,
        status=failure.status,
        request_id=failure.request_id,
        details={"kind": str(failure.kind), **failure.details},
    )


def summary_model(settings: ResolvedSettings) -> str | None:
    """``SUMMARIZER_MODEL``, or ``MODEL`` (its old name); None: the provider's default."""
    return settings.SUMMARIZER_MODEL or settings.MODEL or None


class ModelSummarizer(Summarizer):
    """Summarizes with ``provider_class``'s API (``SUMMARIZER_MODEL``, or its default model).

    Pass ``client`` to reuse a configured SDK client (tests, a custom HTTP client, proxies);
    it is used as is. Without one, a client is built on first use with ``API_TIMEOUT``,
    ``API_MAX_RETRIES`` and ``SUMMARIZER_BASE_URL``.
    """

    provider_class: ClassVar[type[Provider]]

    def __init__(self, *, settings: ResolvedSettings, client: Any = None) -> None:
        super().__init__(settings=settings)
        self.provider = self.provider_class(
            model=summary_model(settings),
            timeout=float(settings.API_TIMEOUT),
            max_retries=int(settings.API_MAX_RETRIES),
            base_url=settings.SUMMARIZER_BASE_URL,
            api_key=settings.SUMMARIZER_API_KEY,
            client=client,
        )

    @property
    def model(self) -> str:
        return self.provider.model

    @property
    def client(self) -> Any:
        """The provider's SDK client, built on first use."""
        try:
            return self.provider.client
        except ProviderError as exc:
            raise summarizer_error(exc.failure) from exc.__cause__ or exc

    def prompt_parts(self, request: SummaryRequest) -> PromptParts:
        """The checkpoint prompt (a new summary, an update, or a merge of partial
        summaries), stable parts first: the instructions, then the previous summary."""
        if request.partials:
            parts = merge_prompt_parts(
                partials=request.partials,
                previous_summary=request.previous_summary,
                max_chars=request.max_chars,
                next_item_id=request.next_item_id,
                feedback=request.feedback,
            )
        else:
            parts = prompt_parts(
                transcript=request.transcript,
                previous_summary=request.previous_summary,
                max_chars=request.max_chars,
                next_item_id=request.next_item_id,
                feedback=request.feedback,
            )
        if request.extra_instructions:
            parts = parts.with_rest(
                f"Additional instructions:\n{request.extra_instructions.strip()}"
            )
        return parts

    def prompt(self, request: SummaryRequest) -> str:
        """The checkpoint prompt as one text."""
        return self.prompt_parts(request).text

    def build_messages(self, request: SummaryRequest) -> list[dict[str, Any]]:
        """The conversation sent: one user turn holding the checkpoint prompt."""
        return [{"role": "user", "content": self.prompt(request)}]

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        parts = self.prompt_parts(request)
        try:
            completion = self.provider.complete(
                system=SUMMARIZER_SYSTEM,
                # In parts, the provider caches the stable prefix (PROMPT_CACHE): the next
                # compaction reads the instructions, a retry the previous summary too.
                prompt=(*parts.stable, parts.rest) if self.settings.PROMPT_CACHE else parts.text,
                max_tokens=int(self.settings.MAX_TOKENS),
                cache_key=request.cache_key or None,
            )
        except ProviderError as exc:
            raise summarizer_error(exc.failure) from exc.__cause__ or exc
        return self.result(completion)

    def result(self, completion: Completion) -> SummaryResult:
        """The completion as a summary, or the error its answer calls for."""
        label = self.provider.label
        request_id = completion.request_id or None
        logger.debug(
            "%s summary: model=%s request_id=%s stop_reason=%s chars=%d",
            label,
            completion.model,
            completion.request_id,
            completion.stop_reason,
            len(completion.text),
        )
        details = {"stop_reason": completion.stop_reason}
        if completion.refused:
            # The model declined the content itself; the same input will be declined again.
            raise PermanentSummarizerError(
                f"{label} model refused to summarize the conversation "
                f"(stop_reason={completion.stop_reason})",
                request_id=request_id,
                details=details,
            )
        if not completion.text and completion.stop_reason in OUT_OF_TOKENS:
            # The whole output budget went before any answer (a reasoning model counts its
            # reasoning in it): the same call would end the same way.
            raise PermanentSummarizerError(
                f"{label} model used all of MAX_TOKENS ({self.settings.MAX_TOKENS}) without "
                "writing a summary (a reasoning model counts its reasoning there): raise "
                "COMPACTION['MAX_TOKENS'] or choose a model that reasons less.",
                request_id=request_id,
                details=details,
            )
        if not completion.text:
            # An empty answer is not a verdict on the input: treat it as transient garbage.
            raise RetryableSummarizerError(
                f"{label} API returned no summary text (stop_reason={completion.stop_reason})",
                request_id=request_id,
                details=details,
            )
        usage = completion.usage
        return SummaryResult(
            text=completion.text,
            model=completion.model,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cache_read_input_tokens=usage.cache_read_input_tokens,
            cache_creation_input_tokens=usage.cache_creation_input_tokens,
            request_id=completion.request_id,
            extra={
                "stop_reason": completion.stop_reason,
                "message_id": completion.response_id,
                "provider": self.provider.name,
                "cache_read_input_tokens": usage.cache_read_input_tokens,
                "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            },
        )
