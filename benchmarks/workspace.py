"""The bench's own sessions: creating, loading, checkpointing and checking them."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection
from django.db.models import Sum

from benchmarks.config import BenchConfig
from benchmarks.data import synthetic_messages
from benchmarks.measure import BenchError
from benchmarks.summarizers import InstantSummarizer
from compaction.conf import app_settings
from compaction.engine.context import summary_tokens
from compaction.engine.tokens import message_tokens, text_tokens
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.services import compaction_run_execute, message_append, session_create


class BenchWorkspace:
    """What every scenario builds on: the run's configuration, its user and test client.

    ``user`` and ``client`` are set for the duration of a run by ``runner.Bench``; every
    session created here belongs to that user, so the run can delete them all at the end.
    """

    def __init__(self, config: BenchConfig, *, log: Callable[[str], None] | None = None) -> None:
        self.config = config
        self.log = log or (lambda message: None)
        self.user: Any = None
        self.client: Any = None

    def new_session(self, *, system_prompt: str = "", config: dict | None = None) -> Any:
        return session_create(
            owner=self.user,
            external_id=f"bench-{uuid.uuid4().hex}",
            agent_id="compaction-bench",
            system_prompt=system_prompt,
            config=config,
        )

    def load(self, session: Any, messages: Sequence[dict[str, Any]]) -> None:
        """Bulk-load history through the service, in batches of MAX_BATCH.

        ``auto_compact=False`` as in an import: nothing is compacted while loading, and the
        rows and counters are exactly what the service writes for any append.
        """
        batch = app_settings.MAX_BATCH
        for offset in range(0, len(messages), batch):
            message_append(
                session_id=session.pk,
                messages=list(messages[offset : offset + batch]),
                auto_compact=False,
            )

    def load_synthetic(self, session: Any, count: int, *, tool_chars: int) -> None:
        batch = app_settings.MAX_BATCH
        for offset in range(0, count, batch):
            self.load(
                session,
                synthetic_messages(offset, min(batch, count - offset), tool_chars=tool_chars),
            )

    def recent_window(self, *, tool_chars: int) -> int:
        """How many synthetic messages the default KEEP_RECENT_TOKENS keeps (a multiple of 4)."""
        keep = app_settings.KEEP_RECENT_TOKENS
        cycle = sum(
            message_tokens(m["content"], image_tokens=app_settings.IMAGE_TOKENS)
            for m in synthetic_messages(0, 4, tool_chars=tool_chars)
        )
        return 4 * math.ceil(keep / cycle)

    def checkpoint(self, session: Any) -> Any:
        """Compact everything but the recent window with the instant summarizer."""
        return compaction_run_execute(
            session_id=session.pk,
            trigger=CompactionRun.Trigger.COMMAND,
            force=True,
            summarizer=InstantSummarizer(settings=app_settings.for_session(session)),
        )

    def row_versions(self, session_id: Any) -> dict[int, str]:
        """Each message's physical row version (ctid): an UPDATE moves it. PostgreSQL only."""
        if connection.vendor != "postgresql":
            return {}
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT seq, ctid::text FROM compaction_message WHERE session_id = %s",
                [session_id],
            )
            return dict(cursor.fetchall())

    def message_heap_bytes(self) -> int:
        """The message table's heap on disk (PostgreSQL), 0 elsewhere."""
        if connection.vendor != "postgresql":
            return 0
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_relation_size('compaction_message')")
            return int(cursor.fetchone()[0])

    def verify_counters(self, session_id: Any) -> dict[str, Any]:
        """Check the session's counters against its rows; raise BenchError if they disagree."""
        session = ChatSession.objects.get(pk=session_id)
        rows = Message.objects.filter(session=session)
        active = rows.filter(seq__gt=session.archived_seq)
        checkpoint = Checkpoint.objects.filter(session=session).order_by("-version").first()
        active_tokens = active.aggregate(total=Sum("token_estimate"))["total"] or 0
        expected_tokens = text_tokens(session.system_prompt) + active_tokens
        if checkpoint is not None:
            expected_tokens += summary_tokens(
                summary=checkpoint.summary,
                version=checkpoint.version,
                carried=checkpoint.carried,
                image_tokens=app_settings.for_session(session).IMAGE_TOKENS,
                preserved=checkpoint.preserved,
                artifacts=checkpoint.artifacts_text,
            )
        found = {
            "message_count": rows.count(),
            "active_message_count": active.count(),
            "estimated_tokens": expected_tokens,
            "checkpoint_version": checkpoint.version if checkpoint else 0,
        }
        stored = {key: getattr(session, key) for key in found}
        if found != stored:
            raise BenchError(f"counters of session {session_id} disagree: {stored} vs {found}")
        return {**stored, "checkpoint_last_seq": checkpoint.last_seq if checkpoint else 0}
