"""The drift engine against the project's labelled pairs: precision and recall of what it
reports (``lost`` + ``changed``), no moved or reworded fact reported, one report per fact.

Print the figures with ``pytest tests/engine/test_drift_labelled.py -s``.

How each set was used, oldest first. ``tuning`` is the set the engine's first rules were
written against. ``heldout`` and ``heldout2`` were written after those rules and measured
blind, then used to tune rules (2026-11-22/23). ``heldout3``, ``heldout4`` and ``heldout5``
were each written blind (by someone who read neither the engine's rules nor its output),
measured once, then used to tune the next round: their first runs were 0.628 / 0.794,
0.625 / 0.625 and 0.750 / 0.794 (precision / recall, on the scoring of the day).

On 2026-11-25 the scoring changed (``tests.support.drift_eval``: a report names a label
when it reports a value of the labelled span too, labels and reports are paired one to
one), and the engine was reworked in three rounds: names, phone numbers, handles and
read-out codes as facts, one report per bullet, rules said anew in their own section,
errors and commands quoted in part, steps that got done, reversals that turn something
round, limits and ids, the parts of a rule joined with "and" or "or". Every set written
that day was written blind, measured once, and then used for the next round; the last two
were measured once at the end and never used. First runs (precision / recall), against the
engine of the day before on the same scoring:

=========== ================================= ===============
set         first run                          the day before
=========== ================================= ===============
heldout6    0.833 / 0.886 (before round 1)    0.848 / 0.829
heldout7    0.846 / 0.972 (during round 1)    0.730 / 0.778
heldout8    0.811 / 0.857 (during round 1)    0.694 / 0.714
heldout9    0.853 / 0.886 (after round 1)     0.641 / 0.743
heldout10   0.900 / 0.833 (after round 1)     0.683 / 0.806
heldout11   0.970 / 0.914 (after round 2)     0.900 / 0.771
heldout12   0.789 / 0.944 (after round 2)     0.636 / 0.833
heldout13   0.969 / 0.886 (final, blind)      0.871 / 0.771
heldout14   0.861 / 0.914 (final, blind)      0.737 / 0.829
=========== ================================= ===============

On the two sets never used, together: precision 0.912 (62/68), recall 0.900 (63/70); the
engine of the day before: 0.797 / 0.800.

Later on 2026-11-25, fourteen more sets were written blind (heldout15 to heldout28, from a
prompt written anew, so their labellers were told less about dropped steps and more about
updates the conversation made) and the engine was reworked in nine more rounds. Each pair
of sets was measured once, blind, on the engine of that moment, then used for the next
rounds; heldout27 and heldout28 were measured on the final rules and never used. Beside
each first run, the engine from before these rounds (6188e1f) on the same sets and scoring:

=============== ====================================== ===============================
sets            first run (precision / recall)         engine before these rounds
=============== ====================================== ===============================
heldout15-16    0.889 (64/72) / 0.914 (64/70)          0.890 (65/73) / 0.929 (65/70)
heldout17-18    0.896 (60/67) / 0.836 (61/73)          0.896 (60/67) / 0.836 (61/73)
heldout19-22    0.799 (127/159) / 0.889 (128/144)      0.805 (124/154) / 0.868 (125/144)
heldout23-26    0.818 (139/170) / 0.959 (140/146)      0.815 (137/168) / 0.945 (138/146)
heldout27-28    0.825 (66/80) / 0.919 (68/74)          0.835 (66/79) / 0.919 (68/74)
=============== ====================================== ===============================

Over those 140 pairs the rounds moved nothing on pairs not yet seen (0.832 / 0.909 against
0.835 / 0.901), while the sets they were written on rose to 0.92 / 0.96 over all 29 sets
(0.89 / 0.93 before). The issue's target (0.95 / 0.95 on pairs never seen) is not met, and
rules written on seen pairs no longer carry over to unseen ones. Two careful labellers who
saw neither each other's labels nor the engine agree at 0.895 to 1.000 precision and 0.895
to 1.000 recall (``test_two_labellers_agree``; 0.895 / 0.895 on heldout27, one of the new
sets), so the target sits at the edge of what a careful reader reaches.

Later still on 2026-11-25, eight more sets were written blind (heldout29 to heldout36) from
a prompt asking for mostly legitimate evolution, which the new version makes evident by
itself (work done, totals and counts the conversation updated, old Done items condensed,
items reworded or moved), and one to six silent faults per pair. heldout29-32 were
measured once on the first rules of that round (figures of work under way told further on,
bounds), then used for the rest of it; heldout33-36 were measured once on
the final rules and never used. Beside each, the engine of dfab238 on the same sets:

=============== ====================================== ===============================
sets            first run (precision / recall)         engine of dfab238
=============== ====================================== ===============================
heldout29-32    0.598 (101/169) / 0.944 (101/107)      0.591 (101/171) / 0.944 (101/107)
heldout33-36    0.664 (95/143) / 0.882 (97/110)        0.655 (95/145) / 0.882 (97/110)
=============== ====================================== ===============================

Second labellers of heldout33 and heldout36 agree with the first at 0.897 / 0.929 and
0.963 / 0.963; against the second labellers the engine reaches 0.634 / 0.931 and 0.611 /
0.815. Where the summarizer legitimately rewrites much, the engine reports about one false
loss or change for every two true ones while careful readers agree: telling a finished step,
an update or a condensed Done item from a silent drop takes reading the two versions, which
matching words and values does not do.
"""

