"""Whether an item said in other words still says what it said.

A decision, constraint, preference, task or note paired with its new wording (by
``compaction.engine.verdicts``) may have been reworded faithfully, or changed on the way:
a value swapped, a number gone and another come, the rule turned round, a name or a limit
added to a rule, or a part of it (a limit, a name, a clause) dropped. ``rewording_change``
says which, in a note for the operator; None is a faithful rewording.

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections import Counter

from compaction.engine.facts import Fact
from compaction.engine.mentions import Budget, Mentions
from compaction.engine.outline import Item
from compaction.engine.progress import progressed
from compaction.engine.quoting import says_it_was
from compaction.engine.snapshot import Snapshot, moved_forward, without
from compaction.engine.wording import (
    STOPWORDS,
    WORD,
    content_words,
    dropped_clause,
    gained_names,
    reversed_sense,
    stem,
    swapped_word,
    without_asides,
)

#: Items that state a rule rather than a step: a name they gain changes what they cover.
CLAIMS = frozenset({"decision", "constraint", "preference"})
#: Items that state something the agent must still know: a rule, or a note of Critical
#: Context.
STATED = CLAIMS | {"note"}
# A number of its own, with its unit or ordinal ("30s", "99th"), not the digits of a name
# ("PS21"); whole, never a part of one ("3" of "30s").
_NUMERAL = re.compile(r"(?<![^\W_])(?>\d[\d.,:]*\d|\d)")


def _old_names(old: Snapshot, name: str) -> bool:
    """Whether the old version names ``name`` somewhere: a rule that now says where a
    shortlisted firm is ("Rénov'Cuisine Lyon") covers nothing new."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", old.text) is not None


def states_number(new: Snapshot, numeral: str, of: str) -> bool:
    """Whether the new version writes ``numeral`` anywhere as a number of its own (in
    digits or, up to twelve, in words), and of the same thing when the old wording said
    what it counts: "2 coeliac" is not stated by "2 vegan" or by an item numbered "2.".
    """
    noun = _counted_noun(numeral, of)
    words = rf"(?:{re.escape(numeral)}"
    if numeral.isdigit() and int(numeral) < len(_NUMBER_WORDS):
        words += rf"|\b{_NUMBER_WORDS[int(numeral)]}"
    # Not a part of a date ("16" of "2026-11-16") or of a range of digits.
    pattern = rf"(?<![\w.,:])(?<!\d-){words})(?!\w|[.,:-]\d)"
    for match in re.finditer(pattern, new.text, re.IGNORECASE):
        line_start = new.text.rfind("\n", 0, match.start()) + 1
        if _LIST_MARKER.fullmatch(new.text[line_start : match.end() + 1]):
            continue
        if noun is None:
            return True
        following = WORD.findall(new.text[match.end() : match.end() + 40].lower())
        if any(stem(word) == noun for word in following[:3]):
            return True
        # Or said of the same thing in other words: "max 5 attempts" as "Retries: at
        # most 5".
        line_end = new.text.find("\n", match.end())
        line = new.text[line_start : line_end if line_end >= 0 else None]
        if {w for w in content_words(line) & content_words(of) if not w.isdigit()}:
            return True
    return False


