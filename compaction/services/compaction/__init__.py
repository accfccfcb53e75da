"""Compaction in three phases; no lock and no transaction is held during the LLM call.

1. **claim** (``claiming``, short transaction): lock the session, re-check the trigger,
   refuse while another run holds a live lease (``leases``), fix the cut point, create the
   run with a fresh lease token, commit.
2. **summarize** (``summarizing``, no transaction): memory flush, ``pre_compaction``, the
   summarizer on the archived range, validation, the drift guard.
3. **finalize** (``finalizing``, short transaction): lock the session again; only if the
   lease is still ours and unexpired and the checkpoint version has not moved, write
   version N+1, move the session's archived range (``archived_seq``) past the covered
   messages without writing any of them, update the counters and release the lease.
   Otherwise write nothing and record the run ``expired``. When the summarizer keeps
   failing, ``fallback`` builds what is written instead.

``runner`` runs the three in process with the one retry policy (``retry``); ``dispatch``
queues a run for a worker instead, or for this process's pool (``background``); ``due``
does what ``engine.timing`` says now; ``native`` records a compaction the API did itself.
Messages appended during phase 2 have seqs above the cut, so that run never compacts them.
"""

from compaction.services.compaction.claiming import compaction_run_claim
from compaction.services.compaction.dispatch import compaction_run_enqueue
from compaction.services.compaction.finalizing import (
    compaction_run_abandon,
    compaction_run_fail,
    compaction_run_finalize,
)
from compaction.services.compaction.leases import (
    compaction_leases_release_expired,
    compaction_run_extend_lease,
)
from compaction.services.compaction.runner import compaction_run_execute, compaction_run_regenerate
from compaction.services.compaction.summarizing import SummaryOutcome, compaction_run_summarize

__all__ = [
    "SummaryOutcome",
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
]
