"""What became of each fact of an old summary version in a new one.

For every fact of the old version, one verdict:

- ``kept``: the new version states it (the same key, or a plain mention of the same value);
- ``moved``: kept, but in another section (In Progress → Done, Next Steps → In Progress);
- ``reworded``: a decision, constraint, preference, task or note said in other words, or a
  qualified name written with fewer qualifiers (``datetime.timezone.utc`` → ``timezone.utc``);
- ``changed``: the same thing with a new value (a timeout from 30 s to 45 s, a new version,
  another path for the same file, a rule turned from "always" into "never", a decision that
  now names something more);
- ``condensed``: a finished (Done) item folded into a broader one or told with less detail,
  as the UPDATE prompt allows; also the details of an In Progress step that got done;
- ``lost``: none of the above.

Only ``lost`` and ``changed`` count toward the drift score (see ``DRIFT_SCORE_DEFINITION``).

Pure: no Django, no database. Work is bounded by ``MAX_PAIR_CHECKS``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.facts import (
    ATOM_KINDS,
    MAX_SCAN_CHARS,
    Fact,
    atom_spans,
    summary_facts,
)
from compaction.engine.mentions import Budget, Mentions
from compaction.engine.outline import Item, items
from compaction.engine.wording import (
    NAME,
    WORD,
    content_words,
    dice,
    dropped_clause,
    gained_names,
    reversed_sense,
    swapped_word,
)

VERDICTS: tuple[str, ...] = ("kept", "moved", "reworded", "changed", "condensed", "lost")
#: The verdicts that count toward the drift score.
COUNTED: frozenset[str] = frozenset({"lost", "changed"})
DRIFT_SCORE_DEFINITION = (
    "Drift score = (facts lost + facts changed) / facts of the older version. A fact is a "
    "path, URL, command, error, identifier, number with its unit, decision, constraint, "
    "preference, task or note; kept, moved, reworded and condensed facts do not count."
)
# Old x new comparisons per diff when pairing items (beyond it, unpaired items are lost).
MAX_PAIR_CHECKS = 50_000
#: Word similarity (Dice) from which an item is a rewording of another.
REWORD_MIN = 0.5
#: Word similarity from which an item that keeps every fact it names is a rewording.
ANCHORED_REWORD_MIN = 0.25
#: Share of an old Done item's words a broader new Done item must hold to have condensed it,
#: and the lower share that is enough when every name of the old item survives somewhere.
CONDENSED_MIN = 0.5
CONDENSED_NAMED_MIN = 0.25
#: Word similarity of the lines around two values from which they are "the same thing".
FRAME_MIN = 0.5
#: A task that moved on (Next Steps → In Progress → Done) is often told in fewer words: the
#: share of the shorter wording's words the two must share.
FORWARD_MIN = 0.5
_STAGES = {"Next Steps": 0, "In Progress": 1, "Done": 2}

#: Items that state a rule rather than a step: a name they gain changes what they cover.
_CLAIMS = frozenset({"decision", "constraint", "preference"})
#: Items that state something the agent must still know: a rule, or a note of Critical
#: Context.
_STATED = _CLAIMS | {"note"}
_NUMERAL = re.compile(r"\d[\d.,:]*\d|\d")
_DONE = "Done"
_IN_PROGRESS = "In Progress"
#: A date or a time of day (not an amount, a size or a version).
_WHEN = re.compile(r"\d{4}-\d\d-\d\d(?:[t ]\d\d:\d\d(?::\d\d)?z?)?|\d{1,2}:\d\d(?: ?[ap]m)?", re.I)
_DATE_TIME = re.compile(r"(\d{4}-\d\d-\d\d)[T ]\d\d:\d\d")


@dataclass(frozen=True)
class Verdict:
    """What became of one fact of the old version; ``match`` is its counterpart, if any."""

    fact: Fact
    verdict: str
    match: str = ""
    note: str = ""

    @property
    def counted(self) -> bool:
        return self.verdict in COUNTED

    def as_dict(self) -> dict[str, Any]:
        return {**self.fact.as_dict(), "verdict": self.verdict, "match": self.match,
                "note": self.note}  # fmt: skip


class Snapshot:
    """A summary with its facts, places, items and mention index, computed once."""

    def __init__(self, text: str) -> None:
        self.text = (text or "")[:MAX_SCAN_CHARS]
        found = summary_facts(self.text)
        self.outline = found.outline
        self.facts = found.facts
        self.places = found.places
        self.idents = {fact.ident for fact in self.facts}
        self.mentions = Mentions([self.text])
        self.critical = sum(1 for fact in self.facts if fact.critical)
        self._lines: list[tuple[str, Item]] | None = None
        self._anchors: dict[str, frozenset[tuple[str, str]]] = {}

    def items(self, section: str) -> list[Item]:
        return items(self.outline.lines.get(section, ()))

    @property
    def lines(self) -> list[tuple[str, Item]]:
        """Every bullet of the summary with its place (Progress split into Done / In Progress)."""
        if self._lines is None:
            found: list[tuple[str, Item]] = []
            for name, section_lines in self.outline.lines.items():
                if name == "Progress":
                    for sub, sub_lines in self.outline.progress.items():
                        found += [(sub, item) for item in items(sub_lines)]
                else:
                    found += [(name, item) for item in items(section_lines)]
            self._lines = found
        return self._lines

    def anchors(self, text: str) -> frozenset[tuple[str, str]]:
        found = self._anchors.get(text)
        if found is None:
            found = frozenset((span[2], key) for span, key in atom_spans(text))
            self._anchors[text] = found
        return found


def _frame(fact: Fact) -> frozenset[str]:
    """The words around a value: what it is the value *of*."""
    return content_words(fact.context) - content_words(fact.value)


def _day_of(fact: Fact) -> str | None:
    """The date of a date-and-time number (``2025-06-30`` of ``2025-06-30 23:59``)."""
    match = _DATE_TIME.match(fact.key) if fact.kind == "number" else None
    return match[1] if match else None


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

    def present(self, fact: Fact) -> bool:
        return fact.ident in self.new.places or self.new.mentions.contains(fact, self.budget)

    def atom(self, fact: Fact) -> Verdict:
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
        qualified = self.requalified(fact)
        if qualified is not None:
            return Verdict(fact, "reworded", qualified.value, f"written as {qualified.value}")
        if fact.section == _IN_PROGRESS and _WHEN.fullmatch(fact.key):
            # A step's due date or booked slot is its plan; once the step is done, the Done
            # item tells when it happened ("due 2025-11-21" → "sent on 2025-11-20").
            finished = self.finished(fact)
            if finished is not None:
                return Verdict(fact, "condensed", finished, _arrow(fact.section, _DONE))
        replacement = self.replacement(fact)
        if replacement is not None:
            return Verdict(
                fact, "changed", replacement.value, f"{fact.value} → {replacement.value}"
            )
        if fact.kind == "error":
            # A finished step may be told with less detail, but an error's words are what
            # recognise it when it comes back: "the unwrap() panic" no longer states it.
            return Verdict(fact, "lost")
        if fact.section == _DONE:
            broader = self.broader(fact.context)
            if broader is not None:
                return Verdict(fact, "condensed", broader)
            day = _day_of(fact)
            if day is not None and day in self.new_words:
                # A finished step told with its date but not the hour: detail condensed.
                return Verdict(fact, "condensed", day, f"{fact.value} → {day}")
        if fact.section == _IN_PROGRESS:
            finished = self.finished(fact)
            if finished is not None:
                return Verdict(fact, "condensed", finished, _arrow(fact.section, _DONE))
        return Verdict(fact, "lost")

    def finished(self, fact: Fact) -> str | None:
        """The new Done item that the In Progress step holding ``fact`` became, if any.

        A step that got done is told as a result, and the details of doing it (the wait
        the carrier promised, the host being worked on) go the way of any condensed Done
        detail. Only In Progress: a Next Step sharing words with a Done item may as well
        have been dropped unfinished. The step must have left In Progress, too.
        """
        frame = _frame(fact)
        if not frame:
            return None
        for place, item in self.new.lines:
            if place == _IN_PROGRESS and dice(frame, content_words(item.text)) >= REWORD_MIN:
                return None
        for place, item in self.new.lines:
            if place == _DONE and _forward_share(frame, content_words(item.text)) >= FORWARD_MIN:
                return item.text
        return None

    def requalified(self, fact: Fact) -> Fact | None:
        """The new identifier naming ``fact`` with more or fewer qualifiers, if any.

        ``datetime.timezone.utc`` written ``timezone.utc`` (or the other way round) is the
        same name, not a new value. The shorter must still be dotted so that a bare ``utc``
        does not stand in for every qualified name ending in it.
        """
        if fact.kind != "identifier" or "." not in fact.key:
            return None
        for candidate in self.new.facts:
            if candidate.kind != "identifier" or "." not in candidate.key:
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
            words = content_words(fact.value)
            anchors = self.old.anchors(fact.value)
            for line_no, (place, item) in enumerate(self.new.lines):
                if self.checks <= 0:
                    break
                self.checks -= 1
                other = content_words(item.text)
                score = dice(words, other)
                if anchors and anchors <= self.new.anchors(item.text):
                    score += 0.5 if score >= ANCHORED_REWORD_MIN else 0.0
                elif score < REWORD_MIN and _forward(fact.section, place) and words and other:
                    shared = _forward_share(words, other)
                    score = REWORD_MIN * shared if shared >= FORWARD_MIN else 0.0
                    score = score if score >= REWORD_MIN / 2 else 0.0
                if score >= REWORD_MIN or (score and _forward(fact.section, place)):
                    candidates.append((-score, index, line_no))
        candidates.sort()
        # Best pairs first; an item claimed by a better pair is still open to another old
        # item (two steps merged into one), but only as a second choice.
        for _score, index, line_no in candidates:
            if index in verdicts:
                continue
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

    def new_has_numeral(self, numeral: str) -> bool:
        """Whether the new version writes ``numeral`` anywhere, as a number of its own (in
        digits or, up to twelve, in words)."""
        pattern = rf"(?<![\w.,:]){re.escape(numeral)}(?!\w|[.,:]\d)"
        found = re.search(pattern, self.new.text) is not None
        return found or _written_out(numeral, self.new.text)

    def rewording(self, fact: Fact, place: str, item: Item) -> Verdict:
        old_anchors = self.old.anchors(fact.value)
        new_anchors = self.new.anchors(item.text)
        missing = sorted(value for kind, value in old_anchors - new_anchors)
        added = sorted(value for kind, value in new_anchors - old_anchors)
        if missing and added:
            note = f"{', '.join(missing)} → {', '.join(added)}"
            return Verdict(fact, "changed", item.text, note)
        # The numbers of an atom the new wording adds (a size, a setting it reports) are
        # judged with the atoms above; here only the numbers written as words count.
        # Counted, not just collected: "5 nights Lisbon, 4 nights Porto" → "5 nights Lisbon,
        # 5 nights Porto" changed a 4 into a 5.
        old_numbers = Counter(_NUMERAL.findall(fact.value))
        new_numbers = Counter(_NUMERAL.findall(_without(item.text, new_anchors - old_anchors)))
        # A number gone, and one come or one written more often: "5 nights Lisbon, 5 nights
        # Porto" → "5 nights each, 10 in all" only wrote the 5 once.
        if set(old_numbers) - set(new_numbers) and new_numbers - old_numbers:
            gone = sorted((old_numbers - new_numbers).elements())
            came = sorted((new_numbers - old_numbers).elements())
            return Verdict(fact, "changed", item.text, f"{', '.join(gone)} → {', '.join(came)}")
        swapped = swapped_word(fact.value, item.text)
        if swapped is not None:
            return Verdict(fact, "changed", item.text, f"{swapped[0]} → {swapped[1]}")
        if reversed_sense(fact.value, item.text):
            return Verdict(fact, "changed", item.text, "the rule's sense is reversed")
        gained = gained_names(fact.value, item.text) if fact.kind in _CLAIMS else []
        if fact.kind in _CLAIMS and not old_numbers:
            # "Keep the old certificate until the new one is live" → "... until 2026-11-29":
            # a rule that now names a number or a date where it named none holds another
            # ("two reviewers" → "2 reviewers" names the same).
            gained += sorted(
                {value for kind, value in new_anchors - old_anchors if kind == "number"}
                | {n for n in new_numbers if not _written_out(n, fact.value)}
            )
        if gained:
            # "holidays for DE and AT" → "for DE, AT and CH": a rewording may drop detail,
            # but a decision or rule that now names something more covers something else.
            return Verdict(fact, "changed", item.text, f"adds {', '.join(gained)}")
        if fact.kind in _STATED:
            # A rule or a note that lost a part of itself (a limit, a clause) says less
            # than before; a finished step may (it is condensed), a rule may not.
            gone = [n for n in old_numbers - new_numbers if not self.new_has_numeral(n)]
            if gone:
                return Verdict(fact, "changed", item.text, f"drops {', '.join(sorted(gone))}")
            clause = dropped_clause(fact.value, item.text, self.new.text)
            if clause is not None:
                return Verdict(fact, "changed", item.text, f"drops “{clause}”")
        verdict = "reworded" if place == fact.section else "moved"
        note = "" if verdict == "reworded" else _arrow(fact.section, place)
        return Verdict(fact, verdict, item.text, note)


_NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def _written_out(numeral: str, text: str) -> bool:
    """Whether ``text`` writes ``numeral`` (0 to 12) as a word: "5" and "five" are one."""
    if not numeral.isdigit() or int(numeral) >= len(_NUMBER_WORDS):
        return False
    return re.search(rf"\b{_NUMBER_WORDS[int(numeral)]}\b", text, re.IGNORECASE) is not None


def _without(text: str, anchors: frozenset[tuple[str, str]]) -> str:
    """``text`` with the atoms of ``anchors`` blanked out."""
    keys = {key for _kind, key in anchors}
    if not keys:
        return text
    spans = [(span[0], span[1]) for span, key in atom_spans(text) if key in keys]
    for start, end in reversed(spans):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _forward_share(old: frozenset[str], new: frozenset[str]) -> float:
    """The share of the shorter wording's words that a task and its moved-on wording share.

    Numbers are left out: a finished task tells its outcome, not the counts and numbers of
    the plan ("roll the role out to log-01 and log-02" → "rolled out on all three hosts").
    """
    old = frozenset(word for word in old if not word.isdigit()) or old
    new = frozenset(word for word in new if not word.isdigit()) or new
    return len(old & new) / min(len(old), len(new)) if old and new else 0.0


def _forward(old: str | None, new: str) -> bool:
    """A task's move along Next Steps → In Progress → Done."""
    return old in _STAGES and new in _STAGES and _STAGES[new] > _STAGES[old]


def sorted_places(places: frozenset[str | None] | set[str | None]) -> str:
    return ", ".join(sorted(place or "(no section)" for place in places))


def _arrow(old: str | None, new: str) -> str:
    return f"{old or '(no section)'} → {new}"


def judge_facts(old: Snapshot, new: Snapshot, budget: Budget | None = None) -> tuple[Verdict, ...]:
    """One verdict per fact of ``old``, in the order of ``old``'s facts."""
    judge = _Judge(old, new, budget or Budget())
    atoms = {i: judge.atom(f) for i, f in enumerate(old.facts) if f.kind in ATOM_KINDS}
    item_indexes = [i for i, f in enumerate(old.facts) if f.kind not in ATOM_KINDS]
    item_verdicts = judge.items([old.facts[i] for i in item_indexes])
    for position, index in enumerate(item_indexes):
        atoms[index] = item_verdicts[position]
    return tuple(atoms[i] for i in range(len(old.facts)))
