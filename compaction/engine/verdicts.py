"""What became of each fact of an old summary version in a new one.

For every fact of the old version, one verdict:

- ``kept``: the new version states it (the same key, a plain mention of the same value, or
  the telling part of an error or a command quoted word for word);
- ``moved``: kept, but in another section (In Progress → Done, Next Steps → In Progress);
- ``reworded``: a decision, constraint, preference, task or note said in other words, or a
  name written with fewer qualifiers (``datetime.timezone.utc`` → ``timezone.utc``, a
  file with less of its path);
- ``changed``: the same thing with a new value (a timeout from 30 s to 45 s, a new version,
  another path for the same file, a rule turned from "always" into "never", a rule that now
  names something more or says less: ``compaction.engine.rewording``);
- ``condensed``: a finished (Done) item folded into a broader one or told with less detail,
  as the UPDATE prompt allows; also the details of a step that got done (the date it was
  planned for, the host being worked on);
- ``lost``: none of the above.

Only ``lost`` and ``changed`` count toward the drift score (see ``DRIFT_SCORE_DEFINITION``).
An item is paired with its new wording by the words they share, best pairs first; an item
left over and the one new item of its section that nothing accounts for are paired too.
``compaction.engine.bullets`` then tells the lost and changed facts of one bullet together.

Pure: no Django, no database. Work is bounded by ``MAX_PAIR_CHECKS``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.facts import ATOM_KINDS, Fact
from compaction.engine.mentions import Budget
from compaction.engine.outline import Item
from compaction.engine.quantities import number_sort
from compaction.engine.rewording import CLAIMS, STATED, rewording_change
from compaction.engine.snapshot import Snapshot, moved_forward
from compaction.engine.wording import NAME, WORD, content_words, dice, without_reasons

VERDICTS: tuple[str, ...] = ("kept", "moved", "reworded", "changed", "condensed", "lost")
#: The verdicts that count toward the drift score.
COUNTED: frozenset[str] = frozenset({"lost", "changed"})
DRIFT_SCORE_DEFINITION = (
    "Drift score = (facts lost + facts changed) / facts of the older version. A fact is a "
    "path, URL, command, error, identifier, name, number with its unit, decision, "
    "constraint, preference, task or note; kept, moved, reworded and condensed facts do not "
    "count. The facts of one bullet lost or changed together are one report, and count one "
    "by one."
)
# Old x new comparisons per diff when pairing items (beyond it, unpaired items are lost).
MAX_PAIR_CHECKS = 50_000
#: Word similarity (Dice) from which an item is a rewording of another.
REWORD_MIN = 0.5
#: Word similarity from which an item that keeps every fact it names is a rewording.
ANCHORED_REWORD_MIN = 0.25
#: The shortest start of a command or name that, with "..." after it, still quotes it.
ELIDED_MIN = 12
_ELLIPSIS = re.compile(r"\.\.\.|\u2026")
#: How alike two identifiers must be for one to be the other with a new value.
ALIKE_MIN = 0.5
#: An error is still quoted when the new version has runs of this many of its words, word
#: for word, that cover this share of them.
QUOTE_RUN = 6
QUOTE_SHARE = 0.4
_QUOTE_WORD = re.compile(r"[a-z0-9_]+")
#: An old item left without a counterpart and a new item of its section left without an
#: origin are one item said anew from this word similarity, with this many words shared.
LEFTOVER_MIN = 0.3
LEFTOVER_SHARED = 2
#: Share of an old Done item's words a broader new Done item must hold to have condensed it,
#: and the lower share that is enough when every name of the old item survives somewhere.
CONDENSED_MIN = 0.5
CONDENSED_NAMED_MIN = 0.25
#: Word similarity of the lines around two values from which they are "the same thing".
FRAME_MIN = 0.5
#: A task that moved on (Next Steps → In Progress → Done) is often told in fewer words: the
#: share of the shorter wording's words the two must share.
FORWARD_MIN = 0.5

_DONE = "Done"
_IN_PROGRESS = "In Progress"
#: Steps not taken yet, or not finished: what they say is their plan.
_STEPS = frozenset({_IN_PROGRESS, "Next Steps"})
#: A date or a time of day (not an amount, a size or a version).
# An exception's own name ("IllegalStateException" of "java.lang.IllegalStateException"),
# and a token that names what an error failed on: a path, a file, an id with digits.
_EXCEPTION_NAME = re.compile(r"(?:\b[a-z_]\w*\.)*\b([A-Z]\w*(?:Exception|Error))\b")
# An error's code: "E0277" of "error[E0277]", "ORA-00942".
# A name inside a command: an index, a table, a resource (with "_", "." or "-" inside).
_COMMAND_NAME = re.compile(r"\b[A-Za-z]\w*[_.-][\w.-]*\w")
_CAMEL = re.compile(r"[a-z][A-Z]")
_ERROR_CODE = re.compile(r"\b([A-Z]{1,4}-?\d{3,5})\b")
_MARK = re.compile(r"[/.]\w|\d")
RESTATED_MARK_MIN = 6
#: Share of its own words a second item must have in a new item that says a first one
#: again, to have been merged into it.
MERGED_OWN_MIN = 0.4
#: Names of a step a Done item must share to be that step done.
FINISHED_NAMES_MIN = 2
SETTING_NAME_MIN = 3
_SETTING_WORD = re.compile(r"[\w.-]*\w")
#: A step of waiting or chasing, which what it waits for ends: nobody reports "waited" or
#: "followed up".
_WAITING = frozenset(content_words("wait await chase follow remind nudge"))
# A step to take only if something does not happen: "if no call by ...", "if there is no
# receipt confirmation", "if the vendor hasn't replied", "unless ...".
_UNLESS_DONE = re.compile(
    r"\bif (?:there is |there's )?no\b|\bif (?:\w+ ){1,3}(?:has not|hasn't|have not|haven't|"
    r"does not|doesn't|did not|didn't|is not|isn't)\b|\bunless\b",
    re.IGNORECASE,
)
_WHEN = frozenset({"date", "time"})
_DATE_TEXT = (
    r"\d{4}-\d\d-\d\d|\d{1,2} [A-Z][a-z]{2,8}(?: \d{4})?|[A-Z][a-z]{2,8} \d{1,2}(?:, \d{4})?"
)
_DEADLINE = re.compile(
    rf"(?:deadline|expir(?:es|y|ing)|valid (?:until|to|through)|cut-?off)[:\s]+(?:on |is |of )?"
    rf"(?P<after>{_DATE_TEXT})|(?P<before>{_DATE_TEXT}) (?:deadline|cut-?off)\b",
    re.IGNORECASE,
)
_ZONES = r"UTC|GMT|CET|CEST|EET|EEST|WET|WEST|BST|IST|EST|EDT|CST|CDT|MST|MDT|PST|PDT|JST|AEST|AEDT"
_COMPLETING = frozenset(content_words("complete finish do get make"))
#: How to reach someone: a phone number or an e-mail address.
_CONTACT = re.compile(r"^\+?[\d ().-]{7,}$|@[\w-]+\.")
_DATE_TIME = re.compile(r"(\d{4}-\d\d-\d\d)[T ]\d\d:\d\d")


@dataclass(frozen=True)
class Verdict:
    """What became of one fact of the old version; ``match`` is its counterpart, if any."""

    fact: Fact
    verdict: str
    match: str = ""
    note: str = ""
    #: The verdicts of the facts of the old version this one stands for when it reports a
    #: bullet rather than one value ("Clinic: Frau Yilmaz, +49 40 555 8120" gone): one
    #: report, not one per value (``compaction.engine.bullets``).
    parts: tuple[Verdict, ...] = ()
    #: The bullet is gone whole: everything it said is lost, not only its parts' facts.
    whole: bool = False

    @property
    def counted(self) -> bool:
        return self.verdict in COUNTED

    @property
    def facts(self) -> tuple[Fact, ...]:
        """The facts of the old version the verdict is about."""
        return tuple(part.fact for part in self.parts) or (self.fact,)

    @property
    def weight(self) -> int:
        """How many facts of the old version the verdict is about."""
        return len(self.parts) or 1

    def by_fact(self) -> tuple[Verdict, ...]:
        """One verdict per fact: the parts of a bullet's report, or this verdict."""
        return self.parts or (self,)

    def as_dict(self) -> dict[str, Any]:
        return {**self.fact.as_dict(), "verdict": self.verdict, "match": self.match,
                "note": self.note, "whole": self.whole,
                "parts": [part.as_dict() for part in self.parts]}  # fmt: skip


