"""A session's messages: the active window, or the whole archive."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from compaction.content import canonical_blocks, message_text
from compaction.engine.coverage import Original
from compaction.models import ChatSession, Message


def message_list(
    *, session: ChatSession, include_compacted: bool = False, after_seq: int | None = None
) -> QuerySet[Message]:
    """A session's messages by seq: the active ones, or the whole archive.

    Each row carries ``checkpoint_version``: the version that archived it (None: active).
    """
    qs = Message.objects.filter(session=session).with_checkpoint()
    if not include_compacted:
        qs = qs.filter(seq__gt=session.archived_seq)
    if after_seq is not None:
        qs = qs.filter(seq__gt=after_seq)
    return qs.order_by("seq")


def archived_originals(*, session: ChatSession, limit: int) -> tuple[list[Original], int]:
    """The newest ``limit`` archived messages as text, oldest first, and how many there are.

    The one read of "what compaction archived" for the drift audit: coverage and the
    measure of regenerated versions both go through here.
    """
    # The archive is the prefix up to the session's bound; seqs are gap-free.
    archived = Message.objects.filter(session=session, seq__lte=session.archived_seq)
    total = session.archived_seq
    rows = archived.order_by("-seq").values_list("pk", "seq", "role", "format", "content")
    found = [
        Original(str(pk), seq, _author(role, fmt, content), message_text(content, fmt, role))
        for pk, seq, role, fmt, content in rows[:limit]
    ]
    found.reverse()
    return found, total


def _author(role: str, fmt: str, content: Any) -> str:
    """Who wrote a message: a user turn made only of tool results is the tools' output."""
    if role != "user":
        return role
    blocks = canonical_blocks(role, content, fmt)
    if blocks and all(block.get("type") == "tool_result" for block in blocks):
        return "tool"
    return role


def message_ids_by_seq(*, session_id: Any, seqs: Iterable[int]) -> dict[int, int]:
    """The ids of a session's messages at ``seqs`` (one query), for links to them."""
    wanted = sorted(set(seqs))
    if not wanted:
        return {}
    return dict(
        Message.objects.filter(session_id=session_id, seq__in=wanted).values_list("seq", "pk")
    )
