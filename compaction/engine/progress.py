"""Whether a value that changed between two versions measures how far something has got.

A summary tells the state of work under way by figures that move as the work does: "9 of
12 runners confirmed", "23 items so far, total £4,870", "61% after 9 h", "Running total
booked: ISK 262,400 ...; remaining ISK 837,600". The next version, written after more of
the conversation, tells the same figures further on. That is an update the conversation
made, not a value the summarizer altered. A figure that bounds the work ("at most 20
queries", "budget ≤ €150", "must stay ≥ 95") is a rule, and a new one is a change, however
far the work has got.

Only a figure that moved forward is taken for progress: a count, a total or an elapsed
time that grew, a remainder that shrank, a snapshot dated later. One that went back is
still reported.

Pure: no Django, no database.
"""

from __future__ import annotations

import re

from compaction.engine.wording import content_words, dice

#: Sections whose items tell work under way or finished: there a figure measured "after"
#: or "currently" is one of progress.
PROGRESS_SECTIONS = frozenset({"In Progress", "Done"})
#: Word similarity of the clauses around two figures for them to measure the same thing.
SAME_MEASURE_MIN = 0.5

# A figure that bounds or requires: a rule, not a measure of progress.
_BOUND = re.compile(
    r"[≥≤<>]|\b(?:at (?:least|most)|max(?:imum)?|min(?:imum)?|limits?|caps?|capped|under|"
    r"within|budget|threshold|target|must|never|always|no more than|up to|exceed\w*|quota|"
    r"sla|deadline|policy|only|allowed)\b",
    re.IGNORECASE,
)
# A snapshot of a tally, wherever it is told.
_SNAPSHOT = re.compile(r"\b(?:so far|as of|to date|running total|in total)\b", re.IGNORECASE)
# A figure of work under way, told in a Progress section: "61% after 9 h", "has been at
# 62% for 35 minutes", "yesterday 31.7 GB/day", "projected 52 GB/day".
_UNDER_WAY = re.compile(
    r"\b(?:currently|yesterday|today|projected|projection|has been)\b"
    r"|\bafter \d+(?:\.\d+)? ?(?:h|hours?|min|minutes?|days?|weeks?)\b",
    re.IGNORECASE,
)
# What is left to do shrinks as the work goes on.
_LEFT = re.compile(r"\b(?:remaining|left|outstanding|to go)\b", re.IGNORECASE)
_MAGNITUDE = re.compile(r"\d[\d,]*(?:\.\d+)?")
_ISO_DATE = re.compile(r"\d{4}-\d\d-\d\d")
# Where one clause of a line ends: "...; remaining ISK 837,600", "... total £4,870. Next".
_CLAUSE_END = re.compile(r";|\.(?:\s|$)|\s[\u2013\u2014]\s|\n")  # en and em dashes


def clause_of(text: str, value: str) -> str:
    """The clause of ``text`` that holds ``value`` (all of ``text`` if it does not)."""
    found = re.search(rf"(?<![\w.,]){re.escape(value)}(?!\w|[.,]\d)", text, re.IGNORECASE)
    if found is None:
        return text
    at = found.start()
    starts = [m.end() for m in _CLAUSE_END.finditer(text, 0, at)]
    start = starts[-1] if starts else 0
    end_match = _CLAUSE_END.search(text, at + len(value))
    return text[start : end_match.start() if end_match else len(text)]


def _of_total(clause: str, value: str) -> str | None:
    """The total in "``value`` of M" ("9 of 12 runners" → "12"), if the clause says one."""
    match = re.search(rf"(?<![\w.,]){re.escape(value)} of (\d[\d,]*)\b", clause)
    return match[1] if match else None


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
    if _BOUND.search(before):
        return False
    total = _of_total(before, old_value)
    if total is not None:
        # "9 of 12 runners confirmed" → "11 of 12": the same tally of the same whole.
        if _of_total(after, new_value) != total:
            return False
    else:
        told_under_way = (
            _SNAPSHOT.search(before)
            or _LEFT.search(before)
            or (section in PROGRESS_SECTIONS and _UNDER_WAY.search(before))
        )
        if not told_under_way or not (paired or _same_measure(before, old_value, after, new_value)):
            return False
    old_date, new_date = _ISO_DATE.search(old_value), _ISO_DATE.search(new_value)
    if old_date or new_date:
        return bool(old_date and new_date and new_date[0] > old_date[0])
    old_size, new_size = _magnitude(old_value), _magnitude(new_value)
    if old_size is None or new_size is None:
        return False
    return new_size < old_size if _LEFT.search(before) else new_size > old_size


def _same_measure(before: str, old_value: str, after: str, new_value: str) -> bool:
    """Whether two figures measure the same thing: the words of their clauses, figures
    left out, alike."""
    return dice(_words(before, old_value), _words(after, new_value)) >= SAME_MEASURE_MIN


def _words(clause: str, value: str) -> frozenset[str]:
    return frozenset(w for w in content_words(clause.replace(value, " ")) if not w[:1].isdigit())
