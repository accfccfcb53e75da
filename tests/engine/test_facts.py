"""Fact extraction from summaries: paths, URLs, identifiers, numbers, errors, items."""

from __future__ import annotations

import pytest

from compaction.engine.facts import (
    MAX_FACTS_PER_TEXT,
    Fact,
    extract_facts,
    normalize_key,
)
from compaction.engine.failures import failure_lines
from tests.support.helpers import VALID_SUMMARY
from tests.support.summaries import keys, make_summary, values


def test_extracts_the_facts_of_a_summary() -> None:
    facts = extract_facts(VALID_SUMMARY)
    # One fact per thing, one kind each: the test command holds its path, the decision its
    # identifier, the Critical Context error is not also an identifier or an item.
    assert [(fact.kind, fact.section, fact.value) for fact in facts] == [
        ("path", "Goal", "src/parser.py"),
        (
            "preference",
            "Constraints & Preferences",
            "The user prefers pytest over unittest and wants no new dependencies.",
        ),
        ("command", "Done", "pytest tests/test_parser.py -k iso"),
        ("identifier", "In Progress", "parse_date()"),
        (
            "decision",
            "Key Decisions",
            "Use `datetime.fromisoformat` instead of a regular expression, because it is stricter.",
        ),
        ("task", "Next Steps", "Run the full test suite and report the results."),
        (
            "error",
            "Critical Context",
            "ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'",
        ),
    ]
    by_value = {fact.value: fact for fact in facts}
    assert by_value["parse_date()"].key == "parse_date"
    assert (
        by_value["parse_date()"].context == "Rewriting `parse_date()` to accept timezone offsets."
    )
    assert not by_value["Run the full test suite and report the results."].critical
    assert all(fact.critical for fact in facts if fact.kind != "task")


def test_paths_keep_line_numbers_in_the_value_not_the_key() -> None:
    text = (
        "See tests/test_a.py:42 and src/app/models.py, /etc/x.conf, ./src/pkg/, setup.py, "
        "~/notes.txt and a/b/c. Not paths: and/or, TCP/IP, km/h, 12/25, 2024/01/01."
    )
    facts = extract_facts(text)
    paths = [(fact.value, fact.key) for fact in facts if fact.kind == "path"]
    assert paths == [
        ("tests/test_a.py:42", "tests/test_a.py"),
        ("src/app/models.py", "src/app/models.py"),
        ("/etc/x.conf", "/etc/x.conf"),
        ("./src/pkg/", "src/pkg"),
        ("setup.py", "setup.py"),
        ("~/notes.txt", "~/notes.txt"),
        ("a/b/c", "a/b/c"),
    ]
    assert all(fact.section is None for fact in facts)


def test_urls_identifiers_numbers_and_errors() -> None:
    text = make_summary(
        goal="Read https://example.com/docs/config. and keep `MAX_RETRIES` at 3 retries.",
        critical=(
            "- Upload limit is 50 MB, timeout 300 s (was 300 seconds), 1.2x faster, "
            "20,000 tokens, v2.1, Python 3.12, $49.99, on 2025-03-14 at 09:40, port 8443\n"
            "- Bucket s3://acme-etl/raw/ and mail dana.w@northwind.co about INC-4471, #48213\n"
            "- Run `ls -F` then `make test`; `4242` and `--` are not names\n"
            "- Traceback (most recent call last)\n"
            "- FAILED tests/test_a.py::test_empty - AssertionError: boom\n"
            "- error: could not compile `foo`\n"
            "- 14 passed, 1 failed"
        ),
    )
    facts = extract_facts(text)
    assert values(facts, "url") == ["https://example.com/docs/config", "s3://acme-etl/raw/"]
    assert values(facts, "identifier") == [
        "MAX_RETRIES",
        "dana.w@northwind.co",
        "INC-4471",
        "#48213",
    ]
    assert values(facts, "command") == ["ls -F", "make test"]
    # Numbers with their unit, versions, money, dates, times, ports; counts of a test run
    # ("14 passed") are progress, not facts.
    assert keys(facts, "number") == [
        "3 retry",
        "50 mb",
        "300 s",
        "1.2x",
        "20000 token",
        "2.1",
        "3.12",
        "$49.99",
        "2025-03-14",
        "09:40",
        "port 8443",
    ]
    errors = [(fact.value, fact.key) for fact in facts if fact.kind == "error"]
    # The AssertionError belongs to the FAILED line, the `foo` to the compile error.
    assert errors == [
        ("Traceback (most recent call last)", "traceback (most recent call last)"),
        (
            "FAILED tests/test_a.py::test_empty - AssertionError: boom",
            "failed tests/test_a.py::test_empty",
        ),
        ("error: could not compile `foo`", "error: could not compile foo"),
    ]
    assert all(not fact.critical for fact in facts if fact.kind == "number")


