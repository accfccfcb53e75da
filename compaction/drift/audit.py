"""The drift audit of one summary version against an older one: it counts only what it can prove.

With item identity (both versions follow the item protocol, ``compaction.engine.items``):

- a **silent drop** is an older id that is gone and not declared in the Changes section;
- a **silent change** is an id still there whose artifact values (``compaction.drift.values``)
  are gone from the whole newer version: replaced by another value of their kind, or dropped;
- a **declared** removal is listed with its reason and never counted; where the values of the
  removed item went missing, they are shown beside it for review;
- an **unverified** item is a carried item whose wording changed with its values kept: prose
  that evidence cannot settle. It counts only when a judge confirmed it (``confirmed``).

Without identity (a native summary, a version written before ids, a regeneration numbered
afresh) the versions are compared on artifact values only: an older value found nowhere in
the newer version is lost, and every other bullet that is not found verbatim is unverified.

The score is the share of the older version's items (its Goal counts as one) with a counted
report. Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.content.responses import UNREADABLE_SUMMARY
from compaction.drift.protocol import protocol_check
from compaction.drift.values import Haystack, Value, haystack, values
from compaction.engine.items import GOAL, Change, Item, Parsed, for_payload, parse

SCORE_DEFINITION = (
    "drift score = (items of the older version silently dropped, silently changed, or "
    "confirmed lost by a judge) / items of the older version (its Goal counts as one). "
    "Declared removals and unverified rewording never count."
)
IDS = "ids"
NONE = "none"
#: One of the versions is OpenAI's encrypted compaction: nothing can be read, nothing counted.
OPAQUE = "opaque"
#: The Goal's place among the items: it has no id of its own.
GOAL_KEY = "goal"
#: The longest text audited, and the most older items paired with a closest newer one.
MAX_CHARS = 200_000
MAX_PAIRED = 400

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Report:
    """A counted finding: an item gone (``kind`` "item") or one of its values gone or
    replaced (``kind`` "value")."""

    kind: str
    item: str | None
    section: str
    text: str
    value: str
    value_kind: str = ""
    new_value: str = ""
    new_text: str = ""
    #: For a silent drop: its values the newer version still has elsewhere.
    survives: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.item or self.text

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "item": self.item,
            "kind": self.kind,
            "section": self.section,
            "value": self.value,
            "value_kind": self.value_kind or None,
            "text": self.text,
        }
        if self.kind == "value":
            data.update(new_value=self.new_value or None, new_text=self.new_text)
        else:
            data.update(survives=list(self.survives))
        return data


@dataclass(frozen=True)
class Declared:
    """A removal the newer version declared in its Changes section."""

    change: Change
    section: str
    text: str
    target_text: str = ""
    #: Values of the removed item found nowhere in the newer version.
    missing: tuple[Value, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.change.as_dict(),
            "section": self.section,
            "text": self.text,
            "target_text": self.target_text,
            "missing": [value.as_dict() for value in self.missing],
        }


@dataclass(frozen=True)
class Unverified:
    """Prose the evidence cannot settle: the older item, and the newer text it became (the
    same id's; without ids, the closest bullet)."""

    key: str
    item: str | None
    section: str
    text: str
    new_text: str
    confirmed: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "item": self.item,
            "section": self.section,
            "text": self.text,
            "new_text": self.new_text,
            "confirmed": self.confirmed,
        }


RECORD_FORMAT = 1


