"""The artifact ledger in the admin: a checkpoint's Files & artifacts, the timeline's coverage.

Rows are built here from the pure ledger (``compaction.engine.artifacts``) and the markup is
in templates; each row links to the message it was last seen in when the user may view
messages (one query for all the links).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.contrib.admin.utils import quote
from django.urls import reverse

from compaction.drift.coverage import ArtifactCoverage
from compaction.engine.artifacts import Ledger
from compaction.engine.artifacts.section import grouped
from compaction.engine.tokens import text_tokens
from compaction.models import Message
from compaction.selectors.messages import message_ids_by_seq

if TYPE_CHECKING:
    from django.contrib.admin import AdminSite

#: Rows of a group shown before the rest go behind a toggle.
GROUP_ROWS_SHOWN = 12
#: Coverage rows listed on the timeline (the total is always told), and shown before a toggle.
COVERAGE_MAX_LISTED = 300
COVERAGE_TOP = 10

_ROW_CLASS = {"Unresolved errors": "cmp-lost", "Files changed": "cmp-changed"}


def _links(
    site: AdminSite, session_id: Any, seqs: Sequence[int], can_view_messages: bool
) -> dict[int, str]:
    if not can_view_messages:
        return {}
    opts = Message._meta
    name = f"{site.name}:{opts.app_label}_{opts.model_name}_change"
    ids = message_ids_by_seq(session_id=session_id, seqs=seqs)
    return {seq: reverse(name, args=[quote(pk)]) for seq, pk in ids.items()}


def ledger_panel(
    site: AdminSite,
    *,
    session_id: Any,
    artifacts: Any,
    section: str,
    can_view_messages: bool,
) -> dict[str, Any]:
    """The context of ``includes/artifacts.html`` for a stored ledger and its section."""
    ledger = Ledger.from_dict(artifacts)
    groups = grouped(ledger)
    seqs = [item["seq"] for group in groups for item in group["items"]]
    links = _links(site, session_id, seqs, can_view_messages)
    for group in groups:
        for item in group["items"]:
            item["url"] = links.get(item["seq"])
            item["class"] = _ROW_CLASS.get(group["heading"], "")
    return {
        "recorded": bool(artifacts),
        "through": ledger.through_seq,
        "counts": ledger.counts(),
        "dropped": sum(ledger.dropped.values()),
        "groups": [
            {
                "heading": group["heading"],
                "count": len(group["items"]),
                "rows": group["items"][:GROUP_ROWS_SHOWN],
                "more": group["items"][GROUP_ROWS_SHOWN:],
            }
            for group in groups
        ],
        "section": section,
        "section_tokens": text_tokens(section) if section else 0,
    }


def coverage_rows(
    site: AdminSite,
    *,
    session_id: Any,
    coverage: ArtifactCoverage,
    can_view_messages: bool,
) -> dict[str, Any]:
    """The timeline's coverage: every artifact ranked, with where it reaches the model."""
    listed_items = coverage.items[:COVERAGE_MAX_LISTED]
    links = _links(site, session_id, [item.seq for item in listed_items], can_view_messages)
    rows = [
        {"item": item, "url": links.get(item.seq), "class": _ROW_CLASS.get(item.group, "")}
        for item in listed_items
    ]
    return {
        "coverage": coverage,
        "coverage_top": rows[:COVERAGE_TOP],
        "coverage_rest": rows[COVERAGE_TOP:],
        "coverage_unlisted": len(coverage.items) - len(listed_items),
        "coverage_share": coverage.share_carried * 100,
    }