def test_markup_escapes_and_bare_numbers_are_not_facts() -> None:
    text = (
        "&lt;/body&gt;&lt;/h1&gt; <\\/li> \\nsrc/app.py\\n`4242` "
        '"-//W3C//DTD HTML 4.01//EN" /body /h1 and /etc/hosts'
    )
    facts = extract_facts(text)
    assert [(fact.kind, fact.value) for fact in facts] == [
        ("path", "src/app.py"),
        ("path", "/etc/hosts"),
    ]
    assert all("\\" not in fact.value for fact in facts)


def test_fact_keys_and_validation() -> None:
    assert Fact("path", "src/a.py:10").key == "src/a.py"
    assert Fact("number", "300 seconds").key == normalize_key("number", "300s") == "300 s"
    assert Fact("constraint", "- Use **pytest**,  always!").key == "use pytest always"
    assert Fact("command", "$ ls  -F").key == "ls -F"
    assert Fact("url", "https://example.com/a/").key == "https://example.com/a"
    with pytest.raises(ValueError):
        Fact("colour", "blue")


def test_facts_are_deterministic_and_deduplicated() -> None:
    text = VALID_SUMMARY + "\nAgain: `parse_date()` in src/parser.py:99 and src/parser.py.\n"
    first, second = extract_facts(text), extract_facts(text)
    assert first == second
    idents = [(fact.kind, fact.key) for fact in first]
    assert len(idents) == len(set(idents))
    # The first appearance wins: the Goal's path, not the later one with a line number.
    path = next(fact for fact in first if fact.key == "src/parser.py")
    assert (path.value, path.section) == ("src/parser.py", "Goal")


def test_markup_and_doubled_slashes_are_not_paths() -> None:
    page = (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">\n'
        "<html><head><title>Id</title></head><body><h1>Hi</h1><ul><li>a</li></ul></body></html>\n"
        "PROCESS-DONE///\nThe flag is in /etc/passwd"
    )
    assert values(extract_facts(page), "path") == ["/etc/passwd"]


def test_fact_count_is_capped() -> None:
    text = "\n".join(f"- src/module_{i}.py" for i in range(3 * MAX_FACTS_PER_TEXT))
    facts = extract_facts(text)
    assert len(facts) == MAX_FACTS_PER_TEXT
    assert facts[0].value == "src/module_0.py"


def test_failure_lines_are_errors_a_program_printed() -> None:
    text = (
        "src/billing/models.py:12: error: Incompatible types in assignment\n"  # mypy
        "    ValueError: if the amount is not a number.\n"  # a docstring
        "    except KeyError: pass\n"  # code
        "E       KeyError: 'currency'\n"  # pytest
        "fatal: not a git repository (or any of the parent directories): .git\n"
        "  Applying billing.0007...Traceback (most recent call last):\n"
        '  File "/srv/app/db.py", line 9, in run\n'
        "psycopg.errors.UniqueViolation: duplicate key value\n"
        "Not an error: just prose.\n"
    )
    assert failure_lines(text) == ((0, 0), (3, 3), (4, 4), (5, 7))


def kinds_and_values(critical: str) -> list[tuple[str, str]]:
    facts = extract_facts(make_summary(critical=critical))
    return [(fact.kind, fact.value) for fact in facts if fact.section == "Critical Context"]


def test_code_spans_joined_by_an_ellipsis_are_one_quoted_output() -> None:
    assert kinds_and_values("- Race: `WARNING: DATA RACE` ... `Write at 0x1f by goroutine 4`") == [
        ("identifier", "WARNING: DATA RACE … Write at 0x1f by goroutine 4")
    ]
    # Spans joined by words are two things.
    assert kinds_and_values("- Flags: `--dry-run` and `--force`") == [
        ("identifier", "--dry-run"),
        ("identifier", "--force"),
    ]


