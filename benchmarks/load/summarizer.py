"""The Celery workers' summarizer under load: an LLM call that takes ``LOAD_SUMMARIZER_DELAY``
seconds, which marks the process that is inside it, so the driver can kill a pool process
in the middle of a compaction (``kill -9`` of the pid whose marker exists)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from benchmarks.summarizers import PacedSummarizer
from compaction.summarizers.base import SummaryRequest, SummaryResult


class LoadSummarizer(PacedSummarizer):
    name = "bench-load"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        os.environ["BENCH_SUMMARIZER_DELAY"] = os.environ.get("LOAD_SUMMARIZER_DELAY", "0.5")
        state = os.environ.get("LOAD_STATE_DIR")
        marker = Path(state, "summarizing", str(os.getpid())) if state else None
        if marker is not None:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text(str(time.time()))
        try:
            return super().summarize(request)
        finally:
            if marker is not None:
                marker.unlink(missing_ok=True)
