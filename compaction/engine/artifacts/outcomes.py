"""What a tool result says of its call: the exit status, an error, a test run's counts.

Read from the conventions tools print by, never from what a model wrote: a structured
``return_code``, ``is_error``, the exit-code lines agent harnesses append (OpenHands'
``[The command completed with exit code 1.]``, Claude Code's ``Exit code 1`` and its
background tasks' ``<exit_code>``, Codex's ``Exit code: 1`` header, its JSON
``metadata.exit_code`` and its sandbox failures, Gemini CLI's ``Exit Code:`` field and
``{"error": ...}`` answers, SWE-agent's "ran successfully" line), a Python traceback or an
error line that opens a line of output (``compaction.engine.failures``), and the summary
lines of common test runners. Terminal colour codes are read through. Pure.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from compaction.engine.failures import failure_lines

#: Longest error text kept: one line, what an agent reads to recognise the error.
MAX_ERROR_CHARS = 240
#: Output read for exit codes and test summaries: their lines are at the end (or start).
_EDGE_CHARS = 4_000

_EXIT_PATTERNS = (
    # OpenHands: "[The command completed with exit code 1.]", "[Command finished with exit code 1]"
    re.compile(r"\[(?:The command completed|Command finished) with exit code (-?\d{1,3})\.?\]"),
    # Codex CLI's "Exit code: 1" header, Claude Code's "Exit code 1" first line, Gemini CLI's
    # "Exit Code: 1" field, "Process exited with code 1", "exit status 1", "[exit code: 1]".
    re.compile(
        r"^\[?(?:Exit code:?|Process exited with code|exit status) (-?\d{1,3})\]?[ \t]*$",
        re.MULTILINE | re.IGNORECASE,
    ),
    # Claude Code's background task read (TaskOutput, BashOutput).
    re.compile(r"<exit_code>(-?\d{1,3})</exit_code>"),
)
_SUCCESS_LINES = ("Your command ran successfully and did not produce any output.",)
_HARNESS_LINE = re.compile(
    r"^(?:\[(?:The command completed|Command finished) with exit code -?\d+\.?\]"
    r"|\[Python interpreter: .*\]|\(Open file: .*\)|\(Current directory: .*\)|bash-\$"
    r"|\[?Exit code:? -?\d+\]?|Wall time: .*|Output:.*|Chunk ID: \S+|Original token count: \d+"
    r"|Process exited with code -?\d+|Process running with session ID \d+"
    r"|Total output lines: \d+|Command: .*|Directory: .*|Error: \(none\)|Signal: .*"
    r"|Background PIDs: .*|Process Group PGID: .*|</?(?:retrieval_status|task_id|task_type|"
    r"status|exit_code|output|stdout|stderr)>.*)[ \t]*$",
    re.IGNORECASE,
)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# Codex's answer when its sandbox stopped a command.
_SANDBOX = re.compile(
    r"^failed in sandbox \S+ with execution error: .*?exit code: (-?\d+), stdout: (.*?), "
    r"stderr: (.*)\Z",
    re.DOTALL,
)


@dataclass(frozen=True)
class Tally:
    """A test run's tally as its runner printed it; None where it printed none."""

    passed: int | None = None
    failed: int | None = None
    errors: int | None = None
    skipped: int | None = None

    @property
    def failing(self) -> bool:
        return bool(self.failed) or bool(self.errors)

    def as_text(self) -> str:
        """ "12 passed, 1 failed": the counts shown, none of the empty ones but passed."""
        parts = [
            f"{count} {label}"
            for count, label in (
                (self.passed, "passed"),
                (self.failed, "failed"),
                (self.errors, "errors"),
                (self.skipped, "skipped"),
            )
            if count is not None and (count or label == "passed")
        ]
        return ", ".join(parts)


@dataclass(frozen=True)
class Outcome:
    """What one tool result shows. A command "fails" on a non-zero exit, or, when its exit
    status is not shown, on a traceback, an error line or a failing test tally."""

    failed: bool
    exit_code: int | None = None
    error: str = ""
    tests: Tally | None = None


def exit_code(text: str) -> int | None:
    """The exit status a harness appended to a shell result, when it did."""
    edge = text[-_EDGE_CHARS:] + "\n" + text[:_EDGE_CHARS] if len(text) > _EDGE_CHARS else text
    for pattern in _EXIT_PATTERNS:
        found = pattern.findall(edge)
        if found:
            return int(found[-1])
    if any(line in edge for line in _SUCCESS_LINES):
        return 0
    return None


