"""An offline, heuristic checkpoint summarizer: no model, no network, no randomness.

It writes the same seven-section checkpoint as the LLM prompt, but by extraction:
sentences are picked by cue phrases ("must", "we decided", "fixed", "next" ...) and
facts (file paths, URLs, error lines, backticked identifiers, commands, numbers with
units) by regular expressions. The same input always gives byte-identical output, so
tests, demos and development without an API key get a stable, valid summary.

It is a stand-in, far weaker than a model: production uses Claude
(``compaction.summarizers.anthropic.AnthropicSummarizer``).

Message text is only ever data here. Nothing in it is acted on, and every item is
bounded and flattened to one line, so a message can neither forge a heading nor grow
the summary past ``max_chars``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from compaction.content import ANTHROPIC, BlockView, canonical_blocks, view
from compaction.engine.prompts import SECTIONS
from compaction.engine.transcript import neutralize
from compaction.engine.validation import canonical_section, cap_summary, has_content, split_sections
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult

ITEM_MAX_CHARS = 300
GOAL_MAX_CHARS = 400

# The bullet lists in output order (Done / In Progress are Progress's halves): the most
# items each keeps, and its weight when trimming to max_chars. Heavier lists lose items
# later, so Critical Context and Key Decisions survive longest.
_LISTS: dict[str, tuple[int, float]] = {
    "Constraints & Preferences": (10, 2.5),
    "Done": (12, 1.5),
    "In Progress": (5, 2.0),
    "Key Decisions": (10, 3.0),
    "Conversation Dynamics": (6, 1.0),
    "Next Steps": (8, 2.0),
    "Critical Context": (40, 4.0),
}


def _cues(*phrases: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])(?:" + "|".join(phrases) + r")(?![\w'])", re.IGNORECASE)


_STRONG_CONSTRAINT = _cues(
    "must",
    "must not",
    "mustn't",
    "don't",
    "do not",
    "never",
    "always",
    "prefer(?:s|red)?",
    "please use",
    "make sure",
    "avoid",
)
_CONSTRAINT = _cues(
    "should(?:n't| not)?",
    "only use",
    "need to",
    "have to",
    "required?",
    "can't",
    "cannot",
    "without",
)
_STRONG_DECISION = _cues(
    "we decided",
    "decided",
    "decide to",
    "chose",
    "choose to",
    "opted",
    "going with",
    "go with",
    "settled on",
    "instead of",
    "rather than",
    "switch(?:ed)? to",
    "(?:I|we)(?:'ll| will) use",
    "because",
)
_DECISION = _cues("let's", "let us", "the plan is", "approach")
_DONE = _cues(
    "fixed",
    "added",
    "created",
    "updated",
    "ran",
    "passed",
    "implemented",
    "done",
    "completed",
    "finished",
    "resolved",
    "removed",
    "renamed",
    "wrote",
    "installed",
    "refactored",
    "changed",
    "modified",
    "merged",
    "deployed",
    "succeeded",
    "successfully",
    "works now",
    "now works",
    "verified",
    "confirmed",
)
_NOT_DONE = re.compile(
    r"n't\b|\b(?:not|never|no longer|failed to|yet to|if|unless|whether|"
    r"should|would|could|to ensure|to make sure|in order to)\b|\?$|"
    r"^(?:let's|let us|we need|i need|to |now we|next)",
    re.IGNORECASE,
)
_NEXT = _cues(
    "next",
    "will",
    r"\w+'ll",
    "then",
    "todo",
    "to-do",
    "remaining",
    "still need",
    "need to",
    "plan to",
    "going to",
    "afterwards",
    "follow-up",
)
# Work under way, as opposed to _NEXT's future work.
_INTENT = _cues(
    "let's",
    "let us",
    "I'm",
    "we're",
    "currently",
    "trying",
    "working on",
    "started",
    "in the middle of",
    "now I",
    "now we",
)
_CORRECTION = re.compile(
    r"^(?:no|nope|wrong)\b|that'?s (?:not|wrong)|that is (?:not|wrong)|"
    r"not what I|\b(?:actually|instead|undo|revert|stop)\b|don'?t do that",
    re.IGNORECASE,
)
_APPROVAL = re.compile(
    r"^(?:yes|yep|ok(?:ay)?|sure|great|perfect|nice|approved?)\b|"
    r"\b(?:looks good|lgtm|thanks|thank you|well done|good job|works)\b",
    re.IGNORECASE,
)

# Fences only open at a line start: an unanchored search is quadratic on runs of backticks.
_FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)(?:^[ \t]*```|\Z)", re.DOTALL | re.MULTILINE)
_BULLET = re.compile(r"^(?:[-*•>#]+|\d+[.)])\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx|Mr|Mrs|Dr|No)\.$", re.IGNORECASE)
_CODE_CHAR = re.compile(r"[{}\[\]();=<>|\\]")
_URL = re.compile(r"https?://[^\s<>\"'`)\]]+")
_BACKTICK = re.compile(r"(?<!`)`([^`\n]{1,120})`(?!`)")
# Possessive quantifiers keep this linear on long unbroken tokens (base64, minified code).
_TOKEN = re.compile(r"(?<![\w/.~@+-])[~.]{0,2}/?[\w.@+-]++(?:/[\w.@+-]++)*+(?::\d++){0,2}")
_BARE_FILE = re.compile(
    r"[\w-]+(?:\.[\w-]+)*\.(?:py|pyi|js|mjs|jsx|ts|tsx|json|md|rst|txt|toml|ya?ml|cfg|ini|sh|"
    r"rs|go|java|rb|php|c|h|cc|cpp|hpp|cs|html|css|scss|sql|lock|csv|xml|ipynb|log|env)"
)
_ERROR_LINE = re.compile(
    r"\s*(?:Traceback \(most recent call last\)|(?:[A-Za-z_][\w.]*)?(?:Error|Exception)\b(?::.*)?"
    r"|FAILED\b.*|ERROR\b.*|E {2,}\S.*|(?:error|fatal|panic)(?:\[\w+\])?:.*)"
)
_FRAME = re.compile(r'File "([^"\n]+)", line (\d+)')
_TESTS = re.compile(r"\b\d+ (?:passed|failed|errors?)\b(?:,? \d+ \w+)*(?: in [\d.]+ ?s)?")
_QUANTITY = re.compile(
    r"(?<![\w.])\d+(?:[.,]\d+)?\s?(?:%|ms|µs|ns|s|secs?|seconds?|minutes?|mins?|hours?|hrs?|"
    r"days?|weeks?|[KMGT]i?B|bytes?|tokens?|chars?|characters|lines?|px|rpm|x)(?![\w/])",
    re.IGNORECASE,
)
# The counting lines this summarizer writes, parsed back to carry counts across updates.
_STATS = re.compile(
    r"(\d+) messages summarized \((\d+) user, (\d+) assistant\); (\d+) tool "
    r"calls(?: \((.*)\))?, (\d+) tool errors\."
)
_PEOPLE = re.compile(r'The user (corrected the agent|approved) (\d+) time\(s\), latest: "(.*)"')
_PATH_KEYS = ("path", "file_path", "filepath", "file", "filename", "file_name", "url", "query")
_STOPWORDS = frozenset(["with", "that", "this", "from", "into", "have", "been", "will", "then"])


@dataclass
class _Item:
    text: str
    rank: int  # higher survives trimming longer
    pos: int  # order of first appearance; previous-summary items are negative
    key: str  # for deduplication


def _flat(text: str) -> str:
    return " ".join(text.split())


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = text[: max(1, limit - 1)]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip() + "…"


def _key(text: str) -> str:
    return _flat(text).lower().strip(" .,;:!-`'\"")


def _safe(text: str, limit: int = ITEM_MAX_CHARS) -> str:
    """One bounded line that cannot open a heading or close the prompt's delimiters."""
    return _clip(neutralize(_flat(text)).lstrip("#*> "), limit)


