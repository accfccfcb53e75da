"""Does a text still state a fact, maybe without the same markup?

A summary that drops the backticks around ``parse_config`` or writes ``src/a.py`` instead of
``./src/a.py:42`` has not lost the fact. Searches share an explicit ``Budget`` so that an
operator can point the drift audit at any stored text; when it runs out the answer is still
deterministic, just less lenient (the fact counts as missing).

Pure: no Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compaction.engine.facts import (
    ATOM_KINDS,
    MAX_SCAN_CHARS,
    SIMPLE_TOKEN,
    URL_PATTERN,
    Fact,
    collapse,
    limited,
    normalize_key,
    unescape,
)
from compaction.engine.names import is_phone_key
from compaction.engine.outline import item_key
from compaction.engine.paths import path_key

_MORE_ARGUMENTS = re.compile(r"[ \t]+(?:-|[\w./]+[ \t]*(?:$|[`\n]))")
_POSSESSIVE = re.compile(r"['\u2019]s\b")
_DIGIT_GAPS = re.compile(r"(?<=\d)[ .()/-]{1,3}(?=[\d(])|(?<=\d\))[ .-]?(?=\d)")
# Characters str.find() may scan, per public call, when looking for a fact's plain mention.
MENTION_SCAN_BUDGET = 200_000_000


class Budget:
    def __init__(self, chars: int = MENTION_SCAN_BUDGET) -> None:
        self.chars = chars


class Mentions:
    """Answers "does this text still state the fact?" for the atomic kinds (not items)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = [unescape(text[:MAX_SCAN_CHARS]) for text in texts]
        self._tokens: set[str] | None = None
        self._segments: set[str] | None = None
        self._raw: str | None = None
        self._lower: str | None = None
        self._digits: str | None = None
        self._words: str | None = None

    @property
    def tokens(self) -> set[str]:
        if self._tokens is None:
            words: set[str] = set()
            urls: set[str] = set()
            for text in self.texts:
                words.update(SIMPLE_TOKEN.findall(text))
                urls.update(match.group() for match in limited(URL_PATTERN.finditer(text)))
            # Variants are computed once per distinct token: long texts repeat a lot.
            tokens = set(words)
            for token in words:
                trimmed = token.rstrip(".")
                tokens.add(trimmed)
                tokens.add(path_key(trimmed))
            tokens.update(normalize_key("url", url) for url in urls)
            self._tokens = tokens
        return self._tokens

    @property
    def segments(self) -> set[str]:
        """Whole segments of the paths, routes and URLs of the texts: a name stated in one
        (the ``we_77Hq`` of ``/v1/endpoints/we_77Hq/replay``) is still stated."""
        if self._segments is None:
            self._segments = {
                segment
                for token in self.tokens
                if "/" in token
                for segment in token.split("/")
                if segment
            }
        return self._segments

    @property
    def raw(self) -> str:
        if self._raw is None:
            self._raw = "\n".join(self.texts)
        return self._raw

    @property
    def words(self) -> str:
        """The texts as lower-case words, possessives dropped: "Nextcloud's ETags" says
        "nextcloud etags"."""
        if self._words is None:
            self._words = "\n".join(item_key(_POSSESSIVE.sub("", text)) for text in self.texts)
        return self._words

    @property
    def digits(self) -> str:
        """The texts with the spaces, dots, dashes and brackets between digits taken out:
        "+49 40 555 8120" and "040 5558120" hold the same digits."""
        if self._digits is None:
            self._digits = _DIGIT_GAPS.sub("", self.raw)
        return self._digits

    @property
    def lower(self) -> str:
        if self._lower is None:
            self._lower = "\n".join(collapse(text.lower()) for text in self.texts)
        return self._lower

    def contains(self, fact: Fact, budget: Budget) -> bool:
        if fact.kind not in ATOM_KINDS or not fact.key:
            return False
        if fact.kind in ("path", "url"):
            return fact.key in self.tokens
        if fact.kind == "identifier" and is_phone_key(fact.key):
            return _find_word(self.digits, fact.key.removeprefix("+"), budget)
        if fact.kind == "name":
            return _find_word(self.words, item_key(_POSSESSIVE.sub("", fact.key)), budget)
        if fact.kind == "identifier" and SIMPLE_TOKEN.fullmatch(fact.key):
            return fact.key in self.tokens or fact.key in self.segments
        if fact.kind == "number" and "/" in fact.key and fact.key[0].isalnum():
            base, per = fact.key.rsplit("/", 1)
            if _find_word(self.lower, fact.key, budget):
                return True
            # "CAD 1,690/month" said as "CAD 1,690 a month" or "CAD 1,690 per month".
            return _find_rate(self.lower, base, per, budget)
        haystack = self.raw if fact.kind in ("identifier", "command") else self.lower
        # A command is not stated by a longer one: "erase --user 7" is another command
        # than "erase --user 7 --keep-billing".
        return _find_word(haystack, fact.key, budget, whole_command=fact.kind == "command")


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _charge(budget: Budget, haystack: str) -> bool:
    """Spend a scan of ``haystack`` from ``budget``; False when it cannot pay for it."""
    if budget.chars < len(haystack):
        return False
    budget.chars -= len(haystack)
    return True


def _find_rate(haystack: str, base: str, per: str, budget: Budget) -> bool:
    if not _charge(budget, haystack):
        return False
    pattern = rf"(?<![\w.,]){re.escape(base)}(?![\w]|[.,]\d)[^\n]{{0,8}}?\b{re.escape(per)}"
    return re.search(pattern, haystack) is not None


def _find_word(haystack: str, needle: str, budget: Budget, *, whole_command: bool = False) -> bool:
    """``needle`` occurs in ``haystack`` not glued to surrounding word characters (nor, as
    a ``whole_command``, followed by more arguments)."""
    if not _charge(budget, haystack):
        return False
    check_before, check_after = _is_word(needle[0]), _is_word(needle[-1])
    start = haystack.find(needle)
    while start >= 0:
        end = start + len(needle)
        before_ok = not check_before or start == 0 or not _is_word(haystack[start - 1])
        after_ok = not check_after or end == len(haystack) or not _is_word(haystack[end])
        if whole_command and _MORE_ARGUMENTS.match(haystack, end):
            after_ok = False
        if before_ok and after_ok:
            return True
        start = haystack.find(needle, start + 1)
    return False
