"""The compaction_bench command: the JSON it writes and the invariants that are not timing.

One ``--quick`` run is shared by the module (it takes a few seconds). Nothing here asserts
a wall-clock figure: the machine is shared, so only structure, query counts, counters and
token arithmetic are checked.
"""

from __future__ import annotations

import io
import json
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections

from benchmarks.config import BENCH_SUMMARY, BenchConfig
from benchmarks.data import synthetic_messages
from benchmarks.measure import percentile
from compaction.conf import DEFAULTS
from compaction.content import Tail, clean_messages, tail_after
from compaction.engine.tokens import CHARS_PER_TOKEN
from compaction.engine.validation import validate_summary
from compaction.models import ChatSession, Checkpoint, CompactionRun, IdempotencyKey, Message

QUICK = BenchConfig.quick_config()

# Transactional: the command runs an appender thread on its own connection, which must see
# committed rows. The mark also makes pytest-django create the test database that the
# module-scoped run below uses.
pytestmark = pytest.mark.django_db(transaction=True)


def _snapshot() -> dict[str, int]:
    return {
        "sessions": ChatSession.objects.count(),
        "messages": Message.objects.count(),
        "checkpoints": Checkpoint.objects.count(),
        "runs": CompactionRun.objects.count(),
        "idempotency_keys": IdempotencyKey.objects.count(),
        "users": get_user_model().objects.count(),
        "django_sessions": Session.objects.count(),
    }


@pytest.fixture(scope="module")
def bench(tmp_path_factory, django_db_setup, django_db_blocker) -> SimpleNamespace:
    """One quick run on the test database; the command commits (it runs threads) and
    cleans up after itself, which the snapshot taken around it checks."""
    path = tmp_path_factory.mktemp("bench") / "bench.json"
    out = io.StringIO()
    with django_db_blocker.unblock():
        before = _snapshot()
        call_command(
            "compaction_bench", "--quick", "--json", str(path), stdout=out, stderr=io.StringIO()
        )
        after = _snapshot()
    return SimpleNamespace(
        data=json.loads(path.read_text(encoding="utf-8")),
        table=out.getvalue(),
        before=before,
        after=after,
    )


def _query_counts(rows: list[dict[str, Any]], method: str) -> set[int]:
    return {row[method]["queries"][k] for row in rows for k in ("min", "max")}


def test_structure(bench: SimpleNamespace) -> None:
    data = bench.data
    assert set(data) >= {
        "meta",
        "config",
        "context_build",
        "append",
        "compaction",
        "pruning",
        "token_reduction",
        "peers",
        "goals",
    }
    assert data["meta"]["database_vendor"] == "postgresql"
    for key in ("nproc", "memory_gb", "cpu", "database", "python", "django", "started_at"):
        assert data["meta"][key], key
    assert data["config"]["quick"] is True
    assert tuple(data["config"]["sizes"]) == QUICK.sizes
    for item in data["goals"]:
        assert set(item) == {"goal", "target", "measured", "met"}
        assert item["met"] in (True, False, None)
    for heading in ("1. Context build", "2. Append", "3a. Compaction", "4. Tool-result", "Goals"):
        assert heading in bench.table
    assert "5. Token reduction" in bench.table
    assert "6. Per-turn cost vs peers" in bench.table
    assert "9. What compaction adds to a turn" in bench.table


def test_turns_wait_for_compaction_only_in_sync(bench: SimpleNamespace) -> None:
    modes = bench.data["turns"]["modes"]
    if "skipped" in modes["async"]:  # no Redis on this machine: the Celery mode cannot run
        modes.pop("async")
    for mode, found in modes.items():
        assert found["turns"] == QUICK.turn_sessions * QUICK.turn_count, mode
        assert found["compactions"] > 0, mode
        assert found["coverage_problems"] == [], mode
    # In the request, each compaction held up the turn that crossed the threshold; beside
    # the conversation none did (the window always had room).
    assert modes["sync"]["turns_waited"] == modes["sync"]["compactions"]
    assert modes["background"]["turns_waited"] == 0
    assert modes.get("async", {}).get("turns_waited", 0) == 0


