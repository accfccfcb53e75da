"""Where ``cache_control`` markers go in an Anthropic payload, within the API's limits.

The API takes at most four markers per request, and a 1h entry may not follow a 5m one.
The payload's own markers (``context._build_anthropic`` decides which prefixes deserve
them) come first; markers a host stored in its messages keep what room is left, newest
first, and are dropped from the payload (never from storage) when they would break a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compaction.content import MARKABLE
from compaction.engine.formats import anthropic_messages, as_blocks

#: The Messages API takes at most this many cache_control markers in one request.
MAX_CACHE_BREAKPOINTS = 4
_TTL_ORDER = {"1h": 0, "5m": 1}


def cache_control(ttl: str) -> dict[str, Any]:
    return {"type": "ephemeral", "ttl": "1h"} if ttl == "1h" else {"type": "ephemeral"}


def marker_spots(messages: list[dict[str, Any]]) -> list[tuple[int, int, int | None]]:
    """Where ``messages`` carry cache_control markers, in prompt order: (message, block,
    None) for a block, (message, block, item) for a block inside a tool result's content."""
    spots: list[tuple[int, int, int | None]] = []
    for m, message in enumerate(messages):
        if not isinstance(message["content"], list):
            continue
        for b, block in enumerate(message["content"]):
            if not isinstance(block, dict):
                continue
            inner = block.get("content")
            for k, item in enumerate(inner if isinstance(inner, list) else ()):
                if isinstance(item, dict) and item.get("cache_control"):
                    spots.append((m, b, k))
            if block.get("cache_control"):
                spots.append((m, b, None))
    return spots


def _ttl_rank(control: Any) -> int:
    return _TTL_ORDER.get(control.get("ttl"), 1) if isinstance(control, dict) else 1


def limit_stored_markers(
    messages: list[dict[str, Any]],
    *,
    budget: int,
    ttl: str | None,
    ours_at: Sequence[tuple[int, int]] = (),
) -> list[dict[str, Any]]:
    """Keep the newest stored cache_control markers that fit ``budget`` and the API's TTL
    order (a 1h marker may not follow a 5m one); the others are left out of the payload,
    never out of storage. Ours (of ``ttl``) open the prompt and go on the blocks at
    ``ours_at``: a stored marker there gives way, and one before them must be of ``ttl``."""
    every = marker_spots(messages)
    spots = [spot for spot in every if spot[2] is not None or spot[:2] not in ours_at]
    keep = set(spots[len(spots) - budget :] if budget > 0 else [])
    floor = _TTL_ORDER[ttl] if ttl is not None else 0
    last_ours = max(ours_at, default=None)

    def control(spot: tuple[int, int, int | None]) -> Any:
        block = messages[spot[0]]["content"][spot[1]]
        return (
            block["cache_control"]
            if spot[2] is None
            else block["content"][spot[2]]["cache_control"]
        )

    highest = floor
    kept = set()
    for spot in spots:
        rank = _ttl_rank(control(spot))
        before_ours = last_ours is not None and spot[:2] <= last_ours
        if spot in keep and highest <= rank and not (before_ours and rank > floor):
            kept.add(spot)
            highest = rank
    drop = {spot for spot in every if spot not in kept}
    if not drop:
        return messages
    out = []
    for m, message in enumerate(messages):
        if any(spot[0] == m for spot in drop):
            content = []
            for b, block in enumerate(message["content"]):
                if (m, b, None) in drop:
                    block = {k: v for k, v in block.items() if k != "cache_control"}
                inner = {k for (mm, bb, k) in drop if (mm, bb) == (m, b) and k is not None}
                if inner:
                    block = {
                        **block,
                        "content": [
                            {x: y for x, y in item.items() if x != "cache_control"}
                            if k in inner
                            else item
                            for k, item in enumerate(block["content"])
                        ],
                    }
                content.append(block)
            message = {**message, "content": content}
        out.append(message)
    return out


def marker_spot_before(
    body: list[dict[str, Any]], rows: Sequence[dict[str, Any]], row: int | None
) -> tuple[int, int] | None:
    """The last block of ``body`` (``rows`` as Anthropic messages) before row ``row`` that
    a marker may take, or None."""
    if not row:
        return None
    # Conversion keeps every row's blocks in order (it only merges whole messages), so the
    # blocks of the rows before ``row`` are the first ones of the body.
    count = sum(len(as_blocks(m["content"])) for m in anthropic_messages(rows[:row]))
    flat = [
        (m, b, block)
        for m, message in enumerate(body)
        for b, block in enumerate(as_blocks(message["content"]))
    ][:count]
    for m, b, block in reversed(flat):
        if block.get("type") in MARKABLE and (block.get("type") != "text" or block.get("text")):
            return m, b
    return None


def mark(block: dict[str, Any], marker: dict[str, Any]) -> dict[str, Any]:
    return {**block, "cache_control": marker}
