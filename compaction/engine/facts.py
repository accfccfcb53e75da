"""Facts of a text: one fact per real-world thing, with one kind and one key.

The one fact extractor of the app. Drift compares the facts of two summary versions, the
ledger follows them along a chain, coverage looks for the facts of archived originals in the
summaries, the drift guard names what a summary lost, and the offline summarizer lists them
in Critical Context: all of them use this module, so "a fact" means the same thing everywhere.

Kinds:

- atoms, found anywhere: ``url``, ``path``, ``command`` (a backticked shell command),
  ``error``, ``identifier`` (backticked names, snake_case / SCREAMING_CASE names, ticket ids,
  host names) and ``number`` (a number with its unit, an amount, a version, a date, a time,
  a port: ``compaction.engine.quantities``);
- items of a summary: a bullet of Constraints & Preferences is a ``constraint`` or a
  ``preference`` and one of Key Decisions a ``decision`` (the atoms they name are their
  *anchors*, not facts of their own); a bullet of Progress or Next Steps that names no atom
  is a ``task``, one of Critical Context a ``note``.

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
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from compaction.engine.outline import Outline, item_key, items, outline
from compaction.engine.quantities import Span, is_number, number_key, number_spans

#: Facts found anywhere in a text.
ATOM_KINDS: tuple[str, ...] = ("url", "path", "command", "error", "identifier", "number")
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
    "gradle|mk|cmake|patch|diff|dockerfile|parquet|xlsx|xls|pdf|docx|ics|png|jpg|svg|zip|gz"
)
_BARE_FILE = re.compile(
    r"[\w.@+-]*[\w@+-]\.(?:" + _EXTENSIONS + r")"
    r"|\.(?:env|gitignore|dockerignore|editorconfig|bashrc|zshrc|npmrc|pypirc|coveragerc|flake8)"
    r"|Dockerfile|Makefile|Procfile|Justfile",
    re.IGNORECASE,
)
# Top-level directories: "/etc" is a path, "/body" (a closing tag seen through escaping) is not.
_ROOTS = frozenset(
    {
        "bin", "boot", "dev", "etc", "home", "lib", "lib64", "mnt", "opt", "proc", "root", "run",
        "sbin", "srv", "sys", "tmp", "usr", "var", "app", "data", "work", "workspace", "code",
        "src", "project", "repo",
    }
)  # fmt: skip
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
# A person named with a title ("Dr. Albers", "Frau Yilmaz"): someone the user deals with.
# Names without a title are not told from product and company names, so they are left out.
_TITLED_NAME = re.compile(
    r"\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|Frau|Herr|Mme|Mlle|Sr|Sra)\.? [A-Z][\w'-]{1,30}"
    r"(?: [A-Z][\w'-]{1,30})?"
)
SIMPLE_TOKEN = re.compile(r"[\w.~/@+-]++")
# A document type declaration is markup: its "HTML 4.01" is no version, its //EN no path.
_DOCTYPE = re.compile(r"<!DOCTYPE[^>\n]{0,500}>|\"-//[^\"\n]{0,300}\"", re.IGNORECASE)
_ESCAPES = re.compile(r"\\[ntr\"/]|&(?:lt|gt|amp|quot|#39);")
# Replacements keep the length, so offsets found in the cleaned text hold in the original.
_ESCAPED = {"\\n": " \n", "\\t": "  ", "\\r": "  ", '\\"': ' "', "\\/": " /",
            "&lt;": "   <", "&gt;": "   >", "&amp;": "    &", "&quot;": '     "',
            "&#39;": "    '"}  # fmt: skip
_PREFERENCE = re.compile(
    r"\b(?:prefers?|preferred|likes?|wants?|would rather|rather than|favou?rs?|dislikes?|"
    r"hates?|style|tone)\b",
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


def path_key(value: str) -> str:
    base = _LINE_SUFFIX.sub("", value.rstrip("."))
    base = base.removeprefix("./")
    return base.rstrip("/") or base


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
        key = collapse(value)
        return key[:-2] if key.endswith("()") and len(key) > 2 else key
    if kind == "command":
        return collapse(value.removeprefix("$ "))
    if kind == "error":
        return _error_key(value)
    if kind == "number":
        return number_key(value)
    return item_key(value)


# ----------------------------------------------------------------------------- atoms


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
        if base.startswith("/") and len(segments) == 1:
            # /etc, /tmp/, /app.py are paths; /body, /h1, /li are closing tags.
            return value if segments[0] in _ROOTS or _BARE_FILE.fullmatch(segments[0]) else None
        if base.startswith(("/", "./", "../", "~/")) or base.endswith("/"):
            return value
        # and/or, TCP/IP, km/h are not paths; src/app.py and a/b/c are.
        if len(segments) >= 3 or _BARE_FILE.fullmatch(segments[-1]):
            return value
        return None
    return value if _BARE_FILE.fullmatch(base) else None


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
        for match in limited(_PATH.finditer(self.text)):
            token = match.group()
            if "/" not in token and "." not in token and not token.endswith("file"):
                continue  # cheap rejection of plain words, the bulk of all tokens
            value = path_value(match.group())
            if value is not None:
                yield match.start(), match.end(), "path", value

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
        for match in limited(_TITLED_NAME.finditer(self.text)):
            yield match.start(), match.end(), "identifier", match.group()

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
                value = match.group().strip()[:MAX_VALUE_CHARS]
                found.append((match.start(), match.end(), "error", value))
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


def _claim_kind(section: str, text: str) -> str:
    if section == "Key Decisions":
        return "decision"
    return "preference" if _PREFERENCE.search(text) else "constraint"


@dataclass(frozen=True)
class SummaryFacts:
    """The facts of one summary, and every place (section) each atom key occurs in."""

    outline: Outline
    facts: tuple[Fact, ...]
    places: dict[tuple[str, str], frozenset[str | None]]


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
    plain: dict[str, list[tuple[int, str]]] = {
        "Done": sections.progress["Done"],
        "In Progress": sections.progress["In Progress"],
        "Next Steps": sections.lines.get("Next Steps", []),
        "Critical Context": sections.lines.get("Critical Context", []),
    }
    for name, section_lines in plain.items():
        for item in items(section_lines):
            if atom_spans(item.text):
                continue
            kind = PLAIN_ITEM_KINDS[name]
            fact = Fact(kind, item.text, name, kind in CRITICAL_KINDS, item.key, item.text)
            candidates.append((item.offset, _KIND_RANK[kind], fact))
    candidates.sort(key=lambda candidate: (candidate[0], candidate[1]))
    facts: list[Fact] = []
    done: set[tuple[str, str]] = set()
    for _pos, _rank, fact in candidates:
        if fact.ident in done or not fact.key:
            continue
        done.add(fact.ident)
        places.setdefault(fact.ident, set()).add(fact.section)
        facts.append(fact)
        if len(facts) >= MAX_FACTS_PER_TEXT:
            break
    return SummaryFacts(
        outline=sections,
        facts=tuple(facts),
        places={ident: frozenset(found) for ident, found in places.items()},
    )


def extract_facts(summary: str) -> tuple[Fact, ...]:
    """The facts of a checkpoint summary, in order of first appearance, one per (kind, key)."""
    return summary_facts(summary).facts