def _split(text: str) -> list[str]:
    parts: list[str] = []
    for part in _SENTENCE_END.split(text):
        if parts and _ABBREVIATION.search(parts[-1]):
            parts[-1] += " " + part
        else:
            parts.append(part)
    return parts


def _is_prose(part: str) -> bool:
    # Source listings ("1463: msg = ...") and pasted code are not statements.
    if len(part.split()) < 3 or re.match(r"\d+:", part):
        return False
    letters = sum(ch.isalpha() for ch in part)
    return letters >= len(part) * 0.45 and len(_CODE_CHAR.findall(part)) <= len(part) * 0.04


def _sentences(text: str) -> list[str]:
    result: list[str] = []
    for line in _FENCE.sub(" ", text).splitlines():
        if len(line) <= 4000:  # longer lines are logs or data, not prose
            result += [p for p in map(_flat, _split(_BULLET.sub("", line.strip()))) if _is_prose(p)]
    return result


def _condense(text: str) -> str:
    """The first sentences of a request; bare lines (titles) get a period so they read."""
    lines = [_flat(line) for line in _FENCE.sub(" ", text).splitlines() if line.strip()]
    goal = ""
    for sentence in _split(" ".join(x if x[-1] in ".!?:;," else x + "." for x in lines)):
        if goal and len(goal) + len(sentence) >= GOAL_MAX_CHARS:
            break
        goal = f"{goal} {sentence}".strip()
    return _safe(goal, GOAL_MAX_CHARS)


