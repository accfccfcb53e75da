"""The offline summarizer's reading of prose: which sentences state a constraint, a decision,
finished work, next steps or an intent, and the one-line form every item is written in.

Cue phrases, not a model: deterministic and weak by design. Values (paths, URLs,
identifiers, numbers) are not found here but by ``compaction.drift.values``, the reader the
drift audit uses too; errors by ``compaction.engine.failures``.
"""

from __future__ import annotations

import itertools
import re

from compaction.engine.transcript import neutralize

ITEM_MAX_CHARS = 300
GOAL_MAX_CHARS = 400
#: The most characters of a task statement (the Goal a request gives): a sentence, never the
#: request copied.
STATEMENT_MAX_CHARS = 200


def _cues(*phrases: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])(?:" + "|".join(phrases) + r")(?![\w'])", re.IGNORECASE)


STRONG_CONSTRAINT = _cues(
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
CONSTRAINT = _cues(
    "should(?:n't| not)?",
    "only use",
    "need to",
    "have to",
    "required?",
    "can't",
    "cannot",
    "without",
)
STRONG_DECISION = _cues(
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
DECISION = _cues("let's", "let us", "the plan is", "approach")
DONE = _cues(
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
NOT_DONE = re.compile(
    r"n't\b|\b(?:not|never|no longer|failed to|yet to|if|unless|whether|"
    r"should|would|could|to ensure|to make sure|in order to)\b|\?$|"
    r"^(?:let's|let us|let me|i'll|i will|we'll|we will|we need|i need|to |now (?:we|i|let)|next)",
    re.IGNORECASE,
)
NEXT = _cues(
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
# Work under way, as opposed to NEXT's future work.
INTENT = _cues(
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
CORRECTION = re.compile(
    r"^(?:no|nope|wrong)\b|that'?s (?:not|wrong)|that is (?:not|wrong)|"
    r"not what I|\b(?:actually|instead|undo|revert|stop)\b|don'?t do that",
    re.IGNORECASE,
)
APPROVAL = re.compile(
    r"^(?:yes|yep|ok(?:ay)?|sure|great|perfect|nice|approved?)\b|"
    r"\b(?:looks good|lgtm|thanks|thank you|well done|good job|works)\b",
    re.IGNORECASE,
)

# Fences only open at a line start: an unanchored search is quadratic on runs of backticks.
FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)(?:^[ \t]*```|\Z)", re.DOTALL | re.MULTILINE)
# Quote, heading and list markers at the start of a line of prose.
_LINE_MARKUP = re.compile(r"^(?:[-*•>#]+|\d+[.)])\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx|Mr|Mrs|Dr|No)\.$", re.IGNORECASE)
_CODE_CHAR = re.compile(r"[{}\[\]();=<>|\\]")
_STOPWORDS = frozenset(["with", "that", "this", "from", "into", "have", "been", "will", "then"])


def flat(text: str) -> str:
    return " ".join(text.split())


def clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = text[: max(1, limit - 1)]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip() + "…"


def dedup_key(text: str) -> str:
    return flat(text).lower().strip(" .,;:!-`'\"")


def safe(text: str, limit: int = ITEM_MAX_CHARS) -> str:
    """One bounded line that cannot open a heading or close the prompt's delimiters."""
    return clip(neutralize(flat(text)).lstrip("#*> "), limit)


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


def prose_sentences(text: str) -> list[str]:
    """The statements of ``text``: code fences, logs, listings and markup left out."""
    result: list[str] = []
    for line in FENCE.sub(" ", text).splitlines():
        if len(line) <= 4000:  # longer lines are logs or data, not prose
            parts = map(flat, _split(_LINE_MARKUP.sub("", line.strip())))
            result += [part for part in parts if _is_prose(part)]
    return result


# A request's title where the request labels one: "ISSUE:\n<title>", "<issue_description>
# <title>", a Markdown heading. The label says what kind of task it is.
_LABELLED = re.compile(
    r"(?:^|\n)[ \t]*(ISSUE|Issue|TASK|Task|PROBLEM|Problem|BUG|Bug)[ \t]*:[ \t]*\n?[ \t]*"
    r"([^\n]{3,200})"
)
# The tag opens a block: the title is the first line inside it ("the <issue> is fixed" is
# prose naming the tag, not a block).
_TAGGED = re.compile(
    r"<(issue_description|issue|pr_description|problem_statement|task)>[ \t]*\n[ \t]*"
    r"([^\n<]{3,200})"
)
# A heading that ends with a colon labels the section under it ("## Open tabs:"), not a task.
_HEADING = re.compile(r"^#{1,3}[ \t]+(\S[^\n]{1,198}[^:\s])[ \t]*$", re.MULTILINE)
_ASKING = re.compile(
    r"^(?:(?:hi|hello|hey)[,!.]?\s+)?(?:please\s+|kindly\s+)?"
    r"(?:(?:can|could|would|will) you(?: please)?\s+|i(?:'d| would) like (?:you )?to\s+"
    r"|i want (?:you )?to\s+|i need (?:you )?to\s+|we need to\s+|help me(?: to)?\s+|"
    r"your task is to\s+)?",
    re.IGNORECASE,
)
# A sentence that leads in to what follows it: "... allows me to:", "... the following issue."
_LEAD_IN = re.compile(r"(?::|\bthe following(?:\W+\w+){0,3}\W*)$", re.IGNORECASE)
# Words that only link a request to the talk before it: "Now, ...", "Next: ...".
_CONNECTOR = re.compile(r"^(?:now|next|then|so|ok(?:ay)?|alright)\b[,:]?\s+", re.IGNORECASE)
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*\u2022+]|\d{1,3}[.)])[ \t]+")
# Markup tags a request wraps its parts in (<uploaded_files>): structure, not words.
_MARKUP_TAG = re.compile(r"</?[A-Za-z_][\w-]{0,40}>")
#: What a turn that only greets, acknowledges or waves the agent on is made of, and its most
#: words.
_ACK_WORD = re.compile(r"[a-z']+")
_ACK_WORDS = frozenset(
    _ACK_WORD.findall(
        "ok okay k kk thanks thank thx ty cheers you cool great perfect nice good fine sure yes "
        "yep yeah yup no nope continue go on ahead proceed carry keep going please lgtm looks "
        "sounds done awesome alright right got it that that's works excellent wonderful "
        "much very so hi hello hey there"
    )
)
_ACK_MAX_WORDS = 8
_KINDS = {"issue": "Resolve the issue", "bug": "Fix the bug", "problem": "Solve the problem"}
_TAG_KINDS = {
    "issue_description": "issue",
    "pr_description": "issue",
    "problem_statement": "problem",
}


def labelled_task(text: str, *, headings: bool = True) -> str:
    """The task a request labels, in one line ("Resolve the issue “…”", "Task: …", a
    heading unless ``headings`` is false), or "" when it labels none. The last label wins:
    a demonstration of another task may come first."""
    found = [*_LABELLED.finditer(text), *_TAGGED.finditer(text)]
    if found:
        match = max(found, key=lambda m: m.start())
        kind, title = match.group(1).lower(), flat(match.group(2)).rstrip(".:")
        lead = _KINDS.get(_TAG_KINDS.get(kind, kind))
        task = f"{lead} \u201c{title}\u201d" if lead else f"Task: {title}"
        return safe(task, STATEMENT_MAX_CHARS)
    heading = _HEADING.search(text) if headings else None
    return safe(heading.group(1), STATEMENT_MAX_CHARS) if heading is not None else ""


def is_acknowledgement(text: str) -> bool:
    """``text`` only greets, acknowledges or waves the agent on ("thanks!", "ok, continue",
    "👍"): a few words, every one of them from the acknowledgement vocabulary."""
    found = _ACK_WORD.findall(text.lower())
    return len(found) <= _ACK_MAX_WORDS and all(word in _ACK_WORDS for word in found)


def task_statement(text: str) -> str:
    """The task a request asks for, condensed to one bounded line: its label
    (``labelled_task``), or its first sentence, without the acknowledgement before it and
    the asking ("Could you please ..."); a sentence that leads in to what follows ("... the
    following issue.", "... allows me to:") takes the next sentence or the list after it."""
    labelled = labelled_task(text)
    if labelled:
        return labelled
    units = _units(text)
    while units and is_acknowledgement(units[0][0]):
        units.pop(0)
    if not units:
        return ""
    statement, rest = units[0][0], units[1:]
    if _LEAD_IN.search(statement):
        # "... allows me to:" and its list; "... the following issue." and the next sentence.
        items = [unit for unit, _item in itertools.takewhile(lambda u: u[1], rest)]
        if items:
            statement = f"{statement} {'; '.join(items)}"
        elif rest:
            statement = f"{statement} {rest[0][0]}"
    asked = _CONNECTOR.sub("", _ASKING.sub("", statement, count=1), count=1).strip()
    # Without its asking, "Could you fix X?" states a task, not a question.
    statement = asked.rstrip(" .;:" + ("?" if asked != statement else ""))
    if statement:
        statement = statement[0].upper() + statement[1:]
    return safe(statement, STATEMENT_MAX_CHARS)


def _units(text: str) -> list[tuple[str, bool]]:
    """A request's prose as sentences, each with whether it is a list item: code fences
    and markup tags out, whitespace collapsed; a bare line (a title) is a sentence."""
    units: list[tuple[str, bool]] = []
    for line in _MARKUP_TAG.sub(" ", FENCE.sub(" ", text)).splitlines():
        is_item = bool(_LIST_ITEM.match(line))
        line = flat(_LINE_MARKUP.sub("", line.strip()) if is_item else line.lstrip("#> \t"))
        if line:
            units += [(part, is_item) for part in _split(line) if part]
    return units


def words(text: str) -> set[str]:
    words = (w.strip("./-") for w in re.findall(r"[\w./-]+", text.lower()))
    return {w for w in words if len(w) >= 4 and w not in _STOPWORDS}
