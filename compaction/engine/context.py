"""Build the exact payload for the model: Anthropic ``messages.create`` or OpenAI chat.

The payload is: the system prompt, the latest checkpoint (as a synthetic user/assistant
pair, appended to the system prompt, or, for a server compaction, its ``compaction``
block first and alone), then the active messages with tool-output pruning applied.
Whatever the placement, the result starts the way the API requires and keeps every tool
call next to its result. Messages come back in the format they were appended in when the
payload has that format; otherwise they are converted (``compaction.content.openai``).

With ``PROMPT_CACHE`` on, the Anthropic payload marks with ``cache_control`` the prefixes
that stay byte for byte the same from call to call: the end of the system prompt, the end
of the stretch pruning will not change again, the end of the previous call's conversation
when nothing in it changed since, and the end of the summary (``_build_anthropic`` says why
in that order). One of the API's four markers is left for the call's top-level one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from compaction.content import (
    ANTHROPIC,
    OPENAI,
    RESPONSES,
    canonical_blocks,
    transcript_text,
)
from compaction.content import openai as openai_format
from compaction.content import responses as responses_format
from compaction.engine.caching import (
    MAX_CACHE_BREAKPOINTS,
    cache_control,
    limit_stored_markers,
    mark,
    marker_spot_before,
    marker_spots,
)
from compaction.engine.fitting import (
    CLEARED_TOOL_RESULTS,
    CUT_OVERSIZED,
    cut_oversized,
    hardest_pruning,
)
from compaction.engine.formats import (
    anthropic_messages,
    as_blocks,
    merge_user,
    openai_messages,
    refuse_opaque,
    responses_items,
)
from compaction.engine.preserve import preserved_section
from compaction.engine.pruning import prune_for_settings
from compaction.engine.tokens import CHARS_PER_TOKEN, message_tokens, text_tokens

SUMMARY_PREAMBLE = (
    "This session continues a previous conversation that was compacted to fit the context "
    "window. Checkpoint v{version} below summarizes everything before the messages that follow."
)
SUMMARY_ACK = "Understood. I have the checkpoint summary and will continue from where we left off."
TRUNCATION_MARKER = (
    "[{count} earlier messages of this conversation (up to #{last}) are left out: it is "
    "longer than the context window and has not been compacted. Ask the user if you need them.]"
)
SYSTEM_CONTINUATION = "[The conversation so far is summarized in the system prompt.]"
_VERBATIM_BLOCKS = {"text", "image", "document"}


@dataclass(frozen=True)
class CheckpointContext:
    """What the payload needs of the latest checkpoint."""

    summary: str
    version: int
    carried: Sequence[dict[str, Any]] = ()
    #: A server ``compaction`` block that stands for the summary (sent instead of it).
    block: dict[str, Any] | None = None
    #: That block already opens the active messages (a host appended it).
    block_in_history: bool = False
    #: Exact text carried from the compacted messages (PRESERVE), newest first; shown
    #: after the summary. A server block stands alone: its checkpoints carry none.
    preserved: Sequence[dict[str, Any]] = ()
    #: The artifact ledger's "Files & artifacts" section, as stored: after the summary and
    #: its preserved text, or after the system prompt when a server block stands for the
    #: summary (nothing may precede that block).
    artifacts: str = ""


@dataclass(frozen=True)
class ContextPayload:
    format: str
    #: Anthropic: a string, or text blocks when the prefix is marked for caching.
    #: OpenAI: None (the system prompt is the first message).
    system: str | list[dict[str, Any]] | None
    messages: list[dict[str, Any]]
    estimated_tokens: int
    checkpoint_version: int
    soft_trimmed: int
    hard_cleared: int
    should_compact: bool
    cache_breakpoints: int = 0
    #: Active messages left out because the history is larger than the window.
    omitted_messages: int = 0
    #: What was done to this payload alone to fit the window (``compaction.engine.fitting``).
    fitted: tuple[str, ...] = ()
    #: Whether a memory flush turn is due, and its prompt (when due).
    memory_flush_due: bool = False
    memory_flush_prompt: str | None = None
    #: This is the flush turn's payload: the flush prompt is its last user message.
    flush_turn: bool = False
    #: Since when a compaction of the session runs (None: none runs). The payload is of the
    #: checkpoint before it; the next build after it finishes carries the new one.
    compacting_since: datetime | None = None

    @property
    def truncated(self) -> bool:
        return self.omitted_messages > 0 or CUT_OVERSIZED in self.fitted

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            **(
                {"instructions": self.system, "input": self.messages}
                if self.format == RESPONSES
                else {"system": self.system, "messages": self.messages}
            ),
            "estimated_tokens": self.estimated_tokens,
            "checkpoint_version": self.checkpoint_version,
            "pruning": {"soft_trimmed": self.soft_trimmed, "hard_cleared": self.hard_cleared},
            "cache_breakpoints": self.cache_breakpoints,
            "should_compact": self.should_compact,
            "truncated": self.truncated,
            "omitted_messages": self.omitted_messages,
            "fitted": list(self.fitted),
            "memory_flush": {"due": self.memory_flush_due, "prompt": self.memory_flush_prompt},
            "flush_turn": self.flush_turn,
            "compaction": {
                "running": self.compacting_since is not None,
                "since": self.compacting_since.isoformat() if self.compacting_since else None,
            },
        }

    @property
    def system_text(self) -> str:
        if isinstance(self.system, list):
            return "\n\n".join(str(block.get("text") or "") for block in self.system)
        return self.system or ""


# ----------------------------------------------------------------------------- the summary


def _carried_blocks(carried: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Carried messages as user content blocks, verbatim where a user message allows it."""
    blocks: list[dict[str, Any]] = []
    for item in carried:
        label = (
            "[Original first request, kept verbatim]"
            if item.get("protected")
            else f"[Pinned {item['role']} message #{item['seq']}, kept verbatim]"
        )
        blocks.append({"type": "text", "text": label})
        content = canonical_blocks(item["role"], item["content"], item.get("format", ANTHROPIC))
        for block in content:
            if item["role"] == "user" and block.get("type") in _VERBATIM_BLOCKS:
                # The payload's cache markers are placed by this module alone.
                blocks.append({k: v for k, v in block.items() if k != "cache_control"})
            elif text := transcript_text(block, head=2000, tail=1000).strip():
                blocks.append({"type": "text", "text": text})
    return blocks


