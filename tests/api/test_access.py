"""Who may call the API: authentication, ownership and staff access, and the error shape."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from compaction import selectors, services
from compaction.models import ChatSession, CompactionRun
from tests.support.api import API, assert_error, make_client, row_counts, sess
from tests.support.helpers import user

pytestmark = pytest.mark.django_db


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
    # 401 and the scheme to use: what a client holding a stale token must be told.
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert_error(response, 401, "authentication_failed")


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


def test_a_database_gone_mid_append_is_503_with_retry_after_and_writes_nothing(api, session):
    """A dropped connection or a pooler restart is transient: the client is told to retry,
    and the retry with the same Idempotency-Key stores the message once."""
    from django.db import OperationalError, connection

    def drop_on_insert(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("INSERT"):
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    before = row_counts()
    body = {"messages": [{"role": "user", "content": "hello"}]}
    with connection.execute_wrapper(drop_on_insert):
        response = api.post(sess(session, "messages/"), body, HTTP_IDEMPOTENCY_KEY="k-503")
    error = assert_error(response, 503, "database_unavailable")
    assert response["Retry-After"] == "1" and error["details"] == {"retry_after": 1}
    assert "server closed" not in error["message"]
    assert row_counts() == before

    retried = api.post(sess(session, "messages/"), body, HTTP_IDEMPOTENCY_KEY="k-503")
    assert retried.status_code == 201
    assert ChatSession.objects.get(pk=session.pk).message_count == 1
