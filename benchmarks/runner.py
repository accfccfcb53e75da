"""One run from start to cleanup: ``run_bench(config)`` returns every figure as a dict."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.http.request import validate_host
from django.test import Client
from django.test.utils import override_settings

from benchmarks.audit import AuditBenchmarks
from benchmarks.compaction_overhead import CompactionBenchmarks
from benchmarks.config import BenchConfig
from benchmarks.cost import CostBenchmarks
from benchmarks.history import HistoryBenchmarks
from benchmarks.measure import environment_meta, loadavg
from benchmarks.peers import PeerBenchmarks
from benchmarks.reduction import ReductionBenchmarks
from benchmarks.report import evaluate_goals
from benchmarks.turns import TurnBenchmarks
from compaction.exceptions import CompactionError
from compaction.models import ChatSession
from compaction.services import session_delete


class Bench(
    ReductionBenchmarks,
    AuditBenchmarks,
    CompactionBenchmarks,
    HistoryBenchmarks,
    PeerBenchmarks,
    TurnBenchmarks,
    CostBenchmarks,
):
    """One run: owns the bench user and every session it creates, and removes them."""

    @contextmanager
    def _environment(self) -> Iterator[None]:
        # DEBUG off as in production: with DEBUG on Django also logs every query. Queries
        # are counted with CaptureQueriesContext, which does not need DEBUG.
        with override_settings(DEBUG=False):
            self.user = get_user_model().objects.create_user(
                username=f"compaction-bench-{uuid.uuid4().hex[:12]}"
            )
            try:
                self.client = Client(HTTP_HOST=_allowed_host())
                self.client.force_login(self.user)
                yield
            finally:
                self._cleanup()

    def _cleanup(self) -> None:
        for session_id in ChatSession.objects.filter(owner=self.user).values_list("pk", flat=True):
            try:
                session_delete(session_id=session_id)
            except CompactionError:
                # Only after a failure between claim and finalize: the run is still live and
                # the service refuses. These rows are the bench's own: delete them anyway.
                ChatSession.objects.filter(pk=session_id).delete()
        if self.client is not None:
            self.client.logout()  # deletes the bench user's django_session row
        self.user.delete()

    def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        meta = environment_meta()
        meta["debug_during_run"] = False
        sections = self.config.sections
        with self._environment():
            result: dict[str, Any] = {"meta": meta, "config": self.config.as_dict()}
            # Token reduction first: its ru_maxrss delta only means something while the
            # process has not yet peaked on the 100k-message histories.
            if "reduction" in sections:
                self.log(
                    "token reduction (transcripts, synthetic "
                    f"~{self.config.synthetic_tokens:,} tokens)"
                )
                result["token_reduction"] = self.token_reduction()
            if "ledger" in sections:
                self.log(f"artifact ledger ({self.config.ledger_messages:,} archived messages)")
                result["artifact_ledger"] = self.artifact_ledger()
            if "audit" in sections:
                self.log("drift audit (labelled version pairs, a chain of versions)")
                result["drift_audit"] = self.drift_audit()
            if "pruning" in sections:
                self.log("pruning")
                result["pruning"] = self.pruning()
            if "compaction" in sections:
                self.log("compaction overhead (instant summarizer)")
                result["compaction"] = {"instant": self.compaction_instant()}
                self.log(
                    f"backlog of {self.config.backlog_messages:,} messages, "
                    f"{self.config.backlog_delay:g} s per summarizer call"
                )
                result["compaction"]["backlog"] = self.compaction_backlog()
                if connection.vendor == "postgresql":
                    self.log(
                        f"compaction with a {self.config.slow_delay:g} s summarizer + appender"
                    )
                    result["compaction"]["slow"] = self.compaction_slow()
                else:
                    # SQLite (--allow-sqlite) has no row locks, and a second writing thread
                    # fails with "database is locked": there is nothing meaningful to measure.
                    result["compaction"]["slow"] = {
                        "skipped": f"{connection.vendor} has no row locks; run on PostgreSQL"
                    }
            if "history" in sections:
                history = self.history_benchmarks()
                result["context_build"] = history["context_build"]
                result["append"] = history["append"]
            if "peers" in sections:
                if connection.vendor == "postgresql":
                    result["peers"] = self.peer_benchmarks()
                else:
                    result["peers"] = {
                        "skipped": f"the peers store in PostgreSQL; the database is "
                        f"{connection.vendor}"
                    }
            if "turns" in sections:
                if connection.vendor == "postgresql":
                    self.log("what compaction adds to a turn (paced sessions, 2 web processes)")
                    result["turns"] = self.turn_latency()
                else:
                    result["turns"] = {
                        "skipped": f"two processes share the database; it is {connection.vendor}"
                    }
            if "cost" in sections:
                if connection.vendor == "postgresql":
                    self.log("token bill: long sessions replayed through each system")
                    result["cost"] = self.cost_benchmarks()
                else:
                    result["cost"] = {
                        "skipped": f"the replays store in PostgreSQL; it is {connection.vendor}"
                    }
        meta["finished_at"] = datetime.now(UTC).isoformat(timespec="seconds")
        meta["elapsed_s"] = round(time.perf_counter() - started, 1)
        meta["loadavg_after"] = loadavg()
        result["goals"] = evaluate_goals(result)
        return result


def _allowed_host() -> str:
    """A Host header the project accepts (the test client's 'testserver' may not be)."""
    allowed = list(settings.ALLOWED_HOSTS)
    candidates = ["localhost", "testserver", "127.0.0.1"] + [
        host.lstrip(".") for host in allowed if host not in ("*",) and not host.startswith("[")
    ]
    for host in candidates:
        if validate_host(host, allowed or ["localhost", "testserver", "127.0.0.1"]):
            return host
    return "localhost"


def run_bench(config: BenchConfig, *, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    return Bench(config, log=log).run()
