"""A session's chain of summaries: the life of every fact, and what the originals held.

``fact_ledger`` follows every fact of a chain of versions (when it appeared, held, vanished
or came back) and draws the version timeline; ``coverage`` tells which facts of the archived
original messages no summary ever carried. Facts and their matching rules come from
``compaction.engine.facts``, version-to-version comparison from ``compaction.engine.drift``.

Pure (no Django, no database); returns frozen dataclasses with ``as_dict()`` for the API.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.drift import diff_facts
from compaction.engine.facts import (
    ATOM_KINDS,
    COVERAGE_KINDS,
    Fact,
    extract_facts,
    facts_as_dicts,
    normalize_key,
    scan_facts,
)
from compaction.engine.mentions import Budget, Mentions
from compaction.engine.verdicts import (
    MAX_PAIR_CHECKS,
    REWORD_MIN,
    Snapshot,
    content_words,
    dice,
)

MAX_COVERAGE_FACTS = 20_000


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

    def as_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "chars": self.chars,
            "facts": self.facts,
            "critical_facts": self.critical_facts,
            "drift_score_vs_previous": self.drift_score_vs_previous,
            "lost": self.lost,
            "added": self.added,
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


@dataclass(frozen=True)
class Coverage:
    """Facts of the original messages, split by whether any summary carried them."""

    original_facts: int
    carried: tuple[Fact, ...]
    never_carried: tuple[Fact, ...]
    share_carried: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "original_facts": self.original_facts,
            "share_carried": self.share_carried,
            "carried": facts_as_dicts(self.carried),
            "never_carried": facts_as_dicts(self.never_carried),
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


def fact_ledger(versions: Sequence[tuple[int, str]]) -> FactLedger:
    """Every fact of a chain of (version, summary): when it appeared, held, vanished, returned.

    Versions are taken in ascending version order. Entries are ordered by the
    version a fact first appeared in, then by its position in that version.
    """
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
        if index == 0:
            drift, lost, added = None, 0, len(snapshot.facts)
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
            )
        )
    return FactLedger(versions=tuple(numbers), entries=tuple(entries), timeline=tuple(timeline))


# ----------------------------------------------------------------------------- coverage


def coverage(summaries: Sequence[str], originals: Iterable[str]) -> Coverage:
    """Facts (paths, URLs, identifiers, errors) of the original messages no summary carried.

    ``share_carried`` is 1.0 when the originals hold no such facts: nothing was lost.
    """
    texts = [text or "" for text in summaries]
    carried_idents: set[tuple[str, str]] = set()
    for text in texts:
        carried_idents.update(fact.ident for fact in extract_facts(text))
    mentions = Mentions(texts)
    budget = Budget()

    facts: list[Fact] = []
    seen: set[tuple[str, str]] = set()
    for original in originals:
        if len(facts) >= MAX_COVERAGE_FACTS:
            break
        for fact in scan_facts(original or "", COVERAGE_KINDS, None):
            if fact.ident not in seen:
                seen.add(fact.ident)
                facts.append(fact)
                if len(facts) >= MAX_COVERAGE_FACTS:
                    break

    carried: list[Fact] = []
    never: list[Fact] = []
    for fact in facts:
        if fact.ident in carried_idents or mentions.contains(fact, budget):
            carried.append(fact)
        else:
            never.append(fact)
    return Coverage(
        original_facts=len(facts),
        carried=tuple(carried),
        never_carried=tuple(never),
        share_carried=len(carried) / len(facts) if facts else 1.0,
    )
