"""The REST API under concurrent requests: threads with their own connections, on PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection

from compaction import services
from compaction.models import ChatSession, CompactionRun, IdempotencyKey, Message
from compaction.summarizers.base import SummaryRequest, SummaryResult
from tests.support.api import make_client
from tests.support.helpers import StaticSummarizer, assistant, chat, user

pytestmark = pytest.mark.django_db(transaction=True)
#: Settings under which 20 turns of ``chat`` compact when asked (and only then).
COMPACTS = {"AUTO_COMPACT": "off", "COMPACTION_THRESHOLD": 2000, "KEEP_RECENT_TOKENS": 500}

API = "/api/compaction"
WAIT = 30.0  # upper bound of any wait on another thread


class HeldSummarizer(StaticSummarizer):
    """A valid summary, held back until the test lets it go: every racer arrives while the
    compaction is still running, however slow the machine."""

    name = "held"
    release = threading.Event()

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        assert self.release.wait(timeout=WAIT), "the test never released the summarizer"
        return super().summarize(request)


def in_threads(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads started together; each closes its connection."""
    barrier = threading.Barrier(count)

    def run(i: int) -> Any:
        try:
            barrier.wait(timeout=30)
            return work(i)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def messages_url(session: ChatSession) -> str:
    return f"{API}/sessions/{session.pk}/messages/"


def test_one_idempotency_key_sent_twice_at_once_appends_once(alice, session):
    url = messages_url(session)
    for round_ in range(5):
        batch = {"messages": [user(f"Request {round_}"), assistant(f"Answer {round_}")]}

        def send(i: int, batch: dict = batch, key: str = f"key-{round_}") -> tuple:
            response = make_client(alice).post(url, batch, HTTP_IDEMPOTENCY_KEY=key)
            seqs = [m["seq"] for m in response.json().get("messages", [])]
            return response.status_code, seqs, response.headers.get("Idempotent-Replayed")

        (status_a, seqs_a, replay_a), (status_b, seqs_b, replay_b) = in_threads(2, send)
        assert (status_a, status_b) == (201, 201)
        assert seqs_a == seqs_b == [2 * round_ + 1, 2 * round_ + 2]
        assert sorted([replay_a or "", replay_b or ""]) == ["", "true"]  # one wrote, one replayed
    assert Message.objects.filter(session=session).count() == 10
    assert IdempotencyKey.objects.filter(session=session).count() == 5


def test_cursor_paging_while_messages_are_appended(alice, session):
    services.message_append(session_id=session.pk, messages=[user(f"m{i}") for i in range(40)])
    writer_done = threading.Event()

    def write() -> list[int]:
        statuses = []
        try:
            client = make_client(alice)
            for i in range(60):
                response = client.post(messages_url(session), user(f"late {i}"))
                statuses.append(response.status_code)
        finally:
            writer_done.set()
        return statuses

    def read() -> list[int]:
        client, seen = make_client(alice), []
        url: str | None = messages_url(session) + "?page_size=4"
        while url:
            body = client.get(url).json()
            seen += [m["seq"] for m in body["results"]]
            url = body["next"]
            time.sleep(0.005)  # let the writer interleave
        return seen

    def work(i: int) -> list[int]:
        return write() if i == 0 else read()

    statuses, seen = in_threads(2, work)
    assert set(statuses) == {201}
    # Whatever the interleaving: strictly increasing, no gaps, no duplicates.
    assert seen == list(range(1, len(seen) + 1)) and len(seen) >= 40
    client = make_client(alice)
    final = client.get(messages_url(session), {"page_size": 1000}).json()["results"]
    assert [m["seq"] for m in final] == list(range(1, 101))


def test_twenty_threads_appending_get_contiguous_seqs(alice, session):
    def append(i: int) -> list[tuple[int, list[int]]]:
        client = make_client(alice)
        out = []
        for j in range(10):
            response = client.post(messages_url(session), user(f"thread {i} message {j}"))
            seqs = [m["seq"] for m in response.json().get("messages", [])]
            out.append((response.status_code, seqs))
        return out

    results = [item for chunk in in_threads(20, append) for item in chunk]
    statuses = Counter(status for status, _ in results)
    assert statuses == {201: 200}, statuses
    seqs = sorted(seq for _, chunk in results for seq in chunk)
    assert seqs == list(range(1, 201))
    stored = list(Message.objects.filter(session=session).values_list("seq", flat=True))
    assert sorted(stored) == list(range(1, 201))
    session.refresh_from_db()
    assert session.message_count == session.active_message_count == 200


