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
``compaction.engine.steps`` says what became of the values of steps (a plan date once the
step is done), ``compaction.engine.progress`` whether a new figure is the old one further on
("9 of 12 confirmed" → "11 of 12": an update, reported ``reworded`` with its note),
``compaction.engine.quoting`` whether a value is still stated in another form,
and ``compaction.engine.bullets`` then tells the lost and changed facts of one bullet together.

Pure: no Django, no database. Work is bounded by ``MAX_PAIR_CHECKS``.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.facts import ATOM_KINDS, Fact
from compaction.engine.mentions import Budget
from compaction.engine.outline import Item
from compaction.engine.progress import progressed
from compaction.engine.quantities import number_sort
from compaction.engine.quoting import Quotes, says_it_was
from compaction.engine.rewording import CLAIMS, STATED, rewording_change
from compaction.engine.snapshot import Snapshot, moved_forward
from compaction.engine.steps import (
    DONE,
    FORWARD_MIN,
    FRAME_MIN,
    STEPS,
    WHEN,
    Steps,
    day_of,
    forward_share,
    frame,
)
from compaction.engine.wording import NAME, REWORD_MIN, WORD, content_words, dice

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
#: Word similarity from which an item that keeps every fact it names is a rewording.
ANCHORED_REWORD_MIN = 0.25
#: How alike two identifiers must be for one to be the other with a new value.
ALIKE_MIN = 0.5
#: An old item left without a counterpart and a new item of its section left without an
#: origin are one item said anew from this word similarity, with this many words shared.
LEFTOVER_MIN = 0.3
LEFTOVER_SHARED = 2
#: Share of an old Done item's words a broader new Done item must hold to have condensed it,
#: and the lower share that is enough when every name of the old item survives somewhere.
CONDENSED_MIN = 0.5
CONDENSED_NAMED_MIN = 0.25
#: Share of its own words a second item must have in a new item that says a first one
#: again, to have been merged into it.
MERGED_OWN_MIN = 0.4


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
        self.steps = Steps(old, new, budget)
        self.quotes = Quotes(new)

    def atom(self, fact: Fact) -> Verdict:
        rezoned = self.quotes.rezoned(fact)
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
        within = self.quotes.within_longer_path(fact)
        if within is not None:
            return Verdict(fact, "kept", within, f"within {within}")
        qualified = self.quotes.requalified(fact)
        if qualified is not None:
            return Verdict(fact, "reworded", qualified.value, f"written as {qualified.value}")
        apart = self.quotes.setting_apart(fact)
        if apart is not None:
            return Verdict(fact, "reworded", apart, "the setting and its value said apart")
        elided = self.quotes.elided(fact, self.replacements.get(fact.kind, ()))
        if elided is not None:
            return Verdict(fact, "kept", elided.value, "quoted in part")
        replacement = self.replacement(fact)
        if fact.section in STEPS and fact.kind == "number" and number_sort(fact.key) in WHEN:
            # A step's due date or booked slot is its plan; once the step is done, the Done
            # item tells when it happened ("due 2025-11-21" → "sent on 2025-11-20", "call in
            # the week of 2026-11-30" → "call booked for 2026-12-01").
            finished = self.steps.finished(fact)
            if finished is None and replacement is not None and replacement.section == DONE:
                finished = replacement.context
            moved = self.steps.deadline_moved(fact, self.replacements["number"])
            if moved is not None:
                return Verdict(fact, "changed", moved.value, f"{fact.value} → {moved.value}")
            if finished is not None:
                return Verdict(fact, "condensed", finished, _arrow(fact.section, DONE))
        if replacement is not None and _shorter_path(replacement, fact):
            # "warehouse/sql/dedup/01_normalize.sql" written "01_normalize.sql": the same
            # file named with less of its path.
            verdict = "condensed" if fact.section == DONE else "reworded"
            return Verdict(fact, verdict, replacement.value, f"written as {replacement.value}")
        if replacement is not None and fact.section == DONE and _covers(replacement, fact):
            # A finished step told with less detail: `openssl s_client` for the full
            # command, `spark.sql.adaptive.*` for one of its settings.
            return Verdict(
                fact, "condensed", replacement.value, f"{fact.value} → {replacement.value}"
            )
        if replacement is not None and (
            says_it_was(fact.key, replacement)
            or progressed(
                fact.context,
                fact.value,
                replacement.context,
                replacement.value,
                fact.section,
                paired=True,
            )
        ):
            # An update the new version knows of, not a value it lost: it tells the old
            # value as the old one ("received 1 (was 3)"), or work that moved on further
            # on ("9 of 12 runners confirmed" → "11 of 12").
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
            quoted = self.quotes.quoted_in_part(fact.value) or self.quotes.restated(fact.value)
            if quoted is not None:
                return Verdict(fact, "kept", quoted, "quoted in part")
            return Verdict(fact, "lost")
        if fact.section == DONE:
            broader = self.broader(fact.context)
            if broader is not None:
                return Verdict(fact, "condensed", broader)
            day = day_of(fact)
            if day is not None and day in self.new_words:
                # A finished step told with its date but not the hour: detail condensed.
                return Verdict(fact, "condensed", day, f"{fact.value} → {day}")
        if fact.section in STEPS:
            carried_out = self.steps.carried_out(fact)
            if carried_out is not None:
                return Verdict(fact, "condensed", carried_out, _arrow(fact.section, DONE))
        if fact.section in STEPS and not self.steps.still_reached(fact):
            finished = self.steps.finished(fact)
            if finished is not None:
                return Verdict(fact, "condensed", finished, _arrow(fact.section, DONE))
        return Verdict(fact, "lost")

    def replacement(self, fact: Fact) -> Fact | None:
        about = frame(fact)
        best: tuple[float, Fact] | None = None
        for candidate in self.replacements.get(fact.kind, ()):
            if candidate.ident in self.used_replacements:
                continue
            if fact.kind == "number" and number_sort(fact.key) != number_sort(candidate.key):
                continue
            if fact.kind == "identifier" and not _alike(fact.key, candidate.key):
                continue  # another name, not this one changed: `ALTER WAREHOUSE` → a view
            score = dice(about, frame(candidate))
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
            if place != DONE:
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
                    shared = forward_share(words, other)
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
                broader = self.broader(fact.value) if fact.section == DONE else None
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
