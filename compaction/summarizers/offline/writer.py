"""The checkpoint the offline summarizer writes: previous items merged with new ones, bounded.

An update keeps the previous version's items first, moves earlier open work that new Done
items report finished, adds new items not already there, and then drops the least important
items and shortens the rest until the text fits ``max_chars``. Its Goal is the previous one
until a new request starts another task; the task it replaces moves to Done as an earlier
task, so a Goal never changes without a trace.
"""

from __future__ import annotations

from collections.abc import Sequence

from compaction.drift.values import values
from compaction.engine.failures import error_lines
from compaction.engine.outline import is_placeholder, items, outline
from compaction.engine.prompts import SECTIONS
from compaction.engine.validation import cap_summary
from compaction.summarizers.offline.extractor import (
    EARLIER_RANK,
    EARLIER_TASK,
    LISTS,
    MAX_EARLIER_TASKS,
    PEOPLE,
    STATS,
    Item,
    same_task,
    select,
    task_of,
)
from compaction.summarizers.offline.prose import (
    GOAL_MAX_CHARS,
    ITEM_MAX_CHARS,
    clip,
    dedup_key,
    safe,
    words,
)


def previous_items(lines: Sequence[tuple[int, str]]) -> list[str]:
    """The bullet items of a previous version's section, as bounded one-line items."""
    return [safe(item.text, 2 * ITEM_MAX_CHARS) for item in items(lines)]


def _fact_rank(text: str) -> int:
    precise = any(value.kind in ("url", "path") for value in values(text))
    return 3 if precise or text.startswith("Error:") or error_lines(text) else 2


def merge(
    previous: str,
    goal: str,
    new: dict[str, list[Item]],
    facts: list[str],
    finished: list[str] | None = None,
) -> tuple[str, dict[str, list[Item]]]:
    """Previous items first, then the new ones not already there, each list bounded.

    Previous open items that new Done items report finished and that leave the summary
    are appended to ``finished``."""
    sections = outline(previous)
    old = {name: previous_items(sections.lines[name]) for name in LISTS if name in sections.lines}
    old["Conversation Dynamics"] = [  # folded into the new counts
        line
        for line in old.get("Conversation Dynamics", [])
        if not (STATS.fullmatch(line) or PEOPLE.fullmatch(line))
    ]
    if previous:
        old["Done"] = previous_items(sections.progress["Done"])
        old["In Progress"] = previous_items(sections.progress["In Progress"])
        old_goal = safe(
            " ".join(line for line in sections.text_lines("Goal") if not is_placeholder(line)),
            GOAL_MAX_CHARS,
        )
        if old_goal and (not goal or same_task(old_goal, goal)):
            goal = old_goal  # no new task: the session is still on this one
        elif old_goal:
            # The session moved on to a new task: the old one is history, kept in Done.
            old["Done"].append(safe(EARLIER_TASK + old_goal, 2 * ITEM_MAX_CHARS))
    # Earlier open work that a new Done item reports finished: moved to Done, or dropped
    # from Next Steps.
    done_words = [words(item.text) for item in new["Done"]]
    for name in ("In Progress", "Next Steps"):
        for text in list(old.get(name, [])):
            open_words = words(text)
            if open_words and any(
                len(open_words & done) >= 0.6 * len(open_words) for done in done_words
            ):
                old[name].remove(text)
                if name == "In Progress":
                    old["Done"].append(text)
                elif finished is not None:
                    finished.append(text)
    lists: dict[str, list[Item]] = {}
    for name, (limit, _weight) in LISTS.items():
        prior = old.get(name, [])
        rank = _fact_rank if name == "Critical Context" else _rank
        start = -len(prior) - len(facts)
        merged = [Item(t, rank(t), start + i, dedup_key(t)) for i, t in enumerate(prior)]
        if name == "Critical Context":
            merged += [Item(safe(f), 4, i - len(facts), dedup_key(f)) for i, f in enumerate(facts)]
        seen = {item.key for item in merged}
        for item in new[name]:
            # A fact is known when an earlier item already quotes it verbatim.
            quoted = name == "Critical Context" and any(item.key in m.text for m in merged)
            if item.key not in seen and not quoted:
                merged.append(Item(item.text, max(item.rank, _rank(item.text)), item.pos, item.key))
                seen.add(item.key)
        if name == "Done":
            merged = _latest_earlier_tasks(merged)
        lists[name] = select(merged, limit)
    return goal, lists


