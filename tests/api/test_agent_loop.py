"""The agent loop's endpoints: the flush turn's payload and report, overflow recovery."""

from __future__ import annotations

import pytest

from compaction import selectors, services
from compaction.engine.memory import MEMORY_FLUSH_PROMPT
from compaction.models import MemoryFlush, Message
from tests.support.api import assert_error, row_counts, sess
from tests.support.helpers import chat

pytestmark = pytest.mark.django_db


@pytest.fixture
def due(session, near_flush):
    services.message_append(session_id=session.pk, messages=chat(12))
    return session


def test_the_context_says_when_a_flush_is_due_and_serves_its_turn(api, due):
    body = api.get(sess(due, "context/")).json()
    assert body["memory_flush"] == {"due": True, "prompt": MEMORY_FLUSH_PROMPT}
    turn = api.get(sess(due, "context/"), {"memory_flush": "1"}).json()
    assert turn["flush_turn"] is True
    assert turn["messages"][:-1] == body["messages"]
    assert turn["messages"][-1]["content"] == [{"type": "text", "text": MEMORY_FLUSH_PROMPT}]
    assert Message.objects.filter(session=due).count() == 24


def test_a_flush_is_recorded_once_per_cycle(api, due):
    response = api.post(
        sess(due, "memory-flush/"),
        {"outcome": "saved", "input_tokens": 5000, "output_tokens": 12},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["cycle"], body["source"], body["outcome"]) == (0, "turn", "saved")
    assert api.get(sess(due, "context/")).json()["memory_flush"]["due"] is False

    again = api.post(sess(due, "memory-flush/"), {"outcome": "silent"}, format="json")
    error = assert_error(again, 409, "memory_flush_recorded")
    assert error["details"]["cycle"] == 0
    assert MemoryFlush.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "outcome"),
        ({"outcome": "failed"}, "outcome"),
        ({"outcome": "silent", "input_tokens": "12"}, "input_tokens"),
        ({"outcome": "spoke", "response_text": 5}, "response_text"),
    ],
)
def test_bad_flush_reports_are_400_and_write_nothing(api, due, body, field):
    counts = row_counts()
    error = assert_error(api.post(sess(due, "memory-flush/"), body, format="json"), 400)
    assert field in error["details"]
    assert row_counts() == counts and not MemoryFlush.objects.exists()


def test_another_users_session_is_404(bob_api, due):
    assert_error(bob_api.post(sess(due, "memory-flush/"), {"outcome": "silent"}), 404)
    assert_error(bob_api.post(sess(due, "overflow/"), {}), 404)


def test_overflow_answers_a_payload_that_fits_and_what_was_done(api, session, near_flush):
    services.message_append(session_id=session.pk, messages=chat(30))
    response = api.post(
        sess(session, "overflow/"),
        {"error_message": "prompt is too long: 215000 tokens > 200000 maximum"},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["reported_tokens"] == 215_000 and body["model_maximum"] == 200_000
    actions = [step["action"] for step in body["steps"]]
    assert actions[:2] == ["calibrated", "compacted"]
    assert body["runs"][0]["trigger"] == "overflow"
    assert body["context"]["checkpoint_version"] == 1
    assert body["fits"] is True


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"input_tokens": 0}, "input_tokens"),
        ({"input_tokens": "big"}, "input_tokens"),
        ({"error_message": 12}, "error_message"),
        ({"format": "xml"}, "format"),
    ],
)
def test_bad_overflow_reports_are_400_and_write_nothing(api, session, near_flush, body, field):
    services.message_append(session_id=session.pk, messages=chat(30))
    counts = row_counts()
    error = assert_error(api.post(sess(session, "overflow/"), body, format="json"), 400)
    assert field in error["details"]
    assert row_counts() == counts


def test_history_text_is_the_selectors_text(api, due):
    body = api.get(sess(due, "history-text/"), {"recent": 4}).json()
    assert body == {"text": selectors.session_history_text(session=due, recent_messages=4)}
    assert body["text"].startswith("Recent messages:")
    assert_error(api.get(sess(due, "history-text/"), {"max_chars": 5}), 400)
