"""The drift audit counts only what evidence proves: silent drops, silent value changes, and
what a judge confirmed; declared removals and rewording never count."""

from __future__ import annotations

from compaction.drift.audit import audit
from compaction.drift.history import Version, history
from compaction.engine.items import Change

OLD = """## Goal
Ship the `billing-v2` migration by 2026-12-03.

## Constraints & Preferences
- [c1] Never touch `prod-db-1` during business hours.
- [c2] Keep pull requests under 400 changed lines.

## Progress
### Done
- [c3] Ran `pytest tests/billing`: 12 passed.
### In Progress
- [c4] Porting `InvoiceService` to the new API (3 failures left).

## Next Steps
- [c7] Fix the 3 failures.

## Critical Context
- [c8] Staging: https://staging.example.com/billing
- [c9] Database port 5432.
"""

NEW = """## Goal
Ship the `billing-v2` migration by 2026-12-03.

## Constraints & Preferences
- [c1] Do not touch `prod-db-1` in business hours.

## Progress
### Done
- [c3] Ran `pytest tests/billing`: 12 passed.
- [c10] Ported `InvoiceService`; all tests pass.

## Next Steps
- [c11] Deploy to staging.

## Critical Context
- [c8] Staging: https://staging.example.com/billing2
- [c9] Database port 5432.

## Changes
- [c4] superseded by [c10]
- [c7] done
"""


def test_with_ids_only_silent_drops_and_silent_changes_count() -> None:
    found = audit(OLD, NEW)
    assert found.protocol == "ids"
    assert [(r.item, r.kind) for r in found.lost] == [("c2", "item")]
    assert [(r.item, r.value, r.new_value) for r in found.changed] == [
        ("c8", "https://staging.example.com/billing", "https://staging.example.com/billing2")
    ]
    assert [(d.change.id, d.change.kind, d.target_text) for d in found.declared] == [
        ("c4", "superseded", "Ported `InvoiceService`; all tests pass."),
        ("c7", "done", ""),
    ]
    # Reworded with its values kept: the evidence cannot settle it.
    assert [(u.key, u.confirmed) for u in found.unverified] == [("c1", False)]
    assert [item.id for item in found.added] == ["c10", "c11"]
    assert found.items_old == 8 and found.counted_items == {"c2", "c8"}
    assert found.score == 2 / 8


def test_a_judges_confirmation_counts_and_nothing_else_of_the_prose_does() -> None:
    found = audit(OLD, NEW, confirmed={"c1"})
    assert found.counted_items == {"c1", "c2", "c8"}
    assert [u.key for u in found.confirmed] == ["c1"]


def test_a_value_changed_under_the_same_id_counts_even_if_another_item_repeats_it() -> None:
    old = OLD.replace("- [c3] Ran", "- [c3] Port 5433 checked. Ran")
    new = NEW.replace("- [c9] Database port 5432.", "- [c9] Database port 5433.")
    changed = [(r.item, r.value) for r in audit(old, new).changed]
    assert ("c9", "5432") in changed


def test_a_value_moved_to_another_item_is_not_lost() -> None:
    new = NEW.replace(
        "- [c9] Database port 5432.", "- [c9] Database port: see below.\n- [c12] 5432"
    )
    assert not [r for r in audit(OLD, new).changed if r.item == "c9"]


def test_without_ids_values_are_compared_and_the_prose_left_unverified() -> None:
    found = audit(OLD, NEW, identity=False)
    assert found.protocol == "none" and found.declared == () and found.added == ()
    # Values gone from the whole newer version: c2's "400", and the replaced staging URL.
    assert [(r.item, r.value) for r in found.lost] == [("c2", "400")]
    assert [(r.value, r.new_value) for r in found.changed] == [
        ("https://staging.example.com/billing", "https://staging.example.com/billing2")
    ]
    # Bullets not found verbatim whose values all survive: prose, unverified.
    assert [u.key for u in found.unverified] == ["c1", "c4", "c7"]
    assert found.unverified[0].new_text == "Do not touch `prod-db-1` in business hours."
    # A version written before ids is read the same way.
    assert audit(OLD.replace("[c", "[x"), NEW).protocol == "none"


def test_the_chain_follows_every_item_to_how_it_ended() -> None:
    v3 = NEW.split("## Changes")[0].replace("- [c11] Deploy to staging.\n", "")
    chain = history(
        [
            Version(1, OLD),
            Version(
                2,
                NEW.split("## Changes")[0],
                (Change("c4", "superseded", "c10"), Change("c7", "done")),
            ),
            Version(3, v3, (Change("c11", "done"),)),
        ]
    )
    assert [p.audit.score if p.audit else None for p in chain.points] == [None, 2 / 8, 0.0]
    ended = {item.id: (item.ended, item.ended_in) for item in chain.items}
    assert ended["c2"] == ("silent", 2) and ended["c4"] == ("superseded", 2)
    assert ended["c11"] == ("done", 3) and ended["c10"] == ("", None)
    assert [item.reworded_in for item in chain.items if item.id == "c1"] == [(2,)]
