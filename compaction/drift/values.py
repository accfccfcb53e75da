"""The artifact values of a text: what an audit can compare without reading the prose.

A value is something written in a form of its own, which a rewording keeps verbatim: a file
path, a URL, an identifier (a backticked span, a ticket like ``LRK-2291``, a commit hash, a
``snake_case`` or ``CamelCase`` name, an ``ENV_VAR``, a ``--flag``), a version, a date or a
time, a number with its unit. Values are found by their syntax alone, never by a list of
words: a name a sentence capitalises is prose, not a value.

Whether a value is still in another text (``Haystack.holds``) is decided leniently, so that
what the audit counts is a value truly gone: case and markup are ignored, a number is found
with any unit and any thousands separator, a date in any of the forms read here.

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

#: Kinds of value, in the order the extractor claims a span of text.
KINDS: tuple[str, ...] = ("url", "identifier", "path", "date", "version", "number")
#: Bounds: a stored text can be anything.
MAX_TEXT_CHARS = 200_000
MAX_VALUES = 500
MAX_VALUE_CHARS = 500

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        1,
    )
    for name in names
}
_MONTH = r"(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
# A cheap look for a month's name before the costlier date pattern runs.
_MONTH_WORD = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")

_BACKTICKED = re.compile(r"`([^`\n]{1,500})`")
_URL = re.compile(r"\b(?:https?|wss?|s3|gs|git|ssh)://[^\s<>()\[\]{}`'\"]{2,300}")
_EMAIL = re.compile(r"\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+\b")
_ISO_DATE = re.compile(
    r"\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(:\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
)
_ORDINAL = r"(?:st|nd|rd|th)?"
_NAMED_DATE = re.compile(
    rf"\b(?:(\d{{1,2}}){_ORDINAL}[ \t]+({_MONTH})|({_MONTH})[ \t]+(\d{{1,2}}){_ORDINAL})"
    r"(?![\w:])(?:,?[ \t]+(\d{4}))?\b",
    re.IGNORECASE,
)
_TIME = re.compile(r"(?<![\w:.])(\d{1,2}):(\d{2})(:\d{2})?(?:[ \t]?([AaPp])\.?[Mm]\.?)?(?![\w:])")
_VERSION = re.compile(
    r"(?<![\w.])(?:v\d+(?:\.\d+){0,3}|\d+\.\d+\.\d+(?:\.\d+)?)(?:-[\w.]+)?(?![\w])"
)
_ADDRESS = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?(?::\d{1,5})?(?![\w.])")
# A phone or account number written in groups: "+49 151 2290 4471", "029 2076 4418".
_GROUPED = re.compile(r"(?<![\w+.,/-])\+?\d{2,4}(?:[ -]\d{2,5}){2,5}(?![\w/-]|[.,]\d|[ -]\d)")
# Digits in hyphenated groups: a tax id, an account or order number ("94-3318207").
_HYPHENATED = re.compile(r"(?<![\w.,/-])\d{2,}(?:-\d{2,}){1,4}(?![\w/-]|[.,]\d)")
_TICKET = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,9}-\d{1,7}(?![\w-])")
_ISSUE = re.compile(r"(?<![\w&])#\d{1,7}\b")
_HASH = re.compile(r"(?<![\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w-])")
_SNAKE = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w-])")
_CAMEL = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:[a-z0-9][A-Z][A-Za-z0-9]*){2,}(?![\w-])")
_CALL = re.compile(r"(?<![\w.])[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*\(\)")
_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]{1,40}(?:=[^\s,;]+)?")
_PATH = re.compile(
    r"(?<![\w/.:-])(?:~|\.{1,2})?/?(?:[\w@.+-]{1,100}/){1,30}[\w@.+-]{0,100}"
    r"|(?<![\w/.-])[\w@+-]{2,100}(?:\.[\w-]{1,20})*\.[a-z][a-z0-9]{0,5}(?![\w/])"
)
_NUMBER = re.compile(
    r"(?<![\w.,/-])([$\u20ac\u00a3\u00a5]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\d|[.,]\d)"
    # A unit: a sign, letters written against the number ("150MB", "6h"), or a short
    # symbol after a space ("150 MB", "3 GiB"); a word after a space is prose.
    r"(%|[a-zA-Z\u00b5\u00b0]{1,6}\b|[ \t](?:[a-z\u00b5\u00b0]?[A-Z][A-Za-z]{0,2}|%)\b)?"
)
_PROGRAM = re.compile(r"[a-z][a-z0-9_.-]{1,30}")
_DIGITS = re.compile(r"(?<![A-Za-z\d.,])\d+(?:,\d{3})*(?:\.\d+)?")
_MARKUP = re.compile(r"`|\*\*")


@dataclass(frozen=True)
class Value:
    """One value as written, its kind, and the key two texts are compared by."""

    kind: str
    text: str
    key: str

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.text}


def _number_key(digits: str, decimals: str | None) -> str:
    whole = digits.replace(",", "").lstrip("0") or "0"
    fraction = (decimals or "").rstrip("0").rstrip(".")
    return whole + fraction


def _date_key(year: str | None, month: int, day: int) -> str:
    return f"{year or '*'}-{month:02d}-{day:02d}"


def _path_like(span: str) -> bool:
    """A slash-separated token that names a file or directory, not "and/or" or "TCP/IP"."""
    if "/" not in span:
        return True
    parts = [part for part in span.split("/") if part]
    if span.startswith(("/", "./", "../", "~/")) or len(parts) >= 3:
        return True
    if any("." in part.strip(".") or "_" in part for part in parts):
        return True
    # Two short words around a slash are prose ("read/write", "I/O").
    return span.endswith("/") and len(parts) >= 1 and len(span) > 4


class _Claims:
    """The characters of a text already taken by a value, so that a number inside a date
    or a path inside a backticked command is not a second value."""

    def __init__(self, size: int) -> None:
        self.taken = bytearray(size)

    def free(self, start: int, end: int) -> bool:
        return not any(self.taken[start:end])

    def take(self, start: int, end: int) -> None:
        self.taken[start:end] = b"\x01" * (end - start)


def _strip_tail(text: str) -> str:
    return text.rstrip(".,;:!?)]}'\"")


def _classify(span: str) -> str:
    if _URL.fullmatch(span):
        return "url"
    if " " not in span and ("/" in span or _PATH.fullmatch(span)) and _path_like(span):
        return "path"
    if _VERSION.fullmatch(span):
        return "version"
    return "identifier"


@lru_cache(maxsize=8192)
def values(text: str) -> tuple[Value, ...]:
    """The values of ``text`` in order of appearance, each once (by kind and key).

    Cached: an audit reads each item more than once, and a chain of versions repeats most
    items from one version to the next."""
    seen: set[tuple[str, str]] = set()
    unique: list[Value] = []
    for _, value in located(text):
        if (value.kind, value.key) not in seen:
            seen.add((value.kind, value.key))
            unique.append(value)
    return tuple(unique[:MAX_VALUES])


def located(text: str) -> list[tuple[int, Value]]:
    """Every value of ``text`` with its offset, in order (a value written twice, twice)."""
    text = text[:MAX_TEXT_CHARS]
    claims = _Claims(len(text))
    found: list[tuple[int, Value]] = []

    def add(start: int, end: int, kind: str, shown: str, key: str) -> None:
        if claims.free(start, end) and shown.strip():
            claims.take(start, end)
            found.append((start, Value(kind, shown[:MAX_VALUE_CHARS], key[:MAX_VALUE_CHARS])))

    for match in _BACKTICKED.finditer(text):
        inner = " ".join(match.group(1).split())
        kind = _classify(inner)
        add(match.start(), match.end(), kind, inner, _plain(inner))
    for match in _URL.finditer(text):
        url = _strip_tail(match.group())
        add(match.start(), match.start() + len(url), "url", url, _plain(url))
    for match in _EMAIL.finditer(text):
        add(match.start(), match.end(), "identifier", match.group(), _plain(match.group()))
    for start, end, shown, key in _dates(text):
        add(start, end, "date", shown, key)
    for match in _GROUPED.finditer(text):
        digits = sum(char.isdigit() for char in match.group())
        if digits >= 9:
            key = "".join(char for char in match.group() if char.isdigit())
            add(match.start(), match.end(), "identifier", match.group(), key)
    for pattern in (_ADDRESS, _HYPHENATED):
        for match in pattern.finditer(text):
            add(match.start(), match.end(), "identifier", match.group(), _plain(match.group()))
    for match in _CALL.finditer(text):
        add(match.start(), match.end(), "identifier", match.group(), _plain(match.group()))
    for match in _VERSION.finditer(text):
        add(match.start(), match.end(), "version", match.group(), _plain(match.group()))
    for match in _PATH.finditer(text):
        path = _strip_tail(match.group())
        stem = path.rsplit("/", 1)[-1].split(".", 1)[0]
        if len(path) > 2 and _path_like(path) and ("/" in path or re.search("[A-Za-z]", stem)):
            add(match.start(), match.start() + len(path), "path", path, _plain(path))
    for pattern in (_TICKET, _ISSUE, _HASH, _FLAG, _SNAKE, _CAMEL):
        for match in pattern.finditer(text):
            add(match.start(), match.end(), "identifier", match.group(), _plain(match.group()))
    for match in _NUMBER.finditer(text):
        _currency, digits, decimals, _unit = match.groups()
        add(match.start(), match.end(), "number", match.group(), _number_key(digits, decimals))
    found.sort(key=lambda pair: pair[0])
    return found


def _dates(text: str) -> list[tuple[int, int, str, str]]:
    """Dates and times: (start, end, as written, key), dates before the times inside them."""
    found = []
    for match in _ISO_DATE.finditer(text):
        year, month, day, hour, minute, seconds = match.groups()
        if 1 <= int(month) <= 12 and 1 <= int(day) <= 31:
            key = _date_key(year, int(month), int(day))
            if hour is not None:
                key += f" {int(hour)}:{minute}{seconds or ''}"
            found.append((match.start(), match.end(), match.group(), key))
    if _MONTH_WORD.search(text):
        for match in _NAMED_DATE.finditer(text):
            day = match.group(1) or match.group(4)
            month = _MONTHS[(match.group(2) or match.group(3)).lower().rstrip(".")]
            if 1 <= int(day) <= 31:
                key = _date_key(match.group(5), month, int(day))
                found.append((match.start(), match.end(), match.group(), key))
    for match in _TIME.finditer(text):
        hour, minute, seconds, half = match.groups()
        if int(hour) <= 24 and int(minute) < 60:
            key = _time_key(hour, minute, half) + (seconds or "")
            found.append((match.start(), match.end(), match.group(), key))
    return found


def _date_keys(text: str) -> list[str]:
    """The keys of the dates and times of ``text``, as ``values`` would give them (a time
    inside a date-time is the date-time's)."""
    taken = bytearray(len(text))
    keys = []
    for start, end, _shown, key in _dates(text):
        if not any(taken[start:end]):
            taken[start:end] = b"\x01" * (end - start)
            keys.append(key)
    return keys


def _time_key(hour: str, minute: str, half: str | None) -> str:
    number = int(hour)
    if half and half.lower() == "p" and number < 12:
        number += 12
    if half and half.lower() == "a" and number == 12:
        number = 0
    return f"{number}:{minute}"


def _plain(text: str) -> str:
    """Text as compared: code and bold markup removed, whitespace collapsed, case folded."""
    return " ".join(_MARKUP.sub(" ", text).split()).casefold()


class Haystack:
    """A text to look values up in (``holds``), read once."""

    def __init__(self, text: str) -> None:
        text = text[:MAX_TEXT_CHARS]
        self.plain = _plain(text)
        self.joined = " ".join(_MARKUP.sub("", text).split()).casefold()
        self.digit_runs = {
            "".join(c for c in m.group() if c.isdigit()) for m in _GROUPED.finditer(text)
        }
        self.numbers = {_number_key(*_split_number(m.group())) for m in _DIGITS.finditer(text)}
        self.dates: set[str] = set()  # as written: with their year, without one, times
        self.days: set[str] = set()  # every date's day, whatever its year
        for key in _date_keys(text):
            for part in key.split(" "):
                self.dates.add(part)
                if "-" in part:
                    self.days.add("*" + part[part.find("-") :])

    def holds(self, value: Value) -> bool:
        """Whether ``value`` is in the text, in any of the forms read here."""
        if value.kind == "number":
            return value.key in self.numbers
        if value.kind == "date":
            return all(self._has_date(part) for part in value.key.split(" "))
        return self._has_text(value.key) or value.key in self.digit_runs

    def holds_part(self, value: Value) -> bool:
        """Whether ``value`` is in the text in a shorter form that still names it: a path by
        a distinctive file name ("TenantFilter.java", "TenantFilter"), a chained call by its
        last call ("cancelAllWork()"), a call by its name when its arguments are parameter
        names ("withCallDeadline" of "withCallDeadline(ctx, method)"), a command without its
        program ("--wsrep-recover" of "mysqld --wsrep-recover"). Whether the shorter form
        says the same is not for the audit to decide: it leaves the item unverified."""
        if value.kind not in ("path", "identifier"):
            return False
        key = value.key.rstrip("/")
        parts: list[str] = []
        if (" " not in key and "/" in key) or value.kind == "path":
            name = key.rsplit("/", 1)[-1]
            stem = name.split(".", 1)[0]
            parts.append(name)
            if any(char.isupper() or char == "_" for char in value.text.rsplit("/", 1)[-1]):
                parts.append(stem)
        head, paren, args = key.partition("(")
        if paren and " " not in head:
            if key.endswith("()") and ")." in key:
                parts.append(key.rsplit(").", 1)[-1])
            elif args == ")" and len(head) >= 4:
                return self._has_text(head)  # "jest.fn" names "jest.fn()"
            elif ", " in args and not any(char.isdigit() for char in args):
                parts.append(head)
        words = key.split()
        if len(words) >= 2 and _PROGRAM.fullmatch(words[0]):
            parts.append(" ".join(words[1:]))
        return any(len(part) >= 8 and self._has_text(part) for part in parts)

    def _has_text(self, key: str) -> bool:
        """``key`` in the text as a whole token: "/billing" is not in "/billing2". Markup
        is read both as a break ("`Job`s") and as nothing ("`a`/`b`")."""
        return _has_token(self.plain, key) or _has_token(self.joined, key)

    def _has_date(self, part: str) -> bool:
        if part.startswith("*"):
            return part in self.days
        if "-" in part:  # a day with its year, here or written without one
            return part in self.dates or "*" + part[part.find("-") :] in self.dates
        return part in self.dates


@lru_cache(maxsize=8192)
def haystack(text: str) -> Haystack:
    """``Haystack(text)``, cached: the items of one version are looked in again and again."""
    return Haystack(text)


def _has_token(text: str, key: str) -> bool:
    start = text.find(key)
    while start >= 0:
        end = start + len(key)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (key[0].isalnum() and (before.isalnum() or before == "_")) and not (
            key[-1].isalnum() and (after.isalnum() or after == "_")
        ):
            return True
        start = text.find(key, start + 1)
    return False


def _split_number(text: str) -> tuple[str, str | None]:
    whole, _, fraction = text.partition(".")
    return whole, ("." + fraction) if fraction else None
