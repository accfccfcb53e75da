"""The service layer: every write to the compaction models goes through these functions.

Each is keyword-only, named ``<entity>_<action>``, does its writes in short transactions
and returns model instances. Reads live in ``compaction.selectors``.
"""

from compaction.services.compaction import (
    SummaryOutcome,
    compaction_leases_release_expired,
    compaction_run_abandon,
    compaction_run_claim,
    compaction_run_enqueue,
    compaction_run_execute,
    compaction_run_extend_lease,
    compaction_run_fail,
    compaction_run_finalize,
    compaction_run_regenerate,
    compaction_run_summarize,
)
from compaction.services.compaction.background import compaction_background_wait
from compaction.services.compaction.due import DueOutcome, compaction_when_due
from compaction.services.drift import checkpoint_judge
from compaction.services.memory import memory_flush_record
from compaction.services.messages import AppendResult, message_append
from compaction.services.overflow import OverflowRecovery, session_overflow_recover
from compaction.services.sessions import (
    session_create,
    session_delete,
    session_update,
    session_usage_record,
)

__all__ = [
    "AppendResult",
    "DueOutcome",
    "OverflowRecovery",
    "SummaryOutcome",
    "checkpoint_judge",
    "compaction_background_wait",
    "compaction_leases_release_expired",
    "compaction_run_abandon",
    "compaction_run_claim",
    "compaction_run_enqueue",
    "compaction_run_execute",
    "compaction_run_extend_lease",
    "compaction_run_fail",
    "compaction_run_finalize",
    "compaction_run_regenerate",
    "compaction_run_summarize",
    "compaction_when_due",
    "memory_flush_record",
    "message_append",
    "session_create",
    "session_delete",
    "session_overflow_recover",
    "session_update",
    "session_usage_record",
]
