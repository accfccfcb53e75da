"""The ledger as the model reads it: a bounded ``Files & artifacts`` section of the payload.

It follows the summary inside the cached prefix, so it is the same bytes on every turn
until the next compaction. What an agent needs back first comes first: unresolved errors,
files changed, test runs, commands, the web, files read, resolved errors; newest first in
each group. Lines are added while the section fits ``max_tokens``, strictly in that order;
what does not fit is counted in a last line, never dropped silently. Values are exact, cut
only at a line break or past ``MAX_VALUE_CHARS``. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compaction.engine.artifacts.entries import (
    CHANGES,
    CommandEntry,
    ErrorEntry,
    FileEntry,
    Ledger,
    SuiteRun,
    WebEntry,
)
from compaction.engine.tokens import CHARS_PER_TOKEN

HEADING = "## Files & artifacts"
OPEN, CLOSE = "<artifacts>", "</artifacts>"
INTRO = (
    "Recorded by the app from the tool calls of the archived messages (#{first}-#{last}), "
    "exactly as they ran, newest first; #N is the message. Not written by the summarizer."
)
MAX_VALUE_CHARS = 240
_ACTION_ORDER = ("read", "used", "created", "modified", "deleted")
_DELIMITER = re.compile(r"</?\s*artifacts\s*>", re.IGNORECASE)


def _value(text: str) -> str:
    """One line of a value: its first line (``…`` when more follow), bounded, and unable
    to close the section's delimiter."""
    first, _, rest = text.strip().partition("\n")
    line = first.rstrip() + (" \u2026" if rest.strip() else "")
    if len(line) > MAX_VALUE_CHARS:
        line = line[: MAX_VALUE_CHARS - 1] + "\u2026"
    return _DELIMITER.sub(lambda m: m.group(0).replace("<", "&lt;").replace(">", "&gt;"), line)


