"""Context build and appends at several history sizes, against the naive way (1, 2 and 6)."""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F, Max

from benchmarks.data import plain_message
from benchmarks.measure import BenchError, Timed, ratio, timed_call, timed_dict
from benchmarks.workspace import BenchWorkspace
from compaction import selectors
from compaction.conf import app_settings
from compaction.engine.tokens import message_tokens
from compaction.models import ChatSession, Message
from compaction.services import message_append, session_delete


class HistoryBenchmarks(BenchWorkspace):
    """One session per history size, each checkpointed but for the recent window."""

    def history_benchmarks(self) -> dict[str, Any]:
        """Context build and appends at every history size, sampled interleaved.

        All sessions are built first; then each round makes one call per size and method.
        Load on a shared machine drifts over minutes (autovacuum after a 100k-row UPDATE,
        other processes), so measuring the sizes one after the other would turn that drift
        into a false size effect (seen: +58 % at 100k, gone when interleaved); interleaving
        spreads it over every size alike.
        """
        sessions: dict[int, Any] = {}
        setups: dict[int, dict[str, Any]] = {}
        try:
            for size in self.config.sizes:
                self.log(f"history of {size:,} messages: loading and compacting")
                session = self.new_session(system_prompt="You are a careful coding agent.")
                sessions[size] = session
                load_started = time.perf_counter()
                self.load_synthetic(session, size, tool_chars=self.config.history_tool_chars)
                load_s = time.perf_counter() - load_started
                run = self.checkpoint(session)
                setups[size] = {
                    "load_s": round(load_s, 2),
                    "load_messages_per_s": round(size / load_s) if load_s else None,
                    "checkpoint_status": run.status,
                    "checkpoint_compacted": run.messages_compacted,
                    "checkpoint_s": round(run.duration_ms / 1000, 2) if run.duration_ms else None,
                    "counters": self.verify_counters(session.pk),
                }
            self.log("context build, all sizes interleaved")
            payloads = {size: {} for size in sessions}
            context = self._interleaved(
                {size: self._context_methods(s, payloads[size]) for size, s in sessions.items()}
            )
            self.log("appends, all sizes interleaved")
            appends = self._interleaved(
                {size: self._append_methods(s) for size, s in sessions.items()}
            )
            context_rows, append_rows = [], []
            for size, session in sessions.items():
                context_rows.append(
                    {
                        "history": size,
                        "setup": setups[size],
                        **{name: timed_dict(t) for name, t in context[size].items()},
                        "payload": payloads[size],
                    }
                )
                row: dict[str, Any] = {"history": size}
                for name, timed in appends[size].items():
                    row[name] = {
                        **timed_dict(timed),
                        "appends_per_s": round(
                            len(timed.times_ms) / (sum(timed.times_ms) / 1000), 1
                        ),
                    }
                row["counters_after"] = self.verify_counters(session.pk)
                append_rows.append(row)
        finally:
            for session in sessions.values():
                session_delete(session_id=session.pk)
        return {
            "context_build": _history_summary(context_rows, ("api", "selector", "naive")),
            "append": _history_summary(append_rows, ("service", "api", "naive")),
        }

    def _interleaved(
        self, calls: dict[int, dict[str, Callable[[], Any]]]
    ) -> dict[int, dict[str, Timed]]:
        """Per pass, one warm-up call each, then ``repeat`` rounds of one call per size.

        The naive methods get a pass of their own: the call right after a naive 100k-row
        read pays for the heap it left behind (measured: +60 % on a 10 ms call), which
        would otherwise be charged to the compaction app. The size order rotates each
        round so that no size always runs first.
        """
        timed = {size: {name: Timed() for name in methods} for size, methods in calls.items()}
        names = list(next(iter(calls.values())))
        passes = [[n for n in names if n != "naive"], [n for n in names if n == "naive"]]
        sizes = list(calls)
        for group in passes:
            for size in sizes:
                for name in group:
                    calls[size][name]()
            for round_ in range(self.config.repeat):
                shift = round_ % len(sizes)
                for size in sizes[shift:] + sizes[:shift]:
                    for name in group:
                        # Untimed: each sample pays only for its own garbage (timeit goes
                        # further and turns GC off).
                        gc.collect()
                        timed_call(timed[size][name], calls[size][name])
        return timed

    def _context_methods(
        self, session: Any, payload: dict[str, int]
    ) -> dict[str, Callable[[], Any]]:
        url = f"/api/compaction/sessions/{session.pk}/context/"
        fresh = ChatSession.objects.get(pk=session.pk)

        def api() -> None:
            response = self.client.get(url)
            if response.status_code != 200:
                raise BenchError(f"GET {url} answered {response.status_code}")
            payload["api_bytes"] = len(response.content)

        def selector() -> None:
            # Serialized too, as the naive way below is: both produce the response body.
            built = selectors.session_context_build(session=fresh)
            json.dumps(built.as_dict())
            payload["selector_messages"] = len(built.messages)
            payload["estimated_tokens"] = built.estimated_tokens

        def naive() -> None:
            # A plain Django view: the whole history, every estimate, every call.
            rows = list(
                Message.objects.filter(session=fresh).order_by("seq").values("role", "content")
            )
            tokens = sum(
                message_tokens(r["content"], image_tokens=app_settings.IMAGE_TOKENS) for r in rows
            )
            body = json.dumps(
                {"system": fresh.system_prompt, "messages": rows, "estimated_tokens": tokens}
            )
            payload["naive_messages"] = len(rows)
            payload["naive_tokens"] = tokens
            payload["naive_bytes"] = len(body)

        return {"api": api, "selector": selector, "naive": naive}

    def _append_methods(self, session: Any) -> dict[str, Callable[[], Any]]:
        url = f"/api/compaction/sessions/{session.pk}/messages/"
        counter = iter(range(10**9))

        def service() -> None:
            message_append(session_id=session.pk, messages=[plain_message(next(counter))])

        def api() -> None:
            response = self.client.post(
                url, data=json.dumps(plain_message(next(counter))), content_type="application/json"
            )
            if response.status_code != 201:
                raise BenchError(f"POST {url} answered {response.status_code}: {response.content}")

        def naive() -> None:
            # A plain view keeping a token count: insert, then re-read and re-estimate the
            # whole history. Counters move as the services move them, so the session stays
            # valid for the counter check that follows the appends.
            message = plain_message(next(counter))
            with transaction.atomic():
                locked = ChatSession.objects.select_for_update().get(pk=session.pk)
                last = Message.objects.filter(session=locked).aggregate(m=Max("seq"))["m"] or 0
                tokens = message_tokens(message["content"])
                Message.objects.create(
                    session=locked,
                    seq=last + 1,
                    role=message["role"],
                    content=message["content"],
                    token_estimate=tokens,
                )
                rows = list(
                    Message.objects.filter(session=locked).order_by("seq").values("role", "content")
                )
                total = sum(
                    message_tokens(r["content"], image_tokens=app_settings.IMAGE_TOKENS)
                    for r in rows
                )
                ChatSession.objects.filter(pk=locked.pk).update(
                    message_count=F("message_count") + 1,
                    active_message_count=F("active_message_count") + 1,
                    estimated_tokens=F("estimated_tokens") + tokens,
                )
            json.dumps({"message": message, "estimated_tokens": total})

        return {"service": service, "api": api, "naive": naive}


def _history_summary(rows: list[dict[str, Any]], methods: Sequence[str]) -> dict[str, Any]:
    """Rows per history size plus the in-run ratios: flatness and app / naive."""
    first, last = rows[0], rows[-1]
    flat = {
        method: ratio(last[method]["median_ms"], first[method]["median_ms"]) for method in methods
    }
    queries_constant = {}
    for method in methods:
        counts = {row[method]["queries"]["min"] for row in rows} | {
            row[method]["queries"]["max"] for row in rows
        }
        queries_constant[method] = len(counts) == 1
    for row in rows:
        row["ratio_vs_naive"] = {
            method: ratio(row[method]["median_ms"], row["naive"]["median_ms"])
            for method in methods
            if method != "naive"
        }
    return {
        "rows": rows,
        "flatness_largest_vs_smallest": flat,
        "queries_constant": queries_constant,
    }