def test_concurrent_compact_calls_run_one_compaction(alice, session, compaction_settings):
    compaction_settings(**COMPACTS, SUMMARIZER=f"{__name__}.HeldSummarizer")
    services.message_append(session_id=session.pk, messages=chat(20))
    url = f"{API}/sessions/{session.pk}/compact/"
    racers = 8
    answered: list[int] = []
    lock = threading.Lock()
    HeldSummarizer.release.clear()

    def compact(i: int) -> tuple[int, dict]:
        response = make_client(alice).post(url, {})
        with lock:
            answered.append(response.status_code)
            # Every racer but the one compacting has its answer: let the compaction finish.
            if len(answered) == racers - 1:
                HeldSummarizer.release.set()
        return response.status_code, response.json()

    try:
        results = in_threads(racers, compact)
    finally:
        HeldSummarizer.release.set()
    succeeded = [body for status, body in results if status == 200 and body["status"] != "skipped"]
    assert len(succeeded) == 1 and succeeded[0]["status"] == "succeeded", results
    for status, body in results:
        if status == 409:
            assert body["error"]["code"] == "compaction_in_progress"
            assert body["error"]["details"]["run"]["id"] == succeeded[0]["id"]
        else:
            assert status == 200, body
            assert body["status"] in ("succeeded", "skipped")
    assert any(status == 409 for status, _ in results)
    # The compaction was held until the others had their answers: all of them are 409s.
    assert sorted(status for status, _ in results) == [200] + [409] * (racers - 1), results
    runs = Counter(CompactionRun.objects.filter(session=session).values_list("status", flat=True))
    assert runs["succeeded"] == 1 and set(runs) <= {"succeeded", "skipped"}
    session.refresh_from_db()
    assert session.checkpoint_version == 1 and session.lease_token is None


class TransactionWatchingSummarizer(StaticSummarizer):
    """Records whether a transaction was open while it was called."""

    name = "watching"
    seen: list[bool] = []

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        TransactionWatchingSummarizer.seen.append(connection.in_atomic_block)
        return super().summarize(request)


@pytest.fixture
def atomic_requests():
    """The host wraps every request in a transaction (``ATOMIC_REQUESTS``)."""
    connection.settings_dict["ATOMIC_REQUESTS"] = True
    try:
        yield
    finally:
        connection.settings_dict["ATOMIC_REQUESTS"] = False


@pytest.mark.parametrize("endpoint", ["compact/", "overflow/"])
def test_llm_calls_of_a_request_run_outside_the_requests_transaction(
    alice, session, compaction_settings, atomic_requests, endpoint, caplog
):
    compaction_settings(**COMPACTS, SUMMARIZER=f"{__name__}.TransactionWatchingSummarizer")
    services.message_append(session_id=session.pk, messages=chat(20))
    TransactionWatchingSummarizer.seen.clear()
    body = {"input_tokens": 250_000} if endpoint == "overflow/" else {}
    with caplog.at_level("WARNING", logger="compaction.services.compaction.runner"):
        response = make_client(alice).post(
            f"{API}/sessions/{session.pk}/{endpoint}", body, content_type="application/json"
        )
    assert response.status_code == 200, response.content
    assert TransactionWatchingSummarizer.seen and not any(TransactionWatchingSummarizer.seen)
    assert "inside an open transaction" not in caplog.text


def test_a_compaction_called_inside_a_transaction_says_what_it_holds(
    session, compaction_settings, caplog
):
    from django.db import transaction

    compaction_settings(**COMPACTS, SUMMARIZER=f"{__name__}.TransactionWatchingSummarizer")
    services.message_append(session_id=session.pk, messages=chat(20))
    logger = "compaction.services.compaction.runner"
    with caplog.at_level("WARNING", logger=logger), transaction.atomic():
        run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded"
    assert "inside an open transaction" in caplog.text
    assert "transaction.non_atomic_requests" in caplog.text
