"""What the drift audit reports, rule by rule: one report per bullet, rules said anew, steps
that got done, values quoted in part or written shorter, and rewordings that change what a
rule says. Each rule comes with a case where it must not fire.
"""

from __future__ import annotations

import pytest

from compaction.engine.drift import DriftReport, compare_summaries
from compaction.engine.verdicts import Verdict
from tests.support.summaries import make_summary


def report_of(old: str, new: str) -> DriftReport:
    return compare_summaries(old, new)


def verdict_on(report: DriftReport, value: str) -> Verdict:
    """The report on ``value``: its own, or the one of the bullet that holds it."""
    [verdict] = [
        v
        for v in report.verdicts
        if v.fact.value == value or value in {fact.value for fact in v.facts}
    ]
    return verdict


def counted(report: DriftReport) -> list[str]:
    return [v.fact.value for v in report.verdicts if v.counted]


# ----------------------------------------------------------------------------- bullets


def test_a_bullet_gone_whole_is_one_report_whatever_it_held() -> None:
    old = make_summary(
        next_steps="- Remind the clinic if the invoices have not arrived by 2025-11-24.",
        critical="- Clinic: Frau Yilmaz, +49 40 555 8120\n- Policy: HM-4471-902-18",
    )
    new = make_summary(next_steps="- Run the tests.", critical="- Policy: HM-4471-902-18")
    report = report_of(old, new)
    assert counted(report) == [
        "Remind the clinic if the invoices have not arrived by 2025-11-24.",
        "Clinic: Frau Yilmaz, +49 40 555 8120",
    ]
    clinic = verdict_on(report, "Frau Yilmaz")
    assert (clinic.verdict, clinic.fact.kind, clinic.whole) == ("lost", "note", True)
    assert [part.fact.value for part in clinic.parts] == ["Frau Yilmaz", "+49 40 555 8120"]
    # The score still counts facts: three lost, in two reports.
    assert report.counted == 3 == len(report.lost)


def test_a_bullet_that_keeps_some_of_itself_reports_only_what_it_lost() -> None:
    old = make_summary(critical="- Clinic: Frau Yilmaz, +49 40 555 8120, rezeption@physio.de")
    # Reworded, with the phone number dropped: that number is the one report.
    new = make_summary(critical="- Clinic contact: Frau Yilmaz, rezeption@physio.de")
    report = report_of(old, new)
    assert counted(report) == ["+49 40 555 8120"]
    assert report.counted == 1


def test_the_values_of_one_bullet_that_changed_together_are_one_change() -> None:
    old = make_summary(critical="- IT contact: Raj Menon, raj.menon@kestrel.com")
    new = make_summary(critical="- IT contact: Aisha Bello, aisha.bello@kestrel.com")
    report = report_of(old, new)
    [contact] = [v for v in report.verdicts if v.counted]
    assert (contact.verdict, contact.whole) == ("changed", False)
    assert contact.note.startswith("Raj Menon → Aisha Bello")
    assert [part.verdict for part in contact.parts] == ["changed", "changed"]
    assert report.counted == 2 == len(report.changed)


# ----------------------------------------------------------------------------- rewordings


