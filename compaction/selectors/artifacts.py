"""The artifact ledger of a session through a message: the base checkpoint's, continued.

Read in phase 2 of a compaction (never on the append or context-build path): the ledger a
new checkpoint stores is its base checkpoint's continued over the range it archives. A base
whose ledger stops short (a checkpoint written before the ledger existed, a server
compaction not yet filled in) is continued from the newest checkpoint that has one, over
the messages between, read in batches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from compaction.engine.artifacts import Ledger, artifacts_section, ledger_fold
from compaction.models import Checkpoint, Message

#: Messages read per query when a ledger is caught up over a long stretch.
CATCH_UP_BATCH = 500
_MESSAGE_FIELDS = ("seq", "role", "format", "content")


def _messages_between(session_id: Any, after: int, through: int) -> Iterable[Mapping[str, Any]]:
    return (
        Message.objects.filter(session_id=session_id, seq__gt=after, seq__lte=through)
        .order_by("seq")
        .values(*_MESSAGE_FIELDS)
        .iterator(chunk_size=CATCH_UP_BATCH)
    )


def _start(session_id: Any, base: Checkpoint | None, first_seq: int) -> Ledger:
    """The ledger to continue: the base's, or the newest stored one before it, caught up
    to ``first_seq - 1``."""
    if base is None:
        return ledger_fold(_messages_between(session_id, 0, first_seq - 1))
    start = Ledger.from_dict(base.artifacts)
    if start.through_seq < base.last_seq:
        found = (
            Checkpoint.objects.filter(
                session_id=session_id, version__lt=base.version, artifacts__has_key="format"
            )
            .order_by("-version")
            .values_list("artifacts", flat=True)
            .first()
        )
        start = Ledger.from_dict(found) if found is not None else Ledger()
    if start.through_seq < first_seq - 1:
        more = _messages_between(session_id, start.through_seq, first_seq - 1)
        start = ledger_fold(more, start=start)
    return start


def artifacts_through(
    *,
    session_id: Any,
    base: Checkpoint | None,
    first_seq: int,
    messages: Iterable[Mapping[str, Any]],
    fresh: bool = False,
) -> Ledger:
    """The ledger through the last of ``messages`` (the range ``first_seq``..., oldest
    first, as stored): ``base``'s continued, or (``fresh``, a regeneration reading every
    archived message) built from them alone."""
    if fresh:
        return ledger_fold(messages)
    return ledger_fold(messages, start=_start(session_id, base, first_seq))


def artifacts_stored(ledger: Ledger, *, max_tokens: int) -> tuple[dict[str, Any], str]:
    """What a checkpoint stores of ``ledger``: its JSON and its payload section."""
    return ledger.as_dict(), artifacts_section(ledger, max_tokens=max_tokens)
