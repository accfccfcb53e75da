"""Summary drift: which facts a checkpoint summary keeps, loses or gains across versions.

A checkpoint summary is rewritten at every compaction, and each rewrite can
silently drop a file path, an identifier, an error message or a user
preference that the agent needed. This module makes that visible:

* ``extract_facts`` pulls the facts an operator cares about out of a summary
  (paths, URLs, backticked identifiers, error messages, numbers with units,
  quoted strings, and the bullet items of the sections that must survive);
* ``compare_summaries`` diffs two versions: per-section items, facts retained /
  lost / added, a drift score, the size growth and a line diff;
* ``fact_ledger`` follows every fact along a session's chain of versions;
* ``coverage`` tells which facts of the archived original messages no summary
  ever carried.

Everything here is pure (no Django, no database) and returns frozen
dataclasses with ``as_dict()`` for the API; rendering is the caller's job.

Work is bounded so that an operator can point this at any stored text: every
regular expression is linear (possessive quantifiers, bounded repeats, no
nested open-ended groups), at most ``MAX_FACTS_PER_TEXT`` facts are taken from
one text, at most ``MAX_SCAN_CHARS`` characters of it are scanned, and the
fuzzy, substring and diff steps have explicit budgets. When a budget runs out
the answer is still deterministic, just less lenient (a fact that could only be
found by an over-budget search counts as missing).
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections import defaultdict, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from compaction.engine.prompts import PROGRESS_SUBSECTIONS, SECTIONS
from compaction.engine.validation import canonical_section

# ----------------------------------------------------------------------------- constants

#: Every fact kind; the order also breaks ties between facts starting at the same offset.
FACT_KINDS: tuple[str, ...] = ("item", "url", "path", "error", "identifier", "number", "quoted")
#: Kinds that are always critical: losing one of them can derail the agent.
CRITICAL_KINDS: frozenset[str] = frozenset({"path", "url", "identifier", "error"})
#: Sections whose bullet items are facts of their own (and critical ones).
ITEM_SECTIONS: tuple[str, ...] = ("Constraints & Preferences", "Key Decisions", "Critical Context")
#: What ``coverage`` looks for in original messages: precise, copyable facts, not prose.
COVERAGE_KINDS: tuple[str, ...] = ("url", "path", "error", "identifier")

MAX_FACTS_PER_TEXT = 2_000
MAX_SCAN_CHARS = 2_000_000
MAX_VALUE_CHARS = 500
MAX_ITEM_CHARS = 1_000
MAX_ITEMS_PER_SECTION = 1_000
# Raw regex matches looked at per kind and text: repeated duplicates cannot keep us busy.
MAX_MATCHES_PER_KIND = 100_000
# Item pairs compared when looking for reworded items (old x new, per pairing).
MAX_PAIR_CHECKS = 50_000
# Characters str.find() may scan, per public call, when looking for a fact's plain mention.
MENTION_SCAN_BUDGET = 200_000_000
# Above this many lines in total, the line diff falls back to prefix/suffix trimming.
MAX_DIFF_LINES = 5_000
MAX_COVERAGE_FACTS = 20_000
# Lines kept per section for item parsing (facts anywhere in the text are found regardless).
_MAX_SECTION_LINES = 20_000

_ANCHOR_KINDS: tuple[str, ...] = ("url", "path", "error", "identifier", "number", "quoted")
_KIND_RANK = {kind: rank for rank, kind in enumerate(FACT_KINDS)}
_PLACEHOLDERS = frozenset(
    {"", "none", "n a", "na", "nothing", "tbd", "todo", "none yet", "nothing yet"}
)
# Words too common to tell two items apart when looking for a rewording.
_STOPWORDS = frozenset(
    {
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with",
        "from", "into", "over", "than", "then", "that", "this", "it", "is", "are", "was",
        "were", "be", "been", "as", "because", "so", "not", "no", "use", "used", "using",
        "instead",
    }
)  # fmt: skip

# ----------------------------------------------------------------------------- patterns

_URL = re.compile(r"\bhttps?://[^\s<>\"'`)\]]++", re.IGNORECASE)
# A path-like token. The look-behind stops a match from starting inside another token, so
# every character is the start of at most one real attempt; possessive quantifiers never
# give characters back. Whether the token really is a path is decided in _path_value().
_PATH = re.compile(r"(?<![\w/.~@+\\-])(?:~|\.{1,2})?/?[\w.@+-]++(?:/[\w.@+-]*+)*+(?::\d++){0,2}")
_LINE_SUFFIX = re.compile(r":\d++(?::\d++)?$")
_EXTENSIONS = (
    "py|pyi|pyx|ipynb|js|mjs|cjs|jsx|ts|tsx|json|jsonl|md|rst|txt|toml|yaml|yml|cfg|ini|conf|"
    "sh|bash|zsh|rs|go|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|html|htm|css|scss|sql|lock|csv|"
    "tsv|xml|log|env|sqlite|db|pem|crt|proto|graphql|vue|svelte|tf|lua|dart|ex|exs|hs|scala|"
    "gradle|mk|cmake|patch|diff|dockerfile"
)
_BARE_FILE = re.compile(
    r"[\w.@+-]*[\w@+-]\.(?:" + _EXTENSIONS + r")"
    r"|\.(?:env|gitignore|dockerignore|editorconfig|bashrc|zshrc|npmrc|pypirc|coveragerc|flake8)",
    re.IGNORECASE,
)
_BACKTICK = re.compile(r"(?<!`)`([^`\n]{1,200})`(?!`)")
# ``ValueError: message`` / ``json.decoder.JSONDecodeError``: the name must end in Error or
# Exception with something before it (a bare "Error" is prose, handled by _GENERIC_ERROR).
_EXCEPTION = re.compile(
    r"(?<![\w.])(?:[A-Za-z_]\w*+\.)*+[A-Z]\w*+(?:(?<=\wError)|(?<=\wException))"
    r"(?::[ \t]*+[^`\n]{0,300})?"
)
_FAILED = re.compile(r"(?<!\w)(?P<tag>FAILED|ERROR)[ \t]++(?P<id>[\w./:\[\]-]++)[^`\n]{0,300}")
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)")
_GENERIC_ERROR = re.compile(
    r"(?<![\w.-])(?:error|fatal|panic)(?:\[[\w-]{1,20}\])?:[ \t]*+[^\n]{1,300}", re.IGNORECASE
)
_UNITS = (
    "%|ms|µs|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|"
    "[KMGT]i?B|bytes?|tokens?|chars?|characters?|lines?|words?|messages?|files?|tests?|"
    "passed|failed|errors?|skipped|warnings?|retries|retry|attempts?|times|requests?|"
    "workers?|threads?|rows?|items?|steps?|calls?|versions?|px|rpm|qps|rps"
)
_NUMBER = re.compile(
    r"(?<![\w.,])(?P<n>\d{1,3}(?:,\d{3})++(?:\.\d++)?|\d++(?:\.\d++)?)"
    r"(?:(?P<x>[x\u00d7])|[ \t]?(?P<u>" + _UNITS + r"))(?![\w/])",
    re.IGNORECASE,
)
_VERSION = re.compile(r"(?<![\w.])(?:[vV]\d++(?:\.\d++)*+|\d++(?:\.\d++){2,}+)(?!\w)")
_QUOTED = re.compile(
    r"(?<![\w\"])\"(?P<d>[^\"\n]{3,300})\"(?![\w\"])"
    r"|(?<![\w'])'(?P<s>[^'\n]{3,300})'(?![\w'])"
    r"|“(?P<c>[^”\n]{3,300})”"
)
_NON_WORD = re.compile(r"[^\w\s]++")
_NUMBERED = re.compile(r"\d{1,3}[.)](?:[ \t]|$)")
_SIMPLE_TOKEN = re.compile(r"[\w.~/@+-]++")
_UNIT_CANON = {
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "mins": "min",
    "minute": "min",
    "minutes": "min",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "µs": "us",
    "\u00d7": "x",  # the multiplication sign
    "retries": "retry",
    "character": "char",
    "characters": "char",
}
_PROGRESS_SUBS = frozenset(sub.lower() for sub in PROGRESS_SUBSECTIONS)


# ----------------------------------------------------------------------------- results


def _facts_list(facts: Iterable[Fact]) -> list[dict[str, Any]]:
    return [fact.as_dict() for fact in facts]


@dataclass(frozen=True)
class Fact:
    """One fact of a text. ``key`` (derived from kind and value) is what versions match on."""

    kind: str
    value: str
    section: str | None = None
    critical: bool = False
    key: str = ""

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


@dataclass(frozen=True)
class SectionDiff:
    """Items (bullets or lines) of one section, matched across two versions.

    Every old item is in exactly one of ``removed`` / ``kept``, every new one in
    exactly one of ``added`` / ``kept``; ``kept`` holds the new wording and
    includes the ``reworded`` (old, new) pairs matched by shared facts or words.
    """

    name: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    reworded: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed or self.reworded)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "added": list(self.added),
            "removed": list(self.removed),
            "kept": list(self.kept),
            "reworded": [{"old": old, "new": new} for old, new in self.reworded],
        }


@dataclass(frozen=True, slots=True)
class DiffLine:
    """One line of a full unified-style diff: ``op`` is " " (both), "-" (old) or "+" (new)."""

    op: str
    old_no: int | None
    new_no: int | None
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"op": self.op, "old_no": self.old_no, "new_no": self.new_no, "text": self.text}


@dataclass(frozen=True)
class DriftReport:
    sections: tuple[SectionDiff, ...]
    retained: tuple[Fact, ...]
    lost: tuple[Fact, ...]
    added: tuple[Fact, ...]
    drift_score: float
    critical_old: int
    critical_lost: int
    size_old: int
    size_new: int
    growth: float | None
    emptied_sections: tuple[str, ...]
    line_diff: tuple[DiffLine, ...]

    def section(self, name: str) -> SectionDiff:
        for diff in self.sections:
            if diff.name == name:
                return diff
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "drift_score": self.drift_score,
            "critical_old": self.critical_old,
            "critical_lost": self.critical_lost,
            "size_old": self.size_old,
            "size_new": self.size_new,
            "growth": self.growth,
            "emptied_sections": list(self.emptied_sections),
            "sections": [diff.as_dict() for diff in self.sections],
            "retained": _facts_list(self.retained),
            "lost": _facts_list(self.lost),
            "added": _facts_list(self.added),
            "line_diff": [line.as_dict() for line in self.line_diff],
        }


@dataclass(frozen=True)
class LedgerEntry:
    """The life of one fact along a chain of versions.

    ``missing_in`` lists every version after ``first_version`` without the fact;
    ``gaps`` only those it later came back from (the ones before ``last_version``).
    """

    fact: Fact
    first_version: int
    last_version: int
    in_latest: bool
    present_in: tuple[int, ...]
    missing_in: tuple[int, ...]
    gaps: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "fact": self.fact.as_dict(),
            "first_version": self.first_version,
            "last_version": self.last_version,
            "in_latest": self.in_latest,
            "present_in": list(self.present_in),
            "missing_in": list(self.missing_in),
            "gaps": list(self.gaps),
        }


@dataclass(frozen=True)
class VersionPoint:
    """One version on the timeline; ``lost`` / ``added`` count facts against the previous one."""

    version: int
    chars: int
    facts: int
    critical_facts: int
    drift_score_vs_previous: float | None
    lost: int
    added: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "chars": self.chars,
            "facts": self.facts,
            "critical_facts": self.critical_facts,
            "drift_score_vs_previous": self.drift_score_vs_previous,
            "lost": self.lost,
            "added": self.added,
        }


@dataclass(frozen=True)
class FactLedger:
    versions: tuple[int, ...]
    entries: tuple[LedgerEntry, ...]
    timeline: tuple[VersionPoint, ...]

    def entry(self, kind: str, value: str) -> LedgerEntry | None:
        """The entry of the fact that ``value`` (of ``kind``) normalizes to, if any."""
        ident = (kind, normalize_key(kind, value))
        for entry in self.entries:
            if entry.fact.ident == ident:
                return entry
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "versions": list(self.versions),
            "entries": [entry.as_dict() for entry in self.entries],
            "timeline": [point.as_dict() for point in self.timeline],
        }


@dataclass(frozen=True)
class Coverage:
    """Facts of the original messages, split by whether any summary carried them."""

    original_facts: int
    carried: tuple[Fact, ...]
    never_carried: tuple[Fact, ...]
    share_carried: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "original_facts": self.original_facts,
            "share_carried": self.share_carried,
            "carried": _facts_list(self.carried),
            "never_carried": _facts_list(self.never_carried),
        }


# ----------------------------------------------------------------------------- keys


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _item_key(text: str) -> str:
    # Punctuation becomes a space (not nothing) so "a,b" and "a, b" agree.
    return _collapse(_NON_WORD.sub(" ", text.lower()))


def _path_key(value: str) -> str:
    base = _LINE_SUFFIX.sub("", value.rstrip("."))
    base = base.removeprefix("./")
    return base.rstrip("/") or base


def _number_key(value: str) -> str:
    match = _NUMBER.fullmatch(value.strip())
    if match is None:
        return _collapse(value.lower())
    number = match["n"].replace(",", "")
    unit = (match["x"] or match["u"]).lower()
    unit = _UNIT_CANON.get(unit, unit)
    if unit.endswith("ies") and len(unit) > 4:
        unit = unit[:-3] + "y"
    elif unit.endswith("s") and len(unit) > 3:
        unit = unit[:-1]
    return f"{number}{unit}" if unit in ("x", "%") else f"{number} {unit}"


def _error_key(value: str) -> str:
    failed = _FAILED.match(value)
    if failed is not None:
        # A failing test is identified by its node id; the trailing message varies per run.
        return f"{failed['tag'].lower()} {failed['id']}"
    return _collapse(value.lower()).rstrip(".:;, ")


def normalize_key(kind: str, value: str) -> str:
    """The matching key of a fact: equal keys mean "the same fact" across versions."""
    if kind == "path":
        return _path_key(value)
    if kind == "url":
        return value.rstrip(".,;:!?").rstrip("/")
    if kind == "identifier":
        key = _collapse(value)
        return key[:-2] if key.endswith("()") and len(key) > 2 else key
    if kind == "error":
        return _error_key(value)
    if kind == "number":
        return _number_key(value)
    if kind == "quoted":
        return _collapse(value.strip("\"'“”").lower())
    return _item_key(value)


# ----------------------------------------------------------------------------- outline


@dataclass
class _Outline:
    """Where each checkpoint section starts, and its content lines (with offsets)."""

    starts: list[int] = field(default_factory=list)
    names: list[str | None] = field(default_factory=list)
    lines: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    def section_at(self, pos: int) -> str | None:
        index = bisect.bisect_right(self.starts, pos) - 1
        return self.names[index] if index >= 0 else None


def _heading(line: str) -> tuple[str, bool] | None:
    """(text, is_bold) when ``line`` is a heading; mirrors validation's heading rules.

    Done with string operations rather than validation's regular expression, whose
    ``.+?\\s*#*\\s*$`` tail backtracks badly on long runs of spaces.
    """
    stripped = line.lstrip(" \t")
    if len(line) - len(stripped) > 3 or not stripped:
        return None
    if stripped[0] == "#":
        hashes = len(stripped) - len(stripped.lstrip("#"))
        if hashes == 1 and len(stripped.strip()) == 1:
            return None
        body = stripped[min(hashes, 6) :].strip().rstrip("#").strip()
        return body, False
    text = stripped.rstrip()
    if text.endswith(":"):
        text = text[:-1]
    if len(text) > 4 and text.startswith("**") and text.endswith("**") and "*" not in text[2:-2]:
        return text[2:-2], True
    return None


def _outline(text: str) -> _Outline:
    """Split like ``validation.split_sections`` but keep offsets (and text outside sections)."""
    outline = _Outline(starts=[0], names=[None])
    current: str | None = None
    offset = 0
    for line in text.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        body = line.rstrip("\r\n")
        heading = _heading(body) if body[:4].lstrip(" \t")[:1] in ("#", "*") else None
        if heading is not None:
            words, bold = heading
            name = canonical_section(words[:200])
            if name is not None:
                current = name
                outline.lines.setdefault(name, [])
                outline.starts.append(start)
                outline.names.append(name)
                continue
            if current == "Progress" and words.strip().strip(":").lower() in _PROGRESS_SUBS:
                continue
            if not bold:
                if current is not None:
                    current = None
                    outline.starts.append(start)
                    outline.names.append(None)
                continue
        if current is not None and len(outline.lines[current]) < _MAX_SECTION_LINES:
            outline.lines[current].append((start, body))
    return outline


def _bullet_end(stripped: str) -> int:
    """Length of the bullet marker ("- ", "* ", "1. ") at the start of ``stripped``, or 0."""
    if stripped[:1] in ("-", "*", "+", "•") and (len(stripped) == 1 or stripped[1] in " \t"):
        return 1
    match = _NUMBERED.match(stripped)
    return match.end() if match else 0


@dataclass(frozen=True)
class _Item:
    text: str
    key: str
    offset: int


def _items(lines: Sequence[tuple[int, str]]) -> list[_Item]:
    """The bullet items (or plain lines) of a section; indented plain lines continue a bullet."""
    raw: list[list[Any]] = []
    for offset, line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        marker = _bullet_end(stripped)
        if marker:
            raw.append([offset, stripped[marker:].strip()])
        elif raw and line[:1] in (" ", "\t") and len(raw[-1][1]) < MAX_ITEM_CHARS:
            raw[-1][1] = f"{raw[-1][1]} {stripped}"
        else:
            raw.append([offset, stripped])
        if len(raw) > MAX_ITEMS_PER_SECTION:
            break
    items = []
    for offset, text in raw[:MAX_ITEMS_PER_SECTION]:
        text = text[:MAX_ITEM_CHARS]
        key = _item_key(text)
        if key not in _PLACEHOLDERS:
            items.append(_Item(text, key, offset))
    return items


# ----------------------------------------------------------------------------- extraction


def _path_value(token: str) -> str | None:
    """``token`` cleaned up when it is a file path, else None."""
    value = token.rstrip(".")
    if not value or len(value) > MAX_VALUE_CHARS:
        return None
    base = _LINE_SUFFIX.sub("", value)
    if not any(char.isalpha() for char in base):
        return None  # 12/25, 1/2, 2024/01/01
    if "/" in base:
        segments = [part for part in base.split("/") if part not in ("", ".", "..", "~")]
        if not segments:
            return None
        if base.startswith(("/", "./", "../", "~/")) or base.endswith("/"):
            return value
        # and/or, TCP/IP, km/h are not paths; src/app.py and a/b/c are.
        if len(segments) >= 3 or _BARE_FILE.fullmatch(segments[-1]):
            return value
        return None
    return value if _BARE_FILE.fullmatch(base) else None


def _in_spans(spans: list[tuple[int, int]], starts: list[int], pos: int) -> bool:
    index = bisect.bisect_right(starts, pos) - 1
    return index >= 0 and pos < spans[index][1]


class _Scan:
    """One pass of the extractors over one text; candidates are (offset, kind, value)."""

    def __init__(self, text: str) -> None:
        self.text = text
        spans = [(m.start(), m.end()) for m in _limited(_URL.finditer(text))]
        self.url_spans = spans
        self.url_starts = [start for start, _ in spans]
        self._line_starts: list[int] | None = None

    def in_url(self, pos: int) -> bool:
        return _in_spans(self.url_spans, self.url_starts, pos)

    def line_of(self, pos: int) -> int:
        if self._line_starts is None:
            self._line_starts = [0, *(m.end() for m in re.finditer("\n", self.text))]
        return bisect.bisect_right(self._line_starts, pos) - 1

    def urls(self) -> Iterator[tuple[int, str]]:
        for start, end in self.url_spans:
            value = self.text[start:end].rstrip(".,;:!?")
            if len(value) > len("https://") and len(value) <= MAX_VALUE_CHARS:
                yield start, value

    def paths(self) -> Iterator[tuple[int, str]]:
        for match in _limited(_PATH.finditer(self.text)):
            if "/" not in match.group() and "." not in match.group():
                continue  # cheap rejection of plain words, the bulk of all tokens
            value = _path_value(match.group())
            if value is not None and not self.in_url(match.start()):
                yield match.start(), value

    def identifiers(self) -> Iterator[tuple[int, str]]:
        for match in _limited(_BACKTICK.finditer(self.text)):
            content = match.group(1).strip()
            if not any(char.isalnum() for char in content):
                continue
            # Backticked URLs, paths and errors are facts of those kinds, found by their own
            # extractors: counting them twice would weigh them double in the drift score.
            if _URL.fullmatch(content) or _EXCEPTION.fullmatch(content):
                continue
            if _FAILED.fullmatch(content) or _TRACEBACK.fullmatch(content):
                continue
            if not any(char.isspace() for char in content) and _path_value(content):
                continue
            yield match.start(), content

    def errors(self) -> Iterator[tuple[int, str]]:
        specific_lines: set[int] = set()
        found: list[tuple[int, str]] = []
        for pattern in (_TRACEBACK, _EXCEPTION, _FAILED):
            for match in _limited(pattern.finditer(self.text)):
                value = match.group().strip().rstrip(".")[:MAX_VALUE_CHARS]
                found.append((match.start(), value))
                specific_lines.add(self.line_of(match.start()))
        for match in _limited(_GENERIC_ERROR.finditer(self.text)):
            # "Error: `ValueError: x`" is the ValueError: a label must not become a second,
            # differently keyed copy of the same error.
            if self.line_of(match.start()) not in specific_lines:
                found.append((match.start(), match.group().strip()[:MAX_VALUE_CHARS]))
        found.sort(key=lambda candidate: candidate[0])
        yield from found

    def numbers(self) -> Iterator[tuple[int, str]]:
        for pattern in (_NUMBER, _VERSION):
            for match in _limited(pattern.finditer(self.text)):
                if not self.in_url(match.start()):
                    yield match.start(), match.group()

    def quoted(self) -> Iterator[tuple[int, str]]:
        for match in _limited(_QUOTED.finditer(self.text)):
            content = match["d"] or match["s"] or match["c"] or ""
            if (
                content == content.strip()
                and any(char.isalnum() for char in content)
                and not self.in_url(match.start())
            ):
                yield match.start(), content


def _limited(matches: Iterator[re.Match[str]]) -> Iterator[re.Match[str]]:
    for count, match in enumerate(matches):
        if count >= MAX_MATCHES_PER_KIND:
            return
        yield match


def _scan(text: str, kinds: Sequence[str], outline: _Outline | None) -> tuple[Fact, ...]:
    """Facts of ``kinds`` in ``text``, in order of first appearance, deduplicated, capped."""
    text = text[:MAX_SCAN_CHARS]
    scan = _Scan(text)
    producers = {
        "url": scan.urls,
        "path": scan.paths,
        "identifier": scan.identifiers,
        "error": scan.errors,
        "number": scan.numbers,
        "quoted": scan.quoted,
    }
    candidates: list[tuple[int, int, str, str, str, str | None]] = []
    for kind in kinds:
        if kind == "item":
            continue
        seen: set[str] = set()
        for pos, value in producers[kind]():
            key = normalize_key(kind, value)
            if key and key not in seen:
                seen.add(key)
                candidates.append((pos, _KIND_RANK[kind], kind, value, key, None))
                # Each kind contributes at most the cap, so the merged first-N stays exact.
                if len(seen) >= MAX_FACTS_PER_TEXT:
                    break
    if "item" in kinds and outline is not None:
        for name in ITEM_SECTIONS:
            for item in _items(outline.lines.get(name, ())):
                candidates.append(
                    (item.offset, _KIND_RANK["item"], "item", item.text, item.key, name)
                )
    candidates.sort(key=lambda candidate: (candidate[0], candidate[1]))
    facts: list[Fact] = []
    done: set[tuple[str, str]] = set()
    for pos, _rank, kind, value, key, section in candidates:
        if (kind, key) in done:
            continue
        done.add((kind, key))
        if section is None and outline is not None:
            section = outline.section_at(pos)
        critical = kind == "item" or kind in CRITICAL_KINDS
        facts.append(Fact(kind, value, section, critical, key))
        if len(facts) >= MAX_FACTS_PER_TEXT:
            break
    return tuple(facts)


def extract_facts(summary: str) -> tuple[Fact, ...]:
    """The facts of a checkpoint summary, in order of first appearance, one per (kind, key).

    Paths, URLs, identifiers and errors are critical, and so is every item of
    Constraints & Preferences, Key Decisions and Critical Context; numbers and
    quoted strings are tracked but not critical.
    """
    summary = (summary or "")[:MAX_SCAN_CHARS]
    return _scan(summary, FACT_KINDS, _outline(summary))


# ----------------------------------------------------------------------------- matching


class _Budget:
    def __init__(self, chars: int = MENTION_SCAN_BUDGET) -> None:
        self.chars = chars


class _Mentions:
    """Answers "does this text still state the fact, maybe without the same markup?".

    A summary that drops the backticks around ``parse_config`` or writes
    ``src/a.py`` instead of ``./src/a.py:42`` has not lost the fact.
    """

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = [text[:MAX_SCAN_CHARS] for text in texts]
        self._tokens: set[str] | None = None
        self._raw: str | None = None
        self._lower: str | None = None

    @property
    def tokens(self) -> set[str]:
        if self._tokens is None:
            words: set[str] = set()
            urls: set[str] = set()
            for text in self.texts:
                words.update(_SIMPLE_TOKEN.findall(text))
                urls.update(match.group() for match in _limited(_URL.finditer(text)))
            # Variants are computed once per distinct token: long texts repeat a lot.
            tokens = set(words)
            for token in words:
                trimmed = token.rstrip(".")
                tokens.add(trimmed)
                tokens.add(_path_key(trimmed))
            tokens.update(normalize_key("url", url) for url in urls)
            self._tokens = tokens
        return self._tokens

    @property
    def raw(self) -> str:
        if self._raw is None:
            self._raw = "\n".join(self.texts)
        return self._raw

    @property
    def lower(self) -> str:
        if self._lower is None:
            self._lower = "\n".join(_collapse(text.lower()) for text in self.texts)
        return self._lower

    def contains(self, fact: Fact, budget: _Budget) -> bool:
        if fact.kind == "item" or not fact.key:
            return False
        if fact.kind in ("path", "url") or (
            fact.kind == "identifier" and _SIMPLE_TOKEN.fullmatch(fact.key)
        ):
            return fact.key in self.tokens
        haystack = self.raw if fact.kind == "identifier" else self.lower
        return _find_word(haystack, fact.key, budget)


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _find_word(haystack: str, needle: str, budget: _Budget) -> bool:
    """``needle`` occurs in ``haystack`` not glued to surrounding word characters."""
    if budget.chars < len(haystack):
        return False
    budget.chars -= len(haystack)
    check_before, check_after = _is_word(needle[0]), _is_word(needle[-1])
    start = haystack.find(needle)
    while start >= 0:
        end = start + len(needle)
        before_ok = not check_before or start == 0 or not _is_word(haystack[start - 1])
        after_ok = not check_after or end == len(haystack) or not _is_word(haystack[end])
        if before_ok and after_ok:
            return True
        start = haystack.find(needle, start + 1)
    return False


_Features = tuple[frozenset[tuple[str, str]], frozenset[str]]


def _features(text: str, cache: dict[str, _Features]) -> _Features:
    found = cache.get(text)
    if found is None:
        anchors = frozenset(fact.ident for fact in _scan(text, _ANCHOR_KINDS, None))
        words = frozenset(
            word for word in _item_key(text).split() if len(word) > 1 and word not in _STOPWORDS
        )
        found = cache[text] = (anchors, words)
    return found


def _similarity(old: _Features, new: _Features) -> float | None:
    """How surely ``new`` rewords ``old``, or None when it does not.

    An item whose facts (identifiers, paths, numbers ...) all reappear in the other
    is a rewording whatever the prose; without facts, at least half the words must match.
    """
    (old_anchors, old_words), (new_anchors, new_words) = old, new
    union = old_words | new_words
    overlap = len(old_words & new_words) / len(union) if union else 0.0
    if old_anchors and old_anchors <= new_anchors:
        return 1.0 + overlap
    if overlap >= 0.5:
        return overlap
    return None


def _pair(
    olds: Sequence[str], news: Sequence[str], cache: dict[str, _Features]
) -> list[tuple[int, int]]:
    """One-to-one (old index, new index) pairs of reworded items, best matches first."""
    if not olds or not news or len(olds) * len(news) > MAX_PAIR_CHECKS:
        return []
    new_features = [_features(text, cache) for text in news]
    candidates: list[tuple[float, int, int]] = []
    for i, text in enumerate(olds):
        old_features = _features(text, cache)
        for j, features in enumerate(new_features):
            score = _similarity(old_features, features)
            if score is not None:
                candidates.append((-score, i, j))
    candidates.sort()
    used_old: set[int] = set()
    used_new: set[int] = set()
    pairs = []
    for _score, i, j in candidates:
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            pairs.append((i, j))
    return sorted(pairs)


class _Snapshot:
    """A summary with its outline, facts and mention index, computed once."""

    def __init__(self, text: str) -> None:
        self.text = (text or "")[:MAX_SCAN_CHARS]
        self.outline = _outline(self.text)
        self.facts = _scan(self.text, FACT_KINDS, self.outline)
        self.idents = {fact.ident for fact in self.facts}
        self.mentions = _Mentions([self.text])
        self.critical = sum(1 for fact in self.facts if fact.critical)

    def items(self, section: str) -> list[_Item]:
        return _items(self.outline.lines.get(section, ()))


@dataclass(frozen=True)
class _FactDiff:
    retained: tuple[Fact, ...]
    lost: tuple[Fact, ...]
    added: tuple[Fact, ...]
    critical_old: int
    critical_lost: int

    @property
    def drift(self) -> float:
        return self.critical_lost / self.critical_old if self.critical_old else 0.0


def _diff_facts(
    old: _Snapshot, new: _Snapshot, budget: _Budget, cache: dict[str, _Features]
) -> _FactDiff:
    # Items are matched on their normalized text, then reworded ones are paired up, so that
    # "Use X because Y" rewritten as "Chose X (Y)" is neither lost nor added.
    old_items = [f for f in old.facts if f.kind == "item" and f.ident not in new.idents]
    new_items = [f for f in new.facts if f.kind == "item" and f.ident not in old.idents]
    pairs = _pair([f.value for f in old_items], [f.value for f in new_items], cache)
    paired_old = {old_items[i].ident for i, _ in pairs}
    paired_new = {new_items[j].ident for _, j in pairs}

    retained: list[Fact] = []
    lost: list[Fact] = []
    for fact in old.facts:
        if (
            fact.ident in new.idents
            or fact.ident in paired_old
            or new.mentions.contains(fact, budget)
        ):
            retained.append(fact)
        else:
            lost.append(fact)
    added = [
        fact
        for fact in new.facts
        if fact.ident not in old.idents
        and fact.ident not in paired_new
        and not old.mentions.contains(fact, budget)
    ]
    return _FactDiff(
        retained=tuple(retained),
        lost=tuple(lost),
        added=tuple(added),
        critical_old=old.critical,
        critical_lost=sum(1 for fact in lost if fact.critical),
    )


# ----------------------------------------------------------------------------- comparison


def _section_diff(
    name: str, olds: Sequence[_Item], news: Sequence[_Item], cache: dict[str, _Features]
) -> SectionDiff:
    by_key: dict[str, deque[int]] = defaultdict(deque)
    for j, item in enumerate(news):
        by_key[item.key].append(j)
    match_of_new: dict[int, int] = {}
    unmatched_old: list[int] = []
    for i, item in enumerate(olds):
        if by_key[item.key]:
            match_of_new[by_key[item.key].popleft()] = i
        else:
            unmatched_old.append(i)
    unmatched_new = [j for j in range(len(news)) if j not in match_of_new]
    reworded_new: dict[int, int] = {}
    pairs = _pair(
        [olds[i].text for i in unmatched_old], [news[j].text for j in unmatched_new], cache
    )
    for a, b in pairs:
        reworded_new[unmatched_new[b]] = unmatched_old[a]
    used_old = set(match_of_new.values()) | set(reworded_new.values())
    return SectionDiff(
        name=name,
        added=tuple(
            item.text
            for j, item in enumerate(news)
            if j not in match_of_new and j not in reworded_new
        ),
        removed=tuple(item.text for i, item in enumerate(olds) if i not in used_old),
        kept=tuple(
            item.text for j, item in enumerate(news) if j in match_of_new or j in reworded_new
        ),
        reworded=tuple((olds[reworded_new[j]].text, news[j].text) for j in sorted(reworded_new)),
    )


def _line_diff(old: str, new: str) -> tuple[DiffLine, ...]:
    a, b = old.splitlines(), new.splitlines()
    if len(a) + len(b) <= MAX_DIFF_LINES:
        opcodes = difflib.SequenceMatcher(None, a, b).get_opcodes()
    else:
        # difflib is quadratic in the worst case: for huge inputs keep the common head and
        # tail and show the middle as replaced. Still a correct (if coarse) diff.
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        opcodes = [("equal", 0, head, 0, head)]
        opcodes.append(("replace", head, len(a) - tail, head, len(b) - tail))
        opcodes.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    lines: list[DiffLine] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            for offset in range(i2 - i1):
                lines.append(DiffLine(" ", i1 + offset + 1, j1 + offset + 1, a[i1 + offset]))
            continue
        for i in range(i1, i2):
            lines.append(DiffLine("-", i + 1, None, a[i]))
        for j in range(j1, j2):
            lines.append(DiffLine("+", None, j + 1, b[j]))
    return tuple(lines)


def compare_summaries(old: str, new: str) -> DriftReport:
    """How ``new`` drifted from ``old``: section items, facts, drift score, growth, line diff.

    ``drift_score`` is the share of ``old``'s critical facts that ``new`` no longer
    has (by key, by a plain mention of the same value, or, for items, by a rewording).
    """
    old, new = old or "", new or ""
    before, after = _Snapshot(old), _Snapshot(new)
    cache: dict[str, _Features] = {}
    facts = _diff_facts(before, after, _Budget(), cache)
    sections = []
    emptied = []
    for name in SECTIONS:
        olds, news = before.items(name), after.items(name)
        sections.append(_section_diff(name, olds, news, cache))
        if olds and not news:
            emptied.append(name)
    return DriftReport(
        sections=tuple(sections),
        retained=facts.retained,
        lost=facts.lost,
        added=facts.added,
        drift_score=facts.drift,
        critical_old=facts.critical_old,
        critical_lost=facts.critical_lost,
        size_old=len(old),
        size_new=len(new),
        growth=len(new) / len(old) if old else None,
        emptied_sections=tuple(emptied),
        line_diff=_line_diff(old, new),
    )


# ----------------------------------------------------------------------------- ledger


def _present(
    fact: Fact, snapshot: _Snapshot, budget: _Budget, cache: dict[str, _Features], checks: list[int]
) -> bool:
    if fact.ident in snapshot.idents:
        return True
    if fact.kind != "item":
        return snapshot.mentions.contains(fact, budget)
    # A reworded item still counts as present; the comparisons share one budget (checks[0]).
    old_features = _features(fact.value, cache)
    for other in snapshot.facts:
        if other.kind != "item":
            continue
        if checks[0] <= 0:
            return False
        checks[0] -= 1
        if _similarity(old_features, _features(other.value, cache)) is not None:
            return True
    return False


def fact_ledger(versions: Sequence[tuple[int, str]]) -> FactLedger:
    """Every fact of a chain of (version, summary): when it appeared, held, vanished, returned.

    Versions are taken in ascending version order. Entries are ordered by the
    version a fact first appeared in, then by its position in that version.
    """
    chain = sorted(((int(number), text or "") for number, text in versions), key=lambda p: p[0])
    numbers = [number for number, _ in chain]
    snapshots = [_Snapshot(text) for _, text in chain]
    budget, cache = _Budget(), {}
    checks = [MAX_PAIR_CHECKS * max(1, len(chain))]

    first: dict[tuple[str, str], tuple[int, Fact]] = {}
    for index, snapshot in enumerate(snapshots):
        for fact in snapshot.facts:
            first.setdefault(fact.ident, (index, fact))

    entries = []
    for start, fact in first.values():
        present = [start]
        missing = []
        for index in range(start + 1, len(snapshots)):
            found = _present(fact, snapshots[index], budget, cache, checks)
            (present if found else missing).append(index)
        last = present[-1]
        entries.append(
            LedgerEntry(
                fact=fact,
                first_version=numbers[start],
                last_version=numbers[last],
                in_latest=last == len(snapshots) - 1,
                present_in=tuple(numbers[i] for i in present),
                missing_in=tuple(numbers[i] for i in missing),
                gaps=tuple(numbers[i] for i in missing if i < last),
            )
        )

    timeline = []
    for index, snapshot in enumerate(snapshots):
        if index == 0:
            drift, lost, added = None, 0, len(snapshot.facts)
        else:
            diff = _diff_facts(snapshots[index - 1], snapshot, budget, cache)
            drift, lost, added = diff.drift, len(diff.lost), len(diff.added)
        timeline.append(
            VersionPoint(
                version=numbers[index],
                chars=len(chain[index][1]),
                facts=len(snapshot.facts),
                critical_facts=snapshot.critical,
                drift_score_vs_previous=drift,
                lost=lost,
                added=added,
            )
        )
    return FactLedger(versions=tuple(numbers), entries=tuple(entries), timeline=tuple(timeline))


# ----------------------------------------------------------------------------- coverage


def coverage(summaries: Sequence[str], originals: Iterable[str]) -> Coverage:
    """Facts (paths, URLs, identifiers, errors) of the original messages no summary carried.

    ``share_carried`` is 1.0 when the originals hold no such facts: nothing was lost.
    """
    texts = [text or "" for text in summaries]
    carried_idents: set[tuple[str, str]] = set()
    for text in texts:
        carried_idents.update(fact.ident for fact in extract_facts(text))
    mentions = _Mentions(texts)
    budget = _Budget()

    facts: list[Fact] = []
    seen: set[tuple[str, str]] = set()
    for original in originals:
        if len(facts) >= MAX_COVERAGE_FACTS:
            break
        for fact in _scan(original or "", COVERAGE_KINDS, None):
            if fact.ident not in seen:
                seen.add(fact.ident)
                facts.append(fact)
                if len(facts) >= MAX_COVERAGE_FACTS:
                    break

    carried: list[Fact] = []
    never: list[Fact] = []
    for fact in facts:
        if fact.ident in carried_idents or mentions.contains(fact, budget):
            carried.append(fact)
        else:
            never.append(fact)
    return Coverage(
        original_facts=len(facts),
        carried=tuple(carried),
        never_carried=tuple(never),
        share_carried=len(carried) / len(facts) if facts else 1.0,
    )


__all__ = [
    "COVERAGE_KINDS",
    "CRITICAL_KINDS",
    "FACT_KINDS",
    "ITEM_SECTIONS",
    "Coverage",
    "DiffLine",
    "DriftReport",
    "Fact",
    "FactLedger",
    "LedgerEntry",
    "SectionDiff",
    "VersionPoint",
    "compare_summaries",
    "coverage",
    "extract_facts",
    "fact_ledger",
    "normalize_key",
]
