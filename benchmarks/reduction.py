"""What the model is spared: tool-result pruning (4) and token reduction by compaction (5)."""

from __future__ import annotations

import json
import math
import statistics
import time
import tracemalloc
from typing import Any

from benchmarks.data import cycle_tokens, tool_call_history, tool_heavy_history
from benchmarks.measure import maxrss_mb, measure_repeated, ratio, stats
from benchmarks.workspace import BenchWorkspace
from compaction import selectors
from compaction.conf import app_settings
from compaction.engine.artifacts import artifacts_section, ledger_fold
from compaction.engine.preserve import preserve
from compaction.engine.pruning import PruneResult, prune_for_settings
from compaction.engine.tokens import reduction_percentage
from compaction.engine.transcript import chunk_transcript
from compaction.models import ChatSession, CompactionRun
from compaction.services import compaction_run_execute, session_delete
from compaction.summarizers.offline import OfflineSummarizer


class ReductionBenchmarks(BenchWorkspace):
    """Pruning in memory; compaction of the bundled transcripts and of a synthetic session;
    the artifact ledger's cost in phase 2."""

    # ------------------------------------------------------------------ 6: artifact ledger

    def artifact_ledger(self) -> dict[str, Any]:
        """What the ledger costs per 1,000 archived messages of real tool-calling sessions,
        beside the other per-message work of phase 2 on the same messages: rendering the
        summarizer's transcript and finding the preserved text."""
        rows = tool_call_history(self.config.ledger_messages)
        calls = sum(
            1
            for row in rows
            if isinstance(row["content"], list)
            for block in row["content"]
            if isinstance(block, dict) and block.get("type") == "tool_use"
        )
        settings = app_settings
        ledger = None

        def fold() -> None:
            nonlocal ledger
            ledger = ledger_fold(rows)

        def render() -> None:
            artifacts_section(ledger, max_tokens=settings.ARTIFACTS_MAX_TOKENS)

        def transcript() -> None:
            chunk_transcript(
                rows,
                max_chars=settings.SUMMARY_INPUT_MAX_CHARS,
                head=settings.TOOL_PREVIEW_HEAD,
                tail=settings.TOOL_PREVIEW_TAIL,
            )

        def preserved() -> None:
            preserve(
                reversed(rows),
                kinds=settings.PRESERVE,
                max_tokens=settings.PRESERVE_MAX_TOKENS,
            )

        repeat = self.config.ledger_repeat
        per_thousand = 1000 / len(rows)
        out: dict[str, Any] = {"messages": len(rows), "tool_calls": calls}
        for name, fn in (
            ("ledger", fold),
            ("section", render),
            ("transcript", transcript),
            ("preserved", preserved),
        ):
            timed = measure_repeated(fn, repeat, count_queries=False)
            median = statistics.median(timed.times_ms)
            out[name] = {**stats(timed.times_ms), "ms_per_1000": round(median * per_thousand, 2)}
        assert ledger is not None
        out["entries"] = ledger.counts()
        out["stored_kb"] = round(len(json.dumps(ledger.as_dict())) / 1024, 1)
        return out

    # ------------------------------------------------------------------ 4: pruning

    def pruning(self) -> dict[str, Any]:
        share, chars = self.config.pruning_tool_share, self.config.pruning_tool_chars
        rows = []
        for size in self.config.pruning_sizes:
            messages = tool_heavy_history(size, tool_share=share, tool_chars=chars)
            tool_results = size // share
            result: PruneResult | None = None

            def prune(messages: list[dict[str, Any]] = messages) -> None:
                nonlocal result
                result = prune_for_settings(messages, app_settings)

            timed = measure_repeated(prune, max(3, self.config.repeat // 2), count_queries=False)
            assert result is not None
            rows.append(
                {
                    "messages": size,
                    "tool_results": tool_results,
                    "tool_result_chars": chars,
                    **stats(timed.times_ms),
                    "us_per_message": round(statistics.median(timed.times_ms) * 1000 / size, 3),
                    "hard_cleared": result.hard_cleared,
                    "soft_trimmed": result.soft_trimmed,
                }
            )
        first, last = rows[0], rows[-1]
        return {
            "rows": rows,
            "growth": {
                "size_ratio": round(last["messages"] / first["messages"], 3),
                "time_ratio": ratio(last["median_ms"], first["median_ms"]),
            },
        }

    # ------------------------------------------------------------------ 5: token reduction

    def token_reduction(self) -> dict[str, Any]:
        transcripts = []
        concatenated: list[dict[str, Any]] = []
        concatenated_system = ""
        paths = sorted(self.config.transcripts_dir.glob("*.json"))
        for path in paths:
            data = json.loads(path.read_text(encoding="utf-8"))
            system = data.get("system") or ""
            if isinstance(system, list):
                system = "\n\n".join(block.get("text", "") for block in system)
            concatenated_system = concatenated_system or system
            concatenated.extend(data["messages"])
            transcripts.append(
                {"name": path.stem, **self._reduce(system, data["messages"], measure=False)}
            )
        out: dict[str, Any] = {"transcripts": transcripts}
        if concatenated:
            out["concatenated"] = {
                "name": f"all {len(paths)} transcripts, one session",
                **self._reduce(concatenated_system, concatenated, measure=False),
            }
        session = self.new_session(system_prompt="You are a careful coding agent.")
        tool_chars = 3000
        per_cycle = cycle_tokens(tool_chars)
        count = 4 * math.ceil(self.config.synthetic_tokens / per_cycle)
        self.load_synthetic(session, count, tool_chars=tool_chars)
        out["synthetic"] = {
            "name": f"synthetic agent loop, ~{self.config.synthetic_tokens:,} tokens",
            **self._compact_measured(session),
        }
        session_delete(session_id=session.pk)
        return out

    def _reduce(
        self, system: str, messages: list[dict[str, Any]], *, measure: bool
    ) -> dict[str, Any]:
        session = self.new_session(system_prompt=system)
        self.load(session, messages)
        result = self._compact_measured(session) if measure else self._compact(session)
        session_delete(session_id=session.pk)
        return result

    def _compact(self, session: Any, *, traced: bool = False) -> dict[str, Any]:
        """Compact with the offline summarizer under the default settings and report tokens."""
        session = ChatSession.objects.get(pk=session.pk)
        settings = app_settings.for_session(session)
        context_before = selectors.session_context_build(session=session).estimated_tokens
        over = selectors.session_should_compact(session=session)
        # The offline summarizer is what the default settings pick without an API key; it
        # is named explicitly so that a key in the environment never makes the bench pay.
        summarizer = OfflineSummarizer(settings=settings)
        started = time.perf_counter()
        run = compaction_run_execute(
            session_id=session.pk,
            trigger=CompactionRun.Trigger.COMMAND,
            # Below the threshold the automatic trigger would not fire; force it so the cut
            # point decides (a session inside the recent window is then skipped, with why).
            force=True,
            summarizer=summarizer,
        )
        elapsed_ms = (time.perf_counter() - started) * 1000
        session = ChatSession.objects.get(pk=session.pk)
        context_after = selectors.session_context_build(session=session).estimated_tokens
        before = run.tokens_before or 0
        after = run.tokens_after if run.tokens_after is not None else before
        compacted = run.status in (CompactionRun.Status.SUCCEEDED, CompactionRun.Status.FELL_BACK)
        return {
            "messages": session.message_count,
            "over_threshold": over,
            "threshold": settings.threshold,
            "keep_recent_tokens": settings.KEEP_RECENT_TOKENS,
            "status": run.status,
            "reason": run.reason,
            "compacted": compacted,
            "messages_compacted": run.messages_compacted,
            "tokens_before": before,
            "tokens_after": after,
            "reduction_pct": round(reduction_percentage(before, after) or 0.0, 1),
            "context_tokens_before": context_before,
            "context_tokens_after": context_after,
            "context_reduction_pct": round(
                reduction_percentage(context_before, context_after) or 0.0, 1
            ),
            "compaction_ms": round(elapsed_ms, 1),
            "timed_under_tracemalloc": traced,
            "summarizer": summarizer.name,
            "llm_calls": run.llm_calls,
            "counters": self.verify_counters(session.pk),
        }

    def _compact_measured(self, session: Any) -> dict[str, Any]:
        """``_compact`` with the peak memory of the compaction itself."""
        rss_before = maxrss_mb()
        tracemalloc.start()
        tracemalloc.reset_peak()
        try:
            result = self._compact(session, traced=True)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        rss_after = maxrss_mb()
        # The context reads before/after also ran under tracing; they are small next to
        # the compaction (recent window only), so the peak is the compaction's.
        result["memory"] = {
            "tracemalloc_peak_mb": round(peak / 2**20, 1),
            "ru_maxrss_before_mb": round(rss_before, 1),
            "ru_maxrss_after_mb": round(rss_after, 1),
            "ru_maxrss_delta_mb": round(rss_after - rss_before, 1),
        }
        return result
