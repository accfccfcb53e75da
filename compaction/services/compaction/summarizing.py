"""Phase 2, summarizing: no lock and no transaction while the summarizer works.

The memory flush and ``pre_compaction`` run first, then the summarizer over the archived
range, each answer validated, then the item protocol (``compaction.engine.items``): an
update keeps the previous version's ids and declares what it removed. An answer that breaks
the protocol, or drops items without declaring them, is sent back once with what was wrong
as data; what is still silent after that is stored, and the drift audit counts it.

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
from compaction.drift.audit import audit
from compaction.drift.protocol import ProtocolCheck, protocol_check
from compaction.engine.artifacts import Ledger
from compaction.engine.cutpoint import carried_messages
from compaction.engine.items import (
    Change,
    Parsed,
    assign_ids,
    for_payload,
    parse,
    with_changes,
    without_ids,
)
from compaction.engine.preserve import preserve
from compaction.engine.transcript import TranscriptChunk, chunk_transcript
from compaction.engine.validation import cap_summary, validate_summary
from compaction.engine.window import PART_OVERHEAD_CHARS, summary_input_budget
from compaction.exceptions import (
    InvalidSummary,
    PermanentSummarizerError,
    ProtocolViolation,
    SummarizerError,
)
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.selectors.artifacts import artifacts_stored, artifacts_through
from compaction.services.compaction.retry import retry_delay, should_retry
from compaction.services.compaction.runs import base_checkpoint
from compaction.services.drift import judgement_of
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
    #: The summarizer calls' uncached input; what they read from the prompt cache and wrote
    #: to it apart (the run records the first, per-run cache fields can take the others).
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    request_id: str = ""
    summarize_ms: int = 0
    carried: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    #: The item protocol's check, before and after its retry (empty for a server summary).
    guard: dict[str, Any] = field(default_factory=dict)
    #: Removals the summary declared (``Change.as_dict()``), and the highest item id given.
    changes: list[dict[str, Any]] = field(default_factory=list)
    item_id_max: int = 0
    #: What the drift judge said of the new version against the previous one (None: no
    #: judge, or nothing it needed to read).
    judgement: dict[str, Any] | None = None
    #: The new version audited against the previous one (``AuditSummary.as_record``).
    audit: dict[str, Any] = field(default_factory=dict)
    #: The server compaction block that stands for ``summary`` (a server-side summarizer).
    native_block: dict[str, Any] | None = None
    #: Summarizer calls made one after another (the depth of the tree, plus a protocol retry).
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
        usage["cache_read_input_tokens"] += result.cache_read_input_tokens
        usage["cache_creation_input_tokens"] += result.cache_creation_input_tokens
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
    #: The last call's request (the final merge), for the protocol's retry.
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
    next_item_id: int = 0,
    cache_key: str = "",
) -> TreeOutcome:
    """Summarize chunks side by side, then merge the summaries level by level.

    The parts are plain bullets; only the last merge, which updates ``previous``, keeps its
    ids (``next_item_id``: the item protocol).
    """

    def request(**kwargs: Any) -> SummaryRequest:
        return SummaryRequest(
            max_chars=settings.SUMMARY_MAX_CHARS,
            system_prompt=system_prompt,
            artifacts=artifacts,
            cache_key=cache_key,
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
            f"## Critical Context\n- {notes[index]}" if index in notes else without_ids(item.text)
            for index, item in enumerate(leaves)
        ]
        rounds = 1
        # The previous checkpoint joins the last merge: leave it room in every group, within
        # SUMMARY_INPUT_MAX_CHARS and within what the summarizer's window fits.
        budget = min(
            settings.SUMMARY_INPUT_MAX_CHARS - len(previous or ""),
            summary_input_budget(settings.as_dict(), previous_chars=len(previous or "")),
        )
        while True:
            groups = merge_groups(partials, budget=budget, overhead=PART_OVERHEAD_CHARS)
            if len(groups) == 1:
                final = request(
                    messages=(),
                    transcript="",
                    previous_summary=previous,
                    partials=tuple(groups[0]),
                    next_item_id=next_item_id if previous else 0,
                )
                result = call_with_retries(summarizer, final, settings, usage)
                return TreeOutcome(result=result, request=final, rounds=rounds + 1, gaps=gaps)
            partials = [without_ids(merged.text) for merged in pool.map(merge, groups)]
            rounds += 1


def _gap_note(chunk: TranscriptChunk, error: SummarizerError) -> str:
    seqs = [m["seq"] for m in chunk.messages if "seq" in m]
    span = f"messages #{seqs[0]}-#{seqs[-1]}" if seqs else "a part of the conversation"
    return (
        f"[Compaction gap: {span} could not be summarized ({error.message}); the "
        "originals remain in the archive.]"
    )


def _feedback(check: ProtocolCheck, previous: Parsed | None) -> tuple[str, ...]:
    """What an answer got wrong, as lines of data for its retry."""
    texts = previous.by_id() if previous is not None else {}
    return (
        *check.violations,
        *(f"missing: [{ident}] {texts[ident].text}" for ident in check.silent_drops),
    )


@dataclass(frozen=True)
class Numbered:
    """A summary under the item protocol: its items (every bullet with an id), the removals
    it declared, the highest id the chain has given, and what the protocol check did."""

    result: SummaryResult
    text: str
    declared: tuple[Change, ...]
    item_id_max: int
    record: dict[str, Any]

    @property
    def changes(self) -> list[dict[str, Any]]:
        return [change.as_dict() for change in self.declared]


def items_protocol(
    *,
    previous: Parsed | None,
    item_id_max: int,
    summary: SummaryResult,
    last_request: SummaryRequest,
    summarizer: Summarizer,
    settings: ResolvedSettings,
    usage: dict,
) -> Numbered:
    """Check an answer under the item protocol; send it back once when it broke the protocol
    or dropped items without declaring them; number its new items.

    ``previous`` is the version the answer updates with ids kept (None: a first version, a
    regeneration, or a previous version without ids, whose items are all new here). A
    violation still there after the retry raises ``ProtocolViolation``; silent drops still
    there are stored, and counted by the drift audit.
    """
    if summary.block is not None:
        # A server summary stands in the conversation as its own block: no ids to keep.
        return Numbered(summary, summary.text, (), item_id_max, {"protocol": "none"})
    if previous is None:
        # Every item is new: numbered here, whatever ids the answer invented.
        text, highest = assign_ids(without_ids(summary.text), after=item_id_max)
        text = cap_summary(text, settings.SUMMARY_MAX_CHARS)[0]
        return Numbered(summary, text, (), highest, {"protocol": "ids", "fired": False})
    current = parse(summary.text)
    check = protocol_check(previous, current, after=item_id_max)
    record: dict[str, Any] = {"protocol": "ids", "fired": False, **check.as_dict()}
    if not check.clean:
        record = {"protocol": "ids", "fired": True, "first": check.as_dict()}
        feedback = _feedback(check, previous)
        try:
            retried = call_summarizer(
                summarizer, replace(last_request, feedback=feedback), settings, usage
            )
        except SummarizerError as exc:
            if not check.ok:
                raise
            record.update(kept="first", retry_error=exc.message)
        else:
            again = protocol_check(previous, parse(retried.text), after=item_id_max)
            better = again.ok and (
                not check.ok or len(again.silent_drops) < len(check.silent_drops)
            )
            if better:
                summary, current, check = retried, parse(retried.text), again
            elif not check.ok:
                raise ProtocolViolation(
                    "The summary broke the item protocol twice: "
                    + "; ".join((again.violations or check.violations)[:5]),
                    request_id=retried.request_id,
                    details={"violations": list(again.violations or check.violations)[:50]},
                )
            record.update(kept="retry" if better else "first", after=again.as_dict())
    text, highest = assign_ids(
        for_payload(summary.text), after=max(item_id_max, current.max_number())
    )
    # Ids given here count toward SUMMARY_MAX_CHARS like the rest of the text.
    text = cap_summary(text, settings.SUMMARY_MAX_CHARS)[0]
    return Numbered(
        result=summary,
        text=text,
        declared=check.declared,
        item_id_max=highest,
        record=record,
    )


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
    # The item protocol holds when the version updated carries ids: they are kept, and new
    # ones numbered above every id the chain has given (a regeneration numbers afresh).
    item_id_max = previous.item_id_max if previous else 0
    numbered = parse(summary) if summary else None
    if numbered is not None and not numbered.has_ids:
        numbered = None
    next_item_id = item_id_max + 1 if numbered is not None else 0
    # Before the summarizer: what the tool calls did is known exactly, whatever it writes.
    ledger = artifacts_of_range(run=run, messages=messages, previous=previous)
    chunks = chunk_transcript(
        messages,
        # A summarizer that sends messages (not a transcript) takes the range whole; for the
        # others a chunk is what one call fits beside the previous summary (the window guard).
        max_chars=(
            summary_input_budget(settings.as_dict(), previous_chars=len(summary or ""))
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
        "cache_read_input_tokens": 0,
        "cache_creation_input_tokens": 0,
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
            next_item_id=next_item_id,
            cache_key=str(session.pk),
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
            next_item_id=next_item_id,
            cache_key=str(session.pk),
        )
        request, result, rounds, gaps = tree.request, tree.result, tree.rounds, tree.gaps
    items = items_protocol(
        previous=numbered,
        item_id_max=item_id_max,
        summary=result,
        last_request=request,
        summarizer=summarizer,
        settings=settings,
        usage=usage,
    )
    result = items.result
    rounds += int(items.record.get("fired", False))
    judgement, audited = None, {}
    if previous is not None:
        # The new version audited against the one it follows, stored with it: the judge
        # reads what the audit cannot settle, and only what it confirms is counted.
        new_text = with_changes(items.text, items.declared)
        identity = not regenerate and result.block is None
        found = audit(previous.summary, new_text, identity=identity)
        if result.block is None:
            judgement = judgement_of(
                found=found, old=previous.summary, new=items.text, settings=settings
            )
        if judgement is not None:
            judgement["against"] = previous.version
            if judgement.get("confirmed"):
                found = audit(
                    previous.summary,
                    new_text,
                    identity=identity,
                    confirmed=frozenset(judgement["confirmed"]),
                )
        audited = found.summary().as_record(against=previous.version)
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
        summary=items.text,
        summarizer=summarizer.name,
        model=usage["model"] or summarizer.model,
        validation={**usage["validation"], **({"gaps": list(gaps)} if gaps else {})},
        fallback=bool(gaps),
        error="; ".join(gaps),
        rounds=rounds,
        llm_calls=usage["calls"],
        input_tokens=usage["input_tokens"],
        output_tokens=usage["output_tokens"],
        cache_read_input_tokens=usage["cache_read_input_tokens"],
        cache_creation_input_tokens=usage["cache_creation_input_tokens"],
        request_id=usage["request_id"],
        summarize_ms=int((time.monotonic() - started) * 1000),
        carried=carried,
        guard=items.record,
        changes=items.changes,
        item_id_max=items.item_id_max,
        judgement=judgement,
        audit=audited,
        native_block=result.block,
        preserved=preserved,
        artifacts=artifacts,
        artifacts_text=artifacts_text,
    )