def test_a_rule_said_anew_in_its_section_is_reworded() -> None:
    old = make_summary(
        constraints=(
            "- The user wants to approve every message before it is sent to the insurer or "
            "the clinic.\n- Reminders in the morning."
        )
    )
    new = make_summary(
        constraints=(
            "- Nothing goes to the insurer or the clinic without the user's OK.\n"
            "- Reminders in the morning."
        )
    )
    rule = "The user wants to approve every message before it is sent to the insurer or the clinic."
    assert verdict_on(report_of(old, new), rule).verdict == "reworded"
    # A new rule that shares a word with one that went is no rewording of it.
    other = make_summary(
        constraints="- Invoices in euros only.\n- Reminders in the morning.",
    )
    assert verdict_on(report_of(old, other), rule).verdict == "lost"


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # One word said another way is no new value; another value is.
        ("Registrar stays GoDaddy.", "Registrar remains GoDaddy.", "reworded"),
        ("Claim the simplified deduction.", "Claim the regular deduction.", "changed"),
        # A name the old version already gave, an acronym of its own words, an aside: the
        # rule covers nothing new.
        ("Ruled out Renov for quartz.", "Ruled out Renov Lyon for quartz.", "reworded"),
        (
            "Minimum detectable effect 4% on RPV.",
            "Minimum detectable effect (MDE) 4% on RPV.",
            "reworded",
        ),
        ("Holidays for DE and AT.", "Holidays for DE, AT and CH.", "changed"),
        # A part a rule drops: a name stated nowhere else, an alternative, a requirement
        # of the people it names.
        ("Backfills in TRANSFORM_L, never REPORTING_XS.", "Backfills in TRANSFORM_L.", "changed"),
        (
            "No proxy on `mail.example.com` or any MX/SPF-related record.",
            "No proxy on `mail.example.com`.",
            "changed",
        ),
        ("CSM Owen Pratt must be cc'd on everything.", "The CSM is Owen Pratt.", "changed"),
        # A lead-in names the rule, it is not one.
        (
            "Churn definition agreed: no membership 30 days after the paid period.",
            "Churn = no membership 30 days after the paid period.",
            "reworded",
        ),
        # A count is of something: "2" elsewhere (an item number) does not state "2 coeliac".
        ("Vegetarian menu; 6 guests are vegan, 2 coeliac.", "Vegetarian menu; 6 vegan.", "changed"),
    ],
)
def test_what_a_rewording_may_and_may_not_do_to_a_rule(old: str, new: str, verdict: str) -> None:
    old_summary = make_summary(
        constraints=f"- {old}", decisions="- Keep it small.", done="- Quotes: Renov Lyon."
    )
    new_summary = make_summary(
        constraints=f"- {new}",
        decisions="1. Keep it small.\n2. Nothing else.",
        done="- Quotes: Renov Lyon.",
    )
    assert verdict_on(report_of(old_summary, new_summary), old).verdict == verdict


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # The same thing ruled out twice, or the exception said another way: no reversal.
        (
            "Keep Parquet rather than switching to Delta.",
            "Stay on Parquet; moving to Delta is not part of this work.",
            "reworded",
        ),
        (
            "Cutover must happen outside the release freeze; the freeze runs to 2026-12-19.",
            "No cutover during the release freeze (to 2026-12-19).",
            "reworded",
        ),
        (
            "The user prefers merge with a unique_key over delete+insert.",
            "Use merge with a unique_key, not delete+insert (the user's choice).",
            "reworded",
        ),
        (
            "Asked the agent to stop suggesting IKEA cabinets.",
            "Don't propose IKEA cabinets.",
            "reworded",
        ),
        # Turned round: what one rules out, the other says plainly.
        ("Always run the migration tests.", "Never run the migration tests.", "changed"),
    ],
)
def test_a_rule_is_reversed_only_when_something_is_turned_round(
    old: str, new: str, verdict: str
) -> None:
    old_summary = make_summary(constraints=f"- {old}")
    new_summary = make_summary(constraints=f"- {new}")
    assert verdict_on(report_of(old_summary, new_summary), old).verdict == verdict


def test_a_preference_of_conversation_dynamics_is_a_fact() -> None:
    old = make_summary(dynamics="- Terse user.\n- Dislikes Jinja macros for one-off logic.")
    report = report_of(old, make_summary(dynamics="- Terse user."))
    assert counted(report) == ["Dislikes Jinja macros for one-off logic."]
    # What the user said, quoted, is no preference of theirs.
    quoted = make_summary(dynamics='- The user approved 3 time(s), latest: "I want the fix"')
    assert counted(report_of(quoted, make_summary())) == []


# ----------------------------------------------------------------------------- steps


def test_a_next_step_that_got_done_gives_its_plan_date_way() -> None:
    old = make_summary(next_steps="- Book movers by 2026-11-30.")
    done = make_summary(done="- Booked movers on 2026-11-23: Maple Relocation.")
    assert verdict_on(report_of(old, done), "2026-11-30").verdict == "condensed"
    # A call planned for a week, then booked on a day of it.
    old = make_summary(next_steps="- Schedule a call with Nadia for the week of 2026-11-30.")
    booked = make_summary(done="- Call with Nadia booked for 2026-12-01 at 15:00 UTC.")
    assert verdict_on(report_of(old, booked), "2026-11-30").verdict == "condensed"
    # Still to do, on another date: a new value.
    moved = make_summary(next_steps="- Schedule a call with Nadia for the week of 2026-12-07.")
    assert verdict_on(report_of(old, moved), "2026-11-30").verdict == "changed"


def test_a_step_that_moved_on_reports_its_outcome_not_a_changed_count() -> None:
    old = make_summary(in_progress="- Mapping the 6 unmapped GL accounts to cost lines.")
    new = make_summary(done="- All 103 GL accounts now mapped to cost lines.")
    verdict = verdict_on(report_of(old, new), "Mapping the 6 unmapped GL accounts to cost lines.")
    assert verdict.verdict == "moved"


# ----------------------------------------------------------------------------- values


def test_an_error_quoted_in_part_is_still_stated() -> None:
    error = "Error: Error acquiring the state lock: ConditionalCheckFailedException"
    old = make_summary(in_progress=f"- Migrating state; it stopped with `{error}`.")
    new = make_summary(
        done="- Cleared the stale lock behind `Error acquiring the state lock: "
        "ConditionalCheckFailedException`."
    )
    verdict = verdict_on(report_of(old, new), error)
    assert (verdict.verdict, verdict.note) == ("kept", "quoted in part")


