"""Faults under load on real PostgreSQL: killed workers, failing summarizers, dropped
connections, held row locks, and one task message delivered many times at once.

What these tests hold the app to, whatever fails:

- no message is ever lost or changed (same seqs, same content, archived + active = all);
- no checkpoint is ever half written, and there is never more than one per version;
- a lease whose holder died is recovered once it expires, and then compaction works again;
- no PostgreSQL connection is left ``idle in transaction``;
- the context payload stays acceptable to the Messages API.

Multi-process tests spawn children from ``tests/fault_procs.py`` (see its docstring). Every
wait is bounded; threads close their own connections.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any
from unittest import mock

import factory
import pytest
from django.db import OperationalError, connection
from django.db.models.signals import post_save
from django.utils import timezone

from compaction import tasks
from compaction.engine.items import without_ids
from compaction.engine.validation import TRUNCATION_MARKER
from compaction.exceptions import CompactionInProgress, PermanentSummarizerError
from compaction.models import ChatSession, Checkpoint, CompactionRun, IdempotencyKey, Message
from compaction.selectors import session_context_build
from compaction.services import (
    SummaryOutcome,
    compaction_leases_release_expired,
    compaction_run_enqueue,
    compaction_run_execute,
    compaction_run_finalize,
)
from compaction.services.compaction import retry
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from tests.support import fault_procs
from tests.support.anthropic_stub import DEFAULT_SUMMARY, AnthropicStub
from tests.support.api import make_client
from tests.support.children import child_db, collect, spawn_context, stop_children
from tests.support.database import (
    WAIT,
    archived_by,
    assert_no_idle_in_transaction,
    backends,
    expected_tokens,
    lock_waiters,
    session_row_locked,
    terminate_backend,
    wait_until,
)
from tests.support.factories import SessionFactory
from tests.support.helpers import (
    VALID_SUMMARY,
    StaticSummarizer,
    agent_loop,
    chat,
    payload_problem,
    user,
)

pytestmark = pytest.mark.usefixtures("static_runs")

Status = CompactionRun.Status
CHILD_WAIT = 60.0  # a spawned child imports Django and connects before doing anything
API = "/api/compaction"
SYSTEM_PROMPT = "You are a careful coding agent working in a Python repository."
# Per-session overrides, so that child processes (with their own settings) behave the same.
SESSION_CONFIG = {
    "COMPACTION_THRESHOLD": 2000,
    "KEEP_RECENT_TOKENS": 500,
    "AUTO_COMPACT": "off",
}


# --------------------------------------------------------------------------- helpers


class FaultSessionFactory(SessionFactory):
    system_prompt = SYSTEM_PROMPT
    config = factory.LazyFunction(lambda: dict(SESSION_CONFIG))
    # Plain turns, then an agent loop: the cut and the payload must respect tool pairs.
    messages = factory.LazyFunction(lambda: chat(10) + agent_loop(8, output_chars=300))


def originals(session_id: Any) -> list[tuple[int, str, Any]]:
    """Every stored message, archived or active, as (seq, role, content)."""
    return list(
        Message.objects.filter(session_id=session_id)
        .order_by("seq")
        .values_list("seq", "role", "content")
    )


def assert_nothing_lost(session_id: Any, before: list[tuple[int, str, Any]]) -> ChatSession:
    """Same messages as ``before``; the counters agree with the rows; versions are whole."""
    assert originals(session_id) == before
    assert [seq for seq, _, _ in before] == list(range(1, len(before) + 1))
    session = ChatSession.objects.get(pk=session_id)
    rows = Message.objects.filter(session=session)
    archived = rows.archived().count()
    active = rows.active().count()
    assert archived + active == len(before) == session.message_count
    assert session.active_message_count == active
    assert session.estimated_tokens == expected_tokens(session)
    checkpoints = list(Checkpoint.objects.filter(session=session).order_by("version"))
    assert [c.version for c in checkpoints] == list(range(1, session.checkpoint_version + 1))
    # Each checkpoint archived exactly the messages its run counted, no more, no fewer.
    for checkpoint in checkpoints:
        assert (
            rows.with_checkpoint().filter(checkpoint_id=checkpoint.pk).count()
            == checkpoint.messages_compacted
        )
    return session


def assert_lease_free(session_id: Any) -> None:
    session = ChatSession.objects.get(pk=session_id)
    assert session.lease_token is None and session.lease_expires_at is None
    assert not CompactionRun.objects.filter(
        session_id=session_id, status__in=CompactionRun.LIVE_STATUSES
    ).exists()


def assert_payload_valid(session_id: Any) -> None:
    session = ChatSession.objects.get(pk=session_id)
    payload = session_context_build(session=session)
    assert payload_problem(payload.messages) is None


def expire_lease(session_id: Any) -> None:
    """Move the session's (and its running run's) lease into the past."""
    past = timezone.now() - timedelta(seconds=5)
    ChatSession.objects.filter(pk=session_id).update(lease_expires_at=past)
    CompactionRun.objects.filter(session_id=session_id, status=Status.RUNNING).update(
        lease_expires_at=past
    )


# --------------------------------------------------------------------------- 1. killed worker


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("expiry", ["backdated", "real"])
def test_worker_killed_during_the_llm_call_is_recovered(expiry):
    """SIGKILL a process inside the summarizer: the lease outlives it, then is recovered.

    ``backdated``: the child has the default lease (30 s), which keeps the session busy
    until the test moves it into the past. ``real``: the child runs with
    ``COMPACTION_LEASE_SECONDS=2`` and the test waits for the lease to run out.
    """
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)
    env = {"COMPACTION_LEASE_SECONDS": "2"} if expiry == "real" else {}
    ctx = spawn_context()
    entered, backend_pid, results = ctx.Event(), ctx.Value("i", 0), ctx.Queue()
    child = ctx.Process(
        target=fault_procs.blocking_compaction,
        args=(*child_db(), str(session.pk), env, entered, backend_pid, results),
        daemon=True,
    )
    child.start()
    try:
        assert entered.wait(CHILD_WAIT), "the child never reached the summarizer"
        assert backend_pid.value, collect(results, 1, 5)
        child_backend = backend_pid.value
        # Inside the LLM call the child holds no transaction and no lock.
        assert backends()[child_backend].state == "idle"
        os.kill(child.pid, signal.SIGKILL)
        child.join(WAIT)
        assert child.exitcode == -signal.SIGKILL
    finally:
        stop_children([child])

    # The server notices the closed socket and ends the dead worker's backend.
    assert wait_until(lambda: child_backend not in backends()), backends()
    assert_no_idle_in_transaction()

    # The dead worker still holds the lease: its run is running, nothing was written.
    stale = CompactionRun.objects.get(session=session)
    assert stale.status == Status.RUNNING and stale.summarizer == "blocking"
    current = ChatSession.objects.get(pk=session.pk)
    assert current.lease_token == stale.lease_token is not None
    assert not Checkpoint.objects.filter(session=session).exists()
    assert_nothing_lost(session.pk, before)

    if expiry == "backdated":
        # While the lease is live, nobody may take over and nothing is released.
        with pytest.raises(CompactionInProgress) as info:
            compaction_run_execute(session_id=session.pk, trigger="command")
        assert info.value.run.pk == stale.pk
        assert compaction_leases_release_expired() == []
        expire_lease(session.pk)
    else:
        assert wait_until(
            lambda: ChatSession.objects.get(pk=session.pk).lease_expires_at < timezone.now(),
            timeout=WAIT,
        )

    # The periodic task recovers: the dead run expires and the session is queued again.
    with mock.patch.object(tasks.compact_session, "delay") as published:
        assert tasks.release_expired_leases.apply().get() == 1
    stale.refresh_from_db()
    assert stale.status == Status.EXPIRED and stale.finished_at is not None
    queued = CompactionRun.objects.get(session=session, status=Status.PENDING)
    published.assert_called_once_with(str(queued.pk))
    assert tasks.compact_session.apply(args=[str(queued.pk)]).get() == Status.SUCCEEDED
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1 and checkpoint.run_id == queued.pk
    compacted = dict(
        Message.objects.filter(session=session)
        .with_checkpoint()
        .values_list("seq", "checkpoint_id")
    )

    # The killed worker's finalize, arriving late with its in-memory run, writes nothing.
    late = compaction_run_finalize(
        run=stale,
        outcome=SummaryOutcome(
            summary=VALID_SUMMARY, summarizer="blocking", model="late-1", validation={"ok": True}
        ),
    )
    assert late.status == Status.EXPIRED
    assert CompactionRun.objects.get(pk=stale.pk).status == Status.EXPIRED
    assert list(Checkpoint.objects.filter(session=session).values_list("version", "summary")) == [
        (1, checkpoint.summary)
    ]
    assert dict(
        Message.objects.filter(session=session)
        .with_checkpoint()
        .values_list("seq", "checkpoint_id")
    ) == (compacted)
    after = assert_nothing_lost(session.pk, before)
    assert after.checkpoint_version == 1 and after.compaction_count == 1
    assert_lease_free(session.pk)
    assert Counter(
        CompactionRun.objects.filter(session=session).values_list("status", flat=True)
    ) == {
        Status.EXPIRED: 1,
        Status.SUCCEEDED: 1,
    }
    assert_payload_valid(session.pk)
    assert_no_idle_in_transaction()


# --------------------------------------------------------------------------- 2. summarizer faults


def _oversized_summary() -> str:
    """A structurally valid summary of about 50,000 characters."""
    lines = [
        f"- Detail {i}: `src/module_{i % 97}.py` keeps behaviour {i} intact." for i in range(900)
    ]
    text = DEFAULT_SUMMARY + "\n".join(lines) + "\n"
    assert len(text) > 50_000
    return text


SKELETON = """## Goal
(none)

