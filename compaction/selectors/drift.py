"""The drift audit, read: one version against another, and a session's whole chain.

Both read only stored rows and run the pure audit (``compaction.drift``); a judge's
confirmations are read from where phase 2 or the admin's judge action stored them. The
session audit is bounded by ``DRIFT_MAX_VERSIONS`` (the newest versions), and carries the
coverage of the latest version's artifact ledger: what of the files, commands and errors
of the tool calls reaches the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import JSONField, OuterRef, QuerySet, Subquery

from compaction.conf import app_settings
from compaction.content import message_text
from compaction.drift.audit import SCORE_DEFINITION, Audit, AuditSummary, audit
from compaction.drift.coverage import ArtifactCoverage, artifact_coverage
from compaction.drift.history import History, Point, Version, history
from compaction.drift.lines import DiffLine, line_diff
from compaction.engine.artifacts import Ledger
from compaction.engine.items import Change, parse, with_changes
from compaction.models import ChatSession, Checkpoint

#: Versions whose ids do not continue the version before them.
FRESH_KINDS = (Checkpoint.Kind.REGENERATE,)


def _changes(stored: Any) -> tuple[Change, ...]:
    """A version's declared removals, as stored (``Change.as_dict()``)."""
    found = []
    for item in stored if isinstance(stored, list) else ():
        if isinstance(item, dict) and isinstance(item.get("item"), str):
            found.append(
                Change(
                    id=item["item"],
                    kind=str(item.get("kind") or "obsolete"),
                    target=str(item.get("target") or ""),
                    reason=str(item.get("reason") or ""),
                )
            )
    return tuple(found)


def confirmed_keys(judgements: Any, against: int) -> frozenset[str]:
    """The keys a judge confirmed lost in a version audited against ``against``."""
    found = judgements.get(str(against)) if isinstance(judgements, dict) else None
    keys = found.get("confirmed") if isinstance(found, dict) else None
    return frozenset(key for key in keys or () if isinstance(key, str))


@dataclass(frozen=True)
class VersionAudit:
    """A version audited against another, with the judge's record when there is one."""

    version: int
    against: int
    audit: Audit
    judgement: dict[str, Any] | None
    old: str = ""
    new: str = ""

    def line_diff(self) -> tuple[DiffLine, ...]:
        return line_diff(self.old, self.new)

    def as_dict(self, *, lines: bool = False) -> dict[str, Any]:
        data = {
            "version": self.version,
            "against": self.against,
            **self.audit.as_dict(),
            "judgement": self.judgement,
        }
        if lines:
            data["line_diff"] = [line.as_dict() for line in self.line_diff()]
        return data


def checkpoint_audit(*, session: ChatSession, version: int, against: int) -> VersionAudit | None:
    """Checkpoint ``version`` audited against ``against`` (the baseline); None if one is
    missing. Across several versions, the removals each declared on the way count as
    declared, and a regeneration on the way leaves only the values to compare."""
    low, high = sorted((version, against))
    rows = {
        row["version"]: row
        for row in Checkpoint.objects.filter(
            session=session, version__gte=low, version__lte=high
        ).values("version", "kind", "summary", "changes", "judgements")
    }
    if version not in rows or against not in rows:
        return None
    new = rows[version]
    identity = version > against and not any(
        rows[number]["kind"] in FRESH_KINDS for number in rows if against < number <= version
    )
    changes: list[Change] = []
    if identity:
        for number in sorted(rows):
            if against < number <= version:
                changes += _changes(rows[number]["changes"])
    judgement = (new["judgements"] or {}).get(str(against))
    found = audit(
        rows[against]["summary"],
        with_changes(new["summary"], _declared_in(changes, rows[against]["summary"])),
        identity=identity,
        confirmed=confirmed_keys(new["judgements"], against),
    )
    return VersionAudit(
        version,
        against,
        found,
        judgement if isinstance(judgement, dict) else None,
        old=rows[against]["summary"],
        new=new["summary"],
    )


def _declared_in(changes: list[Change], baseline: str) -> list[Change]:
    """Of the removals declared over several versions, those of the baseline's items (an
    item added and removed on the way was never the baseline's)."""
    ids = set(parse(baseline).ids)
    seen: set[str] = set()
    kept = []
    for change in changes:
        if change.id in ids and change.id not in seen:
            seen.add(change.id)
            kept.append(change)
    return kept


@dataclass(frozen=True)
class AuditedVersion:
    """One checkpoint version of the session audit, with its point on the timeline."""

    pk: int
    version: int
    kind: str
    fallback: bool
    created_at: datetime
    tokens_before: int
    tokens_after: int
    messages_compacted: int
    point: Point

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
    history: History
    coverage: ArtifactCoverage
    versions_total: int

    @property
    def versions_capped(self) -> bool:
        return self.versions_total > len(self.versions)

    def as_dict(self) -> dict[str, Any]:
        return {
            "drift_score_definition": SCORE_DEFINITION,
            "timeline": [version.as_dict() for version in self.versions],
            "items": [item.as_dict() for item in self.history.items],
            "coverage": self.coverage.as_dict(),
            "versions_total": self.versions_total,
        }


def session_drift(*, session: ChatSession) -> SessionDrift:
    """The newest ``DRIFT_MAX_VERSIONS`` versions audited one against the next (each read
    as stored when it was written; audited here only when it has none, as a version written
    before audits were stored), every item's life across them, and the coverage of the
    latest version's artifact ledger."""
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
            "changes",
            "judgements",
            "audit",
            "tokens_before",
            "tokens_after",
            "messages_compacted",
        )[: settings.DRIFT_MAX_VERSIONS]
    )[::-1]
    chain = history(
        [
            Version(
                version=row["version"],
                summary=row["summary"],
                changes=_changes(row["changes"]),
                fresh=row["kind"] in FRESH_KINDS,
                confirmed=confirmed_keys(row["judgements"], row["version"] - 1),
                stored=AuditSummary.from_record(row["audit"], against=row["version"] - 1),
            )
            for row in rows
        ]
    )
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
            tokens_before=row["tokens_before"],
            tokens_after=row["tokens_after"],
            messages_compacted=row["messages_compacted"],
            point=point,
        )
        for row, point in zip(rows, chain.points, strict=True)
    )
    return SessionDrift(versions=versions, history=chain, coverage=coverage, versions_total=total)


# ----------------------------------------------------------------------------- overview


def sessions_latest_audit(queryset: QuerySet[ChatSession]) -> QuerySet[ChatSession]:
    """The sessions of ``queryset`` that have a checkpoint, each annotated with its latest
    version's primary key (``latest_checkpoint_pk``) and the audit stored with it
    (``latest_audit``): one query for a whole page, nothing recomputed.
    ``latest_audit_summary`` reads a row's figures."""
    latest = Checkpoint.objects.filter(
        session=OuterRef("pk"), version=OuterRef("checkpoint_version")
    )
    return queryset.filter(checkpoint_version__gt=0).annotate(
        latest_checkpoint_pk=Subquery(latest.values("pk")[:1]),
        latest_audit=Subquery(latest.values("audit")[:1], output_field=JSONField()),
    )


def latest_audit_summary(session: ChatSession) -> AuditSummary | None:
    """The stored audit of the latest version against the one before it, of a session read
    through ``sessions_latest_audit``; None for a first version, or one written before
    audits were stored (the session's timeline audits those)."""
    if session.checkpoint_version < 2:
        return None
    return AuditSummary.from_record(
        getattr(session, "latest_audit", None), against=session.checkpoint_version - 1
    )
