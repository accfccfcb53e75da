"""The REST API (compaction.api) through DRF's APIClient, on PostgreSQL."""

from __future__ import annotations

import base64
import uuid
from unittest import mock

import anthropic
import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from compaction import selectors, services
from compaction.models import ChatSession, Checkpoint, CompactionRun, IdempotencyKey, Message
from tests.support.anthropic_stub import AnthropicStub
from tests.support.api import API, assert_error, make_client, row_counts, sess
from tests.support.helpers import agent_loop, assistant, chat, tool_answer, tool_call, user

pytestmark = pytest.mark.django_db

RUN_FIELDS = {
    "id", "session", "status", "trigger", "force", "reason", "created_at", "started_at",
    "finished_at", "duration_ms", "tokens_before", "tokens_after", "cut_seq",
    "messages_compacted", "messages_kept", "summarizer", "model", "llm_calls",
    "llm_input_tokens", "llm_output_tokens", "request_id", "attempts", "error",
    "fallback_mode", "checkpoint_version",
}  # fmt: skip


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(autouse=True)
def _fresh_throttle_cache():
    # Throttle counters live in the cache: without this, one test's calls throttle the next.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def auditor(django_user_model):
    """Staff who may view every session but change none."""
    account = django_user_model.objects.create_user("auditor", password="pw", is_staff=True)
    account.user_permissions.add(Permission.objects.get(codename="view_chatsession"))
    return get_user_model().objects.get(pk=account.pk)  # no stale permission cache



@pytest.fixture
def compacted(session, small) -> ChatSession:
    """Alice's session with 40 messages and one checkpoint."""
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    session.refresh_from_db()
    return session


# --------------------------------------------------------------------------- sessions


def test_create_session(api, alice):
    response = api.post(f"{API}/sessions/", {
        "external_id": "conv-1", "agent_id": "coder", "system_prompt": "Be brief.",
        "config": {"COMPACTION_THRESHOLD": 5000},
    })  # fmt: skip
    assert response.status_code == 201, response.content
    body = response.json()
    session = ChatSession.objects.get(pk=body["id"])
    assert uuid.UUID(body["id"]) == session.pk and session.owner == alice
    assert body["owner"] == alice.pk
    assert body["external_id"] == "conv-1" and body["agent_id"] == "coder"
    assert body["config"] == {"COMPACTION_THRESHOLD": 5000} and body["threshold"] == 5000
    assert body["message_count"] == 0 and body["live_run"] is None
    assert body["estimated_tokens"] == session.calibrated_tokens > 0
    assert body["should_compact"] is False and body["checkpoint_version"] == 0


def test_create_session_with_empty_body_uses_defaults(api):
    response = api.post(f"{API}/sessions/", {})
    assert response.status_code == 201
    assert response.json()["system_prompt"] == "" and response.json()["config"] == {}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"external_id": 123}, "external_id"),
        ({"agent_id": ["x"]}, "agent_id"),
        ({"system_prompt": None}, "system_prompt"),
        ({"external_id": "a\x00b"}, "external_id"),
        ({"system_prompt": "be\x00brief"}, "system_prompt"),
        ({"external_id": "x" * 256}, "external_id"),
        ({"config": []}, "config"),
        ({"config": {"NOPE": 1}}, "config.NOPE"),
        ({"config": {"COMPACTION_THRESHOLD": -5}}, "config.COMPACTION_THRESHOLD"),
        ({"config": {"MODEL": "claude\x00"}}, "config.MODEL"),
        ({"config": {"MODEL\x00": "x"}}, "config"),
        (["not", "an", "object"], "non_field_errors"),
    ],
)
def test_create_session_rejects_bad_input_and_writes_nothing(api, body, field):
    before = row_counts()
    error = assert_error(api.post(f"{API}/sessions/", body), 400)
    assert field in error["details"], error
    assert row_counts() == before


def test_create_session_duplicate_external_id(api, session):
    error = assert_error(api.post(f"{API}/sessions/", {"external_id": "ext-1"}), 400, "invalid")
    assert "external_id" in error["details"]


