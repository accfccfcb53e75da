"""Concurrency on real PostgreSQL: row locks, leases, fencing, and racing processes/threads.

Every test is transactional (``transaction=True``): other threads and processes only see
committed rows, and ``select_for_update`` really locks. Threads close their own
connections; every wait is bounded.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from datetime import timedelta
from typing import Any

import factory
import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from compaction.exceptions import CompactionInProgress, SessionBusy
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.selectors import session_context_build
from compaction.services.compaction import (
    compaction_leases_release_expired,
    compaction_run_claim,
    compaction_run_execute,
    compaction_run_finalize,
    compaction_run_summarize,
)
from compaction.services.messages import message_append
from tests.support import procs
from tests.support.children import child_db, collect, spawn_context, stop_children
from tests.support.database import archived_by, assert_counters_match_rows, backends
from tests.support.factories import SessionFactory
from tests.support.helpers import (
    GatedSummarizer,
    assistant,
    chat,
    payload_problem,
    tool_call,
    unmarked,
    user,
)

Status = CompactionRun.Status
WAIT = 15.0  # upper bound of any wait on another thread
SYSTEM_PROMPT = "You are a careful coding agent working in a Python repository."
# Per-session overrides, so child processes (with their own settings) behave the same.
SESSION_CONFIG = {
    "COMPACTION_THRESHOLD": 2500,
    "KEEP_RECENT_TOKENS": 500,
    "AUTO_COMPACT": "off",
}
HISTORY_TURNS = 20  # 40 messages of ~105 estimated tokens each

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("static_runs")]


# --------------------------------------------------------------------------- helpers


class RacedSessionFactory(SessionFactory):
    system_prompt = SYSTEM_PROMPT
    config = factory.LazyFunction(lambda: dict(SESSION_CONFIG))
    messages = factory.LazyFunction(lambda: chat(HISTORY_TURNS))


def run_threads(target: Any, count: int) -> list[threading.Thread]:
    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    return threads


def join_all(threads: list[threading.Thread], timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    alive = [t.name for t in threads if t.is_alive()]
    assert not alive, f"threads still running after {timeout}s: {alive}"


# --------------------------------------------------------------------------- 1. processes


def _race_processes(count: int) -> None:
    session = RacedSessionFactory(over_threshold=True)
    total = session.message_count
    ctx = spawn_context()
    barrier = ctx.Barrier(count)
    results = ctx.Queue()
    children = [
        ctx.Process(
            target=procs.compact_worker,
            args=(i, *child_db(), str(session.pk), barrier, results),
            daemon=True,
        )
        for i in range(count)
    ]
    for child in children:
        child.start()
    try:
        reports = collect(results, count, timeout=120)
        for child in children:
            child.join(30)
    finally:
        stop_children(children)
    assert len(reports) == count, f"only {len(reports)} of {count} children reported"
    assert all(child.exitcode == 0 for child in children), [c.exitcode for c in children]

    errors = [r for r in reports if r["kind"] == "error" or r["error"]]
    assert not errors, "\n\n".join(r["error"] for r in errors)

    checkpoints = list(Checkpoint.objects.filter(session=session))
    assert [c.version for c in checkpoints] == [1]
    runs = list(CompactionRun.objects.filter(session=session))
    succeeded = [r for r in runs if r.status == Status.SUCCEEDED]
    assert len(succeeded) == 1, Counter(r.status for r in runs)
    winner = succeeded[0]
    assert checkpoints[0].run_id == winner.pk
    assert {r.status for r in runs} <= {Status.SUCCEEDED, Status.SKIPPED}

    kinds = Counter(r["kind"] for r in reports)
    finished = [r for r in reports if r["kind"] == "run"]
    assert [r for r in finished if r["status"] == Status.SUCCEEDED] == [
        r for r in finished if r["run_id"] == str(winner.pk)
    ]
    assert sum(r["status"] == Status.SUCCEEDED for r in finished) == 1
    assert all(r["status"] in (Status.SUCCEEDED, Status.SKIPPED) for r in finished)
    # Every CompactionInProgress named the one run that was in flight.
    assert {r["run_id"] for r in reports if r["kind"] == "in_progress"} <= {str(winner.pk)}
    assert kinds["in_progress"] + len(finished) == count
    # A skipped run re-checked the trigger after the winner finished: below the threshold.
    skipped = [r for r in runs if r.status == Status.SKIPPED]
    assert len(skipped) == sum(r["status"] == Status.SKIPPED for r in finished)
    assert all(r.base_version == 1 and "below the threshold" in r.reason for r in skipped)

    session = assert_counters_match_rows(session.pk)
    assert session.checkpoint_version == 1
    assert session.compaction_count == 1
    assert session.lease_token is None and session.lease_expires_at is None
    assert session.message_count == total
    seqs = list(
        Message.objects.filter(session=session).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, total + 1))
    archived = Message.objects.filter(session=session).archived().count()
    active = Message.objects.filter(session=session).active().count()
    assert archived == winner.messages_compacted > 0
    assert archived + active == total


@pytest.mark.parametrize("count", [6, pytest.param(16, marks=pytest.mark.slow)])
def test_processes_racing_to_compact_write_exactly_one_checkpoint(count):
    _race_processes(count)


# --------------------------------------------------------------------------- 2. appends


def test_appends_during_summarization_stay_active_and_counted():
    session = RacedSessionFactory(over_threshold=True)
    before = session.message_count
    gated = GatedSummarizer()
    outcome: dict[str, Any] = {}

    def compact() -> None:
        try:
            outcome["run"] = compaction_run_execute(
                session_id=session.pk, trigger="command", summarizer=gated
            )
        except BaseException as exc:
            outcome["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=compact, daemon=True)
    thread.start()
    appended = [
        user("While you summarize: also check src/late_0.py please."),
        assistant("Noted, I will look at src/late_0.py next."),
        user("And src/late_1.py."),
        user("Actually, src/late_2.py first."),
        assistant("Understood: src/late_2.py, then src/late_1.py."),
        user("Thanks."),
    ]
    try:
        assert gated.entered.wait(WAIT), outcome.get("error")
        running = CompactionRun.objects.get(session=session, status=Status.RUNNING)
        message_append(session_id=session.pk, messages=appended[:1])
        message_append(session_id=session.pk, messages=appended[1:2])
        message_append(session_id=session.pk, messages=appended[2:5])
        message_append(session_id=session.pk, messages=appended[5:])
    finally:
        gated.release.set()
        thread.join(WAIT)
    assert not thread.is_alive()
    assert "error" not in outcome, outcome.get("error")
    run = outcome["run"]
    assert run.pk == running.pk
    assert run.status == Status.SUCCEEDED

    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1 and checkpoint.last_seq == run.cut_seq
    assert run.cut_seq < before  # the cut was fixed at claim time, before the appends
    late = list(Message.objects.filter(session=session, seq__gt=before).order_by("seq"))
    assert [m.seq for m in late] == list(range(before + 1, before + len(appended) + 1))
    assert [m.content for m in late] == [m["content"] for m in appended]
    assert all(m.seq > run.cut_seq for m in late)
    assert not Message.objects.filter(session=session, seq__gt=before).archived().exists()
    # Exactly the claimed range was archived.
    archived = archived_by(checkpoint)
    assert sorted(archived.values_list("seq", flat=True)) == list(
        range(run.first_seq, run.cut_seq + 1)
    )

    session = assert_counters_match_rows(session.pk)
    assert session.message_count == before + len(appended)
    assert session.checkpoint_version == 1
    assert session.lease_token is None

    payload = session_context_build(session=session)
    assert payload.checkpoint_version == 1
    assert payload_problem(payload.messages) is None
    tail = payload.messages[-len(appended) :]
    # As appended, but for the cache marker ending the previous call's conversation.
    assert unmarked(tail) == unmarked(
        [{"role": m["role"], "content": m["content"]} for m in appended]
    )


# --------------------------------------------------------------------------- 3. no lock held


def test_no_transaction_or_lock_is_held_while_the_summarizer_runs():
    session = RacedSessionFactory(over_threshold=True)
    observed: dict[str, Any] = {}
    observed_ready = threading.Event()

    def during() -> None:
        # Runs in the compaction thread, inside summarize().
        try:
            observed["in_atomic_block"] = connection.in_atomic_block
            observed["autocommit"] = connection.get_autocommit()
            observed["pid"] = connection.connection.info.backend_pid
            observed["tx_status"] = connection.connection.info.transaction_status.name
        finally:
            observed_ready.set()

    gated = GatedSummarizer(during=during)
    outcome: dict[str, Any] = {}

    def compact() -> None:
        try:
            outcome["run"] = compaction_run_execute(
                session_id=session.pk, trigger="command", summarizer=gated
            )
        except BaseException as exc:
            outcome["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=compact, daemon=True)
    thread.start()
    try:
        assert gated.entered.wait(WAIT), outcome.get("error")
        assert observed_ready.wait(WAIT)
        run = CompactionRun.objects.get(session=session, status=Status.RUNNING)
        # The main thread has its own connection; nothing may be locked against it.
        with transaction.atomic():
            locked = ChatSession.objects.select_for_update(nowait=True).get(pk=session.pk)
            assert locked.lease_token == run.lease_token
            CompactionRun.objects.select_for_update(nowait=True).get(pk=run.pk)
            assert len(Message.objects.select_for_update(nowait=True).filter(session=session))
        others = backends()
        stuck = [b for b in others.values() if b.state.startswith("idle in transaction")]
        assert stuck == []
        assert others[observed["pid"]].state == "idle"
    finally:
        gated.release.set()
        thread.join(WAIT)
    assert not thread.is_alive()
    assert "error" not in outcome, outcome.get("error")
    assert outcome["run"].status == Status.SUCCEEDED
    assert observed["in_atomic_block"] is False
    assert observed["autocommit"] is True
    assert observed["tx_status"] == "IDLE"


# --------------------------------------------------------------------------- 4. fencing


def _expire_lease(session_id: Any, run_id: Any) -> None:
    past = timezone.now() - timedelta(seconds=5)
    ChatSession.objects.filter(pk=session_id).update(lease_expires_at=past)
    CompactionRun.objects.filter(pk=run_id).update(lease_expires_at=past)


def test_finalize_after_lease_expiry_writes_nothing():
    session = RacedSessionFactory(over_threshold=True)
    before = ChatSession.objects.get(pk=session.pk)
    run = compaction_run_claim(session_id=session.pk, trigger="command", force=True)
    assert run.status == Status.RUNNING
    _expire_lease(session.pk, run.pk)

    outcome = compaction_run_summarize(run=run)
    result = compaction_run_finalize(run=run, outcome=outcome)

    assert result.status == Status.EXPIRED
    run.refresh_from_db()
    assert run.status == Status.EXPIRED and run.finished_at is not None
    assert not Checkpoint.objects.filter(session=session).exists()
    assert not Message.objects.filter(session=session).archived().exists()
    after = assert_counters_match_rows(session.pk)
    assert after.lease_token is None and after.lease_expires_at is None
    assert after.checkpoint_version == 0 and after.compaction_count == 0
    assert after.estimated_tokens == before.estimated_tokens
    assert after.active_message_count == before.active_message_count


def test_late_finalize_of_an_expired_run_loses_to_the_new_claim():
    session = RacedSessionFactory(over_threshold=True)
    old = compaction_run_claim(session_id=session.pk, trigger="command", force=True)
    old_outcome = compaction_run_summarize(run=old)  # the slow LLM call of the dead holder
    _expire_lease(session.pk, old.pk)

    new = compaction_run_claim(session_id=session.pk, trigger="command", force=True)
    assert new.status == Status.RUNNING and new.pk != old.pk
    assert new.lease_token != old.lease_token
    assert CompactionRun.objects.get(pk=old.pk).status == Status.EXPIRED

    # The old holder wakes up and finalizes with its stale in-memory run.
    late = compaction_run_finalize(run=old, outcome=old_outcome)
    assert late.status == Status.EXPIRED
    assert not Checkpoint.objects.exists()
    assert not Message.objects.archived().exists()
    current = assert_counters_match_rows(session.pk)
    assert current.lease_token == new.lease_token  # the new lease was left alone
    assert current.checkpoint_version == 0

    done = compaction_run_finalize(run=new, outcome=compaction_run_summarize(run=new))
    assert done.status == Status.SUCCEEDED
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1 and checkpoint.run_id == new.pk
    assert archived_by(checkpoint).count() == new.messages_compacted

    # Finalizing the old run once more, after v1, still writes nothing.
    again = compaction_run_finalize(run=old, outcome=old_outcome)
    assert again.status == Status.EXPIRED
    assert list(Checkpoint.objects.values_list("version", flat=True)) == [1]
    current = assert_counters_match_rows(session.pk)
    assert current.checkpoint_version == 1 and current.lease_token is None
    assert Counter(CompactionRun.objects.values_list("status", flat=True)) == {
        Status.EXPIRED: 1,
        Status.SUCCEEDED: 1,
    }


# --------------------------------------------------------------------------- 5. recovery


def test_release_expired_frees_dead_leases_only():
    dead_session = RacedSessionFactory(over_threshold=True)
    live_session = RacedSessionFactory(over_threshold=True)
    idle_session = RacedSessionFactory(messages=chat(2))
    dead = compaction_run_claim(session_id=dead_session.pk, trigger="task", force=True)
    live = compaction_run_claim(session_id=live_session.pk, trigger="task", force=True)
    _expire_lease(dead_session.pk, dead.pk)
    live_lease = ChatSession.objects.values_list("lease_token", "lease_expires_at").get(
        pk=live_session.pk
    )

    released = compaction_leases_release_expired()

    assert [r.pk for r in released] == [dead.pk]
    dead.refresh_from_db()
    assert dead.status == Status.EXPIRED and dead.finished_at is not None and dead.error
    freed = ChatSession.objects.get(pk=dead_session.pk)
    assert freed.lease_token is None and freed.lease_expires_at is None
    assert freed.checkpoint_version == 0
    assert not Message.objects.filter(session=dead_session).archived().exists()

    assert (
        ChatSession.objects.values_list("lease_token", "lease_expires_at").get(pk=live_session.pk)
        == live_lease
    )
    assert CompactionRun.objects.get(pk=live.pk).status == Status.RUNNING
    idle = ChatSession.objects.get(pk=idle_session.pk)
    assert idle.lease_token is None and not CompactionRun.objects.filter(session=idle).exists()

    assert compaction_leases_release_expired() == []
    # The dead holder waking up late writes nothing, even with the lease now free.
    late = compaction_run_finalize(run=dead, outcome=compaction_run_summarize(run=dead))
    assert late.status == Status.EXPIRED
    assert not Checkpoint.objects.filter(session=dead_session).exists()
    assert_counters_match_rows(dead_session.pk)
    # The live holder can still finish; the freed session can be compacted again.
    assert (
        compaction_run_finalize(run=live, outcome=compaction_run_summarize(run=live)).status
        == Status.SUCCEEDED
    )
    again = compaction_run_execute(session_id=dead_session.pk, trigger="task")
    assert again.status == Status.SUCCEEDED
    assert_counters_match_rows(dead_session.pk)
    assert_counters_match_rows(live_session.pk)


# --------------------------------------------------------------------------- 6. appends


def test_concurrent_appends_get_contiguous_seqs():
    session = RacedSessionFactory(messages=[])
    threads_count, per_thread = 20, 10
    barrier = threading.Barrier(threads_count)
    errors: list[BaseException] = []
    lock = threading.Lock()

    def append(index: int) -> None:
        try:
            barrier.wait(WAIT)
            for i in range(per_thread):
                message_append(session_id=session.pk, messages=[user(f"thread {index} msg {i}")])
        except BaseException as exc:
            with lock:
                errors.append(exc)
        finally:
            connection.close()

    join_all(run_threads(append, threads_count), timeout=60)
    assert errors == []

    total = threads_count * per_thread
    rows = list(Message.objects.filter(session=session).order_by("seq").values("seq", "content"))
    assert [r["seq"] for r in rows] == list(range(1, total + 1))
    assert sorted(r["content"] for r in rows) == sorted(
        f"thread {t} msg {i}" for t in range(threads_count) for i in range(per_thread)
    )
    # Each thread's own messages kept their order.
    for t in range(threads_count):
        mine = [r["content"] for r in rows if r["content"].startswith(f"thread {t} msg ")]
        assert mine == [f"thread {t} msg {i}" for i in range(per_thread)]
    session = assert_counters_match_rows(session.pk)
    assert session.message_count == total == session.active_message_count


def _append_held_open(
    session_id: Any,
    messages: list[dict[str, Any]],
    appended: threading.Event,
    release: threading.Event,
    errors: list[BaseException],
) -> list[threading.Thread]:
    """A thread that appends ``messages`` (with an Idempotency-Key: the locked path) and
    keeps its transaction open until ``release``."""

    def hold(_: int) -> None:
        try:
            with transaction.atomic():
                message_append(session_id=session_id, messages=messages, idempotency_key="held")
                appended.set()
                release.wait(WAIT)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    return run_threads(hold, 1)


def _release_when_waiting(release: threading.Event) -> threading.Thread:
    """Set ``release`` once some backend waits on a lock (the append under test)."""

    def watch() -> None:
        try:
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT count(*) FROM pg_stat_activity "
                        "WHERE wait_event_type = 'Lock' AND datname = current_database()"
                    )
                    if cursor.fetchone()[0]:
                        break
                time.sleep(0.01)
        finally:
            release.set()
            connection.close()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


def test_an_append_that_read_before_another_writer_appends_after_it():
    # The append reads the session unlocked; another writer appends and commits before
    # its write: the guarded write must not land on the old counters. It appends after.
    session = RacedSessionFactory(messages=chat(2))
    before = session.message_count
    appended, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []
    threads = _append_held_open(session.pk, [user("first")], appended, release, errors)
    assert appended.wait(WAIT), errors
    watcher = _release_when_waiting(release)
    try:
        message_append(session_id=session.pk, messages=[assistant("second")])
    finally:
        release.set()
        join_all([*threads, watcher])
    assert errors == []
    rows = list(Message.objects.filter(session=session, seq__gt=before).order_by("seq"))
    assert [(r.seq, r.content) for r in rows] == [
        (before + 1, "first"),
        (before + 2, "second"),
    ]
    assert assert_counters_match_rows(session.pk).message_count == before + 2


def test_an_append_valid_when_read_is_checked_again_after_another_writer():
    # Read unlocked, a text answer is valid; the other writer then leaves a tool call
    # waiting for its result. Validated again on the new tail, the text is refused and
    # nothing is written.
    from compaction.exceptions import InvalidConversation

    session = RacedSessionFactory(messages=chat(2))
    before = session.message_count
    appended, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []
    call = [user("list the files"), tool_call("toolu_held", "ls")]
    threads = _append_held_open(session.pk, call, appended, release, errors)
    assert appended.wait(WAIT), errors
    watcher = _release_when_waiting(release)
    try:
        with pytest.raises(InvalidConversation):
            message_append(session_id=session.pk, messages=[user("what next?")])
    finally:
        release.set()
        join_all([*threads, watcher])
    assert errors == []
    assert assert_counters_match_rows(session.pk).message_count == before + 2
    assert not Message.objects.filter(session=session, content="what next?").exists()


# --------------------------------------------------------------------------- 7. lock timeout


def test_append_to_a_locked_session_raises_session_busy(compaction_settings):
    compaction_settings(LOCK_TIMEOUT_MS=300)
    session = RacedSessionFactory(messages=chat(2))
    before = session.message_count
    holding, done = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def hold(_: int) -> None:
        try:
            with transaction.atomic():
                ChatSession.objects.select_for_update().get(pk=session.pk)
                holding.set()
                done.wait(WAIT)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = run_threads(hold, 1)
    try:
        assert holding.wait(WAIT), errors
        started = time.monotonic()
        with pytest.raises(SessionBusy) as info:
            message_append(session_id=session.pk, messages=[user("blocked")])
        elapsed = time.monotonic() - started
    finally:
        done.set()
        join_all(threads)
    assert errors == []
    assert info.value.status_code == 503
    assert elapsed < 5, f"SessionBusy took {elapsed:.1f}s with LOCK_TIMEOUT_MS=300"
    assert Message.objects.filter(session=session).count() == before
    assert not Message.objects.filter(session=session, content="blocked").exists()
    assert_counters_match_rows(session.pk)
    # Once the holder is gone the same append goes through.
    message_append(session_id=session.pk, messages=[user("blocked")])
    assert assert_counters_match_rows(session.pk).message_count == before + 1


# --------------------------------------------------------------------------- 8. forced claims


def test_concurrent_forced_claims_one_wins():
    session = RacedSessionFactory(over_threshold=True)
    threads_count = 8
    barrier = threading.Barrier(threads_count)
    results: list[tuple[str, Any]] = []
    lock = threading.Lock()

    def claim(_: int) -> None:
        try:
            barrier.wait(WAIT)
            run = compaction_run_claim(session_id=session.pk, trigger="api", force=True)
            outcome = ("run", (run.pk, run.status))
        except CompactionInProgress as exc:
            outcome = ("in_progress", exc.run.pk)
        except IntegrityError as exc:
            outcome = ("integrity_error", exc)
        except BaseException as exc:
            outcome = ("error", exc)
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    join_all(run_threads(claim, threads_count), timeout=60)
    assert len(results) == threads_count
    kinds = Counter(kind for kind, _ in results)
    assert kinds == {"run": 1, "in_progress": threads_count - 1}, results
    (winner_id, status) = next(value for kind, value in results if kind == "run")
    assert status == Status.RUNNING
    assert {value for kind, value in results if kind == "in_progress"} == {winner_id}

    runs = list(CompactionRun.objects.filter(session=session))
    assert [(r.pk, r.status) for r in runs] == [(winner_id, Status.RUNNING)]
    current = ChatSession.objects.get(pk=session.pk)
    assert current.lease_token == runs[0].lease_token is not None
    done = compaction_run_finalize(run=runs[0], outcome=compaction_run_summarize(run=runs[0]))
    assert done.status == Status.SUCCEEDED
    assert_counters_match_rows(session.pk)
