"""A line diff of two summary versions, for reading beside the audit. Pure."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

#: Above this many lines (both sides), the diff is coarse: difflib is quadratic at worst.
MAX_DIFF_LINES = 4_000


@dataclass(frozen=True, slots=True)
class DiffLine:
    """One line of a unified-style diff: ``op`` is " " (both), "-" (old) or "+" (new)."""

    op: str
    old_no: int | None
    new_no: int | None
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"op": self.op, "old_no": self.old_no, "new_no": self.new_no, "text": self.text}


def line_diff(old: str, new: str) -> tuple[DiffLine, ...]:
    a, b = old.splitlines(), new.splitlines()
    if len(a) + len(b) <= MAX_DIFF_LINES:
        opcodes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    else:
        # Keep the common head and tail and show the middle as replaced: still a correct,
        # if coarse, diff.
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        opcodes = [
            ("equal", 0, head, 0, head),
            ("replace", head, len(a) - tail, head, len(b) - tail),
            ("equal", len(a) - tail, len(a), len(b) - tail, len(b)),
        ]
    lines: list[DiffLine] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            lines += [DiffLine(" ", i + 1, j1 + i - i1 + 1, a[i]) for i in range(i1, i2)]
            continue
        lines += [DiffLine("-", i + 1, None, a[i]) for i in range(i1, i2)]
        lines += [DiffLine("+", None, j + 1, b[j]) for j in range(j1, j2)]
    return tuple(lines)
