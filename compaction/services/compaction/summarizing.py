"""Phase 2, summarizing: no lock and no transaction while the summarizer works.

The memory flush and ``pre_compaction`` run first, then the summarizer over the archived
range, each answer validated, then the drift guard: one more call when the new summary lost
too much of the previous one.

A range larger than one call (``SUMMARY_INPUT_MAX_CHARS``, or less when the summarizer's
own window holds less: ``engine.window.summary_input_budget``) is summarized as a tree: its
chunks side by side (at most ``SUMMARY_CONCURRENCY`` calls at once), then their summaries
merged in groups that fit one call, the previous checkpoint joining the last merge. A
50k-message backlog is then three rounds of calls, not hundreds one after another. Each
call of a tree is retried on its own under the one retry policy; a chunk that still fails
is replaced by a note (``FALLBACK="annotate"``) instead of failing the whole range.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import F

from compaction import signals
from compaction.conf import ResolvedSettings, app_settings
from compaction.engine.artifacts import Ledger
from compaction.engine.cutpoint import carried_messages
from compaction.engine.drift import compare_summaries
from compaction.engine.preserve import preserve
from compaction.engine.transcript import TranscriptChunk, chunk_transcript
from compaction.engine.validation import validate_summary
from compaction.engine.window import PART_OVERHEAD_CHARS, summary_input_budget
from compaction.exceptions import InvalidSummary, PermanentSummarizerError, SummarizerError
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.selectors.artifacts import artifacts_stored, artifacts_through
from compaction.services.compaction.retry import retry_delay, should_retry
from compaction.services.compaction.runs import base_checkpoint
from compaction.services.memory import memory_flush_once
from compaction.summarizers import Summarizer, SummaryRequest, SummaryResult, get_summarizer

logger = logging.getLogger(__name__)


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
    #: Summarizer calls made one after another (the depth of the tree, plus a guard retry).
    rounds: int = 0
    #: Exact text carried verbatim whatever the summary says (PRESERVE), newest first.
    preserved: list[dict[str, Any]] = field(default_factory=list)
    #: The artifact ledger through the range (stored), and its payload section.
    artifacts: dict[str, Any] = field(default_factory=dict)
    artifacts_text: str = ""


_usage_lock = threading.Lock()


def call_summarizer(
    summarizer: Summarizer, request: SummaryRequest, settings: ResolvedSettings, usage: dict
) -> SummaryResult:
    """One summarizer call, validated; usage is accumulated into ``usage`` (thread-safe).

    The result's text is the validated summary (capped at SUMMARY_MAX_CHARS), except
    under a server compaction block: its signature covers the text, which stays whole.
    """
    result = summarizer.summarize(request)
    with _usage_lock:
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
    with _usage_lock:
        usage["validation"] = validation.as_dict()
    return result if result.block is not None else replace(result, text=validation.text)


def call_with_retries(
    summarizer: Summarizer, request: SummaryRequest, settings: ResolvedSettings, usage: dict
) -> SummaryResult:
    """``call_summarizer`` under the one retry policy, for one call of a tree.

    When the call still fails, the error is permanent: its retries are spent, and the
    run's own retry would repeat every call of the tree that succeeded.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            return call_summarizer(summarizer, request, settings, usage)
        except SummarizerError as error:
            if should_retry(error, attempt=attempt, max_attempts=settings.MAX_ATTEMPTS):
                time.sleep(retry_delay(attempt - 1, base=settings.RETRY_BACKOFF_SECONDS))
                continue
            if not error.retryable:
                raise
            raise PermanentSummarizerError(
                f"{error.message} (a call of the summary tree, after {attempt} attempts)",
                status=error.status,
                request_id=error.request_id,
                details=error.details,
            ) from error


def merge_groups(partials: Sequence[str], *, budget: int, overhead: int = 0) -> list[list[str]]:
    """Consecutive groups of partial summaries, each fitting ``budget`` characters where it
    can, and each of at least two (so that every round shrinks the tree). Each partial
    costs its length plus ``overhead`` (its delimiters in the prompt)."""
    groups: list[list[str]] = []
    current: list[str] = []
    size = 0
    for text in partials:
        if len(current) >= 2 and size + len(text) + overhead > budget:
            groups.append(current)
            current, size = [], 0
        current.append(text)
        size += len(text) + overhead
    if current:
        if len(current) == 1 and groups:
            groups[-1].append(current[0])
        else:
            groups.append(current)
    return groups


