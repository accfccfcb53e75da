"""Facts of a text: one fact per real-world thing, with one kind and one key.

The one fact extractor of the app. Drift compares the facts of two summary versions, the
ledger follows them along a chain, coverage looks for the facts of archived originals in the
summaries, the drift guard names what a summary lost, and the offline summarizer lists them
in Critical Context: all of them use this module, so "a fact" means the same thing everywhere.

Kinds:

- atoms, found anywhere: ``url``, ``path`` (``compaction.engine.paths``), ``command`` (a
  backticked shell command), ``error``, ``identifier`` (backticked names, snake_case /
  SCREAMING_CASE names, ticket ids, host names, e-mail addresses, and from
  ``compaction.engine.names`` phone numbers, handles, channels and read-out codes such as
  an IBAN), ``number`` (a number with its unit, an amount, a version, a date, a time, a
  port, a count written with thousands separators: ``compaction.engine.quantities``) and
  ``name`` (a person, company or place: ``Raj Menon``, ``Kestrel Freight``);
- items of a summary: a bullet of Constraints & Preferences is a ``constraint`` or a
  ``preference`` and one of Key Decisions a ``decision`` (the atoms they name are their
  *anchors*, not facts of their own); a bullet of Conversation Dynamics that states a
  preference ("dislikes Jinja macros") is a ``preference`` too; a bullet of Progress or Next
  Steps that names no atom is a ``task``, one of Critical Context a ``note``. In Critical
  Context every count is a number ("retention 4 full backups"): the agent must lose none.

One thing, one fact: an atom inside another (the path inside an error, the path inside a
command) belongs to the outer one; markup and escapes are not facts (``</body>``,
``-//W3C//DTD``, a literal ``\\n``, a bare backticked ``4242``); counts that change at every
step (``14 passed``, ``3 files``) are progress, not facts.

Work is bounded: every regular expression is linear (possessive quantifiers, bounded repeats),
at most ``MAX_FACTS_PER_TEXT`` facts are taken from one text and at most ``MAX_SCAN_CHARS``
characters of it are scanned. Pure: no Django, no database.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from compaction.engine.names import is_phone, name_key, name_spans, phone_key
from compaction.engine.outline import Outline, item_key, items, outline
from compaction.engine.paths import path_key, path_spans, path_value
from compaction.engine.quantities import SMALL_WORD, Span, is_number, number_key, number_spans

#: Facts found anywhere in a text.
ATOM_KINDS: tuple[str, ...] = (
    "url",
    "path",
    "command",
    "error",
    "identifier",
    "number",
    "name",
)
#: Facts that are summary items.
ITEM_KINDS: tuple[str, ...] = ("decision", "constraint", "preference", "task", "note")
#: Every fact kind; the order also breaks ties between facts starting at the same offset.
FACT_KINDS: tuple[str, ...] = ITEM_KINDS + ATOM_KINDS
#: Kinds whose loss can derail an agent (numbers and finished tasks are context).
CRITICAL_KINDS: frozenset[str] = frozenset(FACT_KINDS) - {"number", "task"}
#: What coverage looks for in original messages: precise, copyable facts, not prose.
COVERAGE_KINDS: tuple[str, ...] = ("url", "path", "command", "error", "identifier")
#: Sections whose bullets are facts in their own right.
CLAIM_SECTIONS: tuple[str, ...] = ("Constraints & Preferences", "Key Decisions")
#: Places whose bullets are facts when they name no atom (the kind they get).
PLAIN_ITEM_KINDS: dict[str, str] = {
    "Done": "task",
    "In Progress": "task",
    "Next Steps": "task",
    "Critical Context": "note",
}

MAX_FACTS_PER_TEXT = 2_000
MAX_SCAN_CHARS = 2_000_000
MAX_VALUE_CHARS = 500
# Raw regex matches looked at per kind and text: repeated duplicates cannot keep us busy.
MAX_MATCHES_PER_KIND = 100_000

_KIND_RANK = {kind: rank for rank, kind in enumerate(FACT_KINDS)}

# ----------------------------------------------------------------------------- patterns

URL_PATTERN = re.compile(
    r"\b(?:https?|s3|gs|ftp|sftp|ssh|wss?|postgres(?:ql)?|mysql|redis|mongodb|amqp)://"
    r"[^\s<>\"'`)\]]++",
    re.IGNORECASE,
)
_BACKTICK = re.compile(r"(?<!`)`([^`\n]{1,200})`(?!`)")
# "`WARNING: DATA RACE` ... `Write at 0x... by goroutine 41`": code spans joined by an
# ellipsis are one output quoted with its middle left out, so one fact.
_ELIDED = re.compile(r"(?<!`)`[^`\n]{1,200}`(?:[ \t]*+(?:\.\.\.|…)[ \t]*+`[^`\n]{1,200}`){1,20}+")
# Code that quotes an error rather than naming a thing: "error: ...", "panic: ...", a Rust
# "thread 'main' panicked at ...".
_ERROR_TEXT = re.compile(
    r"(?:error|fatal|panic)(?:\[[\w-]{1,20}\])?:|[^\n]{0,100}?\bpanicked at\b", re.I
)
_COMMAND_START = re.compile(r"(?:\$ )?(?:\./|sudo )?[a-z][\w.+-]*+ ")
_JSON_COMMAND = re.compile(r"\"(?:command|cmd)\": ?\"((?:[^\"\\\n]|\\.){1,300})\"")
# ``ValueError: message`` / ``json.decoder.JSONDecodeError``: the name must end in Error or
# Exception with something before it (a bare "Error" is prose, handled by _GENERIC_ERROR).
_EXCEPTION = re.compile(
    r"(?<![\w.])(?:[A-Za-z_]\w*+\.)*+[A-Z]\w*+(?:(?<=\wError)|(?<=\wException))"
    r"(?::[ \t]*+[^`\n]{0,300})?"
)
_FAILED = re.compile(r"(?<!\w)(?P<tag>FAILED|ERROR)[ \t]++(?P<id>[\w./:\[\]-]++)[^`\n]{0,300}")
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)")
# A traceback's frames: 'File "src/app.py", line 42'.
_FRAME = re.compile(r'File "([^"\n]{1,500})", line (\d{1,9})')
# Up to the end of the line, or of the code span it is quoted in (``_Scan.errors``).
_GENERIC_ERROR = re.compile(
    r"(?<![\w.-])(?:error|fatal|panic)(?:\[[\w-]{1,20}\])?:[ \t]*+[^\n]{1,300}", re.IGNORECASE
)
_HTTP_ERROR = re.compile(r"(?<![\w.])(?:HTTP )?[45]\d\d (?:[A-Z][a-z]++ ?){1,4}(?=[\s.,;)]|$)")
_NAME = re.compile(
    r"(?<![\w./-])(?:"
    r"[\w.+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,4}"  # e-mail addresses
    r"|[a-z_][a-z0-9]*+(?:_[a-z0-9]++)++(?:\(\))?"  # snake_case
    r"|[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++"  # SCREAMING_CASE
    r"|[A-Z][A-Z0-9]{1,9}-\d{1,7}"  # ticket ids: INC-4471
    r"|#\d{3,9}"  # order / issue numbers
    r"|[a-z][a-z0-9-]*+(?:\.[a-z0-9-]++)*+\.(?:com|org|net|io|dev|app|internal|local|cloud|co)"
    r"|[a-z_]\w*+(?:\.[a-z_]\w*+)++\(\)"  # module.function()
    r")(?![\w/-]|\.\w)"
)
SIMPLE_TOKEN = re.compile(r"[\w.~/@+-]++")
# A document type declaration is markup: its "HTML 4.01" is no version, its //EN no path.
_DOCTYPE = re.compile(r"<!DOCTYPE[^>\n]{0,500}>|\"-//[^\"\n]{0,300}\"", re.IGNORECASE)
_ESCAPES = re.compile(r"\\[ntr\"/]|&(?:lt|gt|amp|quot|#39);")
# Replacements keep the length, so offsets found in the cleaned text hold in the original.
_ESCAPED = {"\\n": " \n", "\\t": "  ", "\\r": "  ", '\\"': ' "', "\\/": " /",
            "&lt;": "   <", "&gt;": "   >", "&amp;": "    &", "&quot;": '     "',
            "&#39;": "    '"}  # fmt: skip
# A count and the one or two words of what it counts: "4 full backups", "12 seats", "3 of 5
# nodes"; not a tally of a run ("14 passed, 1 failed", "3 errors"), nor a number followed by
# a small word ("≥ 95 on /products/*" counts no "on").
_COUNTED = re.compile(
    r"(?<![\w.,:/$€£#+-])\d{1,7}(?:[.,]\d++)?(?: of \d{1,7})?"
    r"(?! (?:[a-z-]{1,30}ed|errors?|warnings?|tests?)\b)"
    rf"(?! {SMALL_WORD})"
    r"(?: [a-z][a-z-]{1,30}){1,2}(?![\w-])"
)
_TALLY = re.compile(r"(\d{1,7}) of \d")
_QUOTED = re.compile(r"\"[^\"\n]*+\"|\u201c[^\u201d\n]*+\u201d")
_PREFERENCE = re.compile(
    r"\b(?:prefers?|preferred|likes?|wants?|would rather|rather than|favou?rs?|dislikes?|"
    r"hates?|style|tone|interested|insists?|insisted|"
    r"(?:asks?|asked|requests?|requested)(?: \w+){0,2} (?:to|for|that|not))\b",
    re.IGNORECASE,
)


# ----------------------------------------------------------------------------- facts


@dataclass(frozen=True)
class Fact:
    """One fact of a text. ``key`` (derived from kind and value) is what versions match on.

    ``context`` is the line or item the fact sits in (for an item, the item itself): what
    tells "the timeout went from 30 s to 45 s" from "a different number".
    """

    kind: str
    value: str
    section: str | None = None
    critical: bool = False
    key: str = ""
    context: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.kind not in _KIND_RANK:
            raise ValueError(f"unknown fact kind {self.kind!r}; expected one of {FACT_KINDS}")
        if not self.key:
            # Frozen: the derived key has to be set through object.__setattr__.
            object.__setattr__(self, "key", normalize_key(self.kind, self.value))

    @property
    def ident(self) -> tuple[str, str]:
        return (self.kind, self.key)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "value": self.value,
            "key": self.key,
            "section": self.section,
            "critical": self.critical,
        }


def facts_as_dicts(facts: Iterable[Fact]) -> list[dict[str, Any]]:
    return [fact.as_dict() for fact in facts]


# ----------------------------------------------------------------------------- keys


def collapse(text: str) -> str:
    return " ".join(text.split())


def unescape(text: str) -> str:
    """Literal ``\\n`` and HTML entities as the characters they stand for: not facts."""
    if "\\" in text or "&" in text:
        text = _ESCAPES.sub(lambda match: _ESCAPED[match.group()], text)
    if "//" in text:
        text = _DOCTYPE.sub(lambda match: " " * len(match.group()), text)
    return text


def _error_key(value: str) -> str:
    failed = _FAILED.match(value)
    if failed is not None:
        # A failing test is identified by its node id; the trailing message varies per run.
        return f"{failed['tag'].lower()} {failed['id']}"
    return collapse(value.lower().replace("`", "")).rstrip(".:;, ")


def normalize_key(kind: str, value: str) -> str:
    """The matching key of a fact: equal keys mean "the same fact" across versions."""
    if kind == "path":
        return path_key(value)
    if kind == "url":
        return value.rstrip(".,;:!?").rstrip("/")
    if kind == "identifier":
        if is_phone(value):
            return phone_key(value)
        key = collapse(value)
        return key[:-2] if key.endswith("()") and len(key) > 2 else key
    if kind == "command":
        return collapse(value.removeprefix("$ "))
    if kind == "error":
        return _error_key(value)
    if kind == "number":
        return number_key(value)
    if kind == "name":
        return name_key(value)
    return item_key(value)


# ----------------------------------------------------------------------------- atoms


def failing_frame(text: str) -> str | None:
    """``path:line`` of a traceback's innermost frame (the one that failed), if any."""
    frames = _FRAME.findall(text[:MAX_SCAN_CHARS])
    return f"{frames[-1][0]}:{frames[-1][1]}" if frames else None