def test_cleans_up_everything(bench: SimpleNamespace) -> None:
    assert bench.after == bench.before


def test_context_build_queries_constant_across_sizes(bench: SimpleNamespace) -> None:
    ctx = bench.data["context_build"]
    rows = ctx["rows"]
    assert [row["history"] for row in rows] == list(QUICK.sizes)
    for method in ("api", "selector", "naive"):
        for row in rows:
            stats = row[method]
            assert stats["n"] == QUICK.repeat
            assert stats["median_ms"] <= stats["p95_ms"] <= stats["p99_ms"] <= stats["max_ms"]
    for method in ("api", "selector"):
        counts = _query_counts(rows, method)
        assert len(counts) == 1, (method, counts)
        assert ctx["queries_constant"][method] is True
    # "Small": the selector is documented as three queries at most, the API adds auth.
    assert _query_counts(rows, "selector").pop() <= 3
    assert _query_counts(rows, "api").pop() <= 8
    for row in rows:
        # A checkpoint covers all but the recent window, identical at every size.
        setup = row["setup"]
        assert setup["checkpoint_status"] == "succeeded"
        counters = setup["counters"]
        assert counters["message_count"] == row["history"]
        assert counters["checkpoint_last_seq"] == setup["checkpoint_compacted"]
        assert counters["active_message_count"] == row["history"] - setup["checkpoint_compacted"]
        assert row["payload"]["naive_messages"] == row["history"]
        assert set(row["ratio_vs_naive"]) == {"api", "selector"}
    windows = {row["setup"]["counters"]["active_message_count"] for row in rows}
    assert len(windows) == 1


def test_append_queries_constant_and_counters_exact(bench: SimpleNamespace) -> None:
    app = bench.data["append"]
    rows = app["rows"]
    for method in ("service", "api"):
        counts = _query_counts(rows, method)
        assert len(counts) == 1, (method, counts)
        assert app["queries_constant"][method] is True
    for row in rows:
        for method in ("service", "api", "naive"):
            assert row[method]["appends_per_s"] > 0
        # A warm-up and ``repeat`` appends per method, each of one message.
        assert row["counters_after"]["message_count"] == row["history"] + 3 * (QUICK.repeat + 1)


def test_compaction_queries_constant_as_compacted_part_grows(bench: SimpleNamespace) -> None:
    instant = bench.data["compaction"]["instant"]
    rows = instant["rows"]
    assert [row["target_compacted"] for row in rows] == list(QUICK.compaction_sizes)
    compacted = [row["messages_compacted"] for row in rows]
    assert compacted == sorted(compacted) and compacted[-1] >= QUICK.compaction_sizes[-1]
    assert len({row["total"]["queries"][k] for row in rows for k in ("min", "max")}) == 1
    assert instant["queries_constant"] is True
    for phase in ("claim", "summarize", "finalize"):
        assert len({row[phase]["queries"]["max"] for row in rows}) == 1, phase
    slow = bench.data["compaction"]["slow"]
    assert slow["messages_compacted"] > 0
    assert slow["appends_without_compaction"]["n"] > 0
    assert slow["appends_during_compaction"]["n"] > 0
    for key in ("claim", "summarize", "finalize", "p50_ratio", "p99_ratio"):
        assert slow[key] is not None


def test_pruning_counts(bench: SimpleNamespace) -> None:
    pruning = bench.data["pruning"]
    for row in pruning["rows"]:
        # Default settings, as of the latest pruning step: the outputs newer than it are
        # whole, its newest KEEP_LAST_TOOL_RESULTS too, the rest up to TOOL_HARD_CLEAR_AFTER
        # are trimmed, everything older is cleared.
        keep, clear_after = DEFAULTS["KEEP_LAST_TOOL_RESULTS"], DEFAULTS["TOOL_HARD_CLEAR_AFTER"]
        assert row["tool_results"] == row["messages"] // QUICK.pruning_tool_share
        assert row["soft_trimmed"] == clear_after - keep
        # The step lags by fewer outputs than free TOOL_CLEAR_AT_LEAST (each frees more
        # than half of its tokens once trimmed).
        lag = row["tool_results"] - clear_after - row["hard_cleared"]
        half = QUICK.pruning_tool_chars // CHARS_PER_TOKEN // 2
        assert 0 <= lag <= DEFAULTS["TOOL_CLEAR_AT_LEAST"] // half
    assert pruning["growth"]["size_ratio"] == QUICK.pruning_sizes[-1] / QUICK.pruning_sizes[0]