def _path(token: str) -> str | None:
    token = token.rstrip(".,;:")
    base = re.sub(r"(?::\d+){1,2}$", "", token)
    if "/" not in base:
        return token if _BARE_FILE.fullmatch(base) else None
    rooted = base.startswith(("/", "~/", "./", "../")) and base.strip("/").count("/") >= 1
    return token if rooted or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,7}$", base) else None


def _words(text: str) -> set[str]:
    words = (w.strip("./-") for w in re.findall(r"[\w./-]+", text.lower()))
    return {w for w in words if len(w) >= 4 and w not in _STOPWORDS}


class _Extractor:
    """One pass over the chunk's messages, collecting candidate items for every list."""

    def __init__(self) -> None:
        self.pos = 0
        self.items: dict[str, dict[str, _Item]] = {name: {} for name in _LISTS}
        self.tool_calls: dict[str, _Item] = {}
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
        text = _safe(text)
        key = _key(text) if key is None else key
        if key and key not in self.items[name]:
            self.items[name][key] = _Item(text, rank, self.pos, key)

    def fact(self, kind: str, value: str) -> None:
        value = _clip(_flat(value), 200)
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
        self.goal = self.goal or _condense(text)
        sentences = _sentences(text)
        if sentences and _CORRECTION.search(sentences[0]):
            self.corrections.append(sentences[0])
        elif sentences and _APPROVAL.search(sentences[0]) and len(text) < 400:
            self.approvals.append(sentences[0])
        self.questions = [s for s in sentences if s.endswith("?")][-3:]
        for sentence in sentences:
            if _STRONG_CONSTRAINT.search(sentence):
                self.add("Constraints & Preferences", sentence, 2)
            elif _CONSTRAINT.search(sentence):
                self.add("Constraints & Preferences", sentence, 1)
            elif _STRONG_DECISION.search(sentence):
                self.add("Key Decisions", sentence, 2)
        self.text_facts(text, sentences)
        self.output_facts(text)  # users paste logs and tracebacks too

    def assistant_text(self, text: str) -> None:
        self.questions = []  # the agent has replied to them
        sentences = _sentences(text)
        for sentence in sentences:
            if _DONE.search(sentence) and not _NOT_DONE.search(sentence):
                self.add("Done", sentence, 2)
                self.last_done = self.pos
            elif _STRONG_DECISION.search(sentence):
                self.add("Key Decisions", sentence, 2)
            elif _NEXT.search(sentence) and not sentence.endswith("?"):
                self.add("Next Steps", sentence, 1)
            elif _DECISION.search(sentence):
                self.add("Key Decisions", sentence, 1)
            if _INTENT.search(sentence):
                self.intent = (self.pos, sentence)
        for body in _FENCE.findall(text):  # a one-line code block is almost always a command
            lines = [line.strip() for line in body.splitlines() if line.strip()]
            if len(lines) == 1:
                self.fact("command", lines[0])
        self.text_facts(text, sentences)

    def text_facts(self, text: str, sentences: list[str]) -> None:
        for match in _BACKTICK.finditer(_FENCE.sub(" ", text)):
            value = match.group(1).strip()
            kind = "url" if _URL.fullmatch(value) else "path" if _path(value) == value else ""
            self.fact(kind or "identifier", value)
        for url in _URL.findall(text):
            self.fact("url", url.rstrip(".,;:"))
        # Capped per text: a pasted directory listing would crowd out everything else.
        paths = [p for p in map(_path, _TOKEN.findall(_URL.sub(" ", text))) if p]
        for path in list(dict.fromkeys(paths))[:10]:
            self.fact("path", path)
        for sentence in sentences:
            for match in _QUANTITY.finditer(sentence):
                context = sentence[: match.start()].split()[-5:]
                self.fact("quantity", " ".join([*context, match.group(0)]))

    def output_facts(self, text: str) -> list[str]:
        """Error lines, the failing frame and the test summary of tool or pasted output."""
        lines = (line for line in text.splitlines() if len(line) <= 1000)
        errors = list(dict.fromkeys(_flat(x) for x in lines if _ERROR_LINE.fullmatch(x)))
        for error in errors[-3:]:  # the last lines name the actual exception
            self.fact("error", error)
        frames = _FRAME.findall(text)
        if frames:
            self.fact("path", f"{frames[-1][0]}:{frames[-1][1]}")
        tests = _TESTS.findall(text)
        if tests:
            self.pos += 1
            self.last_tests = (self.pos, tests[-1])
        return errors

    def tool_use(self, call: BlockView) -> None:
        name = _clip(_flat(call.tool or "tool"), 60)
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
        arg = main.strip().splitlines()[0] if main else json.dumps(args, sort_keys=True)
        arg = _clip(_flat(arg), 120).replace("`", "'") if args else ""
        text = f"Ran `{name}`: `{arg}`" if arg else f"Ran `{name}`"
        self.pos += 1
        self.last_action = self.pos
        self.tool_calls.pop(text, None)  # re-inserted, so a repeated call counts as recent
        self.tool_calls[text] = _Item(text, 1, self.pos, _key(text))
        for key in ("command", "cmd", *_PATH_KEYS[:6]):
            value = args[key].strip() if isinstance(args.get(key), str) else ""
            if value and key in ("command", "cmd"):
                self.fact("command", value.splitlines()[0])
            elif value and (_path(value) or value.startswith("/")):
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
            self.last_error = (self.pos, f"`{name}` failed: {_clip(_flat(detail), 200)}")

    def lists(self, previous_dynamics: list[str]) -> dict[str, list[_Item]]:
        """This chunk's items per list, each bounded, before merging."""
        found = {name: list(items.values()) for name, items in self.items.items()}
        end = self.pos
        done = _select(found["Done"], 8) + _select(list(self.tool_calls.values()), 6)
        progress: list[_Item] = []
        steps: list[_Item] = []
        # An intent followed by completed work or by a tool call is taken as carried out.
        latest = max(self.last_done, self.last_action)
        intent = self.intent[1] if self.intent and self.intent[0] >= latest else ""
        if intent:
            progress.append(_Item(_safe(intent), 2, end + 1, _key(intent)))
        if self.last_tests:
            pos, tests = self.last_tests
            if not re.search(r"failed|error", tests):
                done.append(_Item(f"Latest test run: {tests}", 2, end + 2, tests))
            elif pos > self.last_done:
                progress.append(_Item(f"Latest test run failing: {tests}", 2, end + 2, tests))
        if self.last_error and self.last_error[0] > self.last_done:
            error = self.last_error[1]
            progress.append(_Item(error, 3, end + 3, error))
            steps.append(_Item(f"Resolve: {error}", 2, end + 3, "resolve"))
        for i, question in enumerate(self.questions):
            text = _safe(f'Answer the user\'s question: "{question}"')
            steps.append(_Item(text, 2, end + 4 + i, _key(question)))
        upcoming = [item for item in found["Next Steps"] if item.key != _key(intent)]
        return {
            "Constraints & Preferences": _select(found["Constraints & Preferences"], 10),
            "Done": _select(done, 14),
            "In Progress": progress,
            "Key Decisions": _select(found["Key Decisions"], 10),
            "Conversation Dynamics": self.dynamics(previous_dynamics),
            "Next Steps": _select(upcoming, 6) + steps,
            "Critical Context": _select(found["Critical Context"], 40),
        }

    def dynamics(self, previous: list[str]) -> list[_Item]:
        """Counts for the conversation so far: the previous checkpoint's counts carry over."""
        counts = Counter(self.roles)
        counts.update(calls=sum(self.tools.values()), errors=self.errors)
        people = {
            "corrected the agent": [len(self.corrections), self.corrections[-1:]],
            "approved": [len(self.approvals), self.approvals[-1:]],
        }
        for line in previous:
            if match := _STATS.fullmatch(line):
                numbers = map(int, match.group(1, 2, 3, 4, 6))
                counts.update(
                    dict(
                        zip(["total", "user", "assistant", "calls", "errors"], numbers, strict=True)
                    )
                )
                for name, count in re.findall(r"(\S+) x(\d+)", match.group(5) or ""):
                    self.tools[name] += int(count)
            elif match := _PEOPLE.fullmatch(line):
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
                lines.append(f'The user {label} {count} time(s), latest: "{_clip(latest[0], 160)}"')
        return [_Item(_safe(x), 1, self.pos + 10 + i, _key(x)) for i, x in enumerate(lines)]


