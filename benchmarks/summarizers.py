"""Summarizers without an LLM: compaction's own cost, and a stand-in for a slow LLM call."""

from __future__ import annotations

import os
import threading
import time

from benchmarks.config import BENCH_SUMMARY
from compaction.conf import ResolvedSettings
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from compaction.summarizers.offline.identity import carry_ids


class InstantSummarizer(Summarizer):
    """Answers every request at once with the same valid summary: compaction minus the LLM."""

    name = "bench-instant"

    @property
    def model(self) -> str:
        return "bench-instant-1"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        return SummaryResult(text=BENCH_SUMMARY, model=self.model)


class SleepingSummarizer(InstantSummarizer):
    """Stands in for an LLM that takes ``delay`` seconds per call; counts calls at once."""

    name = "bench-sleeping"

    def __init__(self, *, settings: ResolvedSettings, delay: float) -> None:
        super().__init__(settings=settings)
        self.delay = delay
        self.lock = threading.Lock()
        self.running = self.peak = self.calls = self.merges = 0

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        with self.lock:
            self.calls += 1
            self.merges += bool(request.partials)
            self.running += 1
            self.peak = max(self.peak, self.running)
        try:
            time.sleep(self.delay)  # releases the GIL, like a blocking HTTP call
            return super().summarize(request)
        finally:
            with self.lock:
                self.running -= 1


class SlowSummarizer(InstantSummarizer):
    """Stands in for an LLM call: sleeps ``delay`` seconds once per compaction, then answers.

    One instance serves one run. Sleeping once (not per chunk) keeps phase 2 at ``delay``
    whatever the number of chunks, so runs of different sizes hold no lock for comparable
    times and the figure is "a compaction whose LLM call takes 2 s".
    """

    name = "bench-slow"

    def __init__(self, *, settings: ResolvedSettings, delay: float = 2.0) -> None:
        super().__init__(settings=settings)
        self.delay = delay
        self._slept = False

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        if not self._slept:
            self._slept = True
            time.sleep(self.delay)  # releases the GIL, like a blocking HTTP call
        return super().summarize(request)


class PacedSummarizer(InstantSummarizer):
    """Named in settings, for processes the bench starts: an LLM call that takes
    ``BENCH_SUMMARIZER_DELAY`` seconds (the environment's; 3 by default) per compaction."""

    name = "bench-paced"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        time.sleep(float(os.environ.get("BENCH_SUMMARIZER_DELAY", "3")))
        text = BENCH_SUMMARY
        if request.previous_summary and request.next_item_id:
            # As a model following the item protocol answers: one call per compaction, never
            # the second one a silent drop would cost.
            text = carry_ids(
                request.previous_summary, text, next_item_id=request.next_item_id, finished=()
            )
        return SummaryResult(text=text, model=self.model)
