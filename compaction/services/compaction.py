"""Compaction in three phases; no lock and no transaction is held during the LLM call.

1. **claim** (short transaction): lock the session, re-check the trigger, refuse
   while another run holds a live lease, fix the cut point, create the run with a
   fresh lease token, commit.
2. **summarize** (no transaction): memory flush, ``pre_compaction``, the summarizer
   on the archived range, validation.
3. **finalize** (short transaction): lock the session again; only if the lease is
   still ours and unexpired and the checkpoint version has not moved, write version
   N+1, mark the covered messages compacted in one UPDATE, update the counters and
   release the lease. Otherwise write nothing and record the run ``expired``.

Messages appended during phase 2 have seqs above the cut, so that run never
compacts them and the counters keep them (``F()`` arithmetic on top of the lock).
"""

from __future__ import annotations

import logging
import random
import sys
import time
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from compaction import signals
from compaction.conf import ResolvedSettings, app_settings
from compaction.content import ANTHROPIC
from compaction.engine.context import summary_tokens
from compaction.engine.cutpoint import CutDecision, MessageInfo, choose_cut
from compaction.engine.drift import compare_summaries
from compaction.engine.transcript import chunk_transcript
from compaction.engine.validation import validate_summary
from compaction.exceptions import (
    CompactionInProgress,
    InvalidSummary,
    PermanentSummarizerError,
    SessionNotFound,
    SummarizerError,
)
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.services.locking import lock_session
from compaction.summarizers import (
    Summarizer,
    SummaryRequest,
    SummaryResult,
    get_summarizer,
    summarizer_name,
)

logger = logging.getLogger(__name__)
Status = CompactionRun.Status


@dataclass(frozen=True)
class SummaryOutcome:
    """What phase 2 produced, handed to finalize."""

    summary: str
    summarizer: str
    model: str
    validation: dict[str, Any]
    fallback: bool = False
    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    request_id: str = ""
    summarize_ms: int = 0
    carried: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    #: What the drift guard did (empty when it did not run).
    guard: dict[str, Any] = field(default_factory=dict)
    #: The server compaction block that stands for ``summary`` (a server-side summarizer).
    native_block: dict[str, Any] | None = None


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


# --------------------------------------------------------------------------- planning


def _plan_cut(session: ChatSession, settings: ResolvedSettings) -> CutDecision:
    """Where to cut the active history now: one query, no message content decoded.

    It runs under the session lock, so it reads only the small columns (decoding the JSON
    of 10k messages took ~90 ms of lock hold in the benchmark).
    """
    rows = (
        Message.objects.filter(session=session, compacted_by__isnull=True)
        .order_by("seq")
        .values_list("seq", "role", "token_estimate", "pinned", "answers_tools")
    )
    infos = [
        MessageInfo(
            seq=seq,
            role=role,
            tokens=tokens,
            turn_start=role == "user" and not answers_tools,
            answers_tools=answers_tools,
            pinned=pinned,
        )
        for seq, role, tokens, pinned, answers_tools in rows
    ]
    protect = (
        1
        if settings.PROTECT_FIRST_MESSAGE
        and session.checkpoint_version == 0
        and infos
        and infos[0].seq == 1
        else None
    )
    return choose_cut(
        infos, keep_recent_tokens=settings.KEEP_RECENT_TOKENS, protect_first_seq=protect
    )


def _threshold_reason(session: ChatSession, settings: ResolvedSettings) -> str | None:
    tokens, threshold = session.calibrated_tokens, settings.threshold
    if tokens <= threshold:
        return f"below the threshold: {tokens} of {threshold} estimated tokens"
    return None


