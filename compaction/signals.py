"""Signals sent around a compaction, outside any transaction.

``pre_compaction(sender=ChatSession, session, run)``: the run holds the lease and the
cut is fixed; receivers may persist memories before history is summarized.
``post_compaction(sender=ChatSession, session, run, checkpoint)``: after finalize committed;
``checkpoint`` is None when the run did not write one (failed, expired).
"""

from django.dispatch import Signal

pre_compaction = Signal()
post_compaction = Signal()