def code(text: str) -> str:
    """``text`` as inline code, however many backticks it holds."""
    value = _value(text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", value)), default=0) + 1)
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def _times(count: int, word: str) -> str:
    return f", {count} {word}" if count > 1 else ""


def error_line(entry: ErrorEntry) -> str:
    where = f"#{entry.seq}" + (f", exit {entry.exit_code}" if entry.exit_code else "")
    where += _times(entry.count, "times")
    line = f"- {code(entry.target)} ({where}): {_value(entry.text)}"
    if entry.resolved:
        line += f" \u2014 resolved: {entry.resolved_by}"
    return line


def file_actions(entry: FileEntry) -> str:
    """What was done to a file, in the order a file's life is told (read, created, modified,
    deleted), and the last of it when that is not the last listed ("created, modified,
    deleted; last modified": it was created again)."""
    ordered = sorted(entry.actions, key=_ACTION_ORDER.index)
    text = ", ".join(ordered)
    # Only a change tells the file's state: a read after it does not.
    changes = [action for action in entry.actions if action in CHANGES]
    told = [action for action in ordered if action in CHANGES]
    return f"{text}; last {changes[-1]}" if changes and changes[-1] != told[-1] else text


def file_line(entry: FileEntry) -> str:
    return f"- {code(entry.path)}: {file_actions(entry)} (#{entry.seq})"


def test_line(entry: SuiteRun) -> str:
    tally = entry.tally
    outcome = tally.as_text() if tally is not None else ""
    if not outcome:
        outcome = (
            "failing"
            if entry.failing
            else (f"exit {entry.exit_code}" if entry.exit_code is not None else "ran")
        )
    runs = _times(entry.runs, "runs")
    return f"- {code(entry.command)} (#{entry.seq}{runs}): {outcome}"


def command_line(entry: CommandEntry) -> str:
    status = ""
    if entry.exit_code is not None:
        status = f", exit {entry.exit_code}"
    elif entry.failed:
        status = ", failed"
    return f"- {code(entry.command)} (#{entry.seq}{_times(entry.runs, 'runs')}{status})"


def web_line(entry: WebEntry) -> str:
    failed = ", failed" if entry.failed else ""
    return f"- {entry.kind} {code(entry.target)} (#{entry.seq}{failed})"


@dataclass(frozen=True)
class Listed:
    """One entry of the ledger as the section lists it: its group (``heading``, and the
    ``noun`` a left-out count is told in), what it names (``value``), what became of it
    (``detail``), the message it was last seen in, and its line."""

    heading: str
    noun: str
    kind: str
    value: str
    detail: str
    seq: int
    line: str


def _error_detail(entry: ErrorEntry) -> str:
    detail = entry.text
    return f"{detail} (resolved: {entry.resolved_by})" if entry.resolved else detail


def _test_detail(entry: SuiteRun) -> str:
    return test_line(entry).rpartition("): ")[2]


def _command_detail(entry: CommandEntry) -> str:
    if entry.exit_code is not None:
        return f"exit {entry.exit_code}"
    return "failed" if entry.failed else "ran"


def _other_commands(ledger: Ledger) -> tuple[CommandEntry, ...]:
    """Commands not already listed as a test run or an unresolved error."""
    listed = {entry.command for entry in ledger.tests} | {
        entry.target for entry in ledger.unresolved_errors if entry.source == "command"
    }
    return tuple(entry for entry in ledger.commands if entry.command not in listed)


def _first_seq(ledger: Ledger) -> int:
    seqs = [
        entry.first_seq
        for entries in (ledger.files, ledger.commands, ledger.web, ledger.errors, ledger.tests)
        for entry in entries
    ]
    return min(seqs, default=1)


def grouped(ledger: Ledger) -> list[dict[str, Any]]:
    """The entries by group, in the section's order, as plain data (``heading``, ``items``
    of ``kind``, ``value``, ``detail``, ``seq``): what the API and the pages list."""
    groups: list[dict[str, Any]] = []
    for item in listed(ledger):
        if not groups or groups[-1]["heading"] != item.heading:
            groups.append({"heading": item.heading, "items": []})
        groups[-1]["items"].append(
            {"kind": item.kind, "value": item.value, "detail": item.detail, "seq": item.seq}
        )
    return groups


def listed(ledger: Ledger) -> tuple[Listed, ...]:
    """Every entry in the order an agent needs them back: unresolved errors, files changed,
    test runs, other commands, the web, files read, resolved errors; newest first in each."""
    made: list[tuple[str, str, str, tuple[Any, ...], Callable[[Any], str], Callable, Callable]] = [
        ("Unresolved errors", "unresolved errors", "error", ledger.unresolved_errors,
         error_line, lambda e: e.target, _error_detail),
        ("Files changed", "files changed", "file", ledger.changed_files,
         file_line, lambda e: e.path, file_actions),
        ("Test runs", "test runs", "test", ledger.tests,
         test_line, lambda e: e.command, _test_detail),
        ("Commands", "commands", "command", _other_commands(ledger),
         command_line, lambda e: e.command, _command_detail),
        ("Web", "URLs and searches", "web", ledger.web,
         web_line, lambda e: e.target, lambda e: e.kind + (", failed" if e.failed else "")),
        ("Files read", "files read", "file", ledger.read_files,
         file_line, lambda e: e.path, file_actions),
        ("Resolved errors", "resolved errors", "error", ledger.resolved_errors,
         error_line, lambda e: e.target, _error_detail),
    ]  # fmt: skip
    return tuple(
        Listed(heading, noun, kind, value_of(entry), detail_of(entry), entry.seq, render(entry))
        for heading, noun, kind, entries, render, value_of, detail_of in made
        for entry in entries
    )


def artifacts_section(ledger: Ledger, *, max_tokens: int) -> str:
    """The section for the payload, within ``max_tokens`` ("" for an empty ledger or a
    budget of 0)."""
    if ledger.empty or max_tokens <= 0:
        return ""
    room = max_tokens * CHARS_PER_TOKEN
    intro = INTRO.format(first=_first_seq(ledger), last=ledger.through_seq)
    head = [OPEN, HEADING, intro]
    used = sum(len(line) + 1 for line in head) + len(CLOSE) + 1
    # Room for the "left out" line, which is only written when something is.
    reserve = 160
    body: list[str] = []
    left_out: dict[str, int] = {}
    heading = ""
    for item in listed(ledger):
        opens = item.heading != heading
        cost = len(item.line) + 1 + (len(item.heading) + 5 if opens else 0)
        # Needed-first, strictly: once an entry does not fit, no less needed one takes
        # its place.
        if left_out or used + cost + reserve > room:
            left_out[item.noun] = left_out.get(item.noun, 0) + 1
            continue
        if opens:
            body.append(f"### {item.heading}")
            heading = item.heading
        body.append(item.line)
        used += cost
    dropped = sum(ledger.dropped.values())
    if dropped:
        left_out["older entries"] = dropped
    if not body:
        return ""
    tail = []
    if left_out:
        tail.append(
            "Left out for space: "
            + ", ".join(f"{count} {noun}" for noun, count in left_out.items())
            + "."
        )
    return "\n".join([*head, *body, *tail, CLOSE])
