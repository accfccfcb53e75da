"""Coverage: which facts of the archived originals no summary carries, ranked by need.

The originals are the messages compaction archived; their facts (errors, commands, paths,
URLs, identifiers, by the one extractor) either reached some summary or a message carried
verbatim, or were never carried. The never-carried ones are ranked by what an agent needs
back first: errors, then commands and paths (the more messages touch one, the higher),
URLs, identifiers; facts the user stated weigh more than the agent's. Each one keeps the
original message it first came from, so an operator can open it.

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


@dataclass(frozen=True)
class Coverage:
    """Facts of the original messages, split by whether any summary carried them.

    ``never_carried`` is ranked, most needed first.
    """

    original_facts: int
    carried: tuple[CoverageFact, ...]
    never_carried: tuple[CoverageFact, ...]
    share_carried: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "original_facts": self.original_facts,
            "share_carried": self.share_carried,
            "carried": [item.as_dict() for item in self.carried],
            "never_carried": [item.as_dict() for item in self.never_carried],
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


def coverage(summaries: Sequence[str], originals: Iterable[str | Original]) -> Coverage:
    """Facts (errors, commands, paths, URLs, identifiers) of the originals no summary carried.

    ``originals`` are texts or ``Original``s; ``share_carried`` is 1.0 when the originals
    hold no such facts: nothing was lost.
    """
    texts = [text or "" for text in summaries]
    carried_idents: set[tuple[str, str]] = set()
    for text in texts:
        carried_idents.update(fact.ident for fact in extract_facts(text))
    mentions = Mentions(texts)
    budget = Budget()
    facts = original_facts(originals)
    carried: list[CoverageFact] = []
    never: list[CoverageFact] = []
    for item in facts:
        if item.fact.ident in carried_idents or mentions.contains(item.fact, budget):
            carried.append(item)
        else:
            never.append(item)
    # Ties: the kind an agent needs more, then the earlier message.
    never.sort(key=lambda item: (-item.rank, -KIND_WEIGHTS.get(item.fact.kind, 1), item.seq))
    return Coverage(
        original_facts=len(facts),
        carried=tuple(carried),
        never_carried=tuple(never),
        share_carried=len(carried) / len(facts) if facts else 1.0,
    )


def carried_by(summary: str, facts: Sequence[CoverageFact]) -> set[tuple[str, str]]:
    """The idents of ``facts`` that ``summary`` states."""
    idents = {fact.ident for fact in extract_facts(summary)}
    mentions, budget = Mentions([summary]), Budget()
    return {
        item.fact.ident
        for item in facts
        if item.fact.ident in idents or mentions.contains(item.fact, budget)
    }