from __future__ import annotations

import pytest

from tests.engine.labelled import (
    heldout,
    heldout2,
    heldout3,
    heldout4,
    heldout5,
    heldout6,
    heldout7,
    heldout8,
    heldout9,
    heldout10,
    heldout11,
    heldout12,
    heldout13,
    heldout14,
    heldout15,
    heldout16,
    heldout17,
    heldout18,
    heldout19,
    heldout20,
    heldout21,
    heldout22,
    heldout23,
    heldout24,
    heldout25,
    heldout26,
    heldout27,
    heldout28,
    heldout29,
    heldout30,
    heldout31,
    heldout32,
    heldout33,
    heldout34,
    heldout35,
    heldout36,
    tuning,
)
from tests.engine.labelled.second import heldout6 as second6
from tests.engine.labelled.second import heldout7 as second7
from tests.engine.labelled.second import heldout8 as second8
from tests.engine.labelled.second import heldout27 as second27
from tests.engine.labelled.second import heldout33 as second33
from tests.engine.labelled.second import heldout36 as second36
from tests.support.drift_eval import Case, agreement, evaluate, label_problems

SETS = {
    "tuning": tuning.CASES,
    "heldout": heldout.CASES,
    "heldout2": heldout2.CASES,
    "heldout3": heldout3.CASES,
    "heldout4": heldout4.CASES,
    "heldout5": heldout5.CASES,
    "heldout6": heldout6.CASES,
    "heldout7": heldout7.CASES,
    "heldout8": heldout8.CASES,
    "heldout9": heldout9.CASES,
    "heldout10": heldout10.CASES,
    "heldout11": heldout11.CASES,
    "heldout12": heldout12.CASES,
    "heldout13": heldout13.CASES,
    "heldout14": heldout14.CASES,
    "heldout15": heldout15.CASES,
    "heldout16": heldout16.CASES,
    "heldout17": heldout17.CASES,
    "heldout18": heldout18.CASES,
    "heldout19": heldout19.CASES,
    "heldout20": heldout20.CASES,
    "heldout21": heldout21.CASES,
    "heldout22": heldout22.CASES,
    "heldout23": heldout23.CASES,
    "heldout24": heldout24.CASES,
    "heldout25": heldout25.CASES,
    "heldout26": heldout26.CASES,
    "heldout27": heldout27.CASES,
    "heldout28": heldout28.CASES,
    "heldout29": heldout29.CASES,
    "heldout30": heldout30.CASES,
    "heldout31": heldout31.CASES,
    "heldout32": heldout32.CASES,
    "heldout33": heldout33.CASES,
    "heldout34": heldout34.CASES,
    "heldout35": heldout35.CASES,
    "heldout36": heldout36.CASES,
}
#: The issue's target, required of every set that reaches it.
TARGET = 0.95
#: Sets short of the target keep a floor at today's figures, so that a regression fails and
#: the gap stays in sight rather than tuned away. heldout33 to heldout36 were never used to
#: change the engine: their figures are the held-out ones.
FLOOR = {
    # Its one miss is a contingency step ("Call the carrier if no answer by 2025-02-07")
    # after the answer came: this set's labeller counts its date lost, heldout17's and
    # heldout18's (blind, later) count such a step over; the engine follows the later two.
    "heldout": {"precision": 1.00, "recall": 0.92, "kept_reported_lost": 0},
    "heldout3": {"precision": 0.91, "recall": 0.97, "kept_reported_lost": 2},
    # One miss is a running total that rose by the band it now lists ("£9,750 (venue +
    # photographer)" → "£12,150 (venue + photographer + band)"): this set's labeller
    # counts it changed; heldout15's and heldout25's (blind, later) count such a total an
    # update, and the engine follows the later two.
    "heldout5": {"precision": 1.00, "recall": 0.94, "kept_reported_lost": 0},
    "heldout7": {"precision": 0.94, "recall": 1.00, "kept_reported_lost": 0},
    "heldout9": {"precision": 0.94, "recall": 1.00, "kept_reported_lost": 1},
    "heldout11": {"precision": 0.97, "recall": 1.00, "kept_reported_lost": 1},
    "heldout12": {"precision": 0.94, "recall": 1.00, "kept_reported_lost": 0},
    "heldout14": {"precision": 0.89, "recall": 0.97, "kept_reported_lost": 1},
    "heldout17": {"precision": 0.96, "recall": 0.91, "kept_reported_lost": 0},
    "heldout18": {"precision": 0.97, "recall": 0.94, "kept_reported_lost": 0},
    "heldout19": {"precision": 0.94, "recall": 0.94, "kept_reported_lost": 0},
    "heldout20": {"precision": 0.86, "recall": 0.91, "kept_reported_lost": 1},
    "heldout21": {"precision": 0.84, "recall": 0.94, "kept_reported_lost": 2},
    "heldout22": {"precision": 0.82, "recall": 0.85, "kept_reported_lost": 3},
    "heldout23": {"precision": 0.90, "recall": 0.97, "kept_reported_lost": 0},
    "heldout24": {"precision": 0.89, "recall": 0.94, "kept_reported_lost": 1},
    "heldout25": {"precision": 0.87, "recall": 1.00, "kept_reported_lost": 2},
    "heldout26": {"precision": 0.89, "recall": 0.97, "kept_reported_lost": 0},
    "heldout27": {"precision": 0.74, "recall": 0.89, "kept_reported_lost": 4},
    "heldout28": {"precision": 0.97, "recall": 0.94, "kept_reported_lost": 0},
    # heldout29 to heldout36 were written from a prompt that asks for mostly legitimate
    # evolution (work done, values the conversation updated, Done items condensed) and
    # one to six silent faults per pair: see the module docstring.
    "heldout29": {"precision": 0.62, "recall": 1.00, "kept_reported_lost": 2, "duplicates": 1},
    "heldout30": {"precision": 0.60, "recall": 1.00, "kept_reported_lost": 1},
    "heldout31": {"precision": 0.55, "recall": 0.88, "kept_reported_lost": 1, "duplicates": 1},
    "heldout32": {"precision": 0.75, "recall": 0.87, "kept_reported_lost": 2},
    "heldout33": {"precision": 0.63, "recall": 0.92, "kept_reported_lost": 3, "duplicates": 1},
    "heldout34": {"precision": 0.71, "recall": 0.96, "kept_reported_lost": 2},
    "heldout35": {"precision": 0.70, "recall": 0.81, "kept_reported_lost": 0},
    "heldout36": {"precision": 0.61, "recall": 0.81, "kept_reported_lost": 3},
}
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
    floor = FLOOR.get(name)
    assert len(scores.duplicates) <= (floor or {}).get("duplicates", 0), scores.duplicates
    if floor is None:
        assert scores.kept_reported_lost == [], "a moved or reworded fact was reported"
        assert scores.recall >= TARGET, scores.missed
        assert scores.precision >= TARGET, scores.false_positives
        return
    assert len(scores.kept_reported_lost) <= floor["kept_reported_lost"]
    assert scores.recall >= floor["recall"], scores.missed
    assert scores.precision >= floor["precision"], scores.false_positives


@pytest.mark.parametrize(
    ("name", "first", "second"),
    [
        ("heldout6", heldout6.CASES, second6.CASES),
        ("heldout7", heldout7.CASES, second7.CASES),
        ("heldout8", heldout8.CASES, second8.CASES),
        ("heldout27", heldout27.CASES, second27.CASES),
        ("heldout33", heldout33.CASES, second33.CASES),
        ("heldout36", heldout36.CASES, second36.CASES),
    ],
)
def test_two_labellers_agree(name: str, first: tuple[Case, ...], second: tuple[Case, ...]) -> None:
    """The ceiling of the measure: two careful labellers of one set, neither of whom saw the
    other's labels or the engine, agree on most losses and changes (0.895 to 1.000 both
    ways). On heldout33 and heldout36, where the engine reaches 0.61 to 0.63 precision, they
    agree at 0.90 to 0.96: there the gap is the engine's, not the labels'."""
    assert label_problems(second) == []
    agreed = agreement(first, second)
    print("\n" + agreed.line(name))
    assert agreed.precision >= 0.85
    assert agreed.recall >= 0.85