## Constraints & Preferences
- none

## Progress
### Done
- (none)
### In Progress
- (none)

## Key Decisions
- n/a

## Conversation Dynamics
- none

## Next Steps
- TBD

## Critical Context
- (none)
"""

FAULTS: dict[str, Callable[[AnthropicStub], None]] = {
    "timeout": lambda stub: stub.enqueue_delay(3),
    "429": lambda stub: stub.enqueue_error(429),
    "529": lambda stub: stub.enqueue_error(529),
    "500": lambda stub: stub.enqueue_error(500),
    "garbage": lambda stub: stub.enqueue_text("Sure! Here is a summary: the user wanted things."),
    "skeleton": lambda stub: stub.enqueue_text(SKELETON),
}


@pytest.fixture
def stub(anthropic_api, compaction_settings):
    compaction_settings(
        SUMMARIZER=None,  # Claude through the real SDK, because a key is set
        API_MAX_RETRIES=0,
        API_TIMEOUT=0.5,
        MAX_ATTEMPTS=2,
    )
    return anthropic_api


@pytest.mark.django_db
@pytest.mark.parametrize("times", [1, 2], ids=["once", "persistent"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_summarizer_fault_retries_then_succeeds_or_falls_back_losing_nothing(stub, fault, times):
    for _ in range(times):
        FAULTS[fault](stub)
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)

    run = compaction_run_execute(session_id=session.pk, trigger="command")

    assert run.attempts == 2 and len(stub.message_requests) == 2
    checkpoint = Checkpoint.objects.get(session=session)
    if times == 1:  # the retry succeeded
        assert run.status == Status.SUCCEEDED, run.error
        assert (
            not checkpoint.fallback and without_ids(checkpoint.summary) == DEFAULT_SUMMARY.strip()
        )
    else:  # both attempts failed: the fallback archives the range without a new summary
        assert run.status == Status.FELL_BACK
        assert run.error and checkpoint.fallback
        assert "Compaction fallback" in checkpoint.summary
        assert f"#{run.first_seq}-#{run.cut_seq}" in checkpoint.summary
    assert checkpoint.version == 1 and checkpoint.last_seq == run.cut_seq
    session = assert_nothing_lost(session.pk, before)
    assert session.checkpoint_version == 1
    assert archived_by(checkpoint).count() == (run.messages_compacted) > 0
    assert_lease_free(session.pk)
    assert_payload_valid(session.pk)


@pytest.mark.django_db
def test_oversized_summary_is_capped_with_the_marker_not_rejected(stub):
    text = _oversized_summary()
    stub.enqueue_text(text)
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)
    max_chars = 6000  # SUMMARY_MAX_CHARS default

    run = compaction_run_execute(session_id=session.pk, trigger="command")

    assert run.status == Status.SUCCEEDED, run.error
    assert run.attempts == 1 and len(stub.message_requests) == 1
    checkpoint = Checkpoint.objects.get(session=session)
    assert not checkpoint.fallback
    assert len(checkpoint.summary) <= max_chars
    assert checkpoint.summary.endswith(TRUNCATION_MARKER.format(max_chars=max_chars))
    assert checkpoint.summary.startswith(DEFAULT_SUMMARY.split("\n", 1)[0])
    assert checkpoint.validation["truncated"] is True
    assert checkpoint.validation["original_chars"] == len(text.strip())
    assert_nothing_lost(session.pk, before)
    assert_lease_free(session.pk)
    assert_payload_valid(session.pk)


# --------------------------------------------------------------------------- 3. dropped connection


FINALIZE_POINTS: dict[str, tuple[type, Callable[[Any, dict[str, Any]], bool]]] = {
    # After the checkpoint row is inserted, before the messages are marked.
    "checkpoint": (Checkpoint, lambda instance, kwargs: bool(kwargs.get("created"))),
    # After the messages are marked compacted and the session counters are written.
    "session": (
        ChatSession,
        lambda instance, kwargs: "checkpoint_version" in (kwargs.get("update_fields") or ()),
    ),
    # The last write before the commit: the run's final status.
    "run": (
        CompactionRun,
        lambda instance, kwargs: instance.status in (Status.SUCCEEDED, Status.FELL_BACK),
    ),
}


@contextmanager
def fault_in_finalize(point: str, kind: str) -> Iterator[list[int]]:
    """Break finalize's transaction at ``point``: kill its backend, or raise OperationalError.

    Yields a list that receives the backend pid of the connection that was hit.
    """
    sender, applies = FINALIZE_POINTS[point]
    hit: list[int] = []

    def receiver(sender: Any, instance: Any, **kwargs: Any) -> None:
        if hit or not applies(instance, kwargs):
            return
        assert connection.in_atomic_block, "the fault must land inside finalize's transaction"
        hit.append(connection.connection.info.backend_pid)
        if kind == "terminate":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        raise OperationalError("server closed the connection unexpectedly (simulated)")

    uid = "tests.services.test_faults.fault_in_finalize"
    post_save.connect(receiver, sender=sender, weak=False, dispatch_uid=uid)
    try:
        yield hit
    finally:
        post_save.disconnect(sender=sender, dispatch_uid=uid)


@pytest.fixture
def quick_database_retries(monkeypatch):
    """No waiting between the tries of a write the database broke off."""
    monkeypatch.setattr(retry, "DATABASE_BACKOFF_SECONDS", 0.0)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["terminate", "error"])
@pytest.mark.parametrize("point", list(FINALIZE_POINTS))
def test_connection_dropped_mid_finalize_is_retried_with_nothing_partial(
    point, kind, django_user_model, quick_database_retries
):
    owner = django_user_model.objects.create_user("owner", password="pw")
    session = FaultSessionFactory(owner=owner, over_threshold=True)
    before = originals(session.pk)

    with fault_in_finalize(point, kind) as hit:
        run = compaction_run_execute(session_id=session.pk, trigger="command")
    assert len(hit) == 1, "the fault never fired"

    # The broken transaction left nothing; the retry, on a new connection, wrote one whole
    # checkpoint from the same summary and released the lease.
    assert run.status == Status.SUCCEEDED, run.error
    assert run.attempts == 1 and run.llm_calls == 1
    if kind == "terminate":
        assert connection.connection.info.backend_pid != hit[0]
        assert wait_until(lambda: hit[0] not in backends())
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1 and checkpoint.run_id == run.pk
    assert without_ids(checkpoint.summary) == without_ids(VALID_SUMMARY).strip()
    after = assert_nothing_lost(session.pk, before)
    assert after.checkpoint_version == 1 and after.compaction_count == 1
    assert_lease_free(session.pk)
    assert_payload_valid(session.pk)
    response = make_client(owner).get(f"{API}/sessions/{session.pk}/")
    assert response.status_code == 200, response.content
    assert_no_idle_in_transaction()


class TerminatingSummarizer(StaticSummarizer):
    """Answers like ``StaticSummarizer``, after having the database end the connection of
    the thread that called it (from another connection, as an administrator or a failover
    would): the first statement after the summary, finalize's, meets a dead connection."""

    name = "terminating"
    calls = 0
    killed: list[int] = []

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        cls = type(self)
        cls.calls += 1
        victim = connection.connection.info.backend_pid
        terminate_backend(victim)
        cls.killed.append(victim)
        return super().summarize(request)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["runner", "task"])
