"""The messages API (append, idempotency, listing) and the context endpoint."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import anthropic
import pytest
from django.db import OperationalError, close_old_connections, connection
from django.test.utils import CaptureQueriesContext

from compaction import selectors, services, tasks
from compaction.models import IdempotencyKey, Message
from tests.support.anthropic_stub import AnthropicStub
from tests.support.api import assert_error, row_counts, sess
from tests.support.database import terminate_backend
from tests.support.helpers import agent_loop, assistant, chat, tool_answer, tool_call, user

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- messages


def test_append_one_message(api, session):
    response = api.post(sess(session, "messages/"), {
        "role": "user", "content": "Fix the bug in src/app.py", "pinned": True,
        "metadata": {"source": "cli"},
    })  # fmt: skip
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"messages", "session", "compaction"}
    (message,) = body["messages"]
    assert set(message) == {
        "id", "seq", "role", "format", "content", "token_estimate", "pinned", "created_at",
    }  # fmt: skip
    assert message["seq"] == 1 and message["role"] == "user" and message["pinned"] is True
    assert message["content"] == "Fix the bug in src/app.py" and message["token_estimate"] > 0
    assert body["session"]["message_count"] == 1 and body["session"]["id"] == str(session.pk)
    assert body["compaction"] is None
    assert "Idempotent-Replayed" not in response.headers
    stored = Message.objects.get(session=session)
    assert stored.metadata == {"source": "cli"} and stored.pk == message["id"]


def test_append_a_batch(api, session):
    response = api.post(sess(session, "messages/"), {"messages": agent_loop(3)})
    assert response.status_code == 201, response.content
    body = response.json()
    assert [m["seq"] for m in body["messages"]] == [1, 2, 3, 4, 5, 6, 7]
    assert body["messages"][1]["content"][1]["type"] == "tool_use"
    assert body["session"]["message_count"] == 7
    follow = api.post(sess(session, "messages/"), assistant("Done."))
    assert follow.json()["messages"][0]["seq"] == 8


def test_append_an_answer_with_its_usage(api, session):
    response = api.post(sess(session, "messages/"), {
        "messages": [user("How many tests fail?"), assistant("None of the 12.")],
        "usage": {"input_tokens": 40, "output_tokens": 9, "cache_read_input_tokens": 1200,
                  "estimated_tokens": 1100},
    })  # fmt: skip
    assert response.status_code == 201, response.content
    session.refresh_from_db()
    assert (session.total_input_tokens, session.total_output_tokens) == (40, 9)
    assert session.total_cache_read_tokens == 1200 and session.calibration_ratio > 1.0


@pytest.mark.parametrize(
    ("usage", "field"),
    [({"input_tokens": -5}, "usage.input_tokens"), ("many", "usage"), ({}, "usage.input_tokens")],
)
def test_bad_usage_with_an_append_is_a_400_naming_it(api, session, usage, field):
    before = row_counts()
    response = api.post(sess(session, "messages/"), {"messages": [user("q")], "usage": usage})
    error = assert_error(response, 400, "invalid")
    assert field in error["details"], error
    assert row_counts() == before


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"role": "bot", "content": "hi"}, 400, "invalid", "role"),
        ({"role": "user"}, 400, "invalid", "content"),
        ({"role": "user", "content": 5}, 400, "invalid", "content"),
        ({"role": "user", "content": [{"type": "Bogus!"}]}, 400, "invalid", "content[0].type"),
        ({"role": "user", "content": [{"type": "text"}]}, 400, "invalid", "content[0].text"),
        (
            {"messages": [user("go"), {"role": "assistant", "content": [{"type": "tool_use"}]}]},
            400,
            "invalid",
            "messages[1].content[0].id",
        ),
        (tool_answer("toolu_1", "orphan"), 400, "invalid_conversation", "content"),
        (
            {"messages": [user("go"), tool_call("toolu_1", "ls"), user("no answer")]},
            400,
            "invalid_conversation",
            "messages[2].content",
        ),
        ({"role": "user", "content": "nul \x00 here"}, 400, "invalid", "content"),
        (user([{"type": "text", "text": "\x00"}]), 400, "invalid", "content"),
        ({"role": "user", "content": "hi", "metadata": {"k\x00": 1}}, 400, "invalid", "metadata"),
        ({"role": "user", "content": "hi", "metadata": []}, 400, "invalid", "metadata"),
        ({"role": "user", "content": "hi", "pinned": "yes"}, 400, "invalid", "pinned"),
        ({"role": "user", "content": "hi", "extra": 1}, 400, "invalid", "extra"),
        ({"messages": []}, 400, "invalid", "messages"),
        ({"messages": "hi"}, 400, "invalid", "messages"),
        ({"messages": [user("a")], "role": "user"}, 400, "invalid", "role"),
        ({"messages": ["not a message"]}, 400, "invalid", "messages[0]"),
        (["a", "list"], 400, "invalid", "non_field_errors"),
        ("just a string", 400, "invalid", "non_field_errors"),
    ],
)
def test_append_rejects_bad_messages_and_writes_nothing(api, session, body, status, code, field):
    services.message_append(session_id=session.pk, messages=[user("hello")])
    before = row_counts()
    error = assert_error(api.post(sess(session, "messages/"), body), status, code)
    assert any(key == field or key.startswith(field) for key in error["details"]), error
    assert row_counts() == before


def test_append_rejects_oversized_messages_and_batches(api, session, compaction_settings):
    compaction_settings(MAX_MESSAGE_CHARS=100, MAX_BATCH=3)
    before = row_counts()
    error = assert_error(api.post(sess(session, "messages/"), user("x" * 101)), 400, "invalid")
    assert "content" in error["details"]
    error = assert_error(api.post(sess(session, "messages/"), {"messages": chat(2)}), 400)
    assert "messages" in error["details"]
    assert row_counts() == before


def test_request_body_over_the_upload_limit_is_413(api, session, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2000
    before = row_counts()
    response = api.post(sess(session, "messages/"), user("x" * 5000))
    assert_error(response, 413, "request_too_large")
    assert row_counts() == before
    assert api.post(sess(session, "messages/"), user("small")).status_code == 201


def test_deeply_nested_json_is_a_400(api, session):
    nested = {"role": "user", "content": "hi", "metadata": {}}
    node = nested["metadata"]
    for _ in range(150):
        node["k"] = {}
        node = node["k"]
    assert_error(api.post(sess(session, "messages/"), nested), 400, "parse_error")


def test_idempotent_append_replays_the_same_messages(api, session):
    batch = {"messages": [user("Run the tests"), assistant("All 14 passed.")]}
    first = api.post(sess(session, "messages/"), batch, HTTP_IDEMPOTENCY_KEY="req-1")
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = api.post(sess(session, "messages/"), batch, HTTP_IDEMPOTENCY_KEY="req-1")
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert set(again.json()) == {"messages", "session", "compaction"}
    assert again.json()["messages"] == first.json()["messages"]
    assert Message.objects.filter(session=session).count() == 2
    assert IdempotencyKey.objects.filter(session=session).count() == 1


def test_idempotency_key_reused_with_another_body_is_422(api, session):
    api.post(sess(session, "messages/"), user("first"), HTTP_IDEMPOTENCY_KEY="req-2")
    before = row_counts()
    response = api.post(sess(session, "messages/"), user("second"), HTTP_IDEMPOTENCY_KEY="req-2")
    error = assert_error(response, 422, "idempotency_key_reused")
    assert error["details"] == {"idempotency_key": "req-2"}
    assert row_counts() == before


def test_idempotency_key_too_long_is_400(api, session):
    response = api.post(sess(session, "messages/"), user("x"), HTTP_IDEMPOTENCY_KEY="k" * 256)
    assert_error(response, 400, "invalid")
    assert not Message.objects.exists()


def test_list_messages_by_cursor(api, session):
    services.message_append(session_id=session.pk, messages=chat(5))
    seen, url, pages = [], sess(session, "messages/") + "?page_size=3", 0
    while url:
        body = api.get(url).json()
        seen += [m["seq"] for m in body["results"]]
        assert all(m["active"] is True and m["compacted_by"] is None for m in body["results"])
        url, pages = body["next"], pages + 1
    assert seen == list(range(1, 11)) and pages == 4
    row = api.get(sess(session, "messages/")).json()["results"][0]
    assert set(row) == {
        "id", "seq", "role", "format", "content", "token_estimate", "pinned", "created_at",
        "metadata", "compacted_by", "active",
    }  # fmt: skip


def test_list_messages_active_and_archive(api, compacted):
    active = api.get(sess(compacted, "messages/"), {"page_size": 1000}).json()["results"]
    archive = api.get(
        sess(compacted, "messages/"), {"page_size": 1000, "include_compacted": "1"}
    ).json()["results"]
    compacted.refresh_from_db()
    assert len(active) == compacted.active_message_count
    assert [m["seq"] for m in archive] == list(range(1, 41))
    archived = [m for m in archive if not m["active"]]
    assert archived and all(m["compacted_by"] == 1 for m in archived)
    assert [m["seq"] for m in archive if m["active"]] == [m["seq"] for m in active]
    assert_error(api.get(sess(compacted, "messages/"), {"include_compacted": "maybe"}), 400)


def test_garbage_cursors_are_404(api, session):
    services.message_append(session_id=session.pk, messages=chat(2))
    crafted = base64.b64encode(b"p=abc").decode()
    for cursor in ("garbage", crafted, "\u00e9t\u00e9"):
        response = api.get(sess(session, "messages/"), {"cursor": cursor})
        assert_error(response, 404, "not_found")


# --------------------------------------------------------------------------- context


def test_context_is_the_selectors_payload(api, compacted):
    body = api.get(sess(compacted, "context/")).json()
    assert body == selectors.session_context_build(session=compacted).as_dict()
    assert body["checkpoint_version"] == 1
    assert set(body) == {
        "format", "system", "messages", "estimated_tokens", "checkpoint_version", "pruning",
        "cache_breakpoints", "should_compact", "truncated", "omitted_messages", "fitted",
        "memory_flush", "flush_turn", "compaction",
    }  # fmt: skip
    assert body["compaction"] == {"running": False, "since": None}


def test_context_after_compacting_an_agent_loop_is_accepted_by_the_sdk(api, session, small):
    loop = agent_loop(30, output_chars=3000)
    for start in range(0, len(loop), 10):  # several requests, as an agent would append
        response = api.post(sess(session, "messages/"), {"messages": loop[start : start + 10]})
        assert response.status_code == 201, response.content
    run = api.post(sess(session, "compact/"), {}).json()
    assert run["status"] == "succeeded", run
    payload = api.get(sess(session, "context/")).json()
    assert payload["checkpoint_version"] == 1
    assert any(
        isinstance(m["content"], list) and any(b.get("type") == "tool_result" for b in m["content"])
        for m in payload["messages"]
    )
    with AnthropicStub() as stub:
        client = anthropic.Anthropic(api_key="x", base_url=stub.url, max_retries=0)
        # The stub answers 400 (an exception here) for anything the real API would reject.
        client.messages.create(
            model="claude-haiku-4-5",
            max_tokens=1024,
            system=payload["system"],
            messages=payload["messages"],
        )
        assert stub.requests[0].body["messages"] == payload["messages"]


# --------------------------------------------------------------------------- after the commit


@contextmanager
def after_the_append(wrapper: Any = None) -> Iterator[list[CaptureQueriesContext]]:
    """Capture every statement the request sends once ``message_append`` has returned (its
    write committed) until the response is rendered; ``wrapper`` (an execute wrapper) is
    installed from that moment too."""
    real = services.message_append
    captured: list[CaptureQueriesContext] = []
    entered: list[Any] = []

    def append(**kwargs: Any) -> Any:
        result = real(**kwargs)
        capture = CaptureQueriesContext(connection)
        capture.__enter__()
        captured.append(capture)
        if wrapper is not None:
            installed = connection.execute_wrapper(wrapper)
            installed.__enter__()
            entered.append(installed)
        return result

    with mock.patch.object(services, "message_append", append):
        try:
            yield captured
        finally:
            for context in [*entered, *captured]:
                context.__exit__(None, None, None)


APPENDS = [
    "plain",
    "idempotency_key",
    "replay",
    "live_run",
    "compacted_in_line",
    "replay_compacted",
]


@pytest.mark.django_db(transaction=True)  # a compaction in line runs once the append commits
@pytest.mark.parametrize("case", APPENDS)
def test_an_append_answers_from_what_its_write_returned(
    case, api, session, small, compaction_settings
):
    keyed = ("idempotency_key", "replay", "replay_compacted")
    headers = {"HTTP_IDEMPOTENCY_KEY": "turn-7"} if case in keyed else {}
    live = None
    if case in ("compacted_in_line", "replay_compacted"):
        services.message_append(session_id=session.pk, messages=chat(20), auto_compact=False)
        compaction_settings(AUTO_COMPACT="sync")
    if case in ("replay", "replay_compacted"):
        api.post(sess(session, "messages/"), user("Run the tests"), **headers)
    if case == "live_run":
        services.message_append(session_id=session.pk, messages=chat(20), auto_compact=False)
        with mock.patch.object(tasks.compact_session, "delay"):
            live = services.compaction_run_enqueue(session_id=session.pk, trigger="api")

    with after_the_append() as captured:
        response = api.post(sess(session, "messages/"), user("Run the tests"), **headers)

    assert response.status_code == 201, response.content
    assert [query["sql"] for query in captured[0].captured_queries] == []
    body = response.json()
    stored = Message.objects.filter(session=session)
    assert body["messages"][0]["id"] == stored.order_by("-seq").first().pk
    assert body["session"]["message_count"] == stored.count()
    if case == "live_run":
        assert body["session"]["live_run"]["id"] == str(live.pk)
        assert body["session"]["live_run"]["status"] == "pending"
    else:
        assert body["session"]["live_run"] is None
    if case in ("compacted_in_line", "replay_compacted"):
        # The session as the compaction left it, and the run's checkpoint.
        assert body["compaction"]["status"] == "succeeded"
        assert body["compaction"]["checkpoint_version"] == 1
        assert body["session"]["checkpoint_version"] == 1
        assert body["session"]["compaction_count"] == 1
    if case.startswith("replay"):
        assert response.headers["Idempotent-Replayed"] == "true"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", [None, "turn-8"], ids=["no_key", "idempotency_key"])
def test_a_connection_lost_after_the_commit_still_answers_201(key, api, session):
    """The database ends the request's connection the moment the append has committed."""
    killed: list[int] = []

    def terminate_once(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if not killed:
            killed.append(connection.connection.info.backend_pid)
            terminate_backend(killed[0])
        return execute(sql, params, many, context)

    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    with after_the_append(terminate_once):
        response = api.post(sess(session, "messages/"), user("Deploy to staging"), **headers)

    assert response.status_code == 201, response.content
    (message,) = response.json()["messages"]
    assert message["content"] == "Deploy to staging" and message["seq"] == 1
    close_old_connections()
    assert list(Message.objects.filter(session=session).values_list("seq", "content")) == [
        (1, "Deploy to staging")
    ]


@pytest.mark.django_db(transaction=True)
def test_a_database_error_after_the_commit_still_answers_201(api, session):
    def refuse(*args: Any) -> Any:
        raise OperationalError("server closed the connection unexpectedly (simulated)")

    with after_the_append(refuse):
        response = api.post(sess(session, "messages/"), user("Deploy to staging"))

    assert response.status_code == 201, response.content
    assert response.json()["messages"][0]["content"] == "Deploy to staging"
    assert Message.objects.filter(session=session).count() == 1
