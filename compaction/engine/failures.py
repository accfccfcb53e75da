"""Where program output shows an error: the lines a failing tool result is kept by.

Built on the one fact extractor (``compaction.engine.facts``): an error here is one of its
``error`` facts, placed where a program prints it. ``compaction.engine.preserve`` keeps
these lines verbatim. Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compaction.engine.facts import MAX_SCAN_CHARS, locate_facts

# What a program prints before its error on the same line: pytest's "E" marker, or a
# compiler's or linter's location ("src/app.py:12:", "src/main.rs:3:5:").
_OUTPUT_LEAD = re.compile(r"(?:E[ \t]++|[\w./\\-]{1,300}+:\d{1,9}+(?::\d{1,9}+)?:[ \t]?)?")
# Every error pattern above needs one of these words, in any case, or an HTTP status: text
# without one is skipped before the extractors run (substring tests, many times faster than
# one regular expression over long output).
_ERROR_WORDS = ("error", "exception", "traceback", "failed", "fatal", "panic")
_HTTP_HINT = re.compile(r"[45]\d\d ")


def _may_show_error(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in _ERROR_WORDS) or _HTTP_HINT.search(text) is not None


_TRACEBACK_HEADER = re.compile(r"Traceback \(most recent call last\):[ \t\r]*+")
#: Longest traceback followed, in lines, and the part of a line looked at.
MAX_TRACEBACK_LINES = 2_000
MAX_LINE_SCAN = 2_000


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
    (0-based, inclusive), in order.

    An error is an ``error`` fact of this module that opens its line, after at most
    pytest's ``E`` marker or a ``file:line:`` location: printed output, not prose or code
    that mentions one (``except ValueError:``, a docstring's ``ValueError: if ...``). A
    Python traceback runs from its header (which ends its line, wherever it starts) to
    its final exception line, whatever that exception is called.
    """
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
            for offset, _fact in locate_facts(line, ("error",)):
                # A traceback's header ends its line, wherever it starts ("Applying
                # 0007...Traceback (most recent call last):").
                traceback = _TRACEBACK_HEADER.fullmatch(line, offset) is not None
                if traceback or _OUTPUT_LEAD.fullmatch(line, 0, offset):
                    end = _traceback_end(lines, index) if traceback else index
                    break
        if end >= 0:
            found.append((index, end))
            index = end
        index += 1
    return tuple(found)
