"""The drift audit of a session: one read, bounded by settings, for the admin and the API.

The newest ``DRIFT_MAX_VERSIONS`` checkpoint versions (the fact ledger and the timeline,
regenerated versions measured against the originals they were built from, with the newest
``DRIFT_ORIGINALS_LIMIT`` archived messages), and the coverage of the latest version's
artifact ledger: what of the files, commands and errors of the tool calls reaches the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from compaction.conf import app_settings
from compaction.content import message_text
from compaction.engine.artifacts import Ledger
from compaction.engine.artifacts.coverage import ArtifactCoverage, artifact_coverage
from compaction.engine.ledger import FactLedger, VersionPoint, fact_ledger
from compaction.engine.verdicts import DRIFT_SCORE_DEFINITION
from compaction.models import ChatSession, Checkpoint
from compaction.selectors.messages import archived_originals


@dataclass(frozen=True)
class AuditedVersion:
    """One checkpoint version of the audit, with its point on the timeline."""

    pk: int
    version: int
    kind: str
    fallback: bool
    created_at: datetime
    chars: int
    tokens_before: int
    tokens_after: int
    messages_compacted: int
    point: VersionPoint

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.point.as_dict(),
            "kind": self.kind,
            "fallback": self.fallback,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
        }


@dataclass(frozen=True)
class SessionDrift:
    versions: tuple[AuditedVersion, ...]
    ledger: FactLedger
    coverage: ArtifactCoverage
    originals_scanned: int
    originals_total: int
    versions_total: int
    #: The drift guard's threshold (``DRIFT_GUARD_MAX_LOSS``), None when the guard is off.
    guard_limit: float | None

    @property
    def versions_capped(self) -> bool:
        return self.versions_total > len(self.versions)

    def as_dict(self) -> dict[str, Any]:
        return {
            "drift_score_definition": DRIFT_SCORE_DEFINITION,
            "guard_limit": self.guard_limit,
            "timeline": [version.as_dict() for version in self.versions],
            "ledger": self.ledger.as_dict(),
            "coverage": self.coverage.as_dict(),
            "originals_scanned": self.originals_scanned,
            "originals_total": self.originals_total,
            "versions_total": self.versions_total,
        }


def session_drift(*, session: ChatSession) -> SessionDrift:
    """The fact ledger over the newest versions, and what the archive had that no summary kept.

    Bounded by ``DRIFT_MAX_VERSIONS`` and ``DRIFT_ORIGINALS_LIMIT`` (the newest of each).
    """
    settings = app_settings.for_session(session)
    checkpoints = Checkpoint.objects.filter(session=session)
    total = checkpoints.count()
    rows = list(
        checkpoints.order_by("-version").values(
            "pk",
            "version",
            "kind",
            "fallback",
            "created_at",
            "summary",
            "last_seq",
            "tokens_before",
            "tokens_after",
            "messages_compacted",
        )[: settings.DRIFT_MAX_VERSIONS]
    )[::-1]
    # Only a regenerated version is measured against the originals it was built from.
    originals, archived = (
        archived_originals(session=session, limit=int(settings.DRIFT_ORIGINALS_LIMIT))
        if any(row["kind"] == Checkpoint.Kind.REGENERATE for row in rows)
        else ([], session.archived_seq)
    )
    regenerated = {
        row["version"]: [item for item in originals if item.seq <= row["last_seq"]]
        for row in rows
        if row["kind"] == Checkpoint.Kind.REGENERATE
    }
    ledger = fact_ledger([(row["version"], row["summary"]) for row in rows], regenerated)
    coverage = artifact_coverage(Ledger(), summary="", section="")
    if rows:
        latest = (
            checkpoints.filter(pk=rows[-1]["pk"])
            .values("carried", "artifacts", "artifacts_text")
            .first()
        ) or {}
        # Messages carried verbatim (the first message, pinned ones) are in the context too.
        carried = "\n".join(
            message_text(item.get("content"), item.get("format", "anthropic"), item.get("role"))
            for item in latest.get("carried") or ()
            if isinstance(item, dict)
        )
        coverage = artifact_coverage(
            Ledger.from_dict(latest.get("artifacts")),
            summary=f"{rows[-1]['summary']}\n{carried}",
            section=latest.get("artifacts_text") or "",
        )
    versions = tuple(
        AuditedVersion(
            pk=row["pk"],
            version=row["version"],
            kind=row["kind"],
            fallback=row["fallback"],
            created_at=row["created_at"],
            chars=len(row["summary"]),
            tokens_before=row["tokens_before"],
            tokens_after=row["tokens_after"],
            messages_compacted=row["messages_compacted"],
            point=point,
        )
        for row, point in zip(rows, ledger.timeline, strict=True)
    )
    return SessionDrift(
        versions=versions,
        ledger=ledger,
        coverage=coverage,
        originals_scanned=len(originals),
        originals_total=archived,
        versions_total=total,
        guard_limit=settings.DRIFT_GUARD_MAX_LOSS,
    )
