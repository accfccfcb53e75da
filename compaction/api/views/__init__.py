"""REST views: thin adapters between HTTP and ``compaction.services`` / ``selectors``.

Rules every view follows:
- The session is resolved first, through ``selectors.session_get(user=)``: another user's
  (or a malformed) id is a 404 before the body is even looked at.
- Writes go through the services only; reads through selectors or read-only querysets
  scoped to the sessions the user may see.
- Errors are raised, never built here: ``compaction.api.exceptions.exception_handler``
  renders them all as ``{"error": {"code", "message", "details"}}``.
"""

from compaction.api.views.checkpoints import (
    CheckpointDetailView,
    CheckpointDiffView,
    CheckpointListView,
    SessionDriftView,
)
from compaction.api.views.compaction import SessionCompactView
from compaction.api.views.loop import (
    SessionHistoryTextView,
    SessionMemoryFlushView,
    SessionOverflowView,
)
from compaction.api.views.messages import SessionContextView, SessionMessagesView
from compaction.api.views.runs import RunDetailView, RunListView
from compaction.api.views.sessions import SessionDetailView, SessionListView, SessionUsageView

__all__ = [
    "CheckpointDetailView",
    "CheckpointDiffView",
    "CheckpointListView",
    "RunDetailView",
    "RunListView",
    "SessionCompactView",
    "SessionContextView",
    "SessionDetailView",
    "SessionDriftView",
    "SessionHistoryTextView",
    "SessionListView",
    "SessionMemoryFlushView",
    "SessionMessagesView",
    "SessionOverflowView",
    "SessionUsageView",
]
