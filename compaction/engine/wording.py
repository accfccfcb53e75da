"""Wording: what two wordings of one item share, and whether they say the same thing.

The verdicts of ``compaction.engine.verdicts`` pair an old item with its new wording by the
content words they share (stemmed, stop words left out), then look for what a rewording
must not do: reverse the rule's sense (``polarity``), swap the one word that carries it
(``swapped_word``) or name something more (``gained_names``).

Pure: no Django, no database.
"""

from __future__ import annotations

import difflib
import functools
import re

WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NEGATIONS = frozenset({"never", "not", "no", "don", "dont", "avoid", "without", "stop", "nor"})
STOPWORDS = frozenset(
    {
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with",
        "from", "into", "over", "than", "then", "that", "this", "it", "its", "is", "are",
        "was", "were", "be", "been", "as", "so", "use", "used", "using", "instead", "must",
        "should", "always", "also", "all", "any", "via", "per", "s", "t", "we", "our", "user",
        "users", "agent", "they", "he", "she", "their", "his", "her", "wants", "want", "prefers",
        "prefer", "likes", "decided", "decide", "chose", "chosen", "choose", "picked", "opted",
        "go", "going", "keep", "kept", "now", "still", "only", "just", "will", "can", "do",
        "does", "done", "has", "have", "had", "because", "since", "inside", "within", "after",
        "before", "when", "which", "who", "what", "there", "here", "new", "file", "value",
        "command", "error", "url", "need", "needs", "needed", "make", "sure", "each", "every",
        # The particles of phrasal verbs ("roll out", "set up", "shut down") add no content.
        "up", "out", "off", "down",
    }
)  # fmt: skip
NAME = re.compile(r"(?<=\s)[A-Z][\w-]*")
# A capitalised word inside a sentence (not after ". " or ": "): a name or an acronym.
INNER_NAME = re.compile(r"(?<![.:;!?]\s)(?<=\s)[A-Z][\w-]*")


def stem(word: str) -> str:
    """A crude stem, so that two forms of one word agree (logging / log, files / file,
    copied / copy, writing / write): inflection says nothing about what a fact is."""
    if word.isdigit():
        return word
    if word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("ing", "ed")) and len(word) - (3 if word[-1] == "g" else 2) >= 3:
        word = word[: -3 if word[-1] == "g" else -2]
    elif word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    # "logg(ing)", "stopp(ed)": a doubled final consonant is spelling, not meaning
    # (but "roll", "pass", "buzz" double theirs in every form).
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "aeioulsz":
        word = word[:-1]
    # "write" / "writ(ing)", "configure" / "configur(ed)".
    if len(word) >= 4 and word.endswith("e"):
        word = word[:-1]
    return word[:6]


@functools.lru_cache(maxsize=16_384)
def content_words(text: str) -> frozenset[str]:
    """The stemmed content words of ``text``: what two wordings of one thing share."""
    words = WORD.findall(text.lower().replace("n't", " not"))
    # A compound counts by its parts: "per-tenant limits" and "limits per tenant" are one
    # wording, and "log-01" names a log host.
    parts = (part for word in words for part in word.split("-"))
    return frozenset(
        stem(part) for part in parts if part not in STOPWORDS and part not in _NEGATIONS
    )


def polarity(text: str) -> bool:
    """True when ``text`` forbids or negates ("never", "do not", "avoid")."""
    words = set(WORD.findall(text.lower().replace("n't", " not")))
    return bool(words & {"never", "not", "no", "avoid", "without", "nor"})


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def gained_names(old: str, new: str) -> list[str]:
    """Names (capitalised words inside a sentence) that ``new`` has and ``old`` lacks."""
    words = set(WORD.findall(old.lower()))
    stems = content_words(old)
    gained = []
    for name in INNER_NAME.findall(new):
        lower = name.lower()
        if lower in STOPWORDS or lower in words or stem(lower) in stems:
            continue
        gained.append(name)
    return sorted(set(gained))


def swapped_word(old: str, new: str) -> tuple[str, str] | None:
    """The one word swapped for another in an otherwise identical sentence, if that is all.

    "Claim the simplified deduction" → "Claim the regular deduction" is a new value, not a
    rewording: a rewording moves or changes more than one word.
    """
    a, b = WORD.findall(old.lower()), WORD.findall(new.lower())
    ops = [op for op in difflib.SequenceMatcher(None, a, b).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1:
        return None
    tag, i1, i2, j1, j2 = ops[0]
    if tag != "replace" or i2 - i1 != 1 or j2 - j1 != 1:
        return None
    before, after = a[i1], b[j1]
    if before in STOPWORDS or after in STOPWORDS or inflected(before, after):
        return None
    return before, after


def inflected(a: str, b: str) -> bool:
    """One word in two forms ("write" / "writing", "run" / "runs"): not a new value."""
    if stem(a) == stem(b):
        return True
    shorter = min(len(a), len(b))
    common = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), shorter)
    return not a.isdigit() and common >= 3 and common >= shorter - 2