def _frame(fact: Fact, context: str | None = None) -> frozenset[str]:
    """The words around a value: what it is the value *of* (other values left out: "booked
    for 2026-12-01 at 15:00" is about a booking, whatever the hour)."""
    words = content_words(fact.context if context is None else context) - content_words(fact.value)
    return frozenset(word for word in words if not word.isdigit())


def _day_of(fact: Fact) -> str | None:
    """The date of a date-and-time number (``2025-06-30`` of ``2025-06-30 23:59``)."""
    match = _DATE_TIME.match(fact.key) if fact.kind == "number" else None
    return match[1] if match else None


def _covers(broader: Fact, fact: Fact) -> bool:
    """``broader`` names ``fact`` with less of it: its start ("openssl s_client" of
    "openssl s_client -connect ..."), or a pattern it fits ("spark.sql.adaptive.*")."""
    key = broader.key.rstrip("*").rstrip(".") if broader.key.endswith("*") else broader.key
    return bool(key) and len(key) < len(fact.key) and fact.key.startswith(key)


def _shorter_path(candidate: Fact, fact: Fact) -> bool:
    return fact.kind == "path" and fact.key.endswith("/" + candidate.key.lstrip("/"))


def _alike(old: str, new: str) -> bool:
    """Two names that are one name with a new value: an id with a digit changed, another
    host of one fleet, another person at one domain."""
    return difflib.SequenceMatcher(None, old.lower(), new.lower()).ratio() >= ALIKE_MIN


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


