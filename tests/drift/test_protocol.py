"""The item protocol, checked: violations, silent drops, declared removals."""

from __future__ import annotations

from compaction.drift.protocol import protocol_check
from compaction.engine.items import parse

OLD = parse(
    "## Progress\n### Done\n- [c1] Ran the tests.\n### In Progress\n- [c2] Port the API.\n"
    "## Next Steps\n- [c4] Deploy.\n## Critical Context\n- [c5] Port 5432.\n"
)


def check(new: str, after: int = 5):
    return protocol_check(OLD, parse(new), after=after)


def test_kept_new_declared_and_silently_dropped_ids() -> None:
    found = check(
        "## Progress\n### Done\n- [c1] Ran the tests.\n- [c6] Ported the API.\n"
        "## Critical Context\n- [c5] Port 5432.\n## Changes\n- [c2] superseded by [c6]\n"
    )
    assert found.ok and not found.clean
    assert (found.kept, found.new, found.silent_drops) == (("c1", "c5"), ("c6",), ("c4",))
    assert [(c.id, c.kind, c.target) for c in found.declared] == [("c2", "superseded", "c6")]


def test_what_breaks_the_protocol_is_a_violation() -> None:
    found = check(
        "## Progress\n### Done\n- [c1] Ran the tests.\n- [c1] Again.\n- [c3] Reused.\n"
        "## Changes\n- [c9] done\n- [c5] gone somewhere\n- [c2] merged into [c77]\n"
        "- [c1] done\n"
    )
    assert found.violations == (
        "malformed Changes line: - [c5] gone somewhere",
        "[c1] is the id of more than one item",
        "[c3] is not an item of the previous version, and new items are numbered from [c6]",
        "Changes names [c9], which the previous version does not have",
        "[c2] is merged into [c77], which is not an item",
        "Changes names [c1], which is still an item",
    )
    assert found.silent_drops == ("c4", "c5")  # a malformed line declares nothing


def test_a_first_version_has_nothing_to_drop() -> None:
    found = protocol_check(None, parse("## Next Steps\n- [c1] Deploy.\n"), after=0)
    assert found.clean and found.new == ("c1",)