def test_malformed_json_and_wrong_media_type(api, session):
    before = row_counts()
    response = api.post(f"{API}/sessions/", data="{bad json", content_type="application/json")
    assert_error(response, 400, "parse_error")
    for raw in ("null", "[1, 2]", '"text"', "NaN", b"\xff\xfe"):
        response = api.post(sess(session, "messages/"), data=raw, content_type="application/json")
        assert response.status_code == 400, raw
        assert assert_error(response, 400)["code"] in ("invalid", "parse_error")
    response = api.post(f"{API}/sessions/", {"agent_id": "x"}, format="multipart")
    assert_error(response, 415, "unsupported_media_type")
    assert row_counts() == before


def test_list_sessions_is_scoped_filtered_and_paginated(api, alice, bob):
    for i in range(3):
        services.session_create(owner=alice, external_id=f"a{i}", agent_id="x" if i else "y")
    services.session_create(owner=bob, external_id="b0", agent_id="x")
    body = api.get(f"{API}/sessions/").json()
    assert body["count"] == 3 and {s["external_id"] for s in body["results"]} == {"a0", "a1", "a2"}
    assert api.get(f"{API}/sessions/", {"agent_id": "x"}).json()["count"] == 2
    only = api.get(f"{API}/sessions/", {"external_id": "a1"}).json()
    assert only["count"] == 1 and only["results"][0]["external_id"] == "a1"
    assert api.get(f"{API}/sessions/", {"external_id": "b0"}).json()["count"] == 0
    page = api.get(f"{API}/sessions/", {"limit": 2, "offset": 0}).json()
    assert len(page["results"]) == 2 and page["next"]
    rest = api.get(f"{API}/sessions/", {"limit": 2, "offset": 2}).json()
    assert len(rest["results"]) == 1
    ids = [s["id"] for s in page["results"] + rest["results"]]
    assert len(set(ids)) == 3
    # Absurd offsets answer an empty page, not a database error.
    huge = api.get(f"{API}/sessions/", {"offset": 10**30}).json()
    assert huge["results"] == []


def test_list_sessions_shows_live_runs_without_n_plus_one(
    api, alice, small, django_assert_max_num_queries
):
    sessions = [services.session_create(owner=alice) for _ in range(5)]
    for s in sessions:
        services.message_append(session_id=s.pk, messages=chat(20))
    live = services.compaction_run_claim(session_id=sessions[0].pk, trigger="command")
    assert live.status == "running"
    with django_assert_max_num_queries(5):
        body = api.get(f"{API}/sessions/").json()
    by_id = {s["id"]: s for s in body["results"]}
    assert by_id[str(sessions[0].pk)]["live_run"]["id"] == str(live.pk)
    assert all(by_id[str(s.pk)]["live_run"] is None for s in sessions[1:])


def test_filter_with_nul_is_a_400(api):
    assert_error(api.get(f"{API}/sessions/", {"external_id": "a\x00"}), 400, "invalid")


def test_session_detail(api, compacted):
    body = api.get(sess(compacted)).json()
    compacted.refresh_from_db()
    assert body["id"] == str(compacted.pk)
    assert body["message_count"] == 40
    assert body["active_message_count"] == compacted.active_message_count < 40
    assert body["estimated_tokens"] == compacted.calibrated_tokens
    assert body["threshold"] == 2000
    assert body["should_compact"] == selectors.session_should_compact(session=compacted)
    assert body["checkpoint_version"] == 1 and body["compaction_count"] == 1
    assert body["calibration_ratio"] == 1.0
    assert body["total_input_tokens"] == 0 and body["total_output_tokens"] == 0
    assert body["live_run"] is None and body["created_at"] and body["updated_at"]


def test_session_detail_shows_the_live_run(api, session, small):
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_claim(session_id=session.pk, trigger="command")
    live = api.get(sess(session)).json()["live_run"]
    assert live["id"] == str(run.pk) and live["status"] == "running"
    assert set(live) == RUN_FIELDS


def test_patch_session(api, session):
    before = session.estimated_tokens
    response = api.patch(sess(session), {
        "system_prompt": "You are a much more verbose coding agent. " * 20,
        "agent_id": "reviewer",
        "config": {"KEEP_RECENT_TOKENS": 1000},
    })  # fmt: skip
    assert response.status_code == 200, response.content
    session.refresh_from_db()
    assert session.agent_id == "reviewer" and session.config == {"KEEP_RECENT_TOKENS": 1000}
    assert session.estimated_tokens > before
    assert response.json()["estimated_tokens"] == session.calibrated_tokens
    # An empty PATCH changes nothing and still answers the session.
    assert api.patch(sess(session), {}).json()["agent_id"] == "reviewer"