def test_a_value_written_shorter_or_elided() -> None:
    command = "kubectl -n cart get deploy cart-worker -o jsonpath='{.spec.template}'"
    old = make_summary(next_steps=f"- Verify rollback: `{command}`.")
    new = make_summary(
        done="- Rolled back; checked: `kubectl -n cart get deploy cart-worker -o jsonpath=...`."
    )
    assert verdict_on(report_of(old, new), command).verdict == "kept"
    # A finished step told with less of its command, or of its file's path.
    old = make_summary(
        done="- Checked with `openssl s_client -connect api.example.com:443` in "
        "`sql/dedup/01_normalize.sql`."
    )
    new = make_summary(done="- Checked with `openssl s_client` in `01_normalize.sql`.")
    report = report_of(old, new)
    assert (
        verdict_on(report, "openssl s_client -connect api.example.com:443").verdict == "condensed"
    )
    assert verdict_on(report, "sql/dedup/01_normalize.sql").verdict == "condensed"
    # A step still to do that lost a flag of its command: another command.
    old = make_summary(next_steps="- Run `admin erase --user u_44 --keep-billing` after the ack.")
    new = make_summary(next_steps="- Run `admin erase --user u_44` after the ack.")
    assert (
        verdict_on(report_of(old, new), "admin erase --user u_44 --keep-billing").verdict
        == "changed"
    )


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        ("- Ship v4.12.0 today.", "- Ship 4.12.0 today.", "kept"),
        ("- Rent: CAD 1,690/month.", "- Rent: CAD 1,690 a month.", "kept"),
        ("- Rent: CAD 1,690/month.", "- Rent: CAD 1,960/month.", "changed"),
        (
            "- pgBackRest retention 4 full backups.",
            "- pgBackRest retention 2 full backups.",
            "changed",
        ),
        ("- Found 18,442 duplicate order ids.", "- Found 18,424 duplicate order ids.", "changed"),
    ],
)
def test_numbers_of_critical_context(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(critical=old), make_summary(critical=new))
    [fact] = [v for v in report.verdicts if v.fact.section == "Critical Context"]
    assert fact.verdict == verdict, fact


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A restriction on one named thing is a part of a rule; one common word may be said
        # another way.
        ("Python 3.11 only; no Prophet (bad experience).", "Python 3.11 only.", "changed"),
        (
            "Claims go through the insurer's app, not by post.",
            "App submission only; no paper claims by mail.",
            "reworded",
        ),
        # What a rule joins with "and", or adds after a comma as a restriction.
        (
            "Wants formulas stated and dislikes black-box packages.",
            "Wants formulas stated.",
            "changed",
        ),
        (
            "Tomasz answers quickly and wants code diffs rather than prose.",
            "Tomasz replies fast; give him code diffs, not prose.",
            "reworded",
        ),
        (
            'Replies signed "Support", with no internal hostnames in customer text.',
            'Replies signed "Support".',
            "changed",
        ),
        # "Skip" rules out; an aside gives examples, it states nothing plainly.
        (
            "Skip the Capri day trip by small boat; the public ferry is fine.",
            "No small-boat Capri day trip; the public ferry is fine.",
            "reworded",
        ),
        (
            "Keep personal documents (SSNs, bank numbers) out of chat.",
            "No SSNs or bank numbers in chat.",
            "reworded",
        ),
        # "VAT-only" adds nothing to a rule on the VAT.
        (
            "Full credit and reissue (not a partial credit for just the VAT).",
            "Full credit and reissue rather than a VAT-only partial credit.",
            "reworded",
        ),
    ],
)
def test_the_parts_of_a_rule(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_the_digits_of_a_url_are_no_numbers_of_the_rule() -> None:
    rule = "Backfill from the export (`s3://dwh/orders/2026-11-21/`) rather than a reset."
    old = make_summary(decisions=f"- {rule}")
    new = make_summary(
        decisions="- Backfill from the export, with a one-off copy, rather than a reset.",
        in_progress="- Exporting the rows to `s3://dwh/orders/2026-11-21/`.",
    )
    assert verdict_on(report_of(old, new), rule).verdict == "reworded"


def test_a_limit_is_a_number_wherever_it_stands() -> None:
    # In a step that got done, a limit that changed is changed.
    old = make_summary(
        in_progress="- Writing `spec/orders_spec.rb` that asserts at most 12 queries per request."
    )
    new = make_summary(done="- `spec/orders_spec.rb` asserts at most 20 queries per request.")
    verdict = verdict_on(report_of(old, new), "12 queries")
    assert (verdict.verdict, verdict.note) == ("changed", "12 queries → 20 queries")
    # A plan that drops its deadline says less.
    old = make_summary(next_steps="- Write the RCA for the customer within 2 business days.")
    new = make_summary(next_steps="- Write the RCA for the customer.")
    assert verdict_on(report_of(old, new), "2 business days").verdict == "lost"
    # A size keeps its unit: "under 16 MB" is 16 MB.
    old = make_summary(critical="- WAL segment under 16 MB in size.")
    new = make_summary(critical="- WAL segment under 32 MB in size.")
    assert verdict_on(report_of(old, new), "16 MB").verdict == "changed"


def test_how_to_reach_a_person_still_named_is_no_detail_of_a_finished_step() -> None:
    old = make_summary(
        in_progress="- Waiting for the IdP admin (Erik Solberg, +47 912 34 567) to send metadata."
    )
    new = make_summary(
        done="- The IdP admin sent the new metadata.",
        critical="- IdP admin: Erik Solberg.",
    )
    assert verdict_on(report_of(old, new), "+47 912 34 567").verdict == "lost"
    # Nobody named any more: the wait and whom it was for went with the step.
    gone = make_summary(done="- The IdP admin sent the new metadata.")
    assert verdict_on(report_of(old, gone), "+47 912 34 567").verdict == "condensed"


def test_a_qualified_name_written_bare() -> None:
    old = make_summary(in_progress="- Backfilling `orders.tenant_id` via `orders.account_id`.")
    new = make_summary(in_progress="- Backfilling `orders.tenant_id` via `account_id`.")
    assert verdict_on(report_of(old, new), "orders.account_id").verdict == "reworded"


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # "Only one may" restricts like "never two": the same rule.
        (
            "Never run two beat processes against one broker at once.",
            "Only one beat process may ever run against a broker.",
            "reworded",
        ),
        # The words of a name in code are no verbs of the rule.
        (
            "Drop the `clocked` task `migrations.tasks.backfill` (already ran).",
            "Not migrating the `clocked` task `migrations.tasks.backfill`; it already ran.",
            "reworded",
        ),
        # "Sat" is Saturday, written shorter.
        ("Window: Saturday 02:00-05:00 UTC only.", "Window: Sat 02:00-05:00 UTC only.", "reworded"),
    ],
)
def test_more_rules_said_anew(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_an_identifier_changes_only_into_one_like_it() -> None:
    old = make_summary(critical="- Account: `ACC-00731942`")
    new = make_summary(critical="- Account: `ACC-00731492`")
    assert verdict_on(report_of(old, new), "ACC-00731942").verdict == "changed"
    # Another name in the same place is not this one with a new value.
    old = make_summary(critical="- Found with `ALTER WAREHOUSE` logs.")
    new = make_summary(critical="- Found with `WAREHOUSE_METERING_HISTORY` logs.")
    assert verdict_on(report_of(old, new), "ALTER WAREHOUSE").verdict == "lost"


def test_a_name_quoted_with_its_middle_left_out_is_kept() -> None:
    expression = "date_diff(date_trunc(order_week, isoweek), cohort_week, week)"
    old = make_summary(in_progress=f"- Cohort offset: `{expression}`.")
    new = make_summary(in_progress="- Cohort offset: `date_diff(..., cohort_week, week)`.")
    verdict = verdict_on(report_of(old, new), expression)
    assert (verdict.verdict, verdict.note) == ("kept", "quoted in part")


# ----------------------------------------------------------------------------- round 4


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A restriction that opens a clause ends at its comma.
        (
            "Tests with Kotest; no MockK for the crypto classes, use real keys in tests.",
            "Tests with Kotest, using real keys in tests.",
            "changed",
        ),
        # A restriction on what the rule's other part speaks of, no longer stated at all.
        (
            "Panels on the south roof face only; no panels on the front (north-east) face.",
            "Panels on the south roof face only.",
            "changed",
        ),
        # ... but not one said another way, without a negation.
        (
            "The user is relaxed about time but wants no downtime on the storefront.",
            "The user is relaxed about time; the storefront must stay up throughout.",
            "reworded",
        ),
        # A consequence is part of the rule, and a word turned round may change its form.
        (
            "The mother signs; the father also has PR, so no need for his signature.",
            "The mother signs; the father also has PR and must sign too.",
            "changed",
        ),
        # "Rejected" rules out as "did not use" does; "OK" and "fine" are one word.
        (
            "Rejected the Auth0 `jwks-rsa` caching provider: its cache hid rotation bugs.",
            "Did not use Auth0's `jwks-rsa` caching provider: its cache masked rotation bugs.",
            "reworded",
        ),
        (
            "No heavy deps: `aiolimiter` is OK, `scrapy` is not.",
            "No heavy deps: `aiolimiter` is fine, `scrapy` is not.",
            "reworded",
        ),
    ],
)
def test_restrictions_consequences_and_rejections(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_a_single_name_and_a_bullet_that_only_names_people() -> None:
    old = make_summary(
        dynamics="- Polite but firm; she may post a review on Trustpilot if it happens again.",
        next_steps="- Send the 23 unparsed phone numbers to Helen to fix by hand.\n"
        "- Ask Helen about the export.",
    )
    new = make_summary(dynamics="- Polite but firm.", next_steps="- Ask Helen about the export.")
    assert counted(report_of(old, new)) == [
        "Trustpilot",
        "Send the 23 unparsed phone numbers to Helen to fix by hand.",
    ]


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # Read out in groups, or North American: a number to copy, changed by one digit.
        (
            "Passport reference PEX 4407 2291 8830.",
            "Passport reference PEX 4407 2219 8830.",
            "changed",
        ),
        ("Support case 03318842 opened (P2).", "Support case 03318942 opened (P2).", "changed"),
        ("Servicer line 1-888-866-4352.", "Servicer line (see the letter).", "lost"),
        # A duration in parts is one number.
        ("Last run took 3h 41m.", "Last run took 3h 14m.", "changed"),
        # A thousands-grouped amount is no code.
        ("Budget 1 250 000 EUR total.", "Budget 1 250 000 EUR total.", "kept"),
    ],
)
def test_numbers_read_out(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(critical=f"- {old}"), make_summary(critical=f"- {new}"))
    assert [v.verdict for v in report.verdicts if v.fact.section == "Critical Context"][:1] == [
        verdict
    ]


