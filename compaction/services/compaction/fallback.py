"""The fallback when the summarizer keeps failing: the previous summary and a note."""

from __future__ import annotations

from compaction.conf import app_settings
from compaction.drift.audit import audit
from compaction.engine.cutpoint import carried_messages
from compaction.engine.items import assign_ids
from compaction.exceptions import SummarizerError
from compaction.models import CompactionRun, Message
from compaction.selectors.artifacts import artifacts_stored
from compaction.services.compaction.runs import base_checkpoint
from compaction.services.compaction.summarizing import (
    SummaryOutcome,
    artifacts_of_range,
    preserved_text,
)


def fallback_outcome(*, run: CompactionRun, error: SummarizerError) -> SummaryOutcome:
    """The previous summary plus a note of what was archived unsummarized, and why."""
    previous = base_checkpoint(run)
    messages = list(
        Message.objects.filter(
            session_id=run.session_id, seq__gte=run.first_seq, seq__lte=run.cut_seq
        )
        .order_by("seq")
        .values("seq", "role", "format", "content", "pinned")
    )
    settings = app_settings.for_session(run.session)
    note = (
        f"[Compaction fallback: messages #{run.first_seq}-#{run.cut_seq} ({run.messages_compacted} "
        f"messages, ~{run.compacted_tokens} tokens) were archived without a new summary because "
        f"the summarizer failed: {error.message} The originals remain in the archive.]"
    )
    # The note is an item of the last section, numbered like any other.
    text, item_id_max = assign_ids(
        f"{previous.summary}\n- {note}" if previous else f"## Critical Context\n- {note}",
        after=previous.item_id_max if previous else 0,
    )
    ledger = artifacts_of_range(run=run, messages=messages, previous=previous)
    artifacts, artifacts_text = artifacts_stored(ledger, max_tokens=settings.ARTIFACTS_MAX_TOKENS)
    return SummaryOutcome(
        summary=text,
        summarizer=run.summarizer,
        model="",
        validation={"ok": False, "fallback": True, "errors": [error.message]},
        fallback=True,
        request_id=error.request_id or "",
        carried=carried_messages(
            messages,
            previous.carried if previous else None,
            protect_first=settings.PROTECT_FIRST_MESSAGE,
        ),
        error=error.message,
        # The summary could not be written; the exact text of the range still can.
        preserved=preserved_text(messages, previous, settings),
        artifacts=artifacts,
        artifacts_text=artifacts_text,
        item_id_max=item_id_max,
        audit=(
            audit(previous.summary, text).summary().as_record(against=previous.version)
            if previous is not None
            else {}
        ),
    )
