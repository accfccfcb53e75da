"""Updates the new version knows of, against changes it made silently: figures of work under
way told further on, a step told by its outcome, a value said to be the old one; and what a
rule rules out, however it is worded. Figures that bound the work are rules, and a new one
is a change. Each rule comes with a case where it must not fire.
"""

from __future__ import annotations

import pytest

from compaction.engine.drift import compare_summaries
from compaction.engine.progress import clause_of, progressed
from compaction.engine.quantities import number_key, number_sort, number_spans
from tests.support.summaries import make_summary


def counted(old: str, new: str) -> list[str]:
    return [v.note for v in compare_summaries(old, new).verdicts if v.counted]


@pytest.mark.parametrize(
    ("section", "old", "new", "reported"),
    [
        # A tally of one whole that grew.
        ("in_progress", "9 of 12 runners confirmed.", "11 of 12 runners confirmed.", False),
        (
            "done",
            "Ported 18 of 23 saved searches to LogQL.",
            "Ported 21 of 23 saved searches to LogQL.",
            False,
        ),
        # ... that went back, or of another whole, is a change.
        ("in_progress", "9 of 12 runners confirmed.", "8 of 12 runners confirmed.", True),
        ("in_progress", "9 of 12 runners confirmed.", "11 of 14 runners confirmed.", True),
        # A snapshot told later, a total that rose, a remainder that shrank.
        (
            "in_progress",
            "Contents list: 23 items so far, total £4,870.",
            "Contents list: 27 items so far, total £5,640.",
            False,
        ),
        (
            "critical",
            "Running total booked: ISK 262,400; remaining ISK 837,600.",
            "Running total booked: ISK 318,700; remaining ISK 781,300.",
            False,
        ),
        (
            "critical",
            "Running total booked: ISK 262,400; remaining ISK 837,600.",
            "Running total booked: ISK 262,400; remaining ISK 900,000.",
            True,
        ),
        (
            "constraints",
            "Total budget £6,500 for flights and food; spent so far £3,184.00.",
            "Total budget £6,500 for flights and food; spent so far £3,350.60.",
            False,
        ),
        # An elapsed time of work under way, told in Progress ...
        (
            "in_progress",
            "Initial sync of payments: 61% after 9 h at ~38 MB/s.",
            "Initial sync of payments: 88% after 14 h at ~38 MB/s.",
            False,
        ),
        # ... but not a duration a rule or a plan sets.
        (
            "constraints",
            "Rotate the signing key after 90 days.",
            "Rotate the signing key after 120 days.",
            True,
        ),
        # A figure that bounds the work is a rule however far the work has got.
        (
            "in_progress",
            "Spent so far: at most £150 per night on hotels.",
            "Spent so far: at most £180 per night on hotels.",
            True,
        ),
        # A plan is no progress: a date planned, a time of day, a setting raised.
        (
            "in_progress",
            "Cutover currently planned for 2024-06-01.",
            "Cutover currently planned for 2024-06-15.",
            True,
        ),
        (
            "in_progress",
            "Projected launch 2024-06-01 as of today.",
            "Projected launch 2024-06-15 as of today.",
            True,
        ),
        ("in_progress", "Deploy today at 14:00.", "Deploy today at 16:00.", True),
        (
            "in_progress",
            "Request timeout has been raised to 30 s.",
            "Request timeout has been raised to 60 s.",
            True,
        ),
        ("in_progress", "Purge logs after 30 days.", "Purge logs after 90 days.", True),
        # A snapshot dated later is progress; a tally outside Progress is a rule.
        (
            "done",
            "Invitations: 47 yes as of 2026-11-24.",
            "Invitations: 52 yes as of 2026-11-25.",
            False,
        ),
        (
            "constraints",
            "Approval from 2 of 3 maintainers before merge.",
            "Approval from 3 of 3 maintainers before merge.",
            True,
        ),
        ("critical", "Quorum: 3 of 5 nodes.", "Quorum: 4 of 5 nodes.", True),
        # A new whole, a total, a price or a reserve is no tally moving on.
        (
            "in_progress",
            "9 of 12 runners confirmed so far.",
            "9 of 14 runners confirmed so far.",
            True,
        ),
        ("critical", "Licence seats in total: 40.", "Licence seats in total: 45.", True),
        (
            "critical",
            "Vendor quote as of March: £24/head.",
            "Vendor quote as of March: £28/head.",
            True,
        ),
        (
            "critical",
            "Leave 20 GB left free for snapshots.",
            "Leave 10 GB left free for snapshots.",
            True,
        ),
        # Each part of a clause says which way its figure goes.
        (
            "critical",
            "Spent £3,184 so far, £3,316 remaining.",
            "Spent £3,350 so far, £3,150 remaining.",
            False,
        ),
        (
            "critical",
            "Booked ISK 262,400 so far, ISK 837,600 remaining.",
            "Booked ISK 200,000 so far, ISK 837,600 remaining.",
            True,
        ),
        # A figure that only happens to sit in a Progress item is no measure of progress.
        (
            "done",
            "Markov removal effects: paid_social 18.9%, email 12.1% of conversions.",
            "Markov removal effects: paid_social 19.8%, email 12.1% of conversions.",
            True,
        ),
    ],
)
def test_work_under_way_told_further_on_is_an_update(
    section: str, old: str, new: str, reported: bool
) -> None:
    notes = counted(make_summary(**{section: f"- {old}"}), make_summary(**{section: f"- {new}"}))
    assert bool(notes) == reported, notes


