"""One pass over the messages being summarized: candidate items for every list of the checkpoint.

What the tool calls did comes from the artifact ledger (``compaction.engine.artifacts``),
exactly: files changed, test runs and errors resolved are Done; errors still open are In
Progress and Next Steps; those, the files changed and the test commands are Critical
Context. Sentences are sorted into lists by their cue phrases (``prose``): constraints
and preferences, finished work, next steps; decisions only where a message states one
(``compaction.engine.preserve``'s one rule), never an agent narrating its next move. Values
the user wrote (paths, URLs, identifiers, numbers) come from the one value reader
(``compaction.drift.values``), errors from ``compaction.engine.failures``.
The Goal is the task the chunk's newest request starts (``requests``' one rule); the requests
it replaced are earlier tasks, kept in Done.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from compaction.content import ANTHROPIC, BlockView, canonical_blocks, view
from compaction.drift.values import located, values
from compaction.engine.artifacts import Ledger, ledger_fold
from compaction.engine.failures import error_lines, failing_frame
from compaction.engine.preserve import decision_sentences
from compaction.summarizers.offline.prose import (
    APPROVAL,
    CONSTRAINT,
    CORRECTION,
    DONE,
    FENCE,
    INTENT,
    NEXT,
    NOT_DONE,
    STRONG_CONSTRAINT,
    clip,
    dedup_key,
    flat,
    prose_sentences,
    safe,
)
from compaction.summarizers.offline.requests import Turn, answers_actions, task_request

# The bullet lists in output order (Done / In Progress are Progress's halves): the most
# items each keeps, and its weight when trimming to max_chars. Heavier lists lose items
# later, so Critical Context and Key Decisions survive longest.
LISTS: dict[str, tuple[int, float]] = {
    "Constraints & Preferences": (10, 2.5),
    "Done": (12, 1.5),
    "In Progress": (5, 2.0),
    "Key Decisions": (10, 3.0),
    "Conversation Dynamics": (6, 1.0),
    "Next Steps": (8, 2.0),
    "Critical Context": (40, 4.0),
}


@dataclass
class Item:
    text: str
    rank: int  # higher survives trimming longer
    pos: int  # order of first appearance; previous-summary items are negative
    key: str  # for deduplication


# The counting lines this summarizer writes, parsed back to carry counts across updates.
STATS = re.compile(
    r"(\d+) messages summarized \((\d+) user, (\d+) assistant\); (\d+) tool "
    r"calls(?: \((.*)\))?, (\d+) tool errors\."
)
PEOPLE = re.compile(r'The user (corrected the agent|approved) (\d+) time\(s\), latest: "(.*)"')
#: How Done names a task the session moved on from.
EARLIER_TASK = "Earlier task: "
#: Earlier tasks Done keeps, the newest: the session's history is not the summary's job.
MAX_EARLIER_TASKS = 3
# A Goal's reference to the request it came from: "(request #12)", formerly also
# "(first request, #12)".
_REQUEST_REF = re.compile(r"\s*\((?:first )?request,? #\d+\)$")
# Markup tags a request wraps its parts in (<issue_description>): structure, not names.
_TAG = re.compile(r"</?[A-Za-z_][\w-]{0,40}>")
# The word a bare number counts: "30 seconds", "3 replicas".
_COUNTED = re.compile(r" [a-z][a-z-]{1,30}\b")
# Paths kept per text: a pasted directory listing would crowd out everything else.
_MAX_PATHS_PER_TEXT = 10
#: The rank of an earlier task in Done: above prose and ledger items, so the task the
#: session moved on from outlasts the details of its work.
EARLIER_RANK = 4
#: Ledger entries of one kind turned into items (the payload's section carries them all).
_LEDGER_ITEMS = 8


class Extractor:
    """One pass over the chunk's messages, collecting candidate items for every list."""

    def __init__(self) -> None:
        self.pos = 0
        self.items: dict[str, dict[str, Item]] = {name: {} for name in LISTS}
        #: The requests that started a task, in order: (seq, statement).
        self.requests: list[tuple[int, str]] = []
        self.seq = 0
        self.next_from = 0
        self.roles: Counter[str] = Counter()
        self.tools: Counter[str] = Counter()
        self.errors = 0
        self.corrections: list[str] = []
        self.approvals: list[str] = []
        self.questions: list[str] = []
        self.last_done = 0
        self.last_action = 0
        self.intent: tuple[int, str] | None = None

    def add(self, name: str, text: str, rank: int, key: str | None = None) -> None:
        self.pos += 1
        text = safe(text)
        key = dedup_key(text) if key is None else key
        if key and key not in self.items[name]:
            self.items[name][key] = Item(text, rank, self.pos, key)

    def fact(self, kind: str, value: str) -> None:
        value = clip(flat(value), 200)
        if len(value) < 2:
            return
        label = {
            "path": "File: ",
            "command": "Command: ",
            "url": "URL: ",
            "error": "Error: ",
            "quantity": "Value: ",
        }.get(kind, "")
        quoted = kind in ("path", "command", "identifier") and "`" not in value
        text = f"{label}`{value}`" if quoted else label + value
        rank = {"fact": 4, "error": 3, "url": 3, "path": 3, "quantity": 1}.get(kind, 2)
        self.add("Critical Context", text, rank, key=value)

    def run(self, messages: tuple[dict[str, Any], ...]) -> None:
        read = []
        for index, message in enumerate(messages, start=1):
            role = str(message.get("role") or "user")
            content = message.get("content")
            fmt = message.get("format", ANTHROPIC)
            views = (
                [view(block) for block in canonical_blocks(role, content, fmt)] if content else []
            )
            read.append((int(message.get("seq") or index), role, views))
        turns = [
            Turn(
                role,
                tuple(seen.body for seen in views if seen.kind == "text"),
                calls=any(seen.kind == "call" for seen in views),
                results=any(seen.kind == "result" for seen in views),
            )
            for _seq, role, views in read
        ]
        answering = answers_actions(turns, read[0][0] if read else 1)
        for (seq, role, views), turn, answers in zip(read, turns, answering, strict=True):
            self.seq = seq
            self.roles[role] += 1
            if role == "user" and turn.texts:
                statement = task_request("\n".join(turn.texts), answers_action=answers)
                if statement:
                    self.requests.append((seq, statement))
            for seen in views:
                if seen.kind == "text":
                    (self.assistant_text if role == "assistant" else self.user_text)(seen.body)
                elif seen.kind == "call":
                    self.tool_use(seen)
                elif seen.kind == "result":
                    self.tool_result(seen)
                elif seen.kind == "document":
                    self.output_facts(seen.body)
                # Thinking is private, speculative and sometimes redacted: not a record of
                # what was agreed or done. A server compaction's summary is the previous
                # summary, merged on its own.

    def user_text(self, text: str) -> None:
        if not text.strip():
            return
        sentences = prose_sentences(text)
        if sentences and CORRECTION.search(sentences[0]):
            self.corrections.append(sentences[0])
        elif sentences and APPROVAL.search(sentences[0]) and len(text) < 400:
            self.approvals.append(sentences[0])
        self.questions = [s for s in sentences if s.endswith("?")][-3:]
        decisions = set(map(dedup_key, decision_sentences(text)))
        for sentence in sentences:
            if dedup_key(sentence) in decisions:
                continue
            if STRONG_CONSTRAINT.search(sentence):
                self.add("Constraints & Preferences", sentence, 2)
            elif CONSTRAINT.search(sentence):
                self.add("Constraints & Preferences", sentence, 1)
        self.decisions(text)
        self.text_facts(text, sentences)
        self.output_facts(text)  # users paste logs and tracebacks too

    def assistant_text(self, text: str) -> None:
        self.questions = []  # the agent has replied to them
        if self.seq != self.next_from:
            # Only the newest assistant message's plans are next steps: an earlier one's
            # "I'll open the file" was carried out (or dropped) since.
            self.items["Next Steps"].clear()
            self.next_from = self.seq
        self.decisions(text)
        decided = set(map(dedup_key, decision_sentences(text)))
        for sentence in prose_sentences(text):
            if dedup_key(sentence) in decided:
                continue
            if DONE.search(sentence) and not NOT_DONE.search(sentence):
                self.add("Done", sentence, 1)
                self.last_done = self.pos
            elif NEXT.search(sentence) and not sentence.endswith("?"):
                self.add("Next Steps", sentence, 1)
            if INTENT.search(sentence):
                self.intent = (self.pos, sentence)
        # The assistant's URLs; its paths, commands and errors are the ledger's.
        for value in values(text):
            if value.kind == "url":
                self.fact("url", value.text)

    def decisions(self, text: str) -> None:
        """Decisions as a message states them ("Decision: ...", "we decided to ...",
        "let's go with ..."): the same rule as the preserved text's."""
        for sentence in decision_sentences(text):
            self.add("Key Decisions", sentence, 2)

    def text_facts(self, text: str, sentences: list[str]) -> None:
        found = values(_TAG.sub(" ", FENCE.sub(" ", text)))
        for kind in ("identifier", "url"):
            for value in found:
                if value.kind == kind:
                    self.fact(kind, value.text)
        for value in [value for value in found if value.kind == "path"][:_MAX_PATHS_PER_TEXT]:
            self.fact("path", value.text)
        for sentence in sentences:
            for offset, value in located(sentence):
                end = offset + len(value.text)
                # What a bare number counts is the word after it ("30 seconds").
                counts = _COUNTED.match(sentence, end) if value.kind == "number" else None
                bare = value.text.replace(",", "").replace(".", "").isdigit()
                if value.kind in ("date", "version") or not bare or counts:
                    # "a timeout of 30 s" says more than "30 s": keep the words before it.
                    context = sentence[:offset].split()[-5:]
                    shown = value.text + (counts.group() if counts and bare else "")
                    self.fact("quantity", " ".join([*context, shown]))

    def output_facts(self, text: str) -> list[str]:
        """Errors, the failing frame and the test summary of tool or pasted output."""
        errors = error_lines(text)
        for error in errors[-3:]:  # the last ones name the actual exception
            self.fact("error", error)
        frame = failing_frame(text)
        if frame is not None:
            self.fact("path", frame)
        return errors

    def tool_use(self, call: BlockView) -> None:
        name = clip(flat(call.tool or "tool"), 60)
        self.tools[name] += 1
        self.pos += 1
        self.last_action = self.pos

    def tool_result(self, result: BlockView) -> None:
        if result.error:
            self.errors += 1

    def lists(self, previous_dynamics: list[str], ledger: Ledger) -> dict[str, list[Item]]:
        """This chunk's items per list, each bounded, before merging."""
        found = {name: list(items.values()) for name, items in self.items.items()}
        end = self.pos
        from_ledger = ledger_items(ledger, end)
        done = select(found["Done"], 6) + from_ledger["Done"]
        progress: list[Item] = []
        # An intent followed by completed work or by a tool call is taken as carried out.
        latest = max(self.last_done, self.last_action)
        intent = self.intent[1] if self.intent and self.intent[0] >= latest else ""
        if intent:
            progress.append(Item(safe(intent), 2, end + 1, dedup_key(intent)))
        progress += from_ledger["In Progress"]
        steps = list(from_ledger["Next Steps"])
        for i, question in enumerate(self.questions):
            text = safe(f'Answer the user\'s question: "{question}"')
            steps.append(Item(text, 2, end + 40 + i, dedup_key(question)))
        upcoming = [item for item in found["Next Steps"] if item.key != dedup_key(intent)]
        return {
            "Constraints & Preferences": select(found["Constraints & Preferences"], 10),
            "Done": select(done, 14) + self.earlier_tasks(end),
            "In Progress": progress,
            "Key Decisions": select(found["Key Decisions"], 10),
            "Conversation Dynamics": self.dynamics(previous_dynamics),
            "Next Steps": select(upcoming, 6) + steps,
            "Critical Context": select(
                found["Critical Context"] + from_ledger["Critical Context"], 40
            ),
        }

    @property
    def goal(self) -> str:
        """The task the chunk's newest request starts ("" when no turn of it starts one)."""
        if not self.requests:
            return ""
        seq, statement = self.requests[-1]
        return f"{statement} (request #{seq})"

    def earlier_tasks(self, end: int) -> list[Item]:
        """The chunk's requests the newest one replaced, as Done items (a task asked again
        counts once, at its newest asking)."""
        newest: dict[str, str] = {}
        for seq, statement in self.requests[:-1]:
            if same_task(statement, self.goal):
                continue
            newest.pop(dedup_key(statement), None)
            newest[dedup_key(statement)] = f"{statement} (request #{seq})"
        tasks = list(newest.values())[-MAX_EARLIER_TASKS:]
        return [
            Item(safe(EARLIER_TASK + task), EARLIER_RANK, end + 50 + index, dedup_key(task))
            for index, task in enumerate(tasks)
        ]

    def dynamics(self, previous: list[str]) -> list[Item]:
        """Counts for the conversation so far: the previous checkpoint's counts carry over."""
        counts = Counter(self.roles)
        counts.update(calls=sum(self.tools.values()), errors=self.errors)
        people = {
            "corrected the agent": [len(self.corrections), self.corrections[-1:]],
            "approved": [len(self.approvals), self.approvals[-1:]],
        }
        for line in previous:
            if match := STATS.fullmatch(line):
                numbers = map(int, match.group(1, 2, 3, 4, 6))
                counts.update(
                    dict(
                        zip(["total", "user", "assistant", "calls", "errors"], numbers, strict=True)
                    )
                )
                for name, count in re.findall(r"(\S+) x(\d+)", match.group(5) or ""):
                    self.tools[name] += int(count)
            elif match := PEOPLE.fullmatch(line):
                people[match[1]][0] += int(match[2])
                people[match[1]][1] = people[match[1]][1] or [match[3]]
        total = sum(self.roles.values()) + counts["total"]
        by_count = sorted(self.tools.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        listed = ", ".join(f"{name} x{count}" for name, count in by_count)
        lines = [
            f"{total} messages summarized ({counts['user']} user, {counts['assistant']} "
            f"assistant); {counts['calls']} tool calls"
            + (f" ({listed})" if listed else "")
            + f", {counts['errors']} tool errors."
        ]
        for label, (count, latest) in people.items():
            if count:
                lines.append(f'The user {label} {count} time(s), latest: "{clip(latest[0], 160)}"')
        return [Item(safe(x), 1, self.pos + 10 + i, dedup_key(x)) for i, x in enumerate(lines)]


def task_of(goal: str) -> str:
    """A Goal's task, without its reference to the request ("(request #12)")."""
    return dedup_key(_REQUEST_REF.sub("", goal))


def same_task(one: str, other: str) -> bool:
    return task_of(one) == task_of(other)


def _target(text: str) -> str:
    return f"`{clip(flat(text), 120)}`"


def ledger_items(ledger: Ledger, end: int) -> dict[str, list[Item]]:
    """Items from what the tool calls did (the ledger of this chunk), ranked above prose:
    files changed, test runs and errors resolved are Done; open errors and failing test
    runs In Progress, and resolving them a Next Step; Critical Context keeps the open
    errors' lines, the files changed and the test commands exactly."""
    items: dict[str, list[Item]] = {
        name: [] for name in ("Done", "In Progress", "Next Steps", "Critical Context")
    }

    def add(name: str, text: str, rank: int, pos: int) -> None:
        text = safe(text)
        items[name].append(Item(text, rank, pos, dedup_key(text)))

    for index, file in enumerate(ledger.changed_files[:_LEDGER_ITEMS]):
        changes = [a for a in file.actions if a in ("created", "modified", "deleted")]
        pos = end + 10 - index
        add("Done", f"{' and '.join(changes).capitalize()} `{file.path}` (#{file.seq})", 3, pos)
        add("Critical Context", f"File {changes[-1]}: `{file.path}`", 4, pos)
    for index, test in enumerate(ledger.tests[:_LEDGER_ITEMS]):
        tally = f" ({test.tally.as_text()})" if test.tally is not None else ""
        pos = end + 20 - index
        if test.failing:
            add("In Progress", f"Tests failing: `{test.command}`{tally} (#{test.seq})", 3, pos)
        else:
            add("Done", f"Tests pass: `{test.command}`{tally} (#{test.seq})", 3, pos)
        add("Critical Context", f"Test command: `{test.command}`", 3, pos)
    for index, error in enumerate(ledger.unresolved_errors[:_LEDGER_ITEMS]):
        what = f"{_target(error.target)} failed (#{error.seq}): {error.text}"
        pos = end + 30 - index
        add("In Progress", what, 3, pos)
        add("Next Steps", f"Resolve: {what}", 3, pos)
        add("Critical Context", f"Error: {error.text} (from {_target(error.target)})", 5, pos)
    for index, error in enumerate(ledger.resolved_errors[:_LEDGER_ITEMS]):
        fixed = f"Fixed: {_target(error.target)} ({error.text}); {error.resolved_by}"
        add("Done", fixed, 2, end + 5 - index)
    return items


def chunk_ledger(messages: tuple[dict[str, Any], ...], ledger: Ledger | None) -> Ledger:
    """The ledger entries of ``messages``: those of the range's ledger last seen in them,
    or, without one, the ledger of these messages alone."""
    if ledger is None:
        numbered = [
            {**message, "seq": int(message.get("seq") or index)}
            for index, message in enumerate(messages, start=1)
        ]
        return ledger_fold(numbered)
    seqs = [int(message["seq"]) for message in messages if message.get("seq")]
    if not seqs:
        return ledger
    low, high = min(seqs), max(seqs)

    def within(entries: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(entry for entry in entries if low <= entry.seq <= high)

    return Ledger(
        files=within(ledger.files),
        commands=within(ledger.commands),
        web=within(ledger.web),
        errors=within(ledger.errors),
        tests=within(ledger.tests),
        through_seq=ledger.through_seq,
        cwd=ledger.cwd,
    )


def select(items: list[Item], limit: int) -> list[Item]:
    """The ``limit`` most important (then most recent) items, in order of appearance."""
    kept = sorted(items, key=lambda item: (-item.rank, -item.pos))[:limit]
    return sorted(kept, key=lambda item: item.pos)