def rewording_change(
    fact: Fact, place: str, item: Item, old: Snapshot, new: Snapshot, budget: Budget
) -> str | None:
    """What the new wording ``item`` (in ``place`` of ``new``) changed of the item ``fact``
    of ``old``, as a note ("30 s → 45 s", "drops 5", "adds CH"); None when it says the same.
    """
    old_anchors = old.anchors(fact.value)
    new_anchors = new.anchors(item.text)
    # An atom read another way in the other wording ("Arnold Clark Icon" at the start
    # of a sentence is read "Clark Icon") is still there.
    in_new, in_old = Mentions([item.text]), Mentions([fact.value])
    missing = sorted(
        key
        for kind, key in old_anchors - new_anchors
        if not in_new.contains(Fact(kind, key), budget)
    )
    added = sorted(
        key
        for kind, key in new_anchors - old_anchors
        if not in_old.contains(Fact(kind, key), budget)
    )
    updated = _progressed(fact, item, missing, added)
    # "application id now `checkout-metrics-v5` (bumped from v4)": an update it knows of.
    updated.update(
        (key, other)
        for key in missing
        for other in added
        if key not in updated and says_it_was(key, Fact("note", other, context=item.text))
    )
    missing = [key for key in missing if key not in updated]
    added = [key for key in added if key not in updated.values()]
    if fact.kind not in STATED and moved_forward(fact.section, place):
        # A step that got done tells its outcome (when, who approved it) and may leave to
        # the rest of the version what it worked on: "Drafting email to Currys Care" →
        # "Sent the complaints email on 2026-11-23 (approved by Gareth)".
        elsewhere = {
            key for kind, key in old_anchors if new.mentions.contains(Fact(kind, key), budget)
        }
        missing = [key for key in missing if key not in elsewhere]
    if missing and added:
        return f"{', '.join(missing)} → {', '.join(added)}"
    # The numbers of an atom the new wording adds (a size, a setting it reports) are
    # judged with the atoms above; here only the numbers written as words count.
    # Counted, not just collected: "5 nights Lisbon, 4 nights Porto" → "5 nights Lisbon,
    # 5 nights Porto" changed a 4 into a 5.
    # The digits inside a URL, a path or a name are theirs, not numbers of the rule.
    old_names = frozenset(anchor for anchor in old_anchors if anchor[0] != "number")
    new_names = frozenset(anchor for anchor in new_anchors if anchor[0] != "number")
    old_numbers = Counter(_NUMERAL.findall(without(fact.value, old_names)))
    # The digits of a value told further on went with it ("£3,184.00" → "£3,350.60").
    old_numbers -= Counter(n for key in updated for n in _NUMERAL.findall(key))
    new_numbers = Counter(
        _NUMERAL.findall(without(item.text, (new_anchors - old_anchors) | new_names))
    )
    told_further = _progressed(
        fact, item, sorted(old_numbers - new_numbers), sorted(new_numbers - old_numbers)
    )
    for numeral, other in told_further.items():
        old_numbers -= Counter({numeral: 1})
        new_numbers -= Counter({other: 1})
    # A number gone, and one come or one written more often: "5 nights Lisbon, 5 nights
    # Porto" → "5 nights each, 10 in all" only wrote the 5 once.
    # A step that moved on reports its outcome: "Mapping the 6 unmapped accounts" →
    # "All 103 accounts now mapped" is done, not changed.
    moved_on = fact.kind not in STATED and moved_forward(fact.section, place)
    gone = sorted((old_numbers - new_numbers).elements())
    came = sorted((new_numbers - old_numbers).elements())
    written = Counter(_NUMERAL.findall(without(item.text, new_names))) - old_numbers
    if gone and written and not set(old_numbers) - set(new_numbers):
        # Written fewer times, and a new number where it stood: "after 17:30" → "after
        # 18:00" while "08:30 to 17:30" stays.
        swapped = _in_place(fact.value, item.text, gone, sorted(written))
        if swapped is not None:
            return f"{swapped[0]} → {swapped[1]}"
    if set(old_numbers) - set(new_numbers) and new_numbers - old_numbers:
        if not moved_on:
            return f"{', '.join(gone)} → {', '.join(came)}"
        # Unless the new number stands where the old one stood: "asserts at most 12 queries"
        # → "asserts at most 20 queries" is a changed limit, done or not.
        swapped = _in_place(fact.value, item.text, gone, came)
        if swapped is not None:
            return f"{swapped[0]} → {swapped[1]}"
    swapped = swapped_word(fact.value, item.text)
    if swapped is not None and not _progressed(fact, item, [swapped[0]], [swapped[1]]):
        return f"{swapped[0]} → {swapped[1]}"
    if fact.kind != "task" and reversed_sense(fact.value, item.text):
        # A step says what to do next, not what is allowed: its wording turns nothing round.
        return "the rule's sense is reversed"
    # A rule restated; one that moved to Progress was carried out, and its report names
    # what came of it. An aside in brackets explains rather than widens the rule.
    restated = without_asides(item.text) if place == fact.section else ""
    gained = (
        [name for name in gained_names(fact.value, restated) if not _old_names(old, name)]
        if fact.kind in CLAIMS and restated
        else []
    )
    if fact.kind in CLAIMS and restated and not old_numbers and not (updated or told_further):
        # "Keep the old certificate until the new one is live" → "... until 2026-11-29":
        # a rule that now names a number or a date where it named none holds another
        # ("two reviewers" → "2 reviewers" names the same).
        gained += sorted(
            {value for kind, value in new.anchors(restated) - old_anchors if kind == "number"}
            | {
                n
                for n in _NUMERAL.findall(restated)
                if n in new_numbers and not _written_out(n, fact.value)
            }
        )
    if gained:
        # "holidays for DE and AT" → "for DE, AT and CH": a rewording may drop detail,
        # but a decision or rule that now names something more covers something else.
        return f"adds {', '.join(gained)}"
    # A plan kept in its place says less than before when it drops a limit or a part:
    # "Write the RCA within 2 business days" → "Write the RCA".
    planned = fact.kind == "task" and fact.section == "Next Steps" and place == fact.section
    if fact.kind in STATED or planned:
        # A rule or a note that lost a part of itself (a limit, a clause) says less
        # than before; a finished step may (it is condensed), a rule may not.
        gone = [n for n in old_numbers - new_numbers if not states_number(new, n, fact.value)]
        if gone:
            return f"drops {', '.join(sorted(gone))}"
        # "Backfills run in TRANSFORM_L only, never REPORTING_XS" → "... in TRANSFORM_L":
        # a name the rule held that the new version states nowhere.
        dropped = sorted(
            key
            for kind, key in old_anchors - new_anchors
            if kind != "number"
            and key not in updated
            and not new.mentions.contains(Fact(kind, key), budget)
        )
        if dropped:
            return f"drops {', '.join(dropped)}"
        clause = dropped_clause(fact.value, item.text, new.text)
        if clause is not None:
            return f"drops “{clause}”"
    return None


