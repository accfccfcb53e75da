"""Summary drift: which facts and section items a new summary version keeps, loses or adds.

A checkpoint summary is rewritten at every compaction, and each rewrite can silently drop a
file path, an identifier, an error message or a user preference that the agent needed.
``compare_summaries`` diffs two versions: per-section items (reworded ones paired up),
facts retained / lost / added, a drift score, the size growth and a line diff. The facts
come from ``compaction.engine.facts``; following them along a whole chain is
``compaction.engine.ledger``.

Pure (no Django, no database); returns frozen dataclasses with ``as_dict()`` for the API.
"""

from __future__ import annotations

import difflib
from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.facts import (
    ANCHOR_KINDS,
    FACT_KINDS,
    MAX_SCAN_CHARS,
    Budget,
    Fact,
    Mentions,
    facts_as_dicts,
    scan_facts,
)
from compaction.engine.outline import Item, item_key, items, outline
from compaction.engine.prompts import SECTIONS

# Item pairs compared when looking for reworded items (old x new, per pairing).
MAX_PAIR_CHECKS = 50_000
# Above this many lines in total, the line diff falls back to prefix/suffix trimming.
MAX_DIFF_LINES = 5_000

# Words too common to tell two items apart when looking for a rewording.
_STOPWORDS = frozenset(
    {
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with",
        "from", "into", "over", "than", "then", "that", "this", "it", "is", "are", "was",
        "were", "be", "been", "as", "because", "so", "not", "no", "use", "used", "using",
        "instead",
    }
)  # fmt: skip


@dataclass(frozen=True)
class SectionDiff:
    """Items (bullets or lines) of one section, matched across two versions.

    Every old item is in exactly one of ``removed`` / ``kept``, every new one in
    exactly one of ``added`` / ``kept``; ``kept`` holds the new wording and
    includes the ``reworded`` (old, new) pairs matched by shared facts or words.
    """

    name: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    reworded: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed or self.reworded)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "added": list(self.added),
            "removed": list(self.removed),
            "kept": list(self.kept),
            "reworded": [{"old": old, "new": new} for old, new in self.reworded],
        }


@dataclass(frozen=True, slots=True)
class DiffLine:
    """One line of a full unified-style diff: ``op`` is " " (both), "-" (old) or "+" (new)."""

    op: str
    old_no: int | None
    new_no: int | None
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"op": self.op, "old_no": self.old_no, "new_no": self.new_no, "text": self.text}


@dataclass(frozen=True)
class DriftReport:
    sections: tuple[SectionDiff, ...]
    retained: tuple[Fact, ...]
    lost: tuple[Fact, ...]
    added: tuple[Fact, ...]
    drift_score: float
    critical_old: int
    critical_lost: int
    size_old: int
    size_new: int
    growth: float | None
    emptied_sections: tuple[str, ...]
    line_diff: tuple[DiffLine, ...]

    def section(self, name: str) -> SectionDiff:
        for diff in self.sections:
            if diff.name == name:
                return diff
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "drift_score": self.drift_score,
            "critical_old": self.critical_old,
            "critical_lost": self.critical_lost,
            "size_old": self.size_old,
            "size_new": self.size_new,
            "growth": self.growth,
            "emptied_sections": list(self.emptied_sections),
            "sections": [diff.as_dict() for diff in self.sections],
            "retained": facts_as_dicts(self.retained),
            "lost": facts_as_dicts(self.lost),
            "added": facts_as_dicts(self.added),
            "line_diff": [line.as_dict() for line in self.line_diff],
        }


# ----------------------------------------------------------------------------- rewording


Features = tuple[frozenset[tuple[str, str]], frozenset[str]]


def item_features(text: str, cache: dict[str, Features]) -> Features:
    found = cache.get(text)
    if found is None:
        anchors = frozenset(fact.ident for fact in scan_facts(text, ANCHOR_KINDS, None))
        words = frozenset(
            word for word in item_key(text).split() if len(word) > 1 and word not in _STOPWORDS
        )
        found = cache[text] = (anchors, words)
    return found


def rewording_score(old: Features, new: Features) -> float | None:
    """How surely ``new`` rewords ``old``, or None when it does not.

    An item whose facts (identifiers, paths, numbers ...) all reappear in the other
    is a rewording whatever the prose; without facts, at least half the words must match.
    """
    (old_anchors, old_words), (new_anchors, new_words) = old, new
    union = old_words | new_words
    overlap = len(old_words & new_words) / len(union) if union else 0.0
    if old_anchors and old_anchors <= new_anchors:
        return 1.0 + overlap
    if overlap >= 0.5:
        return overlap
    return None


def reworded_pairs(
    olds: Sequence[str], news: Sequence[str], cache: dict[str, Features]
) -> list[tuple[int, int]]:
    """One-to-one (old index, new index) pairs of reworded items, best matches first."""
    if not olds or not news or len(olds) * len(news) > MAX_PAIR_CHECKS:
        return []
    new_features = [item_features(text, cache) for text in news]
    candidates: list[tuple[float, int, int]] = []
    for i, text in enumerate(olds):
        old_features = item_features(text, cache)
        for j, features in enumerate(new_features):
            score = rewording_score(old_features, features)
            if score is not None:
                candidates.append((-score, i, j))
    candidates.sort()
    used_old: set[int] = set()
    used_new: set[int] = set()
    pairs = []
    for _score, i, j in candidates:
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            pairs.append((i, j))
    return sorted(pairs)


