"""The service layer: every write to the compaction models goes through these functions."""

from compaction.services.compaction import (
    CompactionEstimate,
    SummaryOutcome,
    compaction_estimate,
    compaction_leases_release_expired,
    compaction_run_claim,
    compaction_run_enqueue,
    compaction_run_execute,
    compaction_run_extend_lease,
    compaction_run_fail,
    compaction_run_finalize,
    compaction_run_queue_locked,
    compaction_run_regenerate,
    compaction_run_summarize,
)
from compaction.services.messages import AppendResult, message_append, request_fingerprint
from compaction.services.sessions import (
    session_config_clean,
    session_create,
    session_delete,
    session_update,
    session_usage_record,
)

__all__ = [
    "AppendResult",
    "CompactionEstimate",
    "SummaryOutcome",
    "compaction_estimate",
    "compaction_leases_release_expired",
    "compaction_run_claim",
    "compaction_run_enqueue",
    "compaction_run_execute",
    "compaction_run_extend_lease",
    "compaction_run_fail",
    "compaction_run_finalize",
    "compaction_run_queue_locked",
    "compaction_run_regenerate",
    "compaction_run_summarize",
    "message_append",
    "request_fingerprint",
    "session_config_clean",
    "session_create",
    "session_delete",
    "session_update",
    "session_usage_record",
]