def _select(items: list[_Item], limit: int) -> list[_Item]:
    """The ``limit`` most important (then most recent) items, in order of appearance."""
    kept = sorted(items, key=lambda item: (-item.rank, -item.pos))[:limit]
    return sorted(kept, key=lambda item: item.pos)


def _bullets(lines: list[str]) -> list[str]:
    items: list[str] = []
    for line in lines:
        if not has_content([line]):
            continue
        if line[:1].isspace() and items and not _BULLET.match(line.strip()):
            items[-1] += " " + line.strip()  # a wrapped continuation of the previous bullet
        else:
            items.append(_BULLET.sub("", line.strip()))
    return [_safe(item, 2 * ITEM_MAX_CHARS) for item in items if item.strip()]


def _previous_progress(text: str) -> tuple[list[str], list[str]]:
    """Progress's Done / In Progress bullets, which ``split_sections`` folds together."""
    parts: dict[str, list[str]] = {"Done": [], "In Progress": []}
    inside, bucket = False, "Done"
    for line in text.splitlines():
        heading = re.match(r"\s{0,3}(?:#{1,6}\s*(.+?)\s*#*|\*\*([^*]+?)\*\*:?)\s*$", line)
        title = (heading.group(1) or heading.group(2) or "").strip(" :") if heading else ""
        if heading and canonical_section(title) is not None:
            inside = canonical_section(title) == "Progress"
        elif heading and inside and title.lower() in ("done", "in progress"):
            bucket = "Done" if title.lower() == "done" else "In Progress"
        elif inside:
            parts[bucket].append(line)
    return _bullets(parts["Done"]), _bullets(parts["In Progress"])


