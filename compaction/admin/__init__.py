"""The operators' admin: sessions, their messages, checkpoints and runs, read-only.

Rows are never added, edited or deleted here: every write goes through
``compaction.services`` (the actions call them), so the invariants the services keep under
row locks cannot be bypassed from a form.

Permissions:
* viewing anything needs the model's view permission (the custom session pages check it
  explicitly, plus the view permission on the checkpoints / messages they show);
* "compact now" and "regenerate from originals" write checkpoints, so they need the app's
  own ``compaction.compact_chatsession`` permission ("Can compact sessions and regenerate
  their checkpoints"), not the change permission: every form stays read-only. The dry-run
  estimate writes nothing and needs only the view permission.

One module per model admin (``sessions``, ``messages``, ``checkpoints``, ``runs``, and
``drift``: the "Drift audit" entry of the admin index, a proxy of sessions), their list
``filters``, the custom pages (``views`` with ``forms``), message and summary
``rendering`` and the drift ``chart``. Changelists run a fixed number of queries whatever
the page size.
"""

from compaction.admin.checkpoints import CheckpointAdmin
from compaction.admin.drift import DriftAuditAdmin
from compaction.admin.messages import MessageAdmin
from compaction.admin.runs import CompactionRunAdmin
from compaction.admin.sessions import RECENT_MESSAGES, ChatSessionAdmin

__all__ = [
    "RECENT_MESSAGES",
    "ChatSessionAdmin",
    "CheckpointAdmin",
    "CompactionRunAdmin",
    "DriftAuditAdmin",
    "MessageAdmin",
]
