"""The checkpoint's item format: ids on bullets, the Changes section, the payload's view."""

from __future__ import annotations

from compaction.engine.items import (
    Change,
    assign_ids,
    for_payload,
    parse,
    render_changes,
    with_changes,
    without_ids,
)

SUMMARY = """## Goal
Fix the parser.

## Progress
### Done
- [c1] Reproduced the failure.
- Wrote a test.
### In Progress
- (none)

## Next Steps
1. [c4] Run the suite
   and report.

## Changes
- [c2] merged into [c1]
- [c3] obsolete: the user dropped it
- (none)
"""


def test_parse_reads_items_their_sections_and_the_changes() -> None:
    parsed = parse(SUMMARY)
    assert [(i.id, i.section, i.text) for i in parsed.items] == [
        ("c1", "Done", "Reproduced the failure."),
        ("", "Done", "Wrote a test."),
        ("c4", "Next Steps", "Run the suite and report."),
    ]
    assert parsed.goal == "Fix the parser." and not parsed.has_ids and parsed.malformed == ()
    assert parsed.changes == (
        Change("c2", "merged", target="c1"),
        Change("c3", "obsolete", reason="the user dropped it"),
    )


def test_ids_are_given_above_every_id_held_and_the_views_drop_what_they_should() -> None:
    text, highest = assign_ids(SUMMARY, after=2)
    assert highest == 5 and "- [c5] Wrote a test." in text and parse(text).has_ids
    assert "## Changes" not in for_payload(text) and "[c5]" in for_payload(text)
    plain = without_ids(text)
    assert "[c" not in plain and "1. Run the suite" in plain and "## Changes" not in plain
    assert render_changes([]) == ""
    again = with_changes(text, [Change("c9", "done")])
    assert again.endswith("## Changes\n- [c9] done") and again.count("## Changes") == 1
