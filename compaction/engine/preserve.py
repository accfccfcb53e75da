"""Text a checkpoint carries verbatim, whatever its summary says (``PRESERVE``).

A summarizer paraphrases and leaves things out; an agent resuming from a checkpoint may
need the exact text: the error a tool printed, a decision as it was stated, the commit it
made. This module finds those in the stored messages of a compacted range and keeps the
newest that fit a token budget. Three kinds:

- ``error``: a failing tool result (``is_error``, a server tool that failed or exited
  non-zero), and a tool result or user message whose output shows an error. What an error
  is, is the fact extractor's definition (``failures.failure_lines``): an ``error`` fact that
  opens its line, a Python traceback from its header to its final exception line. An
  assistant's own text is not searched for errors: it quotes output found where it came from.
- ``decision``: a line of a user or assistant message opening with ``Decision:``, and a
  sentence opening with "We decided to/that/on", "I've decided", "We agreed to", "Let's go
  with", "We'll go with" or "I'll use X instead of Y". Questions, quoted lines (``>``) and
  fenced code are skipped: precision over recall. (The offline summarizer's decision cues
  are broad on purpose, to fill a heuristic summary; what matches here is sent verbatim in
  every payload until it falls off the budget.)
- ``commit``: the lines git prints for a commit: ``[main 1a2b3c4] subject`` (git commit),
  ``commit <40 hex>`` through the subject that follows it (git log, git show), and a tool
  result made only of ``<short hash> subject`` lines (git log --oneline, git reflog). A
  short hash must have a letter in it, so that a column of numbers is never a log.

How an item's text is cut (it is otherwise exact):

- an error keeps its lines from the first error line to the last; a failing tool result of
  at most ``MAX_ITEM_LINES`` lines is kept whole;
- an item of more than ``MAX_ITEM_LINES`` lines keeps its first line, a line
  ``[… N lines left out …]`` and its last lines (a traceback's innermost frames and its
  exception line);
- a line longer than ``MAX_LINE_CHARS`` keeps its start and ends with ``…``.

Order and budget: messages newest first, the items of one message in the order they
appear; equal items (the same error text, the same decision, the same commit hash) are kept
once, the newest. A checkpoint's items come before the previous checkpoint's, which are
older; the list stops before the first item that would take the rendered section
(``preserved_section``) over ``max_tokens``, so older items fall off first. Reading stops
there too: a backlog's older messages are not even looked at once the budget is spent.

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.content import ANTHROPIC, canonical_blocks, view
from compaction.engine.failures import MAX_SCAN_CHARS, failure_lines
from compaction.engine.tokens import CHARS_PER_TOKEN, text_tokens

#: The kinds of preserved text, and the names PRESERVE gives them.
KINDS: tuple[str, ...] = ("error", "decision", "commit")
SETTING_KINDS: dict[str, str] = {"errors": "error", "decisions": "decision", "commits": "commit"}

MAX_ITEM_LINES = 12
MAX_LINE_CHARS = 300
#: Commit lines taken from one text (a long ``git log`` is history, not this session's work).
MAX_COMMITS_PER_TEXT = 10
#: How far after ``commit <hash>`` its subject is looked for (Merge/Author/Date, a blank).
_SUBJECT_LOOKAHEAD = 6

SECTION_HEAD = (
    "<preserved>\nExact text from the compacted messages, newest first, kept verbatim "
    "whatever the summary says:"
)
SECTION_TAIL = "</preserved>"

# ----------------------------------------------------------------------------- patterns

_LIST_MARK = re.compile(r"(?:[-*+\u2022][ \t]++|\d{1,3}[.)][ \t]++)?(?:\*\*|__)?")
_DECISION_LINE = re.compile(
    r"(?:[-*+\u2022][ \t]++|\d{1,3}[.)][ \t]++)?(?:\*\*|__)?(?:final |key )?decision"
    r"(?:\*\*|__)?[ \t]*+:(?:\*\*|__)?[ \t]*+\S",
    re.IGNORECASE,
)
_DECISION_SENTENCE = re.compile(
    r"(?:(?:ok(?:ay)?|so|alright|all right|right|good|great|fine|then|agreed)[,.!]?[ \t]++){0,3}"
    r"(?:"
    r"(?:we|i)(?:['\u2019]ve| have)? (?:decided|agreed) (?:to|that|on|against)\b"
    r"|let['\u2019]?s go with\b"
    r"|(?:we|i)(?:['\u2019]ll| will) go with\b"
    r"|(?:we|i)(?:['\u2019]ll| will) (?:use|switch to) [^\n]{1,120}? instead of\b"
    r")",
    re.IGNORECASE,
)
# Every decision pattern needs one of these: text without one is not looked at further.
_DECISION_WORDS = ("decision", "decided", "agreed", "go with", "instead of")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])[ \t]++")
_FENCE = re.compile(r"[ \t]*+(?:```|~~~)")
_SHORT_HASH = r"(?=[0-9]{0,11}[a-f])[0-9a-f]{7,12}"
_COMMIT_MADE = re.compile(
    r"\[[^\]\s][^\]\n]{0,199}? (?:\(root-commit\) )?(?P<hash>(?=[0-9]{0,39}[a-f])[0-9a-f]{7,40})"
    r"\] \S"
)
_COMMIT_LOG = re.compile(r"commit (?P<hash>[0-9a-f]{40})(?: \([^\n]{1,300}\))?[ \t]*$")
_ONELINE = re.compile(r"[*|/\\ ]*+(?P<hash>" + _SHORT_HASH + r") \S")
_GRAPH = re.compile(r"[*|/\\ _.-]*+")


# ----------------------------------------------------------------------------- items


@dataclass(frozen=True)
class Preserved:
    """One piece of exact text: its kind, the message it comes from, the text."""

    kind: str
    seq: int
    text: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown preserved kind {self.kind!r}; expected one of {KINDS}")

    @property
    def key(self) -> tuple[str, str]:
        """What makes two items the same: the error text, the decision, the commit hash."""
        if self.kind == "commit":
            first = self.text.split("\n", 1)[0]
            match = _COMMIT_MADE.match(first) or _COMMIT_LOG.match(first) or _ONELINE.match(first)
            if match is not None:
                return ("commit", match["hash"][:7])
        text = " ".join(self.text.split())
        return (self.kind, text.lower() if self.kind == "decision" else text)

    def rendered(self) -> str:
        """The item as the payload shows it."""
        return f'<{self.kind} message="#{self.seq}">\n{self.text}\n</{self.kind}>'

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seq": self.seq, "text": self.text}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Preserved | None:
        """A stored item; None for one this version cannot read."""
        kind, seq, text = data.get("kind"), data.get("seq"), data.get("text")
        if kind not in KINDS or not isinstance(seq, int) or not isinstance(text, str) or not text:
            return None
        return cls(kind, seq, text)


def preserved_section(items: Sequence[Mapping[str, Any]]) -> str:
    """The payload's labelled section of preserved text ("" when there is none)."""
    parsed = [item for item in map(Preserved.from_dict, items) if item is not None]
    if not parsed:
        return ""
    return "\n".join([SECTION_HEAD, *(item.rendered() for item in parsed), SECTION_TAIL])


