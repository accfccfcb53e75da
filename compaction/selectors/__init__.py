"""Reads: querysets, the context payload, the drift audit and compaction plans. Nothing
here writes; ``compaction.services`` does."""

from compaction.selectors.checkpoints import (
    checkpoint_context,
    checkpoint_get,
    checkpoint_latest,
    checkpoint_list,
)
from compaction.selectors.compaction import CompactionEstimate, compaction_estimate, compaction_plan
from compaction.selectors.context import (
    memory_flush_prompt,
    session_context_build,
    session_memory_flush_due,
)
from compaction.selectors.cost import SessionBill, run_bill, session_bill
from compaction.selectors.drift import (
    SessionDrift,
    VersionAudit,
    checkpoint_audit,
    latest_audit_summary,
    session_drift,
    sessions_latest_audit,
)
from compaction.selectors.history import session_history_text
from compaction.selectors.messages import message_list
from compaction.selectors.runs import run_list, run_live
from compaction.selectors.sessions import (
    session_compaction_running,
    session_compaction_timing,
    session_get,
    session_list,
    session_should_compact,
    session_threshold,
    session_window_problems,
    sessions_over_threshold,
)

__all__ = [
    "CompactionEstimate",
    "SessionBill",
    "SessionDrift",
    "VersionAudit",
    "checkpoint_audit",
    "checkpoint_context",
    "checkpoint_get",
    "checkpoint_latest",
    "checkpoint_list",
    "compaction_estimate",
    "compaction_plan",
    "latest_audit_summary",
    "memory_flush_prompt",
    "message_list",
    "run_bill",
    "run_list",
    "run_live",
    "session_bill",
    "session_compaction_running",
    "session_compaction_timing",
    "session_context_build",
    "session_drift",
    "session_get",
    "session_history_text",
    "session_list",
    "session_memory_flush_due",
    "session_should_compact",
    "session_threshold",
    "session_window_problems",
    "sessions_latest_audit",
    "sessions_over_threshold",
]