def compaction_estimate(*, session_id: UUID | str) -> CompactionEstimate:
    """Dry run: tokens before/after and the messages a compaction would take. No LLM call.

    Tokens are uncalibrated estimates, like a run's ``tokens_before`` / ``tokens_after``.
    """
    try:
        session = ChatSession.objects.get(pk=session_id)
    except (ChatSession.DoesNotExist, ValueError, ValidationError):
        raise SessionNotFound("Session not found.", details={"session": str(session_id)}) from None
    settings = app_settings.for_session(session)
    decision = _plan_cut(session, settings)
    before = after = session.estimated_tokens
    if decision.should_cut:
        previous = Checkpoint.objects.filter(session=session).order_by("-version").first()
        carried_rows = Message.objects.filter(
            session=session, seq__in=decision.carried_seqs
        ).values("seq", "role", "format", "content", "pinned")
        # A full-size summary is the safe guess for a dry run; carried messages come on top.
        new_summary = summary_tokens(
            summary=" " * settings.SUMMARY_MAX_CHARS,
            version=session.checkpoint_version + 1,
            carried=_carried_items(list(carried_rows), previous, settings.PROTECT_FIRST_MESSAGE),
            image_tokens=settings.IMAGE_TOKENS,
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
        should_compact=_threshold_reason(session, settings) is None,
    )


# --------------------------------------------------------------------------- phase 1


def _expire_runs(runs: list[CompactionRun], *, reason: str, now: datetime) -> None:
    for run in runs:
        run.status = Status.EXPIRED
        run.error = reason
        run.finished_at = now
        run.save(update_fields=["status", "error", "finished_at"])


def _check_live(
    session: ChatSession,
    settings: ResolvedSettings,
    now: datetime,
    *,
    claiming: CompactionRun | None = None,
) -> None:
    """Raise ``CompactionInProgress`` for a live run other than ``claiming``; expire dead ones.

    Call with the session locked. A running run is alive while its lease is; a pending
    (queued) run while it is younger than LEASE_SECONDS, after which its task is presumed lost.
    """
    live = CompactionRun.objects.select_for_update(of=("self",)).filter(
        session=session, status__in=CompactionRun.LIVE_STATUSES
    )
    dead = []
    for run in live:
        if claiming is not None and run.pk == claiming.pk:
            continue
        if run.status == Status.RUNNING:
            alive = (
                session.lease_token == run.lease_token
                and session.lease_expires_at is not None
                and session.lease_expires_at > now
            )
        else:
            alive = run.created_at + timedelta(seconds=settings.LEASE_SECONDS) > now
        if alive:
            raise CompactionInProgress("A compaction of this session is already running.", run=run)
        dead.append(run)
    _expire_runs(dead, reason="lease expired before finalize", now=now)
    if session.lease_token is not None:
        session.lease_token = session.lease_expires_at = None
        session.save(update_fields=["lease_token", "lease_expires_at"])


def _decide(
    session: ChatSession, settings: ResolvedSettings, *, force: bool
) -> tuple[str | None, CutDecision | None]:
    """(skip reason, cut decision): the trigger unless forced, then the cut point."""
    reason = None if force else _threshold_reason(session, settings)
    if reason is not None:
        return reason, None
    decision = _plan_cut(session, settings)
    return (None if decision.should_cut else decision.reason), decision


def _enqueue_on_commit(run: CompactionRun) -> None:
    from compaction.tasks import compact_session

    run_id = str(run.pk)
    transaction.on_commit(lambda: compact_session.delay(run_id))


def compaction_run_queue_locked(
    *, session: ChatSession, trigger: str, force: bool = False, reason: str = ""
) -> CompactionRun | None:
    """Queue a compaction task for an already locked session, unless a run is live.

    Part of the caller's transaction: the task is published only if it commits. Returns
    the pending run, or None when a live run already exists.
    """
    if CompactionRun.objects.filter(
        session=session, status__in=CompactionRun.LIVE_STATUSES
    ).exists():
        return None
    run = CompactionRun.objects.create(
        session=session,
        status=Status.PENDING,
        trigger=trigger,
        force=force,
        reason=reason,
        base_version=session.checkpoint_version,
        tokens_before=session.estimated_tokens,
        summarizer=summarizer_name(app_settings.for_session(session)),
    )
    _enqueue_on_commit(run)
    return run


