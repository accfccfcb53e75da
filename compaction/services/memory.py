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

from compaction.conf import app_settings
from compaction.content import json_problem
from compaction.exceptions import InvalidInput, MemoryFlushAlreadyRecorded
from compaction.models import ChatSession, CompactionRun, MemoryFlush
from compaction.services.locking import lock_session

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
) -> MemoryFlush:
    """Record the flush turn the host ran and close the cycle.

    ``outcome``: ``silent`` (the agent answered ``SILENT``, saving nothing), ``saved`` (it
    called its memory tool, then answered ``SILENT``) or ``spoke`` (it answered with text,
    which the host must not show). The turn's tokens count toward the session's usage
    totals; they do not calibrate the estimator (the flush payload is not the next turn's).
    Raises ``MemoryFlushAlreadyRecorded`` (409) when this cycle already had its flush.
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
    input_count = _tokens(input_tokens, "input_tokens")
    output_count = _tokens(output_tokens, "output_tokens")
    with transaction.atomic():
        session = lock_session(session_id)
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
            input_tokens=input_count,
            output_tokens=output_count,
        )
        ChatSession.objects.filter(pk=session.pk).update(
            memory_flush_version=cycle,
            total_input_tokens=session.total_input_tokens + input_count,
            total_output_tokens=session.total_output_tokens + output_count,
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