class Snapshot:
    """A summary with its outline, facts and mention index, computed once."""

    def __init__(self, text: str) -> None:
        self.text = (text or "")[:MAX_SCAN_CHARS]
        self.outline = outline(self.text)
        self.facts = scan_facts(self.text, FACT_KINDS, self.outline)
        self.idents = {fact.ident for fact in self.facts}
        self.mentions = Mentions([self.text])
        self.critical = sum(1 for fact in self.facts if fact.critical)

    def items(self, section: str) -> list[Item]:
        return items(self.outline.lines.get(section, ()))


@dataclass(frozen=True)
class FactDiff:
    retained: tuple[Fact, ...]
    lost: tuple[Fact, ...]
    added: tuple[Fact, ...]
    critical_old: int
    critical_lost: int

    @property
    def drift(self) -> float:
        return self.critical_lost / self.critical_old if self.critical_old else 0.0


def diff_facts(
    old: Snapshot, new: Snapshot, budget: Budget, cache: dict[str, Features]
) -> FactDiff:
    # Items are matched on their normalized text, then reworded ones are paired up, so that
    # "Use X because Y" rewritten as "Chose X (Y)" is neither lost nor added.
    old_items = [f for f in old.facts if f.kind == "item" and f.ident not in new.idents]
    new_items = [f for f in new.facts if f.kind == "item" and f.ident not in old.idents]
    pairs = reworded_pairs([f.value for f in old_items], [f.value for f in new_items], cache)
    paired_old = {old_items[i].ident for i, _ in pairs}
    paired_new = {new_items[j].ident for _, j in pairs}

    retained: list[Fact] = []
    lost: list[Fact] = []
    for fact in old.facts:
        if (
            fact.ident in new.idents
            or fact.ident in paired_old
            or new.mentions.contains(fact, budget)
        ):
            retained.append(fact)
        else:
            lost.append(fact)
    added = [
        fact
        for fact in new.facts
        if fact.ident not in old.idents
        and fact.ident not in paired_new
        and not old.mentions.contains(fact, budget)
    ]
    return FactDiff(
        retained=tuple(retained),
        lost=tuple(lost),
        added=tuple(added),
        critical_old=old.critical,
        critical_lost=sum(1 for fact in lost if fact.critical),
    )


# ----------------------------------------------------------------------------- comparison


def _section_diff(
    name: str, olds: Sequence[Item], news: Sequence[Item], cache: dict[str, Features]
) -> SectionDiff:
    by_key: dict[str, deque[int]] = defaultdict(deque)
    for j, item in enumerate(news):
        by_key[item.key].append(j)
    match_of_new: dict[int, int] = {}
    unmatched_old: list[int] = []
    for i, item in enumerate(olds):
        if by_key[item.key]:
            match_of_new[by_key[item.key].popleft()] = i
        else:
            unmatched_old.append(i)
    unmatched_new = [j for j in range(len(news)) if j not in match_of_new]
    reworded_new: dict[int, int] = {}
    pairs = reworded_pairs(
        [olds[i].text for i in unmatched_old], [news[j].text for j in unmatched_new], cache
    )
    for a, b in pairs:
        reworded_new[unmatched_new[b]] = unmatched_old[a]
    used_old = set(match_of_new.values()) | set(reworded_new.values())
    return SectionDiff(
        name=name,
        added=tuple(
            item.text
            for j, item in enumerate(news)
            if j not in match_of_new and j not in reworded_new
        ),
        removed=tuple(item.text for i, item in enumerate(olds) if i not in used_old),
        kept=tuple(
            item.text for j, item in enumerate(news) if j in match_of_new or j in reworded_new
        ),
        reworded=tuple((olds[reworded_new[j]].text, news[j].text) for j in sorted(reworded_new)),
    )


def _line_diff(old: str, new: str) -> tuple[DiffLine, ...]:
    a, b = old.splitlines(), new.splitlines()
    if len(a) + len(b) <= MAX_DIFF_LINES:
        opcodes = difflib.SequenceMatcher(None, a, b).get_opcodes()
    else:
        # difflib is quadratic in the worst case: for huge inputs keep the common head and
        # tail and show the middle as replaced. Still a correct (if coarse) diff.
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        opcodes = [("equal", 0, head, 0, head)]
        opcodes.append(("replace", head, len(a) - tail, head, len(b) - tail))
        opcodes.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    lines: list[DiffLine] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            for offset in range(i2 - i1):
                lines.append(DiffLine(" ", i1 + offset + 1, j1 + offset + 1, a[i1 + offset]))
            continue
        for i in range(i1, i2):
            lines.append(DiffLine("-", i + 1, None, a[i]))
        for j in range(j1, j2):
            lines.append(DiffLine("+", None, j + 1, b[j]))
    return tuple(lines)


def compare_summaries(old: str, new: str) -> DriftReport:
    """How ``new`` drifted from ``old``: section items, facts, drift score, growth, line diff.

    ``drift_score`` is the share of ``old``'s critical facts that ``new`` no longer
    has (by key, by a plain mention of the same value, or, for items, by a rewording).
    """
    old, new = old or "", new or ""
    before, after = Snapshot(old), Snapshot(new)
    cache: dict[str, Features] = {}
    facts = diff_facts(before, after, Budget(), cache)
    sections = []
    emptied = []
    for name in SECTIONS:
        olds, news = before.items(name), after.items(name)
        sections.append(_section_diff(name, olds, news, cache))
        if olds and not news:
            emptied.append(name)
    return DriftReport(
        sections=tuple(sections),
        retained=facts.retained,
        lost=facts.lost,
        added=facts.added,
        drift_score=facts.drift,
        critical_old=facts.critical_old,
        critical_lost=facts.critical_lost,
        size_old=len(old),
        size_new=len(new),
        growth=len(new) / len(old) if old else None,
        emptied_sections=tuple(emptied),
        line_diff=_line_diff(old, new),
    )