def test_a_finalize_that_loses_its_connection_keeps_the_summary_it_has(
    path, compaction_settings, quick_database_retries
):
    compaction_settings(SUMMARIZER="tests.services.test_faults.TerminatingSummarizer")
    TerminatingSummarizer.calls, TerminatingSummarizer.killed = 0, []
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)

    if path == "runner":
        run = compaction_run_execute(session_id=session.pk, trigger="command")
    else:
        with mock.patch.object(tasks.compact_session, "delay"):
            queued = compaction_run_enqueue(session_id=session.pk, trigger="api")
        assert tasks.compact_session.apply(args=[str(queued.pk)]).get() == Status.SUCCEEDED
        run = CompactionRun.objects.get(pk=queued.pk)

    assert len(TerminatingSummarizer.killed) == 1, "the connection was never terminated"
    assert connection.connection.info.backend_pid != TerminatingSummarizer.killed[0]
    # The summary paid for was written; the summarizer was not asked again.
    assert TerminatingSummarizer.calls == 1
    assert run.status == Status.SUCCEEDED and run.attempts == 1, (run.status, run.error)
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.run_id == run.pk and checkpoint.summarizer == "terminating"
    assert without_ids(checkpoint.summary) == without_ids(VALID_SUMMARY).strip()
    after = assert_nothing_lost(session.pk, before)
    assert after.checkpoint_version == 1 and after.compaction_count == 1
    assert_lease_free(session.pk)
    assert_no_idle_in_transaction()


