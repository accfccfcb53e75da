"""Coverage: what of the artifact ledger reaches the model, ranked by what an agent needs.

Every entry of the ledger is listed in the section's order (unresolved errors, files
changed, test runs, commands, the web, files read, resolved errors; newest first), each
saying whether the summary names it and whether the payload's Files & artifacts section
carries it (the section is bounded: past its budget entries are only counted). "Names" is
a verbatim match of the entry's value (a path also as written relative to the working
directory, or by its file name when no other file of the ledger has it; an error by its
error line), never a reading of prose. Pure.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from dataclasses import dataclass
from typing import Any

from compaction.engine.artifacts.entries import Ledger
from compaction.engine.artifacts.section import Listed, listed

#: The start of an error line that stands for the whole when a summary quotes it.
ERROR_PREFIX_CHARS = 40


@dataclass(frozen=True)
class CoverageItem:
    """One entry of the ledger, ranked (0 is the most needed), and where it is carried."""

    rank: int
    group: str
    kind: str
    value: str
    detail: str
    seq: int
    in_summary: bool
    in_section: bool

    @property
    def carried(self) -> bool:
        return self.in_summary or self.in_section

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "group": self.group,
            "kind": self.kind,
            "value": self.value,
            "detail": self.detail,
            "seq": self.seq,
            "in_summary": self.in_summary,
            "in_section": self.in_section,
        }


@dataclass(frozen=True)
class ArtifactCoverage:
    items: tuple[CoverageItem, ...]
    through_seq: int

    @property
    def in_summary(self) -> int:
        return sum(1 for item in self.items if item.in_summary)

    @property
    def in_section(self) -> int:
        return sum(1 for item in self.items if item.in_section)

    @property
    def in_neither(self) -> tuple[CoverageItem, ...]:
        return tuple(item for item in self.items if not item.carried)

    @property
    def share_carried(self) -> float:
        if not self.items:
            return 1.0
        return (len(self.items) - len(self.in_neither)) / len(self.items)

    def as_dict(self) -> dict[str, Any]:
        return {
            "through_seq": self.through_seq,
            "artifacts": len(self.items),
            "in_summary": self.in_summary,
            "in_section": self.in_section,
            "in_neither": len(self.in_neither),
            "share_carried": self.share_carried,
            "items": [item.as_dict() for item in self.items],
        }


def _names(item: Listed, text: str, cwd: str, basenames: Counter[str]) -> bool:
    value = item.value.strip()
    if not value or not text:
        return False
    if value in text:
        return True
    if item.kind == "error":
        return item.detail[:ERROR_PREFIX_CHARS].strip() in text if item.detail.strip() else False
    if item.kind == "file":
        root = cwd.rstrip("/") + "/"
        if cwd and value.startswith(root) and value[len(root) :] in text:
            return True
        name = posixpath.basename(value.rstrip("/"))
        return basenames[name] == 1 and len(name) > 2 and name in text
    return False


def artifact_coverage(ledger: Ledger, *, summary: str, section: str) -> ArtifactCoverage:
    """Each entry of ``ledger``, ranked, with whether ``summary`` (the summary and any text
    carried verbatim beside it) names it and whether ``section`` (as sent) lists it."""
    entries = listed(ledger)
    basenames = Counter(
        posixpath.basename(item.value.rstrip("/")) for item in entries if item.kind == "file"
    )
    sent = set(section.split("\n")) if section else set()
    items = tuple(
        CoverageItem(
            rank=rank,
            group=item.heading,
            kind=item.kind,
            value=item.value,
            detail=item.detail,
            seq=item.seq,
            in_summary=_names(item, summary, ledger.cwd, basenames),
            in_section=item.line in sent,
        )
        for rank, item in enumerate(entries)
    )
    return ArtifactCoverage(items=items, through_seq=ledger.through_seq)
