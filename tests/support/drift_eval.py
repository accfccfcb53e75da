"""Precision and recall of the drift engine's ``lost`` + ``changed`` on labelled pairs."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
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


#: The shortest reported value that may name a label by being part of it: "16 MB" of
#: "under 16 MB", not a one-character "2".
MIN_PART_CHARS = 3


def matches(label: str, verdict: Verdict) -> bool:
    """``verdict`` reports what ``label`` names: a fact it reports holds the label ("Remind
    the clinic" in the lost item "Remind the clinic if ... by 2025-11-24"), or is a value of
    the labelled span ("16 MB" of "under 16 MB", "2027-03-21" of "OPO→AMS on 2027-03-21").

    A verdict that folds several values of a bullet reports those values; one of a bullet
    gone whole reports all of the bullet. A date and time is one number with two parts:
    its report names the labelled time ("04:00 UTC" of "2026-11-27 04:00").
    """
    wanted = norm(label)
    facts = (verdict.fact,) if verdict.whole else verdict.facts
    for fact in facts:
        value = norm(fact.value)
        if wanted in value or (len(value) >= MIN_PART_CHARS and _holds(wanted, value)):
            return True
        if fact.kind == "number" and any(
            _DATE_OR_TIME.fullmatch(part)
            and re.fullmatch(rf"{re.escape(part)}(?: [a-z]{{2,5}})?", wanted)
            for part in value.split()
        ):
            return True
    return False


_DATE_OR_TIME = re.compile(r"\d{4}-\d\d-\d\d|\d{1,2}:\d\d")


def _holds(text: str, part: str) -> bool:
    """``part`` is in ``text`` as whole words: "certificate" is no part of "5 duplicate
    certificates per week"."""
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", text) is not None


def named(label: str, verdicts: list[Verdict]) -> list[int]:
    """Indexes of the verdicts whose fact ``label`` names: the one it equals, else those
    holding it or held by it."""
    exact = [
        i
        for i, v in enumerate(verdicts)
        if norm(label) in {norm(f.value) for f in (v.fact, *v.facts)} and matches(label, v)
    ]
    return exact or [i for i, v in enumerate(verdicts) if matches(label, v)]


@dataclass
class Scores:
    #: Reports (``lost`` / ``changed`` verdicts) that name a labelled loss or change.
    true_reports: int = 0
    reports: int = 0
    #: Labelled losses and changes named by a report.
    found: int = 0
    labels: int = 0
    #: Reports of ``lost`` / ``changed`` for a fact labelled moved or reworded.
    kept_reported_lost: list[str] = field(default_factory=list)
    #: Labels reported more than once.
    duplicates: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    #: Found labels whose first report has the labelled verdict (lost vs changed).
    same_verdict: int = 0

    @property
    def precision(self) -> float:
        return self.true_reports / self.reports if self.reports else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.labels if self.labels else 1.0

    def line(self, name: str) -> str:
        return (
            f"{name}: precision {self.precision:.3f} ({self.true_reports}/{self.reports}), "
            f"recall {self.recall:.3f} ({self.found}/{self.labels}), "
            f"verdict agreement {self.same_verdict}/{self.found}, "
            f"moved/reworded reported lost {len(self.kept_reported_lost)}, "
            f"duplicate reports {len(self.duplicates)}"
        )


def _assign(names: list[list[int]]) -> list[int | None]:
    """For each label (the reports it names), one report of its own where there is one: a
    maximum matching (augmenting paths), so that two labels naming the same two reports
    get one each."""
    owner: dict[int, int] = {}

    def claim(label: int, seen: set[int]) -> bool:
        for report in names[label]:
            if report in seen:
                continue
            seen.add(report)
            if report not in owner or claim(owner[report], seen):
                owner[report] = label
                return True
        return False

    for label in range(len(names)):
        claim(label, set())
    assigned: list[int | None] = [None] * len(names)
    for report, label in owner.items():
        assigned[label] = report
    return assigned


def engine_reports(case: Case) -> list[Verdict]:
    """The drift engine's reports on a case: its ``lost`` and ``changed`` verdicts."""
    return [v for v in compare_summaries(case.old, case.new).verdicts if v.counted]


def evaluate(
    cases: Sequence[Case], reports: Callable[[Case], Sequence[Verdict]] = engine_reports
) -> Scores:
    """Precision counts reports, recall counts labels.

    Labels and reports are paired one to one where they can be (a maximum matching); a
    label left without a report of its own is still found by a report it names that
    another label has (a bullet lost whole, with two labelled values in it). A report no
    label names is a false positive; a label naming more reports than it was paired with
    is reported more than once (a duplicate), unless those reports are other labels'.
    ``reports`` gives what is scored for a case: the engine's by default, or a judge's.
    """
    scores = Scores()
    for case in cases:
        counted = list(reports(case))
        scores.reports += len(counted)
        labelled = [(label, "lost") for label in case.lost] + [
            (label, "changed") for label in case.changed
        ]
        scores.labels += len(labelled)
        names = [named(label, counted) for label, _ in labelled]
        assigned = _assign(names)
        true = {index for index in assigned if index is not None}
        for (label, expected), hits, own in zip(labelled, names, assigned, strict=True):
            if not hits:
                scores.missed.append(f"{case.name}: {expected} {label!r}")
                continue
            scores.found += 1
            first = own if own is not None else hits[0]
            if counted[first].verdict == expected:
                scores.same_verdict += 1
            extra = [hit for hit in hits if hit != own and hit not in true]
            if own is not None and extra:
                scores.duplicates.append(f"{case.name}: {label!r} x{1 + len(extra)}")
        scores.true_reports += len(true)
        for i, verdict in enumerate(counted):
            if i in true:
                continue
            scores.false_positives.append(
                f"{case.name}: {verdict.verdict} {verdict.fact.kind} {verdict.fact.value!r}"
            )
            for label in case.moved + case.reworded:
                if named(label, [verdict]):
                    scores.kept_reported_lost.append(f"{case.name}: {label!r}")
    return scores


def label_problems(cases: Sequence[Case]) -> list[str]:
    """Labels that are not text of their case's old version exactly once.

    A label names what its author saw, not a fact the engine extracts: whether it names
    none of the engine's facts or several is the engine's doing, counted as a miss or as
    duplicate reports.
    """
    problems = []
    for case in cases:
        old = norm(case.old)
        for label in case.lost + case.changed + case.moved + case.reworded:
            if old.count(norm(label)) != 1:
                problems.append(f"{case.name}: {label!r} is not once in the old version")
    return problems


@dataclass(frozen=True)
class Agreement:
    """How far a second labeller's losses and changes agree with the first's."""

    agreed_second: int
    second: int
    agreed_first: int
    first: int

    @property
    def precision(self) -> float:
        return self.agreed_second / self.second if self.second else 1.0

    @property
    def recall(self) -> float:
        return self.agreed_first / self.first if self.first else 1.0

    def line(self, name: str) -> str:
        return (
            f"{name}, second labeller against the first: precision {self.precision:.3f} "
            f"({self.agreed_second}/{self.second}), recall {self.recall:.3f} "
            f"({self.agreed_first}/{self.first})"
        )


def _same_label(a: str, b: str) -> bool:
    a, b = norm(a), norm(b)
    return _holds(a, b) or _holds(b, a)


def agreement(first: Sequence[Case], second: Sequence[Case]) -> Agreement:
    """The second labelling scored as if it were the engine: the ceiling a checker measured
    against one labeller can be expected to reach."""
    agreed_second = count_second = agreed_first = count_first = 0
    for one, other in zip(first, second, strict=True):
        if (one.name, one.old, one.new) != (other.name, other.old, other.new):
            raise ValueError(f"{other.name}: not the pair {one.name}")
        mine, theirs = one.lost + one.changed, other.lost + other.changed
        count_first, count_second = count_first + len(mine), count_second + len(theirs)
        agreed_first += sum(1 for a in mine if any(_same_label(a, b) for b in theirs))
        agreed_second += sum(1 for b in theirs if any(_same_label(a, b) for a in mine))
    return Agreement(agreed_second, count_second, agreed_first, count_first)