def test_steps_done_on_their_day_and_waits_that_ended() -> None:
    old = make_summary(next_steps="- Shift storefront to 10% on Thursday 2026-11-19 06:00 CET.")
    new = make_summary(
        done="- Storefront shifted to 10% on Thursday 2026-11-19 at 06:12 CET.",
        next_steps="- Shift storefront to 50% on 2026-11-24 06:00 CET.",
    )
    assert verdict_on(report_of(old, new), "2026-11-19 06:00").verdict == "condensed"
    # Not done that day: the plan moved.
    later = make_summary(next_steps="- Shift storefront to 10% on 2026-11-24 06:00 CET.")
    assert verdict_on(report_of(old, later), "2026-11-19 06:00").verdict == "changed"
    # A wait ends when what it waited for arrives; an action must be reported done.
    old = make_summary(next_steps="- Wait for the SEAI grant offer (typically within 2 weeks).")
    new = make_summary(done="- SEAI grant offer letter received 2026-11-26 for EUR 1,800.")
    assert counted(report_of(old, new)) == []
    old = make_summary(next_steps="- Accept the SEAI grant offer within 2 weeks.")
    assert counted(report_of(old, new)) != []


def test_an_error_restated_by_its_exception_and_what_it_failed_on() -> None:
    error = "java.lang.IllegalStateException: Error reading delta file .../v3/state/0/12/1843.delta"
    old = make_summary(in_progress=f"- Job failed with `{error}`.")
    new = make_summary(
        done="- Diagnosed: `IllegalStateException` reading `.../v3/state/0/12/1843.delta`."
    )
    assert verdict_on(report_of(old, new), error).verdict == "kept"
    other = make_summary(done="- Diagnosed: `IllegalStateException` in the driver.")
    assert verdict_on(report_of(old, other), error).verdict == "lost"


