"""The provider's own summaries: the Messages API compacts, this app persists and audits.

``AnthropicCompactionSummarizer`` sends the range to compact as a conversation with the
``compaction`` request parameter (beta ``compact-2026-09-04``) and this app's checkpoint
format as ``instructions``. The API answers a signed ``compaction`` block; the checkpoint
keeps it, and every later payload sends it first, untouched, in place of the summary text.
The drift audit, the timeline and the originals view work on its readable ``content`` as
on any other summary.

Set ``COMPACTION["SUMMARIZER"] = "compaction.summarizers.anthropic_compaction.
AnthropicCompactionSummarizer"``. The range goes in one request (the API needs whole
turns), so a backlog larger than the model's window falls back (``FALLBACK``).
"""

from __future__ import annotations

import logging
from typing import Any

from compaction.content import ANTHROPIC, opens_with_compaction
from compaction.engine.context import CheckpointContext, build_context
from compaction.engine.prompts import compaction_instructions
from compaction.exceptions import PermanentSummarizerError, RetryableSummarizerError
from compaction.providers.anthropic import usage_of
from compaction.providers.base import ProviderError
from compaction.summarizers.anthropic import AnthropicSummarizer
from compaction.summarizers.base import SummaryRequest, SummaryResult
from compaction.summarizers.model import summarizer_error

__all__ = ["COMPACTION_BETA", "AnthropicCompactionSummarizer"]

logger = logging.getLogger(__name__)

COMPACTION_BETA = "compact-2026-09-04"


class AnthropicCompactionSummarizer(AnthropicSummarizer):
    """Asks the Messages API to compact, and keeps the signed block it answers."""

    name = "anthropic-compaction"
    chunked = False

    def build_request(self, request: SummaryRequest) -> dict[str, Any]:
        """The keyword arguments of ``client.beta.messages.create`` for ``request``."""
        messages = list(request.messages)
        previous = None
        # After a compaction the host appended, its block opens the range itself.
        if messages and opens_with_compaction(
            messages[0]["role"], messages[0]["content"], messages[0].get("format", ANTHROPIC)
        ):
            pass
        elif request.previous_block is not None or request.previous_summary:
            previous = CheckpointContext(
                summary=request.previous_summary or "",
                version=0,
                block=request.previous_block,
            )
        payload = build_context(
            system_prompt=request.system_prompt,
            checkpoint=previous,
            messages=messages,
            settings=self.settings,
            calibration_ratio=1.0,
            should_compact=False,
        )
        kwargs: dict[str, Any] = {
            "model": self.model,
            "max_tokens": int(self.settings.MAX_TOKENS),
            "messages": payload.messages,
            "compaction": {
                "type": "summarize",
                "instructions": compaction_instructions(
                    max_chars=request.max_chars,
                    extra=request.extra_instructions,
                ),
            },
            "betas": [COMPACTION_BETA],
        }
        if payload.system:
            kwargs["system"] = payload.system
        return kwargs

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        try:
            response = self.provider.call(beta=True, **self.build_request(request))
        except ProviderError as exc:
            raise summarizer_error(exc.failure) from exc.__cause__ or exc
        request_id = getattr(response, "_request_id", None) or ""
        block = next((b for b in response.content if b.type == "compaction"), None)
        if block is None or not block.content:
            # The API documents a null summary as a failed compaction it may not repeat.
            raise RetryableSummarizerError(
                f"the API's compaction produced no summary (stop_reason={response.stop_reason})",
                request_id=request_id or None,
            )
        if response.stop_reason == "refusal":
            raise PermanentSummarizerError(
                "Anthropic model refused to compact the conversation (stop_reason=refusal)",
                request_id=request_id or None,
            )
        usage = usage_of(response.usage)
        logger.debug("Server compaction: request_id=%s chars=%d", request_id, len(block.content))
        return SummaryResult(
            text=block.content,
            model=response.model,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cache_read_input_tokens=usage.cache_read_input_tokens,
            cache_creation_input_tokens=usage.cache_creation_input_tokens,
            request_id=request_id,
            extra={"stop_reason": response.stop_reason, "message_id": response.id},
            block=block.to_dict(),
        )