@dataclass(frozen=True)
class AuditSummary:
    """What a timeline needs of an audit, by key: it is stored with each version when the
    version is written (phase 2), so a session's chain is read, not recomputed."""

    protocol: str
    items_old: int
    items_new: int
    lost: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    declared: tuple[str, ...] = ()
    unverified: tuple[str, ...] = ()
    confirmed: tuple[str, ...] = ()
    added: tuple[str, ...] = ()

    @property
    def counted_items(self) -> frozenset[str]:
        return frozenset((*self.lost, *self.changed, *self.confirmed))

    @property
    def score(self) -> float:
        return len(self.counted_items) / self.items_old if self.items_old else 0.0

    def as_record(self, *, against: int) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "against": against,
            "protocol": self.protocol,
            "items_old": self.items_old,
            "items_new": self.items_new,
            "lost": list(self.lost),
            "changed": list(self.changed),
            "declared": list(self.declared),
            "unverified": list(self.unverified),
            "confirmed": list(self.confirmed),
            "added": list(self.added),
        }

    @classmethod
    def from_record(cls, record: Any, *, against: int) -> AuditSummary | None:
        """The stored summary, or None when there is none for ``against`` (a version written
        before audits were stored, or a record of another format)."""
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            return None
        if record.get("against") != against:
            return None

        def keys(name: str) -> tuple[str, ...]:
            found = record.get(name)
            return tuple(k for k in found if isinstance(k, str)) if isinstance(found, list) else ()

        counts = (record.get("items_old"), record.get("items_new"))
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in counts):
            return None
        return cls(
            protocol=record.get("protocol") if record.get("protocol") in (IDS, OPAQUE) else NONE,
            items_old=counts[0],
            items_new=counts[1],
            lost=keys("lost"),
            changed=keys("changed"),
            declared=keys("declared"),
            unverified=keys("unverified"),
            confirmed=keys("confirmed"),
            added=keys("added"),
        )


@dataclass(frozen=True)
class Audit:
    protocol: str
    items_old: int
    items_new: int
    kept: int
    lost: tuple[Report, ...]
    changed: tuple[Report, ...]
    declared: tuple[Declared, ...]
    unverified: tuple[Unverified, ...]
    added: tuple[Item, ...]
    violations: tuple[str, ...]
    size_old: int
    size_new: int

    @property
    def counted_items(self) -> frozenset[str]:
        """The older items with a counted report (a silent drop, a silent change, a judge's
        confirmation), each once."""
        keys = {report.key for report in (*self.lost, *self.changed)}
        keys |= {item.key for item in self.unverified if item.confirmed}
        return frozenset(keys)

    @property
    def confirmed(self) -> tuple[Unverified, ...]:
        return tuple(item for item in self.unverified if item.confirmed)

    @property
    def score(self) -> float:
        return len(self.counted_items) / self.items_old if self.items_old else 0.0

    @property
    def growth(self) -> float | None:
        return self.size_new / self.size_old if self.size_old else None

    def summary(self) -> AuditSummary:
        return AuditSummary(
            protocol=self.protocol,
            items_old=self.items_old,
            items_new=self.items_new,
            lost=tuple(dict.fromkeys(report.key for report in self.lost)),
            changed=tuple(dict.fromkeys(report.key for report in self.changed)),
            declared=tuple(item.change.id for item in self.declared),
            unverified=tuple(item.key for item in self.unverified),
            confirmed=tuple(item.key for item in self.confirmed),
            added=tuple(item.id for item in self.added),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "protocol": self.protocol,
            "drift_score": round(self.score, 4),
            "drift_score_definition": SCORE_DEFINITION,
            "items_old": self.items_old,
            "items_new": self.items_new,
            "items_counted": len(self.counted_items),
            "kept": self.kept,
            "lost": [report.as_dict() for report in self.lost],
            "changed": [report.as_dict() for report in self.changed],
            "declared": [item.as_dict() for item in self.declared],
            "unverified": [item.as_dict() for item in self.unverified],
            "added": [item.as_dict() for item in self.added],
            "violations": list(self.violations),
            "size_old": self.size_old,
            "size_new": self.size_new,
            "growth": None if self.growth is None else round(self.growth, 4),
        }


def _unreadable(old: str, new: str) -> Audit:
    """A pair with OpenAI's encrypted compaction on one side: no evidence, nothing counted."""
    after = parse(new) if new != UNREADABLE_SUMMARY else None
    return Audit(
        protocol=OPAQUE,
        items_old=0,
        items_new=(len(after.items) + (1 if after.goal else 0)) if after else 0,
        kept=0,
        lost=(),
        changed=(),
        declared=(),
        unverified=(),
        added=(),
        violations=(),
        size_old=len(old),
        size_new=len(new),
    )