def limited(matches: Iterator[re.Match[str]]) -> Iterator[re.Match[str]]:
    for count, match in enumerate(matches):
        if count >= MAX_MATCHES_PER_KIND:
            return
        yield match


#: One occurrence of an atom: (start, end, kind, value).


class _Scan:
    """One pass of the atom extractors over one (unescaped) text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._line_starts: list[int] | None = None

    def line_of(self, pos: int) -> int:
        if self._line_starts is None:
            self._line_starts = [0, *(m.end() for m in re.finditer("\n", self.text))]
        return bisect.bisect_right(self._line_starts, pos) - 1

    def urls(self) -> Iterator[Span]:
        for match in limited(URL_PATTERN.finditer(self.text)):
            value = match.group().rstrip(".,;:!?")
            if value.split("://", 1)[1] and len(value) <= MAX_VALUE_CHARS:
                yield match.start(), match.end(), "url", value

    def paths(self) -> Iterator[Span]:
        yield from path_spans(self.text, limited, MAX_VALUE_CHARS)

    def backticked(self) -> Iterator[Span]:
        for match in limited(_ELIDED.finditer(self.text)):
            parts = [part.strip() for part in _BACKTICK.findall(match.group())]
            kind = "error" if any(_ERROR_TEXT.match(part) for part in parts) else "identifier"
            yield match.start(), match.end(), kind, " … ".join(parts)[:MAX_VALUE_CHARS]
        for match in limited(_BACKTICK.finditer(self.text)):
            content = match.group(1).strip()
            if not any(char.isalpha() for char in content):
                continue  # `4242`, `--`: a number or punctuation, not a name
            if URL_PATTERN.fullmatch(content) or _EXCEPTION.fullmatch(content):
                continue  # found by their own extractors
            if _FAILED.fullmatch(content) or _TRACEBACK.fullmatch(content):
                continue
            if not any(char.isspace() for char in content) and path_value(content):
                continue
            if is_number(content):
                continue
            if _ERROR_TEXT.match(content):
                kind = "error"
            else:
                kind = "command" if _COMMAND_START.match(content) else "identifier"
            yield match.start(), match.end(), kind, content
        for match in limited(_JSON_COMMAND.finditer(self.text)):
            command = unescape(match.group(1)).split("\n", 1)[0].strip()
            if command and any(char.isalpha() for char in command):
                yield match.start(1), match.end(1), "command", command[:MAX_VALUE_CHARS]

    def names(self) -> Iterator[Span]:
        for match in limited(_NAME.finditer(self.text)):
            yield match.start(), match.end(), "identifier", match.group()
        yield from name_spans(self.text, limited)

    def errors(self) -> Iterator[Span]:
        specific_lines: set[int] = set()
        found: list[Span] = []
        for pattern in (_TRACEBACK, _EXCEPTION, _FAILED, _HTTP_ERROR):
            for match in limited(pattern.finditer(self.text)):
                value = match.group().strip().rstrip(".")[:MAX_VALUE_CHARS]
                # A bare class name ("raises ValueError") names a type; an error that
                # happened says what went wrong ("ValueError: bad date").
                kind = "identifier" if pattern is _EXCEPTION and ":" not in value else "error"
                found.append((match.start(), match.end(), kind, value))
                specific_lines.add(self.line_of(match.start()))
        for match in limited(_GENERIC_ERROR.finditer(self.text)):
            # "Error: `ValueError: x`" is the ValueError: a label must not become a second,
            # differently keyed copy of the same error.
            if self.line_of(match.start()) not in specific_lines:
                end = match.end()
                line_start = self.text.rfind("\n", 0, match.start()) + 1
                if self.text.count("`", line_start, match.start()) % 2:
                    # Quoted in a code span: the error ends with it, the prose after it
                    # ("`error: ...`, fixed by ...", "`-W error::...` in CI") is not the
                    # error.
                    closing = self.text.find("`", match.start(), end)
                    end = closing if closing >= 0 else end
                value = self.text[match.start() : end].strip()[:MAX_VALUE_CHARS]
                found.append((match.start(), end, "error", value))
        yield from found

    def numbers(self) -> Iterator[Span]:
        yield from number_spans(self.text, limited)


def atom_spans(text: str, kinds: Sequence[str] = ATOM_KINDS) -> list[tuple[Span, str]]:
    """Every occurrence of an atom of ``kinds`` in ``text`` with its key, by offset.

    One thing, one fact: an occurrence inside another one's span (the path of an error,
    the path inside a URL or a command) belongs to the outer one and is dropped.
    """
    scan = _Scan(text)
    # Every producer runs once; containment is decided over all kinds, then the kinds
    # asked for are kept.
    producers = (scan.urls, scan.paths, scan.backticked, scan.names, scan.errors, scan.numbers)
    spans: set[Span] = set()
    for producer in producers:
        spans.update(producer())
    ordered = sorted(spans, key=lambda s: (s[0], -s[1], _KIND_RANK[s[2]]))
    wanted = set(kinds)
    found: list[tuple[Span, str]] = []
    reach = -1
    for span in ordered:
        _start, end, kind, value = span
        if end <= reach:
            continue
        reach = max(reach, end)
        if kind in wanted:
            key = normalize_key(kind, value)
            if key:
                found.append((span, key))
    return found


def _facts_from_spans(
    spans: Iterable[tuple[Span, str]],
    place: Callable[[int], str | None],
    context: Callable[[int], str],
) -> Iterator[tuple[int, Fact]]:
    seen: set[tuple[str, str]] = set()
    for (start, _end, kind, value), key in spans:
        if (kind, key) in seen:
            continue
        seen.add((kind, key))
        section = place(start)
        yield start, Fact(kind, value, section, kind in CRITICAL_KINDS, key, context(start))
        if len(seen) >= MAX_FACTS_PER_TEXT:
            return


def locate_facts(
    text: str, kinds: Sequence[str] = ATOM_KINDS, sections: Outline | None = None
) -> tuple[tuple[int, Fact], ...]:
    """The atoms of ``kinds`` in ``text`` with the offset where each first appears."""
    text = unescape(text[:MAX_SCAN_CHARS])
    lines = _Lines(text)
    place = (lambda pos: place_at(sections, pos)) if sections is not None else (lambda pos: None)
    return tuple(_facts_from_spans(atom_spans(text, kinds), place, lines.line_at))


def scan_facts(
    text: str, kinds: Sequence[str] = ATOM_KINDS, sections: Outline | None = None
) -> tuple[Fact, ...]:
    """The atoms of ``kinds`` in ``text``, in order of first appearance, one per key."""
    return tuple(fact for _, fact in locate_facts(text, kinds, sections))


class _Lines:
    def __init__(self, text: str) -> None:
        self.text = text

    def line_at(self, pos: int) -> str:
        start = self.text.rfind("\n", 0, pos) + 1
        end = self.text.find("\n", pos)
        line = self.text[start : end if end >= 0 else len(self.text)]
        return line.strip().lstrip("-*+•").strip()[:MAX_VALUE_CHARS]


# ----------------------------------------------------------------------------- summaries


def place_at(sections: Outline, pos: int) -> str | None:
    """The section at ``pos``, Progress split into its "Done" and "In Progress" halves."""
    name = sections.section_at(pos)
    if name != "Progress":
        return name
    best, best_start = "Done", -1
    for sub, lines in sections.progress.items():
        index = bisect.bisect_right([start for start, _ in lines], pos) - 1
        if index >= 0 and lines[index][0] > best_start:
            best, best_start = sub, lines[index][0]
    return best


def item_atoms(text: str, section: str | None) -> list[tuple[Span, str]]:
    """The atoms of one bullet of ``section``: those found anywhere, and in Critical
    Context its counts too (see ``_counts``)."""
    atoms = atom_spans(text)
    if section != "Critical Context":
        return atoms
    return sorted(atoms + _counts(text, atoms, 0, len(text)), key=lambda pair: pair[0][0])


def item_values(text: str, section: str | None) -> list[tuple[Span, str]]:
    """The atoms of a bullet that carry what it says. A name says who or where, not what:
    "Send the 23 unparsed phone numbers to Helen" gone is a lost step even when Helen is
    still named elsewhere."""
    return [(span, key) for span, key in item_atoms(text, section) if span[2] != "name"]


def _counts_of_context(
    text: str, sections: Outline, atoms: list[tuple[Span, str]]
) -> list[tuple[Span, str]]:
    """The counts of the Critical Context sections of a summary (see ``_counts``)."""
    found: list[tuple[Span, str]] = []
    for index, name in enumerate(sections.names):
        if name == "Critical Context":
            start = sections.starts[index]
            end = sections.starts[index + 1] if index + 1 < len(sections.starts) else len(text)
            found += _counts(text, atoms, start, end)
    return found


def _counts(
    text: str, atoms: Sequence[tuple[Span, str]], start: int, end: int
) -> list[tuple[Span, str]]:
    """Counts stated with what they count ("retention 4 full backups", "12 seats") in
    ``text[start:end]`` that no atom of ``atoms`` (sorted by offset) holds: in Critical
    Context every number is one the agent must not lose, with or without a unit."""
    starts = [span[0] for span, _key in atoms]
    reach = list(itertools.accumulate((span[1] for span, _key in atoms), max))
    found: list[tuple[Span, str]] = []
    for match in limited(_COUNTED.finditer(text, start, end)):
        # Overlaps an atom: some atom starting before its end reaches past its start. A
        # tally ("3 of 5 nodes") only yields to an atom holding its first number: the "5
        # nodes" inside it are its whole, not its count.
        tally = _TALLY.match(match.group())
        end = match.start() + tally.end(1) if tally else match.end()
        before = bisect.bisect_left(starts, end)
        if before and reach[before - 1] > match.start():
            continue
        value = match.group()
        found.append(((match.start(), match.end(), "number", value), number_key(value)))
    return found


def _claim_kind(section: str, text: str) -> str:
    if section == "Key Decisions":
        return "decision"
    return "preference" if _PREFERENCE.search(text) else "constraint"


@dataclass(frozen=True)
class SummaryFacts:
    """The facts of one summary, every place (section) each atom key occurs in, and the
    offset where each fact first appears (what tells which bullet it belongs to)."""

    outline: Outline
    facts: tuple[Fact, ...]
    places: dict[tuple[str, str], frozenset[str | None]]
    offsets: dict[tuple[str, str], int] = field(default_factory=dict)


def summary_facts(summary: str) -> SummaryFacts:
    """Items and atoms of a checkpoint summary, in order of first appearance, one per key."""
    text = unescape((summary or "")[:MAX_SCAN_CHARS])
    sections = outline(text)
    lines = _Lines(text)
    claim_ranges = [
        (start, sections.starts[i + 1] if i + 1 < len(sections.starts) else len(text))
        for i, (start, name) in enumerate(zip(sections.starts, sections.names, strict=True))
        if name in CLAIM_SECTIONS
    ]

    def in_claims(pos: int) -> bool:
        return any(start <= pos < end for start, end in claim_ranges)

    candidates: list[tuple[int, int, Fact]] = []
    places: dict[tuple[str, str], set[str | None]] = {}
    atoms = [(span, key) for span, key in atom_spans(text) if not in_claims(span[0])]
    atoms = sorted(atoms + _counts_of_context(text, sections, atoms), key=lambda pair: pair[0][0])
    for (start, _end, kind, _value), key in atoms:
        places.setdefault((kind, key), set()).add(place_at(sections, start))
    for start, fact in _facts_from_spans(atoms, lambda pos: place_at(sections, pos), lines.line_at):
        candidates.append((start, _KIND_RANK[fact.kind], fact))
    for name in CLAIM_SECTIONS:
        for item in items(sections.lines.get(name, ())):
            kind = _claim_kind(name, item.text)
            candidates.append(
                (
                    item.offset,
                    _KIND_RANK[kind],
                    Fact(kind, item.text, name, True, item.key, item.text),
                )
            )
    for item in items(sections.lines.get("Conversation Dynamics", ())):
        # How the user likes to work is a preference wherever the summary puts it
        # ("Dislikes Jinja macros for one-off logic"); what the user said (in quotes) and
        # how the conversation went (counts, corrections) are not.
        if _PREFERENCE.search(_QUOTED.sub(" ", item.text)) and not item_values(item.text, None):
            fact = Fact("preference", item.text, "Conversation Dynamics", True, item.key, item.text)
            candidates.append((item.offset, _KIND_RANK["preference"], fact))
    plain: dict[str, list[tuple[int, str]]] = {
        "Done": sections.progress["Done"],
        "In Progress": sections.progress["In Progress"],
        "Next Steps": sections.lines.get("Next Steps", []),
        "Critical Context": sections.lines.get("Critical Context", []),
    }
    for name, section_lines in plain.items():
        for item in items(section_lines):
            if item_values(item.text, name):
                continue
            kind = PLAIN_ITEM_KINDS[name]
            fact = Fact(kind, item.text, name, kind in CRITICAL_KINDS, item.key, item.text)
            candidates.append((item.offset, _KIND_RANK[kind], fact))
    candidates.sort(key=lambda candidate: (candidate[0], candidate[1]))
    facts: list[Fact] = []
    offsets: dict[tuple[str, str], int] = {}
    for pos, _rank, fact in candidates:
        if fact.ident in offsets or not fact.key:
            continue
        offsets[fact.ident] = pos
        places.setdefault(fact.ident, set()).add(fact.section)
        facts.append(fact)
        if len(facts) >= MAX_FACTS_PER_TEXT:
            break
    return SummaryFacts(
        outline=sections,
        facts=tuple(facts),
        places={ident: frozenset(found) for ident, found in places.items()},
        offsets=offsets,
    )


def extract_facts(summary: str) -> tuple[Fact, ...]:
    """The facts of a checkpoint summary, in order of first appearance, one per (kind, key)."""
    return summary_facts(summary).facts
