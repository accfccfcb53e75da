"""Summary drift: which facts and section items a new summary version keeps, loses or adds.

A checkpoint summary is rewritten at every compaction, and each rewrite can silently drop a
file path, an identifier, an error message or a user preference that the agent needed.
``compare_summaries`` diffs two versions: the verdict of every fact of the old one (kept,
moved, reworded, changed, condensed, lost: ``compaction.engine.verdicts``), the facts
added, the drift score (``DRIFT_SCORE_DEFINITION``), per-section items (reworded ones paired
up), the size growth and a line diff. The facts come from ``compaction.engine.facts``;
following them along a whole chain is ``compaction.engine.ledger``.

Pure (no Django, no database); returns frozen dataclasses with ``as_dict()`` for the API.
"""

from __future__ import annotations

import difflib
from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.bullets import one_report_per_bullet, one_report_per_change
from compaction.engine.facts import MAX_SCAN_CHARS, Fact, facts_as_dicts
from compaction.engine.mentions import Budget
from compaction.engine.outline import Item
from compaction.engine.prompts import SECTIONS
from compaction.engine.snapshot import Snapshot
from compaction.engine.verdicts import (
    DRIFT_SCORE_DEFINITION,
    MAX_PAIR_CHECKS,
    Verdict,
    judge_facts,
)
from compaction.engine.wording import REWORD_MIN, content_words, dice

# Above this many lines in total, the line diff falls back to prefix/suffix trimming.
MAX_DIFF_LINES = 5_000


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
    """How a new version drifted from an old one; see ``DRIFT_SCORE_DEFINITION``."""

    sections: tuple[SectionDiff, ...]
    verdicts: tuple[Verdict, ...]
    added: tuple[Fact, ...]
    drift_score: float
    facts_old: int
    critical_old: int
    critical_lost: int
    size_old: int
    size_new: int
    growth: float | None
    emptied_sections: tuple[str, ...]
    line_diff: tuple[DiffLine, ...]

    def of(self, *verdicts: str) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.verdict in verdicts)

    @property
    def by_fact(self) -> tuple[Verdict, ...]:
        """One verdict per fact of the old version (a bullet's report told fact by fact)."""
        return tuple(part for verdict in self.verdicts for part in verdict.by_fact())

    @property
    def lost(self) -> tuple[Fact, ...]:
        return tuple(v.fact for v in self.by_fact if v.verdict == "lost")

    @property
    def changed(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.by_fact if v.verdict == "changed")

    @property
    def retained(self) -> tuple[Fact, ...]:
        """Facts of the old version the new one still has, in any wording or place."""
        return tuple(v.fact for v in self.verdicts if not v.counted)

    @property
    def counted(self) -> int:
        """Facts of the old version lost or changed (a bullet gone whole counts its facts)."""
        return sum(v.weight for v in self.verdicts if v.counted)

    def section(self, name: str) -> SectionDiff:
        for diff in self.sections:
            if diff.name == name:
                return diff
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "drift_score": self.drift_score,
            "drift_score_definition": DRIFT_SCORE_DEFINITION,
            "facts_old": self.facts_old,
            "facts_counted": self.counted,
            "critical_old": self.critical_old,
            "critical_lost": self.critical_lost,
            "size_old": self.size_old,
            "size_new": self.size_new,
            "growth": self.growth,
            "emptied_sections": list(self.emptied_sections),
            "sections": [diff.as_dict() for diff in self.sections],
            "retained": facts_as_dicts(self.retained),
            "lost": facts_as_dicts(self.lost),
            "changed": [verdict.as_dict() for verdict in self.changed],
            "added": facts_as_dicts(self.added),
            "verdicts": [verdict.as_dict() for verdict in self.verdicts],
            "line_diff": [line.as_dict() for line in self.line_diff],
        }


# ----------------------------------------------------------------------------- rewording


def reworded_pairs(olds: Sequence[str], news: Sequence[str]) -> list[tuple[int, int]]:
    """One-to-one (old index, new index) pairs of reworded items, best matches first."""
    if not olds or not news or len(olds) * len(news) > MAX_PAIR_CHECKS:
        return []
    new_words = [content_words(text) for text in news]
    candidates: list[tuple[float, int, int]] = []
    for i, text in enumerate(olds):
        words = content_words(text)
        for j, other in enumerate(new_words):
            score = dice(words, other)
            if score >= REWORD_MIN:
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


@dataclass(frozen=True)
class FactDiff:
    """The verdict of every fact of the old version, and the facts only the new one has."""

    verdicts: tuple[Verdict, ...]
    added: tuple[Fact, ...]
    facts_old: int

    def of(self, *verdicts: str) -> tuple[Fact, ...]:
        return tuple(v.fact for v in self.verdicts if v.verdict in verdicts)

    @property
    def counted(self) -> int:
        return sum(verdict.weight for verdict in self.verdicts if verdict.counted)

    @property
    def drift(self) -> float:
        """``DRIFT_SCORE_DEFINITION``: (lost + changed) / facts of the old version."""
        return self.counted / self.facts_old if self.facts_old else 0.0


def diff_facts(old: Snapshot, new: Snapshot, budget: Budget | None = None) -> FactDiff:
    budget = budget or Budget()
    per_fact = judge_facts(old, new, budget)
    matched = {verdict.match for verdict in per_fact if verdict.match}
    verdicts = one_report_per_change(one_report_per_bullet(per_fact, old, new, budget))
    added = tuple(
        fact
        for fact in new.facts
        if fact.ident not in old.places
        and fact.value not in matched
        and fact.context not in matched
        and not old.mentions.contains(fact, budget)
    )
    return FactDiff(verdicts=verdicts, added=added, facts_old=len(old.facts))


# ----------------------------------------------------------------------------- comparison


def _section_diff(name: str, olds: Sequence[Item], news: Sequence[Item]) -> SectionDiff:
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
        [olds[i].text for i in unmatched_old], [news[j].text for j in unmatched_new]
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
    """How ``new`` drifted from ``old``: a verdict per fact, sections, score, growth, lines.

    ``drift_score`` follows ``DRIFT_SCORE_DEFINITION``: the share of ``old``'s facts that
    ``new`` lost or changed.
    """
    old, new = (old or "")[:MAX_SCAN_CHARS], (new or "")[:MAX_SCAN_CHARS]
    before, after = Snapshot(old), Snapshot(new)
    facts = diff_facts(before, after, Budget())
    sections = []
    emptied = []
    for name in SECTIONS:
        olds, news = before.items(name), after.items(name)
        sections.append(_section_diff(name, olds, news))
        if olds and not news:
            emptied.append(name)
    return DriftReport(
        sections=tuple(sections),
        verdicts=facts.verdicts,
        added=facts.added,
        drift_score=facts.drift,
        facts_old=facts.facts_old,
        critical_old=before.critical,
        critical_lost=sum(
            1 for v in facts.verdicts for part in v.by_fact() if part.counted and part.fact.critical
        ),
        size_old=len(old),
        size_new=len(new),
        growth=len(new) / len(old) if old else None,
        emptied_sections=tuple(emptied),
        line_diff=_line_diff(old, new),
    )
