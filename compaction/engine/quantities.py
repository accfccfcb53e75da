"""Numbers of a text as facts: a number with its unit, an amount, a version, a date, a time,
a port; and the key that makes "30 seconds" and "30 s" one fact.

Part of the one fact extractor (``compaction.engine.facts``), which scans them with the
other atoms. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

Span = tuple[int, int, str, str]

_UNITS = (
    "%|ms|µs|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|"
    "[KMGT]i?B|bytes?|tokens?|chars?|characters?|retries|retry|attempts?|workers?|threads?|"
    "requests?|connections?|replicas?|nodes?|cores?|px|rpm|qps|rps|req/s|GHz|MHz|USD|EUR|GBP|"
    "kg|km|mg|ml|pt|em|nights?|W|kW|kWh|Wh|MW|MWh|mAh"
)
# "165 EUR/night", "$1,130/month": what a price or a limit is per.
_PER = (
    r"(?:/(?P<per>night|day|week|month|year|mo|yr|h|hour|min|minute|s|sec|second|head|person|"
    r"seat|user|GB|TB))?"
)
# "30 s", "9-day", "3-month", "2x", "165 EUR/night".
_NUMBER = re.compile(
    r"(?<![\w.,])(?P<n>\d{1,3}(?:,\d{3})++(?:\.\d++)?|\d++(?:\.\d++)?)"
    r"(?:(?P<x>[x\u00d7])|[ \t-]?(?P<u>" + _UNITS + r"))" + _PER + r"(?![\w/])",
    re.IGNORECASE,
)
# A count written with thousands separators is a measured number, not a step's tally:
# "found 18,442 duplicates", "3,112 cards".
_COUNT = re.compile(r"(?<![\w.,$€£/-])\d{1,3}(?:,\d{3})++(?:\.\d++)?(?![\w%]|[.,]\d)")
# "$1,130", "€28k", "EUR 1,450": an amount with its currency, thousands separators and
# magnitude ("k", "M", "bn") included, so that "~€28k" is not the number 28.
_MONEY = re.compile(
    r"(?<![\w.])(?:[$€£]|(?:EUR|USD|GBP|CHF|JPY|CAD|AUD) ?)\d{1,3}(?:,\d{3})*+(?:\.\d\d)?"
    r"(?:[kKM]|bn)?" + _PER + r"(?![\d.,]\d|\w)"
)
# Words that make "Osterstraße 12" an address, not a product and its version.
_STREETS = ("straße", "strasse", "street", "road", "weg", "gasse", "platz", "allee", "avenue")
_VERSION = re.compile(r"(?<![\w.])(?:[vV]\d++(?:\.\d++)*+|\d++(?:\.\d++){2,}+)(?![\w.]\w)")
# "Python 3.12", "PostgreSQL 15": a version after a product name.
_NAMED_VERSION = re.compile(
    r"\b(?P<name>[A-Z][\w+#-]{1,30}) (?P<v>\d{1,4}(?:\.\d{1,4}){0,3})(?![\w%]|\.\w| ?[x\u00d7])"
)
_DATE = re.compile(r"(?<![\w-])\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?Z?)?(?![\w-])")
# A date in words: "14 June 2024", "Friday 14 June", "June 14, 2024", "3 Dec 2026".
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_WORDED_DATE = re.compile(
    rf"(?<![\w.,])(?:\d{{1,2}}(?:st|nd|rd|th)? {_MONTH}(?:,? \d{{4}})?"
    rf"|{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?)(?![\w]|[.,:]\d)"
)
_WORDED_DATE_KEY = re.compile(_WORDED_DATE.pattern, re.IGNORECASE)
_CALENDAR_WORD = re.compile(
    rf"(?:{_MONTH}|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)s?", re.IGNORECASE
)
#: A date as a summary writes it, ISO or in words, for patterns that look for one.
DATE_TEXT = rf"\d{{4}}-\d\d-\d\d|{_WORDED_DATE.pattern}"
_TIME = re.compile(r"(?<![\w:.])\d{1,2}:\d\d(?: ?[ap]m)?(?![\w:])", re.IGNORECASE)
_PORT = re.compile(r"\bport[ :=]{1,3}\d{2,5}\b", re.IGNORECASE)
# A duration in parts: "3h 41m", "1h30m", "2m 15s", one number, not an hour and a minute.
_DURATION = re.compile(r"(?<![\w.,])\d{1,3}(?:h ?\d{1,2}m(?: ?\d{1,2}s)?|m ?\d{1,2}s)(?!\w)")
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


def is_calendar_word(word: str) -> bool:
    """Whether ``word`` names a month or a day of the week ("June", "Sundays"): a date's,
    not a name's."""
    return _CALENDAR_WORD.fullmatch(word) is not None


def is_number(text: str) -> bool:
    """Whether ``text`` is a number with its unit or a version, all of it."""
    return bool(_NUMBER.fullmatch(text) or _VERSION.fullmatch(text))