def compaction_run_enqueue(
    *, session_id: UUID | str, trigger: str, force: bool = False
) -> CompactionRun:
    """Queue a compaction on Celery: a ``pending`` run, or ``skipped`` when there is nothing to do.

    Raises ``CompactionInProgress`` while another run is live. The task is published
    after the transaction commits.
    """
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        settings = app_settings.for_session(session)
        _check_live(session, settings, now)
        skip_reason, decision = _decide(session, settings, force=force)
        if skip_reason is not None:
            return _skipped_run(
                session, settings, trigger=trigger, force=force, reason=skip_reason, now=now
            )
        assert decision is not None
        run = compaction_run_queue_locked(
            session=session, trigger=trigger, force=force, reason=decision.reason
        )
        assert run is not None  # _check_live saw no live run under the same lock
    return run


def _skipped_run(
    session: ChatSession,
    settings: ResolvedSettings,
    *,
    trigger: str,
    force: bool,
    reason: str,
    now: datetime,
    run: CompactionRun | None = None,
) -> CompactionRun:
    fields = {
        "status": Status.SKIPPED,
        "trigger": trigger,
        "force": force,
        "reason": reason,
        "base_version": session.checkpoint_version,
        "tokens_before": session.estimated_tokens,
        "tokens_after": session.estimated_tokens,
        "started_at": now,
        "finished_at": now,
    }
    if run is None:
        return CompactionRun.objects.create(
            session=session, summarizer=summarizer_name(settings), created_at=now, **fields
        )
    for name, value in fields.items():
        setattr(run, name, value)
    run.save(update_fields=[*fields])
    return run


def compaction_run_claim(
    *,
    session_id: UUID | str,
    trigger: str,
    force: bool = False,
    summarizer: str | None = None,
    run_id: UUID | str | None = None,
) -> CompactionRun:
    """Phase 1. Return a ``running`` run holding the lease, or a ``skipped`` one.

    ``run_id`` claims a queued (``pending``) run instead of creating one; when another
    worker claimed it first, ``CompactionInProgress`` is raised; when it has finished (a
    redelivered task), it is returned unchanged and nothing is written.
    ``summarizer`` is the name recorded on the run (default: the configured summarizer).

    Raises ``CompactionInProgress`` (with the in-flight run) while another run is live.
    """
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        queued = None
        if run_id is not None:
            queued = CompactionRun.objects.select_for_update(of=("self",)).get(
                pk=run_id, session=session
            )
            if queued.status == Status.RUNNING:
                # Another delivery of the same task claimed it first; that worker owns it.
                raise CompactionInProgress(
                    "This compaction is already being run by another worker.", run=queued
                )
            if queued.status != Status.PENDING:
                return queued
            trigger, force = queued.trigger, queued.force
        settings = app_settings.for_session(session)
        _check_live(session, settings, now, claiming=queued)
        skip_reason, decision = _decide(session, settings, force=force)
        if skip_reason is not None:
            return _skipped_run(
                session,
                settings,
                trigger=trigger,
                force=force,
                reason=skip_reason,
                now=now,
                run=queued,
            )
        assert decision is not None
        token = uuid.uuid4()
        expires = now + timedelta(seconds=settings.LEASE_SECONDS)
        fields = {
            "status": Status.RUNNING,
            "trigger": trigger,
            "force": force,
            "reason": decision.reason,
            "base_version": session.checkpoint_version,
            "tokens_before": session.estimated_tokens,
            "summarizer": summarizer or summarizer_name(settings),
            "started_at": now,
            "lease_token": token,
            "lease_expires_at": expires,
            "first_seq": decision.first_seq,
            "cut_seq": decision.cut_seq,
            "messages_compacted": decision.messages_compacted,
            "messages_kept": decision.messages_kept,
            "compacted_tokens": decision.compacted_tokens,
        }
        if queued is None:
            run = CompactionRun.objects.create(session=session, created_at=now, **fields)
        else:
            run = queued
            for name, value in fields.items():
                setattr(run, name, value)
            run.save(update_fields=[*fields])
        session.lease_token, session.lease_expires_at = token, expires
        session.save(update_fields=["lease_token", "lease_expires_at"])
    return run