@pytest.mark.parametrize(
    "body",
    [{"system_prompt": "a\x00"}, {"config": {"BAD": 1}}, {"agent_id": 5}, [1, 2]],
)
def test_patch_session_rejects_bad_input(api, session, body):
    assert_error(api.patch(sess(session), body), 400)
    fresh = ChatSession.objects.get(pk=session.pk)
    assert (fresh.system_prompt, fresh.agent_id, fresh.config) == (
        session.system_prompt, session.agent_id, session.config,
    )  # fmt: skip


def test_options_describes_the_routes(api, session):
    for suffix in ("", "messages/", "usage/", "compact/", "context/", "checkpoints/"):
        response = api.options(sess(session, suffix))
        assert response.status_code == 200, (suffix, response.content)
    assert api.options(f"{API}/sessions/").status_code == 200


def test_browsable_api_renders_every_route(alice, compacted):
    browser = APIClient()
    browser.force_login(alice)
    run = CompactionRun.objects.get(session=compacted)
    for url in (
        f"{API}/sessions/", *(sess(compacted, s) for s in ("", "messages/", "context/",
        "checkpoints/", "checkpoints/1/", "compact/", "usage/")), f"{API}/runs/",
        f"{API}/runs/{run.pk}/",
    ):  # fmt: skip
        response = browser.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code in (200, 405), (url, response.status_code)
        assert response["Content-Type"].startswith("text/html")


def test_put_is_not_allowed(api, session):
    assert_error(api.put(sess(session), {"agent_id": "x"}), 405, "method_not_allowed")


def test_delete_session(api, compacted):
    assert api.delete(sess(compacted)).status_code == 204
    assert not ChatSession.objects.filter(pk=compacted.pk).exists()
    assert not Message.objects.filter(session_id=compacted.pk).exists()
    assert_error(api.get(sess(compacted)), 404, "not_found")


def test_delete_refused_while_a_run_is_live(api, session, small):
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_claim(session_id=session.pk, trigger="command")
    error = assert_error(api.delete(sess(session)), 409, "compaction_in_progress")
    assert error["details"]["run"]["id"] == str(run.pk)
    assert ChatSession.objects.filter(pk=session.pk).exists()


# --------------------------------------------------------------------------- authentication


def test_unauthenticated_requests_are_refused_in_the_error_shape(session):
    anonymous = make_client()
    for response in (
        anonymous.get(f"{API}/sessions/"),
        anonymous.post(f"{API}/sessions/", {}),
        anonymous.get(sess(session, "context/")),
        anonymous.post(sess(session, "compact/"), {}),
    ):
        error = assert_error(response, response.status_code)
        assert response.status_code in (401, 403)
        assert error["code"] in ("not_authenticated", "authentication_failed")
    assert ChatSession.objects.count() == 1


def test_token_authentication(alice, session):
    client = APIClient()
    token = Token.objects.create(user=alice)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get(sess(session)).status_code == 200
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get(sess(session))
    assert response.status_code in (401, 403)
    assert_error(response, response.status_code, "authentication_failed")


# --------------------------------------------------------------------------- ownership

OWNED_ROUTES = [
    ("get", "", None),
    ("patch", "", {"agent_id": "hijacked"}),
    ("delete", "", None),
    ("get", "messages/", None),
    ("post", "messages/", {"role": "user", "content": "hijack"}),
    ("post", "messages/", ["not", "an", "object"]),  # 404 before the body is validated
    ("get", "context/", None),
    ("post", "compact/", {"force": True}),
    ("post", "compact/", {"dry_run": True}),
    ("post", "compact/", {"force": "not a bool"}),
    ("post", "usage/", {"input_tokens": 10}),
    ("post", "usage/", {"input_tokens": -1}),
    ("get", "checkpoints/", None),
    ("get", "checkpoints/1/", None),
]


