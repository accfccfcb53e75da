"""A chain of versions audited: a point per version against the one before, and every item's
life (the versions it appeared in, and how it ended: declared, or silently). Pure."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.drift.audit import AuditSummary, audit
from compaction.engine.items import Change, parse, with_changes

#: How an item ended besides the declared kinds (``engine.items.KINDS``).
SILENT = "silent"
RENUMBERED = "renumbered"


@dataclass(frozen=True)
class Version:
    """One stored version: its items, the removals it declared, whether its ids continue
    the version before it (a regeneration numbers afresh), and the keys a judge confirmed
    lost against the version before it."""

    version: int
    summary: str
    changes: tuple[Change, ...] = ()
    fresh: bool = False
    confirmed: Collection[str] = ()
    #: Its audit against the version before it, as stored when it was written (None:
    #: computed here).
    stored: AuditSummary | None = None


@dataclass(frozen=True)
class Point:
    """A version against the one before it (``audit`` None for the first)."""

    version: int
    chars: int
    items: int
    fresh: bool
    audit: AuditSummary | None

    def as_dict(self) -> dict[str, Any]:
        found = self.audit
        return {
            "version": self.version,
            "chars": self.chars,
            "items": self.items,
            "regenerated": self.fresh,
            "protocol": found.protocol if found else None,
            "drift_score_vs_previous": round(found.score, 4) if found else None,
            "silent_drops": len(found.lost) if found else 0,
            "silent_changes": len(found.changed) if found else 0,
            "declared": len(found.declared) if found else 0,
            "unverified": len(found.unverified) if found else 0,
            "confirmed": len(found.confirmed) if found else 0,
            "added": len(found.added) if found else self.items,
        }


@dataclass(frozen=True)
class ItemLife:
    """One item id across the versions audited."""

    id: str
    section: str
    text: str
    first_version: int
    last_version: int
    #: How it ended ("" while in the latest version): a declared kind, "silent", or
    #: "renumbered" (a regeneration gave every item a new id, or a version without ids,
    #: such as a server summary, took over).
    ended: str = ""
    ended_in: int | None = None
    target: str = ""
    reason: str = ""
    #: Versions in which its wording changed.
    reworded_in: tuple[int, ...] = ()
    #: Versions in which a value of it changed without a declaration (counted).
    changed_in: tuple[int, ...] = ()

    @property
    def present(self) -> bool:
        return not self.ended

    def as_dict(self) -> dict[str, Any]:
        return {
            "item": self.id,
            "section": self.section,
            "text": self.text,
            "first_version": self.first_version,
            "last_version": self.last_version,
            "ended": self.ended or None,
            "ended_in": self.ended_in,
            "target": self.target or None,
            "reason": self.reason,
            "reworded_in": list(self.reworded_in),
            "changed_in": list(self.changed_in),
        }


@dataclass(frozen=True)
class History:
    points: tuple[Point, ...]
    items: tuple[ItemLife, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "timeline": [point.as_dict() for point in self.points],
            "items": [item.as_dict() for item in self.items],
        }


def history(versions: Sequence[Version]) -> History:
    """The chain ``versions`` (oldest first) audited version by version."""
    points: list[Point] = []
    lives: dict[str, dict[str, Any]] = {}
    previous: Version | None = None
    for current in versions:
        parsed = parse(current.summary)
        found = current.stored
        if previous is not None and found is None:
            found = audit(
                previous.summary,
                with_changes(current.summary, current.changes),
                identity=not current.fresh,
                confirmed=current.confirmed,
            ).summary()
        elif previous is None:
            found = None
        points.append(
            Point(
                version=current.version,
                chars=len(current.summary),
                items=len(parsed.items) + (1 if parsed.goal else 0),
                fresh=current.fresh,
                audit=found,
            )
        )
        declared = {change.id: change for change in current.changes}
        now = parsed.by_id()
        for ident, life in lives.items():
            if life["ended"] or ident in now:
                continue
            change = declared.get(ident)
            life["ended_in"] = current.version
            if current.fresh or not parsed.has_ids:
                life["ended"] = RENUMBERED
            elif change is not None:
                life.update(ended=change.kind, target=change.target, reason=change.reason)
            else:
                life["ended"] = SILENT
        for ident, item in now.items():
            life = lives.get(ident)
            if life is None or life["ended"]:
                lives[ident] = {
                    "id": ident,
                    "section": item.section,
                    "text": item.text,
                    "first_version": current.version,
                    "last_version": current.version,
                    "ended": "",
                    "ended_in": None,
                    "target": "",
                    "reason": "",
                    "reworded_in": (),
                    "changed_in": (),
                }
                continue
            if " ".join(item.text.split()) != " ".join(life["text"].split()):
                life["reworded_in"] += (current.version,)
            life.update(section=item.section, text=item.text, last_version=current.version)
        if found is not None and found.protocol == "ids":
            for ident in found.changed:
                if ident in lives and ident in now:
                    lives[ident]["changed_in"] += (current.version,)
        previous = current
    return History(points=tuple(points), items=tuple(ItemLife(**life) for life in lives.values()))
