"""The checkpoint outline: which section each line of a summary belongs to, and its items.

Every reader of a summary goes through this one parser: validation (are the key sections
present and filled), drift (which section a fact sits in, the items of a section) and the
offline summarizer (the previous version's bullets). Headings are recognised with string
operations rather than a regular expression, because a ``.+?\\s*#*\\s*$`` tail backtracks
badly on long runs of spaces and operators point the drift views at any stored text.

Pure: no Django, no database.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from compaction.engine.prompts import PROGRESS_SUBSECTIONS, SECTIONS

#: Lines kept per section (facts anywhere in a text are found regardless of this cap).
MAX_SECTION_LINES = 20_000
MAX_ITEM_CHARS = 1_000
MAX_ITEMS_PER_SECTION = 1_000
# Longer heading text cannot name a section; capping it keeps canonical_section cheap.
_MAX_HEADING_CHARS = 200

_PROGRESS_SUBS = {sub.lower(): sub for sub in PROGRESS_SUBSECTIONS}
_NUMBERED = re.compile(r"\d{1,3}[.)](?:[ \t]|$)")
_NON_WORD = re.compile(r"[^\w\s]++")
# What a model writes under a heading it has nothing for; such a line is not content.
_PLACEHOLDERS = frozenset(
    {"", "none", "n a", "na", "nothing", "tbd", "todo", "none yet", "nothing yet"}
)


@dataclass(frozen=True)
class Heading:
    text: str
    #: ``**Title**`` rather than ``## Title``: unknown bold lines are emphasis, not structure.
    bold: bool


def heading(line: str) -> Heading | None:
    """The heading on ``line`` (``# ...`` up to 3 spaces in, or a whole ``**bold**`` line)."""
    stripped = line.lstrip(" \t")
    if len(line) - len(stripped) > 3 or not stripped:
        return None
    if stripped[0] == "#":
        hashes = len(stripped) - len(stripped.lstrip("#"))
        if hashes == 1 and len(stripped.strip()) == 1:
            return None
        return Heading(stripped[min(hashes, 6) :].strip().rstrip("#").strip(), bold=False)
    text = stripped.rstrip()
    if text.endswith(":"):
        text = text[:-1]
    if len(text) > 4 and text.startswith("**") and text.endswith("**") and "*" not in text[2:-2]:
        return Heading(text[2:-2], bold=True)
    return None


def canonical_section(text: str) -> str | None:
    """Map a heading's text to one of ``SECTIONS`` (tolerant of case, numbering, colons)."""
    text = re.sub(r"^[\d.)\s]+", "", text[:_MAX_HEADING_CHARS])
    text = text.strip().strip(":").strip("*").strip().lower().replace(" and ", " & ")
    for name in SECTIONS:
        if text == name.lower() or text.startswith(name.lower()):
            return name
    return None


def item_key(text: str) -> str:
    """Lower-cased words of ``text``; punctuation becomes a space so "a,b" and "a, b" agree."""
    return " ".join(_NON_WORD.sub(" ", text.lower()).split())


def is_placeholder(text: str) -> bool:
    """``- (none)``, ``N/A``, ``…``: a line that says there is nothing to say."""
    return item_key(text) in _PLACEHOLDERS


@dataclass
class Outline:
    """Where each section starts, and the content lines of each (with their offsets).

    Progress's ``### Done`` / ``### In Progress`` sub-headings are not content; ``progress``
    keeps Progress's lines by sub-section (lines before either sub-heading count as Done).
    """

    starts: list[int] = field(default_factory=lambda: [0])
    names: list[str | None] = field(default_factory=lambda: [None])
    lines: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    progress: dict[str, list[tuple[int, str]]] = field(
        default_factory=lambda: {sub: [] for sub in PROGRESS_SUBSECTIONS}
    )

    def section_at(self, pos: int) -> str | None:
        """The section that the character at offset ``pos`` belongs to."""
        index = bisect.bisect_right(self.starts, pos) - 1
        return self.names[index] if index >= 0 else None

    def text_lines(self, section: str) -> list[str]:
        return [line for _, line in self.lines.get(section, ())]


def outline(text: str) -> Outline:
    """The sections of a summary: an unknown ``#`` heading ends a section, bold text does not."""
    result = Outline()
    current: str | None = None
    sub = PROGRESS_SUBSECTIONS[0]
    offset = 0
    for line in text.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        body = line.rstrip("\r\n")
        # Only lines that can open a heading pay for the heading check.
        found = heading(body) if body[:4].lstrip(" \t")[:1] in ("#", "*") else None
        if found is not None:
            name = canonical_section(found.text)
            if name is not None:
                current, sub = name, PROGRESS_SUBSECTIONS[0]
                result.lines.setdefault(name, [])
                result.starts.append(start)
                result.names.append(name)
                continue
            named_sub = _PROGRESS_SUBS.get(found.text.strip().strip(":").lower())
            if current == "Progress" and named_sub is not None:
                sub = named_sub
                continue
            if not found.bold:
                if current is not None:
                    current = None
                    result.starts.append(start)
                    result.names.append(None)
                continue
        if current is not None and len(result.lines[current]) < MAX_SECTION_LINES:
            result.lines[current].append((start, body))
            if current == "Progress":
                result.progress[sub].append((start, body))
    return result


def split_sections(text: str) -> dict[str, list[str]]:
    """The summary's lines grouped under the checkpoint section they belong to.

    Lines before the first recognised heading, and under unknown headings, are dropped;
    Progress's Done / In Progress sub-headings are dropped and their lines kept.
    """
    found = outline(text)
    return {name: found.text_lines(name) for name in found.lines}


def has_content(lines: Sequence[str]) -> bool:
    return any(not is_placeholder(line) for line in lines)


def _bullet_length(stripped: str) -> int:
    """Length of the bullet marker ("- ", "* ", "1. ") at the start of ``stripped``, or 0."""
    if stripped[:1] in ("-", "*", "+", "•") and (len(stripped) == 1 or stripped[1] in " \t"):
        return 1
    match = _NUMBERED.match(stripped)
    return match.end() if match else 0


@dataclass(frozen=True)
class Item:
    """One bullet (or plain line) of a section, continuation lines joined."""

    text: str
    key: str
    offset: int


def items(lines: Sequence[tuple[int, str]]) -> list[Item]:
    """The bullet items of a section's lines; indented plain lines continue a bullet.

    Placeholders ("- (none)") are not items. Bounded: ``MAX_ITEMS_PER_SECTION`` items
    of at most ``MAX_ITEM_CHARS`` characters.
    """
    offsets: list[int] = []
    texts: list[str] = []
    for offset, line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        marker = _bullet_length(stripped)
        if marker:
            offsets.append(offset)
            texts.append(stripped[marker:].strip())
        elif texts and line[:1] in (" ", "\t") and len(texts[-1]) < MAX_ITEM_CHARS:
            texts[-1] = f"{texts[-1]} {stripped}"
        else:
            offsets.append(offset)
            texts.append(stripped)
        if len(texts) > MAX_ITEMS_PER_SECTION:
            break
    found = []
    for offset, text in zip(
        offsets[:MAX_ITEMS_PER_SECTION], texts[:MAX_ITEMS_PER_SECTION], strict=True
    ):
        text = text[:MAX_ITEM_CHARS]
        key = item_key(text)
        if key not in _PLACEHOLDERS:
            found.append(Item(text, key, offset))
    return found