@pytest.mark.parametrize(("method", "suffix", "body"), OWNED_ROUTES)
def test_another_users_session_is_a_404_on_every_route(
    api, bob_api, compacted, method, suffix, body
):
    if method == "get":
        assert api.get(sess(compacted, suffix)).status_code == 200  # the route works for alice
    before = row_counts()
    kwargs = {} if body is None else {"data": body}
    response = getattr(bob_api, method)(sess(compacted, suffix), **kwargs)
    assert_error(response, 404, "not_found")
    assert row_counts() == before


@pytest.mark.parametrize(("method", "suffix", "body"), OWNED_ROUTES)
def test_malformed_and_unknown_session_ids_are_404(api, method, suffix, body):
    kwargs = {} if body is None else {"data": body}
    for ident in ("not-a-uuid", str(uuid.uuid4()), "1"):
        assert_error(getattr(api, method)(sess(ident, suffix), **kwargs), 404, "not_found")


def test_another_users_runs_are_invisible(api, bob_api, compacted):
    run = CompactionRun.objects.get(session=compacted)
    assert api.get(f"{API}/runs/{run.pk}/").status_code == 200
    assert_error(bob_api.get(f"{API}/runs/{run.pk}/"), 404, "not_found")
    assert bob_api.get(f"{API}/runs/").json()["count"] == 0
    assert bob_api.get(f"{API}/runs/", {"session": str(compacted.pk)}).json()["count"] == 0
    assert_error(bob_api.get(f"{API}/runs/not-a-uuid/"), 404, "not_found")


def test_staff_with_view_permission_can_read_but_not_write(auditor, compacted):
    staff = make_client(auditor)
    assert staff.get(f"{API}/sessions/").json()["count"] == 1
    for suffix in ("", "messages/", "context/", "checkpoints/", "checkpoints/1/"):
        assert staff.get(sess(compacted, suffix)).status_code == 200, suffix
    assert staff.get(f"{API}/runs/").json()["count"] == 1
    before = row_counts()
    assert_error(staff.patch(sess(compacted), {"agent_id": "x"}), 403, "permission_denied")
    assert_error(staff.post(sess(compacted, "messages/"), user("x")), 403)
    assert_error(staff.delete(sess(compacted)), 403)
    assert row_counts() == before


def test_staff_without_the_permission_sees_only_their_own(django_user_model, compacted):
    staff = make_client(django_user_model.objects.create_user("s", is_staff=True))
    assert staff.get(f"{API}/sessions/").json()["count"] == 0
    assert_error(staff.get(sess(compacted)), 404)


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
            400, "invalid", "messages[1].content[0].id",
        ),
        (tool_answer("toolu_1", "orphan"), 400, "invalid_conversation", "content"),
        (
            {"messages": [user("go"), tool_call("toolu_1", "ls"), user("no answer")]},
            400, "invalid_conversation", "messages[2].content",
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
        "cache_breakpoints", "should_compact",
    }  # fmt: skip


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


# --------------------------------------------------------------------------- compaction


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


# --------------------------------------------------------------------------- usage


def test_usage_report(api, session):
    response = api.post(sess(session, "usage/"), {
        "input_tokens": 1200, "output_tokens": 300, "estimated_tokens": 1000,
    })  # fmt: skip
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["total_input_tokens"] == 1200 and body["total_output_tokens"] == 300
    assert body["calibration_ratio"] > 1.0 and body["id"] == str(session.pk)
    again = api.post(sess(session, "usage/"), {"input_tokens": 100}).json()
    assert again["total_input_tokens"] == 1300 and again["total_output_tokens"] == 300


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"input_tokens": -1}, "input_tokens"),
        ({"input_tokens": 10, "output_tokens": -5}, "output_tokens"),
        ({"input_tokens": 10, "estimated_tokens": 0}, "estimated_tokens"),
        ({"input_tokens": "10"}, "input_tokens"),
        ({"input_tokens": 1.5}, "input_tokens"),
        ({"input_tokens": True}, "input_tokens"),
        ({"input_tokens": 10**30}, "input_tokens"),
        ({}, "input_tokens"),
        ([], "non_field_errors"),
    ],
)
def test_usage_rejects_bad_numbers(api, session, body, field):
    error = assert_error(api.post(sess(session, "usage/"), body), 400, "invalid")
    assert field in error["details"]
    fresh = ChatSession.objects.get(pk=session.pk)
    assert (fresh.total_input_tokens, fresh.calibration_ratio) == (0, 1.0)