def summary_text(
    summary: str,
    version: int,
    preserved: Sequence[dict[str, Any]] = (),
    artifacts: str = "",
) -> str:
    """The checkpoint as the model reads it: the preamble, the summary, then the preserved
    text verbatim and the Files & artifacts section, each labelled (in the same block, so
    inside the cached prefix and counted by ``summary_tokens``)."""
    text = f"{SUMMARY_PREAMBLE.format(version=version)}\n\n<checkpoint>\n{summary}\n</checkpoint>"
    sections = [section for section in (preserved_section(preserved), artifacts) if section]
    return "\n\n".join([text, *sections])


def summary_messages(
    *,
    summary: str,
    version: int,
    carried: Sequence[dict[str, Any]],
    placement: str,
    next_role: str | None,
    preserved: Sequence[dict[str, Any]] = (),
    artifacts: str = "",
) -> tuple[str, list[dict[str, Any]]]:
    """The system-prompt suffix and the leading messages that carry a checkpoint.

    ``next_role`` is the role of the first active message (None when there is none), so
    the leading messages connect to it with valid roles.
    """
    carried_blocks = _carried_blocks(carried)
    text = summary_text(summary, version, preserved, artifacts)
    if placement == "system":
        suffix = f"\n\n{text}"
        lead = carried_blocks
        if not lead and next_role == "assistant":
            lead = [{"type": "text", "text": SYSTEM_CONTINUATION}]
        return suffix, ([{"role": "user", "content": lead}] if lead else [])
    content = [*carried_blocks, {"type": "text", "text": text}]
    lead = [{"role": "user", "content": content}]
    if next_role == "user":
        lead.append({"role": "assistant", "content": SUMMARY_ACK})
    return "", lead


def summary_tokens(
    *,
    summary: str,
    version: int,
    carried: Sequence[dict[str, Any]],
    image_tokens: int,
    block: dict[str, Any] | None = None,
    preserved: Sequence[dict[str, Any]] = (),
    artifacts: str = "",
) -> int:
    """Estimated tokens a checkpoint adds to the context (placement-independent estimate),
    its preserved text and Files & artifacts section included."""
    section = text_tokens(artifacts) if artifacts else 0
    if block is not None:
        # The block stands alone before the messages; the section rides on the system prompt.
        return message_tokens([block], image_tokens=image_tokens) + section
    _, lead = summary_messages(
        summary=summary,
        version=version,
        carried=carried,
        placement="messages",
        next_role="user",
        preserved=preserved,
        artifacts=artifacts,
    )
    return sum(message_tokens(m["content"], image_tokens=image_tokens) for m in lead)