def compaction_run_extend_lease(*, run: CompactionRun) -> bool:
    """Push the lease of a running run forward (before a task retry); False if it was lost."""
    now = timezone.now()
    expires = now + timedelta(seconds=app_settings.for_session(run.session).LEASE_SECONDS)
    with transaction.atomic():
        extended = ChatSession.objects.filter(
            pk=run.session_id, lease_token=run.lease_token, lease_expires_at__gt=now
        ).update(lease_expires_at=expires)
        if extended:
            CompactionRun.objects.filter(pk=run.pk, status=Status.RUNNING).update(
                lease_expires_at=expires
            )
    return bool(extended)


# --------------------------------------------------------------------------- phase 2


def _base_checkpoint(run: CompactionRun) -> Checkpoint | None:
    """The checkpoint the run builds on (None for a session's first compaction)."""
    if not run.base_version:
        return None
    return Checkpoint.objects.filter(session_id=run.session_id, version=run.base_version).first()


def memory_flush_once(*, session: ChatSession, run: CompactionRun | None) -> bool:
    """Call the host's MEMORY_FLUSH at most once per checkpoint version.

    The conditional UPDATE is the guard: of any number of concurrent callers for one
    version, exactly one sees a row updated and calls the host.
    """
    flush = app_settings.import_callable("MEMORY_FLUSH")
    if flush is None:
        return False
    version = run.base_version if run is not None else session.checkpoint_version
    updated = (
        ChatSession.objects.filter(pk=session.pk, checkpoint_version=version)
        .exclude(memory_flush_version=version)
        .update(memory_flush_version=version)
    )
    if not updated:
        return False
    try:
        flush(session=session, run=run)
    except Exception:
        # The host's memory store failing must not stop compaction of an overflowing session.
        logger.exception("MEMORY_FLUSH failed for session %s", session.pk)
    return True


def _carried_items(
    messages: list[dict[str, Any]], previous: Checkpoint | None, protect_first: bool
) -> list[dict[str, Any]]:
    carried = list(previous.carried) if previous else []
    for m in messages:
        protected = protect_first and previous is None and m["seq"] == 1
        if m["pinned"] or protected:
            carried.append(
                {
                    "seq": m["seq"],
                    "role": m["role"],
                    "format": m.get("format", ANTHROPIC),
                    "content": m["content"],
                    "protected": protected,
                }
            )
    return carried


def _call_summarizer(
    summarizer: Summarizer, request: SummaryRequest, settings: ResolvedSettings, usage: dict
) -> SummaryResult:
    """One summarizer call, validated; usage is accumulated into ``usage``.

    The result's text is the validated summary (capped at SUMMARY_MAX_CHARS), except
    under a server compaction block: its signature covers the text, which stays whole.
    """
    result = summarizer.summarize(request)
    usage["calls"] += 1
    usage["input_tokens"] += result.input_tokens
    usage["output_tokens"] += result.output_tokens
    usage["request_id"] = result.request_id or usage["request_id"]
    usage["model"] = result.model or usage["model"]
    validation = validate_summary(
        result.text, max_chars=settings.SUMMARY_MAX_CHARS, min_chars=settings.SUMMARY_MIN_CHARS
    )
    if not validation.ok:
        raise InvalidSummary(
            "The summary was rejected: " + "; ".join(validation.errors),
            request_id=result.request_id,
            details={"errors": list(validation.errors)},
        )
    usage["validation"] = validation.as_dict()
    return result if result.block is not None else replace(result, text=validation.text)


def _drift_guard(
    *,
    previous: str,
    summary: SummaryResult,
    last_request: SummaryRequest,
    summarizer: Summarizer,
    settings: ResolvedSettings,
    usage: dict,
) -> tuple[SummaryResult, dict[str, Any]]:
    """Retry once, naming the dropped facts, when too many of the previous version's went.

    Returns the summary to keep and what the guard did, for the run's record.
    """
    limit = settings.DRIFT_GUARD_MAX_LOSS
    report = compare_summaries(previous, summary.text)
    if limit is None or report.drift_score <= limit:
        return summary, {"fired": False, "drift_score": round(report.drift_score, 4)}
    lost = [fact.value for fact in report.lost if fact.critical][:50]
    instructions = (
        "Your previous attempt dropped these facts from the previous checkpoint. Keep each of "
        "them, verbatim, unless the new messages made it obsolete:\n"
        + "\n".join(f"- {value}" for value in lost)
    )
    record: dict[str, Any] = {
        "fired": True,
        "limit": limit,
        "drift_before": round(report.drift_score, 4),
        "lost_before": lost,
    }
    try:
        retried = _call_summarizer(
            summarizer, replace(last_request, extra_instructions=instructions), settings, usage
        )
    except SummarizerError as exc:
        record.update(kept="first", retry_error=exc.message)
        return summary, record
    after = compare_summaries(previous, retried.text)
    better = after.drift_score < report.drift_score
    record.update(
        drift_after=round(after.drift_score, 4),
        lost_after=[fact.value for fact in after.lost if fact.critical][:50],
        recovered=sorted(set(lost) - {fact.value for fact in after.lost if fact.critical}),
        kept="retry" if better else "first",
    )
    return (retried if better else summary), record