def unwrap_output(text: str) -> tuple[str, int | None]:
    """A shell result some harnesses store as structure: JSON with the output and an exit
    code (Codex's ``{"output", "metadata": {"exit_code"}}``, ``{"content", "exit_code"}``),
    or Codex's sandbox failure line; its output and exit code. Other text as it is."""
    sandbox = _SANDBOX.match(text)
    if sandbox is not None:
        return f"{sandbox.group(2)}\n{sandbox.group(3)}".strip(), int(sandbox.group(1))
    if not text.startswith("{"):
        return text, None
    try:
        data = json.loads(text)
    except ValueError:
        return text, None
    if not isinstance(data, dict):
        return text, None
    output = next(
        (data[k] for k in ("output", "content", "stdout") if isinstance(data.get(k), str)), None
    )
    if output is None:
        return text, None
    metadata = data.get("metadata")
    code = metadata.get("exit_code") if isinstance(metadata, dict) else data.get("exit_code")
    return output, code if isinstance(code, int) and not isinstance(code, bool) else None


def error_answer(text: str) -> str:
    """A tool's structured failure (Gemini CLI's ``{"error": "..."}``): its message, or ""."""
    if not (text.startswith("{") and '"error"' in text[:100]):
        return ""
    try:
        data = json.loads(text)
    except ValueError:
        return ""
    if isinstance(data, dict) and isinstance(data.get("error"), str) and len(data) <= 2:
        return data["error"] or "error"
    return ""


# ----------------------------------------------------------------------------- tests

