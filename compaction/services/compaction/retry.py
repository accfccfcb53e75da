"""The one retry policy of compaction, for the in-process runner and the Celery task alike.

A summarizer error that may pass (429, 529, 5xx, timeouts, an invalid summary) is tried
again up to ``MAX_ATTEMPTS`` in all, after an exponential delay with jitter; anything else,
and a summarizer that crashed outright, goes straight to the fallback.
"""

from __future__ import annotations

import logging
import random

from compaction.exceptions import PermanentSummarizerError, SummarizerError

logger = logging.getLogger(__name__)

#: No wait between attempts grows beyond this, however many attempts are allowed.
RETRY_BACKOFF_CAP_SECONDS = 120.0


def retry_delay(retries: int, *, base: float) -> float:
    """Seconds to wait before retry number ``retries + 1``: base * 2**retries, capped,
    with jitter so that workers failing together do not retry together."""
    return min(RETRY_BACKOFF_CAP_SECONDS, base * 2**retries) * random.uniform(0.5, 1.0)


def as_summarizer_error(exc: Exception, *, run_id: object) -> SummarizerError:
    """``exc`` as the summarizer error it stands for.

    A summarizer that crashes (a bug, a broken plugin) must not leave the session leased
    until LEASE_SECONDS pass: that is a permanent failure.
    """
    if isinstance(exc, SummarizerError):
        return exc
    logger.error("Summarizer crashed during compaction %s", run_id, exc_info=exc)
    return PermanentSummarizerError(f"{type(exc).__name__}: {exc}")


def should_retry(error: SummarizerError, *, attempt: int, max_attempts: int) -> bool:
    """Whether attempt number ``attempt`` (1-based) earns another one."""
    return error.retryable and attempt < max_attempts
