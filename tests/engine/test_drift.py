"""Comparing two summary versions: lost, retained and added facts, section and line diffs,
growth, the JSON form of the report, and properties over generated summaries.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compaction.engine.drift import DiffLine, compare_summaries
from compaction.engine.facts import extract_facts
from compaction.engine.prompts import SECTIONS
from compaction.engine.verdicts import content_words
from tests.support.helpers import VALID_SUMMARY
from tests.support.summaries import make_summary, values


def apply_diff(lines: tuple[DiffLine, ...]) -> tuple[list[str], list[str]]:
    old = [line.text for line in lines if line.op in (" ", "-")]
    new = [line.text for line in lines if line.op in (" ", "+")]
    return old, new


def test_dropped_path_is_lost_and_raises_the_drift_score() -> None:
    old = make_summary(critical="- Config lives in src/app/settings.py\n- Logs go to /var/log/app")
    new = make_summary(critical="- Logs go to /var/log/app")
    report = compare_summaries(old, new)
    assert "src/app/settings.py" in values(report.lost, "path")
    assert "/var/log/app" in values(report.retained, "path")
    # One report for the line that is gone, which stands for the path it held.
    [gone] = [v for v in report.verdicts if v.counted]
    assert (gone.verdict, gone.fact.kind) == ("lost", "note")
    assert gone.fact.value == "Config lives in src/app/settings.py"
    assert [fact.value for fact in gone.facts] == ["src/app/settings.py"]
    assert report.counted == 1
    assert report.drift_score == report.counted / report.facts_old
    assert 0 < report.drift_score < 1
    assert report.section("Critical Context").removed == ("Config lives in src/app/settings.py",)


def test_reworded_decision_keeps_its_identifiers() -> None:
    old = make_summary(
        decisions="- Use `fromisoformat` instead of regex because it is stricter",
        critical="- File: `src/parser.py`",
    )
    new = make_summary(
        decisions="- Chose `fromisoformat` over a regular expression (stricter)",
        critical="- File: `src/parser.py`",
    )
    report = compare_summaries(old, new)
    [decision] = report.of("reworded")
    assert decision.fact.kind == "decision" and decision.match.startswith("Chose")
    assert report.lost == ()
    assert report.added == ()
    assert report.drift_score == 0.0
    decisions = report.section("Key Decisions")
    assert decisions.kept == ("Chose `fromisoformat` over a regular expression (stricter)",)
    assert decisions.reworded == (
        (
            "Use `fromisoformat` instead of regex because it is stricter",
            "Chose `fromisoformat` over a regular expression (stricter)",
        ),
    )
    assert decisions.added == decisions.removed == ()


def test_a_decision_that_drops_its_identifier_is_not_a_rewording() -> None:
    old = make_summary(decisions="- Use `fromisoformat` instead of regex because it is stricter")
    new = make_summary(decisions="- Ship on Friday after the review")
    report = compare_summaries(old, new)
    # The decision is lost once; the identifier it named is its anchor, not a second report.
    assert [(f.kind, f.value) for f in report.lost] == [
        ("decision", "Use `fromisoformat` instead of regex because it is stricter")
    ]
    assert report.section("Key Decisions").removed == (
        "Use `fromisoformat` instead of regex because it is stricter",
    )
    assert report.section("Key Decisions").added == ("Ship on Friday after the review",)
    # Of the constraint, the decision and the Next Steps task, the decision went.
    assert (report.counted, report.facts_old) == (1, 3)
    assert report.drift_score == pytest.approx(1 / 3)


def test_plain_mention_still_counts_as_retained() -> None:
    old = make_summary(goal="Fix `parse_config` in ./src/foo/bar.py:42.")
    new = make_summary(goal="Fix parse_config() in src/foo/bar.py (done).")
    report = compare_summaries(old, new)
    assert report.lost == ()
    assert report.added == ()


def test_added_url_is_reported_added() -> None:
    old = make_summary(critical="- Docs are in the wiki")
    new = make_summary(
        critical="- Docs are in the wiki\n- Spec: https://example.com/spec/v2#limits"
    )
    report = compare_summaries(old, new)
    assert values(report.added, "url") == ["https://example.com/spec/v2#limits"]
    assert report.lost == ()
    assert report.drift_score == 0.0
    assert report.section("Critical Context").added == ("Spec: https://example.com/spec/v2#limits",)


def test_identical_summaries_do_not_drift() -> None:
    report = compare_summaries(VALID_SUMMARY, VALID_SUMMARY)
    assert report.drift_score == 0.0
    assert report.lost == report.added == ()
    assert len(report.retained) == len(extract_facts(VALID_SUMMARY))
    assert report.growth == 1.0
    assert {line.op for line in report.line_diff} == {" "}
    assert all(not diff.changed for diff in report.sections)


def test_skeleton_collapse_has_a_high_drift_score() -> None:
    skeleton = "\n\n".join(f"## {name}\n- (none)" for name in SECTIONS)
    report = compare_summaries(VALID_SUMMARY, skeleton)
    assert report.drift_score == 1.0
    assert report.retained == ()
    assert set(report.emptied_sections) == set(SECTIONS)
    assert report.growth is not None and report.growth < 0.5
    for diff in report.sections:
        assert diff.kept == diff.added == ()


def test_growth_ratio() -> None:
    old = make_summary()
    new = old + "\n" + "- More context.\n" * 40
    report = compare_summaries(old, new)
    assert (report.size_old, report.size_new) == (len(old), len(new))
    assert report.growth == pytest.approx(len(new) / len(old))
    assert compare_summaries("", new).growth is None
    assert compare_summaries("", new).drift_score == 0.0
    assert compare_summaries(old, "").growth == 0.0


def test_section_diff_added_removed_kept() -> None:
    old = make_summary(
        done="- Reproduced the bug\n- Wrote a failing test",
        next_steps="- Fix the parser\n- Update the changelog",
        decisions="- Keep TOML config",
    )
    new = make_summary(
        done="- Reproduced the bug\n- Wrote a failing test\n- Fixed the parser",
        next_steps="- Update the changelog.",
        decisions="- Keep TOML config",
    )
    report = compare_summaries(old, new)
    progress = report.section("Progress")
    assert progress.kept == ("Reproduced the bug", "Wrote a failing test")
    assert progress.added == ("Fixed the parser",)
    assert progress.removed == ()
    steps = report.section("Next Steps")
    assert steps.removed == ("Fix the parser",)
    # Matching ignores case, punctuation and spacing.
    assert steps.kept == ("Update the changelog.",)
    assert steps.added == ()
    assert report.section("Key Decisions").kept == ("Keep TOML config",)
    assert [diff.name for diff in report.sections] == list(SECTIONS)
    assert report.emptied_sections == ()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (VALID_SUMMARY, VALID_SUMMARY.replace("pytest", "nose").replace("## Goal", "## Aim")),
        ("", VALID_SUMMARY),
        (VALID_SUMMARY, ""),
        ("a\nb\nc\n", "c\nb\na"),
    ],
)
def test_line_diff_reconstructs_both_texts(old: str, new: str) -> None:
    lines = compare_summaries(old, new).line_diff
    old_lines, new_lines = apply_diff(lines)
    assert old_lines == old.splitlines()
    assert new_lines == new.splitlines()
    assert [line.old_no for line in lines if line.old_no] == list(range(1, len(old_lines) + 1))
    assert [line.new_no for line in lines if line.new_no] == list(range(1, len(new_lines) + 1))
    assert all(line.op in (" ", "+", "-") for line in lines)


def test_huge_line_diff_falls_back_and_still_reconstructs() -> None:
    old = "\n".join(f"line {i}" for i in range(6000))
    new = "\n".join(f"line {i}" for i in range(6000) if i % 3)
    lines = compare_summaries(old, new).line_diff
    assert apply_diff(lines) == (old.splitlines(), new.splitlines())


# ----------------------------------------------------------------------------- as_dict


def test_results_are_frozen_and_json_ready() -> None:
    report = compare_summaries(VALID_SUMMARY, VALID_SUMMARY.replace("src/parser.py", "src/p.py"))
    data = json.loads(json.dumps(report.as_dict()))
    assert set(data) >= {"drift_score", "lost", "added", "sections", "line_diff", "growth"}
    # The Goal's path and the Critical Context's line name one file: it changed, once.
    assert data["changed"] == [{**data["verdicts"][0], "verdict": "changed", "match": "src/p.py"}]
    assert data["changed"][0]["kind"] == "path" and data["lost"] == []
    assert data["drift_score_definition"].startswith("Drift score = (facts lost + facts changed)")
    assert data["sections"][0]["name"] == "Goal"
    with pytest.raises(AttributeError):
        report.drift_score = 0.0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        report.verdicts[0].verdict = "kept"  # type: ignore[misc]


# ----------------------------------------------------------------------------- properties

FRAGMENTS = st.sampled_from(
    [
        *(f"## {name}" for name in SECTIONS),
        "### Done",
        "- (none)",
        "- `parse_date()` returns None",
        "- src/app/models.py:12",
        "see https://example.com/a/b",
        "ValueError: boom",
        "FAILED tests/test_x.py::test_y",
        '- user said "no new deps"',
        "- limit 50 MB, 3 retries",
        "**Note**",
        "",
    ]
)
SUMMARIES = st.lists(st.one_of(FRAGMENTS, st.text(max_size=30)), max_size=25).map("\n".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=SUMMARIES, new=SUMMARIES)
def test_drift_score_is_a_share(old: str, new: str) -> None:
    report = compare_summaries(old, new)
    assert 0.0 <= report.drift_score <= 1.0
    assert report.critical_lost <= report.critical_old
    assert len(report.retained) + len(report.lost) + len(report.changed) == len(extract_facts(old))
    assert report.drift_score == (report.counted / report.facts_old if report.facts_old else 0)
    assert apply_diff(report.line_diff) == (old.splitlines(), new.splitlines())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=SUMMARIES)
def test_comparing_a_summary_with_itself_loses_nothing(text: str) -> None:
    report = compare_summaries(text, text)
    assert report.drift_score == 0.0
    assert report.lost == report.added == ()
    assert extract_facts(text) == extract_facts(text)


def test_one_word_in_another_form_is_a_move_not_a_new_value() -> None:
    old = make_summary(next_steps="- Write the recommendation memo.")
    new = make_summary(in_progress="- Writing the recommendation memo.", next_steps="- (none)")
    [task] = [v for v in compare_summaries(old, new).verdicts if v.fact.kind == "task"]
    assert (task.verdict, task.note) == ("moved", "Next Steps → In Progress")
    # A different word in the same place is a new value.
    old = make_summary(decisions="- Claim the simplified home office deduction.")
    new = make_summary(decisions="- Claim the regular home office deduction.")
    [decision] = compare_summaries(old, new).of("changed")
    assert decision.note == "simplified → regular"


def test_forms_of_one_word_and_parts_of_a_compound_are_the_same_words() -> None:
    assert content_words("Planned logging; copied the caches") == content_words(
        "plan log, copy cache"
    )
    assert content_words("per-tenant limits") == content_words("limits per tenant")


def verdict_of(old: str, new: str, value: str) -> tuple[str, str]:
    """The verdict of the fact ``value`` (a bullet's own, when it is one of a bullet gone
    whole)."""
    [verdict] = [
        v
        for v in compare_summaries(old, new).verdicts
        if v.fact.value == value or value in {fact.value for fact in v.facts}
    ]
    return verdict.verdict, verdict.note


def test_a_step_that_got_done_is_told_by_its_result() -> None:
    old = make_summary(in_progress="- Rolling the role out to web-01 and web-02.")
    # Its hosts are summed up, and the numbers of what the result adds are no new values.
    new = make_summary(
        done="- Applied the `nginx` role (`worker_connections=4096`) on all three web hosts."
    )
    task = "Rolling the role out to web-01 and web-02."
    assert verdict_of(old, new, task) == ("moved", "In Progress → Done")
    new = make_summary(done="- Renewed the TLS certificate.")
    assert verdict_of(old, new, task)[0] == "lost"


def test_a_qualified_name_written_shorter_is_the_same_name() -> None:
    old = make_summary(critical="- Settings module: `myproject.settings.production`")
    new = make_summary(critical="- Settings module: `settings.production`")
    assert verdict_of(old, new, "myproject.settings.production") == (
        "reworded",
        "written as settings.production",
    )
    new = make_summary(critical="- Settings module: `myproject.settings.staging`")
    assert verdict_of(old, new, "myproject.settings.production")[0] == "changed"


def test_a_rule_that_names_something_more_is_changed_one_that_drops_a_detail_is_not() -> None:
    old = make_summary(decisions="- Support Chrome and Firefox for the checkout.")
    new = make_summary(decisions="- Support Chrome, Firefox and Safari for the checkout.")
    assert verdict_of(old, new, "Support Chrome and Firefox for the checkout.") == (
        "changed",
        "adds Safari",
    )
    old = make_summary(decisions="- Offer a refund if nothing arrives by Friday.")
    new = make_summary(decisions="- Offer a refund now that nothing arrived.")
    assert verdict_of(old, new, "Offer a refund if nothing arrives by Friday.")[0] == "reworded"


def test_a_done_step_told_with_its_date_but_not_its_hour_is_condensed() -> None:
    old = make_summary(
        goal="Renew the certificate before 2025-06-30.",
        done="- Confirmed the certificate expires 2025-06-30 23:59 UTC.",
    )
    new = make_summary(goal="Renew the certificate before 2025-06-30.", done="- Confirmed it.")
    assert verdict_of(old, new, "2025-06-30 23:59")[0] == "condensed"
    # Outside Done the hour is a detail the agent may need.
    old = make_summary(critical="- The cut-over starts 2025-06-30 23:00.")
    new = make_summary(critical="- The cut-over is on 2025-06-30.")
    assert verdict_of(old, new, "2025-06-30 23:00")[0] == "lost"


def test_the_details_of_a_step_that_got_done_are_condensed_with_it() -> None:
    old = make_summary(in_progress="- Waiting for the vendor's reply (promised within 48 h).")
    new = make_summary(done="- The vendor replied: the part ships Monday.")
    assert verdict_of(old, new, "48 h") == ("condensed", "In Progress → Done")
    # Still waiting: the promise was dropped from a step that is not done.
    still = make_summary(in_progress="- Waiting for the vendor's reply.")
    assert verdict_of(old, still, "48 h")[0] == "lost"
    # A planned step is not known to be done because a Done item shares its words.
    old = make_summary(next_steps="- Order the vendor's part by 2025-03-07.")
    assert verdict_of(old, new, "2025-03-07")[0] == "lost"
    # One to take only if the reply does not come is over when it comes.
    old = make_summary(next_steps="- Chase the vendor if no reply by 2025-03-07.")
    assert verdict_of(old, new, "2025-03-07")[0] == "condensed"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A negated exception is a requirement, said either way.
        ("Every schema change comes with a migration test.", "No schema change without a test."),
        ("Do not merge until CI is green.", "Merge only once CI is green."),
        (
            "Staging is read-only unless Ana approves a change.",
            "No changes on staging unless Ana approves.",
        ),
        # Reasons are not the rule: "to avoid" says why.
        ("Batch all invoices in one run, to avoid a second fee.", "One run for all invoices."),
        # "nothing" negates like "no".
        ("Nothing from events after dispatch.", "No events after dispatch."),
    ],
)
def test_a_rule_said_the_other_way_round_keeps_its_sense(old: str, new: str) -> None:
    old_summary = make_summary(constraints=f"- {old}")
    new_summary = make_summary(constraints=f"- {new}")
    assert verdict_of(old_summary, new_summary, old)[0] == "reworded"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Always run the migration tests before merging.", "Never run the migration tests."),
        ("Merge once CI is green.", "Do not merge once CI is green."),
        ("Staging is read-only for the agent.", "Staging is writable for the agent."),
    ],
)
def test_a_rule_turned_round_is_changed(old: str, new: str) -> None:
    old_summary = make_summary(constraints=f"- {old}")
    new_summary = make_summary(constraints=f"- {new}")
    assert verdict_of(old_summary, new_summary, old)[0] == "changed"


def test_a_name_still_stated_as_a_segment_of_a_route_is_kept() -> None:
    old = make_summary(
        critical="- Endpoint id: `we_77Hq`\n- Replay with `POST /v1/endpoints/we_77Hq/replay`."
    )
    new = make_summary(critical="- Replay with `POST /v1/endpoints/we_77Hq/replay`.")
    assert verdict_of(old, new, "we_77Hq")[0] == "kept"
    # Part of a segment is another name.
    old = make_summary(critical="- Endpoint id: `we_77`\n- Replay `POST /v1/we_77Hq/replay`.")
    new = make_summary(critical="- Replay `POST /v1/we_77Hq/replay`.")
    assert verdict_of(old, new, "we_77")[0] == "lost"


def test_an_error_of_a_finished_step_is_not_condensed_into_a_paraphrase() -> None:
    old = make_summary(
        done="- Fixed the crash `panic: nil map write in cache.Store` in `cache.Store`."
    )
    new = make_summary(done="- Fixed the nil map crash in `cache.Store`.")
    assert verdict_of(old, new, "panic: nil map write in cache.Store")[0] == "lost"
    # The other details of the step are condensed as before.
    old = make_summary(done="- Fixed the crash in `cache.Store` (seen under `GOMAXPROCS=1`).")
    new = make_summary(done="- Fixed the crash in `cache.Store`.")
    assert verdict_of(old, new, "GOMAXPROCS=1")[0] == "condensed"


def test_the_due_date_of_a_step_that_got_done_gives_way_to_when_it_was_done() -> None:
    old = make_summary(in_progress="- Cover letter for Acme Maps, due 2025-11-21.")
    new = make_summary(done="- Acme Maps cover letter sent on 2025-11-20.")
    assert verdict_of(old, new, "2025-11-21") == ("condensed", "In Progress → Done")
    # Still in progress, the date moved: a new value.
    new = make_summary(in_progress="- Cover letter for Acme Maps, due 2025-11-24.")
    assert verdict_of(old, new, "2025-11-21")[0] == "changed"
    # Only dates and times: a version is no plan.
    old = make_summary(in_progress="- Upgrading the Acme cluster to PostgreSQL 15.4.")
    new = make_summary(done="- Upgraded the Acme cluster to PostgreSQL 16.1.")
    assert verdict_of(old, new, "15.4")[0] == "changed"


def test_a_count_that_changes_among_equal_ones_is_changed() -> None:
    # Numbers are counted, not collected: the second 5 is the 4 changed.
    old = make_summary(decisions="- Split: 5 nights Lisbon, 4 nights Porto.")
    new = make_summary(decisions="- Split: 5 nights Lisbon, 5 nights Porto (one more day).")
    assert verdict_of(old, new, "Split: 5 nights Lisbon, 4 nights Porto.") == ("changed", "4 → 5")
    same = make_summary(decisions="- Split: 5 nights in Lisbon and 4 in Porto.")
    assert verdict_of(old, same, "Split: 5 nights Lisbon, 4 nights Porto.")[0] == "reworded"


def test_a_rule_that_drops_its_limit_is_changed_unless_the_limit_is_said_elsewhere() -> None:
    rule = "Retry with exponential backoff starting at 30 s, max 5 attempts."
    old = make_summary(decisions=f"- {rule}")
    new = make_summary(decisions="- Retry with exponential backoff starting at 30 s.")
    assert verdict_of(old, new, rule) == ("changed", "drops 5")
    elsewhere = make_summary(
        decisions="- Retry with exponential backoff starting at 30 s.",
        critical="- Retries: at most 5, then the job fails.",
    )
    assert verdict_of(old, elsewhere, rule)[0] == "reworded"


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A clause gone: the rule says less than it did.
        ("The user is vegetarian; prefers aisle seats.", "The user is vegetarian.", "changed"),
        (
            "Tone with the customer: apologetic, but no admission of carrier fault in writing.",
            "Tone with the customer: apologetic and warm.",
            "changed",
        ),
        # An aside in brackets and a reason may go.
        (
            "LightGBM only (the serving stack supports it); no deep learning.",
            "LightGBM only; no deep learning.",
            "reworded",
        ),
        (
            "Batch all invoices in one run, to avoid a second fee.",
            "Batch all invoices.",
            "reworded",
        ),
        # A restriction said another way keeps a negation.
        (
            "Production: read-only kubectl unless the on-call lead approves a change.",
            "No changes on production without the on-call lead's approval.",
            "reworded",
        ),
    ],
)
def test_a_rule_that_drops_a_clause_is_changed(old: str, new: str, verdict: str) -> None:
    old_summary = make_summary(constraints=f"- {old}")
    new_summary = make_summary(constraints=f"- {new}")
    assert verdict_of(old_summary, new_summary, old)[0] == verdict


def test_a_clause_said_in_another_bullet_is_not_dropped() -> None:
    old = make_summary(constraints="- The user is vegetarian; prefers aisle seats.")
    new = make_summary(
        constraints="- The user is vegetarian.\n- Seats: the user prefers the aisle."
    )
    assert verdict_of(old, new, "The user is vegetarian; prefers aisle seats.")[0] == "reworded"


def test_a_rule_that_now_names_a_date_is_changed() -> None:
    rule = "Keep the old certificate in the legacy secret until the new one is live."
    old = make_summary(decisions=f"- {rule}")
    new = make_summary(
        decisions="- Keep the old certificate in the legacy secret until 2026-11-29."
    )
    assert verdict_of(old, new, rule) == ("changed", "adds 2026-11-29")


def test_cannot_negates_as_not_does() -> None:
    rule = "Use the DNS-01 solver; HTTP-01 is not possible for a wildcard."
    old = make_summary(constraints=f"- {rule}")
    new = make_summary(constraints="- DNS-01 solver (HTTP-01 cannot issue wildcard certificates).")
    assert verdict_of(old, new, rule)[0] == "reworded"
    # "zero" is a number as often as a negation: neither wording below negates.
    rule = "Deploys must be zero-downtime."
    old = make_summary(constraints=f"- {rule}")
    new = make_summary(constraints="- Deploys must run with zero downtime.")
    assert verdict_of(old, new, rule)[0] == "reworded"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A number written in words is the same number.
        (
            "Retry with exponential backoff, max 5 attempts.",
            "Retry with exponential backoff, at most five attempts.",
        ),
        ("Every change wants two reviewers.", "Every change needs 2 reviewers."),
        # A number written once where it was written twice is no new value.
        (
            "Split: 5 nights Lisbon, 5 nights Porto.",
            "Split: 5 nights each in Lisbon and Porto, 10 in all.",
        ),
    ],
)
def test_the_same_numbers_written_otherwise_are_a_rewording(old: str, new: str) -> None:
    old_summary = make_summary(decisions=f"- {old}")
    new_summary = make_summary(decisions=f"- {new}")
    assert verdict_of(old_summary, new_summary, old)[0] == "reworded"


def test_a_dropped_limit_is_not_hidden_by_its_digit_inside_a_name() -> None:
    rule = "Retry with exponential backoff, max 5 attempts."
    old = make_summary(decisions=f"- {rule}")
    new = make_summary(
        decisions="- Retry with exponential backoff.", critical="- Runs on `h5-worker` (v5)."
    )
    assert verdict_of(old, new, rule) == ("changed", "drops 5")


def test_a_dropped_restriction_is_changed_though_the_rewording_negates_something_else() -> None:
    rule = "Never skip the code review; no force pushes to main."
    old = make_summary(constraints=f"- {rule}")
    new = make_summary(constraints="- No force pushes to main.")
    assert verdict_of(old, new, rule)[0] == "changed"
    # A reason that opens inside brackets ends with them.
    rule = "Use Redis for cache and queue (since ops run it), but keep sessions in Postgres."
    old = make_summary(constraints=f"- {rule}")
    new = make_summary(constraints="- Use Redis for cache and queue.")
    assert verdict_of(old, new, rule)[0] == "changed"


def test_a_change_whose_value_holds_a_semicolon_is_reported_not_crashed_on() -> None:
    """A report's note lists changes joined by "; ": a value holding "; " itself (the offline
    summarizer's "Fixed: ... (ERROR: ...); changed (#201)") was once looked up whole and
    raised KeyError, failing the compaction's drift guard. The pair is two versions of the
    demo's long session that did."""
    pair = json.loads((Path(__file__).parent / "data" / "semicolon_change_pair.json").read_text())
    report = compare_summaries(pair["old"], pair["new"])
    assert 0 < report.drift_score <= 1