# ----------------------------------------------------------------------------- assembly


def build_context(
    *,
    system_prompt: str,
    checkpoint: CheckpointContext | None,
    messages: Sequence[dict[str, Any]],
    settings: Any,
    calibration_ratio: float,
    should_compact: bool,
    fmt: str = ANTHROPIC,
    omitted: tuple[int, int] | None = None,
    budget: int | None = None,
    memory_flush_due: bool = False,
    memory_flush_prompt: str | None = None,
    flush_turn: bool = False,
) -> ContextPayload:
    """Assemble the payload; ``messages`` are the active ones, oldest first, as stored
    (``{"role", "content", "format"?}``). ``omitted`` is ``(count, last seq)`` of the
    oldest active messages left out to fit the window: a marker says so first.

    ``budget`` (calibrated tokens, the window minus the reserve): a payload over it gets the
    measures of ``compaction.engine.fitting``, in order, until it fits (``fitted`` says
    which) or nothing cuttable is left: the system prompt, the summary and images are never
    cut, so ``estimated_tokens`` may stay over when they alone are. ``memory_flush_prompt``
    is reported when a flush is due; with ``flush_turn`` it is sent, as the last user
    message, due or not, and never cut.
    """
    if omitted:
        marker = TRUNCATION_MARKER.format(count=omitted[0], last=omitted[1])
        messages = [{"role": "user", "content": marker, "format": ANTHROPIC}, *messages]
    if flush_turn:
        if memory_flush_prompt is None:
            raise ValueError("a flush turn needs its prompt")
        prompt: Any = [{"type": "text", "text": memory_flush_prompt}]
        if fmt in (OPENAI, RESPONSES):
            prompt = {"role": "user", "content": memory_flush_prompt}
    # The flush prompt comes last and is never cut: fitting shapes the conversation before it.
    last = [{"role": "user", "content": prompt, "format": fmt}] if flush_turn else []
    fitted: list[str] = []

    def assemble(rows: Sequence[dict[str, Any]], pruning: Any) -> ContextPayload:
        return _assemble(
            system_prompt=system_prompt,
            checkpoint=checkpoint,
            messages=[*rows, *last],
            settings=settings,
            pruning=pruning,
            calibration_ratio=calibration_ratio,
            should_compact=should_compact,
            fmt=fmt,
            omitted=omitted,
            fitted=tuple(fitted),
            memory_flush_prompt=memory_flush_prompt if memory_flush_due else None,
            flush_turn=flush_turn,
        )

    payload = assemble(messages, settings)
    if budget is None or payload.estimated_tokens <= budget:
        return payload
    fitted.append(CLEARED_TOOL_RESULTS)
    pruning = hardest_pruning(settings)
    payload = assemble(messages, pruning)
    rows = list(messages)
    # Each cut aims a little below the budget: the estimate of a cut message is not exact.
    for _ in range(3):
        if payload.estimated_tokens <= budget:
            break
        excess = (payload.estimated_tokens - budget) / calibration_ratio
        rows, cut = cut_oversized(rows, remove_chars=int(excess * CHARS_PER_TOKEN * 1.1) + 1)
        if not cut:
            break
        if CUT_OVERSIZED not in fitted:
            fitted.append(CUT_OVERSIZED)
        payload = assemble(rows, pruning)
    return payload