@dataclass(frozen=True)
class TreeOutcome:
    result: SummaryResult
    #: The last call's request (the final merge), for the drift guard's retry.
    request: SummaryRequest
    rounds: int
    #: Notes standing for chunks that could not be summarized.
    gaps: tuple[str, ...] = ()


def summarize_tree(
    chunks: Sequence[TranscriptChunk],
    *,
    previous: str | None,
    summarizer: Summarizer,
    settings: ResolvedSettings,
    usage: dict,
    system_prompt: str,
    artifacts: Ledger | None = None,
) -> TreeOutcome:
    """Summarize chunks side by side, then merge the summaries level by level."""

    def request(**kwargs: Any) -> SummaryRequest:
        return SummaryRequest(
            max_chars=settings.SUMMARY_MAX_CHARS,
            system_prompt=system_prompt,
            artifacts=artifacts,
            **kwargs,
        )

    def leaf(chunk: TranscriptChunk) -> SummaryResult | SummarizerError:
        try:
            return call_with_retries(
                summarizer,
                request(messages=chunk.messages, transcript=chunk.text, previous_summary=None),
                settings,
                usage,
            )
        except SummarizerError as error:
            return error

    def merge(group: Sequence[str]) -> SummaryResult:
        return call_with_retries(
            summarizer,
            request(messages=(), transcript="", previous_summary=None, partials=tuple(group)),
            settings,
            usage,
        )

    workers = max(1, min(settings.SUMMARY_CONCURRENCY, len(chunks)))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="compaction-summary") as pool:
        leaves = list(pool.map(leaf, chunks))
        errors = [item for item in leaves if isinstance(item, SummarizerError)]
        if len(errors) == len(leaves) or (errors and settings.FALLBACK != "annotate"):
            raise errors[0]
        notes = {
            index: _gap_note(chunk, item)
            for index, (chunk, item) in enumerate(zip(chunks, leaves, strict=True))
            if isinstance(item, SummarizerError)
        }
        gaps = tuple(notes.values())
        # A gap stands in the tree as a one-item summary, so that every merge keeps it.
        partials = [
            f"## Critical Context\n- {notes[index]}" if index in notes else item.text
            for index, item in enumerate(leaves)
        ]
        rounds = 1
        # The previous checkpoint joins the last merge: leave it room in every group, within
        # SUMMARY_INPUT_MAX_CHARS and within what the summarizer's window fits.
        budget = min(
            settings.SUMMARY_INPUT_MAX_CHARS - len(previous or ""),
            summary_input_budget(settings, previous_chars=len(previous or "")),
        )
        while True:
            groups = merge_groups(partials, budget=budget, overhead=PART_OVERHEAD_CHARS)
            if len(groups) == 1:
                final = request(
                    messages=(),
                    transcript="",
                    previous_summary=previous,
                    partials=tuple(groups[0]),
                )
                result = call_with_retries(summarizer, final, settings, usage)
                return TreeOutcome(result=result, request=final, rounds=rounds + 1, gaps=gaps)
            partials = [merged.text for merged in pool.map(merge, groups)]
            rounds += 1


def _gap_note(chunk: TranscriptChunk, error: SummarizerError) -> str:
    seqs = [m["seq"] for m in chunk.messages if "seq" in m]
    span = f"messages #{seqs[0]}-#{seqs[-1]}" if seqs else "a part of the conversation"
    return (
        f"[Compaction gap: {span} could not be summarized ({error.message}); the "
        "originals remain in the archive.]"
    )