def test_a_setting_and_its_value_said_apart() -> None:
    old = make_summary(next_steps="- If needed, set `POOL_MAX_MB=4096` on both nodes.")
    new = make_summary(decisions="- Leave `POOL_MAX_MB` at its default: the 4096 override is moot.")
    assert verdict_on(report_of(old, new), "POOL_MAX_MB=4096").verdict == "reworded"
    other = make_summary(decisions="- Leave `POOL_MAX_MB` at its default.")
    assert verdict_on(report_of(old, other), "POOL_MAX_MB=4096").verdict != "reworded"


# ----------------------------------------------------------------------------- round 5


def test_a_rule_is_not_merged_into_an_item_that_says_another_one_again() -> None:
    warranty = "Warranty: 2 years from fitting; extended care plan to 2028 (loss, £95 excess)."
    excess = "Do not charge the £95 excess for a warranty fault; only for physical damage."
    old = make_summary(constraints=f"- {warranty}\n- {excess}")
    new = make_summary(
        constraints="- Warranty: 2 years from fitting; care plan to 2028 (loss, £95 excess)."
    )
    report = report_of(old, new)
    assert verdict_on(report, warranty).verdict == "reworded"
    assert verdict_on(report, excess).verdict == "lost"
    # Two rules said in one item hold what each said.
    both = make_summary(
        constraints="- Warranty: 2 years from fitting; care plan to 2028 "
        "(loss, £95 excess), never charged for a warranty fault, only damage."
    )
    assert verdict_on(report_of(old, both), excess).verdict == "reworded"


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A one-word restriction the rewording no longer states at all...
        (
            "Prefers phone calls after 10:00 and before 16:00, never texts.",
            "Prefers calls between 10:00 and 16:00.",
            "changed",
        ),
        # ... unless a word of its kin says it another way.
        (
            "Wants a day trip to Sintra, but not on a weekend.",
            "Wants a Sintra day trip on a weekday.",
            "reworded",
        ),
        # A limit's number is not stated by the day of a date.
        (
            "Letters in large print (16 pt minimum); fault logged 2026-11-20.",
            "Letters in large print; fault logged 2026-11-16.",
            "changed",
        ),
        # Switched off, then on: turned round. "Off by default" and "signed off" switch
        # nothing off.
        (
            "Fast roaming off on `Staff` because old scanners fail with it.",
            "Fast roaming enabled on `Staff` so the scanners roam cleanly.",
            "changed",
        ),
        (
            "Keep the fix behind flag `cache.enabled` (default false) for the rollout.",
            "Rollout guarded by flag `cache.enabled`, off by default.",
            "reworded",
        ),
    ],
)
def test_restrictions_limits_and_switches(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_a_step_signed_off_is_no_reversal() -> None:
    old = make_summary(in_progress="- Waiting for the customer to confirm the stage mapping.")
    new = make_summary(done="- Stage mapping signed off by the customer on 2026-11-25.")
    assert counted(report_of(old, new)) == []


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        (
            "Submission target is Friday 14 June 2024.",
            "Submission target is Friday 21 June 2024.",
            "changed",
        ),
        ("Frost API rate limit 10 requests/s.", "Frost API rate limit 10 requests/min.", "changed"),
        # The new version says what the value was: an update it knows of.
        (
            "E2E fails with `Expected 0 hydration warnings, received 3`.",
            "E2E fails with `Expected 0 hydration warnings, received 1` (was 3).",
            "reworded",
        ),
        (
            "E2E fails with `Expected 0 hydration warnings, received 3`.",
            "E2E fails with `Expected 0 hydration warnings, received 1`.",
            "changed",
        ),
    ],
)
def test_dates_in_words_rates_and_updates(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(critical=f"- {old}"), make_summary(critical=f"- {new}"))
    assert [v.verdict for v in report.verdicts if v.verdict != "kept"][:1] == [verdict]


