"""The drift engine against the project's labelled pairs: precision and recall of what it
reports (``lost`` + ``changed``), no moved or reworded fact reported, one report per fact.

``tuning`` is the set the engine's rules were first written against. ``heldout`` and
``heldout2`` were written after those rules were settled and measured blind at first; on
2026-11-23 their failures were used to tune general rules, so they are now tuning data too
and a fresh blind set is needed for a held-out figure. ``heldout3`` was that set: written
on 2026-11-23 by someone who read neither the engine's rules nor its output and measured
blind once (precision 0.628, recall 0.794); later on 2026-11-23 its failures were used to
tune general rules, so it is tuning data now as well. ``heldout4``, written the same way and
measured blind once (0.625 / 0.625), was used to tune rules in turn. ``heldout5`` is the
blind set now: written on 2026-11-23 the same way, measured once after those rules, never
used to change them. Print the figures with ``pytest tests/engine/test_drift_labelled.py -s``.
"""

from __future__ import annotations

import pytest

from tests.engine.labelled import heldout, heldout2, heldout3, heldout4, heldout5, tuning
from tests.support.drift_eval import Case, evaluate, label_problems

SETS = {
    "tuning": tuning.CASES,
    "heldout": heldout.CASES,
    "heldout2": heldout2.CASES,
    "heldout3": heldout3.CASES,
    "heldout4": heldout4.CASES,
    "heldout5": heldout5.CASES,
}
#: A set no rule was written against gets a floor at its first run, so that a regression
#: fails and the gap to the target stays in sight rather than tuned away.
#: The issue's target, required of every set that reaches it. First (blind) runs, kept for
#: the record: heldout measured precision 0.857, recall 0.923 (a condensed Done date, a
#: dropped promise of an item that moved, an inserted "CH" read as a rewording); heldout2
#: precision 0.786, recall 1.000 (a condensed Done item's identifier read as changed, a task
#: that moved to Done in other words, "Write" / "Writing" read as a swapped word). Rules for
#: each were added on 2026-11-22 ("Write" / "Writing") and 2026-11-23 (the rest), after
#: which both measure precision 1.000, recall 1.000: figures on data used for tuning, not
#: held-out ones.
#: heldout3, first and only blind run (2026-11-23): precision 0.628 (27/43), recall 0.794
#: (27/34), 7 moved or reworded facts reported. What it found: names, phone numbers and
#: reminders are no facts to the extractor (7 lost labels never seen), constraints and
#: preferences reworded more freely than the rules allow read as changed or lost, dates of a
#: rescheduled item read as changed, a raw error line and a command kept in other words.
#: Used to tune rules on 2026-11-23 (double negations and reasons in a rule's sense, names
#: in routes, quoted errors and elided output, plan dates of a finished step, titled names,
#: amounts read whole); it then measures precision 0.784 (29/37), recall 0.853 (29/34), 3
#: moved or reworded facts reported: tuned-on figures, short of the target, so its floor.
TARGET = {"tuning": 0.95, "heldout": 0.95, "heldout2": 0.95}
#: heldout4, first and only run (2026-11-23, after the rules above): precision 0.625 (20/32),
#: recall 0.625 (20/32), 3 moved or reworded facts reported, one error line reported as
#: two facts. What it found: a phone number, a fingerprint, an untitled person and a
#: company are no facts to the extractor; a changed trip length, date or contact is judged
#: on a shorter fact than the labelled span (reported, but as another fact: a miss and a
#: false positive); rules with an exception ("not possible for a wildcard", "not on a
#: weekend") read as reversed; an email address that left with its person reported lost.
#: Used to tune rules later on 2026-11-23 (numbers counted rather than collected, a rule that
#: drops its limit or a clause, a rule that now names a date, "cannot" and "zero" as
#: negations): it then measures precision 0.686 (24/35), recall 0.750 (24/32), and heldout3
#: 0.789 (30/38) / 0.882 (30/34): tuned-on figures.
#: heldout5, first and only run (2026-11-23, after those rules): precision 0.750 (27/36),
#: recall 0.794 (27/34), 3 moved or reworded facts reported. The engine before that round
#: measures the same on it: the round moved no figure of a set it was not written against.
#: What it found: a preference ("Dislikes Jinja macros"), a count with two digits swapped
#: (18,442 → 18,424), a phone number and dietary counts of a note are missed; a rent told
#: with its unit ("CAD 1,690/month") is judged on the shorter amount; two errors and a
#: secret's path the set does not label lost are reported lost; a preference, a decision and
#: a task labelled moved or reworded read as changed or lost.
FLOOR = {
    "heldout3": {"precision": 0.78, "recall": 0.88, "kept_reported_lost": 3, "duplicates": 0},
    "heldout4": {"precision": 0.68, "recall": 0.75, "kept_reported_lost": 2, "duplicates": 1},
    "heldout5": {"precision": 0.75, "recall": 0.79, "kept_reported_lost": 4, "duplicates": 0},
}
#: Since 2026-11-25 a report counts for a label when it reports a value of the labelled
#: span too ("16 MB" for "under 16 MB"), labels and reports are paired one to one, and a
#: label is checked as text of its old version only. The engine of that day measures on
#: this basis: heldout3 0.816 / 0.912, heldout4 0.771 / 0.844, heldout5 0.778 / 0.824 (4
#: moved or reworded facts reported, one more than before: a report of a value inside a
#: reworded rule now names it).
DOMAINS = {"coding", "operations", "data work", "customer support", "personal assistance"}


@pytest.mark.parametrize("name", sorted(SETS))
def test_labelled_set_is_well_formed(name: str) -> None:
    cases: tuple[Case, ...] = SETS[name]
    assert {case.domain for case in cases} == DOMAINS
    assert len({case.name for case in cases}) == len(cases)
    # Every label is text of its old version, once: it names what its author saw, and
    # whether that is one of the engine's facts, none or several is the engine's doing.
    assert label_problems(cases) == []


@pytest.mark.parametrize("name", sorted(SETS))
def test_precision_and_recall_of_lost_and_changed(name: str) -> None:
    scores = evaluate(SETS[name])
    print("\n" + scores.line(name))
    assert scores.labels >= (20 if name == "tuning" else 10)
    if name in FLOOR:
        floor = FLOOR[name]
        assert len(scores.kept_reported_lost) <= floor["kept_reported_lost"]
        assert len(scores.duplicates) <= floor["duplicates"], scores.duplicates
        assert scores.recall >= floor["recall"], scores.missed
        assert scores.precision >= floor["precision"], scores.false_positives
        return
    assert scores.kept_reported_lost == [], "a moved or reworded fact was reported"
    assert scores.duplicates == [], "a fact was reported more than once"
    assert scores.recall >= TARGET[name], scores.missed
    assert scores.precision >= TARGET[name], scores.false_positives
