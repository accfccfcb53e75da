"""Whether a new summary version still states a value of the old one in another form:
quoted in part, restated by what names it, with more or fewer qualifiers, or updated with
the old value said as the old one.

``compaction.engine.verdicts`` asks ``Quotes`` before it calls a value lost or changed.

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compaction.engine.facts import Fact
from compaction.engine.quantities import number_sort
from compaction.engine.snapshot import Snapshot
from compaction.engine.steps import FRAME_MIN, frame
from compaction.engine.wording import dice

#: An error is still quoted when the new version has runs of this many of its words, word
#: for word, that cover this share of them.
QUOTE_RUN = 6
QUOTE_SHARE = 0.4
_QUOTE_WORD = re.compile(r"[a-z0-9_]+")
#: The shortest start of a command or name that, with "..." after it, still quotes it.
ELIDED_MIN = 12
_ELLIPSIS = re.compile(r"\.\.\.|\u2026")
# An exception's own name ("IllegalStateException" of "java.lang.IllegalStateException"),
# and an error's code ("E0277" of "error[E0277]", "ORA-00942").
_EXCEPTION_NAME = re.compile(r"(?:\b[a-z_]\w*\.)*\b([A-Z]\w*(?:Exception|Error))\b")
_ERROR_CODE = re.compile(r"\b([A-Z]{1,4}-?\d{3,5})\b")
# A token that names what an error failed on: a path, a file, an id with digits, a
# CamelCase name.
_MARK = re.compile(r"[/.]\w|\d")
_CAMEL = re.compile(r"[a-z][A-Z]")
RESTATED_MARK_MIN = 6
SETTING_NAME_MIN = 3
_SETTING_WORD = re.compile(r"[\w.-]*\w")
_ZONES = r"UTC|GMT|CET|CEST|EET|EEST|WET|WEST|BST|IST|EST|EDT|CST|CDT|MST|MDT|PST|PDT|JST|AEST|AEDT"


def says_it_was(old: str, new: Fact) -> bool:
    """Whether the line of ``new`` says that what ``old`` has and it lacks was the value
    before: "(was 3)", "up from 3", "previously 3", "`checkout-metrics-v5` (bumped from
    v4)"."""
    gone = [word for word in _PART.findall(old) if word not in set(_PART.findall(new.key))]
    return bool(gone) and all(
        re.search(rf"\b(?:was|were|previously|formerly|from)\s+{re.escape(word)}\b", new.context)
        for word in gone
    )


#: The parts of a value a new one may keep: "checkout-metrics-v4" → "v4" changed.
_PART = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")


class Quotes:
    """Answers how ``new`` still states a value in another form."""

    def __init__(self, new: Snapshot) -> None:
        self.new = new
        self._stream: str | None = None
        self._line_words: list[tuple[str, set[str]]] | None = None

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

    def restated(self, error: str) -> str | None:
        """The new line that names the exception or the code of ``error`` and what it
        failed on (a file, a path, an id of it): "IllegalStateException reading
        `.../1843.delta`" still tells "java.lang.IllegalStateException: Error reading delta
        file .../1843.delta"."""
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

    def elided(self, fact: Fact, candidates: Sequence[Fact]) -> Fact | None:
        """The new command or identifier (of ``candidates``) that quotes ``fact`` with a part
        left out ("kubectl get deploy -o jsonpath=...", "date_diff(..., cohort_week,
        week)"), if any."""
        if fact.kind not in ("command", "identifier"):
            return None
        for candidate in candidates:
            parts = [part.strip() for part in _ELLIPSIS.split(candidate.key)]
            if len(parts) < 2 or sum(len(part) for part in parts) < ELIDED_MIN:
                continue
            # "date_diff(..., cohort_week, week)": what is left of it, in its order.
            position = 0
            for index, part in enumerate(parts):
                found = fact.key.find(part, position)
                if found < 0 or (index == 0 and found > 0):
                    break
                position = found + len(part)
            else:
                if not parts[-1] or fact.key.endswith(parts[-1]):
                    return candidate
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

    def setting_apart(self, fact: Fact) -> str | None:
        """The new line that names the setting ``fact`` assigns and its value apart:
        "`WORKERS=4096`" said as "`WORKERS` ... the 4096 override"."""
        name, equals, value = fact.key.partition("=")
        if fact.kind != "identifier" or not equals or len(name) < SETTING_NAME_MIN or not value:
            return None
        if self._line_words is None:
            self._line_words = [
                (item.text, set(_SETTING_WORD.findall(item.text)))
                for _place, item in self.new.lines
            ]
        for text, words in self._line_words:
            if name in words and value in words:
                return text
        return None

    def within_longer_path(self, fact: Fact) -> str | None:
        """A new path under the directory or module ``fact`` names, or the same file with
        more of its directory, if any, even inside a command: `go get
        github.com/aws/aws-sdk-go-v2/config@v1.28.3` still names
        `github.com/aws/aws-sdk-go-v2`, `scripts/acl_to_tf.py` names `acl_to_tf.py`."""
        if fact.kind != "path":
            return None
        key = re.escape(fact.key.rstrip("/"))
        found = re.search(
            rf"(?<![\w/.-]){key}/[\w.@/-]+|(?<![\w.-])[\w.-]+/{key}(?![\w/-])", self.new.text
        )
        return found.group() if found else None

    def rezoned(self, fact: Fact) -> str | None:
        """The time of ``fact`` in another time zone, when the new version gives it only in
        that one: "01:30 CET" → "01:30 UTC" is another hour."""
        if fact.kind != "number" or number_sort(fact.key) != "time":
            return None
        time = re.escape(fact.value)
        zone = re.search(rf"(?<![\w:]){time} ?({_ZONES})\b", fact.context)
        if zone is None:
            return None
        # Only where the new version says the same thing at that time: another job at 01:30
        # UTC says nothing of this one.
        about = frame(fact)
        said = [
            found[1]
            for _place, item in self.new.lines
            for found in re.finditer(rf"(?<![\w:]){time} ?({_ZONES})\b", item.text)
            if dice(about, frame(fact, item.text)) >= FRAME_MIN
        ]
        if not said or zone[1] in said:
            return None
        return f"{fact.value} {said[0]}"
