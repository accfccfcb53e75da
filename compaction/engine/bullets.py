"""One report per bullet: the lost and changed facts of a bullet told together.

``compaction.engine.verdicts`` judges every fact of the old version on its own; an operator
reads what happened to a bullet. A bullet gone whole is one ``lost`` report, and the values
of one bullet that changed together are one ``changed`` report (``Verdict.parts`` holds
the verdicts of the facts it stands for, so the drift score still counts facts).

Pure: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from compaction.engine.facts import Fact, item_atoms, item_values
from compaction.engine.mentions import Budget
from compaction.engine.outline import Item
from compaction.engine.snapshot import BULLET_KINDS, Snapshot, without
from compaction.engine.verdicts import Verdict
from compaction.engine.wording import REWORD_MIN, content_words, dice


def one_report_per_bullet(
    verdicts: Sequence[Verdict], old: Snapshot, new: Snapshot, budget: Budget
) -> tuple[Verdict, ...]:
    """The verdicts with the lost and changed values of each bullet folded into one verdict
    of the bullet: one report for one thing that happened to it.

    A bullet gone whole is one ``lost`` report, with even a single value ("Remind the
    clinic if the invoices have not arrived by 2025-11-24" gone is a lost step, not a lost
    date): every value it held is lost, none is stated anywhere in the new version, and no
    bullet of the new version says the rest of it in other words. Two or more values of a
    bullet that stays are one report too: "Kestrel IT contact: Raj Menon, raj.menon@…" →
    "Aisha Bello, aisha.bello@…" is one changed contact, ``changed`` when any of them
    changed.
    """
    groups: dict[int, list[int]] = {}
    bullets: dict[int, tuple[str, Item]] = {}
    for index, verdict in enumerate(verdicts):
        found = old.item_of(verdict.fact) if verdict.counted else None
        if found is not None:
            groups.setdefault(found[1].offset, []).append(index)
            bullets[found[1].offset] = found
    folded: dict[int, Verdict] = {}
    dropped: set[int] = set()
    for offset, indexes in groups.items():
        place, item = bullets[offset]
        parts = tuple(verdicts[index] for index in indexes)
        critical = any(part.fact.critical for part in parts)
        bullet = Fact(BULLET_KINDS[place], item.text, place, critical, item.key, item.text)
        if all(part.verdict == "lost" for part in parts) and _gone(place, item, new, budget):
            folded[indexes[0]] = Verdict(bullet, "lost", parts=parts, whole=True)
        elif len(indexes) > 1:
            changed = [verdicts[index] for index in indexes if verdicts[index].verdict == "changed"]
            note = "; ".join(
                verdicts[index].note or f"{verdicts[index].fact.value} lost" for index in indexes
            )
            match = changed[0].match if changed else ""
            verdict = "changed" if changed else "lost"
            folded[indexes[0]] = Verdict(bullet, verdict, match, note, parts=parts)
        else:
            continue
        dropped.update(indexes[1:])
    return tuple(
        folded.get(index, verdict) for index, verdict in enumerate(verdicts) if index not in dropped
    )


def _gone(place: str, item: Item, new: Snapshot, budget: Budget) -> bool:
    """Whether the new version holds nothing of the bullet ``item`` (of ``place``) of the
    old one: none of its values (of its own or shared with another bullet), and none of its
    other words as a rewording of it."""
    anchors = item_atoms(item.text, place)
    if not anchors:
        return False
    # Who or where is no part of what the bullet said: its names may be named elsewhere.
    for (_start, _end, kind, value), _key in item_values(item.text, place):
        fact = Fact(kind, value)
        if fact.ident in new.places or new.mentions.contains(fact, budget):
            return False
    words = content_words(without(item.text, frozenset((s[2], k) for s, k in anchors)))
    return not any(dice(words, new.plain_words(line.text)) >= REWORD_MIN for _, line in new.lines)


def one_report_per_change(verdicts: Sequence[Verdict]) -> tuple[Verdict, ...]:
    """The verdicts with a value changed the same way in two bullets told once: "Late fee
    NOK 1,850 must be waived" and "issue the credit note for the NOK 1,850 late fee" both
    saying 1,580 are one wrong amount, reported with the first bullet that holds it."""
    reports = list(verdicts)
    holders: dict[str, list[int]] = {}
    for index, report in enumerate(reports):
        if report.counted:
            # A note lists changes "a → b; c → d", and a change may hold "; " itself.
            for part in {*report.note.split("; "), report.note}:
                holders.setdefault(part, []).append(index)
    dropped: set[int] = set()
    for index, verdict in enumerate(reports):
        if verdict.verdict != "changed" or verdict.parts or not verdict.match:
            continue
        change = f"{verdict.fact.value} → {verdict.match}"
        if verdict.note != change:
            continue
        other = next((i for i in holders.get(change, ()) if i != index and i not in dropped), None)
        if other is not None:
            reports[other] = replace(reports[other], parts=(*reports[other].by_fact(), verdict))
            dropped.add(index)
    return tuple(report for index, report in enumerate(reports) if index not in dropped)
