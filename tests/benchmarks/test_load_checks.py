"""The load driver's pure checks: the integrity check finds each kind of violation, and the
over-threshold spans and fault recovery are computed as BENCHMARKS.md defines them."""

from __future__ import annotations

from benchmarks.load.client import Attempt
from benchmarks.load.faults import Injected, over_threshold_spans, recovery
from benchmarks.load.integrity import Expected, SessionRows, check

HI = [{"type": "text", "text": "hi"}]
SENT = [("user", "hello"), ("assistant", HI)]


def _rows(**changes) -> SessionRows:
    counters = {
        "message_count": 2, "appended_tokens": 30, "archived_tokens": 0,
        "active_message_count": 2, "archived_seq": 0, "checkpoint_version": 0,
        "compaction_count": 0, "total_input_tokens": 100, "total_output_tokens": 7,
        "lease_token": None, "lease_expires_at": None,
    }  # fmt: skip
    values = {
        "id": "s1",
        "counters": counters,
        "messages": [
            (1, "user", "hello", 10),
            (2, "assistant", HI, 30),
        ],
        "checkpoint_versions": [],
        "live_runs": 0,
    }
    counters.update(changes.pop("counters", {}))
    values.update(changes)
    return SessionRows(**values)


EXPECTED = {"s1": Expected(acked=SENT, input_tokens=100, output_tokens=7)}


def test_a_clean_session_passes():
    report = check([_rows()], EXPECTED)
    assert report.ok and report.messages_acknowledged == 2 and report.messages_stored == 2


def test_each_violation_is_found_by_kind():
    cases = {
        "acknowledged_lost": _rows(messages=[(1, "user", "hello", 10)],
                                   counters={"message_count": 1, "appended_tokens": 10,
                                             "active_message_count": 1}),
        "acknowledged_changed_or_moved": _rows(
            messages=[(1, "user", "hello!", 10), (2, "assistant", HI, 30)]
        ),
        "seq_not_contiguous": _rows(
            messages=[(1, "user", "hello", 10), (3, "assistant", HI, 30)]
        ),
        "counter_mismatch": _rows(counters={"message_count": 3}),
        "usage_counters": _rows(counters={"total_input_tokens": 99}),
        "checkpoint_version_twice": _rows(
            checkpoint_versions=[(1, 1), (1, 1)],
            counters={"checkpoint_version": 1, "archived_seq": 1, "archived_tokens": 10,
                      "active_message_count": 1, "compaction_count": 2},
        ),
        "lease_left": _rows(counters={"lease_token": "t"}),
        "run_left_live": _rows(live_runs=1),
    }  # fmt: skip
    for kind, rows in cases.items():
        report = check([rows], EXPECTED)
        assert kind in report.violations, (kind, report.violations)
    assert "session_missing" in check([], EXPECTED).violations


def test_spans_end_at_the_next_finished_compaction():
    samples = [(0.0, set()), (1.0, {"a"}), (2.0, {"a"}), (3.0, {"a"}), (4.0, set()), (5.0, {"a"})]
    spans = over_threshold_spans(samples, {"a": [2.5]}, end=9.0)
    assert sorted(spans) == [("a", 1.0, 2.5, True), ("a", 3.0, 9.0, False)]


def test_recovery_counts_failures_seen_after_the_fault_and_waits_for_compactions():
    fault = Injected("pg_terminate", at=10.0, detail="")
    failures = [
        Attempt("append", 9.0, 9.5, 500, ""),  # before: not this fault's
        Attempt("append", 9.9, 10.4, 500, ""),  # started before, seen after: this fault's
        Attempt("context", 11.0, 12.0, 0, "RemoteDisconnected"),
    ]
    samples = [(9.0, set()), (10.5, {"a", "b"})]
    finishes = {"a": [13.0], "b": [9.0, 25.0]}
    spans = over_threshold_spans(samples, finishes, end=30.0)
    result = recovery(fault, 20.0, failures, samples, finishes, spans)
    assert result["failed"] == {"append 500": 1, "context RemoteDisconnected": 1}
    assert result["requests_recovered_s"] == 2.0
    assert result["compaction_recovered_s"] == 15.0 and result["recovered_s"] == 15.0
    assert result["unable_s"] == 14.5
