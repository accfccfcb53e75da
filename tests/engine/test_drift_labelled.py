"""The drift engine against the project's labelled pairs: precision and recall of what it
reports (``lost`` + ``changed``), no moved or reworded fact reported, one report per fact.

``tuning`` is the set the engine's rules were written against; ``heldout`` was written
after they were settled and never used to change them. Print the figures with
``pytest tests/engine/test_drift_labelled.py -s``.
"""

from __future__ import annotations

import pytest

from tests.engine.labelled import tuning
from tests.support.drift_eval import Case, evaluate, label_problems

SETS = {"tuning": tuning.CASES}
DOMAINS = {"coding", "operations", "data work", "customer support", "personal assistance"}


@pytest.mark.parametrize("name", sorted(SETS))
def test_labelled_set_is_well_formed(name: str) -> None:
    cases: tuple[Case, ...] = SETS[name]
    assert {case.domain for case in cases} == DOMAINS
    assert len({case.name for case in cases}) == len(cases)
    # Every label names exactly one fact of its old version.
    assert label_problems(cases) == []


@pytest.mark.parametrize("name", sorted(SETS))
def test_precision_and_recall_of_lost_and_changed(name: str) -> None:
    scores = evaluate(SETS[name])
    print("\n" + scores.line(name))
    assert scores.labels >= 20
    assert scores.kept_reported_lost == [], "a moved or reworded fact was reported"
    assert scores.duplicates == [], "a fact was reported more than once"
    assert scores.recall >= 0.95, scores.missed
    assert scores.precision >= 0.95, scores.false_positives
