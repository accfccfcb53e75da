"""The load run's host view (``benchmarks.load.host``): one request a turn through the
services, retried safely with the same Idempotency-Key, bad input a 400 naming the field."""

from __future__ import annotations

import json

import pytest

from compaction.models import ChatSession, Message
from tests.support.factories import SessionFactory

pytestmark = [pytest.mark.django_db, pytest.mark.urls("benchmarks.load.host")]

TOOL = {"id": "toolu_01", "name": "read_file", "input": {"path": "a.py"}, "output": "1  x = 1"}


def _turn(client, session, body, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(
        f"/load/turn/{session.pk}/", json.dumps(body), content_type="application/json", **headers
    )


def test_a_turn_stores_its_four_messages_once_even_when_retried(client, django_user_model):
    session = SessionFactory(owner=django_user_model.objects.create_user("host"))
    body = {"user": "read a.py", "tool": TOOL, "answer": "x is 1", "output_tokens": 7}
    first = _turn(client, session, body, key="turn-1")
    assert first.status_code == 200, first.content
    again = _turn(client, session, body, key="turn-1")
    assert again.status_code == 200 and again.json() == first.json()

    rows = list(Message.objects.filter(session=session).order_by("seq"))
    assert [m.role for m in rows] == ["user", "assistant", "user", "assistant"]
    assert rows[2].content[0]["tool_use_id"] == "toolu_01"
    stored = ChatSession.objects.get(pk=session.pk)
    assert first.json()["messages"] == stored.message_count == 4
    # The answer's usage is the payload the model was sent, reported once.
    assert stored.total_input_tokens == first.json()["total_input_tokens"] > 0
    assert stored.total_output_tokens == 7

    plain = _turn(client, session, {"user": "thanks", "tool": None, "answer": "ok"})
    assert plain.status_code == 200 and plain.json()["messages"] == 6


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ([1], "body"),
        ({"tool": None, "answer": "a"}, "user"),
        ({"user": "u", "tool": None, "answer": ""}, "answer"),
        ({"user": "u", "tool": {"id": "t"}, "answer": "a"}, "tool"),
        ({"user": "u", "tool": None, "answer": "a", "output_tokens": -1}, "output_tokens"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_writes_nothing(
    client, django_user_model, body, field
):
    session = SessionFactory(owner=django_user_model.objects.create_user("host"))
    response = _turn(client, session, body)
    assert response.status_code == 400 and response.json()["error"].startswith(f"{field}:")
    assert not Message.objects.filter(session=session).exists()


def test_an_unknown_session_is_a_404(client):
    response = client.post(
        "/load/turn/00000000-0000-4000-8000-000000000000/",
        json.dumps({"user": "u", "tool": None, "answer": "a"}),
        content_type="application/json",
    )
    assert response.status_code == 404