def _rank(text: str) -> int:
    return EARLIER_RANK if text.startswith(EARLIER_TASK) else 1


def _latest_earlier_tasks(done: list[Item]) -> list[Item]:
    """``done`` with each earlier task once, at its newest asking, and only the newest
    ``MAX_EARLIER_TASKS`` of them (the identity step declares the others)."""
    tasks: dict[str, Item] = {}
    for item in done:
        if item.text.startswith(EARLIER_TASK):
            key = task_of(item.text.removeprefix(EARLIER_TASK))
            tasks.pop(key, None)
            tasks[key] = item
    kept = {id(item) for item in list(tasks.values())[-MAX_EARLIER_TASKS:]}
    return [item for item in done if not item.text.startswith(EARLIER_TASK) or id(item) in kept]


def summary_lists(summary: str) -> tuple[str, dict[str, list[Item]]]:
    """A checkpoint's Goal and bullet lists, read back as this writer's items."""
    sections = outline(summary)
    goal = " ".join(line for line in sections.text_lines("Goal") if not is_placeholder(line))
    lists: dict[str, list[Item]] = {}
    for name in LISTS:
        lines = (
            sections.progress[name]
            if name in ("Done", "In Progress")
            else sections.lines.get(name, ())
        )
        texts = previous_items(lines)
        lists[name] = [Item(text, 2, index, dedup_key(text)) for index, text in enumerate(texts)]
    return safe(goal, GOAL_MAX_CHARS), lists


def merge_summaries(
    previous: str | None,
    partials: Sequence[str],
    max_chars: int,
    facts: Sequence[str] = (),
    finished: list[str] | None = None,
) -> str:
    """Fold partial summaries, oldest first, into ``previous`` as updates would; ``facts``
    that must survive join the last fold; ``finished`` as in ``merge``."""
    text = previous or ""
    for index, partial in enumerate(partials):
        goal, lists = summary_lists(partial)
        last = index == len(partials) - 1
        goal, merged = merge(text, goal, lists, list(facts) if last else [], finished)
        text = fit(goal, merged, max_chars)
    return text


def render(goal: str, lists: dict[str, list[Item]], item_chars: int) -> str:
    def bullets(name: str) -> list[str]:
        return [f"- {clip(item.text, item_chars)}" for item in lists[name]] or ["- (none)"]

    lines = ["## Goal", clip(goal, min(GOAL_MAX_CHARS, item_chars + 100)) or "- (none)", ""]
    for name in SECTIONS[1:]:
        lines.append(f"## {name}")
        if name == "Progress":
            lines += ["### Done", *bullets("Done"), "### In Progress", *bullets("In Progress")]
        else:
            lines += bullets(name)
        lines.append("")
    return "\n".join(lines).strip()


def fit(goal: str, lists: dict[str, list[Item]], max_chars: int) -> str:
    """Drop the least important items, then shorten the rest, until the summary fits."""
    order = list(LISTS)

    def heaviest(names: list[str]) -> str:
        used = {n: sum(len(item.text) + 3 for item in lists[n]) / LISTS[n][1] for n in names}
        return max(names, key=lambda n: (used[n], -order.index(n)))

    for floor, item_chars in ((1, ITEM_MAX_CHARS), (1, 200), (1, 120), (1, 60), (0, 60)):
        text = render(goal, lists, item_chars)
        while len(text) > max_chars:
            candidates = [name for name in order if len(lists[name]) > floor]
            if not candidates:
                break
            victims = lists[heaviest(candidates)]
            victims.remove(min(victims, key=lambda item: (item.rank, item.pos)))
            text = render(goal, lists, item_chars)
        if len(text) <= max_chars:
            return text
    # Only a max_chars smaller than the bare headings gets here.
    return cap_summary(text, max_chars)[0][:max_chars]
