"""The item protocol, kept by the offline summarizer: ids carried, removals declared.

The writer works on plain bullets. Afterwards each bullet that carries a previous item (the
same text) takes that item's id, new bullets take new ids, and every previous id left out
is declared, with the reason the writer had: an item cut to fit is ``condensed`` into its
shorter form, finished work is ``done``, the counting lines are ``superseded`` by the new
counts, an earlier task beyond the few kept is ``obsolete`` as one, and an item left out by
the list and size limits is ``obsolete``, saying so.
"""

from __future__ import annotations

from collections.abc import Collection

from compaction.engine.items import Change, assign_ids, parse, retag, with_changes
from compaction.summarizers.offline.extractor import (
    EARLIER_TASK,
    MAX_EARLIER_TASKS,
    PEOPLE,
    STATS,
    task_of,
)
from compaction.summarizers.offline.prose import dedup_key

LEFT_OUT = "left out to keep the summary within its list and size limits"
OLDER_TASK = f"an earlier task; the summary keeps the {MAX_EARLIER_TASKS} latest it moved on from"


def _carried(old: str, new: str) -> bool:
    """``new`` says what ``old`` said: the same text (an item shortened to fit is a new,
    condensed item: what it cut may hold a value)."""
    return dedup_key(old) == dedup_key(new)


def _same_earlier_task(old: str, new: str) -> bool:
    return new.startswith(EARLIER_TASK) and task_of(old.removeprefix(EARLIER_TASK)) == task_of(
        new.removeprefix(EARLIER_TASK)
    )


def _shortened(old: str, new: str) -> bool:
    """``new`` is ``old`` cut to fit (``prose.clip`` ends it with "…")."""
    return new.endswith("\u2026") and len(new) > 20 and old.startswith(new[:-1].rstrip())


def carry_ids(previous: str, written: str, *, next_item_id: int, finished: Collection[str]) -> str:
    """``written`` with the ids of the ``previous`` items it carries, new ids from
    ``next_item_id`` for the rest, and a Changes section for each previous id it left out.
    ``finished`` are the texts of previous items the writer dropped as done."""
    before = parse(previous)
    unused = list(before.tagged)

    def keep(_section: str, text: str) -> str | None:
        for item in unused:
            if _carried(item.text, text):
                unused.remove(item)
                return item.id
        return None

    text, _ = assign_ids(retag(written, keep), after=next_item_id - 1)
    after = parse(text)
    counts = [item.id for item in after.items if STATS.fullmatch(item.text)]
    people = {match[1]: item.id for item in after.items if (match := PEOPLE.fullmatch(item.text))}
    done = {dedup_key(line) for line in finished}
    fresh = [item for item in after.items if item.id not in before.by_id()]
    changes = []
    for item in unused:
        cut = next((new for new in fresh if _shortened(item.text, new.text)), None)
        if cut is not None:
            changes.append(Change(item.id, "condensed", target=cut.id))
        elif dedup_key(item.text) in done:
            changes.append(Change(item.id, "done"))
        elif item.text.startswith(EARLIER_TASK):
            again = next((new for new in fresh if _same_earlier_task(item.text, new.text)), None)
            if again is not None:  # the task was asked for again since
                changes.append(Change(item.id, "superseded", target=again.id))
            else:
                changes.append(Change(item.id, "obsolete", reason=OLDER_TASK))
        elif STATS.fullmatch(item.text) and counts:
            changes.append(Change(item.id, "superseded", target=counts[0]))
        elif (match := PEOPLE.fullmatch(item.text)) and match[1] in people:
            changes.append(Change(item.id, "superseded", target=people[match[1]]))
        else:
            changes.append(Change(item.id, "obsolete", reason=LEFT_OUT))
    return with_changes(text, changes)
