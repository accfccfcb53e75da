"""What a turn costs over HTTP: statements per request, whatever the history; the context
payload in the append's answer (``?context=1``)."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from compaction import selectors, services
from compaction.models import ChatSession
from tests.support import responses_items as items
from tests.support.api import API, assert_error, row_counts, sess
from tests.support.helpers import assistant, chat, tool_answer, tool_call, user

pytestmark = pytest.mark.django_db

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
USAGE = {"input_tokens": 900, "output_tokens": 12, "cache_read_input_tokens": 800}


@pytest.fixture
def token_api(alice) -> APIClient:
    """Alice's client as a frontend calls the API: a token, checked on every request."""
    client = APIClient()
    client.default_format = "json"
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return client


def _statements(captured: CaptureQueriesContext) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if not query["sql"].startswith(TRANSACTION_CONTROL)
    ]


def _call(method: Any, *args: Any, **kwargs: Any) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        response = method(*args, **kwargs)
    assert response.status_code < 300, response.content[:500]
    return response, _statements(captured)


def _history(session: ChatSession, turns: int) -> None:
    messages = chat(turns, words=5)
    for start in range(0, len(messages), 500):
        services.message_append(
            session_id=session.pk, messages=messages[start : start + 500], auto_compact=False
        )


def _compacted(session: ChatSession, compaction_settings: Any) -> None:
    compaction_settings(
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded", run.error
    # Far from compacting again: the turns below are the web tier's alone.
    compaction_settings(COMPACTION_THRESHOLD=1_000_000)


def _turn(api: APIClient, session: ChatSession, n: int, *, inline: bool) -> dict[str, list[str]]:
    """A frontend's turn with a tool round; the statements of each request."""
    q = "?context=1" if inline else ""
    spent: dict[str, list[str]] = {}
    reply, spent["user"] = _call(
        api.post,
        sess(session, "messages/") + q,
        user(f"Turn {n}: run the tests"),
        HTTP_IDEMPOTENCY_KEY=f"turn-{n}",
    )
    if inline:
        assert reply.json()["context"]["messages"]
    else:
        _, spent["context"] = _call(api.get, sess(session, "context/"))
    reply, spent["tool_round"] = _call(
        api.post,
        sess(session, "messages/") + q,
        {
            "messages": [tool_call(f"t{n}", "pytest -q"), tool_answer(f"t{n}", "12 passed")],
            "usage": USAGE,
        },
    )
    if inline:
        assert reply.json()["context"]["messages"][-1]["content"][0]["tool_use_id"] == f"t{n}"
    else:
        _, spent["context_again"] = _call(api.get, sess(session, "context/"))
    _, spent["answer"] = _call(
        api.post,
        sess(session, "messages/"),
        {"messages": [assistant("All tests pass.")], "usage": USAGE},
    )
    return spent


@pytest.mark.parametrize("history", ["short", "long", "compacted"])
def test_a_turns_requests_send_a_fixed_few_statements_whatever_the_history(
    history, token_api, session, compaction_settings
):
    compaction_settings(COMPACTION_THRESHOLD=1_000_000)
    _history(session, {"short": 2, "long": 600, "compacted": 60}[history])
    if history == "compacted":
        _compacted(session, compaction_settings)
    for n in range(2):  # the second turn starts from what the first left
        spent = _turn(token_api, session, n, inline=False)
        # The token (DRF's TokenAuthentication), then the session read once, with its latest
        # checkpoint and live run (one statement), for the whole request.
        for statements in spent.values():
            assert '"authtoken_token"' in statements[0], statements
            assert statements[1].startswith("SELECT") and '"compaction_checkpoint"' in statements[1]
        # The user's message has an Idempotency-Key: the locked path (lock, key, rows,
        # counters, key, the live run the answer reports).
        assert len(spent["user"]) == 8, spent["user"]
        # A payload is the active window, from the checkpoint read with the session.
        for name in ("context", "context_again"):
            assert len(spent[name]) == 3 and '"compaction_message"' in spent[name][2]
        # An append without a key: one guarded write, from the session the request read.
        for name in ("tool_round", "answer"):
            assert len(spent[name]) == 3, spent[name]
            assert spent[name][2].startswith("WITH") and "INSERT" in spent[name][2]


@pytest.mark.parametrize("history", ["short", "long", "compacted"])
def test_the_context_in_the_appends_answer_saves_requests_and_statements(
    history, token_api, session, compaction_settings
):
    compaction_settings(COMPACTION_THRESHOLD=1_000_000)
    _history(session, {"short": 2, "long": 600, "compacted": 60}[history])
    if history == "compacted":
        _compacted(session, compaction_settings)
    for n in range(2):
        spent = _turn(token_api, session, n, inline=True)
        assert set(spent) == {"user", "tool_round", "answer"}  # two requests fewer
        # The payload's build reads the active window only: the checkpoint came with the
        # session (carried under the row lock while it is still the latest).
        assert len(spent["user"]) == 9 and '"compaction_message"' in spent["user"][-1]
        assert len(spent["tool_round"]) == 4 and '"compaction_message"' in spent["tool_round"][-1]
        assert len(spent["answer"]) == 3


@pytest.mark.parametrize("fmt", ["anthropic", "openai", "responses"])
def test_the_context_in_the_answer_is_the_one_get_context_answers(fmt, api, session):
    _history(session, 6)
    url = sess(session, "messages/") + f"?context=true&message_format={fmt}"
    response = api.post(url, user("And now?"))
    assert response.status_code == 201, response.content
    body = response.json()
    assert "context_error" not in body
    fresh = api.get(sess(session, "context/"), {"message_format": fmt})
    assert body["context"] == fresh.json()
    assert body["context"]["format"] == fmt


def test_without_the_parameter_the_answer_has_no_context(api, session):
    for url in ("messages/", "messages/?context=0", "messages/?context=false"):
        body = api.post(sess(session, url), user("Hi")).json()
        assert "context" not in body and "context_error" not in body
        assert set(body) == {"messages", "session", "compaction"}


@pytest.mark.parametrize(
    "query, field",
    [
        ("context=maybe", "context"),
        ("context=2", "context"),
        ("context=1&message_format=gemini", "message_format"),
    ],
)
def test_a_bad_context_parameter_is_a_400_naming_it_and_writes_nothing(api, session, query, field):
    before = row_counts()
    response = api.post(sess(session, f"messages/?{query}"), user("Hi"))
    error = assert_error(response, 400)
    assert field in error["details"], error
    assert row_counts() == before


def test_a_context_no_format_can_carry_answers_201_with_the_reason(api, session):
    url = sess(session, "messages/") + "?context=1&message_format=anthropic"
    response = api.post(url, {"format": "responses", "messages": items.coding_turns()})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["context"] is None
    assert body["context_error"]["code"] == "format_not_mappable"
    assert body["context_error"]["details"]["items"] == ["reasoning"]
    assert body["session"]["message_count"] == len(body["messages"])  # stored all the same


def test_a_database_error_building_the_context_still_answers_201(api, session):
    def broken(**kwargs: Any) -> Any:
        raise OperationalError("the server closed the connection unexpectedly")

    with mock.patch.object(selectors, "session_context_build", broken):
        response = api.post(sess(session, "messages/?context=1"), user("Hi"))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["context"] is None
    assert body["context_error"]["code"] == "context_unavailable"
    assert session.messages.count() == 1


def test_a_replay_with_context_answers_the_payload_of_now(api, session):
    url = sess(session, "messages/?context=1")
    first = api.post(url, user("Hi"), HTTP_IDEMPOTENCY_KEY="k1").json()
    again = api.post(url, user("Hi"), HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json()["context"] == first["context"]
    assert session.messages.count() == 1


def test_another_users_session_is_404_before_the_parameter_is_read(bob_api, session):
    assert_error(bob_api.post(sess(session, "messages/?context=maybe"), user("Hi")), 404)


def test_the_schema_documents_the_parameter_and_the_answer():
    document = APIClient().get("/api/schema/", {"format": "json"}).json()
    prefix = API.rstrip("/") + "/sessions/{session_id}/messages/"
    operation = document["paths"][prefix]["post"]
    params = {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}
    assert params["context"]["schema"]["type"] == "boolean"
    assert params["message_format"]["schema"]["enum"] == ["anthropic", "openai", "responses"]
    schemas = document["components"]["schemas"]
    answer = schemas["MessageAppendResponse"]["properties"]
    assert {"context", "context_error"} <= set(answer)
    assert "context" not in schemas["MessageAppendResponse"].get("required", [])


def test_the_appends_answer_is_what_its_serializers_say(api, session):
    """The answer's serializers are built once per process: they say what new ones say."""
    from compaction.api.serializers import MessageSerializer, SessionSerializer

    for n in range(2):  # the second request reuses what the first built
        body = api.post(sess(session, "messages/"), user(f"Hi {n}")).json()
        stored = session.messages.order_by("-seq")[:1]
        assert body["messages"] == MessageSerializer(stored, many=True).data
        fresh = selectors.session_get(session_id=session.pk)
        assert body["session"] == SessionSerializer(fresh).data