def _assemble(
    *,
    system_prompt: str,
    checkpoint: CheckpointContext | None,
    messages: Sequence[dict[str, Any]],
    settings: Any,
    pruning: Any,
    calibration_ratio: float,
    should_compact: bool,
    fmt: str,
    omitted: tuple[int, int] | None,
    fitted: tuple[str, ...],
    memory_flush_prompt: str | None,
    flush_turn: bool,
) -> ContextPayload:
    pruned = prune_for_settings(messages, pruning)
    if fmt != RESPONSES:
        refuse_opaque(pruned.messages, fmt)
    if fmt == OPENAI:
        system, body, breakpoints = _build_openai(
            system_prompt, checkpoint, pruned.messages, settings
        )
    elif fmt == RESPONSES:
        system, body, breakpoints = _build_responses(
            system_prompt, checkpoint, pruned.messages, settings
        )
    else:
        system, body, breakpoints = _build_anthropic(
            system_prompt,
            checkpoint,
            pruned.messages,
            settings,
            stable=(pruned.stable_until, pruned.unchanged_until, pruned.next_stable_until),
        )
    if flush_turn and fmt == ANTHROPIC and len(body) >= 2 and body[-2]["role"] == "user":
        # The prompt joins the user turn it follows (tool results, or the user's own text).
        body = [*body[:-2], merge_user(body[-2], body[-1])]
    raw = sum(
        message_tokens(
            m if fmt in (OPENAI, RESPONSES) else m["content"],
            image_tokens=settings.IMAGE_TOKENS,
            fmt=fmt,
        )
        for m in body
    )
    if isinstance(system, list):
        raw += sum(text_tokens(str(block.get("text") or "")) for block in system)
    elif system:
        raw += text_tokens(system)
    return ContextPayload(
        format=fmt,
        system=system,
        messages=body,
        estimated_tokens=round(raw * calibration_ratio),
        checkpoint_version=checkpoint.version if checkpoint else 0,
        soft_trimmed=pruned.soft_trimmed,
        hard_cleared=pruned.hard_cleared,
        should_compact=should_compact,
        cache_breakpoints=breakpoints,
        omitted_messages=omitted[0] if omitted else 0,
        fitted=fitted,
        memory_flush_due=memory_flush_prompt is not None,
        memory_flush_prompt=memory_flush_prompt,
        flush_turn=flush_turn,
    )


def _build_anthropic(
    system_prompt: str,
    checkpoint: CheckpointContext | None,
    rows: Sequence[dict[str, Any]],
    settings: Any,
    *,
    stable: Sequence[int | None] = (),
) -> tuple[str | list[dict[str, Any]], list[dict[str, Any]], int]:
    """``stable``: the rows before which the payload is the same as in other calls
    (``PruneResult``'s ``stable_until``, ``unchanged_until``, ``next_stable_until``), by
    priority."""
    cache = bool(settings.PROMPT_CACHE)
    marker = cache_control(settings.PROMPT_CACHE_TTL)
    body = anthropic_messages(rows)
    # Our markers, by priority within the API's four, one left for the request's top-level
    # cache_control (the conversation's end; run_turn sends one): the system prompt (it
    # outlives compactions); the end of the stretch the previous call had in its final
    # form (at a pruning step the change begins there: the conversation before it is read);
    # the end of the previous call's conversation, unchanged since (all of it is read,
    # however many blocks came after it); the end of the stretch final from now on (at a
    # step it moves on: an entry is written there, to be read at the next step, as a marker
    # inside what a call reads writes nothing); the summary, which those make redundant.
    room = MAX_CACHE_BREAKPOINTS - 1 - int(bool(system_prompt))
    spots: list[tuple[int, int]] = []
    for row in stable if cache else ():
        spot = marker_spot_before(body, rows, row)
        if spot is not None and spot not in spots and len(spots) < room:
            spots.append(spot)
    spots.sort()
    room -= len(spots)
    summary_marked = (
        cache
        and checkpoint is not None
        and (checkpoint.block is None or bool(checkpoint.artifacts))
        and room > 0
    )
    ours = (int(bool(system_prompt)) + int(summary_marked) + len(spots)) if cache else 0
    # Markers the host stored stay while the limit allows, after ours.
    body = limit_stored_markers(
        body,
        budget=MAX_CACHE_BREAKPOINTS - ours - 1,
        ttl=settings.PROMPT_CACHE_TTL if cache else None,
        ours_at=spots,
    )
    for m, b in spots:
        content = as_blocks(body[m]["content"])
        content[b] = mark(content[b], marker)
        body[m] = {**body[m], "content": content}
    system_blocks: list[dict[str, Any]] = []
    if system_prompt:
        block = {"type": "text", "text": system_prompt}
        system_blocks.append(mark(block, marker) if cache else block)
    lead: list[dict[str, Any]] = []
    if checkpoint is not None and checkpoint.block is not None:
        # The server's compaction block goes first, alone and untouched; nothing before it.
        if not checkpoint.block_in_history:
            lead = [{"role": "assistant", "content": [checkpoint.block]}]
        if checkpoint.artifacts:
            block = {"type": "text", "text": checkpoint.artifacts}
            system_blocks.append(mark(block, marker) if summary_marked else block)
    elif checkpoint is not None:
        next_role = next((m["role"] for m in body if m["role"] != "system"), None)
        suffix, lead = summary_messages(
            summary=checkpoint.summary,
            version=checkpoint.version,
            carried=checkpoint.carried,
            placement=settings.SUMMARY_PLACEMENT,
            next_role=next_role,
            preserved=checkpoint.preserved,
            artifacts=checkpoint.artifacts,
        )
        if suffix:
            block = {"type": "text", "text": suffix.lstrip()}
            system_blocks.append(mark(block, marker) if summary_marked else block)
        elif summary_marked:
            content = lead[0]["content"]
            lead[0] = {**lead[0], "content": [*content[:-1], mark(content[-1], marker)]}
    if lead and body and lead[-1]["role"] == "user" and body[0]["role"] == "user":
        body = [*lead[:-1], merge_user(lead[-1], body[0]), *body[1:]]
    else:
        body = [*lead, *body]
    # System messages that open the payload join the system prompt: the API takes
    # system messages mid-conversation, not before the first turn.
    while body and body[0]["role"] == "system":
        for block in as_blocks(body.pop(0)["content"]):
            system_blocks.append({k: v for k, v in block.items() if k != "cache_control"})
    marks = sum(1 for block in system_blocks if block.get("cache_control")) + len(
        marker_spots(body)
    )
    if cache:
        return system_blocks, body, marks
    return "\n\n".join(str(block.get("text") or "") for block in system_blocks), body, marks


