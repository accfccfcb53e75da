"""A session's chain of summaries: the life of every fact, and what the originals held.

``fact_ledger`` follows every fact of a chain of versions (when it appeared, held, vanished
or came back) and draws the version timeline; ``coverage`` tells which facts of the archived
original messages no summary ever carried. Facts and their matching rules come from
``compaction.engine.facts``, version-to-version comparison from ``compaction.engine.drift``.

Pure (no Django, no database); returns frozen dataclasses with ``as_dict()`` for the API.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.coverage import Original, carried_by, original_facts
from compaction.engine.drift import diff_facts
from compaction.engine.facts import ATOM_KINDS, Fact, normalize_key
from compaction.engine.mentions import Budget
from compaction.engine.snapshot import Snapshot
from compaction.engine.verdicts import MAX_PAIR_CHECKS
from compaction.engine.wording import REWORD_MIN, content_words, dice

__all__ = ["FactLedger", "LedgerEntry", "Original", "VersionPoint"]


@dataclass(frozen=True)
class LedgerEntry:
    """The life of one fact along a chain of versions.

    ``missing_in`` lists every version after ``first_version`` without the fact;
    ``gaps`` only those it later came back from (the ones before ``last_version``).
    """

    fact: Fact
    first_version: int
    last_version: int
    in_latest: bool
    present_in: tuple[int, ...]
    missing_in: tuple[int, ...]
    gaps: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "fact": self.fact.as_dict(),
            "first_version": self.first_version,
            "last_version": self.last_version,
            "in_latest": self.in_latest,
            "present_in": list(self.present_in),
            "missing_in": list(self.missing_in),
            "gaps": list(self.gaps),
        }


@dataclass(frozen=True)
class VersionPoint:
    """One version on the timeline; ``lost`` / ``added`` count facts against the previous one."""

    version: int
    chars: int
    facts: int
    critical_facts: int
    drift_score_vs_previous: float | None
    lost: int
    added: int
    #: A regeneration (a repair) is measured against the originals it was built from:
    #: ``lost`` counts the facts of those originals that the version before it carried and
    #: it does not, ``recovered`` those it carries and the version before it did not.
    regenerated: bool = False
    baseline: str = "previous"
    recovered: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "chars": self.chars,
            "facts": self.facts,
            "critical_facts": self.critical_facts,
            "drift_score_vs_previous": self.drift_score_vs_previous,
            "lost": self.lost,
            "added": self.added,
            "regenerated": self.regenerated,
            "baseline": self.baseline,
            "recovered": self.recovered,
        }


@dataclass(frozen=True)
class FactLedger:
    versions: tuple[int, ...]
    entries: tuple[LedgerEntry, ...]
    timeline: tuple[VersionPoint, ...]

    def entry(self, kind: str, value: str) -> LedgerEntry | None:
        """The entry of the fact that ``value`` (of ``kind``) normalizes to, if any."""
        ident = (kind, normalize_key(kind, value))
        for entry in self.entries:
            if entry.fact.ident == ident:
                return entry
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "versions": list(self.versions),
            "entries": [entry.as_dict() for entry in self.entries],
            "timeline": [point.as_dict() for point in self.timeline],
        }


# ----------------------------------------------------------------------------- ledger


def _present(fact: Fact, snapshot: Snapshot, budget: Budget, checks: list[int]) -> bool:
    if fact.ident in snapshot.places:
        return True
    if fact.kind in ATOM_KINDS:
        return snapshot.mentions.contains(fact, budget)
    # A reworded item still counts as present; the comparisons share one budget (checks[0]).
    words = content_words(fact.value)
    for _place, item in snapshot.lines:
        if checks[0] <= 0:
            return False
        checks[0] -= 1
        if item.key == fact.key or dice(words, content_words(item.text)) >= REWORD_MIN:
            return True
    return False


def fact_ledger(
    versions: Sequence[tuple[int, str]],
    regenerated: Mapping[int, Sequence[str | Original]] | None = None,
) -> FactLedger:
    """Every fact of a chain of (version, summary): when it appeared, held, vanished, returned.

    Versions are taken in ascending version order. Entries are ordered by the
    version a fact first appeared in, then by its position in that version.
    ``regenerated`` maps the versions regenerated from the originals to those originals:
    such a version is measured against them, not against the version before it.
    """
    regenerated = regenerated or {}
    chain = sorted(((int(number), text or "") for number, text in versions), key=lambda p: p[0])
    numbers = [number for number, _ in chain]
    snapshots = [Snapshot(text) for _, text in chain]
    budget = Budget()
    checks = [MAX_PAIR_CHECKS * max(1, len(chain))]

    first: dict[tuple[str, str], tuple[int, Fact]] = {}
    for index, snapshot in enumerate(snapshots):
        for fact in snapshot.facts:
            first.setdefault(fact.ident, (index, fact))

    entries = []
    for start, fact in first.values():
        present = [start]
        missing = []
        for index in range(start + 1, len(snapshots)):
            found = _present(fact, snapshots[index], budget, checks)
            (present if found else missing).append(index)
        last = present[-1]
        entries.append(
            LedgerEntry(
                fact=fact,
                first_version=numbers[start],
                last_version=numbers[last],
                in_latest=last == len(snapshots) - 1,
                present_in=tuple(numbers[i] for i in present),
                missing_in=tuple(numbers[i] for i in missing),
                gaps=tuple(numbers[i] for i in missing if i < last),
            )
        )

    timeline = []
    for index, snapshot in enumerate(snapshots):
        repair = numbers[index] in regenerated
        recovered = 0
        if index == 0:
            drift, lost, added = None, 0, len(snapshot.facts)
        elif repair:
            facts = original_facts(regenerated[numbers[index]])
            before = carried_by(chain[index - 1][1], facts)
            after = carried_by(chain[index][1], facts)
            lost, recovered = len(before - after), len(after - before)
            drift = lost / len(before) if before else 0.0
            added = len(snapshot.facts)
        else:
            diff = diff_facts(snapshots[index - 1], snapshot, budget)
            drift, lost, added = diff.drift, diff.counted, len(diff.added)
        timeline.append(
            VersionPoint(
                version=numbers[index],
                chars=len(chain[index][1]),
                facts=len(snapshot.facts),
                critical_facts=snapshot.critical,
                drift_score_vs_previous=drift,
                lost=lost,
                added=added,
                regenerated=repair,
                baseline="originals" if repair and index else "previous",
                recovered=recovered,
            )
        )
    return FactLedger(versions=tuple(numbers), entries=tuple(entries), timeline=tuple(timeline))
