"""The domain exception hierarchy.

Each class carries the HTTP status and a stable ``code`` so that one DRF
exception handler can map every domain failure to ``{"error": {...}}``.
"""

from __future__ import annotations

from typing import Any


class CompactionError(Exception):
    """Base of every error django-compaction raises on purpose."""

    status_code = 500
    code = "compaction_error"

    def __init__(self, message: str, *, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details if details is not None else {}


class InvalidInput(CompactionError):
    """Input that can never be accepted as sent (bad role, malformed block, ...)."""

    status_code = 400
    code = "invalid"


class InvalidConversation(InvalidInput):
    """Messages that would break the Messages API's tool_use/tool_result pairing."""

    code = "invalid_conversation"


class InvalidSettings(InvalidInput):
    """A session ``config`` with unknown keys or bad values."""

    code = "invalid_config"


class IdempotencyKeyReused(CompactionError):
    """The same Idempotency-Key was sent before with a different request body."""

    status_code = 422
    code = "idempotency_key_reused"


class FormatNotMappable(CompactionError):
    """The session holds messages that the asked payload format cannot carry losslessly
    (``details["items"]`` names their types)."""

    status_code = 422
    code = "format_not_mappable"


class SessionNotFound(CompactionError):
    status_code = 404
    code = "not_found"


class SessionBusy(CompactionError):
    """The session row stayed locked by another transaction past LOCK_TIMEOUT_MS."""

    status_code = 503
    code = "session_busy"


class CompactionInProgress(CompactionError):
    """Another run holds the session's compaction lease; ``run`` is that run."""

    status_code = 409
    code = "compaction_in_progress"

    def __init__(self, message: str, *, run: Any) -> None:
        super().__init__(message, details={"run_id": str(run.pk)})
        self.run = run


class MemoryFlushAlreadyRecorded(CompactionError):
    """A memory flush was already recorded in this cycle (since the latest checkpoint)."""

    status_code = 409
    code = "memory_flush_recorded"


class MemoryFlushStale(CompactionError):
    """The flush turn was built for a cycle that has ended: a checkpoint was written since."""

    status_code = 409
    code = "memory_flush_stale"


class SummarizerError(CompactionError):
    """A summarizer call failed. ``retryable`` tells whether trying again may help."""

    status_code = 502
    code = "summarizer_error"
    retryable = False

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        request_id: str | None = None,
        details: Any = None,
    ) -> None:
        super().__init__(message, details=details)
        self.status = status
        self.request_id = request_id


class RetryableSummarizerError(SummarizerError):
    """429, 529 overloaded, other 5xx, timeouts and connection failures."""

    retryable = True


class PermanentSummarizerError(SummarizerError):
    """400, 401, 403 and other answers that will not change on retry."""

    retryable = False


class InvalidSummary(RetryableSummarizerError):
    """The summarizer answered, but the summary failed validation (too short, a skeleton)."""

    code = "invalid_summary"


class ProtocolViolation(PermanentSummarizerError):
    """The summary broke the item protocol (a malformed Changes line, an unknown or reused
    id) again after it was sent back once with its violations: the fallback chain follows."""

    code = "protocol_violation"


class NoJudge(CompactionError):
    """A drift judgement was asked for, but ``DRIFT_JUDGE`` names no judge."""

    status_code = 409
    code = "no_judge"


class QueueUnavailable(CompactionError):
    """Background compaction was asked for, but no worker queue can take the task.

    Raised instead of recording a ``pending`` run that no worker would ever pick up.
    """

    status_code = 503
    code = "queue_unavailable"


class MissingDependency(CompactionError, ImportError):
    """A feature needs an optional package that is not installed; the message names the
    extra to install (``pip install "django-compaction[<extra>]"``)."""

    code = "missing_dependency"