def _says_it_was(old: str, new: Fact) -> bool:
    """Whether the line of ``new`` says that what ``old`` has and it lacks was the value
    before: "(was 3)", "up from 3", "previously 3"."""
    gone = [word for word in WORD.findall(old) if word not in set(WORD.findall(new.key))]
    return bool(gone) and all(
        re.search(rf"\b(?:was|were|previously|formerly|from)\s+{re.escape(word)}\b", new.context)
        for word in gone
    )


def _basename(key: str) -> str:
    return key.rsplit("/", 1)[-1]


class _Judge:
    def __init__(self, old: Snapshot, new: Snapshot, budget: Budget) -> None:
        self.old, self.new, self.budget = old, new, budget
        self.checks = MAX_PAIR_CHECKS
        new_only = [
            fact
            for fact in new.facts
            if fact.kind in ATOM_KINDS
            and fact.ident not in old.places
            and not old.mentions.contains(fact, budget)
        ]
        self.replacements = {kind: [f for f in new_only if f.kind == kind] for kind in ATOM_KINDS}
        self.used_replacements: set[tuple[str, str]] = set()
        self.used_lines: set[int] = set()
        self.new_words = set(WORD.findall(new.text.lower()))
        self._stream: str | None = None

    def present(self, fact: Fact) -> bool:
        return fact.ident in self.new.places or self.new.mentions.contains(fact, self.budget)

    def atom(self, fact: Fact) -> Verdict:
        rezoned = self.rezoned(fact)
        if rezoned is not None:
            return Verdict(fact, "changed", rezoned, f"{fact.value} → {rezoned}")
        places = self.new.places.get(fact.ident)
        if places is not None:
            old_places = self.old.places.get(fact.ident, frozenset())
            if fact.section not in places and not (old_places & places):
                return Verdict(
                    fact, "moved", fact.value, _arrow(fact.section, sorted_places(places))
                )
            return Verdict(fact, "kept", fact.value)
        if self.new.mentions.contains(fact, self.budget):
            return Verdict(fact, "kept", fact.value)
        within = self.within_longer_path(fact)
        if within is not None:
            return Verdict(fact, "kept", within, f"within {within}")
        qualified = self.requalified(fact)
        if qualified is not None:
            return Verdict(fact, "reworded", qualified.value, f"written as {qualified.value}")
        apart = self.setting_apart(fact)
        if apart is not None:
            return Verdict(fact, "reworded", apart, "the setting and its value said apart")
        elided = self.elided(fact)
        if elided is not None:
            return Verdict(fact, "kept", elided.value, "quoted in part")
        replacement = self.replacement(fact)
        if fact.section in _STEPS and fact.kind == "number" and number_sort(fact.key) in _WHEN:
            # A step's due date or booked slot is its plan; once the step is done, the Done
            # item tells when it happened ("due 2025-11-21" → "sent on 2025-11-20", "call in
            # the week of 2026-11-30" → "call booked for 2026-12-01").
            finished = self.finished(fact)
            if finished is None and replacement is not None and replacement.section == _DONE:
                finished = replacement.context
            moved = self.deadline_moved(fact)
            if moved is not None:
                return Verdict(fact, "changed", moved.value, f"{fact.value} → {moved.value}")
            if finished is not None:
                return Verdict(fact, "condensed", finished, _arrow(fact.section, _DONE))
        if replacement is not None and _shorter_path(replacement, fact):
            # "warehouse/sql/dedup/01_normalize.sql" written "01_normalize.sql": the same
            # file named with less of its path.
            verdict = "condensed" if fact.section == _DONE else "reworded"
            return Verdict(fact, verdict, replacement.value, f"written as {replacement.value}")
        if replacement is not None and fact.section == _DONE and _covers(replacement, fact):
            # A finished step told with less detail: `openssl s_client` for the full
            # command, `spark.sql.adaptive.*` for one of its settings.
            return Verdict(
                fact, "condensed", replacement.value, f"{fact.value} → {replacement.value}"
            )
        if replacement is not None and _says_it_was(fact.key, replacement):
            # "received 1 (was 3)": the new version tells the old value as the old one, an
            # update it knows of, not a value it lost.
            return Verdict(
                fact, "reworded", replacement.value, f"updated: {fact.value} → {replacement.value}"
            )
        if replacement is not None:
            return Verdict(
                fact, "changed", replacement.value, f"{fact.value} → {replacement.value}"
            )
        if fact.kind == "error":
            # A finished step may be told with less detail, but an error's words are what
            # recognise it when it comes back: "the unwrap() panic" no longer states it.
            # Quoting the telling part of it still does.
            quoted = self.quoted_in_part(fact.value) or self.restated(fact.value)
            if quoted is not None:
                return Verdict(fact, "kept", quoted, "quoted in part")
            return Verdict(fact, "lost")
        if fact.section == _DONE:
            broader = self.broader(fact.context)
            if broader is not None:
                return Verdict(fact, "condensed", broader)
            day = _day_of(fact)
            if day is not None and day in self.new_words:
                # A finished step told with its date but not the hour: detail condensed.
                return Verdict(fact, "condensed", day, f"{fact.value} → {day}")
        if fact.section in _STEPS:
            carried_out = self.carried_out(fact)
            if carried_out is not None:
                return Verdict(fact, "condensed", carried_out, _arrow(fact.section, _DONE))
        if fact.section in _STEPS and not self.still_reached(fact):
            finished = self.finished(fact)
            if finished is not None:
                return Verdict(fact, "condensed", finished, _arrow(fact.section, _DONE))
        return Verdict(fact, "lost")

    def still_reached(self, fact: Fact) -> bool:
        """Whether ``fact`` is how to reach someone the new version still names: the phone
        or address of a person a finished step waited for is no detail of the step."""
        if fact.kind != "identifier" or not _CONTACT.search(fact.value):
            return False
        found = self.old.item_of(fact)
        if found is None:
            return False
        return any(
            self.present(name)
            for name in self.old.facts
            if name.kind == "name" and self.old.item_of(name) == found
        )

    def quoted_in_part(self, error: str) -> str | None:
        """The part of ``error`` the new version quotes word for word, if it quotes enough
        of it to recognise it: a run of ``QUOTE_RUN`` words (all of a shorter error) that
        covers ``QUOTE_SHARE`` of its words. "Error: Error acquiring the state lock:
        ConditionalCheckFailedException" is still quoted by "the stale lock behind `Error
        acquiring the state lock: ConditionalCheckFailedException`"."""
        words = _QUOTE_WORD.findall(error.lower())
        if not words:
            return None
        if self._stream is None:
            self._stream = " " + " ".join(_QUOTE_WORD.findall(self.new.text.lower())) + " "
        run = min(QUOTE_RUN, len(words))
        covered = [False] * len(words)
        for start in range(len(words) - run + 1):
            if f" {' '.join(words[start : start + run])} " in self._stream:
                covered[start : start + run] = [True] * run
        if sum(covered) < QUOTE_SHARE * len(words):
            return None
        first = covered.index(True)
        last = len(covered) - covered[::-1].index(True)
        return " ".join(words[first:last])

    def carried_out(self, fact: Fact) -> str | None:
        """The new Done item that tells the command of a step as done by the names it
        works on ("`CREATE INDEX CONCURRENTLY idx_gl_entry ON gl (day)`" → "Index
        `idx_gl_entry` created"), if any."""
        if fact.kind not in ("command", "identifier") or " " not in fact.key:
            return None
        if ": " in fact.key:
            return None  # a message quoted, not a command: its words recognise it
        names = [token for token in _COMMAND_NAME.findall(fact.key) if len(token) >= 6]
        for place, item in self.new.lines:
            if place == _DONE and any(name in item.text for name in names):
                return item.text
        return None

    def restated(self, error: str) -> str | None:
        """The new line that names the exception of ``error`` and what it failed on (a
        file, a path, an id of it): "IllegalStateException reading `.../1843.delta`" still
        tells "java.lang.IllegalStateException: Error reading delta file .../1843.delta"."""
        names = {match[1] for match in _EXCEPTION_NAME.finditer(error)}
        names |= {match[1] for match in _ERROR_CODE.finditer(error)}
        marks = {
            token
            for token in (raw.strip(".,;:()[]`'\"<>_") for raw in error.split())
            if len(token) >= RESTATED_MARK_MIN
            and (_MARK.search(token) or _CAMEL.search(token))
            and not any(name in token for name in names)
        }
        if not names or not marks:
            return None
        for _place, item in self.new.lines:
            if any(name in item.text for name in names) and any(m in item.text for m in marks):
                return item.text
        return None

    def finished(self, fact: Fact) -> str | None:
        """The new Done item that the step (In Progress or Next Steps) holding ``fact``
        became, if any.

        A step that got done is told as a result, and the details of doing it (the wait
        the carrier promised, the host being worked on, the date it was planned for) go the
        way of any condensed Done detail. The step must have left its section. A Next Step
        is an instruction: the Done item must say it was carried out ("Book movers by
        2026-11-30" → "Booked movers on 2026-11-23"), not merely share its words. Waiting
        and chasing are the exception: what they wait for ends them ("Wait for the grant
        offer" → "offer letter received", "Follow up with Oskar on the refund" → "refund
        approved by Oskar"), and so does it happening end a step to take only if it does
        not ("Call the physio if no call by 2024-10-16" → "physio called back").
        """
        # What the step is about, without why ("so the 20 Nov box goes to the new
        # address") or that it is to be completed.
        frame = _frame(fact, without_reasons(fact.context)) - _COMPLETING
        if not frame:
            return None
        action = _action(fact.context)
        # The names the step works on (a host, a driver, a file): a Done item naming two
        # of them is that step told as done, however much else it says.
        names = {a for a in self.old.anchors(fact.context) if a[0] not in ("number", "name")}
        done = []
        for place, item in self.new.lines:
            if place != _DONE:
                continue
            words = content_words(item.text)
            if fact.section == "Next Steps" and not (
                action <= words or action <= _WAITING or _UNLESS_DONE.search(fact.context)
            ):
                continue
            same = len(names & self.new.anchors(item.text)) >= FINISHED_NAMES_MIN
            if same or _forward_share(frame, words) >= FORWARD_MIN:
                done.append(item.text)
        day = _day_of(fact)
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

    def elided(self, fact: Fact) -> Fact | None:
        """The new command or identifier that quotes ``fact`` with a part left out
        ("kubectl get deploy -o jsonpath=...", "date_diff(..., cohort_week, week)"), if any."""
        if fact.kind not in ("command", "identifier"):
            return None
        for candidate in self.replacements.get(fact.kind, ()):
            parts = [part.strip() for part in _ELLIPSIS.split(candidate.key)]
            if len(parts) < 2 or sum(len(part) for part in parts) < ELIDED_MIN:
                continue
            # "date_diff(..., cohort_week, week)": what is left of it, in its order.
            position = 0
            for part in parts:
                found = fact.key.find(part, position)
                if found < 0 or (part is parts[0] and found > 0):
                    break
                position = found + len(part)
            else:
                if not parts[-1] or fact.key.endswith(parts[-1]):
                    return candidate
        return None

    def deadline_moved(self, fact: Fact) -> Fact | None:
        """The new date of the deadline ``fact`` is, if the new version gives another one
        for the same thing: a deadline is set by someone else, and a step done before it
        does not move it ("deadline 2025-07-18" → "ahead of the 2025-07-28 deadline")."""
        if _deadline_of(fact.context) != fact.value:
            return None
        frame = _frame(fact)
        for candidate in self.replacements.get("number", ()):
            if _deadline_of(candidate.context) != candidate.value:
                continue
            if dice(frame, _frame(candidate)) >= FRAME_MIN:
                return candidate
        return None

    def rezoned(self, fact: Fact) -> str | None:
        """The time of ``fact`` in another time zone, when the new version gives it only in
        that one: "01:30 CET" → "01:30 UTC" is another hour."""
        if fact.kind != "number" or number_sort(fact.key) != "time":
            return None
        time = re.escape(fact.value)
        zone = re.search(rf"(?<![\w:]){time} ?({_ZONES})\b", fact.context)
        if zone is None:
            return None
        said = [m[1] for m in re.finditer(rf"(?<![\w:]){time} ?({_ZONES})\b", self.new.text)]
        if not said or zone[1] in said:
            return None
        return f"{fact.value} {said[0]}"

    def within_longer_path(self, fact: Fact) -> str | None:
        """A new path under the directory or module ``fact`` names, or the same file with
        more of its directory, if any, even inside a command: `go get
        github.com/aws/aws-sdk-go-v2/config@v1.28.3` still names `github.com/aws/aws-sdk-go-v2`."""
        if fact.kind != "path":
            return None
        key = re.escape(fact.key.rstrip("/"))
        # Under it (`.../aws-sdk-go-v2/config`), or it with more of its directory
        # (`acl_to_tf.py` written `scripts/acl_to_tf.py`).
        found = re.search(rf"(?<![\w/.-]){key}/[\w.@/-]+|[\w.-]+/{key}(?![\w/-])", self.new.text)
        return found.group() if found else None

    def setting_apart(self, fact: Fact) -> str | None:
        """The new line that names the setting ``fact`` assigns and its value apart:
        "`WORKERS=4096`" said as "`WORKERS` ... the 4096 override"."""
        name, equals, value = fact.key.partition("=")
        if fact.kind != "identifier" or not equals or len(name) < SETTING_NAME_MIN or not value:
            return None
        for _place, item in self.new.lines:
            words = set(_SETTING_WORD.findall(item.text))
            if name in words and value in words:
                return item.text
        return None

    def requalified(self, fact: Fact) -> Fact | None:
        """The new identifier naming ``fact`` with more or fewer qualifiers, if any.

        ``datetime.timezone.utc`` written ``timezone.utc`` (or the other way round) is the
        same name, not a new value. The shorter must still be dotted, or a snake_case name
        (``orders.account_id`` written ``account_id``), so that a bare ``utc`` does not
        stand in for every qualified name ending in it.
        """
        if fact.kind != "identifier" or "." not in fact.key:
            return None
        for candidate in self.new.facts:
            if candidate.kind != "identifier" or not ("." in candidate.key or "_" in candidate.key):
                continue
            shorter, longer = sorted((fact.key, candidate.key), key=len)
            if longer.endswith("." + shorter):
                return candidate
        return None

    def replacement(self, fact: Fact) -> Fact | None:
        frame = _frame(fact)
        best: tuple[float, Fact] | None = None
        for candidate in self.replacements.get(fact.kind, ()):
            if candidate.ident in self.used_replacements:
                continue
            if fact.kind == "number" and number_sort(fact.key) != number_sort(candidate.key):
                continue
            if fact.kind == "identifier" and not _alike(fact.key, candidate.key):
                continue  # another name, not this one changed: `ALTER WAREHOUSE` → a view
            score = dice(frame, _frame(candidate))
            if fact.kind == "path" and _basename(fact.key) == _basename(candidate.key):
                score = max(score, 1.0)
            if score >= FRAME_MIN and (best is None or score > best[0]):
                best = (score, candidate)
        if best is None:
            return None
        self.used_replacements.add(best[1].ident)
        return best[1]

    def broader(self, text: str) -> str | None:
        """The new Done item that ``text`` (an old Done item) was folded into, if any."""
        words = {word for word in content_words(text) if not word.isdigit()}
        if not words:
            return None
        # Condensing drops wording and detail, not names: "Casa do Largo" gone is a loss.
        names = {name.lower() for name in NAME.findall(text)}
        minimum = CONDENSED_NAMED_MIN if names <= self.new_words else CONDENSED_MIN
        for place, item in self.new.lines:
            if place != _DONE:
                continue
            other = content_words(item.text)
            if len(other) > len(words) // 2 and len(words & other) / len(words) >= minimum:
                return item.text
        return None

    def items(self, facts: Sequence[Fact]) -> dict[int, Verdict]:
        """Verdicts of the old items not found by key: best rewordings first, one-to-one."""
        verdicts: dict[int, Verdict] = {}
        by_key: dict[str, list[tuple[str, Item]]] = {}
        for place, item in self.new.lines:
            by_key.setdefault(item.key, []).append((place, item))
        pending: list[int] = []
        for index, fact in enumerate(facts):
            same = by_key.get(fact.key)
            if same:
                places = {place for place, _ in same}
                if fact.section in places:
                    verdicts[index] = Verdict(fact, "kept", fact.value)
                else:
                    verdicts[index] = Verdict(
                        fact, "moved", same[0][1].text, _arrow(fact.section, sorted_places(places))
                    )
            else:
                pending.append(index)
        candidates: list[tuple[float, int, int]] = []
        for index in pending:
            fact = facts[index]
            anchors = self.old.anchors(fact.value)
            words = self.old.wording(fact.value)
            for line_no, (place, item) in enumerate(self.new.lines):
                if self.checks <= 0:
                    break
                self.checks -= 1
                other = self.new.wording(item.text)
                score = dice(words, other)
                # A rule whose values a Progress step names is being carried out, and is
                # still a rule where it stood: its values tie it to its own section only.
                anchored = place == fact.section or fact.kind not in CLAIMS
                if anchored and anchors and anchors <= self.new.anchors(item.text):
                    score += 0.5 if score >= ANCHORED_REWORD_MIN else 0.0
                elif score < REWORD_MIN and moved_forward(fact.section, place) and words and other:
                    shared = _forward_share(words, other)
                    score = REWORD_MIN * shared if shared >= FORWARD_MIN else 0.0
                    score = score if score >= REWORD_MIN / 2 else 0.0
                if score >= REWORD_MIN or (score and moved_forward(fact.section, place)):
                    candidates.append((-score, index, line_no))
        candidates.sort()
        # Best pairs first; an item claimed by a better pair is still open to another old
        # item (two steps merged into one), but only as a second choice.
        owners: dict[int, int] = {}
        for _score, index, line_no in candidates:
            if index in verdicts:
                continue
            if line_no in owners and not self.merged(facts[owners[line_no]], facts[index], line_no):
                continue
            owners.setdefault(line_no, index)
            self.used_lines.add(line_no)
            verdicts[index] = self.rewording(facts[index], *self.new.lines[line_no])
        for index, line_no in self.leftover_pairs(facts, [i for i in pending if i not in verdicts]):
            self.used_lines.add(line_no)
            verdicts[index] = self.rewording(facts[index], *self.new.lines[line_no])
        for index in pending:
            if index not in verdicts:
                fact = facts[index]
                broader = self.broader(fact.value) if fact.section == _DONE else None
                verdicts[index] = (
                    Verdict(fact, "condensed", broader) if broader else Verdict(fact, "lost")
                )
        return verdicts

    def merged(self, first: Fact, second: Fact, line_no: int) -> bool:
        """Whether the new item that says ``first`` again says ``second`` too: two items
        merged into one hold what each said of its own. "Do not charge the £95 excess for
        a warranty fault" is not in the warranty terms that mention the excess."""
        if second.kind not in STATED:
            return True  # steps finish together: "Call to confirm the slot" → "Confirmed"
        own = self.old.wording(second.value) - self.old.wording(first.value)
        if not own:
            return True
        said = self.new.wording(self.new.lines[line_no][1].text)
        return len(own & said) >= MERGED_OWN_MIN * len(own)

    def leftover_pairs(self, facts: Sequence[Fact], left: list[int]) -> list[tuple[int, int]]:
        """Old items still unmatched paired with the new items of their section that nothing
        of the old version accounts for, where each is the other's closest.

        "The user wants to approve every message before it is sent to the insurer or the
        clinic" → "Nothing goes to the insurer or the clinic without the user's OK" share
        too few words to be a rewording on their own; as the one constraint gone and the one
        come, in the same section, with words in common, they are one rule said anew.
        """
        if not left:
            return []
        old_keys = {item.key for _, item in self.old.lines}
        old_atoms = self.old.anchors(self.old.text)
        free = [
            line_no
            for line_no, (_place, item) in enumerate(self.new.lines)
            if line_no not in self.used_lines
            and item.key not in old_keys
            and not self.new.anchors(item.text) & old_atoms
        ]
        scores: dict[tuple[int, int], float] = {}
        for index in left:
            words = content_words(facts[index].value)
            for line_no in free:
                place, item = self.new.lines[line_no]
                other = content_words(item.text)
                if place != facts[index].section or len(words & other) < LEFTOVER_SHARED:
                    continue
                score = dice(words, other)
                if score >= LEFTOVER_MIN:
                    scores[(index, line_no)] = score
        best_line: dict[int, tuple[float, int]] = {}
        best_item: dict[int, tuple[float, int]] = {}
        for (index, line_no), score in scores.items():
            best_line[index] = max(best_line.get(index, (0.0, -1)), (score, line_no))
            best_item[line_no] = max(best_item.get(line_no, (0.0, -1)), (score, index))
        return sorted(
            (index, line_no)
            for index, (_score, line_no) in best_line.items()
            if best_item[line_no][1] == index
        )

    def rewording(self, fact: Fact, place: str, item: Item) -> Verdict:
        change = rewording_change(fact, place, item, self.old, self.new, self.budget)
        if change is not None:
            return Verdict(fact, "changed", item.text, change)
        verdict = "reworded" if place == fact.section else "moved"
        note = "" if verdict == "reworded" else _arrow(fact.section, place)
        return Verdict(fact, verdict, item.text, note)


