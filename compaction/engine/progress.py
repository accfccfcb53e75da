"""Whether a value that changed between two versions measures how far something has got.

A summary tells the state of work under way by figures that move as the work does: "9 of
12 runners confirmed", "23 items so far, total £4,870", "61% after 9 h", "Running total
booked: ISK 262,400 ...; remaining ISK 837,600". The next version, written after more of
the conversation, tells the same figures further on. That is an update the conversation
made, not a value the summarizer altered. A figure that bounds the work ("at most 20
queries", "budget ≤ €150", "must stay ≥ 95"), a price per unit, a time of day or a date
someone planned is a rule or a plan, and a new one is a change, however far the work has
got.

Only a figure that moved forward is taken for progress: a tally or a total that grew, a
remainder that shrank, a snapshot dated later. One that went back is still reported.

Pure: no Django, no database.
"""

from __future__ import annotations

import re

from compaction.engine.wording import content_words, dice

#: Sections whose items tell work under way or finished: only there is a tally ("9 of 12")
#: or an elapsed time one of progress ("2 of 3 maintainers approve" is a rule).
PROGRESS_SECTIONS = frozenset({"In Progress", "Done"})
#: Word similarity of the clauses around two figures for them to measure the same thing.
SAME_MEASURE_MIN = 0.5

# A figure that bounds or requires: a rule, not a measure of progress.
_BOUND = re.compile(
    r"[≥≤<>]|\b(?:at (?:least|most)|max(?:imum)?|minimum|limits?|caps?|capped|under|"
    r"within|budget|threshold|target|must|never|always|no more than|up to|exceed\w*|quota|"
    r"sla|deadline|policy|only|allowed|due|planned|scheduled)\b",
    re.IGNORECASE,
)
# A tally told as it stands: "so far", "as of 2026-11-24", "running total".
_SNAPSHOT = re.compile(r"\b(?:so far|as of|to date|running total)\b", re.IGNORECASE)
# A job's share done and the time it took, in a Progress section: "61% after 9 h", "has
# been at 62% for 35 minutes".
_ELAPSED = re.compile(
    r"\d%.*\b(?:after|for) \d+(?:\.\d+)? ?(?:h|hours?|min|minutes?)\b", re.IGNORECASE
)
# What is left to do shrinks as the work goes on.
_LEFT = re.compile(r"\b(?:remaining|outstanding|to go)\b", re.IGNORECASE)
_MAGNITUDE = re.compile(r"\d[\d,]*(?:\.\d+)?")
_ISO_DATE = re.compile(r"\d{4}-\d\d-\d\d")
_TIME_OF_DAY = re.compile(r"\d{1,2}:\d\d")
# Where one clause of a line ends: "...; remaining ISK 837,600", "... total £4,870. Next".
_CLAUSE_END = re.compile(r";|\.(?:\s|$)|\s[\u2013\u2014]\s|\n")  # en and em dashes
# Where a part of a clause ends: "Spent £3,184 so far, £3,316 remaining".
_PART_END = re.compile(r",\s")


def clause_of(text: str, value: str, ends: re.Pattern[str] = _CLAUSE_END) -> str:
    """The clause of ``text`` that holds ``value`` (all of ``text`` if it does not)."""
    found = re.search(rf"(?<![\w.,]){re.escape(value)}(?!\w|[.,]\d)", text, re.IGNORECASE)
    if found is None:
        return text
    at = found.start()
    starts = [m.end() for m in ends.finditer(text, 0, at)]
    start = starts[-1] if starts else 0
    end_match = ends.search(text, found.end())
    return text[start : end_match.start() if end_match else len(text)]


def _of_total(clause: str, value: str) -> str | None:
    """The total in "``value`` of M" ("9 of 12 runners" → "12"), if the clause says one."""
    match = re.search(rf"(?<![\w.,]){re.escape(value)} of (\d[\d,]*)\b", clause)
    return match[1] if match else None