def audit(old: str, new: str, *, identity: bool = True, confirmed: Collection[str] = ()) -> Audit:
    """``new`` against ``old``. ``identity=False`` compares values only, whatever ids the
    versions hold (a regeneration numbers its items afresh). ``confirmed`` are keys of
    unverified items a judge found lost."""
    old, new = (old or "")[:MAX_CHARS], (new or "")[:MAX_CHARS]
    if UNREADABLE_SUMMARY in (old, new):
        return _unreadable(old, new)
    before, after = parse(old), parse(new)
    body = for_payload(new)
    found = haystack(body)
    with_ids = identity and before.has_ids and after.has_ids
    lost, changed, declared, unverified, kept = (
        _with_ids(before, after, found) if with_ids else _without_ids(before, after, found, body)
    )
    goal = _goal(before, after, found, with_ids)
    changed = goal[0] + changed
    unverified = goal[1] + unverified
    if confirmed:
        unverified = tuple(
            Unverified(u.key, u.item, u.section, u.text, u.new_text, u.key in confirmed)
            for u in unverified
        )
    before_ids = set(before.ids)
    return Audit(
        protocol=IDS if with_ids else NONE,
        items_old=len(before.items) + (1 if before.goal else 0),
        items_new=len(after.items) + (1 if after.goal else 0),
        kept=kept,
        lost=tuple(lost),
        changed=tuple(changed),
        declared=tuple(declared),
        unverified=tuple(unverified),
        added=tuple(i for i in after.items if i.id not in before_ids) if with_ids else (),
        violations=(
            protocol_check(before, after, after=before.max_number()).violations if with_ids else ()
        ),
        size_old=len(old),
        size_new=len(new),
    )


# ----------------------------------------------------------------------------- the two modes

#: lost, changed, declared, unverified, and how many older items were kept.
_Outcome = tuple[list[Report], list[Report], list[Declared], list[Unverified], int]


def _value_reports(
    item: Item,
    ident: str | None,
    new_text: str,
    gone: Sequence[Value],
    old_found: Haystack,
) -> list[Report]:
    """A report for each value of ``item`` in ``gone``, paired with the value of its kind
    that took its place in ``new_text`` when there is exactly one."""
    fresh = [value for value in values(new_text) if not old_found.holds(value)]
    reports = []
    for value in gone:
        same_kind = [other for other in fresh if other.kind == value.kind]
        reports.append(
            Report(
                kind="value",
                item=ident,
                section=item.section,
                text=item.text,
                value=value.text,
                value_kind=value.kind,
                new_value=same_kind[0].text if len(same_kind) == 1 else "",
                new_text=new_text,
            )
        )
    return reports


def _gone_from_item(item: Item, current: Item, before: Parsed, after: Parsed) -> list[Value]:
    """The values of ``item`` its newer text (same id) no longer has, unless one moved to
    another item: written elsewhere in the newer version only, with no value of its kind
    taking its place in the item. A value the item lost is lost even if another item of
    both versions repeats it."""
    here = haystack(current.text)
    gone = [v for v in values(item.text) if not here.holds(v) and not here.holds_part(v)]
    if not gone:
        return []
    was = haystack(item.text)
    replaced = {value.kind for value in values(current.text) if not was.holds(value)}
    others_old = haystack(_others(before, item.id))
    others_new = haystack(_others(after, item.id))
    return [
        value
        for value in gone
        if value.kind in replaced or not (others_new.holds(value) and not others_old.holds(value))
    ]


def _gone(text: str, found: Haystack) -> list[Value]:
    """The values of ``text`` that ``found`` has neither whole nor in a shorter form."""
    return [v for v in values(text) if not found.holds(v) and not found.holds_part(v)]


def _others(parsed: Parsed, ident: str) -> str:
    return "\n".join([parsed.goal, *(i.text for i in parsed.items if i.id != ident)])


