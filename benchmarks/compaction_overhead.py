"""Compaction without an LLM (3): its phases as the compacted part grows, and under load."""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

from benchmarks.measure import (
    Appender,
    BenchError,
    Timed,
    percentile,
    ratio,
    stats,
    timed_call,
    timed_dict,
)
from benchmarks.summarizers import InstantSummarizer, SleepingSummarizer, SlowSummarizer
from benchmarks.workspace import BenchWorkspace
from compaction.conf import app_settings
from compaction.models import CompactionRun
from compaction.services import (
    compaction_run_claim,
    compaction_run_execute,
    compaction_run_finalize,
    compaction_run_summarize,
    session_delete,
)


class CompactionBenchmarks(BenchWorkspace):
    """Claim, summarize and finalize timed one by one, on fresh sessions."""

    def compaction_instant(self) -> dict[str, Any]:
        tool_chars = self.config.history_tool_chars
        window = self.recent_window(tool_chars=tool_chars)
        rows = []
        for target in self.config.compaction_sizes:
            # Whole cycles of four, so the history ends on an assistant text.
            total = window + 4 * math.ceil(target / 4)
            phases: dict[str, Timed] = {p: Timed() for p in ("claim", "summarize", "finalize")}
            totals = Timed()
            compacted: list[int] = []
            compacted_tokens: list[int] = []
            rewritten: list[int] = []
            heap: list[tuple[int, int]] = []
            for _ in range(self.config.compaction_repeat):
                session = self.new_session(system_prompt="You are a careful coding agent.")
                self.load_synthetic(session, total, tool_chars=tool_chars)
                summarizer = InstantSummarizer(settings=app_settings.for_session(session))
                versions_before = self.row_versions(session.pk)
                heap_before = self.message_heap_bytes()
                # The three phases of compaction_run_execute, timed one by one: claim and
                # finalize are the two transactions that hold the session's row lock.
                claimed = timed_call(
                    phases["claim"],
                    lambda s=session, z=summarizer: compaction_run_claim(
                        session_id=s.pk,
                        trigger=CompactionRun.Trigger.COMMAND,
                        force=True,
                        summarizer=z.name,
                    ),
                )
                if claimed.status != CompactionRun.Status.RUNNING:
                    raise BenchError(f"claim of {total} messages: {claimed.status}")
                outcome = timed_call(
                    phases["summarize"],
                    lambda r=claimed, z=summarizer: compaction_run_summarize(run=r, summarizer=z),
                )
                done = timed_call(
                    phases["finalize"],
                    lambda r=claimed, o=outcome: compaction_run_finalize(run=r, outcome=o),
                )
                if done.status != CompactionRun.Status.SUCCEEDED:
                    raise BenchError(f"compaction of {total} messages: {done.status}")
                totals.times_ms.append(sum(phases[p].times_ms[-1] for p in phases))
                totals.queries.append(sum(phases[p].queries[-1] for p in phases))
                compacted.append(done.messages_compacted)
                compacted_tokens.append(done.compacted_tokens)
                after = self.row_versions(session.pk)
                rewritten.append(
                    sum(1 for seq, v in versions_before.items() if after.get(seq) != v)
                )
                heap.append((heap_before, self.message_heap_bytes()))
                self.verify_counters(session.pk)
                session_delete(session_id=session.pk)
            rows.append(
                {
                    "target_compacted": target,
                    "messages_compacted": int(statistics.median(compacted)),
                    "compacted_tokens": int(statistics.median(compacted_tokens)),
                    "history": total,
                    "rows_rewritten": max(rewritten),
                    "heap_bytes_before_after": heap[-1],
                    "total": timed_dict(totals),
                    **{name: timed_dict(t) for name, t in phases.items()},
                }
            )
        query_counts = {r["total"]["queries"]["max"] for r in rows} | {
            r["total"]["queries"]["min"] for r in rows
        }
        return {
            "rows": rows,
            "queries_constant": len(query_counts) == 1,
            "time_ratio_largest_vs_smallest": ratio(
                rows[-1]["total"]["median_ms"], rows[0]["total"]["median_ms"]
            ),
        }

    def compaction_backlog(self) -> dict[str, Any]:
        """A backlog compacted in one run by a summarizer taking ``backlog_delay`` s a call.

        Rounds are summarizer calls one after another (the tree's depth); the chain this
        replaced made one call per chunk, one after another: ``chunks`` rounds.
        """
        tool_chars = self.config.history_tool_chars
        total = self.recent_window(tool_chars=tool_chars) + 4 * math.ceil(
            self.config.backlog_messages / 4
        )
        session = self.new_session(system_prompt="You are a careful coding agent.")
        self.load_synthetic(session, total, tool_chars=tool_chars)
        settings = app_settings.for_session(session)
        summarizer = SleepingSummarizer(settings=settings, delay=self.config.backlog_delay)
        started = time.perf_counter()
        run = compaction_run_execute(
            session_id=session.pk,
            trigger=CompactionRun.Trigger.COMMAND,
            force=True,
            summarizer=summarizer,
        )
        wall_s = time.perf_counter() - started
        if run.status != CompactionRun.Status.SUCCEEDED:
            raise BenchError(f"backlog compaction: {run.status} {run.error}")
        self.verify_counters(session.pk)
        session_delete(session_id=session.pk)
        return {
            "messages_compacted": run.messages_compacted,
            "summarizer_delay_s": self.config.backlog_delay,
            "summary_input_max_chars": settings.SUMMARY_INPUT_MAX_CHARS,
            "summary_concurrency": settings.SUMMARY_CONCURRENCY,
            "calls": summarizer.calls,
            "peak_concurrent_calls": summarizer.peak,
            "rounds": run.summary_rounds,
            "chunks": summarizer.calls - summarizer.merges,
            "merge_calls": summarizer.merges,
            "wall_s": round(wall_s, 2),
            "summarize_ms": run.summarize_ms,
            "claim_ms": run.claim_ms,
            "finalize_ms": run.finalize_ms,
        }

    def compaction_slow(self) -> dict[str, Any]:
        """A compaction whose 'LLM call' takes ``slow_delay`` s, with a thread appending.

        Per round, on a fresh session: the appender alone for as long as a compaction takes
        (the baseline), then the appender again while the main thread claims, summarizes
        and finalizes. Latencies are pooled over the rounds for the percentiles.
        """
        tool_chars = self.config.history_tool_chars
        total = self.recent_window(tool_chars=tool_chars) + 4 * math.ceil(
            self.config.slow_compacted / 4
        )
        delay = self.config.slow_delay
        claim_t, summarize_t, finalize_t = Timed(), Timed(), Timed()
        base_ms: list[float] = []
        during_ms: list[float] = []
        base_rate: list[float] = []
        during_rate: list[float] = []
        blocked: list[float] = []
        compacted: list[int] = []
        for round_ in range(self.config.slow_repeat):
            session = self.new_session(system_prompt="You are a careful coding agent.")
            self.load_synthetic(session, total, tool_chars=tool_chars)
            offset = 100_000 * round_
            # Warm the appender's code path and connection out of the measurements.
            Appender(session.pk, start=offset).run_for(0.2)
            baseline = Appender(session.pk, start=offset + 10_000)
            baseline.run_for(delay + 0.4)

            during = Appender(session.pk, start=offset + 50_000)
            summarizer = SlowSummarizer(settings=app_settings.for_session(session), delay=delay)
            during.start()
            try:
                time.sleep(0.2)
                claim_window = [time.perf_counter()]
                run = timed_call(
                    claim_t,
                    lambda s=session, z=summarizer: compaction_run_claim(
                        session_id=s.pk,
                        trigger=CompactionRun.Trigger.COMMAND,
                        force=True,
                        summarizer=z.name,
                    ),
                )
                claim_window.append(time.perf_counter())
                outcome = timed_call(
                    summarize_t,
                    lambda r=run, z=summarizer: compaction_run_summarize(run=r, summarizer=z),
                )
                finalize_window = [time.perf_counter()]
                done = timed_call(
                    finalize_t,
                    lambda r=run, o=outcome: compaction_run_finalize(run=r, outcome=o),
                )
                finalize_window.append(time.perf_counter())
                time.sleep(0.2)
            finally:
                during.stop()
            if done.status != CompactionRun.Status.SUCCEEDED:
                raise BenchError(f"slow compaction: {done.status}")
            self.verify_counters(session.pk)
            session_delete(session_id=session.pk)
            compacted.append(done.messages_compacted)
            base_ms += baseline.latencies_ms()
            during_ms += during.latencies_ms()
            base_rate.append(len(baseline.spans) / baseline.elapsed_s)
            during_rate.append(len(during.spans) / during.elapsed_s)
            # The appends that overlapped a locked phase: they waited for the row lock.
            blocked += [
                round((end - begin) * 1000, 3)
                for begin, end in during.spans
                if (begin < claim_window[1] and end > claim_window[0])
                or (begin < finalize_window[1] and end > finalize_window[0])
            ]
        return {
            "summarizer_delay_s": delay,
            "rounds": self.config.slow_repeat,
            "history": total,
            "messages_compacted": int(statistics.median(compacted)),
            "claim": timed_dict(claim_t),
            "summarize": timed_dict(summarize_t),
            "finalize": timed_dict(finalize_t),
            "appends_without_compaction": {
                **stats(base_ms),
                "appends_per_s": round(statistics.median(base_rate), 1),
            },
            "appends_during_compaction": {
                **stats(during_ms),
                "appends_per_s": round(statistics.median(during_rate), 1),
                "overlapping_claim_or_finalize_ms": sorted(blocked),
            },
            "p50_ratio": ratio(statistics.median(during_ms), statistics.median(base_ms)),
            "p99_ratio": ratio(percentile(during_ms, 99), percentile(base_ms, 99)),
        }
