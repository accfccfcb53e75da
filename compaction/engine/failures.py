"""Where program output shows an error: the lines a failing tool result is kept by.

An error line is one a program prints, recognised by the form programs give it: a Python
traceback's header and final exception (``ValueError: bad date``), a test runner's
``FAILED tests/x.py::test_y`` or ``ERROR ...``, an HTTP status (``503 Service
Unavailable``), or ``error:`` / ``fatal:`` / ``panic:`` opening the line, after at most
pytest's ``E`` marker or a compiler's ``file:line:`` location. Output forms, not prose: a
sentence that mentions an error is not one. ``compaction.engine.preserve`` keeps these
lines verbatim; the offline summarizer lists them. Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_SCAN_CHARS = 2_000_000
#: Longest traceback followed, in lines, and the part of a line looked at.
MAX_TRACEBACK_LINES = 2_000
MAX_LINE_SCAN = 2_000
MAX_ERROR_CHARS = 500

# What a program prints before its error on the same line: pytest's "E" marker, or a
# compiler's or linter's location ("src/app.py:12:", "src/main.rs:3:5:").
_OUTPUT_LEAD = re.compile(r"(?:E[ \t]++|[\w./\\-]{1,300}+:\d{1,9}+(?::\d{1,9}+)?:[ \t]?)?")
# Every error form below holds one of these, in any case, or an HTTP status: text without
# one is skipped before the patterns run (substring tests, many times faster).
_ERROR_WORDS = ("error", "exception", "traceback", "failed", "fatal", "panic")
_HTTP_HINT = re.compile(r"[45]\d\d ")
_TRACEBACK_HEADER = re.compile(r"Traceback \(most recent call last\):[ \t\r]*+")
# ``ValueError: message`` / ``json.decoder.JSONDecodeError: ...``: a class name ending in
# Error or Exception with something before it, and a message.
_EXCEPTION = re.compile(
    r"(?:[A-Za-z_]\w*+\.)*+[A-Z]\w*+(?:(?<=\wError)|(?<=\wException)):[ \t]*+[^\n]{0,300}"
)
_FAILED = re.compile(r"(?:FAILED|ERROR)[ \t]++[\w./:\[\]-]++[^\n]{0,300}")
_HTTP_ERROR = re.compile(r"(?:HTTP )?[45]\d\d (?:[A-Z][a-z]++ ?){1,4}(?=[\s.,;)]|$)")
_GENERIC = re.compile(r"(?:error|fatal|panic)(?:\[[\w-]{1,20}\])?:[ \t]*+[^\n]{1,300}", re.I)
_FORMS = (_EXCEPTION, _FAILED, _HTTP_ERROR, _GENERIC)
# A traceback's frames: 'File "src/app.py", line 42'.
_FRAME = re.compile(r'File "([^"\n]{1,500})", line (\d{1,9})')


def _may_show_error(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in _ERROR_WORDS) or _HTTP_HINT.search(text) is not None


def _error_at(line: str) -> int:
    """Where the error of ``line`` starts (-1: it shows none): after at most an output lead,
    or a traceback's header wherever it starts ("Applying 0007...Traceback (...):")."""
    header = _TRACEBACK_HEADER.search(line)
    if header is not None and header.end() == len(line.rstrip()):
        return header.start()
    lead = _OUTPUT_LEAD.match(line)
    start = lead.end() if lead else 0
    if any(form.match(line, start) for form in _FORMS):
        return start
    return -1


def _traceback_end(lines: Sequence[str], start: int) -> int:
    """The line of a Python traceback's final exception: the first unindented line after
    its header and the indented frames (the header's own line when there is none)."""
    end = start
    for index in range(start + 1, min(len(lines), start + MAX_TRACEBACK_LINES)):
        line = lines[index]
        if not line.strip():
            continue
        end = index
        if not line[0].isspace():
            return index
    return end


def failure_lines(text: str) -> tuple[tuple[int, int], ...]:
    """Where a program's output in ``text`` shows an error: ``(first, last)`` line indexes
    (0-based, inclusive), in order. A Python traceback runs from its header to its final
    exception line, whatever that exception is called."""
    text = text[:MAX_SCAN_CHARS]
    if not _may_show_error(text):
        return ()
    lines = text.split("\n")
    found: list[tuple[int, int]] = []
    index = 0
    while index < len(lines):
        line = lines[index][:MAX_LINE_SCAN]
        end = -1
        if _may_show_error(line):
            at = _error_at(line)
            if at >= 0:
                traceback = _TRACEBACK_HEADER.match(line, at) is not None
                end = _traceback_end(lines, index) if traceback else index
        if end >= 0:
            found.append((index, end))
            index = end
        index += 1
    return tuple(found)


def error_lines(text: str) -> list[str]:
    """The errors ``text`` shows, as printed (a traceback by its final exception line)."""
    lines = text[:MAX_SCAN_CHARS].split("\n")
    errors = []
    for first, last in failure_lines(text):
        line = lines[last].strip() if last > first else lines[first][:MAX_LINE_SCAN]
        at = max(_error_at(line), 0)
        errors.append(line[at:].strip()[:MAX_ERROR_CHARS])
    return [error for error in errors if error]


def failing_frame(text: str) -> str | None:
    """``path:line`` of a traceback's innermost frame (the one that failed), if any."""
    frames = _FRAME.findall(text[:MAX_SCAN_CHARS])
    return f"{frames[-1][0]}:{frames[-1][1]}" if frames else None