_COUNT = r"(\d{1,7})"
# pytest: "=== 2 failed, 40 passed, 1 skipped in 3.10s ===", "40 passed in 0.5s".
_PYTEST = re.compile(
    r"^=*[ \t]*((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)"
    r"(?:, )?)+) in [\d.]+ ?s(?:econds)?\b.*$",
    re.MULTILINE,
)
_PYTEST_PART = re.compile(r"(\d+) (passed|failed|errors?|skipped)")
# unittest: "Ran 12 tests in 0.003s" then "OK", "OK (skipped=1)", "FAILED (failures=1, errors=2)".
_UNITTEST_RAN = re.compile(r"^Ran " + _COUNT + r" tests? in ", re.MULTILINE)
_UNITTEST_END = re.compile(r"^(OK|FAILED)\b(?: \(([^)\n]*)\))?[ \t]*$", re.MULTILINE)
# Jest: "Tests:       1 failed, 5 passed, 6 total"; Vitest: "Tests  1 failed | 5 passed (6)".
_JEST = re.compile(r"^[ \t]*Tests:?[ \t]+((?:\d+ \w+(?:, | \| )?)+)", re.MULTILINE)
_JEST_PART = re.compile(r"(\d+) (passed|failed|skipped|todo)")
# cargo: "test result: ok. 3 passed; 1 failed; 0 ignored"
_CARGO = re.compile(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored")
# mocha: "5 passing", "1 failing", "2 pending"
_MOCHA = re.compile(r"^[ \t]*(\d+) (passing|failing|pending)\b", re.MULTILINE)
# RSpec: "12 examples, 1 failure, 2 pending"
_RSPEC = re.compile(r"^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?", re.MULTILINE)
# ExUnit: "31 tests, 0 failures", "14 doctests, 373 tests, 2 failures, 3 skipped".
_EXUNIT = re.compile(
    r"^(?:(\d+) doctests?, )?(\d+) tests?, (\d+) failures?(?:, (\d+) (?:skipped|excluded))?",
    re.MULTILINE,
)
# go test -v: "--- FAIL: TestX", "--- PASS: TestY"; without -v, a line per package:
# "ok  \tpkg\t0.2s", "FAIL\tpkg\t0.3s" (then its failing packages are what is counted).
_GO = re.compile(r"^--- (PASS|FAIL|SKIP): ", re.MULTILINE)
_GO_PACKAGE = re.compile(r"^(ok|FAIL)[ \t]+\S+\t", re.MULTILINE)


def runner_tally(text: str) -> Tally | None:
    """The tally of a test run in ``text``, when a known runner printed one (the last)."""
    tail = text[-_EDGE_CHARS:]
    found = _PYTEST.findall(tail)
    if found:
        counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
        for number, label in _PYTEST_PART.findall(found[-1]):
            counts["errors" if label.startswith("error") else label] += int(number)
        return Tally(**counts)
    ran = _UNITTEST_RAN.findall(tail)
    end = _UNITTEST_END.findall(tail)
    if ran and end:
        detail = dict(
            (key.strip(), int(value)) for key, value in re.findall(r"(\w+)=(\d+)", end[-1][1] or "")
        )
        failed, errors = detail.get("failures", 0), detail.get("errors", 0)
        skipped = detail.get("skipped", 0)
        return Tally(int(ran[-1]) - failed - errors - skipped, failed, errors, skipped)
    if cargo := _CARGO.findall(tail):
        passed = sum(int(p) for p, _f, _i in cargo)
        return Tally(
            passed, sum(int(f) for _p, f, _i in cargo), None, sum(int(i) for _p, _f, i in cargo)
        )
    if jest := _JEST.findall(tail):
        counts = {"passed": 0, "failed": 0, "skipped": 0}
        for number, label in _JEST_PART.findall(jest[-1]):
            counts["skipped" if label == "todo" else label] += int(number)
        return Tally(counts["passed"], counts["failed"], None, counts["skipped"])
    if exunit := _EXUNIT.findall(tail):
        doctests, tests, failures, skipped = exunit[-1]
        total = int(doctests or 0) + int(tests)
        return Tally(total - int(failures), int(failures), None, int(skipped or 0))
    if rspec := _RSPEC.findall(tail):
        examples, failures, pending = rspec[-1]
        skipped = int(pending) if pending else 0
        return Tally(int(examples) - int(failures) - skipped, int(failures), None, skipped)
    if mocha := _MOCHA.findall(tail):
        counts = {"passing": 0, "failing": 0, "pending": 0}
        for number, label in mocha:
            counts[label] = int(number)
        return Tally(counts["passing"], counts["failing"], None, counts["pending"])
    if go := _GO.findall(text):
        return Tally(go.count("PASS"), go.count("FAIL"), None, go.count("SKIP"))
    if packages := _GO_PACKAGE.findall(text):
        return Tally(None, packages.count("FAIL"))
    return None


# ----------------------------------------------------------------------------- errors


def _flat(line: str) -> str:
    line = " ".join(line.split())
    return line if len(line) <= MAX_ERROR_CHARS else line[: MAX_ERROR_CHARS - 1] + "\u2026"


def error_text(text: str) -> str:
    """The line that tells an error apart: a traceback's final exception line or the last
    error line a program printed; else the last line of output that is not a harness's
    (where a shell, ``make`` or a compiler says what stopped it), a bare label such as
    ``ERROR:`` joined to the line after it."""
    lines = text.split("\n")
    ranges = failure_lines(text)
    if ranges:
        return _flat(lines[ranges[-1][1]])
    told = [
        line.strip() for line in lines if line.strip() and not _HARNESS_LINE.match(line.strip())
    ]
    if not told:
        return ""
    if len(told) > 1 and told[0].endswith(":") and len(told[0]) <= 20:
        return _flat(f"{told[0]} {told[1]}")  # a label ("ERROR:") and what it labels
    # Programs end with what stopped them; the last line that says "error" says it best
    # ("make: *** [build] Error 2" before make's trailing notes).
    flagged = [line for line in told if "error" in line.lower()]
    return _flat(flagged[-1] if flagged else told[-1])


def outcome(
    text: str,
    *,
    is_error: bool = False,
    return_code: int | None = None,
    shell: bool = False,
) -> Outcome:
    """What a result of ``text`` shows. ``shell``: it answers a command, whose output is
    read for exit codes, tracebacks and test tallies; other tools' output (a file view,
    a fetched page) may quote an error without being one."""
    text = _ANSI.sub("", text)
    code = return_code
    answer = error_answer(text)
    if answer:
        return Outcome(True, code, _flat(answer))
    if shell:
        text, stored_code = unwrap_output(text)
        code = code if code is not None else stored_code
        if code is None:
            code = exit_code(text)
    tests = runner_tally(text) if shell else None
    if is_error or (code is not None and code != 0):
        return Outcome(True, code, error_text(text) or f"exit code {code}", tests)
    if not shell:
        return Outcome(False, code)
    if code == 0:
        return Outcome(False, 0, "", tests)
    if (tests is not None and tests.failing) or failure_lines(text):
        return Outcome(True, None, error_text(text), tests)
    return Outcome(False, None, "", tests)
