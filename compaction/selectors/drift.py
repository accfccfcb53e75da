"""The drift audit of a session's checkpoint chain: the fact ledger and the coverage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compaction.content import message_text
from compaction.engine.ledger import Coverage, FactLedger, coverage, fact_ledger
from compaction.models import ChatSession, Checkpoint, Message

# Coverage reads archived originals; an audit of a 100k-message archive must stay bounded.
DRIFT_ORIGINALS_LIMIT = 5000


@dataclass(frozen=True)
class SessionDrift:
    ledger: FactLedger
    coverage: Coverage
    #: version -> (tokens_before, tokens_after) of that checkpoint
    tokens: dict[int, tuple[int, int]]
    originals_scanned: int
    originals_total: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "timeline": [
                {
                    **point.as_dict(),
                    "tokens_before": self.tokens[point.version][0],
                    "tokens_after": self.tokens[point.version][1],
                }
                for point in self.ledger.timeline
            ],
            "ledger": self.ledger.as_dict(),
            "coverage": self.coverage.as_dict(),
            "originals_scanned": self.originals_scanned,
            "originals_total": self.originals_total,
        }


def session_drift(
    *, session: ChatSession, originals_limit: int = DRIFT_ORIGINALS_LIMIT
) -> SessionDrift:
    """The fact ledger over the checkpoint chain, and what the archive had that no summary kept.

    Coverage reads the newest ``originals_limit`` archived messages (the scan is bounded).
    """
    rows = list(
        Checkpoint.objects.filter(session=session)
        .order_by("version")
        .values_list("version", "summary", "tokens_before", "tokens_after")
    )
    versions = [(version, summary) for version, summary, _, _ in rows]
    archived = Message.objects.filter(session=session, seq__lte=session.archived_seq)
    total = archived.count()
    originals = archived.order_by("-seq").values_list("content", "format", "role")
    texts = [message_text(content, fmt, role) for content, fmt, role in originals[:originals_limit]]
    return SessionDrift(
        ledger=fact_ledger(versions),
        coverage=coverage([summary for _, summary in versions], texts),
        tokens={version: (before, after) for version, _, before, after in rows},
        originals_scanned=len(texts),
        originals_total=total,
    )
