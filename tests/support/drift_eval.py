"""Precision and recall of the drift engine's ``lost`` + ``changed`` on labelled pairs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from compaction.engine.drift import compare_summaries
from compaction.engine.verdicts import Verdict


@dataclass(frozen=True)
class Case:
    """Two versions and what truly became of the old one's facts (by a part of their text)."""

    name: str
    domain: str
    old: str
    new: str
    lost: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    reworded: tuple[str, ...] = ()


def norm(text: str) -> str:
    return " ".join(text.replace("`", "").replace("**", "").lower().split())


def matches(label: str, verdict: Verdict) -> bool:
    return norm(label) in norm(verdict.fact.value)


def named(label: str, verdicts: list[Verdict]) -> list[int]:
    """Indexes of the verdicts whose fact ``label`` names: the one it equals, else those
    containing it."""
    exact = [i for i, v in enumerate(verdicts) if norm(label) == norm(v.fact.value)]
    return exact or [i for i, v in enumerate(verdicts) if matches(label, v)]


@dataclass
class Scores:
    true_positive: int = 0
    reports: int = 0
    labels: int = 0
    #: Reports of ``lost`` / ``changed`` for a fact labelled moved or reworded.
    kept_reported_lost: list[str] = field(default_factory=list)
    #: Labels reported more than once.
    duplicates: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    #: Matched labels whose verdict (lost vs changed) was the labelled one.
    same_verdict: int = 0

    @property
    def precision(self) -> float:
        return self.true_positive / self.reports if self.reports else 1.0

    @property
    def recall(self) -> float:
        return self.true_positive / self.labels if self.labels else 1.0

    def line(self, name: str) -> str:
        return (
            f"{name}: precision {self.precision:.3f} ({self.true_positive}/{self.reports}), "
            f"recall {self.recall:.3f} ({self.true_positive}/{self.labels}), "
            f"verdict agreement {self.same_verdict}/{self.true_positive}, "
            f"moved/reworded reported lost {len(self.kept_reported_lost)}, "
            f"duplicate reports {len(self.duplicates)}"
        )


def evaluate(cases: Sequence[Case]) -> Scores:
    scores = Scores()
    for case in cases:
        report = compare_summaries(case.old, case.new)
        counted = [v for v in report.verdicts if v.counted]
        scores.reports += len(counted)
        labelled = [(label, "lost") for label in case.lost] + [
            (label, "changed") for label in case.changed
        ]
        scores.labels += len(labelled)
        used: set[int] = set()
        for label, expected in labelled:
            hits = named(label, counted)
            if not hits:
                scores.missed.append(f"{case.name}: {expected} {label!r}")
                continue
            if len(hits) > 1:
                scores.duplicates.append(f"{case.name}: {label!r} x{len(hits)}")
            scores.true_positive += 1
            used.add(hits[0])
            used.update(hits[1:])  # duplicates are counted once above, not as false positives
            if counted[hits[0]].verdict == expected:
                scores.same_verdict += 1
        for i, verdict in enumerate(counted):
            if i in used:
                continue
            scores.false_positives.append(
                f"{case.name}: {verdict.verdict} {verdict.fact.kind} {verdict.fact.value!r}"
            )
            for label in case.moved + case.reworded:
                if named(label, [verdict]):
                    scores.kept_reported_lost.append(f"{case.name}: {label!r}")
    return scores


def label_problems(cases: Sequence[Case], *, unseen_facts: bool = False) -> list[str]:
    """Labels that name no fact, or more than one, of their case's old version.

    ``unseen_facts`` (a set written blind, by someone who never saw the engine's facts):
    a label must be text of its old version, once; whether it names no extracted fact or
    several is the engine's doing, counted as a miss or as duplicate reports.
    """
    problems = []
    for case in cases:
        report = compare_summaries(case.old, case.new)
        for label in case.lost + case.changed + case.moved + case.reworded:
            hits = [report.verdicts[i].fact.value for i in named(label, list(report.verdicts))]
            if unseen_facts:
                if norm(case.old).count(norm(label)) != 1:
                    problems.append(f"{case.name}: {label!r} is not once in the old version")
            elif len(hits) != 1:
                problems.append(f"{case.name}: {label!r} names {len(hits)} facts: {hits}")
    return problems
