"""Sessions a user may see, and when a session should compact.

``session_compaction_timing`` says what to do now (``compaction.engine.timing``: start one
beside the conversation, run one in line, wait for the running one, or nothing);
``session_should_compact`` is its trigger alone: the calibrated estimate above the point
where the session's mode starts a compaction (its ``config`` overrides included).
``sessions_over_threshold`` (SQL, for a changelist filter or a sweep) finds sessions over
the threshold itself.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from django.db.models import (
    Case,
    DecimalField,
    ExpressionWrapper,
    F,
    FloatField,
    Prefetch,
    QuerySet,
    Value,
    When,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone

from compaction.conf import app_settings
from compaction.engine.timing import CACHE_TTL_SECONDS, Timing, compaction_timing
from compaction.engine.window import WindowProblem, window_problems
from compaction.exceptions import SessionNotFound
from compaction.models import ChatSession, CompactionRun
from compaction.selectors.rows import session_read


def session_list(*, user: Any = None, with_live_run: bool = False) -> QuerySet[ChatSession]:
    """Sessions ``user`` may see: their own; all of them for staff with the view permission.

    ``with_live_run``: each session's live run (if any) in ``live_runs``, for a whole page
    in one query rather than one per session.
    """
    qs = ChatSession.objects.select_related("owner")
    if with_live_run:
        qs = qs.prefetch_related(
            Prefetch(
                "runs",
                queryset=CompactionRun.objects.filter(status__in=CompactionRun.LIVE_STATUSES)
                .select_related("checkpoint")
                .order_by("-created_at"),
                to_attr="live_runs",
            )
        )
    if user is None:
        return qs
    if user.is_staff and user.has_perm("compaction.view_chatsession"):
        return qs
    return qs.filter(owner=user)


def session_visible(*, session: ChatSession, user: Any = None) -> bool:
    """Whether ``user`` may see ``session`` (``session_list``'s rule; None: anyone)."""
    if user is None or session.owner_id == user.pk:
        return True
    return bool(user.is_staff and user.has_perm("compaction.view_chatsession"))


def session_get(*, session_id: UUID | str, user: Any = None) -> ChatSession:
    """The session, if ``user`` may see it (else ``SessionNotFound``, as for a missing one).

    One statement, raw SQL (``selectors.rows.session_read``; every API request on a session
    starts here): it also reads the latest checkpoint and the live compaction run, so that
    a context build or an append that follows starts from them instead of reading them
    again. ``owner`` is not loaded (``owner_id`` is).
    """
    session = session_read(session_id)
    if not session_visible(session=session, user=user):
        raise SessionNotFound("Session not found.", details={"session": str(session_id)})
    return session


def session_threshold(*, session: ChatSession) -> int:
    """Tokens above which ``session`` should be compacted (its config overrides applied)."""
    return app_settings.for_session(session).threshold


def session_should_compact(*, session: ChatSession) -> bool:
    """The trigger: the calibrated estimate is above the session's threshold, or above its
    soft share when compaction runs beside the conversation (``ResolvedSettings.trigger``)."""
    trigger = app_settings.for_session(session).trigger
    return session.estimated_tokens * session.calibration_ratio > trigger


def session_compaction_running(*, session: ChatSession, now: datetime | None = None) -> bool:
    """A compaction holds the session's lease (no query: the session row says it)."""
    return bool(
        session.lease_token
        and session.lease_expires_at
        and session.lease_expires_at > (now or timezone.now())
    )


def session_compaction_timing(
    *, session: ChatSession, idle_since: datetime | None = None, now: datetime | None = None
) -> Timing:
    """What to do about compaction now, as the session's settings say (no query).

    ``idle_since`` is the latest moment the session's last model call can have been (an
    append's ``AppendResult.idle_since``): with ``COLD_CACHE_COMPACT_FRACTION`` set, a
    prompt cache idle for longer than ``PROMPT_CACHE_TTL`` since then compacts before the
    next call (``engine.timing``). None: not known, no early compaction.
    """
    settings = app_settings.for_session(session)
    now = now or timezone.now()
    return compaction_timing(
        mode=settings.AUTO_COMPACT,
        calibrated_tokens=session.estimated_tokens * session.calibration_ratio,
        trigger_tokens=settings.trigger,
        window_budget=settings.window_budget,
        running=session_compaction_running(session=session, now=now),
        idle_seconds=(now - idle_since).total_seconds() if idle_since is not None else None,
        cache_ttl_seconds=CACHE_TTL_SECONDS[settings.PROMPT_CACHE_TTL],
        cold_fraction=settings.COLD_CACHE_COMPACT_FRACTION,
    )


def session_window_problems(*, session: ChatSession) -> list[WindowProblem]:
    """The window guard over ``session``'s effective settings (its config merged over the app
    settings). A config breaking a rule is refused when written, so what is left here are
    warnings, and errors of the app settings themselves (or of a row stored before the guard).
    """
    return window_problems(app_settings.for_session(session).as_dict())


# Thresholds compare as unbounded numerics in SQL: a stored config from before the bounds
# were enforced must not overflow a changelist.
_NUMERIC = DecimalField(max_digits=1000, decimal_places=0)


def _threshold_sql() -> Any:
    """``ResolvedSettings.threshold`` over each row's ``config``, as a SQL expression:
    COMPACTION_THRESHOLD when set (a JSON null means "window minus reserve"), else
    CONTEXT_WINDOW - RESERVE_TOKENS."""
    base = app_settings.for_session(None)

    def key(name: str) -> Any:
        return Coalesce(
            Cast(KT(f"config__{name}"), _NUMERIC),
            Value(int(getattr(base, name)), output_field=_NUMERIC),
        )

    window_minus_reserve = ExpressionWrapper(
        key("CONTEXT_WINDOW") - key("RESERVE_TOKENS"), output_field=_NUMERIC
    )
    default = (
        Value(int(base.COMPACTION_THRESHOLD), output_field=_NUMERIC)
        if base.COMPACTION_THRESHOLD is not None
        else window_minus_reserve
    )
    return Case(
        When(
            config__has_key="COMPACTION_THRESHOLD",
            then=Coalesce(Cast(KT("config__COMPACTION_THRESHOLD"), _NUMERIC), window_minus_reserve),
        ),
        default=default,
        output_field=_NUMERIC,
    )


def sessions_over_threshold(
    queryset: QuerySet[ChatSession] | None = None, *, over: bool = True
) -> QuerySet[ChatSession]:
    """The sessions ``session_should_compact`` holds true for (``over=False``: the others)."""
    queryset = ChatSession.objects.all() if queryset is None else queryset
    queryset = queryset.alias(
        calibrated_estimate=ExpressionWrapper(
            F("estimated_tokens") * F("calibration_ratio"), output_field=FloatField()
        ),
        own_threshold=_threshold_sql(),
    )
    if over:
        return queryset.filter(calibrated_estimate__gt=F("own_threshold"))
    return queryset.filter(calibrated_estimate__lte=F("own_threshold"))
