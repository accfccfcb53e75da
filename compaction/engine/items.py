"""The checkpoint's item format: every bullet has an id, and an update declares what it removed.

A bullet of a checkpoint starts with a stable id, ``- [c12] text``. An update keeps the id of
every item it carries (reworded or moved to another section, it is the same item), gives new
items new ids, and lists each previous id it removed in a final ``## Changes`` section, one
line each::

    - [c7] done
    - [c3] merged into [c12]
    - [c9] superseded by [c14]
    - [c2] condensed into [c20]
    - [c5] obsolete: the staging cluster was retired

This module reads that format (``parse``), writes it (``assign_ids``, ``render_changes``),
and gives the two views of a stored summary: the payload's, without the Changes section
(``for_payload``), and a summarizer's plain input, without ids (``without_ids``). Checking
an update against the version before it is the drift audit's (``compaction.drift``). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from compaction.engine.outline import canonical_section, heading, is_placeholder
from compaction.engine.prompts import PROGRESS_SUBSECTIONS

CHANGES_HEADING = "Changes"
#: How a Changes line may say an item went, and the words that name the item it went into.
KINDS: dict[str, str] = {
    "done": "",
    "merged": "merged into",
    "superseded": "superseded by",
    "condensed": "condensed into",
    "obsolete": "",
}
#: The section an item sits in that has no id: the Goal is one paragraph, not a list.
GOAL = "Goal"
#: Bounds on what is read of one summary (a stored text can be anything).
MAX_ITEMS = 2_000
MAX_ITEM_CHARS = 2_000
MAX_REASON_CHARS = 300

_MARKER = r"[ \t]{0,3}(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+"
_ID = r"c(\d{1,6})"
_TAGGED = re.compile(rf"({_MARKER})\[{_ID}\][ \t]*(.*)")
_BULLET = re.compile(rf"({_MARKER})(.*)")
_CHANGE = re.compile(
    rf"{_MARKER}\[{_ID}\][ \t]*:?[ \t]+"
    rf"(?:(done)\.?|(merged into|superseded by|condensed into)[ \t]+\[{_ID}\]\.?"
    r"|(obsolete)[ \t]*[:\u2014-][ \t]*(\S.*))[ \t]*",
    re.IGNORECASE,
)
_SUBSECTIONS = {sub.lower(): sub for sub in PROGRESS_SUBSECTIONS}
#: The line a summary cut to its size limit ends with: a note, not an item.
TRUNCATION_MARKER = "\n\n[\u2026 summary truncated to {max_chars} characters]"
_MARKER_LINE = re.compile(r"\[\u2026 summary truncated to \d+ characters\]")


def item_id(number: int) -> str:
    return f"c{number}"


def id_number(ident: str) -> int:
    return int(ident[1:])


@dataclass(frozen=True)
class Item:
    """One bullet: its id ("" for a bullet without one), the section it sits in (Done and In
    Progress for Progress's halves), its text without the marker and the id."""

    id: str
    section: str
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"item": self.id or None, "section": self.section, "text": self.text}