def _build_openai(
    system_prompt: str,
    checkpoint: CheckpointContext | None,
    rows: Sequence[dict[str, Any]],
    settings: Any,
) -> tuple[None, list[dict[str, Any]], int]:
    body = openai_messages(rows)
    system = system_prompt
    lead: list[dict[str, Any]] = []
    if checkpoint is not None:
        next_role = next(
            (m["role"] for m in body if m["role"] not in ("system", "developer")), None
        )
        system, lead = _summary_lead(
            system_prompt,
            checkpoint,
            settings,
            next_role="user" if next_role == "tool" else next_role,
            convert=openai_format.from_blocks,
        )
    head = [{"role": "system", "content": system}] if system else []
    return None, [*head, *lead, *body], 0


def _build_responses(
    system_prompt: str,
    checkpoint: CheckpointContext | None,
    rows: Sequence[dict[str, Any]],
    settings: Any,
) -> tuple[str | None, list[dict[str, Any]], int]:
    """``instructions`` (the system prompt, with the summary when placed there) and the
    ``input`` items: the summary pair, then the stored items as they came."""
    body = responses_items(rows)
    system = system_prompt
    lead: list[dict[str, Any]] = []
    if checkpoint is not None and responses_format.is_compaction(checkpoint.block):
        # OpenAI's compaction item stands for the summary and goes first, alone: from the
        # history when the host appended it, else in front.
        if not checkpoint.block_in_history:
            lead = [checkpoint.block]
        if checkpoint.artifacts:
            system = (
                f"{system_prompt}\n\n{checkpoint.artifacts}"
                if system_prompt
                else checkpoint.artifacts
            )
    elif checkpoint is not None:
        system, lead = _summary_lead(
            system_prompt,
            checkpoint,
            settings,
            next_role=next(
                (m.get("role") for m in body if m.get("role") in ("user", "assistant")), "user"
            ),
            convert=responses_format.from_blocks,
        )
    return system or None, [*lead, *body], 0


def _summary_lead(
    system_prompt: str,
    checkpoint: CheckpointContext,
    settings: Any,
    *,
    next_role: str | None,
    convert: Any,
) -> tuple[str, list[dict[str, Any]]]:
    """The system prompt with the summary when placed there, and the summary messages
    otherwise, converted from the canonical form by ``convert`` (an OpenAI format's
    ``from_blocks``). A server compaction block stands alone: it carries nothing else."""
    suffix, canonical_lead = summary_messages(
        summary=checkpoint.summary,
        version=checkpoint.version,
        carried=() if checkpoint.block is not None else checkpoint.carried,
        placement=settings.SUMMARY_PLACEMENT,
        next_role=next_role,
        preserved=() if checkpoint.block is not None else checkpoint.preserved,
        artifacts=checkpoint.artifacts,
    )
    system = f"{system_prompt}{suffix}" if system_prompt else suffix.lstrip()
    lead: list[dict[str, Any]] = []
    for message in canonical_lead:
        lead.extend(convert(message["role"], message["content"]))
    return system, lead