def _with_ids(before: Parsed, after: Parsed, found: Haystack) -> _Outcome:
    now = after.by_id()
    declared = {change.id: change for change in after.changes}
    old_found = haystack("\n".join(i.text for i in before.items) + "\n" + before.goal)
    lost: list[Report] = []
    changed: list[Report] = []
    listed: list[Declared] = []
    unverified: list[Unverified] = []
    kept = 0
    for item in before.items:
        current = now.get(item.id)
        if current is not None:
            gone = _gone_from_item(item, current, before, after)
            reports = _value_reports(item, item.id, current.text, gone, old_found)
            changed += reports
            if not reports:
                kept += 1
                if _plain(item.text) != _plain(current.text):
                    unverified.append(
                        Unverified(item.id, item.id, item.section, item.text, current.text)
                    )
            continue
        change = declared.get(item.id)
        missing = tuple(value for value in values(item.text) if not found.holds(value))
        if change is not None:
            target = now.get(change.target)
            listed.append(
                Declared(change, item.section, item.text, target.text if target else "", missing)
            )
            continue
        lost.append(
            Report(
                kind="item",
                item=item.id,
                section=item.section,
                text=item.text,
                value=item.text,
                survives=tuple(v.text for v in values(item.text) if found.holds(v)),
            )
        )
    return lost, changed, listed, unverified, kept


def _without_ids(before: Parsed, after: Parsed, found: Haystack, body: str) -> _Outcome:
    plain_new = _plain(body)
    old_found = haystack("\n".join(i.text for i in before.items) + "\n" + before.goal)
    news = list(after.items)
    new_words = [_words(item.text) for item in news]
    lost: list[Report] = []
    changed: list[Report] = []
    unverified: list[Unverified] = []
    kept = 0
    for index, item in enumerate(before.items):
        key = item.id or f"b{index + 1}"
        closest = _closest(item, news, new_words) if index < MAX_PAIRED else None
        gone = _gone(item.text, found)
        reports = _value_reports(
            item, item.id or None, closest.text if closest else "", gone, old_found
        )
        for report in reports:
            (changed if report.new_value else lost).append(report)
        if reports:
            continue
        if _plain(item.text) in plain_new:
            kept += 1
            continue
        unverified.append(
            Unverified(
                key, item.id or None, item.section, item.text, closest.text if closest else ""
            )
        )
    return lost, changed, [], unverified, kept


def _goal(
    before: Parsed, after: Parsed, found: Haystack, with_ids: bool
) -> tuple[list[Report], list[Unverified]]:
    """The Goal, compared as one item. It has no id, so an update cannot declare a change
    of it: with ids, a Goal that changed is unverified, whatever changed; without, its
    values are compared as every other text's are."""
    if not before.goal:
        return [], []
    goal = Item(GOAL_KEY, GOAL, before.goal)
    if not with_ids:
        gone = _gone(before.goal, found)
        reports = _value_reports(goal, GOAL_KEY, after.goal, gone, haystack(before.goal))
        if reports:
            return reports, []
    if _plain(before.goal) == _plain(after.goal):
        return [], []
    return [], [Unverified(GOAL_KEY, None, GOAL, before.goal, after.goal)]


# ----------------------------------------------------------------------------- helpers


def _plain(text: str) -> str:
    return " ".join(text.replace("`", "").replace("**", "").split()).casefold()


def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.casefold()))


def _closest(item: Item, news: Sequence[Item], new_words: Sequence[frozenset[str]]) -> Item | None:
    """The newer bullet sharing the most words with ``item`` (its section first on a tie)."""
    words = _words(item.text)
    best, best_score = None, 0.0
    for other, other_words in zip(news, new_words, strict=True):
        union = len(words | other_words)
        score = len(words & other_words) / union if union else 0.0
        score += 0.01 if other.section == item.section else 0.0
        if score > best_score:
            best, best_score = other, score
    return best if best_score >= 0.2 else None
