"""One pass over the messages being summarized: candidate items for every list of the checkpoint.

Sentences are sorted into lists by their cue phrases (``prose``); facts come from
``compaction.engine.facts`` so that what this summarizer keeps is what the drift audit
counts; tool calls, tool errors and test runs become Progress and Next Steps.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from compaction.content import ANTHROPIC, BlockView, canonical_blocks, view
from compaction.engine.facts import failing_frame, locate_facts, scan_facts
from compaction.engine.paths import path_value
from compaction.summarizers.offline.prose import (
    APPROVAL,
    CONSTRAINT,
    CORRECTION,
    DECISION,
    DONE,
    FENCE,
    INTENT,
    NEXT,
    NOT_DONE,
    STRONG_CONSTRAINT,
    STRONG_DECISION,
    clip,
    condense,
    dedup_key,
    flat,
    prose_sentences,
    safe,
)

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


_TESTS = re.compile(r"\b\d+ (?:passed|failed|errors?)\b(?:,? \d+ \w+)*(?: in [\d.]+ ?s)?")
# The counting lines this summarizer writes, parsed back to carry counts across updates.
STATS = re.compile(
    r"(\d+) messages summarized \((\d+) user, (\d+) assistant\); (\d+) tool "
    r"calls(?: \((.*)\))?, (\d+) tool errors\."
)
PEOPLE = re.compile(r'The user (corrected the agent|approved) (\d+) time\(s\), latest: "(.*)"')
_PATH_KEYS = ("path", "file_path", "filepath", "file", "filename", "file_name", "url", "query")
# Paths kept per text: a pasted directory listing would crowd out everything else.
_MAX_PATHS_PER_TEXT = 10


class Extractor:
    """One pass over the chunk's messages, collecting candidate items for every list."""

    def __init__(self) -> None:
        self.pos = 0
        self.items: dict[str, dict[str, Item]] = {name: {} for name in LISTS}
        self.tool_calls: dict[str, Item] = {}
        self.goal = ""
        self.roles: Counter[str] = Counter()
        self.tools: Counter[str] = Counter()
        self.tool_names: dict[str, str] = {}
        self.errors = 0
        self.corrections: list[str] = []
        self.approvals: list[str] = []
        self.questions: list[str] = []
        self.last_done = 0
        self.last_action = 0
        self.intent: tuple[int, str] | None = None
        self.last_error: tuple[int, str] | None = None
        self.last_tests: tuple[int, str] | None = None

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
        for message in messages:
            role = str(message.get("role") or "user")
            self.roles[role] += 1
            content = message.get("content")
            fmt = message.get("format", ANTHROPIC)
            for block in canonical_blocks(role, content, fmt) if content else ():
                seen = view(block)
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
        self.goal = self.goal or condense(text)
        sentences = prose_sentences(text)
        if sentences and CORRECTION.search(sentences[0]):
            self.corrections.append(sentences[0])
        elif sentences and APPROVAL.search(sentences[0]) and len(text) < 400:
            self.approvals.append(sentences[0])
        self.questions = [s for s in sentences if s.endswith("?")][-3:]
        for sentence in sentences:
            if STRONG_CONSTRAINT.search(sentence):
                self.add("Constraints & Preferences", sentence, 2)
            elif CONSTRAINT.search(sentence):
                self.add("Constraints & Preferences", sentence, 1)
            elif STRONG_DECISION.search(sentence):
                self.add("Key Decisions", sentence, 2)
        self.text_facts(text, sentences)
        self.output_facts(text)  # users paste logs and tracebacks too

    def assistant_text(self, text: str) -> None:
        self.questions = []  # the agent has replied to them
        sentences = prose_sentences(text)
        for sentence in sentences:
            if DONE.search(sentence) and not NOT_DONE.search(sentence):
                self.add("Done", sentence, 2)
                self.last_done = self.pos
            elif STRONG_DECISION.search(sentence):
                self.add("Key Decisions", sentence, 2)
            elif NEXT.search(sentence) and not sentence.endswith("?"):
                self.add("Next Steps", sentence, 1)
            elif DECISION.search(sentence):
                self.add("Key Decisions", sentence, 1)
            if INTENT.search(sentence):
                self.intent = (self.pos, sentence)
        for body in FENCE.findall(text):  # a one-line code block is almost always a command
            lines = [line.strip() for line in body.splitlines() if line.strip()]
            if len(lines) == 1:
                self.fact("command", lines[0])
        self.text_facts(text, sentences)

    def text_facts(self, text: str, sentences: list[str]) -> None:
        for fact in scan_facts(FENCE.sub(" ", text), ("identifier",)):
            self.fact("identifier", fact.value)
        for fact in scan_facts(text, ("url",)):
            self.fact("url", fact.value)
        for fact in scan_facts(text, ("path",))[:_MAX_PATHS_PER_TEXT]:
            self.fact("path", fact.value)
        for sentence in sentences:
            for offset, fact in locate_facts(sentence, ("number",)):
                # "a timeout of 30 s" says more than "30 s": keep the words before it.
                context = sentence[:offset].split()[-5:]
                self.fact("quantity", " ".join([*context, fact.value]))

    def output_facts(self, text: str) -> list[str]:
        """Errors, the failing frame and the test summary of tool or pasted output."""
        # An error that opens a line is the output's verdict; one mid-line is code or prose
        # quoting an exception name.
        errors = [
            fact.value
            for offset, fact in locate_facts(text, ("error",))
            if not text[text.rfind("\n", 0, offset) + 1 : offset].strip()
        ]
        for error in errors[-3:]:  # the last ones name the actual exception
            self.fact("error", error)
        frame = failing_frame(text)
        if frame is not None:
            self.fact("path", frame)
        tests = _TESTS.findall(text)
        if tests:
            self.pos += 1
            self.last_tests = (self.pos, tests[-1])
        return errors

    def tool_use(self, call: BlockView) -> None:
        name = clip(flat(call.tool or "tool"), 60)
        self.tools[name] += 1
        self.tool_names[call.call_id] = name
        args = call.arguments if isinstance(call.arguments, dict) else {}
        main = next(
            (
                args[k]
                for k in ("command", "cmd", *_PATH_KEYS)
                if isinstance(args.get(k), str) and args[k].strip()
            ),
            None,
        )
        if main:
            arg = main.strip().splitlines()[0]
        else:
            # A line break the JSON escapes ("\n") would read as a break of the summary's
            # own line once the escapes are read (compaction.engine.facts.unescape).
            arg = json.dumps(args, sort_keys=True).replace("\\n", " ")
        arg = clip(flat(arg), 120).replace("`", "'") if args else ""
        text = f"Ran `{name}`: `{arg}`" if arg else f"Ran `{name}`"
        self.pos += 1
        self.last_action = self.pos
        self.tool_calls.pop(text, None)  # re-inserted, so a repeated call counts as recent
        self.tool_calls[text] = Item(text, 1, self.pos, dedup_key(text))
        for key in ("command", "cmd", *_PATH_KEYS[:6]):
            value = args[key].strip() if isinstance(args.get(key), str) else ""
            if value and key in ("command", "cmd"):
                self.fact("command", value.splitlines()[0])
            elif value and (path_value(value) or value.startswith("/")):
                self.fact("path", value)

    def tool_result(self, result: BlockView) -> None:
        text = result.body
        errors = self.output_facts(text)
        if result.error:
            self.errors += 1
            name = self.tool_names.get(result.call_id, "tool")
            lines = [line for line in text.splitlines() if line.strip()]
            detail = errors[-1] if errors else (lines[0] if lines else "no output")
            self.pos += 1
            self.last_error = (self.pos, f"`{name}` failed: {clip(flat(detail), 200)}")

    def lists(self, previous_dynamics: list[str]) -> dict[str, list[Item]]:
        """This chunk's items per list, each bounded, before merging."""
        found = {name: list(items.values()) for name, items in self.items.items()}
        end = self.pos
        done = select(found["Done"], 8) + select(list(self.tool_calls.values()), 6)
        progress: list[Item] = []
        steps: list[Item] = []
        # An intent followed by completed work or by a tool call is taken as carried out.
        latest = max(self.last_done, self.last_action)
        intent = self.intent[1] if self.intent and self.intent[0] >= latest else ""
        if intent:
            progress.append(Item(safe(intent), 2, end + 1, dedup_key(intent)))
        if self.last_tests:
            pos, tests = self.last_tests
            if not re.search(r"failed|error", tests):
                done.append(Item(f"Latest test run: {tests}", 2, end + 2, tests))
            elif pos > self.last_done:
                progress.append(Item(f"Latest test run failing: {tests}", 2, end + 2, tests))
        if self.last_error and self.last_error[0] > self.last_done:
            error = self.last_error[1]
            progress.append(Item(error, 3, end + 3, error))
            steps.append(Item(f"Resolve: {error}", 2, end + 3, "resolve"))
        for i, question in enumerate(self.questions):
            text = safe(f'Answer the user\'s question: "{question}"')
            steps.append(Item(text, 2, end + 4 + i, dedup_key(question)))
        upcoming = [item for item in found["Next Steps"] if item.key != dedup_key(intent)]
        return {
            "Constraints & Preferences": select(found["Constraints & Preferences"], 10),
            "Done": select(done, 14),
            "In Progress": progress,
            "Key Decisions": select(found["Key Decisions"], 10),
            "Conversation Dynamics": self.dynamics(previous_dynamics),
            "Next Steps": select(upcoming, 6) + steps,
            "Critical Context": select(found["Critical Context"], 40),
        }

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


def select(items: list[Item], limit: int) -> list[Item]:
    """The ``limit`` most important (then most recent) items, in order of appearance."""
    kept = sorted(items, key=lambda item: (-item.rank, -item.pos))[:limit]
    return sorted(kept, key=lambda item: item.pos)