def test_an_update_keeps_its_old_and_new_figure_in_the_note() -> None:
    report = compare_summaries(
        make_summary(in_progress="- Ported 18 of 23 saved searches."),
        make_summary(in_progress="- Ported 21 of 23 saved searches."),
    )
    notes = [v.note for v in report.verdicts if "updated" in v.note]
    assert notes and "18" in notes[0] and "21" in notes[0]


def test_the_clause_of_a_figure_ends_at_a_semicolon_a_dash_or_a_sentence() -> None:
    line = "Running total: £262 (car + hotel); remaining £837. Next: book the boat — £90 each."
    assert clause_of(line, "£837").strip() == "remaining £837"
    assert clause_of(line, "£90").strip() == "£90 each"
    assert not progressed(line, "£90", line.replace("£90", "£95"), "£95", "Done")


@pytest.mark.parametrize(
    ("text", "value", "key", "sort"),
    [
        ("score must stay ≥ 95 on /products/*", "≥ 95", "≥ 95", "bound"),
        (
            "hide cohorts with < 200 customers",
            "< 200 customers",
            "< 200 customers",
            "bound customers",
        ),
        ("p <= 0.05 for the headline", "<= 0.05", "<= 0.05", "bound"),
        ("hide < 1,000 customers", "< 1,000 customers", "< 1,000 customers", "bound customers"),
    ],
)
def test_a_number_bounded_by_a_sign_is_a_bound(text: str, value: str, key: str, sort: str) -> None:
    values = [span[3] for span in number_spans(text, iter)]
    assert value in values
    assert number_key(value) == key
    assert number_sort(key) == sort


def test_a_bound_is_changed_only_into_another_bound_of_the_same_thing() -> None:
    assert counted(
        make_summary(critical="- Lighthouse SEO score must stay ≥ 95 on `/products/*`."),
        make_summary(critical="- Lighthouse SEO score must stay ≥ 90 on `/products/*`."),
    )
    assert number_sort(number_key("< 200 customers")) != number_sort(number_key("< 200 ms"))


def test_a_number_before_a_small_word_counts_nothing() -> None:
    old = make_summary(
        critical="- Lighthouse score must stay high: 95 on `/products/*`.\n"
        "- Rota: 3 on-call engineers."
    )
    values = [v.fact.value for v in compare_summaries(old, old).verdicts]
    assert "95 on" not in values
    assert "3 on-call engineers" in values  # a compound is a word, not "on"


@pytest.mark.parametrize(
    ("old", "new", "reported"),
    [
        # What a participle rules out comes before it; first in its clause, after it.
        (
            "Mike Adeyemi ruled out (group walks only).",
            "Not using Mike Adeyemi: group walks only.",
            False,
        ),
        (
            "Weighting by account ARR rejected for the headline.",
            "No ARR weighting for the headline.",
            False,
        ),
        (
            "Exclude cloud services credits from the spike.",
            "Cloud services credits left out of the spike.",
            False,
        ),
        (
            "Config loaded at dial time, not from DNS TXT records.",
            "Config set at dial time; DNS TXT records ignored.",
            False,
        ),
        (
            "Keyed on the host lowercased, ignoring port.",
            "Keyed on the lowercased host; port ignored.",
            False,
        ),
        # "To keep" is what a rule says as often as why: its negation turns it round.
        ("Agreed not to keep raw card numbers.", "Agreed to keep raw card numbers.", True),
        # A word family rules out alike, whichever form says it.
        ("Prices exclude VAT (Irish customer).", "Prices excluding VAT (Irish customer).", False),
        # Turned round all the same.
        ("Mike Adeyemi ruled out (group walks only).", "Book Mike Adeyemi for group walks.", True),
        (
            "Exclude cloud services credits from the spike.",
            "Include cloud services credits in the spike.",
            True,
        ),
    ],
)
def test_what_a_rule_rules_out_however_it_is_worded(old: str, new: str, reported: bool) -> None:
    notes = counted(make_summary(decisions=f"- {old}"), make_summary(decisions=f"- {new}"))
    assert bool(notes) == reported, notes


def test_a_step_done_tells_its_outcome_and_may_leave_what_it_worked_on_to_the_rest() -> None:
    step = "Drafting email to Currys Care complaints asking for a replacement."
    old = make_summary(in_progress=f"- {step}", critical="- Currys Care helpline 0344 561 1234.")
    done = "Sent the complaints email on 2026-11-23 (approved by Gareth) asking for a replacement."
    new = make_summary(done=f"- {done}", critical="- Currys Care helpline 0344 561 1234.")
    assert counted(old, new) == []
    # What it worked on is gone from the whole version: lost with the step.
    gone = make_summary(done=f"- {done}", critical="- Helpline 0344 561 1234.")
    assert counted(old, gone)


def test_a_value_the_new_version_says_was_the_old_one_is_an_update() -> None:
    old = make_summary(constraints="- Kafka Streams 3.7.1; application id `checkout-metrics-v4`.")
    bumped = "- Kafka Streams 3.7.1; application id now `checkout-metrics-v5` (bumped from v4)."
    assert counted(old, make_summary(constraints=bumped)) == []
    silent = "- Kafka Streams 3.7.1; application id now `checkout-metrics-v5`."
    assert counted(old, make_summary(constraints=silent))
