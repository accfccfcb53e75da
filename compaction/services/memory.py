"""Memory flushes: the host's flush turn reported, or the ``MEMORY_FLUSH`` callable run.

One flush per cycle (the time between two checkpoints), whichever way it happens: the
session's ``memory_flush_version`` is the cycle last flushed, and a ``MemoryFlush`` row
records each one for audit (unique per session and cycle).
"""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from compaction.conf import app_settings
from compaction.content import json_problem
from compaction.exceptions import InvalidInput, MemoryFlushAlreadyRecorded, MemoryFlushStale
from compaction.models import ChatSession, CompactionRun, MemoryFlush
from compaction.services.locking import lock_session
from compaction.services.usage import checked_model

logger = logging.getLogger(__name__)

#: Outcomes a host may report for its flush turn (``failed`` is the callable's alone).
TURN_OUTCOMES = ("silent", "saved", "spoke")


def _tokens(value: Any, field: str) -> int:
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInput(
            f"{field} must be a non-negative integer.",
            details={field: "must be a non-negative integer"},
        )
    return value


def memory_flush_record(
    *,
    session_id: UUID | str,
    outcome: str,
    response_text: str = "",
    input_tokens: int | None = None,
    output_tokens: int | None = None,
    cache_creation_input_tokens: int | None = None,
    cache_read_input_tokens: int | None = None,
    cycle: int | None = None,
    cache_creation_1h_input_tokens: int | None = None,
    model: str | None = None,
) -> MemoryFlush:
    """Record the flush turn the host ran and close the cycle.

    ``outcome``: ``silent`` (the agent answered ``SILENT``, saving nothing), ``saved`` (it
    called its memory tool, then answered ``SILENT``) or ``spoke`` (it answered with text,
    which the host must not show). The turn's usage (as the Messages API reports it:
    ``input_tokens`` uncached, the cache counts apart) joins the session's totals; it does
    not calibrate the estimator (the flush payload is not the next turn's), and is kept on
    the flush's row with ``model`` and the 1-hour cache writes
    (``cache_creation_1h_input_tokens``), so that the flush turns are billed apart.

    ``cycle`` is the ``checkpoint_version`` of the flush payload: when a checkpoint was
    written since, the flush belonged to a cycle that is over and ``MemoryFlushStale`` (409)
    is raised, leaving the new cycle open. Raises ``MemoryFlushAlreadyRecorded`` (409) when
    this cycle already had its flush.
    """
    if outcome not in TURN_OUTCOMES:
        raise InvalidInput(
            f"outcome must be one of {', '.join(TURN_OUTCOMES)}.",
            details={"outcome": f"must be one of {', '.join(TURN_OUTCOMES)}"},
        )
    if not isinstance(response_text, str):
        raise InvalidInput(
            "response_text must be a string.", details={"response_text": "must be a string"}
        )
    problem = json_problem(response_text, "response_text")
    if problem is not None:
        raise InvalidInput(f"response_text {problem[1]}.", details={problem[0]: problem[1]})
    if len(response_text) > app_settings.MAX_MESSAGE_CHARS:
        raise InvalidInput(
            "response_text is too long.",
            details={"response_text": f"at most {app_settings.MAX_MESSAGE_CHARS} characters"},
        )
    counts = {
        name: _tokens(value, name)
        for name, value in (
            ("input_tokens", input_tokens),
            ("output_tokens", output_tokens),
            ("cache_creation_input_tokens", cache_creation_input_tokens),
            ("cache_read_input_tokens", cache_read_input_tokens),
            ("cache_creation_1h_input_tokens", cache_creation_1h_input_tokens),
        )
    }
    if counts["cache_creation_1h_input_tokens"] > counts["cache_creation_input_tokens"]:
        raise InvalidInput(
            "cache_creation_1h_input_tokens cannot exceed cache_creation_input_tokens.",
            details={"cache_creation_1h_input_tokens": "cannot exceed cache_creation_input_tokens"},
        )
    model = checked_model(model)
    if cycle is not None:
        _tokens(cycle, "cycle")
    with transaction.atomic():
        session = lock_session(session_id)
        if cycle is not None and cycle != session.checkpoint_version:
            raise MemoryFlushStale(
                f"The flush turn was built on checkpoint v{cycle}; the session is at "
                f"v{session.checkpoint_version}, whose cycle is still open.",
                details={"cycle": cycle, "checkpoint_version": session.checkpoint_version},
            )
        cycle = session.checkpoint_version
        if session.memory_flush_version == cycle:
            earlier = MemoryFlush.objects.filter(session=session, cycle=cycle).first()
            raise MemoryFlushAlreadyRecorded(
                f"A memory flush was already recorded since checkpoint v{cycle}; the next "
                "checkpoint opens the next cycle.",
                details={
                    "cycle": cycle,
                    "outcome": earlier.outcome if earlier else None,
                    "source": earlier.source if earlier else None,
                },
            )
        flush = MemoryFlush.objects.create(
            session=session,
            cycle=cycle,
            source=MemoryFlush.Source.TURN,
            outcome=outcome,
            response_text=response_text,
            input_tokens=counts["input_tokens"]
            + counts["cache_creation_input_tokens"]
            + counts["cache_read_input_tokens"],
            output_tokens=counts["output_tokens"],
            cache_read_tokens=counts["cache_read_input_tokens"],
            cache_write_tokens=counts["cache_creation_input_tokens"],
            cache_write_1h_tokens=counts["cache_creation_1h_input_tokens"],
            model=model,
        )
        ChatSession.objects.filter(pk=session.pk).update(
            memory_flush_version=cycle,
            # The flush turn was a model call on the conversation's prefix: like an answer's
            # append, it marks when the prompt cache was last used (``AppendResult.idle_since``).
            updated_at=timezone.now(),
            total_input_tokens=session.total_input_tokens + counts["input_tokens"],
            total_output_tokens=session.total_output_tokens + counts["output_tokens"],
            total_cache_creation_tokens=session.total_cache_creation_tokens
            + counts["cache_creation_input_tokens"],
            total_cache_read_tokens=session.total_cache_read_tokens
            + counts["cache_read_input_tokens"],
        )
    return flush


def memory_flush_once(*, session: ChatSession, run: CompactionRun | None) -> bool:
    """Call the host's ``MEMORY_FLUSH`` callable at most once per cycle; True when it ran.

    Call it with no transaction open: the callable may take as long as an LLM call. The
    conditional UPDATE is the guard: of any number of concurrent callers for one cycle,
    exactly one sees a row updated and calls the host; a flush turn recorded this cycle
    counts too.
    """
    flush = app_settings.import_callable("MEMORY_FLUSH")
    if flush is None:
        return False
    cycle = run.base_version if run is not None else session.checkpoint_version
    updated = (
        ChatSession.objects.filter(pk=session.pk, checkpoint_version=cycle)
        .exclude(memory_flush_version=cycle)
        .update(memory_flush_version=cycle)
    )
    if not updated:
        return False
    outcome = MemoryFlush.Outcome.SAVED
    try:
        flush(session=session, run=run)
    except Exception:
        # The host's memory store failing must not stop compaction of an overflowing session.
        logger.exception("MEMORY_FLUSH failed for session %s", session.pk)
        outcome = MemoryFlush.Outcome.FAILED
    MemoryFlush.objects.create(
        session_id=session.pk,
        cycle=cycle,
        source=MemoryFlush.Source.CALLABLE,
        outcome=outcome,
        run=run,
    )
    return True