@pytest.mark.django_db(transaction=True)
def test_a_finalize_the_database_keeps_refusing_fails_the_run_and_frees_the_lease(
    quick_database_retries,
):
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)
    tries: list[int] = []

    def refuse(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
        if created:
            tries.append(1)
            raise OperationalError("the database is failing over (simulated)")

    uid = "tests.services.test_faults.refuse"
    post_save.connect(refuse, sender=Checkpoint, weak=False, dispatch_uid=uid)
    try:
        run = compaction_run_execute(session_id=session.pk, trigger="command")
    finally:
        post_save.disconnect(sender=Checkpoint, dispatch_uid=uid)

    assert len(tries) == retry.DATABASE_ATTEMPTS
    # Not held until LEASE_SECONDS: failed, the lease free, and the next claim proceeds.
    assert run.status == Status.FAILED and "database failed at finalize" in run.error
    assert_lease_free(session.pk)
    assert not Checkpoint.objects.filter(session=session).exists()
    assert_nothing_lost(session.pk, before)
    again = compaction_run_execute(session_id=session.pk, trigger="command")
    assert again.status == Status.SUCCEEDED, again.error
    assert_no_idle_in_transaction()


# --------------------------------------------------------------------------- 4. held row lock


LOCKED_REQUESTS: dict[str, tuple[str, str, Any]] = {
    "append": ("post", "messages/", {"messages": [user("blocked")]}),
    "compact": ("post", "compact/", {}),
    "usage": ("post", "usage/", {"input_tokens": 1234}),
    "update": ("patch", "", {"agent_id": "blocked"}),
    "delete": ("delete", "", None),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("request_name", list(LOCKED_REQUESTS))
def test_api_answers_session_busy_while_the_row_is_locked(
    request_name, compaction_settings, django_user_model
):
    compaction_settings(LOCK_TIMEOUT_MS=300)
    owner = django_user_model.objects.create_user("owner", password="pw")
    session = FaultSessionFactory(messages=chat(2), owner=owner)
    before = originals(session.pk)
    state = ChatSession.objects.values().get(pk=session.pk)
    method, suffix, body = LOCKED_REQUESTS[request_name]
    url = f"{API}/sessions/{session.pk}/{suffix}"
    client = make_client(owner)

    with session_row_locked(session.pk):
        started = time.monotonic()
        response = getattr(client, method)(url, body, HTTP_IDEMPOTENCY_KEY="key-1")
        elapsed = time.monotonic() - started
        # The failed request left its own connection outside any transaction.
        assert connection.connection.info.transaction_status.name == "IDLE"

    assert response.status_code == 503, response.content
    error = response.json()["error"]
    assert error["code"] == "session_busy"
    assert "locked" in error["message"] and error["details"]["session"] == str(session.pk)
    assert elapsed < 5, f"503 took {elapsed:.1f}s with LOCK_TIMEOUT_MS=300"
    # Nothing was written.
    assert originals(session.pk) == before
    assert ChatSession.objects.values().get(pk=session.pk) == state
    assert not CompactionRun.objects.filter(session=session).exists()
    assert not IdempotencyKey.objects.filter(session=session).exists()
    assert_no_idle_in_transaction()

    # With the lock gone the same request goes through.
    retry = getattr(client, method)(url, body, HTTP_IDEMPOTENCY_KEY="key-1")
    assert 200 <= retry.status_code < 300, retry.content


# --------------------------------------------------------------------------- 5. one task, N times


def _deliver_many_times(count: int) -> None:
    """``count`` processes apply ``compact_session`` to one pending run at the same moment.

    A parent thread holds the session row until every child has read the run (still
    ``pending``) and waits on the lock inside the claim: the worst interleaving of a
    message the broker delivered ``count`` times, made deterministic.
    """
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)
    with mock.patch.object(tasks.compact_session, "delay") as published:
        queued = compaction_run_enqueue(session_id=session.pk, trigger="api")
    assert queued.status == Status.PENDING
    published.assert_called_once_with(str(queued.pk))

    ctx = spawn_context()
    barrier, results = ctx.Barrier(count), ctx.Queue()
    with AnthropicStub() as stub:
        env = {
            "COMPACTION_SUMMARIZER": "compaction.summarizers.anthropic.AnthropicSummarizer",
            "ANTHROPIC_API_KEY": "sk-test",
            "ANTHROPIC_BASE_URL": stub.url,
            "COMPACTION_API_TIMEOUT": "20",
            "COMPACTION_LOCK_TIMEOUT_MS": "60000",
        }
        children = [
            ctx.Process(
                target=fault_procs.task_worker,
                args=(i, *child_db(), str(queued.pk), env, barrier, results),
                daemon=True,
            )
            for i in range(count)
        ]
        try:
            with session_row_locked(session.pk) as release:
                for child in children:
                    child.start()
                gathered = wait_until(lambda: lock_waiters() >= count, timeout=CHILD_WAIT)
                release.set()
            reports = collect(results, count, timeout=CHILD_WAIT + 30)
            for child in children:
                child.join(WAIT)
        finally:
            stop_children(children)
        llm_requests = len(stub.message_requests)

    assert gathered, f"only {lock_waiters()} of {count} children reached the claim"
    assert len(reports) == count, f"only {len(reports)} of {count} children reported"
    assert [c.exitcode for c in children] == [0] * count
    errors = [r["error"] for r in reports if r["error"]]
    assert not errors, "\n\n".join(errors)
    assert {r["state"] for r in reports} == {"SUCCESS"}
    outcomes = Counter(r["result"] for r in reports)
    assert set(outcomes) <= {Status.SUCCEEDED, Status.RUNNING, "in_progress"}, outcomes

    # Exactly one checkpoint, no message lost, the lease released.
    checkpoint = Checkpoint.objects.get(session=session)
    run = CompactionRun.objects.get(session=session)
    assert run.pk == queued.pk and run.status == Status.SUCCEEDED, run.error
    assert checkpoint.version == 1 and checkpoint.run_id == run.pk
    after = assert_nothing_lost(session.pk, before)
    assert after.checkpoint_version == 1 and after.compaction_count == 1
    assert_lease_free(session.pk)
    assert_payload_valid(session.pk)
    assert_no_idle_in_transaction()

    # Only the worker that claimed the run may summarize it: the copies of the message
    # must leave a run that is no longer pending alone (tasks.py's contract).
    assert llm_requests == 1, f"{llm_requests} LLM calls for one run; task results {dict(outcomes)}"
    assert run.attempts == 1


@pytest.mark.django_db(transaction=True)
def test_one_task_delivered_to_four_processes_at_once_runs_once():
    _deliver_many_times(4)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_one_task_delivered_to_sixteen_processes_at_once_runs_once():
    _deliver_many_times(16)


class RaceSummarizer(Summarizer):
    """First call: a valid summary once the test allows it; any later call: a 400."""

    name = "race"
    lock = threading.Lock()
    calls = 0
    first_may_return = threading.Event()

    @classmethod
    def reset(cls) -> None:
        cls.calls = 0
        cls.first_may_return = threading.Event()

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        cls = type(self)
        with cls.lock:
            cls.calls += 1
            call = cls.calls
        if call > 1:
            raise PermanentSummarizerError("Anthropic API rejected the request (400)", status=400)
        assert cls.first_may_return.wait(WAIT), "the test never released the first call"
        return SummaryResult(text=VALID_SUMMARY, model="race-1", input_tokens=10, output_tokens=20)


@pytest.mark.django_db(transaction=True)
def test_a_duplicate_delivery_cannot_replace_a_good_compaction_with_a_fallback(
    compaction_settings,
):
    """Two deliveries of one message both read the run ``pending``; one claims it.

    The other must not summarize the claimed run: if it does and its LLM call fails, it
    writes the fallback checkpoint under the claimer's lease, and the claimer's good
    summary is thrown away.
    """
    compaction_settings(SUMMARIZER="tests.services.test_faults.RaceSummarizer")
    RaceSummarizer.reset()
    session = FaultSessionFactory(over_threshold=True)
    before = originals(session.pk)
    with mock.patch.object(tasks.compact_session, "delay"):
        queued = compaction_run_enqueue(session_id=session.pk, trigger="api")
    results: list[Any] = []
    finished = threading.Event()

    def deliver() -> None:
        try:
            results.append(tasks.compact_session.apply(args=[str(queued.pk)]).get())
        except BaseException as exc:
            results.append(exc)
        finally:
            finished.set()
            connection.close()

    threads = [threading.Thread(target=deliver, daemon=True) for _ in range(2)]
    try:
        with session_row_locked(session.pk) as release:
            for thread in threads:
                thread.start()
            assert wait_until(lambda: lock_waiters() >= 2), "the deliveries never met the lock"
            release.set()
        # Let the delivery that is not blocked in the summarizer finish first.
        assert finished.wait(WAIT), results
    finally:
        RaceSummarizer.first_may_return.set()
        for thread in threads:
            thread.join(WAIT)
    assert not any(thread.is_alive() for thread in threads)
    assert not [r for r in results if isinstance(r, BaseException)], results

    run = CompactionRun.objects.get(pk=queued.pk)
    checkpoint = Checkpoint.objects.get(session=session)
    assert_nothing_lost(session.pk, before)
    assert_lease_free(session.pk)
    assert RaceSummarizer.calls == 1, (
        f"the run was summarized {RaceSummarizer.calls} times; it ended {run.status} "
        f"(checkpoint fallback={checkpoint.fallback}); task results {results}"
    )
    assert run.status == Status.SUCCEEDED and not checkpoint.fallback, (run.status, run.error)
    assert Status.SUCCEEDED in results
