"""A session's messages: the active window, or the whole archive."""

from __future__ import annotations

from django.db.models import QuerySet

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
