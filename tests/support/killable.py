"""A summarizer for a Celery worker that a test kills in the middle of a compaction.

The worker runs in its own process (``celery worker``), so it is named by its dotted path
in ``COMPACTION_SUMMARIZER`` and talks to the test through files in ``KILLABLE_DIR``:
``entered`` holds the pid of the first process to call it, which then blocks as an LLM
call that never returns (the test SIGKILLs it there); ``calls`` gets a line per call. Any
later call answers at once, like ``StaticSummarizer``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from compaction.summarizers.base import SummaryRequest, SummaryResult
from tests.support.helpers import StaticSummarizer

#: Far longer than any test waits for the process to be killed.
BLOCK_SECONDS = 120.0


class BlockingOnceSummarizer(StaticSummarizer):
    name = "blocking-once"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        shared = Path(os.environ["KILLABLE_DIR"])
        with (shared / "calls").open("a") as calls:
            calls.write(f"{os.getpid()}\n")
        try:
            with (shared / "entered").open("x") as entered:
                entered.write(str(os.getpid()))
        except FileExistsError:
            return super().summarize(request)
        time.sleep(BLOCK_SECONDS)
        return super().summarize(request)