def test_a_path_named_within_a_longer_one() -> None:
    old = make_summary(goal="Move from v1 to `github.com/aws/aws-sdk-go-v2` with no change.")
    new = make_summary(
        goal="Move from v1 to the v2 SDK with no change.",
        done="- Added `go get github.com/aws/aws-sdk-go-v2/config@v1.28.3`.",
    )
    assert verdict_on(report_of(old, new), "github.com/aws/aws-sdk-go-v2").verdict == "kept"
    other = make_summary(done="- Added `go get github.com/aws/aws-sdk-go/config@v1.55.5`.")
    assert verdict_on(report_of(old, other), "github.com/aws/aws-sdk-go-v2").verdict == "lost"


# ----------------------------------------------------------------------------- round 6


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # "Dislikes", "banned", "uncached" rule out as "not" and "no" do.
        (
            "Alex prefers concise status lists; dislikes long explanations.",
            "Alex wants short status lists, not long explanations.",
            "reworded",
        ),
        (
            "Cross-stack references via `terraform_remote_state` are banned; use SSM.",
            "No `terraform_remote_state` for cross-stack references; outputs go through SSM.",
            "reworded",
        ),
        (
            'Caching: 6h TTL for dashboards; no caching for "Daily Pulse".',
            'Result caching 6h TTL on dashboards; "Daily Pulse" stays uncached.',
            "reworded",
        ),
        # A bound said with "no" forbids nothing.
        (
            "No speeches longer than 3 minutes; Emma speaks last.",
            "Speeches capped at 3 minutes each; Emma goes last.",
            "reworded",
        ),
        # ... and a real reversal still is one.
        ("Dislikes long explanations.", "Likes long explanations.", "changed"),
        # The digits of a name are no number of the rule; an ordinal is one.
        (
            "Upgrade drive firmware (PS21) first as a separate step.",
            "Drive firmware handled first, as a separate step.",
            "reworded",
        ),
        (
            "Trim weights at the 1st and 99th percentiles.",
            "Trim weights at the 5th and 95th percentiles.",
            "changed",
        ),
    ],
)
def test_implicit_negations_bounds_and_numerals(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(decisions=f"- {old}"), make_summary(decisions=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_a_numbered_step_to_complete_is_done_when_its_object_is() -> None:
    old = make_summary(
        next_steps="1. Complete address change before Sunday 17 Nov 23:59 so the "
        "Wednesday 20 Nov box goes to the new address."
    )
    new = make_summary(done="- Address changed to 7 Orchard Rise on 14 Nov (zone C).")
    assert verdict_on(report_of(old, new), "17 Nov").verdict == "condensed"
    # Not done: the date moved.
    later = make_summary(next_steps="1. Complete address change before Sunday 24 Nov 23:59.")
    assert verdict_on(report_of(old, later), "17 Nov").verdict == "changed"


# ----------------------------------------------------------------------------- round 7


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A number written fewer times, another where it stood.
        (
            "Open 08:30\u201317:30; outages only after 17:30 or before 08:30.",
            "Open 08:30\u201317:30; outages only after 18:00 or before 08:30.",
            "changed",
        ),
        # "Doesn't matter" said as "irrelevant"; a label inside an item is no part of it.
        (
            "Old router password is unknown; doesn't matter since the unit is dead.",
            "Old router password unknown; irrelevant since the unit is dead.",
            "reworded",
        ),
        (
            "Client wants to avoid legal escalation; target outcome: penalty waived.",
            "Client wants to avoid legal escalation; the goal is a waived penalty.",
            "reworded",
        ),
    ],
)
def test_zones_units_and_places_of_numbers(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert [v.verdict for v in report.verdicts if v.verdict != "kept"][:1] == (
        [] if verdict == "kept" else [verdict]
    )


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A time in another zone is another hour; the same zone is the same time.
        ("Nightly e2e at 01:30 CET.", "Nightly e2e at 01:30 UTC.", "changed"),
        ("Nightly e2e at 01:30 CET.", "Nightly e2e (01:30 CET).", "kept"),
        # Watts are a unit.
        ("FTP 201 W (from a 212 W test).", "FTP 210 W (from a 212 W test).", "changed"),
    ],
)
def test_zones_and_units_of_values(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(critical=f"- {old}"), make_summary(critical=f"- {new}"))
    assert [v.verdict for v in report.verdicts if v.verdict != "kept"][:1] == (
        [] if verdict == "kept" else [verdict]
    )


