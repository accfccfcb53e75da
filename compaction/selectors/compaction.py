"""What a compaction would do now: where it would cut, and a dry-run estimate."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from compaction.conf import ResolvedSettings, app_settings
from compaction.engine.artifacts import artifacts_section
from compaction.engine.context import summary_tokens
from compaction.engine.cutpoint import (
    CutDecision,
    Earlier,
    MessageInfo,
    WindowTooSmall,
    carried_messages,
    choose_cut,
    planning_floor,
)
from compaction.engine.preserve import preserve
from compaction.models import ChatSession, Checkpoint, Message
from compaction.selectors.artifacts import artifacts_through
from compaction.selectors.sessions import session_should_compact


@dataclass(frozen=True)
class CompactionEstimate:
    """A dry run: what a compaction would do now, without calling the summarizer."""

    would_compact: bool
    reason: str
    tokens_before: int
    tokens_after: int
    messages_to_compact: int
    messages_kept: int
    cut_seq: int | None
    should_compact: bool


def compaction_plan(*, session: ChatSession, settings: ResolvedSettings) -> CutDecision:
    """Where to cut the active history now: one query, bounded whatever the backlog.

    It runs under the session lock, so it reads only the small columns of the planning
    window (the newest ``2 * KEEP_RECENT_TOKENS``, an index range on the running token
    total) and the pinned messages before it; the rest of the backlog is known from the
    session's totals. Seqs are gap-free, so counts are differences of seqs.
    """
    floor = planning_floor(
        appended_tokens=session.appended_tokens, keep_recent_tokens=settings.KEEP_RECENT_TOKENS
    )
    # Two index ranges in one statement, neither filtered by seq: with a seq
    # condition beside them, a planner without fresh statistics walks every active row by
    # seq instead. The archive is left out here, in Python.
    columns = ("seq", "role", "token_estimate", "pinned", "answers_tools", "tokens_through")
    recent = Message.objects.filter(session=session, tokens_through__gte=floor).order_by()
    # Pinned only (its partial index): a tokens_through bound here would send the planner
    # down the running-total index across the whole history. A pinned row inside the
    # window comes twice and is kept once.
    pinned = Message.objects.filter(session=session, pinned=True).order_by()
    union = (
        recent.values_list(*columns)
        .union(pinned.values_list(*columns), all=True)
        .order_by()  # the model's ordering does not apply to a union (Django 6.1 says so)
    )
    rows = sorted({row[0]: row for row in union if row[0] > session.archived_seq}.values())
    window = [row for row in rows if row[5] >= floor]
    first_seq = session.archived_seq + 1
    protect = (
        1
        if settings.PROTECT_FIRST_MESSAGE
        and session.checkpoint_version == 0
        and session.archived_seq == 0
        and session.message_count
        else None
    )
    window_first = window[0][0] if window else session.message_count + 1
    earlier_carried = {row[0] for row in rows if row[5] < floor}
    if protect is not None and window_first > protect:
        earlier_carried.add(protect)
    earlier = Earlier(
        count=window_first - first_seq,
        tokens=(window[0][5] - window[0][2] if window else session.appended_tokens)
        - session.archived_tokens,
        first_seq=first_seq,
        carried_seqs=tuple(sorted(earlier_carried)),
    )
    try:
        return choose_cut(
            _infos(window),
            keep_recent_tokens=settings.KEEP_RECENT_TOKENS,
            protect_first_seq=protect,
            earlier=earlier,
        )
    except WindowTooSmall:
        # Only a window of nothing but tool results gets here: plan over everything.
        everything = (
            Message.objects.filter(session=session, seq__gt=session.archived_seq)
            .order_by("seq")
            .values_list(
                "seq", "role", "token_estimate", "pinned", "answers_tools", "tokens_through"
            )
        )
        return choose_cut(
            _infos(everything),
            keep_recent_tokens=settings.KEEP_RECENT_TOKENS,
            protect_first_seq=protect,
        )


def _infos(rows: Iterable[tuple]) -> list[MessageInfo]:
    return [
        MessageInfo(
            seq=seq,
            role=role,
            tokens=tokens,
            turn_start=role == "user" and not answers_tools,
            answers_tools=answers_tools,
            pinned=pinned,
        )
        for seq, role, tokens, pinned, answers_tools, _ in rows
    ]


def compaction_estimate(*, session: ChatSession) -> CompactionEstimate:
    """Dry run: tokens before/after and the messages a compaction would take. No LLM call.

    Tokens are uncalibrated estimates, like a run's ``tokens_before`` / ``tokens_after``.
    """
    settings = app_settings.for_session(session)
    decision = compaction_plan(session=session, settings=settings)
    before = after = session.estimated_tokens
    if decision.should_cut:
        previous = Checkpoint.objects.filter(session=session).order_by("-version").first()
        carried_rows = Message.objects.filter(
            session=session, seq__in=decision.carried_seqs
        ).values("seq", "role", "format", "content", "pinned")
        # The preserved text is what the run would compute: the range read newest first,
        # no further than the budget takes it.
        first_seq = decision.first_seq or session.archived_seq + 1
        preserved = preserve(
            Message.objects.filter(session=session, seq__gte=first_seq, seq__lte=decision.cut_seq)
            .order_by("-seq")
            .values("seq", "role", "format", "content")
            .iterator(chunk_size=200),
            previous=previous.preserved if previous else (),
            kinds=settings.PRESERVE,
            max_tokens=settings.PRESERVE_MAX_TOKENS,
        )
        ledger = artifacts_through(
            session_id=session.pk,
            base=previous,
            first_seq=first_seq,
            messages=list(
                Message.objects.filter(
                    session=session, seq__gte=first_seq, seq__lte=decision.cut_seq
                )
                .order_by("seq")
                .values("seq", "role", "format", "content")
            ),
        )
        # A full-size summary is the safe guess for a dry run; carried messages, the
        # preserved text and the Files & artifacts section come on top.
        new_summary = summary_tokens(
            summary=" " * settings.SUMMARY_MAX_CHARS,
            version=session.checkpoint_version + 1,
            carried=carried_messages(
                list(carried_rows),
                previous.carried if previous else None,
                protect_first=settings.PROTECT_FIRST_MESSAGE,
            ),
            image_tokens=settings.IMAGE_TOKENS,
            preserved=preserved,
            artifacts=artifacts_section(ledger, max_tokens=settings.ARTIFACTS_MAX_TOKENS),
        )
        old_summary = previous.summary_tokens if previous else 0
        after = max(0, before - decision.compacted_tokens - old_summary + new_summary)
    return CompactionEstimate(
        would_compact=decision.should_cut,
        reason=decision.reason,
        tokens_before=before,
        tokens_after=after,
        messages_to_compact=decision.messages_compacted,
        messages_kept=decision.messages_kept,
        cut_seq=decision.cut_seq,
        should_compact=session_should_compact(session=session),
    )