def _is_total(clause: str, value: str) -> bool:
    """Whether ``value`` is the whole of a tally ("12" of "9 of 12"): a new whole is no
    progress of the tally."""
    return re.search(rf"\d of {re.escape(value)}(?![\w.,]\d)", clause) is not None


def _per_unit(clause: str, value: str) -> bool:
    """Whether ``value`` is a price or a rate: "£24/head", "38 MB/s", "€68 each way"."""
    return "/" in value or (
        re.search(rf"{re.escape(value)}\s+(?:per|a|an|each)\b", clause, re.IGNORECASE) is not None
    )


def _dates_snapshot(clause: str, value: str) -> bool:
    """Whether ``value`` is the date a snapshot is told as of: "as of 2026-11-24"."""
    pattern = rf"\b(?:as of|as at|on) {re.escape(value)}|\({re.escape(value)}\)"
    return re.search(pattern, clause, re.IGNORECASE) is not None


def _magnitude(value: str) -> float | None:
    match = _MAGNITUDE.search(value)
    return float(match[0].replace(",", "")) if match else None


def progressed(
    old_line: str,
    old_value: str,
    new_line: str,
    new_value: str,
    section: str | None,
    *,
    paired: bool = False,
) -> bool:
    """Whether ``old_value`` (in ``old_line``, an item of ``section``) became ``new_value``
    (in ``new_line``) as a figure of work that moved on. ``paired``: the caller already
    knows the two measure the same thing (it paired them by the words around them)."""
    before, after = clause_of(old_line, old_value), clause_of(new_line, new_value)
    if _BOUND.search(before) or _BOUND.search(after) or _TIME_OF_DAY.search(old_value):
        return False
    if _per_unit(before, old_value) or _per_unit(after, new_value):
        return False  # a price or a rate: "£24/head", "€68 each way"
    if _is_total(before, old_value) or _is_total(after, new_value):
        return False
    under_way = section in PROGRESS_SECTIONS
    total = _of_total(before, old_value)
    if total is not None:
        # "9 of 12 runners confirmed" → "11 of 12": the same tally of the same whole.
        if not under_way or _of_total(after, new_value) != total:
            return False
    else:
        same = paired or _same_measure(before, old_value, after, new_value)
        if not (same and _told_as_it_stands(before, under_way)):
            return False
    old_date, new_date = _ISO_DATE.search(old_value), _ISO_DATE.search(new_value)
    if old_date or new_date:
        # Only a snapshot is dated later as the work goes on ("as of 2026-11-24"); any
        # other date is a plan.
        return bool(
            old_date
            and new_date
            and new_date[0] > old_date[0]
            and _dates_snapshot(before, old_value)
            and _dates_snapshot(after, new_value)
        )
    old_size, new_size = _magnitude(old_value), _magnitude(new_value)
    if old_size is None or new_size is None:
        return False
    # The part of the clause around the figure says which way it goes: "£3,184 so far,
    # £3,316 remaining".
    shrinks = _LEFT.search(clause_of(before, old_value, _PART_END))
    return new_size < old_size if shrinks else new_size > old_size


def _told_as_it_stands(clause: str, under_way: bool) -> bool:
    """Whether ``clause`` tells a figure as it stands now: a snapshot, a remainder, or (in
    a Progress section) a job's share done and the time it took."""
    return bool(
        _SNAPSHOT.search(clause) or _LEFT.search(clause) or (under_way and _ELAPSED.search(clause))
    )


def _same_measure(before: str, old_value: str, after: str, new_value: str) -> bool:
    """Whether two figures measure the same thing: the words of their clauses, figures
    left out, alike."""
    return dice(_words(before, old_value), _words(after, new_value)) >= SAME_MEASURE_MIN


def _words(clause: str, value: str) -> frozenset[str]:
    return frozenset(w for w in content_words(clause.replace(value, " ")) if not w[:1].isdigit())
