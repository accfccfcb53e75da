"""Validating a summary: the good one passes, bad ones are rejected, oversized ones capped."""

from __future__ import annotations

import pytest

from compaction.engine.validation import validate_summary
from tests.support.helpers import VALID_SUMMARY


def test_valid_summary_passes():
    result = validate_summary(VALID_SUMMARY, max_chars=6000)
    assert result.ok, result.errors
    assert len(result.sections_found) == 7


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Short.", "fewer than the minimum"),
        ("Free text " * 50, "key sections"),
        (
            "## Goal\n\n## Progress\n- (none)\n## Next Steps\n\n## Critical Context\n" + " " * 300,
            "fewer than the minimum",
        ),
        (
            "## Goal\n-\n## Progress\n- (none)\n## Key Decisions\n- N/A\n## Next Steps\n- ...\n"
            "## Critical Context\n- none\n## Conversation Dynamics\n- none\n"
            "## Constraints & Preferences\n- none\n" + "<!-- padding -->\n" * 0 + "- (none)\n" * 20,
            "empty skeleton",
        ),
    ],
)
def test_bad_summaries_are_rejected(text, error):
    result = validate_summary(text, max_chars=6000, min_chars=200)
    assert not result.ok
    assert any(error in e for e in result.errors)


def test_oversized_summary_is_capped_with_a_marker():
    result = validate_summary(VALID_SUMMARY + "\n- detail" * 2000, max_chars=3000)
    assert result.ok and result.truncated
    assert len(result.text) <= 3000
    assert result.text.endswith("[… summary truncated to 3000 characters]")