def test_quoted_error_text_is_an_error_not_a_command() -> None:
    panic = "thread 'main' panicked at 'called Option::unwrap() on a None value', src/a.rs:9"
    assert kinds_and_values(f"- Crash: `{panic}`") == [("error", panic)]
    assert kinds_and_values("- Logs: `error: cannot connect to db-01`") == [
        ("error", "error: cannot connect to db-01")
    ]
    # A command that mentions errors is still a command.
    assert kinds_and_values("- Check: `grep error /var/log/app.log`") == [
        ("command", "grep error /var/log/app.log")
    ]


def test_a_version_at_the_end_of_a_sentence_is_a_version() -> None:
    assert kinds_and_values("- Runs on PostgreSQL 15.4.") == [("number", "15.4")]
    # Followed by more of a number, it is part of something else.
    assert kinds_and_values("- Runs on PostgreSQL 15.4.x builds.") == [
        ("note", "Runs on PostgreSQL 15.4.x builds.")
    ]


def names_of(critical: str) -> list[str]:
    return [value for kind, value in kinds_and_values(critical) if kind == "name"]


def test_people_and_companies_are_names() -> None:
    assert names_of("- Clinic: ask Frau Yilmaz; the prescription is from Dr. Albers") == [
        "Frau Yilmaz",
        "Dr. Albers",
    ]
    assert names_of("- Ask Orbital Maps about the Drive folder") == ["Orbital Maps", "Drive"]
    assert names_of("- Contact: Inês Duarte at Physio am Park (TwoGuys Moving's)") == [
        "Inês Duarte",
        "Physio am Park",
        "TwoGuys Moving",
    ]
    # One capitalised word inside a sentence is a name too: whom to call, where a review
    # would go.
    assert names_of("- She may post a review on Trustpilot; call Per after 16:00") == [
        "Trustpilot",
        "Per",
    ]
    # A capital that starts an item or a sentence is grammar; acronyms, CamelCase
    # identifiers, days and months are no names; a heading names a section.
    assert names_of("- Confirmed Stripe refunds. Waiting for Lena.\n## Next Steps") == [
        "Stripe",
        "Lena",
    ]
    assert names_of("- Tidal Fintech Recruiters called; the EU AI Act applies") == [
        "Fintech Recruiters",
    ]
    # The small word after a first word that is grammar starts no name.
    assert names_of("- Building an Evidently 0.4.33 drift report") == ["Evidently"]
    assert names_of("- Pods in CrashLoopBackOff since Friday, window on Saturdays in March") == []
    # A gloss in brackets, a step of a menu and a quotation are no names either.
    assert names_of("- Porting code (Rufnummernmitnahme), in the app under → Porting") == []
    assert names_of("- The customer wrote: « Nous avions demandé la réduction »") == []


def test_a_name_says_who_not_what() -> None:
    # A bullet that only names people still says something of its own: it is an item.
    assert kinds_and_values("- Clinic: ask Frau Yilmaz; the prescription is from Dr. Albers") == [
        ("note", "Clinic: ask Frau Yilmaz; the prescription is from Dr. Albers"),
        ("name", "Frau Yilmaz"),
        ("name", "Dr. Albers"),
    ]


def test_phone_numbers_and_read_out_codes_are_identifiers() -> None:
    assert kinds_and_values(
        "- Call +49 40 555 8120 or 01453 872 019; IBAN AT61 1904 3002 3457 3201; "
        "fingerprint 9B:3E:71:0C:AA:52; PagerDuty P7Q2XKD"
    ) == [
        ("identifier", "+49 40 555 8120"),
        ("identifier", "01453 872 019"),
        ("identifier", "AT61 1904 3002 3457 3201"),
        ("identifier", "9B:3E:71:0C:AA:52"),
        ("identifier", "P7Q2XKD"),
    ]
    # A date, a time, an amount, a version and a port are numbers, not phone numbers.
    assert [
        kind
        for kind, _ in kinds_and_values(
            "- On 2026-11-20 at 07:00 pay €1,690 for v2.3.1 on port 5432"
        )
    ] == ["number"] * 5


def test_amounts_keep_their_currency_separators_and_magnitude() -> None:
    assert kinds_and_values("- Gap ~€28k; fee EUR 1,450; saves $1,130/month") == [
        ("number", "€28k"),
        ("number", "EUR 1,450"),
        ("number", "$1,130/month"),
    ]
    # A street number is no version of the street; a product's version still is.
    assert [
        fact
        for fact in kinds_and_values("- Office at Osterstraße 12, runs Python 3.12")
        if fact[0] == "number"
    ] == [("number", "3.12")]
