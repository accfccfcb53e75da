"""Facts of a text: the paths, URLs, identifiers, errors, numbers and quoted strings it states.

The one fact extractor of the app. Drift compares the facts of two summary versions, the
ledger follows them along a chain, coverage looks for the facts of archived originals in the
summaries, and the offline summarizer lists them in Critical Context: all of them use
``scan_facts`` and the patterns here, so "a fact" means the same thing everywhere.

Work is bounded so that an operator can point this at any stored text: every regular
expression is linear (possessive quantifiers, bounded repeats, no nested open-ended groups),
at most ``MAX_FACTS_PER_TEXT`` facts are taken from one text, at most ``MAX_SCAN_CHARS``
characters of it are scanned, and mention searches share an explicit ``Budget``. When a budget
runs out the answer is still deterministic, just less lenient (a fact that could only be
found by an over-budget search counts as missing).

Pure: no Django, no database.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.outline import Outline, item_key, items, outline

#: Every fact kind; the order also breaks ties between facts starting at the same offset.
FACT_KINDS: tuple[str, ...] = ("item", "url", "path", "error", "identifier", "number", "quoted")
#: Kinds that are always critical: losing one of them can derail the agent.
CRITICAL_KINDS: frozenset[str] = frozenset({"path", "url", "identifier", "error"})
#: Sections whose bullet items are facts of their own (and critical ones).
ITEM_SECTIONS: tuple[str, ...] = ("Constraints & Preferences", "Key Decisions", "Critical Context")
#: What ``coverage`` looks for in original messages: precise, copyable facts, not prose.
COVERAGE_KINDS: tuple[str, ...] = ("url", "path", "error", "identifier")
#: The kinds that tie a reworded item to its original: everything but the item itself.
ANCHOR_KINDS: tuple[str, ...] = ("url", "path", "error", "identifier", "number", "quoted")

MAX_FACTS_PER_TEXT = 2_000
MAX_SCAN_CHARS = 2_000_000
MAX_VALUE_CHARS = 500
# Raw regex matches looked at per kind and text: repeated duplicates cannot keep us busy.
MAX_MATCHES_PER_KIND = 100_000
# Characters str.find() may scan, per public call, when looking for a fact's plain mention.
MENTION_SCAN_BUDGET = 200_000_000

_KIND_RANK = {kind: rank for rank, kind in enumerate(FACT_KINDS)}

# ----------------------------------------------------------------------------- patterns

_URL = re.compile(r"\bhttps?://[^\s<>\"'`)\]]++", re.IGNORECASE)
# A path-like token. The look-behind stops a match from starting inside another token, so
# every character is the start of at most one real attempt; possessive quantifiers never
# give characters back. Whether the token really is a path is decided in path_value(). A
# "<" before the slash is markup (</body>), not a root directory.
_PATH = re.compile(r"(?<![\w/.~@+\\<-])(?:~|\.{1,2})?/?[\w.@+-]++(?:/[\w.@+-]*+)*+(?::\d++){0,2}")
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


# ----------------------------------------------------------------------------- facts


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


def facts_as_dicts(facts: Iterable[Fact]) -> list[dict[str, Any]]:
    return [fact.as_dict() for fact in facts]


# ----------------------------------------------------------------------------- keys


def _collapse(text: str) -> str:
    return " ".join(text.split())


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
    return item_key(value)


# ----------------------------------------------------------------------------- extraction


def path_value(token: str) -> str | None:
    """``token`` cleaned up when it is a file path, else None."""
    value = token.rstrip(".")
    if not value or len(value) > MAX_VALUE_CHARS:
        return None
    base = _LINE_SUFFIX.sub("", value)
    if not any(char.isalpha() for char in base):
        return None  # 12/25, 1/2, 2024/01/01
    if "/" in base:
        if "//" in base:
            return None  # -//W3C//DTD, a URL without its scheme, ASCII art: not a file
        segments = [part for part in base.split("/") if part not in ("", ".", "..", "~")]
        if not segments or not all(any(char.isalnum() for char in part) for part in segments):
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
            value = path_value(match.group())
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
            if not any(char.isspace() for char in content) and path_value(content):
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


def scan_facts(
    text: str, kinds: Sequence[str], sections: Outline | None = None
) -> tuple[Fact, ...]:
    """Facts of ``kinds`` in ``text``, in order of first appearance, deduplicated, capped.

    With ``sections`` (the text's outline), each fact knows its section and the bullet
    items of ``ITEM_SECTIONS`` are facts too (kind "item").
    """
    return tuple(fact for _, fact in locate_facts(text, kinds, sections))


def locate_facts(
    text: str, kinds: Sequence[str], sections: Outline | None = None
) -> tuple[tuple[int, Fact], ...]:
    """``scan_facts`` with the offset in ``text`` where each fact first appears."""
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
    if "item" in kinds and sections is not None:
        for name in ITEM_SECTIONS:
            for item in items(sections.lines.get(name, ())):
                candidates.append(
                    (item.offset, _KIND_RANK["item"], "item", item.text, item.key, name)
                )
    candidates.sort(key=lambda candidate: (candidate[0], candidate[1]))
    facts: list[tuple[int, Fact]] = []
    done: set[tuple[str, str]] = set()
    for pos, _rank, kind, value, key, section in candidates:
        if (kind, key) in done:
            continue
        done.add((kind, key))
        if section is None and sections is not None:
            section = sections.section_at(pos)
        critical = kind == "item" or kind in CRITICAL_KINDS
        facts.append((pos, Fact(kind, value, section, critical, key)))
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
    return scan_facts(summary, FACT_KINDS, outline(summary))


# ----------------------------------------------------------------------------- mentions


class Budget:
    def __init__(self, chars: int = MENTION_SCAN_BUDGET) -> None:
        self.chars = chars


class Mentions:
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

    def contains(self, fact: Fact, budget: Budget) -> bool:
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


def _find_word(haystack: str, needle: str, budget: Budget) -> bool:
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
