"""A summary version as the drift engine reads it: its facts, where each sits, its bullets
and a mention index, computed once per version.

Pure: no Django, no database.
"""

from __future__ import annotations

import bisect

from compaction.engine.facts import (
    MAX_SCAN_CHARS,
    PLAIN_ITEM_KINDS,
    Fact,
    atom_spans,
    summary_facts,
)
from compaction.engine.mentions import Mentions
from compaction.engine.outline import Item, items
from compaction.engine.wording import content_words

#: Sections whose bullets are not facts themselves but hold facts, and the kind a bullet
#: reported whole gets (``compaction.engine.bullets``).
BULLET_KINDS: dict[str, str] = {**PLAIN_ITEM_KINDS, "Conversation Dynamics": "note"}
#: Atoms that are code rather than words of an item.
_CODE_KINDS = frozenset({"url", "path", "command", "error"})
#: The stages a task moves through.
STAGES = {"Next Steps": 0, "In Progress": 1, "Done": 2}


class Snapshot:
    """A summary with its facts, places, items and mention index, computed once."""

    def __init__(self, text: str) -> None:
        self.text = (text or "")[:MAX_SCAN_CHARS]
        found = summary_facts(self.text)
        self.outline = found.outline
        self.facts = found.facts
        self.places = found.places
        self.offsets = found.offsets
        self.idents = {fact.ident for fact in self.facts}
        self.mentions = Mentions([self.text])
        self.critical = sum(1 for fact in self.facts if fact.critical)
        self._lines: list[tuple[str, Item]] | None = None
        self._starts: tuple[list[int], list[tuple[str, Item]]] | None = None
        self._anchors: dict[str, frozenset[tuple[str, str]]] = {}
        self._wordings: dict[str, frozenset[str]] = {}
        self._plain: dict[str, frozenset[str]] = {}

    def items(self, section: str) -> list[Item]:
        return items(self.outline.lines.get(section, ()))

    @property
    def lines(self) -> list[tuple[str, Item]]:
        """Every bullet of the summary with its place (Progress split into Done / In Progress)."""
        if self._lines is None:
            found: list[tuple[str, Item]] = []
            for name, section_lines in self.outline.lines.items():
                if name == "Progress":
                    for sub, sub_lines in self.outline.progress.items():
                        found += [(sub, item) for item in items(sub_lines)]
                else:
                    found += [(name, item) for item in items(section_lines)]
            self._lines = found
        return self._lines

    def item_of(self, fact: Fact) -> tuple[str, Item] | None:
        """The bullet (of Progress, Next Steps, Critical Context or Conversation Dynamics)
        where ``fact`` (an atom, or the item of a bullet) first appears, with its place, if
        that is where it does."""
        offset = self.offsets.get(fact.ident)
        if offset is None:
            return None
        if self._starts is None:
            ordered = sorted(self.lines, key=lambda pair: pair[1].offset)
            self._starts = ([item.offset for _, item in ordered], ordered)
        starts, ordered = self._starts
        # A bullet runs up to the next one: every section's bullets are in the list.
        index = bisect.bisect_right(starts, offset) - 1
        if index < 0 or self.outline.section_at(offset) != self.outline.section_at(starts[index]):
            return None
        place, item = ordered[index]
        return (place, item) if place in BULLET_KINDS else None

    def wording(self, text: str) -> frozenset[str]:
        """The content words of an item of this version, its code left out: the words of a
        URL, a path or a command (``s3``, ``orders``, ``2026``) are compared as the atoms
        they are, not as wording."""
        found = self._wordings.get(text)
        if found is None:
            code = frozenset(anchor for anchor in self.anchors(text) if anchor[0] in _CODE_KINDS)
            found = content_words(without(text, code)) or content_words(text)
            self._wordings[text] = found
        return found

    def plain_words(self, text: str) -> frozenset[str]:
        """The content words of an item of this version with all its atoms left out: what
        is left of it to be said in other words."""
        found = self._plain.get(text)
        if found is None:
            found = content_words(without(text, self.anchors(text)))
            self._plain[text] = found
        return found

    def anchors(self, text: str) -> frozenset[tuple[str, str]]:
        found = self._anchors.get(text)
        if found is None:
            found = frozenset((span[2], key) for span, key in atom_spans(text))
            self._anchors[text] = found
        return found


def without(text: str, anchors: frozenset[tuple[str, str]]) -> str:
    """``text`` with the atoms of ``anchors`` blanked out."""
    keys = {key for _kind, key in anchors}
    if not keys:
        return text
    spans = [(span[0], span[1]) for span, key in atom_spans(text) if key in keys]
    for start, end in reversed(spans):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def moved_forward(old: str | None, new: str) -> bool:
    """A task's move along Next Steps → In Progress → Done."""
    return old in STAGES and new in STAGES and STAGES[new] > STAGES[old]
