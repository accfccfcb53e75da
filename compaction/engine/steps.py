"""What became of the steps of an old summary version: In Progress items and Next Steps.

A step that got done is told as a result, and the details of doing it (the wait the carrier
promised, the host being worked on, the date it was planned for) go the way of any
condensed Done detail. ``compaction.engine.verdicts`` asks ``Steps`` whether a value of a
step went that way, and where to look for what the values of steps are about.

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compaction.engine.facts import Fact
from compaction.engine.mentions import Budget
from compaction.engine.quantities import DATE_TEXT, number_sort
from compaction.engine.snapshot import Snapshot
from compaction.engine.wording import REWORD_MIN, WORD, content_words, dice, without_reasons

DONE = "Done"
IN_PROGRESS = "In Progress"
#: Steps not taken yet, or not finished: what they say is their plan.
STEPS = frozenset({IN_PROGRESS, "Next Steps"})
#: The sorts of number that are a step's plan: a date, a time of day.
WHEN = frozenset({"date", "time"})
#: A task that moved on (Next Steps → In Progress → Done) is often told in fewer words: the
#: share of the shorter wording's words the two must share.
FORWARD_MIN = 0.5
#: Word similarity of the lines around two values from which they are "the same thing".
FRAME_MIN = 0.5
#: Names of a step a Done item must share to be that step done.
FINISHED_NAMES_MIN = 2
#: The shortest name inside a command that tells the command done.
COMMAND_NAME_MIN = 6
#: A step of waiting or chasing, which what it waits for ends: nobody reports "waited" or
#: "followed up".
_WAITING = frozenset(content_words("wait await chase follow remind nudge"))
#: Verbs that say a step is to be completed, not what it does.
_COMPLETING = frozenset(content_words("complete finish do get make"))
# A step to take only if something does not happen: "if no call by ...", "if there is no
# receipt confirmation", "if the vendor hasn't replied", "unless ...".
_UNLESS_DONE = re.compile(
    r"\bif (?:there is |there's )?no\b|\bif (?:\w+ ){1,3}(?:has not|hasn't|have not|haven't|"
    r"does not|doesn't|did not|didn't|is not|isn't)\b|\bunless\b",
    re.IGNORECASE,
)
# A date someone else set: "deadline 2025-07-18", "the 2025-07-28 deadline", "valid until".
_DEADLINE = re.compile(
    rf"(?i:deadline|expir(?:es|y|ing)|valid (?:until|to|through)|cut-?off)[:\s]+"
    rf"(?i:on |is |of )?(?P<after>{DATE_TEXT})|(?P<before>{DATE_TEXT}) (?i:deadline|cut-?off)\b"
)
#: How to reach someone: a phone number or an e-mail address.
_CONTACT = re.compile(r"^\+?[\d ().-]{7,}$|@[\w-]+\.")
_DATE_TIME = re.compile(r"(\d{4}-\d\d-\d\d)[T ]\d\d:\d\d")
# A name inside a command: an index, a table, a resource (with "_", "." or "-" inside).
_COMMAND_NAME = re.compile(r"\b[A-Za-z]\w*[_.-][\w.-]*\w")


def frame(fact: Fact, context: str | None = None) -> frozenset[str]:
    """The words around a value: what it is the value *of* (other values left out: "booked
    for 2026-12-01 at 15:00" is about a booking, whatever the hour)."""
    words = content_words(fact.context if context is None else context) - content_words(fact.value)
    return frozenset(word for word in words if not word.isdigit())


def day_of(fact: Fact) -> str | None:
    """The date of a date-and-time number (``2025-06-30`` of ``2025-06-30 23:59``)."""
    match = _DATE_TIME.match(fact.key) if fact.kind == "number" else None
    return match[1] if match else None


def forward_share(old: frozenset[str], new: frozenset[str]) -> float:
    """The share of the shorter wording's words that a task and its moved-on wording share.

    Numbers are left out: a finished task tells its outcome, not the counts and numbers of
    the plan ("roll the role out to log-01 and log-02" → "rolled out on all three hosts").
    """
    old = frozenset(word for word in old if not word.isdigit()) or old
    new = frozenset(word for word in new if not word.isdigit()) or new
    return len(old & new) / min(len(old), len(new)) if old and new else 0.0


def _action(step: str) -> frozenset[str]:
    """What a step does: its verb, or what it completes ("Complete the address change" is
    done when the address changed)."""
    words = [w for w in WORD.findall(step.lower()) if content_words(w) and not w.isdigit()]
    if words and content_words(words[0]) <= _COMPLETING and len(words) > 1:
        return content_words(words[1])
    return content_words(words[0]) if words else frozenset()


def _deadline_of(context: str) -> str | None:
    """The date ``context`` gives as a deadline ("deadline 2025-07-18", "ahead of the
    2025-07-28 deadline", "valid until 2026-12-31"), if any."""
    found = _DEADLINE.search(context)
    return (found["after"] or found["before"]) if found else None


class Steps:
    """Answers what became of a step of ``old`` in ``new``."""

    def __init__(self, old: Snapshot, new: Snapshot, budget: Budget) -> None:
        self.old, self.new, self.budget = old, new, budget
        self._names: dict[int, list[Fact]] | None = None

    def finished(self, fact: Fact) -> str | None:
        """The new Done item that the step (In Progress or Next Steps) holding ``fact``
        became, if any.

        The step must have left its section. A Next Step is an instruction: the Done item
        must say it was carried out ("Book movers by 2026-11-30" → "Booked movers on
        2026-11-23"), not merely share its words. Waiting and chasing are the exception:
        what they wait for ends them ("Wait for the grant offer" → "offer letter
        received", "Follow up with Oskar on the refund" → "refund approved by Oskar"), and
        so does it happening end a step to take only if it does not ("Call the physio if
        no call by 2024-10-16" → "physio called back").
        """
        # What the step is about, without why ("so the 20 Nov box goes to the new
        # address") or that it is to be completed.
        about = frame(fact, without_reasons(fact.context)) - _COMPLETING
        if not about:
            return None
        action = _action(fact.context)
        # The names the step works on (a host, a driver, a file): a Done item naming two
        # of them is that step told as done, however much else it says.
        names = {a for a in self.old.anchors(fact.context) if a[0] not in ("number", "name")}
        # A Next Step must be told as carried out, unless it waits or is a contingency.
        told_done = fact.section == "Next Steps" and not (
            action <= _WAITING or _UNLESS_DONE.search(fact.context)
        )
        done = []
        for place, item in self.new.lines:
            if place != DONE:
                continue
            words = content_words(item.text)
            if told_done and not action <= words:
                continue
            same = len(names & self.new.anchors(item.text)) >= FINISHED_NAMES_MIN
            if same or forward_share(about, words) >= FORWARD_MIN:
                done.append(item.text)
        day = day_of(fact)
        for text in done:
            # Done on the day it was planned for: finished, even when a step like it
            # (the next stage of a rollout) is planned now.
            if day is not None and re.search(rf"(?<![\w-]){day}(?![\w-])", text):
                return text
        step = content_words(fact.context)
        for place, item in self.new.lines:
            if place == fact.section and dice(step, content_words(item.text)) >= REWORD_MIN:
                return None
        return done[0] if done else None

    def still_reached(self, fact: Fact) -> bool:
        """Whether ``fact`` is how to reach someone the new version still names: the phone
        or address of a person a finished step waited for is no detail of the step."""
        if fact.kind != "identifier" or not _CONTACT.search(fact.value):
            return False
        found = self.old.item_of(fact)
        if found is None:
            return False
        if self._names is None:
            # The names of each bullet, found once for all its contacts.
            self._names = {}
            for name in self.old.facts:
                bullet = self.old.item_of(name) if name.kind == "name" else None
                if bullet is not None:
                    self._names.setdefault(bullet[1].offset, []).append(name)
        return any(
            name.ident in self.new.places or self.new.mentions.contains(name, self.budget)
            for name in self._names.get(found[1].offset, ())
        )

    def carried_out(self, fact: Fact) -> str | None:
        """The new Done item that tells the command of a step as done by the names it
        works on ("`CREATE INDEX CONCURRENTLY idx_gl_entry ON gl (day)`" → "Index
        `idx_gl_entry` created"), if any."""
        if fact.kind not in ("command", "identifier") or " " not in fact.key:
            return None
        if ": " in fact.key:
            return None  # a message quoted, not a command: its words recognise it
        # Names of things a command makes or changes (an index, a table, a package file),
        # not the services and hosts it runs against, which other steps name too.
        names = [
            n
            for n in _COMMAND_NAME.findall(fact.key)
            if len(n) >= COMMAND_NAME_MIN and ("_" in n or "." in n)
        ]
        for place, item in self.new.lines:
            if place == DONE and any(
                re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", item.text) for name in names
            ):
                return item.text
        return None

    def deadline_moved(self, fact: Fact, candidates: Sequence[Fact]) -> Fact | None:
        """The new date (of ``candidates``, the numbers only the new version has) of the
        deadline ``fact`` is, if it gives another one for the same thing: a deadline is set
        by someone else, and a step done before it does not move it ("deadline
        2025-07-18" → "ahead of the 2025-07-28 deadline")."""
        if _deadline_of(fact.context) != fact.value:
            return None
        about = frame(fact)
        for candidate in candidates:
            if number_sort(candidate.key) != "date":
                continue
            if _deadline_of(candidate.context) != candidate.value:
                continue
            if dice(about, frame(candidate)) >= FRAME_MIN:
                return candidate
        return None