def compaction_run_summarize(
    *, run: CompactionRun, summarizer: Summarizer | None = None
) -> SummaryOutcome:
    """Phase 2, one attempt. Reads only immutable rows; raises ``SummarizerError``.

    A regeneration (``run.mode == "regenerate"``) summarizes every archived message from
    scratch instead of updating the previous summary, to repair a drifted chain.
    """
    session = run.session
    settings = app_settings.for_session(session)
    summarizer = summarizer or get_summarizer(settings)
    CompactionRun.objects.filter(pk=run.pk).update(attempts=F("attempts") + 1)
    run.attempts += 1
    if run.attempts == 1:
        run.memory_flushed = memory_flush_once(session=session, run=run)
        if run.memory_flushed:
            CompactionRun.objects.filter(pk=run.pk).update(memory_flushed=True)
        signals.pre_compaction.send(sender=ChatSession, session=session, run=run)

    regenerate = run.mode == CompactionRun.Mode.REGENERATE
    previous = _base_checkpoint(run)
    messages = list(
        Message.objects.filter(session=session, seq__gte=run.first_seq, seq__lte=run.cut_seq)
        .order_by("seq")
        .values("seq", "role", "format", "content", "pinned")
    )
    chunks = chunk_transcript(
        messages,
        # A summarizer that sends messages (not a transcript) takes the range whole.
        max_chars=settings.SUMMARY_INPUT_MAX_CHARS if summarizer.chunked else sys.maxsize,
        head=settings.TOOL_PREVIEW_HEAD,
        tail=settings.TOOL_PREVIEW_TAIL,
    )
    summary = previous.summary if previous and not regenerate else None
    block = previous.native_block if previous and not regenerate else None
    started = time.monotonic()
    usage: dict[str, Any] = {
        "calls": 0,
        "input_tokens": 0,
        "output_tokens": 0,
        "request_id": "",
        "model": "",
        "validation": None,
    }
    request = None
    # Multi-stage: each chunk updates the summary so far, so input beyond
    # SUMMARY_INPUT_MAX_CHARS is summarized in order rather than cut.
    result = None
    for chunk in chunks:
        request = SummaryRequest(
            messages=chunk.messages,
            transcript=chunk.text,
            previous_summary=summary,
            max_chars=settings.SUMMARY_MAX_CHARS,
            system_prompt=session.system_prompt,
            previous_block=block,
        )
        result = _call_summarizer(summarizer, request, settings, usage)
        summary, block = result.text, result.block
    assert request is not None and result is not None
    guard: dict[str, Any] = {}
    if previous is not None and not regenerate and not previous.fallback:
        result, guard = _drift_guard(
            previous=previous.summary,
            summary=result,
            last_request=request,
            summarizer=summarizer,
            settings=settings,
            usage=usage,
        )
    if result.block is not None:
        carried: list[dict[str, Any]] = []  # the server's block stands alone, first
    elif regenerate and previous:
        carried = list(previous.carried)
    else:
        carried = _carried_items(messages, previous, settings.PROTECT_FIRST_MESSAGE)
    return SummaryOutcome(
        summary=result.text,
        summarizer=summarizer.name,
        model=usage["model"] or summarizer.model,
        validation=usage["validation"],
        llm_calls=usage["calls"],
        input_tokens=usage["input_tokens"],
        output_tokens=usage["output_tokens"],
        request_id=usage["request_id"],
        summarize_ms=int((time.monotonic() - started) * 1000),
        carried=carried,
        guard=guard,
        native_block=result.block,
    )


