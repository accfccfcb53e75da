"""The artifact ledger: the files, commands, URLs, errors and test runs of a conversation.

It is a fold over the stored messages, oldest first: every tool call is paired with its
result (by id), read by its tool's conventions (``calls``, ``shell``) and its result's
(``outcomes``), and recorded. Nothing comes from what a model wrote in prose. A checkpoint
stores the ledger through its last message; the next one continues the fold from there, so
the ledger of a session is never rewritten by a summary and never forgets.

- **files**: each path with what was done to it (read, created, modified, deleted, or used by
  a tool that does not say), newest first; a write to a path the ledger has never seen creates
  it, to one it knows modifies it. A call whose result failed did nothing to its files.
- **commands**: each distinct command line, its runs, the latest exit status when the result
  shows it.
- **web**: URLs fetched and queries searched.
- **errors**: failing results (``is_error``, a non-zero exit, a traceback or an error line in
  a command's output, a failing test tally), one per command, file or call that failed, with
  its latest error line. A later run of the same command without error, or a later successful
  change of the same file, resolves it; failing again reopens it.
- **tests**: each test command (by its runner's name, or by a tally in its output) with its
  latest counts.

The entries and their stored form are in ``entries``. Pure: no Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from compaction.content import ANTHROPIC, canonical_blocks, view
from compaction.engine.artifacts.calls import (
    CURRENT_FILE,
    USED,
    Call,
    Effects,
    call_effects,
    is_listing,
    refused,
    rejected,
    tool_name,
)
from compaction.engine.artifacts.entries import (
    LIMITS,
    MAX_TARGET_CHARS,
    CommandEntry,
    ErrorEntry,
    FileEntry,
    Ledger,
    SuiteRun,
    WebEntry,
)
from compaction.engine.artifacts.outcomes import Outcome, Tally, outcome
from compaction.engine.artifacts.shell import (
    ANSWERING_VERBS,
    CREATED,
    DELETED,
    MODIFIED,
    READ,
    WRITTEN,
    ShellEffects,
    command_key,
    resolve,
    shell_effects,
)

#: A command still running, read later on this session: Codex's unified exec (through
#: ``write_stdin``), Claude Code's background Bash (through ``TaskOutput``/``BashOutput``).
_RUNNING = re.compile(
    r"^(?:Process running with session ID (\d+)|Command running in background with ID: (\w+))",
    re.MULTILINE,
)
#: Codex's session context, in a user message: the directory it runs in.
_ENVIRONMENT = "<environment_context>"
_CWD_TAG = re.compile(r"<environment_context>.*?<cwd>([^<\n]+)</cwd>", re.DOTALL)
#: The shell's result footers SWE-agent prints: the file its editing commands act on, and
#: the working directory.
_OPEN_FILE = "(Open file: "
_CURRENT_DIRECTORY = "(Current directory: "


# ----------------------------------------------------------------------------- the fold


@dataclass
class _Running:
    """A command whose result said it is still running: what is known of it so far."""

    key: str
    call_seq: int
    tool: str
    done: ShellEffects
    output: list[str]


def _absolute_form(path: str, body: str) -> str:
    """The absolute path a result names for the relative ``path`` a call gave (a write
    tool's "wrote to /abs/dir/name"), or ""."""
    relative = path.removeprefix("./")
    if not relative or ".." in relative.split("/"):
        return ""
    found = re.search(r"(?<![\w/.-])(/[^\s'\"`]*?/" + re.escape(relative) + r")(?![\w/-])", body)
    return found.group(1) if found else ""


class _Fold:
    """The mutable state of a fold; ``ledger()`` freezes it."""

    def __init__(self, start: Ledger) -> None:
        self.files = {entry.path: entry for entry in reversed(start.files)}
        self.commands = {entry.command: entry for entry in reversed(start.commands)}
        self.web = {(entry.kind, entry.target): entry for entry in reversed(start.web)}
        self.errors = {entry.key: entry for entry in reversed(start.errors)}
        self.tests = {entry.command: entry for entry in reversed(start.tests)}
        self.through = start.through_seq
        self.cwd = start.cwd
        self.open_file = start.open_file
        self.dropped = dict(start.dropped)
        # Calls waiting for their result: id -> (seq, call, effects).
        self.pending: dict[str, tuple[int, Call, Effects]] = {}
        # Commands still running, by the session id their result named (Codex).
        self.sessions: dict[str, _Running] = {}

    # ------------------------------------------------------------------ recording

    def touch(self, path: str, action: str, seq: int) -> None:
        if not path:
            return
        known = self.files.get(path)
        if action == WRITTEN:
            # A write creates what the ledger never saw, and modifies what it knows (a
            # deleted file written again is created anew).
            action = CREATED if known is None or known.last_action == DELETED else MODIFIED
        if known is None:
            self.files[path] = FileEntry(path, (action,), seq, seq)
            return
        actions = known.actions
        if action != actions[-1]:
            actions = (*(a for a in actions if a != action), action)
        self.files.pop(path)  # re-inserted last: newest
        self.files[path] = replace(known, actions=actions, seq=seq, touches=known.touches + 1)

    def command(self, command: str, seq: int, result: Outcome, *, again: bool = True) -> None:
        """A run of ``command`` (``again=False``: the outcome of the run already recorded)."""
        key = command_key(command)[:MAX_TARGET_CHARS]
        known = self.commands.pop(key, None)
        self.commands[key] = CommandEntry(
            command=key,
            seq=seq,
            first_seq=known.first_seq if known else seq,
            runs=(known.runs + int(again)) if known else 1,
            exit_code=result.exit_code,
            failed=result.failed,
        )

    def web_entry(self, kind: str, target: str, seq: int, failed: bool) -> None:
        target = target[:MAX_TARGET_CHARS]
        known = self.web.pop((kind, target), None)
        self.web[(kind, target)] = WebEntry(
            kind=kind,
            target=target,
            seq=seq,
            first_seq=known.first_seq if known else seq,
            count=known.count + 1 if known else 1,
            failed=failed,
        )

    def test(self, command: str, seq: int, result: Outcome) -> None:
        key = command_key(command)[:MAX_TARGET_CHARS]
        known = self.tests.pop(key, None)
        tally = result.tests or Tally()
        self.tests[key] = SuiteRun(
            command=key,
            seq=seq,
            first_seq=known.first_seq if known else seq,
            runs=known.runs + 1 if known else 1,
            passed=tally.passed,
            failed=tally.failed,
            errors=tally.errors,
            skipped=tally.skipped,
            exit_code=result.exit_code,
            failing=result.failed,
        )

    def error(
        self, source: str, target: str, tool: str, seq: int, result: Outcome, action: str = ""
    ) -> None:
        key = (source, target[:MAX_TARGET_CHARS])
        known = self.errors.pop(key, None)
        self.errors[key] = ErrorEntry(
            source=source,
            target=key[1],
            tool=tool,
            text=result.error or "failed",
            seq=seq,
            first_seq=known.first_seq if known else seq,
            count=known.count + 1 if known else 1,
            exit_code=result.exit_code,
            action=action,
        )

    def resolve(
        self, source: str, target: str, seq: int, how: str, *, by_read: bool = False
    ) -> None:
        key = (source, target[:MAX_TARGET_CHARS])
        known = self.errors.get(key)
        if by_read and known is not None and known.action not in (READ, USED):
            return
        if known is not None and not known.resolved:
            self.errors[key] = replace(known, resolved_seq=seq, resolved_by=how)

    # ------------------------------------------------------------------ reading

    def message(self, message: Mapping[str, Any]) -> None:
        seq = int(message["seq"])
        role = str(message.get("role") or "")
        content = message.get("content")
        if role not in ("user", "assistant") or not content:
            self.through = max(self.through, seq)
            return
        for block in canonical_blocks(role, content, message.get("format", ANTHROPIC)):
            seen = view(block)
            if seen.kind == "call":
                call = Call(seen.tool, seen.arguments or {}, str(block.get("type") or ""))
                self.pending[seen.call_id] = (seq, call, call_effects(call))
            elif seen.kind == "result":
                self.result(block, seen.call_id, seen.body, seen.error, seq)
            elif seen.kind == "text" and role == "user" and _ENVIRONMENT in seen.body:
                self.environment(seen.body)
        self.through = max(self.through, seq)

    def environment(self, text: str) -> None:
        """Codex's ``<environment_context>``: the directory the session runs in."""
        found = _CWD_TAG.search(text)
        if found is not None and found.group(1).strip().startswith("/"):
            self.learn_cwd(found.group(1).strip())

    def learn_cwd(self, cwd: str) -> None:
        """The working directory, first known: paths written relative to it before are
        made absolute (the agent had not moved yet)."""
        cwd = cwd.rstrip("/") or "/"
        first = not self.cwd
        self.cwd = cwd
        if not first:
            return
        for path in [p for p in self.files if not p.startswith(("/", "~"))]:
            entry = self.files.pop(path)
            absolute = resolve(path, cwd)
            known = self.files.pop(absolute, None)
            if known is not None:
                actions = (*known.actions, *(a for a in entry.actions if a not in known.actions))
                entry = replace(
                    known,
                    actions=actions,
                    seq=max(known.seq, entry.seq),
                    first_seq=min(known.first_seq, entry.first_seq),
                    touches=known.touches + entry.touches,
                )
            self.files[absolute] = replace(entry, path=absolute)
        for key in [k for k in self.errors if k[0] == "file" and not k[1].startswith(("/", "~"))]:
            entry = self.errors.pop(key)
            absolute = resolve(entry.target, cwd)
            self.errors[("file", absolute)] = replace(entry, target=absolute)

    def result(
        self, block: Mapping[str, Any], call_id: str, body: str, error: bool, seq: int
    ) -> None:
        waiting = self.pending.pop(call_id, None)
        if waiting is None:
            return  # its call is before this ledger's start
        call_seq, call, effects = waiting
        content = block.get("content")
        return_code = content.get("return_code") if isinstance(content, Mapping) else None
        name = tool_name(call.name)
        if effects.session:
            self.session_output(effects.session, body, seq)
            return
        turned_down = rejected(body)
        if turned_down:
            # Nothing ran: the user's refusal is what the agent must remember.
            self.refusal(call, effects, seq, turned_down)
            return
        shell = bool(effects.command) or isinstance(return_code, int)
        result = outcome(
            body,
            is_error=error or (bool(effects.files) and refused(body)),
            return_code=return_code if isinstance(return_code, int) else None,
            shell=shell,
        )
        footer_file, footer_cwd = _footers(body)
        if footer_cwd and not self.cwd:
            # The first footer tells the directory this call already ran in.
            self.learn_cwd(footer_cwd)
        if effects.command:
            self.shell(effects, call_seq, seq, name, result, body)
        elif shell:  # a server's code run: its exit code, no command line to key it
            if result.failed:
                self.error("tool", call.name, name, seq, result)
        else:
            self.files_of(effects, call_seq, seq, name, result, body, footer_file)
        for url in effects.fetched:
            self.web_entry("fetched", url, call_seq, result.failed)
            if result.failed:
                self.error("url", url, name, seq, result)
            else:
                self.resolve("url", url, seq, "fetched")
        for query in effects.searched:
            self.web_entry("searched", query, call_seq, result.failed)
        if not (effects.command or effects.files or effects.fetched) and not shell:
            # Any other call: its failure is the tool's, until the tool runs without one.
            if result.failed:
                self.error("tool", call.name, name, seq, result)
            else:
                self.resolve("tool", call.name, seq, f"ran without error (#{seq})")
        if footer_cwd:
            self.cwd = footer_cwd
        if footer_file:
            self.open_file = footer_file

    def refusal(self, call: Call, effects: Effects, seq: int, text: str) -> None:
        """A call the user turned down: an error of what it meant to change."""
        result = Outcome(True, None, text)
        tool = tool_name(call.name)
        targets = [path for path, _ in effects.files if path != CURRENT_FILE]
        if targets:
            for path, action in effects.files:
                if path != CURRENT_FILE:
                    self.error("file", resolve(path, self.cwd or None), tool, seq, result, action)
        elif effects.command:
            self.error("command", command_key(effects.command), tool, seq, result)
        else:
            self.error("tool", call.name, tool, seq, result)

    def shell(
        self, effects: Effects, call_seq: int, seq: int, tool: str, result: Outcome, body: str
    ) -> None:
        cwd = resolve(effects.workdir, self.cwd or None) if effects.workdir else self.cwd
        done = shell_effects(effects.command, cwd or None)
        key = command_key(effects.command)
        # Changes are recorded even when the command fails: a redirection writes its file
        # before the command runs, and the step of a chain that failed cannot be told from
        # its output. A read is not: "cat: x: No such file or directory" read nothing.
        for path, action in done.touches:
            if action != READ or not result.failed:
                self.touch(path, action, call_seq)
        for url in done.urls:
            self.web_entry("fetched", url, call_seq, result.failed)
        if done.cwd is None:
            self.cwd = ""
        elif done.cwd:
            self.cwd = done.cwd
        if not result.failed:
            # Codex's apply_patch run by the shell: the files of its patch.
            for path, action in effects.files:
                target = resolve(path, cwd or None)
                self.touch(target, action, call_seq)
                self.resolve("file", target, seq, f"changed (#{call_seq})")
        running = _RUNNING.search(body[:2000]) if result.exit_code is None else None
        if running is not None:
            # Still running: its exit code comes with a later read of the session.
            self.command(key, call_seq, Outcome(False))
            session = running.group(1) or running.group(2)
            self.sessions[session] = _Running(key, call_seq, tool, done, [body])
            return
        self.command(key, call_seq, result)
        self.finished(key, call_seq, seq, tool, result, done)

    def session_output(self, session: str, body: str, seq: int) -> None:
        running = self.sessions.get(session)
        if running is None:
            return  # a session started before this ledger
        running.output.append(body)
        result = outcome(body, shell=True)
        if result.exit_code is None:
            return  # still running
        del self.sessions[session]
        result = outcome("\n".join(running.output), shell=True, return_code=result.exit_code)
        self.command(running.key, running.call_seq, result, again=False)
        self.finished(running.key, running.call_seq, seq, running.tool, result, running.done)

    def finished(
        self, key: str, call_seq: int, seq: int, tool: str, result: Outcome, done: ShellEffects
    ) -> None:
        """What a command's outcome tells: its test run, its error, what it resolved."""
        if result.exit_code == 1 and done.last_verb in ANSWERING_VERBS:
            result = replace(result, failed=False, error="")
            self.command(key, call_seq, result, again=False)
        if done.test or result.tests is not None:
            self.test(key, call_seq, result)
        if result.failed:
            self.error("command", key, tool, seq, result)
            return
        how = "exit 0" if result.exit_code == 0 else "ran without error"
        self.resolve("command", key, seq, f"{how} (#{seq})")
        for path, action in done.touches:
            if action != READ:
                self.resolve("file", path, seq, f"changed by {code_span(key)} (#{call_seq})")

    def files_of(
        self,
        effects: Effects,
        call_seq: int,
        seq: int,
        tool: str,
        result: Outcome,
        body: str,
        footer_file: str,
    ) -> None:
        for path, action in effects.files:
            if path == CURRENT_FILE:
                path = footer_file or self.open_file
                if not path:
                    continue
            if not self.cwd and not path.startswith(("/", "~")):
                told = _absolute_form(path, body)
                if told:
                    self.learn_cwd(told[: -len(path.removeprefix("./")) - 1])
            path = resolve(path, self.cwd or None)
            if result.failed:
                self.error("file", path, tool, seq, result, action)
                continue
            if action == READ and is_listing(body):
                continue
            self.touch(path, action, call_seq)
            reading = action in (READ, USED)
            how = "read" if reading else "changed"
            self.resolve("file", path, seq, f"{how} (#{call_seq})", by_read=reading)
            if tool in ("open", "create"):
                self.open_file = path

    def ledger(self) -> Ledger:
        lists: dict[str, tuple[Any, ...]] = {}
        dropped = dict(self.dropped)
        for kind, entries in (
            ("files", self.files),
            ("commands", self.commands),
            ("web", self.web),
            ("errors", self.errors),
            ("tests", self.tests),
        ):
            newest = sorted(entries.values(), key=lambda e: -e.seq)
            limit = LIMITS[kind]
            if len(newest) > limit:
                # The least needed go first: files only read, resolved errors.
                keep = sorted(newest, key=_keep_order)[:limit]
                kept = {id(entry) for entry in keep}
                dropped[kind] = dropped.get(kind, 0) + len(newest) - limit
                newest = [entry for entry in newest if id(entry) in kept]
            lists[kind] = tuple(newest)
        return Ledger(
            **lists,
            through_seq=self.through,
            cwd=self.cwd,
            open_file=self.open_file,
            dropped=dropped,
        )


def code_span(text: str) -> str:
    first = text.split("\n", 1)[0]
    return f"`{first[:80]}`" if "`" not in first else first[:80]


def _keep_order(entry: Any) -> tuple[int, int]:
    needed = 1
    if isinstance(entry, FileEntry):
        needed = 0 if entry.changed else 1
    elif isinstance(entry, ErrorEntry):
        needed = 1 if entry.resolved else 0
    return (needed, -entry.seq)


def _footers(body: str) -> tuple[str, str]:
    """SWE-agent's footers: the open file and the working directory it reports."""
    open_file = cwd = ""
    if _OPEN_FILE not in body and _CURRENT_DIRECTORY not in body:
        return "", ""
    for line in body[-2000:].split("\n"):
        line = line.strip()
        if line.startswith(_OPEN_FILE) and line.endswith(")"):
            value = line[len(_OPEN_FILE) : -1].strip()
            open_file = "" if value == "n/a" else value
        elif line.startswith(_CURRENT_DIRECTORY) and line.endswith(")"):
            cwd = line[len(_CURRENT_DIRECTORY) : -1].strip()
    return open_file, cwd


def ledger_fold(messages: Iterable[Mapping[str, Any]], *, start: Ledger | None = None) -> Ledger:
    """The ledger after ``messages`` (stored rows: ``seq``, ``role``, ``format``,
    ``content``; oldest first), continuing ``start`` (a previous checkpoint's ledger)."""
    fold = _Fold(start or Ledger())
    for message in messages:
        fold.message(message)
    return fold.ledger()


__all__ = ["ledger_fold"]