def test_a_deadline_is_not_moved_by_doing_the_step_before_it() -> None:
    old = make_summary(
        in_progress="- Transfer application for Minh to Willow Creek; deadline 2025-07-18."
    )
    moved = make_summary(
        done="- Submitted Minh's transfer application to Willow Creek on 2025-07-15, ahead "
        "of the 2025-07-28 deadline."
    )
    assert verdict_on(report_of(old, moved), "2025-07-18").verdict == "changed"
    kept = make_summary(
        done="- Submitted Minh's transfer application to Willow Creek on 2025-07-15."
    )
    assert verdict_on(report_of(old, kept), "2025-07-18").verdict == "condensed"


# ----------------------------------------------------------------------------- round 8


def test_a_done_item_naming_what_the_step_worked_on_is_that_step_done() -> None:
    old = make_summary(
        in_progress="- Updating driver `nvmetcp` on host `esx-prd-04`, which is still on "
        "1.0.0.1-1vmw vs 1.0.1.0 on the others."
    )
    new = make_summary(
        done="- `nvmetcp` on `esx-prd-04` updated to 1.0.1.0 (maintenance mode, reboot)."
    )
    assert counted(report_of(old, new)) == []
    # A Done item about something else leaves the step's values lost.
    other = make_summary(done="- `nvmetcp` checked on `esx-prd-01`.")
    assert counted(report_of(old, other)) != []


def test_an_error_restated_by_its_code_and_a_file_named_with_its_directory() -> None:
    error = "error[E0277]: the trait bound Decimal: ToSchema<'_> is not satisfied"
    old = make_summary(in_progress=f"- Fixing compile error `{error}` in `acl_to_tf.py`.")
    new = make_summary(
        done="- Fixed the `Decimal: ToSchema` compile error (E0277) in `scripts/acl_to_tf.py`."
    )
    assert counted(report_of(old, new)) == []
    vague = make_summary(done="- Fixed a compile error in `scripts/other.py`.")
    assert error in [v.fact.value for v in report_of(old, vague).verdicts if v.counted] or any(
        error in {p.fact.value for p in v.parts} for v in report_of(old, vague).verdicts
    )


