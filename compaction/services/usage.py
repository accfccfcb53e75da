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
    "usage_by_model",
)
#: The parts of one model's entry in ``ChatSession.usage_by_model``.
MODEL_USAGE_PARTS = ("input", "output", "cache_read", "cache_write", "cache_write_1h")
#: Models a session keeps apart; calls of any further model are counted under ``OTHER``
#: (priced as unknown), so that the row stays small whatever the host sends.
MAX_MODELS_PER_SESSION = 20
OTHER_MODELS = "(other models)"
MAX_MODEL_CHARS = 255


def checked_model(value: Any, *, field: str = "model") -> str:
    """The model a call used, as recorded: "" when not given."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_MODEL_CHARS or "\x00" in value:
        raise InvalidInput(
            f"{field} must be a string of at most {MAX_MODEL_CHARS} characters.",
            details={field: f"must be a string of at most {MAX_MODEL_CHARS} characters"},
        )
    return value.strip()


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
    #: Of the cache writes, those to 1-hour entries (billed 2x, the rest 1.25x).
    cache_creation_1h_input_tokens: int = 0
    #: The model called ("" when the host did not say): the bill prices it.
    model: str = ""

    @classmethod
    def checked(
        cls,
        *,
        input_tokens: Any,
        output_tokens: Any = 0,
        cache_creation_input_tokens: Any = 0,
        cache_read_input_tokens: Any = 0,
        estimated_tokens: Any = None,
        cache_creation_1h_input_tokens: Any = 0,
        model: Any = None,
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
        written = _count(cache_creation_input_tokens, "cache_creation_input_tokens", prefix=prefix)
        written_1h = _count(
            cache_creation_1h_input_tokens, "cache_creation_1h_input_tokens", prefix=prefix
        )
        if written_1h > written:
            raise InvalidInput(
                f"{prefix}cache_creation_1h_input_tokens cannot exceed "
                "cache_creation_input_tokens.",
                details={
                    f"{prefix}cache_creation_1h_input_tokens": "cannot exceed "
                    "cache_creation_input_tokens"
                },
            )
        return cls(
            input_tokens=_count(input_tokens, "input_tokens", prefix=prefix),
            output_tokens=_count(output_tokens, "output_tokens", prefix=prefix),
            cache_creation_input_tokens=written,
            cache_read_input_tokens=_count(
                cache_read_input_tokens, "cache_read_input_tokens", prefix=prefix
            ),
            estimated_tokens=estimated_tokens,
            cache_creation_1h_input_tokens=written_1h,
            model=checked_model(model, field=f"{prefix}model" if prefix else "model"),
        )

    @classmethod
    def read(
        cls,
        usage: Any,
        *,
        estimated_tokens: Any = None,
        model: Any = None,
        prefix: str = "usage.",
    ) -> Usage:
        """From an SDK's usage object or its ``model_dump()``: Anthropic (``input_tokens``,
        cache fields, the 1-hour writes in ``cache_creation.ephemeral_1h_input_tokens``),
        OpenAI Chat Completions (``prompt_tokens``, of which
        ``prompt_tokens_details.cached_tokens`` were read from the cache) or OpenAI Responses
        (``input_tokens`` with ``input_tokens_details``: the cached part is inside it).
        ``model`` is the model called (a usage object does not name it)."""
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
                model=model,
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
                model=model,
                prefix=prefix,
            )
        creation = _field(usage, "cache_creation")
        return cls.checked(
            input_tokens=_field(usage, "input_tokens"),
            output_tokens=_field(usage, "output_tokens"),
            cache_creation_input_tokens=_field(usage, "cache_creation_input_tokens"),
            cache_read_input_tokens=_field(usage, "cache_read_input_tokens"),
            estimated_tokens=estimated_tokens,
            cache_creation_1h_input_tokens=(
                _field(creation, "ephemeral_1h_input_tokens") if creation is not None else 0
            ),
            model=model,
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
        session.usage_by_model = self.added_to(session.usage_by_model)

    @property
    def model_usage(self) -> dict[str, int]:
        """This call's entry for ``ChatSession.usage_by_model``."""
        return {
            "input": self.input_tokens,
            "output": self.output_tokens,
            "cache_read": self.cache_read_input_tokens,
            "cache_write": self.cache_creation_input_tokens,
            "cache_write_1h": self.cache_creation_1h_input_tokens,
        }

    def model_key(self, by_model: Mapping[str, Any]) -> str:
        """Where this call is counted in ``by_model``: its model, or ``OTHER_MODELS`` once a
        session has ``MAX_MODELS_PER_SESSION`` of them."""
        if self.model in by_model or len(by_model) < MAX_MODELS_PER_SESSION:
            return self.model
        return OTHER_MODELS

    def added_to(self, by_model: Mapping[str, Any] | None) -> dict[str, Any]:
        """A new ``usage_by_model`` with this call added (the given one is not changed: an
        unlocked append diffs the two)."""
        result = {key: dict(value) for key, value in (by_model or {}).items()}
        key = self.model_key(result)
        entry = result.setdefault(key, dict.fromkeys(MODEL_USAGE_PARTS, 0))
        for part, amount in self.model_usage.items():
            entry[part] = int(entry.get(part, 0)) + amount
        return result