def _fact_rank(text: str) -> int:
    located = _URL.search(text) or any(_path(token) for token in _TOKEN.findall(text))
    return 3 if located or text.startswith("Error:") or _ERROR_LINE.match(text) else 2


def _merge(
    previous: str, goal: str, new: dict[str, list[_Item]], facts: list[str]
) -> tuple[str, dict[str, list[_Item]]]:
    """Previous items first, then the new ones not already there, each list bounded."""
    sections = split_sections(previous) if previous else {}
    old = {name: _bullets(sections[name]) for name in _LISTS if name in sections}
    old["Conversation Dynamics"] = [  # folded into the new counts
        line
        for line in old.get("Conversation Dynamics", [])
        if not (_STATS.fullmatch(line) or _PEOPLE.fullmatch(line))
    ]
    if previous:
        old["Done"], old["In Progress"] = _previous_progress(previous)
        old_goal = " ".join(line for line in sections.get("Goal", []) if has_content([line]))
        goal = _safe(old_goal, GOAL_MAX_CHARS) if old_goal.strip() else goal
    # Earlier open work that a new Done item reports finished: moved to Done, or dropped
    # from Next Steps.
    done_words = [_words(item.text) for item in new["Done"]]
    for name in ("In Progress", "Next Steps"):
        for text in list(old.get(name, [])):
            words = _words(text)
            if words and any(len(words & done) >= 0.6 * len(words) for done in done_words):
                old[name].remove(text)
                if name == "In Progress":
                    old["Done"].append(text)
    lists: dict[str, list[_Item]] = {}
    for name, (limit, _weight) in _LISTS.items():
        prior = old.get(name, [])
        rank = _fact_rank if name == "Critical Context" else (lambda _text: 1)
        start = -len(prior) - len(facts)
        merged = [_Item(t, rank(t), start + i, _key(t)) for i, t in enumerate(prior)]
        if name == "Critical Context":
            merged += [_Item(_safe(f), 4, i - len(facts), _key(f)) for i, f in enumerate(facts)]
        seen = {item.key for item in merged}
        for item in new[name]:
            # A fact is known when an earlier item already quotes it verbatim.
            quoted = name == "Critical Context" and any(item.key in m.text for m in merged)
            if item.key not in seen and not quoted:
                merged.append(item)
                seen.add(item.key)
        lists[name] = _select(merged, limit)
    return goal, lists