@dataclass(frozen=True)
class Change:
    """A Changes line: the removed item, how it went (``KINDS``), the item it went into (for
    merged, superseded, condensed) or why (obsolete)."""

    id: str
    kind: str
    target: str = ""
    reason: str = ""

    @property
    def text(self) -> str:
        if self.target:
            return f"{KINDS[self.kind]} [{self.target}]"
        return f"obsolete: {self.reason}" if self.kind == "obsolete" else self.kind

    def as_dict(self) -> dict[str, Any]:
        return {
            "item": self.id,
            "kind": self.kind,
            "target": self.target or None,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Parsed:
    """A summary read as items: its bullets (with or without ids), in order, its Goal, its
    Changes, and the Changes lines that do not follow the format."""

    items: tuple[Item, ...] = ()
    goal: str = ""
    changes: tuple[Change, ...] = ()
    malformed: tuple[str, ...] = ()
    #: Where the Changes section starts in the text (-1: it has none).
    changes_at: int = -1

    @property
    def tagged(self) -> tuple[Item, ...]:
        return tuple(item for item in self.items if item.id)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(item.id for item in self.items if item.id)

    @property
    def has_ids(self) -> bool:
        """Whether the summary follows the item protocol (its bullets carry ids)."""
        return bool(self.items) and all(item.id for item in self.items)

    def by_id(self) -> dict[str, Item]:
        return {item.id: item for item in self.items if item.id}

    def max_number(self) -> int:
        return max((id_number(ident) for ident in self.ids), default=0)


def _section_of(line: str, current: str | None) -> tuple[str | None, bool]:
    """The section a heading line opens (None for an unknown heading), and whether the line
    is a heading at all."""
    found = heading(line) if line[:4].lstrip(" \t")[:1] in ("#", "*") else None
    if found is None:
        return current, False
    name = canonical_section(found.text)
    if name == "Progress":
        return PROGRESS_SUBSECTIONS[0], True
    if name is not None:
        return name, True
    label = found.text.strip().strip(":").lower()
    sub = _SUBSECTIONS.get(label)
    if sub is not None and current in PROGRESS_SUBSECTIONS:
        return sub, True
    if label == CHANGES_HEADING.lower():
        return CHANGES_HEADING, True
    # Bold text that names no section is emphasis inside the current one.
    return (current if found.bold else None), True


@lru_cache(maxsize=1024)
def parse(summary: str) -> Parsed:
    """The items, the Goal, the Changes and what breaks the format, of one summary.

    An indented line that is not a bullet continues the item above it. Placeholders
    ("- (none)") are not items. Bounded by ``MAX_ITEMS`` and ``MAX_ITEM_CHARS``. Cached:
    an audit, a chain and the protocol check read the same versions again.
    """
    items: list[list[str]] = []  # [id, section, text]
    goal: list[str] = []
    changes: list[Change] = []
    malformed: list[str] = []
    section: str | None = None
    changes_at = -1
    offset = 0
    for line in summary.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        body = line.rstrip("\r\n")
        section, is_heading = _section_of(body, section)
        if is_heading:
            if section == CHANGES_HEADING and changes_at < 0:
                changes_at = start
            continue
        if section is None or not body.strip():
            continue
        if section == CHANGES_HEADING:
            change = parse_change(body)
            if change is not None:
                changes.append(change)
            elif not is_placeholder(body.strip().lstrip("-*+\u2022 \t")):
                malformed.append(body.strip()[:MAX_REASON_CHARS])
            continue
        if section == GOAL:
            if not is_placeholder(body.strip().lstrip("-*+ ")):
                goal.append(body.strip())
            continue
        tagged = _TAGGED.fullmatch(body)
        bullet = tagged or _BULLET.fullmatch(body)
        if bullet is not None:
            text = (tagged.group(3) if tagged else bullet.group(2)).strip()
            if is_placeholder(text) or len(items) >= MAX_ITEMS:
                continue
            items.append([item_id(int(tagged.group(2))) if tagged else "", section, text])
        elif items and body[:1] in (" ", "\t") and items[-1][1] == section:
            items[-1][2] = f"{items[-1][2]} {body.strip()}"
        elif (
            not is_placeholder(body.strip())
            and not _MARKER_LINE.fullmatch(body.strip())
            and len(items) < MAX_ITEMS
        ):
            items.append(["", section, body.strip()])
    return Parsed(
        items=tuple(Item(ident, sec, text[:MAX_ITEM_CHARS]) for ident, sec, text in items),
        goal=" ".join(goal)[:MAX_ITEM_CHARS],
        changes=tuple(changes),
        malformed=tuple(malformed),
        changes_at=changes_at,
    )


def parse_change(line: str) -> Change | None:
    match = _CHANGE.fullmatch(line.rstrip())
    if match is None:
        return None
    number, done, joined, target, obsolete, reason = match.groups()
    ident = item_id(int(number))
    if done:
        return Change(ident, "done")
    if joined:
        kind = {"merged into": "merged", "superseded by": "superseded"}.get(
            joined.lower(), "condensed"
        )
        return Change(ident, kind, target=item_id(int(target)))
    if obsolete:
        return Change(ident, "obsolete", reason=reason.strip()[:MAX_REASON_CHARS])
    return None


def for_payload(summary: str) -> str:
    """The summary as the agent reads it: its items, without the Changes section."""
    at = parse(summary).changes_at
    return summary if at < 0 else summary[:at].rstrip()


def without_ids(summary: str) -> str:
    """The summary as plain bullets, without ids, Changes or truncation note: a part of a
    summary tree (merged into the ids of the checkpoint it updates only at the last merge),
    or what a summarizer that numbers nothing reads."""
    out: list[str] = []
    for line in for_payload(summary).splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if _MARKER_LINE.fullmatch(body.strip()):
            continue  # where an earlier version was cut: not content to carry
        tagged = _TAGGED.fullmatch(body)
        out.append(f"{tagged.group(1)}{tagged.group(3)}{line[len(body) :]}" if tagged else line)
    return "".join(out).rstrip() + ("\n" if summary.endswith("\n") else "")


def retag(summary: str, choose: Callable[[str, str], str | None]) -> str:
    """``summary`` with an id on each item without one for which ``choose(section, text)``
    answers an id (None: the line stays as it is). A plain line that is an item of its own
    (not indented under a bullet) becomes a bullet with its id."""
    out: list[str] = []
    section: str | None = None
    in_item = False
    for line in summary.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        ending = line[len(body) :]
        section, is_heading = _section_of(body, section)
        if is_heading or section in (None, GOAL, CHANGES_HEADING) or not body.strip():
            in_item = in_item and not is_heading and bool(body.strip())
            out.append(line)
            continue
        tagged = _TAGGED.fullmatch(body)
        bullet = None if tagged else _BULLET.fullmatch(body)
        if tagged is None and bullet is None and in_item and body[:1] in (" ", "\t"):
            out.append(line)  # continues the item above
            continue
        in_item = True
        text = (bullet.group(2) if bullet else body).strip() if tagged is None else ""
        if text and not is_placeholder(text) and not _MARKER_LINE.fullmatch(text):
            ident = choose(section, text)
            if ident:
                marker = bullet.group(1) if bullet else "- "
                body = f"{marker}[{ident}] {text}"
        out.append(body + ending)
    return "".join(out)


def assign_ids(summary: str, *, after: int) -> tuple[str, int]:
    """``summary`` with an id on every bullet that has none, numbered above ``after`` and
    above every id it already holds; returns the text and the highest id it now holds."""
    number = max(after, parse(summary).max_number())

    def fresh(_section: str, _text: str) -> str:
        nonlocal number
        number += 1
        return item_id(number)

    return retag(summary, fresh), number


def render_changes(changes: Iterable[Change]) -> str:
    """A Changes section ("" when there is nothing to declare)."""
    lines = [f"- [{change.id}] {change.text}" for change in changes]
    return "\n".join([f"## {CHANGES_HEADING}", *lines]) if lines else ""


def with_changes(summary: str, changes: Iterable[Change]) -> str:
    """``summary`` (its own Changes section replaced) followed by ``changes``."""
    section = render_changes(changes)
    body = for_payload(summary)
    return f"{body}\n\n{section}" if section else body