def drift_guard(
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
    # What counts toward the score (lost, and changed to another value), as data: the
    # prompt puts it inside delimiters, never among the instructions.
    lost = [verdict.fact.value for verdict in report.verdicts if verdict.counted][:50]
    record: dict[str, Any] = {
        "fired": True,
        "limit": limit,
        "drift_before": round(report.drift_score, 4),
        "lost_before": lost,
    }
    try:
        retried = call_summarizer(
            summarizer, replace(last_request, keep_facts=tuple(lost)), settings, usage
        )
    except SummarizerError as exc:
        record.update(kept="first", retry_error=exc.message)
        return summary, record
    after = compare_summaries(previous, retried.text)
    better = after.drift_score < report.drift_score
    record.update(
        drift_after=round(after.drift_score, 4),
        lost_after=[verdict.fact.value for verdict in after.verdicts if verdict.counted][:50],
        recovered=sorted(set(lost) - {v.fact.value for v in after.verdicts if v.counted}),
        kept="retry" if better else "first",
    )
    return (retried if better else summary), record


def preserved_text(
    messages: Sequence[dict[str, Any]], previous: Checkpoint | None, settings: ResolvedSettings
) -> list[dict[str, Any]]:
    """What a checkpoint over ``messages`` (its range, oldest first) carries verbatim:
    their errors, decisions and commits, then the previous checkpoint's, within budget."""
    return preserve(
        reversed(messages),
        previous=previous.preserved if previous is not None else (),
        kinds=settings.PRESERVE,
        max_tokens=settings.PRESERVE_MAX_TOKENS,
    )


def artifacts_of_range(
    *,
    run: CompactionRun,
    messages: Sequence[dict[str, Any]],
    previous: Checkpoint | None,
) -> Ledger:
    """The artifact ledger through the run's range: the previous checkpoint's continued, or
    for a regeneration (which reads every archived message) built anew."""
    return artifacts_through(
        session_id=run.session_id,
        base=previous,
        first_seq=run.first_seq or 1,
        messages=messages,
        fresh=run.mode == CompactionRun.Mode.REGENERATE,
    )


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
    # Phase 2 as a whole: reading the range and chunking it count, not only the calls.
    started = time.monotonic()
    previous = base_checkpoint(run)
    messages = list(
        Message.objects.filter(session=session, seq__gte=run.first_seq, seq__lte=run.cut_seq)
        .order_by("seq")
        .values("seq", "role", "format", "content", "pinned")
    )
    summary = previous.summary if previous and not regenerate else None
    # Before the summarizer: what the tool calls did is known exactly, whatever it writes.
    ledger = artifacts_of_range(run=run, messages=messages, previous=previous)
    chunks = chunk_transcript(
        messages,
        # A summarizer that sends messages (not a transcript) takes the range whole; for the
        # others a chunk is what one call fits beside the previous summary (the window guard).
        max_chars=(
            summary_input_budget(settings, previous_chars=len(summary or ""))
            if summarizer.chunked
            else sys.maxsize
        ),
        head=settings.TOOL_PREVIEW_HEAD,
        tail=settings.TOOL_PREVIEW_TAIL,
    )
    block = previous.native_block if previous and not regenerate else None
    usage: dict[str, Any] = {
        "calls": 0,
        "input_tokens": 0,
        "output_tokens": 0,
        "request_id": "",
        "model": "",
        "validation": None,
    }
    gaps: tuple[str, ...] = ()
    if len(chunks) == 1:
        request = SummaryRequest(
            messages=chunks[0].messages,
            transcript=chunks[0].text,
            previous_summary=summary,
            max_chars=settings.SUMMARY_MAX_CHARS,
            system_prompt=session.system_prompt,
            previous_block=block,
            artifacts=ledger,
        )
        result = call_summarizer(summarizer, request, settings, usage)
        rounds = 1
    else:
        tree = summarize_tree(
            chunks,
            previous=summary,
            summarizer=summarizer,
            settings=settings,
            usage=usage,
            system_prompt=session.system_prompt,
            artifacts=ledger,
        )
        request, result, rounds, gaps = tree.request, tree.result, tree.rounds, tree.gaps
    guard: dict[str, Any] = {}
    if previous is not None and not regenerate and not previous.fallback:
        result, guard = drift_guard(
            previous=previous.summary,
            summary=result,
            last_request=request,
            summarizer=summarizer,
            settings=settings,
            usage=usage,
        )
        rounds += int(guard.get("fired", False))
    if result.block is not None:
        carried: list[dict[str, Any]] = []  # the server's block stands alone, first
    elif regenerate and previous:
        carried = list(previous.carried)
    else:
        carried = carried_messages(
            messages,
            previous.carried if previous else None,
            protect_first=settings.PROTECT_FIRST_MESSAGE,
        )
    # A regeneration reads every archived message: it recomputes them, not carries them.
    preserved = (
        []
        if result.block is not None
        else preserved_text(messages, None if regenerate else previous, settings)
    )
    artifacts, artifacts_text = artifacts_stored(ledger, max_tokens=settings.ARTIFACTS_MAX_TOKENS)
    return SummaryOutcome(
        summary=result.text,
        summarizer=summarizer.name,
        model=usage["model"] or summarizer.model,
        validation={**usage["validation"], **({"gaps": list(gaps)} if gaps else {})},
        fallback=bool(gaps),
        error="; ".join(gaps),
        rounds=rounds,
        llm_calls=usage["calls"],
        input_tokens=usage["input_tokens"],
        output_tokens=usage["output_tokens"],
        request_id=usage["request_id"],
        summarize_ms=int((time.monotonic() - started) * 1000),
        carried=carried,
        guard=guard,
        native_block=result.block,
        preserved=preserved,
        artifacts=artifacts,
        artifacts_text=artifacts_text,
    )