def _render(goal: str, lists: dict[str, list[_Item]], item_chars: int) -> str:
    def bullets(name: str) -> list[str]:
        return [f"- {_clip(item.text, item_chars)}" for item in lists[name]] or ["- (none)"]

    lines = ["## Goal", _clip(goal, min(GOAL_MAX_CHARS, item_chars + 100)) or "- (none)", ""]
    for name in SECTIONS[1:]:
        lines.append(f"## {name}")
        if name == "Progress":
            lines += ["### Done", *bullets("Done"), "### In Progress", *bullets("In Progress")]
        else:
            lines += bullets(name)
        lines.append("")
    return "\n".join(lines).strip()


def _fit(goal: str, lists: dict[str, list[_Item]], max_chars: int) -> str:
    """Drop the least important items, then shorten the rest, until the summary fits."""
    order = list(_LISTS)

    def heaviest(names: list[str]) -> str:
        used = {n: sum(len(item.text) + 3 for item in lists[n]) / _LISTS[n][1] for n in names}
        return max(names, key=lambda n: (used[n], -order.index(n)))

    for floor, item_chars in ((1, ITEM_MAX_CHARS), (1, 200), (1, 120), (1, 60), (0, 60)):
        text = _render(goal, lists, item_chars)
        while len(text) > max_chars:
            candidates = [name for name in order if len(lists[name]) > floor]
            if not candidates:
                break
            victims = lists[heaviest(candidates)]
            victims.remove(min(victims, key=lambda item: (item.rank, item.pos)))
            text = _render(goal, lists, item_chars)
        if len(text) <= max_chars:
            return text
    # Only a max_chars smaller than the bare headings gets here.
    return cap_summary(text, max_chars)[0][:max_chars]


class OfflineSummarizer(Summarizer):
    """Deterministic extractive summarizer for tests, demos and running without an API key."""

    name = "offline"

    @property
    def model(self) -> str:
        return "offline-extractive-v1"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        extractor = _Extractor()
        extractor.run(request.messages)
        # The host may list facts that must survive ("- ..." lines); other instructions are
        # for a model and have no meaning here.
        facts = [
            line.strip()[2:].strip()
            for line in request.extra_instructions.splitlines()
            if line.strip().startswith("- ") and line.strip()[2:].strip()
        ]
        previous = request.previous_summary or ""
        earlier = _bullets(split_sections(previous).get("Conversation Dynamics", []))
        goal, lists = _merge(previous, extractor.goal, extractor.lists(earlier), facts)
        text = _fit(goal, lists, request.max_chars)
        return SummaryResult(text=text, model=self.model, input_tokens=0, output_tokens=0)
