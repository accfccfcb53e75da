"""Server-side compaction: the API compacted, the app archives and audits.

With the ``compact_20260112`` context-management edit (or a ``compaction`` request), the
Messages API summarizes the conversation itself and answers a signed ``compaction``
block that replaces everything before it; OpenAI's Responses API (``context_management``
with a ``compaction`` entry, or ``responses.compact``) answers an encrypted ``compaction``
item that does the same, with nothing readable in it. When a host appends an assistant message that
opens with such a block, the messages before it are archived here under a checkpoint of
kind ``native`` whose summary is the block's readable ``content``: the drift audit, the
originals view and the timeline then cover server-side compaction too, and the payload
starts with that message, untouched, with nothing before it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from compaction.conf import app_settings
from compaction.content.responses import UNREADABLE_SUMMARY
from compaction.engine.tokens import text_tokens
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.selectors.artifacts import artifacts_stored, artifacts_through
from compaction.services.locking import lock_session

logger = logging.getLogger(__name__)


def checkpoint_native_create(
    *, session: ChatSession, message: Message, block: dict[str, Any]
) -> Checkpoint | None:
    """Archive everything before ``message`` under a ``native`` checkpoint.

    Call inside the append's transaction, with the session row locked. Returns None when
    nothing precedes the message (a conversation that starts with a compaction block).
    Counters and the archive bound are updated on ``session`` and saved by the caller's
    UPDATE; ``message`` must carry its running total (``tokens_through``).
    """
    if message.seq == 1:
        return None
    previous = Checkpoint.objects.filter(session=session).order_by("-version").first()
    now = timezone.now()
    # Everything active before the message: known from the running totals, not by reading.
    first_seq = session.archived_seq + 1
    archived_count = message.seq - first_seq
    through = message.tokens_through - message.token_estimate
    compacted_tokens = through - session.archived_tokens
    version = session.checkpoint_version + 1
    tokens_before = session.estimated_tokens
    # The summary's tokens are the compaction message's own: nothing is added for it.
    tokens_after = max(
        0, tokens_before - compacted_tokens - (previous.summary_tokens if previous else 0)
    )
    readable = isinstance(block.get("content"), str) and bool(block["content"])
    # Anthropic's block carries its summary; OpenAI's compaction item is encrypted.
    summarizer = "anthropic-server" if readable else "openai-server"
    run = CompactionRun.objects.create(
        session=session,
        status=CompactionRun.Status.SUCCEEDED,
        trigger=CompactionRun.Trigger.APPEND,
        mode=CompactionRun.Mode.NATIVE,
        force=True,
        reason=f"the API compacted the conversation before message #{message.seq}",
        base_version=session.checkpoint_version,
        created_at=now,
        started_at=now,
        finished_at=now,
        tokens_before=tokens_before,
        tokens_after=tokens_after,
        first_seq=first_seq,
        cut_seq=message.seq - 1,
        messages_compacted=archived_count,
        messages_kept=session.active_message_count - archived_count,
        compacted_tokens=compacted_tokens,
        summarizer=summarizer,
    )
    checkpoint = Checkpoint.objects.create(
        session=session,
        version=version,
        summary=block["content"] if readable else UNREADABLE_SUMMARY,
        native_block=block,
        carried=[],  # the server's summary replaced everything before it
        previous=previous,
        last_seq=message.seq - 1,
        messages_compacted=archived_count,
        tokens_before=tokens_before,
        tokens_after=tokens_after,
        summary_tokens=0,
        summarizer=summarizer,
        kind=Checkpoint.Kind.NATIVE,
        # No ids of its own; those the chain gave are never given again.
        item_id_max=previous.item_id_max if previous is not None else 0,
        validation={"ok": True, "native": True},
        run=run,
        created_at=now,
    )
    session.archived_seq = message.seq - 1
    session.archived_tokens = through
    session.checkpoint_version = version
    session.compaction_count += 1
    session.active_message_count = max(0, session.active_message_count - archived_count)
    session.estimated_tokens = tokens_after
    # The artifact ledger reads the archived range: after the commit, not under this lock.
    checkpoint_id = checkpoint.pk
    transaction.on_commit(
        lambda: checkpoint_artifacts_fill(checkpoint_id=checkpoint_id), robust=True
    )
    return checkpoint


def checkpoint_artifacts_fill(*, checkpoint_id: int) -> Checkpoint | None:
    """Give a server compaction's checkpoint its artifact ledger, once.

    The ledger continues the previous checkpoint's over the messages the block replaced (a
    range no larger than the context window), read with no transaction open; the write is
    one short, fenced transaction. The section then rides on the system prompt (the block
    must open the conversation alone), and its tokens join the session's estimate while
    this checkpoint is the latest. Returns None when it already has one or is gone.
    """
    checkpoint = (
        Checkpoint.objects.filter(pk=checkpoint_id).select_related("previous", "session").first()
    )
    if (
        checkpoint is None
        or Checkpoint.objects.filter(pk=checkpoint_id, artifacts__has_key="format").exists()
    ):
        return None
    previous = checkpoint.previous
    first_seq = previous.last_seq + 1 if previous is not None else 1
    messages = Message.objects.filter(
        session_id=checkpoint.session_id, seq__gte=first_seq, seq__lte=checkpoint.last_seq
    ).order_by("seq")
    ledger = artifacts_through(
        session_id=checkpoint.session_id,
        base=previous,
        first_seq=first_seq,
        messages=messages.values("seq", "role", "format", "content").iterator(chunk_size=500),
    )
    settings = app_settings.for_session(checkpoint.session)
    artifacts, text = artifacts_stored(ledger, max_tokens=settings.ARTIFACTS_MAX_TOKENS)
    tokens = text_tokens(text) if text else 0
    with transaction.atomic():
        session = lock_session(checkpoint.session_id)
        filled = (
            Checkpoint.objects.filter(pk=checkpoint_id)
            .exclude(artifacts__has_key="format")
            .update(
                artifacts=artifacts,
                artifacts_text=text,
                summary_tokens=F("summary_tokens") + tokens,
                tokens_after=F("tokens_after") + tokens,
            )
        )
        if filled and tokens and session.checkpoint_version == checkpoint.version:
            ChatSession.objects.filter(pk=session.pk).update(
                estimated_tokens=F("estimated_tokens") + tokens
            )
    if not filled:
        return None
    checkpoint.refresh_from_db(fields=["artifacts", "artifacts_text", "summary_tokens"])
    logger.debug("Checkpoint %s: artifact ledger filled in", checkpoint_id)
    return checkpoint
