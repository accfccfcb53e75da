"""Summary validation: refuse summaries that would silently lose the conversation.

A summary replaces real history, so an empty "skeleton" (all headings, no
content), a one-liner, or free text without the checkpoint structure is worse
than no compaction at all. Oversized summaries are capped with a visible marker
so they cannot snowball version after version.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from compaction.engine.items import TRUNCATION_MARKER, for_payload
from compaction.engine.outline import has_content, split_sections
from compaction.engine.prompts import KEY_SECTIONS, SECTIONS


@dataclass(frozen=True)
class SummaryValidation:
    ok: bool
    text: str
    errors: tuple[str, ...] = ()
    sections_found: tuple[str, ...] = ()
    sections_with_content: tuple[str, ...] = ()
    truncated: bool = False
    original_chars: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("text")
        data["errors"] = list(self.errors)
        data["sections_found"] = list(self.sections_found)
        data["sections_with_content"] = list(self.sections_with_content)
        return data


def cap_summary(text: str, max_chars: int) -> tuple[str, bool]:
    """Cut ``text`` to ``max_chars`` (marker included) at a line break where possible."""
    if len(text) <= max_chars:
        return text, False
    marker = TRUNCATION_MARKER.format(max_chars=max_chars)
    budget = max(0, max_chars - len(marker))
    head = text[:budget]
    newline = head.rfind("\n")
    if newline > budget // 2:
        head = head[:newline]
    return head.rstrip() + marker, True


def validate_summary(text: str, *, max_chars: int, min_chars: int = 200) -> SummaryValidation:
    """Check a summarizer's answer and cap it; ``ok`` is False when it must be rejected."""
    text = (text or "").strip()
    sections = split_sections(text)
    found = tuple(name for name in SECTIONS if name in sections)
    with_content = tuple(name for name in found if has_content(sections[name]))
    errors: list[str] = []
    if len(text) < min_chars:
        errors.append(f"summary is {len(text)} characters, fewer than the minimum {min_chars}")
    key_found = [name for name in KEY_SECTIONS if name in found]
    if len(key_found) < 2:
        errors.append(
            f"summary has {len(key_found)} of the key sections ({', '.join(KEY_SECTIONS)}); "
            "at least 2 are required"
        )
    elif len(with_content) < 2:
        errors.append("summary is an empty skeleton: its headings have no content under them")
    # The cap is on what the agent reads; the Changes section after it is bounded by the
    # previous version's items, and cutting it would turn declared removals into silent ones.
    body = for_payload(text)
    capped, truncated = cap_summary(body, max_chars)
    if len(body) < len(text):
        capped = f"{capped}\n\n{text[len(body) :].strip()}"
    return SummaryValidation(
        ok=not errors,
        text=capped,
        errors=tuple(errors),
        sections_found=found,
        sections_with_content=with_content,
        truncated=truncated,
        original_chars=len(text),
    )
