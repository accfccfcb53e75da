"""Build the exact payload for ``anthropic.Anthropic().messages.create(system=, messages=)``.

The payload is: the system prompt, the latest checkpoint (as a synthetic
user/assistant pair, or appended to the system prompt), then the active
messages with tool-result pruning applied. Whatever the placement, the result
starts with a user message and keeps every tool_use next to its tool_result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.pruning import prune_tool_results
from compaction.engine.tokens import message_tokens, text_tokens
from compaction.engine.transcript import render_block

SUMMARY_PREAMBLE = (
    "This session continues a previous conversation that was compacted to fit the context "
    "window. Checkpoint v{version} below summarizes everything before the messages that follow."
)
SUMMARY_ACK = "Understood. I have the checkpoint summary and will continue from where we left off."
SYSTEM_CONTINUATION = "[The conversation so far is summarized in the system prompt.]"
_VERBATIM_BLOCKS = {"text", "image", "document"}


@dataclass(frozen=True)
class ContextPayload:
    system: str
    messages: list[dict[str, Any]]
    estimated_tokens: int
    checkpoint_version: int
    soft_trimmed: int
    hard_cleared: int
    should_compact: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "messages": self.messages,
            "estimated_tokens": self.estimated_tokens,
            "checkpoint_version": self.checkpoint_version,
            "pruning": {"soft_trimmed": self.soft_trimmed, "hard_cleared": self.hard_cleared},
            "should_compact": self.should_compact,
        }


def _carried_blocks(carried: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Carried messages as user content blocks, verbatim where a user message allows it."""
    blocks: list[dict[str, Any]] = []
    for item in carried:
        content = item["content"]
        label = (
            "[Original first request, kept verbatim]"
            if item.get("protected")
            else f"[Pinned {item['role']} message #{item['seq']}, kept verbatim]"
        )
        blocks.append({"type": "text", "text": label})
        if isinstance(content, str):
            blocks.append({"type": "text", "text": content})
            continue
        for block in content:
            if item["role"] == "user" and block.get("type") in _VERBATIM_BLOCKS:
                blocks.append(block)
            else:
                text = render_block(block, head=2000, tail=1000)
                if text.strip():
                    blocks.append({"type": "text", "text": text})
    return blocks


def summary_text(summary: str, version: int) -> str:
    return f"{SUMMARY_PREAMBLE.format(version=version)}\n\n<checkpoint>\n{summary}\n</checkpoint>"


def summary_messages(
    *,
    summary: str,
    version: int,
    carried: Sequence[dict[str, Any]],
    placement: str,
    next_role: str | None,
) -> tuple[str, list[dict[str, Any]]]:
    """The system-prompt suffix and the leading messages that carry a checkpoint.

    ``next_role`` is the role of the first active message (None when there is none), so
    the leading messages connect to it with valid roles.
    """
    carried_blocks = _carried_blocks(carried)
    if placement == "system":
        suffix = f"\n\n{summary_text(summary, version)}"
        lead = carried_blocks
        if not lead and next_role == "assistant":
            lead = [{"type": "text", "text": SYSTEM_CONTINUATION}]
        return suffix, ([{"role": "user", "content": lead}] if lead else [])
    content = [*carried_blocks, {"type": "text", "text": summary_text(summary, version)}]
    lead = [{"role": "user", "content": content}]
    if next_role == "user":
        lead.append({"role": "assistant", "content": SUMMARY_ACK})
    return "", lead


def summary_tokens(
    *, summary: str, version: int, carried: Sequence[dict[str, Any]], image_tokens: int
) -> int:
    """Estimated tokens a checkpoint adds to the context (placement-independent estimate)."""
    _, lead = summary_messages(
        summary=summary, version=version, carried=carried, placement="messages", next_role="user"
    )
    return sum(message_tokens(m["content"], image_tokens=image_tokens) for m in lead)


def _merge_user(lead: dict[str, Any], first: dict[str, Any]) -> dict[str, Any]:
    def as_blocks(content: Any) -> list[dict[str, Any]]:
        return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)

    return {"role": "user", "content": as_blocks(lead["content"]) + as_blocks(first["content"])}


def build_context(
    *,
    system_prompt: str,
    summary: str | None,
    version: int,
    carried: Sequence[dict[str, Any]],
    messages: Sequence[dict[str, Any]],
    settings: Any,
    calibration_ratio: float,
    should_compact: bool,
) -> ContextPayload:
    """Assemble the payload; ``messages`` are the active messages, oldest first."""
    pruned = prune_tool_results(
        [{"role": m["role"], "content": m["content"]} for m in messages],
        soft_trim_chars=settings.TOOL_SOFT_TRIM_CHARS,
        head=settings.TOOL_SOFT_TRIM_HEAD,
        tail=settings.TOOL_SOFT_TRIM_TAIL,
        hard_clear_after=settings.TOOL_HARD_CLEAR_AFTER,
        keep_last=settings.KEEP_LAST_TOOL_RESULTS,
    )
    body = pruned.messages
    system = system_prompt
    if summary is not None:
        next_role = body[0]["role"] if body else None
        suffix, lead = summary_messages(
            summary=summary,
            version=version,
            carried=carried,
            placement=settings.SUMMARY_PLACEMENT,
            next_role=next_role,
        )
        system = f"{system_prompt}{suffix}" if system_prompt else suffix.lstrip()
        if lead and body and lead[-1]["role"] == "user" and body[0]["role"] == "user":
            body = [*lead[:-1], _merge_user(lead[-1], body[0]), *body[1:]]
        else:
            body = [*lead, *body]
    raw = text_tokens(system) + sum(
        message_tokens(m["content"], image_tokens=settings.IMAGE_TOKENS) for m in body
    )
    return ContextPayload(
        system=system,
        messages=body,
        estimated_tokens=round(raw * calibration_ratio),
        checkpoint_version=version,
        soft_trimmed=pruned.soft_trimmed,
        hard_cleared=pruned.hard_cleared,
        should_compact=should_compact,
    )
