"""Fact extraction from summaries: paths, URLs, identifiers, numbers, errors, items."""

from __future__ import annotations

import pytest

from compaction.engine.facts import MAX_FACTS_PER_TEXT, Fact, extract_facts, normalize_key
from tests.support.helpers import VALID_SUMMARY
from tests.support.summaries import keys, make_summary, values


def test_extracts_the_facts_of_a_summary() -> None:
    facts = extract_facts(VALID_SUMMARY)
    assert values(facts, "path") == ["src/parser.py", "tests/test_parser.py"]
    assert values(facts, "identifier") == [
        "pytest tests/test_parser.py -k iso",
        "parse_date()",
        "datetime.fromisoformat",
    ]
    # The "Error:" label is not a second error, and the backticked error is not an identifier.
    assert values(facts, "error") == [
        "ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'"
    ]
    assert values(facts, "quoted") == ["2024-01-01T00:00:00Z"]
    items = [(fact.section, fact.value) for fact in facts if fact.kind == "item"]
    assert items == [
        (
            "Constraints & Preferences",
            "The user prefers pytest over unittest and wants no new dependencies.",
        ),
        (
            "Key Decisions",
            "Use `datetime.fromisoformat` instead of a regular expression, because it is stricter.",
        ),
        (
            "Critical Context",
            "Error: `ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'`",
        ),
        ("Critical Context", "File: `src/parser.py` line 42"),
    ]
    by_value = {fact.value: fact for fact in facts}
    assert by_value["src/parser.py"].section == "Goal"
    assert by_value["parse_date()"].section == "Progress"
    assert by_value["parse_date()"].key == "parse_date"
    assert all(fact.critical for fact in facts if fact.kind != "quoted")
    assert not by_value["2024-01-01T00:00:00Z"].critical


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


def test_urls_identifiers_numbers_quotes_and_errors() -> None:
    text = make_summary(
        goal="Read https://example.com/docs/config. and keep `MAX_RETRIES` at 3 retries.",
        critical=(
            "- Upload limit is 50 MB, timeout 300 s (was 300 seconds), 1.2x faster, "
            "20,000 tokens, v2.1\n"
            "- 14 passed, 1 failed\n"
            "- The user said \"never use unittest\" and the flag is '--strict'; it's fine.\n"
            "- Traceback (most recent call last)\n"
            "- FAILED tests/test_a.py::test_empty - AssertionError: boom\n"
            "- error: could not compile `foo`"
        ),
    )
    facts = extract_facts(text)
    assert values(facts, "url") == ["https://example.com/docs/config"]
    assert "MAX_RETRIES" in values(facts, "identifier")
    assert keys(facts, "number") == [
        "3 retry",
        "50 mb",
        "300 s",
        "1.2x",
        "20000 token",
        "v2.1",
        "14 passed",
        "1 failed",
    ]
    assert values(facts, "quoted") == ["never use unittest", "--strict"]
    errors = [(fact.value, fact.key) for fact in facts if fact.kind == "error"]
    assert errors == [
        ("Traceback (most recent call last)", "traceback (most recent call last)"),
        (
            "FAILED tests/test_a.py::test_empty - AssertionError: boom",
            "failed tests/test_a.py::test_empty",
        ),
        ("AssertionError: boom", "assertionerror: boom"),
        ("error: could not compile `foo`", "error: could not compile `foo`"),
    ]
    assert all(not fact.critical for fact in facts if fact.kind in ("number", "quoted"))


def test_fact_keys_and_validation() -> None:
    assert Fact("path", "src/a.py:10").key == "src/a.py"
    assert Fact("number", "300 seconds").key == normalize_key("number", "300s") == "300 s"
    assert Fact("item", "- Use **pytest**,  always!").key == "use pytest always"
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