def fallback_outcome(*, run: CompactionRun, error: SummarizerError) -> SummaryOutcome:
    """The previous summary plus a note of what was archived unsummarized, and why."""
    previous = _base_checkpoint(run)
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
    text = f"{previous.summary}\n\n{note}" if previous else note
    return SummaryOutcome(
        summary=text,
        summarizer=run.summarizer,
        model="",
        validation={"ok": False, "fallback": True, "errors": [error.message]},
        fallback=True,
        request_id=error.request_id or "",
        carried=_carried_items(messages, previous, settings.PROTECT_FIRST_MESSAGE),
        error=error.message,
    )


# --------------------------------------------------------------------------- phase 3


def _lease_lost_reason(session: ChatSession, run: CompactionRun, now: datetime) -> str | None:
    if run.status != Status.RUNNING:
        return f"the run is already {run.status}"
    if session.lease_token != run.lease_token:
        return "the lease was taken over by another run"
    if session.checkpoint_version != run.base_version:
        return f"the checkpoint moved from v{run.base_version} to v{session.checkpoint_version}"
    if session.lease_expires_at is None or session.lease_expires_at <= now:
        return "the lease expired before finalize"
    return None


def _lock_run(run: CompactionRun) -> CompactionRun:
    return CompactionRun.objects.select_for_update(of=("self",)).get(pk=run.pk)


def compaction_run_finalize(*, run: CompactionRun, outcome: SummaryOutcome) -> CompactionRun:
    """Phase 3: fenced write of checkpoint N+1; writes nothing if the lease was lost."""
    checkpoint = None
    with transaction.atomic():
        session = lock_session(run.session_id)
        run = _lock_run(run)
        now = timezone.now()
        lost = _lease_lost_reason(session, run, now)
        if lost is not None:
            if run.status == Status.RUNNING:
                run.status, run.error, run.finished_at = Status.EXPIRED, lost, now
                run.save(update_fields=["status", "error", "finished_at"])
            if session.lease_token == run.lease_token:
                session.lease_token = session.lease_expires_at = None
                session.save(update_fields=["lease_token", "lease_expires_at"])
            return run

        previous = _base_checkpoint(run)
        settings = app_settings.for_session(session)
        version = session.checkpoint_version + 1
        new_summary_tokens = summary_tokens(
            summary=outcome.summary,
            version=version,
            carried=outcome.carried,
            image_tokens=settings.IMAGE_TOKENS,
            block=outcome.native_block,
        )
        tokens_before = session.estimated_tokens
        tokens_after = max(
            0,
            tokens_before
            - run.compacted_tokens
            - (previous.summary_tokens if previous else 0)
            + new_summary_tokens,
        )
        checkpoint = Checkpoint.objects.create(
            session=session,
            version=version,
            summary=outcome.summary,
            carried=outcome.carried,
            native_block=outcome.native_block,
            previous=previous,
            last_seq=run.cut_seq,
            messages_compacted=run.messages_compacted,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summary_tokens=new_summary_tokens,
            summarizer=outcome.summarizer,
            model=outcome.model,
            kind=(
                Checkpoint.Kind.REGENERATE
                if run.mode == CompactionRun.Mode.REGENERATE
                else Checkpoint.Kind.UPDATE
                if previous
                else Checkpoint.Kind.CREATE
            ),
            fallback=outcome.fallback,
            validation=outcome.validation,
            run=run,
            created_at=now,
        )
        compacted = Message.objects.filter(
            session=session,
            seq__gte=run.first_seq,
            seq__lte=run.cut_seq,
            compacted_by__isnull=True,
        ).update(compacted_by=checkpoint)
        if compacted != run.messages_compacted:
            # Messages are append-only and the version is fenced, so this means corruption:
            # roll everything back rather than write a checkpoint that lies about its range.
            raise RuntimeError(
                f"expected to compact {run.messages_compacted} messages, found {compacted}"
            )
        session.checkpoint_version = version
        session.lease_token = session.lease_expires_at = None
        session.active_message_count = max(0, session.active_message_count - compacted)
        session.estimated_tokens = tokens_after
        session.compaction_count += 1
        session.save(
            update_fields=[
                "checkpoint_version",
                "lease_token",
                "lease_expires_at",
                "active_message_count",
                "estimated_tokens",
                "compaction_count",
                "updated_at",
            ]
        )
        run.status = Status.FELL_BACK if outcome.fallback else Status.SUCCEEDED
        run.finished_at = now
        run.tokens_before = tokens_before
        run.tokens_after = tokens_after
        run.summarizer = outcome.summarizer
        run.model = outcome.model
        run.llm_calls += outcome.llm_calls
        run.llm_input_tokens += outcome.input_tokens
        run.llm_output_tokens += outcome.output_tokens
        run.request_id = outcome.request_id or run.request_id
        run.summarize_ms = outcome.summarize_ms or run.summarize_ms
        run.error = outcome.error
        run.fallback_mode = "annotate" if outcome.fallback else ""
        run.guard_fired = bool(outcome.guard.get("fired"))
        run.guard = outcome.guard
        run.save()
    signals.post_compaction.send(
        sender=ChatSession, session=session, run=run, checkpoint=checkpoint
    )
    return run


