"""The compact endpoint: dry runs, sync and async runs, the lease, bad options, throttling."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache

from compaction import services
from compaction.models import Checkpoint, CompactionRun
from tests.support.api import RUN_FIELDS, assert_error, row_counts, sess
from tests.support.helpers import chat

pytestmark = pytest.mark.django_db


def test_dry_run_estimates_and_writes_no_run(api, session, small):
    services.message_append(session_id=session.pk, messages=chat(20))
    before = row_counts()
    with mock.patch("tests.support.helpers.StaticSummarizer.summarize") as summarize:
        response = api.post(sess(session, "compact/"), {"dry_run": True})
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {
        "would_compact", "reason", "tokens_before", "tokens_after", "messages_to_compact",
        "messages_kept", "cut_seq", "should_compact",
    }  # fmt: skip
    assert body["would_compact"] is True and body["tokens_after"] < body["tokens_before"]
    assert body["messages_to_compact"] > 0 and body["cut_seq"]
    summarize.assert_not_called()
    assert row_counts() == before


def test_sync_compact(api, session, small):
    services.message_append(session_id=session.pk, messages=chat(20))
    response = api.post(sess(session, "compact/"), {"mode": "sync"})
    assert response.status_code == 200, response.content
    run = response.json()
    assert set(run) == RUN_FIELDS
    assert run["status"] == "succeeded" and run["trigger"] == "api" and run["force"] is False
    assert run["summarizer"] == "static" and run["model"] == "static-1"
    assert run["checkpoint_version"] == 1 and run["messages_compacted"] > 0
    assert run["tokens_after"] < run["tokens_before"] and run["duration_ms"] is not None
    assert run["request_id"] == "req_static" and run["llm_calls"] == 1
    session.refresh_from_db()
    assert session.checkpoint_version == 1
    detail = api.get(sess(session)).json()
    assert detail["checkpoint_version"] == 1 and detail["compaction_count"] == 1


def test_compact_with_nothing_to_do_is_a_skipped_run(api, session, small):
    services.message_append(session_id=session.pk, messages=chat(2))
    response = api.post(sess(session, "compact/"), {})
    assert response.status_code == 200
    run = response.json()
    assert run["status"] == "skipped" and "threshold" in run["reason"]
    assert run["checkpoint_version"] is None
    forced = api.post(sess(session, "compact/"), {"force": True}).json()
    assert forced["status"] == "skipped" and forced["force"] is True and forced["reason"]
    assert not Checkpoint.objects.exists()


def test_async_compact_queues_a_task_on_commit(
    api, session, small, django_capture_on_commit_callbacks
):
    services.message_append(session_id=session.pk, messages=chat(20))
    with (
        mock.patch("compaction.tasks.compact_session.delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = api.post(sess(session, "compact/"), {"mode": "async", "force": True})
    assert response.status_code == 202, response.content
    run = response.json()
    assert run["status"] == "pending" and run["trigger"] == "api" and run["force"] is True
    delay.assert_called_once_with(run["id"])
    assert CompactionRun.objects.get(pk=run["id"]).status == "pending"


def test_async_compact_without_a_broker_is_503_and_queues_nothing(
    api, session, small, no_broker, django_capture_on_commit_callbacks
):
    # Celery's default app has no broker: a queued run would stay "pending" forever.
    services.message_append(session_id=session.pk, messages=chat(20))
    with (
        mock.patch("compaction.tasks.compact_session.delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = api.post(sess(session, "compact/"), {"mode": "async", "force": True})
    error = assert_error(response, 503, "queue_unavailable")
    assert "CELERY_BROKER_URL" in error["message"]
    delay.assert_not_called()
    assert not CompactionRun.objects.exists()
    # Synchronous compaction does not need a queue.
    assert api.post(sess(session, "compact/"), {"mode": "sync"}).status_code == 200


def test_async_compact_with_nothing_to_do_is_200_skipped(api, session, small):
    with mock.patch("compaction.tasks.compact_session.delay") as delay:
        response = api.post(sess(session, "compact/"), {"mode": "async"})
    assert response.status_code == 200 and response.json()["status"] == "skipped"
    delay.assert_not_called()


@pytest.mark.parametrize("body", [{}, {"mode": "async"}, {"force": True}])
def test_compact_while_a_run_holds_the_lease_is_409(api, session, small, body):
    services.message_append(session_id=session.pk, messages=chat(20))
    live = services.compaction_run_claim(session_id=session.pk, trigger="command")
    assert live.status == "running"
    before = row_counts()
    error = assert_error(api.post(sess(session, "compact/"), body), 409, "compaction_in_progress")
    assert error["details"]["run"]["id"] == str(live.pk)
    assert error["details"]["run"]["status"] == "running"
    assert set(error["details"]["run"]) == RUN_FIELDS
    assert row_counts() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"force": "yes"}, "force"),
        ({"dry_run": 1}, "dry_run"),
        ({"mode": "later"}, "mode"),
        ([], "non_field_errors"),
    ],
)
def test_compact_rejects_bad_options(api, session, body, field):
    before = row_counts()
    error = assert_error(api.post(sess(session, "compact/"), body), 400, "invalid")
    assert field in error["details"]
    assert row_counts() == before


def test_compact_is_throttled(api, session, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"compaction": "2/minute"},
    }
    cache.clear()
    for _ in range(2):
        assert api.post(sess(session, "compact/"), {"dry_run": True}).status_code == 200
    response = api.post(sess(session, "compact/"), {"dry_run": True})
    error = assert_error(response, 429, "throttled")
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert error["details"]["retry_after"] == int(response.headers["Retry-After"])
    # Other endpoints are not in the scope.
    assert api.get(sess(session)).status_code == 200