def number_key(value: str) -> str:
    signed = _SIGNED.fullmatch(value.strip())
    if signed is not None:
        return " ".join(part for part in signed.group("sign", "n", "u") if part)
    match = _NUMBER.fullmatch(value.strip())
    if match is None:
        key = " ".join(value.lower().split())
        # "v4.12.0" and "4.12.0" are one version.
        return key[1:] if _VERSION.fullmatch(value.strip()) and key[:1] == "v" else key
    number = match["n"].replace(",", "")
    unit = (match["x"] or match["u"]).lower()
    unit = _UNIT_CANON.get(unit, unit)
    if unit.endswith("ies") and len(unit) > 4:
        unit = unit[:-3] + "y"
    elif unit.endswith("s") and len(unit) > 3:
        unit = unit[:-1]
    per = f"/{match['per'].lower()}" if match["per"] else ""
    return f"{number}{unit}{per}" if unit in ("x", "%") else f"{number} {unit}{per}"


# A limit: a number after a word that bounds it, with what it counts ("at most 12 queries",
# "within 2 business days", "under 400 changed lines"), wherever the summary says it.
_LIMIT = re.compile(
    r"\b(?:at most|at least|up to|under|below|over|above|max|maximum|min|minimum|"
    r"no more than|fewer than|less than|more than|within)[ \t]+"
    r"(?P<n>\d{1,7}(?:[.,]\d++)?(?: (?:business|working|calendar|full|changed|new|open))?"
    r" [a-z][a-z-]{1,30})(?![\w-])",
    re.IGNORECASE,
)


#: Small words that never name what a number counts ("95 on /products/*", "12 per night");
#: a compound that starts with one ("3 on-call engineers") still does.
SMALL_WORD = r"(?:on|in|at|for|to|of|by|and|or|the|if|per|is)\b(?!-)"
# A number without a unit bounded by a sign, with what it counts: "score ≥ 95", "p < 0.05",
# "< 200 customers". The sign is part of the value: a bound of 95, not 95 things.
_SIGNED = re.compile(
    r"(?P<sign>[≥≤]|[<>]=?) ?(?P<n>\d{1,3}(?:,\d{3})++(?:\.\d++)?|\d++(?:\.\d++)?)"
    r"(?![\w.,%]|[.,]\d)"
    rf"(?: (?P<u>(?!{SMALL_WORD})[a-z][a-z-]{{1,30}}))?(?![\w-])"
)


def number_spans(
    text: str, limited: Callable[[Iterator[re.Match[str]]], Iterator[re.Match[str]]]
) -> Iterator[Span]:
    """The number facts of ``text``; ``limited`` bounds the matches of each pattern."""
    starts = set()
    patterns = (_NUMBER, _MONEY, _COUNT, _VERSION, _DATE, _WORDED_DATE, _TIME, _PORT, _DURATION)
    with_unit = set()
    for pattern in patterns:
        for match in limited(pattern.finditer(text)):
            starts.add(match.start())
            if pattern is not _COUNT:
                with_unit.add(match.start())
            yield match.start(), match.end(), "number", match.group()
    for match in limited(_LIMIT.finditer(text)):
        if match.start("n") not in starts:  # "under 16 MB" is a size, said with its unit
            yield match.start("n"), match.end("n"), "number", match["n"]
    for match in limited(_SIGNED.finditer(text)):
        # "< 200 ms" is a size, said with its unit; "< 1,000 customers" a bound, whose
        # digits alone ("1,000") are no fact of their own.
        if match.start("n") not in with_unit:
            yield match.start(), match.end(), "number", match.group()
    for match in limited(_NAMED_VERSION.finditer(text)):
        if match["name"].lower().endswith(_STREETS):
            continue
        if "." in match["v"] or len(match["v"]) <= 2:
            yield match.start("v"), match.end("v"), "number", match["v"]


_CURRENCY = re.compile(r"^[~≈]?([$€£]|eur|usd|gbp|chf|jpy|cad|aud)", re.IGNORECASE)
_CURRENCIES = {
    "$": "usd",
    "€": "eur",
    "£": "gbp",
    **{c: c for c in ("eur", "usd", "gbp", "chf", "jpy", "cad", "aud")},
}


def number_sort(key: str) -> str:
    """What sort of number a key is, so that only a number of the same sort can be its new
    value: a date for a date, an amount in one currency for another, 30 s for 45 s; a date
    never becomes "31 days"."""
    if _DATE.fullmatch(key) or _WORDED_DATE_KEY.fullmatch(key):
        return "date"
    if _TIME.fullmatch(key):
        return "time"
    if _VERSION.fullmatch(key) or re.fullmatch(r"\d+(?:\.\d+){1,3}", key):
        return "version"
    currency = _CURRENCY.match(key)
    if currency:
        return f"money {_CURRENCIES.get(currency[1], currency[1].lower())}"
    if key.startswith("port"):
        return "port"
    signed = _SIGNED.fullmatch(key)
    if signed is not None:
        return f"bound {signed['u'] or ''}".rstrip()
    if _DURATION.fullmatch(key):
        return "duration"
    unit = key.split(" ", 1)[1] if " " in key else key.lstrip("0123456789.,")
    if unit.split("/")[0] in _CURRENCIES.values():
        return f"money {unit.split('/')[0]}"
    return f"unit {unit.split('/')[0]}"  # "10 requests/s" may become "10 requests/min"
