"""A session's checkpoints, and what a payload needs of the latest one."""

from __future__ import annotations

from django.db.models import QuerySet

from compaction.engine.context import CheckpointContext
from compaction.engine.drift import DriftReport, compare_summaries
from compaction.models import ChatSession, Checkpoint


def checkpoint_list(*, session: ChatSession) -> QuerySet[Checkpoint]:
    """A session's checkpoints, oldest first."""
    return Checkpoint.objects.filter(session=session).select_related("previous").order_by("version")


def checkpoint_get(*, session: ChatSession, version: int) -> Checkpoint | None:
    return checkpoint_list(session=session).filter(version=version).first()


def checkpoint_latest(*, session: ChatSession) -> Checkpoint | None:
    return Checkpoint.objects.filter(session=session).order_by("-version").first()


def checkpoint_diff(*, session: ChatSession, version: int, against: int) -> DriftReport | None:
    """How checkpoint ``version`` differs from ``against`` (the baseline); None if one is missing.

    ``lost`` facts are those of ``against`` that ``version`` no longer has.
    """
    summaries = dict(
        Checkpoint.objects.filter(session=session, version__in=[version, against]).values_list(
            "version", "summary"
        )
    )
    if version not in summaries or against not in summaries:
        return None
    return compare_summaries(summaries[against], summaries[version])


def checkpoint_context(checkpoint: Checkpoint | None) -> CheckpointContext | None:
    """What a payload needs of a checkpoint (``None`` before the first compaction)."""
    if checkpoint is None:
        return None
    return CheckpointContext(
        summary=checkpoint.summary,
        version=checkpoint.version,
        carried=checkpoint.carried,
        block=checkpoint.native_block,
        block_in_history=checkpoint.kind == Checkpoint.Kind.NATIVE,
        preserved=checkpoint.preserved,
    )