# ----------------------------------------------------------------------------- round 9


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        ("Vegetarian; avoids night buses.", "Vegetarian; no night buses.", "reworded"),
        # A lead-in with an aside names the rule, it is not one.
        (
            "Owner preference (Dev, backend lead): use the `apns2` fork, no new dependencies.",
            "Dev (backend lead) wants the `apns2` fork used; no new dependencies.",
            "reworded",
        ),
        # A warnings filter in a code span is no error running on into the prose.
        (
            "Must keep `-W error::sqlalchemy.exc.RemovedIn20Warning` in CI (pytest.ini).",
            "CI must keep `-W error::sqlalchemy.exc.RemovedIn20Warning` (pytest.ini).",
            "reworded",
        ),
    ],
)
def test_avoidance_lead_ins_and_filters(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_a_step_turns_nothing_round() -> None:
    old = make_summary(next_steps="- Draft tables 9 to 15 (friends, colleagues).")
    new = make_summary(
        next_steps="- Drafting tables 9 to 15 (friends, colleagues) so no table is all plus-ones."
    )
    assert counted(report_of(old, new)) == []


def test_chasing_ends_when_what_it_chased_happens() -> None:
    old = make_summary(next_steps="- Follow up with Oskar on the refund by 2026-11-26.")
    new = make_summary(done="- Refund approved by Oskar on 2026-11-24, issued 2026-11-25.")
    assert counted(report_of(old, new)) == []
    elsewhere = make_summary(done="- Membership frozen by Oskar on 2026-11-24.")
    assert counted(report_of(old, elsewhere)) != []


def test_a_command_carried_out_is_told_by_what_it_made() -> None:
    command = "CREATE INDEX CONCURRENTLY idx_gl_staging_entry_date ON gl_staging (entry_date);"
    old = make_summary(next_steps=f"- Add index `{command}` after DBA approval.")
    new = make_summary(done="- Index `idx_gl_staging_entry_date` created after DBA approval.")
    assert verdict_on(report_of(old, new), command).verdict == "condensed"
    # A quoted message is no command: its words are what recognise it.
    message = "illegal_argument_exception: index.lifecycle.rollover_alias [logs] is unset"
    old = make_summary(in_progress=f"- Explain shows `{message}`.")
    new = make_summary(done="- Fixed `index.lifecycle.rollover_alias` on the write index.")
    assert verdict_on(report_of(old, new), message).verdict == "lost"


def test_a_value_changed_the_same_way_in_two_bullets_is_one_report() -> None:
    old = make_summary(
        constraints="- Late fee NOK 1,850 charged on 2026-11-15 must be waived.",
        next_steps="- Issue the credit note for the NOK 1,850 late fee.",
    )
    new = make_summary(
        constraints="- Late fee NOK 1,580 charged on 2026-11-15 must be waived.",
        next_steps="- Issue the credit note for the NOK 1,580 late fee.",
    )
    report = report_of(old, new)
    [fee] = [v for v in report.verdicts if v.counted]
    assert fee.fact.kind == "constraint"
    assert [part.fact.value for part in fee.parts][-1] == "1,850"
    assert report.counted == 2  # two facts of the old version, one wrong amount
    # Changed to different values, they are two reports.
    apart = make_summary(
        constraints="- Late fee NOK 1,580 charged on 2026-11-15 must be waived.",
        next_steps="- Issue the credit note for the NOK 1,950 late fee.",
    )
    assert len([v for v in report_of(old, apart).verdicts if v.counted]) == 2


# ----------------------------------------------------------------------------- review


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        # A number with its unit glued on is that number, not a part of it.
        (
            "Keep the upload timeout at 30s; never retry.",
            "Keep the upload timeout at 30 s; never retry.",
            "reworded",
        ),
        # "Off" inside a word switches nothing off; a word and its derivation turn round,
        # two words that share a start do not.
        ("Never store card numbers.", "Store card numbers in the off-site vault.", "changed"),
        ("No data in the logs.", "Log the database host.", "lost"),
    ],
)
def test_units_compounds_and_derivations(old: str, new: str, verdict: str) -> None:
    report = report_of(make_summary(constraints=f"- {old}"), make_summary(constraints=f"- {new}"))
    assert verdict_on(report, old).verdict == verdict


def test_a_word_after_a_label_or_a_dash_is_no_name() -> None:
    old = make_summary(critical="- Migration: Blocked until the schema review lands.")
    new = make_summary(critical="- Migration waits for the schema review.")
    assert counted(report_of(old, new)) == []


def test_only_a_date_is_a_deadline_and_only_what_a_command_made_tells_it_done() -> None:
    old = make_summary(next_steps="- File the appeal before the deadline 2025-07-18.")
    new = make_summary(next_steps="- File the appeal; deadline: 14 days after the letter.")
    assert verdict_on(report_of(old, new), "2025-07-18").verdict != "changed"
    command = "kubectl rollout restart deploy/api-gateway"
    old = make_summary(next_steps=f"- Re-run `{command}` after the config change.")
    new = make_summary(done="- Found the api-gateway 502s were caused by the config change.")
    assert verdict_on(report_of(old, new), command).verdict == "lost"


def test_a_time_in_another_zone_is_only_a_change_for_the_same_thing() -> None:
    old = make_summary(critical="- Nightly backup runs at 01:30 CET.")
    new = make_summary(
        critical="- Nightly backup runs at 01:30 (Berlin time).\n"
        "- Cert renewal cron fires at 01:30 UTC."
    )
    assert counted(report_of(old, new)) == []


def test_a_change_is_folded_only_into_the_same_change() -> None:
    old = make_summary(
        constraints="- Health check timeout 15 s.", next_steps="- Set the probe delay to 5 s."
    )
    new = make_summary(
        constraints="- Health check timeout 10 s.", next_steps="- Set the probe delay to 10 s."
    )
    assert len([v for v in report_of(old, new).verdicts if v.counted]) == 2


def test_a_name_elided_at_both_ends_is_quoted_in_part() -> None:
    name = "date_diff(order_date, cohort_week, week)"
    old = make_summary(in_progress=f"- Checking `{name}` in the cohort model.")
    new = make_summary(
        in_progress="- Checking `...order_date, cohort_week...` in the cohort model."
    )
    assert verdict_on(report_of(old, new), name).verdict == "kept"