def _progressed(fact: Fact, item: Item, gone: list[str], came: list[str]) -> dict[str, str]:
    """The figures of ``gone`` that ``item`` tells further on, each with its new figure:
    "9 of 12 runners confirmed" → "11 of 12", "spent so far £3,184" → "£3,350". They are
    updates the conversation made, not values the rewording changed."""
    pairs: dict[str, str] = {}
    for value in gone:
        for other in came:
            if other not in pairs.values() and progressed(
                fact.value, value, item.text, other, fact.section
            ):
                pairs[value] = other
                break
    return pairs


def _in_place(old: str, new: str, gone: list[str], came: list[str]) -> tuple[str, str] | None:
    """A number of ``gone`` and one of ``came`` between the same two words in ``old`` and
    ``new``, if any."""
    for numeral in gone:
        for neighbours in _neighbours(old, numeral):
            for other in came:
                if neighbours in _neighbours(new, other):
                    return numeral, other
    return None


def _neighbours(text: str, numeral: str) -> list[tuple[str, str]]:
    """The words just before and after each place ``text`` writes ``numeral``."""
    found = []
    for match in re.finditer(rf"(?<![\w.,:]){re.escape(numeral)}(?!\w|[.,:]\d)", text):
        before = WORD.findall(text[max(0, match.start() - 40) : match.start()].lower())
        after = WORD.findall(text[match.end() : match.end() + 40].lower())
        if before and after:
            found.append((stem(before[-1]), stem(after[0])))
    return found


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


#: An item's number in a numbered list ("2. Photographer: ..."): no number of the text.
_LIST_MARKER = re.compile(r"[ \t]*\d{1,3}[.)][ \t]?")


def _counted_noun(numeral: str, text: str) -> str | None:
    """The stem of the word ``numeral`` counts in ``text`` ("2 coeliac" → "coeliac",
    "3-month waiting period" → "month"), if a word follows it."""
    match = re.search(rf"(?<![\w.,:]){re.escape(numeral)}(?!\w|[.,:]\d)[ -]?([a-z]+)", text)
    if match is None or match[1] in STOPWORDS:
        return None
    return stem(match[1])