def compaction_run_fail(*, run: CompactionRun, error: SummarizerError) -> CompactionRun:
    """After the last attempt: the fallback checkpoint, or a failed run.

    A failed regeneration writes nothing: the chain it meant to repair stays as it was.
    """
    if app_settings.FALLBACK == "annotate" and run.mode != CompactionRun.Mode.REGENERATE:
        return compaction_run_finalize(run=run, outcome=fallback_outcome(run=run, error=error))
    with transaction.atomic():
        session = lock_session(run.session_id)
        run = _lock_run(run)
        now = timezone.now()
        if run.status == Status.RUNNING:
            run.status, run.error, run.finished_at = Status.FAILED, error.message, now
            run.save(update_fields=["status", "error", "finished_at"])
        if session.lease_token == run.lease_token:
            session.lease_token = session.lease_expires_at = None
            session.save(update_fields=["lease_token", "lease_expires_at"])
    signals.post_compaction.send(sender=ChatSession, session=session, run=run, checkpoint=None)
    return run


def _record_attempt_error(run: CompactionRun, error: SummarizerError) -> None:
    CompactionRun.objects.filter(pk=run.pk, status=Status.RUNNING).update(
        error=error.message, request_id=error.request_id or ""
    )


def compaction_run_execute(
    *,
    session_id: UUID | str,
    trigger: str,
    force: bool = False,
    summarizer: Summarizer | None = None,
) -> CompactionRun:
    """Claim, summarize (with retries per MAX_ATTEMPTS) and finalize, in process.

    Returns the finished run (``succeeded``, ``fell_back``, ``failed``, ``skipped`` or
    ``expired``); raises ``CompactionInProgress`` while another run holds the lease.
    """
    run = compaction_run_claim(
        session_id=session_id,
        trigger=trigger,
        force=force,
        summarizer=summarizer.name if summarizer is not None else None,
    )
    return _complete(run, summarizer)


