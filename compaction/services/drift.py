"""The drift judge, asked: what it says of a version's unverified items is stored with it.

The judge reads prose the audit cannot settle (``compaction.drift``); its confirmations are
the only prose findings the audit counts. It is a model call: never inside a transaction,
never in a GET request. Phase 2 of a compaction asks it about the new version against the
one it updates; ``checkpoint_judge`` asks it about any pair, from an explicit action (the
admin's diff page posts one).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from compaction.conf import ResolvedSettings, app_settings
from compaction.drift.audit import Audit
from compaction.drift.judges import JudgeVerdict
from compaction.exceptions import NoJudge
from compaction.judges import get_drift_judge
from compaction.models import ChatSession, Checkpoint
from compaction.selectors.drift import checkpoint_audit

logger = logging.getLogger(__name__)


def judgement_of(
    *, found: Audit, old: str, new: str, settings: ResolvedSettings
) -> dict[str, Any] | None:
    """The configured judge's record of ``found``'s unverified items (None: no judge, or
    nothing to judge). Calls a model: outside any transaction."""
    judge = get_drift_judge(settings)
    if judge is None or not found.unverified:
        return None
    verdict: JudgeVerdict = judge.judge(old=old, new=new, items=found.unverified)
    if verdict.error:
        logger.warning("The drift judge %s failed: %s", judge.name, verdict.error)
    return {**verdict.as_dict(), "at": timezone.now().isoformat()}


def checkpoint_judge(*, session: ChatSession, version: int, against: int) -> dict[str, Any]:
    """Ask the judge about checkpoint ``version`` against ``against`` and store its answer.

    Raises ``NoJudge`` without a configured judge and ``Checkpoint.DoesNotExist`` for a
    missing version. Called inside a transaction, it warns: the model call would hold it.
    """
    if connection.in_atomic_block:
        logger.warning(
            "checkpoint_judge of session %s calls a model inside an open transaction: call it "
            "outside transaction.atomic()",
            session.pk,
        )
    settings = app_settings.for_session(session)
    if get_drift_judge(settings) is None:
        raise NoJudge("No drift judge is configured: set COMPACTION['DRIFT_JUDGE'].")
    found = checkpoint_audit(session=session, version=version, against=against)
    if found is None:
        raise Checkpoint.DoesNotExist(f"No version {version} or {against} of this session.")
    record = judgement_of(found=found.audit, old=found.old, new=found.new, settings=settings)
    if record is None:
        record = {"judge": settings.DRIFT_JUDGE, "confirmed": [], "asked": [], "error": ""}
        record["at"] = timezone.now().isoformat()
    with transaction.atomic():
        checkpoint = Checkpoint.objects.select_for_update().get(session=session, version=version)
        checkpoint.judgements = {**(checkpoint.judgements or {}), str(against): record}
        checkpoint.save(update_fields=["judgements"])
    if against == version - 1:
        # The audit stored with the version counts what the judge confirmed from now on.
        again = checkpoint_audit(session=session, version=version, against=against)
        if again is not None:
            Checkpoint.objects.filter(pk=checkpoint.pk).update(
                audit=again.audit.summary().as_record(against=against)
            )
    return record
