"""A session's messages: the active window, or the whole archive."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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


def message_ids_by_seq(*, session_id: Any, seqs: Iterable[int]) -> dict[int, int]:
    """The ids of a session's messages at ``seqs`` (one query), for links to them."""
    wanted = sorted(set(seqs))
    if not wanted:
        return {}
    return dict(
        Message.objects.filter(session_id=session_id, seq__in=wanted).values_list("seq", "pk")
    )
