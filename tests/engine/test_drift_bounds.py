"""Adversarial megabyte inputs: extraction, comparison and coverage all complete, bounded."""

from __future__ import annotations

import pytest

from compaction.engine.coverage import MAX_COVERAGE_FACTS, original_facts
from compaction.engine.drift import compare_summaries
from compaction.engine.facts import MAX_FACTS_PER_TEXT, extract_facts
from tests.support.helpers import VALID_SUMMARY

MB = 1_000_000


@pytest.mark.parametrize(
    "text",
    [
        "`" * MB,
        "/" * MB,
        "a/" * (MB // 2),
        "## Goal\n" + " " * MB + "x",
        "## Key Decisions\n" + "- `a` src/x.py 'q' \"qq\" 5 MB\n" * (MB // 30),
        '"' * MB,
        "error: " * (MB // 7),
        "+49 " + "12 " * (MB // 3),
        "Aaaa " * (MB // 5),
        "AB12-" * (MB // 5),
        "## Critical Context\n- " + "3 full " * (MB // 7),
    ],
    ids=[
        "backticks",
        "slashes",
        "path-run",
        "spaces",
        "many-items",
        "quotes",
        "errors",
        "phone-groups",
        "capitals",
        "codes",
        "counts",
    ],
)
def test_adversarial_megabyte_inputs_complete(text: str) -> None:
    facts = extract_facts(text)
    assert len(facts) <= MAX_FACTS_PER_TEXT
    report = compare_summaries(text, VALID_SUMMARY)
    assert 0.0 <= report.drift_score <= 1.0
    assert len(original_facts([text])) <= MAX_COVERAGE_FACTS
