"""The facts of archived originals, and which of them a summary states.

A version regenerated from the originals (a repair) is measured against them: the share of
their facts (errors, commands, paths, URLs, identifiers, by the one extractor) that the
version before it carried and it no longer does. What of the session's files, commands and
errors reaches the model is the artifact ledger's coverage
(``compaction.engine.artifacts.coverage``).

Pure (no Django, no database); frozen dataclasses with ``as_dict()`` for the API.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from compaction.engine.facts import COVERAGE_KINDS, Fact, extract_facts, scan_facts
from compaction.engine.mentions import Budget, Mentions

MAX_COVERAGE_FACTS = 20_000
#: What an agent needs back first.
KIND_WEIGHTS: dict[str, int] = {"error": 6, "command": 4, "path": 4, "url": 3, "identifier": 2}
#: Extra weight per further message that mentions a fact (capped), and for the user's own.
REPEAT_WEIGHT, REPEAT_CAP, USER_WEIGHT = 1, 4, 2
#: A directory ("docs/") is mostly a line of a listing: it weighs as an identifier.
DIRECTORY_WEIGHT = 2


@dataclass(frozen=True)
class Original:
    """One archived message as coverage reads it: ``ref`` names it for a link (its id)."""

    ref: str
    seq: int
    role: str
    text: str


@dataclass(frozen=True)
class CoverageFact:
    """A fact of the originals, where it first came from and how much an agent needs it."""

    fact: Fact
    rank: int
    messages: int
    ref: str
    seq: int
    role: str

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.fact.as_dict(),
            "rank": self.rank,
            "messages": self.messages,
            "message_id": self.ref,
            "seq": self.seq,
            "role": self.role,
        }


def _originals(items: Iterable[str | Original]) -> Iterable[Original]:
    for index, item in enumerate(items):
        yield item if isinstance(item, Original) else Original("", index + 1, "", item or "")


def original_facts(originals: Iterable[str | Original]) -> list[CoverageFact]:
    """The facts of ``originals``, once each, ranked, with the message they first came from."""
    first: dict[tuple[str, str], tuple[Fact, Original]] = {}
    counts: dict[tuple[str, str], int] = {}
    by_user: set[tuple[str, str]] = set()
    for original in _originals(originals):
        for fact in scan_facts(original.text, COVERAGE_KINDS, None):
            if fact.ident not in first:
                if len(first) >= MAX_COVERAGE_FACTS:
                    continue
                first[fact.ident] = (fact, original)
            counts[fact.ident] = counts.get(fact.ident, 0) + 1
            if original.role == "user":
                by_user.add(fact.ident)
    found = []
    for ident, (fact, original) in first.items():
        repeats = min(counts[ident] - 1, REPEAT_CAP) * REPEAT_WEIGHT
        weight = KIND_WEIGHTS.get(fact.kind, 1)
        if fact.kind == "path" and fact.value.endswith("/"):
            weight = DIRECTORY_WEIGHT  # a directory listed, not a file worked on
        rank = weight + repeats + (USER_WEIGHT if ident in by_user else 0)
        found.append(
            CoverageFact(fact, rank, counts[ident], original.ref, original.seq, original.role)
        )
    return found


def carried_by(summary: str, facts: Sequence[CoverageFact]) -> set[tuple[str, str]]:
    """The idents of ``facts`` that ``summary`` states."""
    idents = {fact.ident for fact in extract_facts(summary)}
    mentions, budget = Mentions([summary]), Budget()
    return {
        item.fact.ident
        for item in facts
        if item.fact.ident in idents or mentions.contains(item.fact, budget)
    }