def wanted_kinds(names: Iterable[str]) -> frozenset[str]:
    """The kinds PRESERVE names (``["errors", "commits"]``); kind names are taken too."""
    return frozenset(SETTING_KINDS.get(name, name) for name in names) & frozenset(KINDS)


# ----------------------------------------------------------------------------- cutting


def _cut_line(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1] + "\u2026"


def cut_lines(lines: Sequence[str]) -> str:
    """Lines as an item's text: blank lines around them dropped, at most ``MAX_ITEM_LINES``
    (the first, a marker, the last ones), each at most ``MAX_LINE_CHARS``."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    kept = list(lines[start:end])
    if len(kept) > MAX_ITEM_LINES:
        left_out = len(kept) - (MAX_ITEM_LINES - 1)
        kept = [
            kept[0],
            f"[\u2026 {left_out} lines left out \u2026]",
            *kept[len(kept) - (MAX_ITEM_LINES - 2) :],
        ]
    return "\n".join(_cut_line(line.rstrip("\r")) for line in kept)


# ----------------------------------------------------------------------------- finding


#: (line index in its text, kind, text)
_Found = tuple[int, str, str]


def _errors(lines: Sequence[str], text: str, *, failing: bool) -> Iterator[_Found]:
    ranges = failure_lines(text)
    if failing and (not ranges or len(lines) <= MAX_ITEM_LINES):
        region: Sequence[str] = lines
        first = 0
    elif ranges:
        first = ranges[0][0]
        region = lines[first : ranges[-1][1] + 1]
    else:
        return
    cut = cut_lines(region)
    if cut:
        yield first, "error", cut


def _decisions(text: str, lines: Sequence[str]) -> Iterator[_Found]:
    lowered = text.lower()
    if not any(word in lowered for word in _DECISION_WORDS):
        return
    fenced = False
    for index, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        stripped = line.strip()
        if fenced or not stripped or stripped.startswith(">"):
            continue
        breaks = list(_SENTENCE_BREAK.finditer(stripped))
        starts = [0, *(match.end() for match in breaks)]
        ends = [*(match.start() for match in breaks), len(stripped)]
        for start, end in zip(starts, ends, strict=True):
            if _DECISION_LINE.match(stripped, start):
                # "Decision: ..." labels the rest of its line, reasons and all.
                yield index, "decision", _cut_line(stripped[start:])
                break
            body_start = _LIST_MARK.match(stripped, start).end()
            sentence = stripped[body_start:end]
            if _DECISION_SENTENCE.match(sentence) and not sentence.rstrip("*_ ").endswith("?"):
                yield index, "decision", _cut_line(sentence)


def decision_sentences(text: str) -> list[str]:
    """The decisions ``text`` states (this module's one rule for them): "Decision:" lines,
    and sentences opening with "we decided", "let's go with", "I'll use X instead of Y"...;
    questions, quotes and code are not."""
    return [found[2] for found in _decisions(text, text.split("\n"))]


def _commits(lines: Sequence[str], *, oneline: bool) -> Iterator[_Found]:
    found = 0
    if oneline:
        nonblank = [line for line in lines if line.strip()]
        rows = [line for line in nonblank if _ONELINE.match(line)]
        if rows and all(_ONELINE.match(line) or _GRAPH.fullmatch(line) for line in nonblank):
            for index, line in enumerate(lines):
                if found < MAX_COMMITS_PER_TEXT and _ONELINE.match(line):
                    found += 1
                    yield index, "commit", _cut_line(line.strip())
            return
    for index, line in enumerate(lines):
        if found >= MAX_COMMITS_PER_TEXT:
            return
        if _COMMIT_MADE.match(line):
            found += 1
            yield index, "commit", _cut_line(line.strip())
        elif _COMMIT_LOG.match(line):
            found += 1
            end = index
            for ahead in range(index + 1, min(len(lines), index + 1 + _SUBJECT_LOOKAHEAD)):
                if lines[ahead].startswith("commit "):
                    break
                if lines[ahead].startswith("    ") and lines[ahead].strip():
                    end = ahead
                    break
            yield index, "commit", cut_lines(lines[index : end + 1])


def message_items(message: Mapping[str, Any], kinds: frozenset[str]) -> list[Preserved]:
    """The preserved text of one stored message (``seq``, ``role``, ``format``, ``content``),
    in the order it appears."""
    role = message.get("role")
    if role not in ("user", "assistant") or not kinds:
        return []
    seq = int(message["seq"])
    found: list[Preserved] = []
    for block in canonical_blocks(role, message.get("content"), message.get("format", ANTHROPIC)):
        seen = view(block)
        if seen.kind not in ("result", "text") or not seen.body.strip():
            continue
        text = seen.body[:MAX_SCAN_CHARS]
        lines = text.split("\n")
        result = seen.kind == "result"
        per_block: list[_Found] = []
        if "error" in kinds and (result or role == "user"):
            per_block.extend(_errors(lines, text, failing=result and seen.error))
        if "decision" in kinds and not result:
            per_block.extend(_decisions(text, lines))
        if "commit" in kinds:
            per_block.extend(_commits(lines, oneline=result))
        per_block.sort(key=lambda found: found[0])
        found.extend(Preserved(kind, seq, text) for _, kind, text in per_block)
    return found


def preserve(
    newest_first: Iterable[Mapping[str, Any]],
    *,
    previous: Sequence[Mapping[str, Any]] = (),
    kinds: Iterable[str],
    max_tokens: int,
) -> list[dict[str, Any]]:
    """A checkpoint's preserved text: that of ``newest_first`` (stored messages of its
    range, newest first), then the previous checkpoint's items, newest first, once each,
    as long as the rendered section fits ``max_tokens``. ``kinds`` are PRESERVE's names.
    """
    wanted = wanted_kinds(kinds)
    if not wanted or max_tokens <= 0:
        return []

    def candidates() -> Iterator[Preserved]:
        for message in newest_first:
            yield from message_items(message, wanted)
        for data in previous:
            item = Preserved.from_dict(data)
            if item is not None and item.kind in wanted:
                yield item

    # The section's size in characters as preserved_section() renders it, kept within
    # the characters of max_tokens (text_tokens rounds characters / CHARS_PER_TOKEN up).
    chars = len(SECTION_HEAD) + 1 + len(SECTION_TAIL)
    room = max_tokens * CHARS_PER_TOKEN
    seen: set[tuple[str, str]] = set()
    kept: list[dict[str, Any]] = []
    for item in candidates():
        if item.key in seen:
            continue
        size = len(item.rendered()) + 1
        if chars + size > room:
            break
        chars += size
        seen.add(item.key)
        kept.append(item.as_dict())
    return kept


def section_tokens(items: Sequence[Mapping[str, Any]]) -> int:
    """Estimated tokens of the rendered section: what ``max_tokens`` bounds."""
    return text_tokens(preserved_section(items))
