"""A model call's reported usage: read from either SDK, checked, applied to a locked session.

One rule for both ways a host reports usage: ``session_usage_record`` on its own, or the
``usage`` of ``message_append`` with the answer it belongs to (no statement of its own).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compaction.conf import app_settings
from compaction.engine.tokens import calibrate
from compaction.exceptions import InvalidInput
from compaction.models import ChatSession

#: The session fields ``Usage.apply`` changes, for ``update_fields`` / ``UPDATE``.
USAGE_FIELDS = (
    "calibration_ratio",
    "total_input_tokens",
    "total_output_tokens",
    "total_cache_creation_tokens",
    "total_cache_read_tokens",
)


def _field(value: Any, name: str) -> Any:
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)


def _count(value: Any, name: str, *, prefix: str) -> int:
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInput(
            f"{prefix}{name} must be a non-negative integer.",
            details={f"{prefix}{name}": "must be a non-negative integer"},
        )
    return value


@dataclass(frozen=True)
class Usage:
    """Input tokens as the Messages API counts them: ``input_tokens`` is the uncached part."""

    input_tokens: int
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    #: The calibrated estimate the host got for the payload it sent (``estimated_tokens``
    #: of the context); None: compare with the session's current estimate.
    estimated_tokens: int | None = None

    @classmethod
    def checked(
        cls,
        *,
        input_tokens: Any,
        output_tokens: Any = 0,
        cache_creation_input_tokens: Any = 0,
        cache_read_input_tokens: Any = 0,
        estimated_tokens: Any = None,
        prefix: str = "",
    ) -> Usage:
        """Raise ``InvalidInput`` naming the field (``prefix`` first) when one is not a count."""
        if input_tokens is None:
            raise InvalidInput(
                f"{prefix}input_tokens is required.",
                details={f"{prefix}input_tokens": "is required"},
            )
        if estimated_tokens is not None and (
            not isinstance(estimated_tokens, int)
            or isinstance(estimated_tokens, bool)
            or estimated_tokens <= 0
        ):
            raise InvalidInput(
                f"{prefix}estimated_tokens must be a positive integer.",
                details={f"{prefix}estimated_tokens": "must be a positive integer"},
            )
        return cls(
            input_tokens=_count(input_tokens, "input_tokens", prefix=prefix),
            output_tokens=_count(output_tokens, "output_tokens", prefix=prefix),
            cache_creation_input_tokens=_count(
                cache_creation_input_tokens, "cache_creation_input_tokens", prefix=prefix
            ),
            cache_read_input_tokens=_count(
                cache_read_input_tokens, "cache_read_input_tokens", prefix=prefix
            ),
            estimated_tokens=estimated_tokens,
        )

    @classmethod
    def read(cls, usage: Any, *, estimated_tokens: Any = None, prefix: str = "usage.") -> Usage:
        """From an SDK's usage object or its ``model_dump()``: Anthropic (``input_tokens``,
        cache fields), OpenAI Chat Completions (``prompt_tokens``, of which
        ``prompt_tokens_details.cached_tokens`` were read from the cache) or OpenAI Responses
        (``input_tokens`` with ``input_tokens_details``: the cached part is inside it)."""
        if not isinstance(usage, Mapping) and not hasattr(usage, "__dict__"):
            raise InvalidInput(
                f"{prefix.rstrip('.')} must be an object.",
                details={prefix.rstrip("."): "must be an object"},
            )
        details = _field(usage, "input_tokens_details")
        if _field(usage, "input_tokens") is not None and details is not None:
            # OpenAI Responses: ``input_tokens`` counts the cached and cache-written part too.
            total = _count(_field(usage, "input_tokens"), "input_tokens", prefix=prefix)
            cached = _count(
                _field(details, "cached_tokens") or 0,
                "input_tokens_details.cached_tokens",
                prefix=prefix,
            )
            written = _count(
                _field(details, "cache_write_tokens") or 0,
                "input_tokens_details.cache_write_tokens",
                prefix=prefix,
            )
            return cls.checked(
                input_tokens=max(0, total - cached - written),
                output_tokens=_field(usage, "output_tokens"),
                cache_creation_input_tokens=min(written, total),
                cache_read_input_tokens=min(cached, total),
                estimated_tokens=estimated_tokens,
                prefix=prefix,
            )
        if _field(usage, "input_tokens") is None and _field(usage, "prompt_tokens") is not None:
            prompt = _count(_field(usage, "prompt_tokens"), "prompt_tokens", prefix=prefix)
            details = _field(usage, "prompt_tokens_details")
            cached = _count(
                _field(details, "cached_tokens") if details is not None else 0,
                "prompt_tokens_details.cached_tokens",
                prefix=prefix,
            )
            return cls.checked(
                input_tokens=max(0, prompt - cached),
                output_tokens=_field(usage, "completion_tokens"),
                cache_read_input_tokens=min(cached, prompt),
                estimated_tokens=estimated_tokens,
                prefix=prefix,
            )
        return cls.checked(
            input_tokens=_field(usage, "input_tokens"),
            output_tokens=_field(usage, "output_tokens"),
            cache_creation_input_tokens=_field(usage, "cache_creation_input_tokens"),
            cache_read_input_tokens=_field(usage, "cache_read_input_tokens"),
            estimated_tokens=estimated_tokens,
            prefix=prefix,
        )

    @property
    def prompt_tokens(self) -> int:
        return self.input_tokens + self.cache_creation_input_tokens + self.cache_read_input_tokens

    def apply(self, session: ChatSession) -> None:
        """Add the totals and calibrate ``session`` (locked by the caller); saves nothing."""
        ratio = session.calibration_ratio
        # The host's estimate was already calibrated: undo that to compare raw estimates.
        raw = self.estimated_tokens / ratio if self.estimated_tokens else session.estimated_tokens
        session.calibration_ratio = calibrate(
            ratio,
            estimated=round(raw),
            actual=self.prompt_tokens,
            alpha=app_settings.CALIBRATION_ALPHA,
        )
        session.total_input_tokens += self.input_tokens
        session.total_output_tokens += self.output_tokens
        session.total_cache_creation_tokens += self.cache_creation_input_tokens
        session.total_cache_read_tokens += self.cache_read_input_tokens