def compaction_run_regenerate(
    *, session_id: UUID | str, trigger: str, summarizer: Summarizer | None = None
) -> CompactionRun:
    """Write a new version summarized from the archived originals, not the previous summary.

    Repairs a chain that drifted: the new checkpoint covers the same messages as the
    latest one and carries the same verbatim messages. Compacts nothing new. Raises
    ``CompactionInProgress`` while another run is live; ``skipped`` without a checkpoint.
    """
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        settings = app_settings.for_session(session)
        _check_live(session, settings, now)
        name = summarizer.name if summarizer is not None else summarizer_name(settings)
        latest = Checkpoint.objects.filter(session=session).order_by("-version").first()
        reason = None
        if latest is None:
            reason = "nothing to regenerate: the session has no checkpoint yet"
        elif latest.kind == Checkpoint.Kind.NATIVE:
            # The API's signed compaction block opens the active messages: a summary of ours
            # cannot be placed before it. The next compaction archives it; regenerate then.
            reason = (
                f"nothing to regenerate: v{latest.version} is the API's own compaction, "
                "which the conversation continues from"
            )
        if reason is not None:
            run = _skipped_run(
                session, settings, trigger=trigger, force=True, reason=reason, now=now
            )
            run.mode = CompactionRun.Mode.REGENERATE
            run.save(update_fields=["mode"])
            return run
        token = uuid.uuid4()
        expires = now + timedelta(seconds=settings.LEASE_SECONDS)
        run = CompactionRun.objects.create(
            session=session,
            status=Status.RUNNING,
            mode=CompactionRun.Mode.REGENERATE,
            trigger=trigger,
            force=True,
            reason=f"regenerating v{latest.version + 1} from messages #1-#{latest.last_seq}",
            base_version=session.checkpoint_version,
            tokens_before=session.estimated_tokens,
            summarizer=name,
            created_at=now,
            started_at=now,
            lease_token=token,
            lease_expires_at=expires,
            first_seq=1,
            cut_seq=latest.last_seq,
        )
        session.lease_token, session.lease_expires_at = token, expires
        session.save(update_fields=["lease_token", "lease_expires_at"])
    return _complete(run, summarizer)


def _complete(run: CompactionRun, summarizer: Summarizer | None) -> CompactionRun:
    """Phases 2 and 3 for a claimed run, with in-process retries and the fallback."""
    if run.status != Status.RUNNING:
        return run
    settings = app_settings.for_session(run.session)
    error: SummarizerError | None = None
    for attempt in range(1, settings.MAX_ATTEMPTS + 1):
        try:
            outcome = compaction_run_summarize(run=run, summarizer=summarizer)
        except Exception as exc:
            if not isinstance(exc, SummarizerError):
                # A crashing summarizer (a bug, a broken plugin) must not leave the session
                # leased until LEASE_SECONDS pass: treat it as a permanent failure.
                logger.exception("Summarizer crashed during compaction %s", run.pk)
                exc = PermanentSummarizerError(f"{type(exc).__name__}: {exc}")
            error = exc
            _record_attempt_error(run, exc)
            logger.warning("Compaction %s attempt %s failed: %s", run.pk, attempt, exc.message)
            if not exc.retryable or attempt == settings.MAX_ATTEMPTS:
                break
            delay = settings.RETRY_BACKOFF_SECONDS * 2 ** (attempt - 1)
            time.sleep(delay * random.uniform(0.5, 1.0))
            continue
        return compaction_run_finalize(run=run, outcome=outcome)
    assert error is not None
    return compaction_run_fail(run=run, error=error)


def compaction_leases_release_expired(*, now: datetime | None = None) -> list[CompactionRun]:
    """Free leases whose holder died and drop queued runs whose task never ran.

    Marks those runs ``expired`` and returns them, so the caller can queue their
    sessions again.
    """
    now = now or timezone.now()
    # LEASE_SECONDS is not a per-session setting, so one cut-off serves every session.
    stale_pending = now - timedelta(seconds=app_settings.LEASE_SECONDS)
    candidates = set(
        ChatSession.objects.filter(lease_expires_at__lt=now).values_list("pk", flat=True)
    ) | set(
        CompactionRun.objects.filter(
            status=Status.PENDING, created_at__lt=stale_pending
        ).values_list("session_id", flat=True)
    )
    expired: list[CompactionRun] = []
    for session_id in sorted(candidates, key=str):
        with transaction.atomic():
            try:
                session = lock_session(session_id)
            except SessionNotFound:
                continue
            live = list(
                CompactionRun.objects.select_for_update(of=("self",)).filter(
                    session=session, status__in=CompactionRun.LIVE_STATUSES
                )
            )
            lease_dead = session.lease_expires_at is not None and session.lease_expires_at < now
            dead = [
                run
                for run in live
                if (run.status == Status.RUNNING and lease_dead)
                or (run.status == Status.PENDING and run.created_at < stale_pending)
            ]
            _expire_runs(dead, reason="lease expired; released", now=now)
            expired += dead
            if lease_dead:
                session.lease_token = session.lease_expires_at = None
                session.save(update_fields=["lease_token", "lease_expires_at"])
    return expired