# --------------------------------------------------------------------------- checkpoints, runs


def test_checkpoints(api, compacted):
    services.message_append(session_id=compacted.pk, messages=chat(20, start=20))
    second = services.compaction_run_execute(session_id=compacted.pk, trigger="command")
    assert second.status == "succeeded"
    body = api.get(sess(compacted, "checkpoints/")).json()
    assert body["count"] == 2
    first, latest = body["results"]
    assert (first["version"], latest["version"]) == (1, 2)
    assert first["previous_version"] is None and latest["previous_version"] == 1
    assert latest["run"] == str(second.pk) and latest["kind"] == "update"
    assert "summary" not in latest and "carried" not in latest
    detail = api.get(sess(compacted, "checkpoints/2/")).json()
    checkpoint = Checkpoint.objects.get(session=compacted, version=2)
    assert detail["summary"] == checkpoint.summary and detail["carried"] == checkpoint.carried
    assert detail["validation"] == checkpoint.validation
    assert detail["previous_version"] == 1 and detail["run"] == str(second.pk)
    for missing in ("3", "0", "abc", "99999999999999999999"):
        assert_error(api.get(sess(compacted, f"checkpoints/{missing}/")), 404, "not_found")


def test_runs_list_filter_and_detail(api, alice, compacted, small):
    other = services.session_create(owner=alice)
    services.message_append(session_id=other.pk, messages=chat(2))
    skipped = services.compaction_run_execute(session_id=other.pk, trigger="command")
    assert skipped.status == "skipped"
    body = api.get(f"{API}/runs/").json()
    assert body["count"] == 2 and body["results"][0]["id"] == str(skipped.pk)  # newest first
    assert api.get(f"{API}/runs/", {"session": str(compacted.pk)}).json()["count"] == 1
    assert api.get(f"{API}/runs/", {"status": "skipped"}).json()["count"] == 1
    assert api.get(f"{API}/runs/", {"status": "succeeded", "session": str(other.pk)}).json()[
        "count"
    ] == 0
    assert_error(api.get(f"{API}/runs/", {"status": "bogus"}), 400, "invalid")
    assert_error(api.get(f"{API}/runs/", {"session": "nope"}), 400, "invalid")
    run = CompactionRun.objects.get(session=compacted)
    detail = api.get(f"{API}/runs/{run.pk}/").json()
    assert set(detail) == RUN_FIELDS
    assert detail["session"] == str(compacted.pk) and detail["checkpoint_version"] == 1
    assert_error(api.get(f"{API}/runs/{uuid.uuid4()}/"), 404, "not_found")


def test_runs_list_query_count(api, alice, small, django_assert_max_num_queries):
    for _ in range(5):
        s = services.session_create(owner=alice)
        services.message_append(session_id=s.pk, messages=chat(20))
        services.compaction_run_execute(session_id=s.pk, trigger="command")
    with django_assert_max_num_queries(4):
        body = api.get(f"{API}/runs/").json()
    assert body["count"] == 5 and all(r["checkpoint_version"] == 1 for r in body["results"])


# --------------------------------------------------------------------------- the error shape


def test_unexpected_errors_are_500_in_the_error_shape(api, session, monkeypatch, caplog):
    def boom(**kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(selectors, "session_context_build", boom)
    error = assert_error(api.get(sess(session, "context/")), 500, "server_error")
    assert "kaboom" not in error["message"]  # internals are logged, not leaked
    assert any("kaboom" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)


def test_unknown_api_paths_are_json_404(api):
    assert_error(api.get(f"{API}/nothing-here/"), 404, "not_found")
    assert_error(api.get(f"{API}/sessions/a/b/c/"), 404, "not_found")
    # Without the trailing slash Django's APPEND_SLASH still redirects, as everywhere else.
    response = api.get(f"{API}/sessions")
    assert response.status_code == 301 and response["Location"].endswith(f"{API}/sessions/")


def test_session_busy_is_503(api, session, monkeypatch):
    from compaction.exceptions import SessionBusy

    def busy(**kwargs):
        raise SessionBusy("locked", details={"session": str(session.pk)})

    monkeypatch.setattr(services, "session_usage_record", busy)
    assert_error(api.post(sess(session, "usage/"), {"input_tokens": 1}), 503, "session_busy")