def test_token_reduction_figures(bench: SimpleNamespace) -> None:
    reduction = bench.data["token_reduction"]
    assert len(reduction["transcripts"]) == len(list(QUICK.transcripts_dir.glob("*.json")))
    for entry in reduction["transcripts"]:
        assert entry["tokens_before"] > 0
        # Every bundled transcript fits the 20k recent window: reported, not forced.
        assert entry["compacted"] is False
        assert "KEEP_RECENT_TOKENS" in entry["reason"]
        assert entry["tokens_after"] == entry["tokens_before"]
    concatenated = reduction["concatenated"]
    assert concatenated["compacted"] is True
    assert 0 < concatenated["tokens_after"] < concatenated["tokens_before"]
    synthetic = reduction["synthetic"]
    assert synthetic["over_threshold"] is True and synthetic["compacted"] is True
    assert synthetic["tokens_before"] >= QUICK.synthetic_tokens
    # Token estimates are deterministic: this is arithmetic, not timing.
    assert synthetic["reduction_pct"] >= 80
    assert synthetic["counters"]["estimated_tokens"] == synthetic["tokens_after"]
    memory = synthetic["memory"]
    assert memory["tracemalloc_peak_mb"] > 0
    assert {"ru_maxrss_before_mb", "ru_maxrss_after_mb", "ru_maxrss_delta_mb"} <= set(memory)


# --------------------------------------------------------------------------- pieces


def test_refuses_other_databases(monkeypatch) -> None:
    # On the wrapper itself: the ``connection`` proxy cannot undo the patch.
    wrapper = connections["default"]
    monkeypatch.setattr(wrapper, "vendor", "sqlite")
    with pytest.raises(CommandError, match="--allow-sqlite"):
        call_command("compaction_bench", "--quick")
    monkeypatch.setattr(wrapper, "vendor", "mysql")
    with pytest.raises(CommandError, match="PostgreSQL"):
        call_command("compaction_bench", "--quick", "--allow-sqlite")


@pytest.mark.parametrize("value", ["", "a,b", "0,10"])
def test_rejects_bad_sizes(value: str) -> None:
    with pytest.raises(CommandError, match="--sizes"):
        call_command("compaction_bench", "--sizes", value)


def test_synthetic_history_is_valid_in_any_batching() -> None:
    messages = synthetic_messages(0, 40, tool_chars=100)
    clean_messages(messages, tail=Tail(), max_chars=500_000, batch=True)
    # A batch may start right after a tool call: the pairing holds across batches.
    rest = synthetic_messages(2, 38, tool_chars=100)
    head = tail_after([(m["role"], m["content"]) for m in messages[:2]])
    clean_messages(rest, tail=head, max_chars=500_000, batch=True)
    assert messages[-1]["role"] == "assistant" and isinstance(messages[-1]["content"], str)


def test_bench_summary_is_valid() -> None:
    assert validate_summary(BENCH_SUMMARY, max_chars=6000).ok


def test_percentile() -> None:
    assert percentile([1, 2, 3, 4, 5], 50) == 3
    assert percentile([1, 2, 3, 4, 5], 100) == 5
    assert percentile([10.0], 99) == 10.0
    assert percentile(list(range(101)), 99) == pytest.approx(99)


def test_artifact_ledger_figures(bench: SimpleNamespace) -> None:
    ledger = bench.data["artifact_ledger"]
    assert ledger["messages"] == QUICK.ledger_messages and ledger["tool_calls"] > 0
    for step in ("ledger", "section", "transcript", "preserved"):
        assert ledger[step]["n"] == QUICK.ledger_repeat
        assert ledger[step]["ms_per_1000"] >= 0
    assert ledger["entries"]["files_changed"] > 0 and ledger["entries"]["commands"] > 0
    assert "7. Artifact ledger, phase 2" in bench.table