def _forward_share(old: frozenset[str], new: frozenset[str]) -> float:
    """The share of the shorter wording's words that a task and its moved-on wording share.

    Numbers are left out: a finished task tells its outcome, not the counts and numbers of
    the plan ("roll the role out to log-01 and log-02" → "rolled out on all three hosts").
    """
    old = frozenset(word for word in old if not word.isdigit()) or old
    new = frozenset(word for word in new if not word.isdigit()) or new
    return len(old & new) / min(len(old), len(new)) if old and new else 0.0


def sorted_places(places: frozenset[str | None] | set[str | None]) -> str:
    return ", ".join(sorted(place or "(no section)" for place in places))


def _arrow(old: str | None, new: str) -> str:
    return f"{old or '(no section)'} → {new}"


def judge_facts(old: Snapshot, new: Snapshot, budget: Budget | None = None) -> tuple[Verdict, ...]:
    """One verdict per fact of ``old``, in the order of ``old``'s facts (the facts of one
    bullet are told together by ``compaction.engine.bullets``)."""
    budget = budget or Budget()
    judge = _Judge(old, new, budget)
    atoms = {i: judge.atom(f) for i, f in enumerate(old.facts) if f.kind in ATOM_KINDS}
    item_indexes = [i for i, f in enumerate(old.facts) if f.kind not in ATOM_KINDS]
    item_verdicts = judge.items([old.facts[i] for i in item_indexes])
    for position, index in enumerate(item_indexes):
        atoms[index] = item_verdicts[position]
    return tuple(atoms[i] for i in range(len(old.facts)))
