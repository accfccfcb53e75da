"""Which user turn starts the current task: the one rule the offline summarizer's Goal follows.

A user turn starts a task when it is a person asking, not the agent's world answering:

- a turn that carries tool results answers tool calls, whatever text rides with it;
- a turn after an assistant message that acts in text (no tool call, its text ending with a
  code fence: SWE-agent's ```` ```\\ncreate repro.py\\n``` ````) is that command's output.
  Where the chunk starts with a user turn, the message before it is in an earlier chunk: it
  is taken as output when most of the chunk's assistant messages act in text;
- a word or two after the agent's question ("python") answers it;
- a turn that only acknowledges ("thanks!", "ok, continue") starts nothing;
- a turn that adds to the task ("Can you also ...", "And ...") keeps it.

A turn that labels its task (``ISSUE:``, ``<issue_description>``) or opens a brief (an
``INSTRUCTIONS:`` section, as agent harnesses write them) starts one wherever it stands: a
harness's next task may follow the agent's last command. Markup elements a harness wraps
around a turn (``<environment_context>…</environment_context>``) are context, not asking;
a slash command's ``<command-args>`` are what it asks; a turn laid out in labelled sections
(``## Open tabs:`` ... ``## My request for Codex:``) asks in its last.

The newest such turn of a chunk is the Goal; the turns it replaced are earlier tasks.
Structure first; the words are read only for acknowledgements and the statement itself.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from compaction.summarizers.offline.prose import (
    is_acknowledgement,
    labelled_task,
    task_statement,
)

# A brief's instructions section, as harnesses label it on a line of its own.
_BRIEF = re.compile(r"^[ \t]*INSTRUCTIONS[ \t]*:[ \t]*$", re.MULTILINE)
# A markup tag, opening or closing: <environment_context>, </environment_context>.
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]{0,40})>")
# A request that adds to the task under way, once its asking is gone ("also check ...").
_ADDS = re.compile(r"^(?:also|and|additionally|plus|too|as well)\b", re.IGNORECASE)
_FENCE_END = re.compile(r"```[ \t]*\Z")
# A heading that labels a section ("## Open tabs:"): a turn laid out in such sections (an
# IDE's context, then "## My request for Codex:") asks in its last one.
_SECTION_LABEL = re.compile(r"^#{1,3}[ \t]+[^\n]*:[ \t]*$", re.MULTILINE)
#: The most words of a reply to the agent's question that answers it rather than asking.
_ANSWER_MAX_WORDS = 3


@dataclass(frozen=True)
class Turn:
    """What the rule reads of one message: its role, its text blocks, and whether it
    carries tool calls or tool results."""

    role: str
    texts: tuple[str, ...]
    calls: bool = False
    results: bool = False

    @property
    def asks(self) -> bool:
        """An assistant message that ends with a question to the user."""
        return self.role == "assistant" and "\n".join(self.texts).rstrip().endswith("?")

    @property
    def acts_in_text(self) -> bool:
        """An assistant message that runs a command written in its text."""
        text = "\n".join(self.texts).rstrip()
        return (
            self.role == "assistant"
            and not self.calls
            and text.count("```") >= 2
            and bool(_FENCE_END.search(text))
        )


def answers_actions(turns: Sequence[Turn], seq_of_first: int) -> list[bool]:
    """For each turn of a chunk, whether it answers the agent's action (see the module)."""
    assistants = [turn for turn in turns if turn.role == "assistant"]
    in_text = sum(turn.acts_in_text for turn in assistants)
    text_agent = bool(assistants) and 2 * in_text >= len(assistants)
    answers = []
    for index, turn in enumerate(turns):
        if turn.results:
            answers.append(True)
        elif index:
            before = turns[index - 1]
            # A word or two after the agent's question answers it ("python", "yes, v2").
            short = len(" ".join(turn.texts).split()) <= _ANSWER_MAX_WORDS
            answers.append(before.acts_in_text or (before.asks and short))
        else:
            # The session's first message asks; another chunk's first is read by its agent.
            answers.append(seq_of_first > 1 and text_agent)
    return answers


def task_request(text: str, *, answers_action: bool) -> str:
    """The task a user turn starts, as its one-line statement, or "" when it starts none."""
    args = _command_args(text)
    if args.strip() and not answers_action:
        # A slash command's arguments say what it is asked to do; the prompt it expands
        # to (headings and all) says how.
        return "" if is_acknowledgement(args) else task_statement(args)
    sections = list(_SECTION_LABEL.finditer(text))
    if len(sections) >= 2:
        text = text[sections[-1].end() :]
    brief = _BRIEF.search(text)
    labelled = labelled_task(text, headings=not answers_action) or (
        task_statement(text[: brief.start()]) if brief is not None else ""
    )
    if labelled or answers_action:
        return labelled
    asked = _without_elements(text)
    if not asked.strip() or is_acknowledgement(asked):
        return ""
    statement = task_statement(asked)
    return "" if _ADDS.match(statement) else statement


def _command_args(text: str) -> str:
    """A slash command's ``<command-args>``, or "". Found with ``str.find``: a regex with a
    lazy body rescans to the end of the text for every opening tag left unclosed."""
    start = text.find("<command-args>")
    if start < 0:
        return ""
    start += len("<command-args>")
    end = text.find("</command-args>", start)
    return text[start:end] if end >= 0 else ""


def _without_elements(text: str) -> str:
    """The text with every whole markup element (an opening tag, the nearest closing tag of
    its name after it, and what lies between) replaced by a space; unclosed tags stay.

    In one pass over the tags, in time linear in the text (a pasted file full of
    ``Map<string, Array<Item>>`` is a turn too): a backreferencing regex rescans to the end
    for every tag that is never closed."""
    tags = list(_TAG.finditer(text))
    closes: dict[str, list[int]] = {}
    for index, tag in enumerate(tags):
        if tag.group(1):
            closes.setdefault(tag.group(2), []).append(index)
    pieces, kept_from, index = [], 0, 0
    while index < len(tags):
        tag = tags[index]
        later = closes.get(tag.group(2), []) if not tag.group(1) else []
        close = later[bisect.bisect_right(later, index)] if later and later[-1] > index else None
        if close is None:
            index += 1
            continue
        pieces += [text[kept_from : tag.start()], " "]
        kept_from = tags[close].end()
        index = close + 1
    pieces.append(text[kept_from:])
    return "".join(pieces)
