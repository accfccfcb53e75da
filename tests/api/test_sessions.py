"""The sessions API: create, list, detail, update, delete, and the usage report."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from compaction import selectors, services
from compaction.models import ChatSession, CompactionRun, Message
from tests.support.api import API, RUN_FIELDS, assert_error, row_counts, sess
from tests.support.helpers import chat

pytestmark = pytest.mark.django_db


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
    assert body["context_window"] == 200_000  # the default CONTEXT_WINDOW
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


@pytest.mark.parametrize(
    ("config", "fields", "says"),
    [
        # Window minus the default 20k reserve: 12k (even negative) is under 16k.
        ({"CONTEXT_WINDOW": 12_000}, {"config.CONTEXT_WINDOW"}, "under the minimum of 16,000"),
        ({"RESERVE_TOKENS": 190_000}, {"config.RESERVE_TOKENS"}, "is 10,000 tokens"),
        (
            {"CONTEXT_WINDOW": 30_000, "RESERVE_TOKENS": 15_000},
            {"config.CONTEXT_WINDOW", "config.RESERVE_TOKENS"},
            "is 15,000 tokens",
        ),
        # 40k effective: 20k recent and a summary fit; 40k recent does not.
        (
            {"KEEP_RECENT_TOKENS": 40_000, "CONTEXT_WINDOW": 60_000},
            {"config.KEEP_RECENT_TOKENS", "config.CONTEXT_WINDOW"},
            "a compacted session would still overflow",
        ),
        ({"PRESERVE_MAX_TOKENS": 160_000}, {"config.PRESERVE_MAX_TOKENS"}, "plus a summary"),
        # The summarizer's answer leaves no room for its input in its window.
        ({"MAX_TOKENS": 190_000}, {"config.MAX_TOKENS"}, "the summarizer's window leaves"),
    ],
)
def test_a_window_too_small_is_refused_naming_the_field(api, session, config, fields, says):
    before = row_counts()
    error = assert_error(api.post(f"{API}/sessions/", {"config": config}), 400)
    assert set(error["details"]) == fields, error
    assert all(says.lower() in message.lower() for message in error["details"].values())
    assert row_counts() == before
    error = assert_error(api.patch(sess(session), {"config": config}), 400)
    assert set(error["details"]) == fields, error
    assert ChatSession.objects.get(pk=session.pk).config == session.config


def test_a_small_window_is_accepted_with_a_warning(api, session, caplog):
    assert api.get(sess(session)).json()["warnings"] == []
    config = {"CONTEXT_WINDOW": 48_000, "KEEP_RECENT_TOKENS": 8_000}  # 28k effective
    response = api.post(f"{API}/sessions/", {"config": config})
    assert response.status_code == 201, response.content
    [warning] = response.json()["warnings"]
    assert warning["id"] == "compaction.W007" and warning["level"] == "warning"
    assert "is 28,000 tokens, under 32,000" in warning["message"]
    assert "config CONTEXT_WINDOW" in caplog.text and "under 32,000" in caplog.text
    created = f"{API}/sessions/{response.json()['id']}/"
    assert api.get(created).json()["warnings"] == [warning]  # on every read, not only once
    assert api.patch(created, {"config": {}}).json()["warnings"] == []


def test_a_session_is_not_blamed_for_the_app_settings(api, session, compaction_settings):
    # The app's own window is too small (a system check error): sessions that do not set
    # it are accepted, and show it.
    compaction_settings(CONTEXT_WINDOW=30_000)
    response = api.post(f"{API}/sessions/", {"config": {"KEEP_RECENT_TOKENS": 2_000}})
    assert response.status_code == 201, response.content
    assert [w["id"] for w in response.json()["warnings"]] == ["compaction.E005"]
    assert [w["level"] for w in api.get(sess(session)).json()["warnings"]] == ["error"]
    # A config that sets the window is held to the rule.
    error = assert_error(api.patch(sess(session), {"config": {"CONTEXT_WINDOW": 34_000}}), 400)
    assert set(error["details"]) == {"config.CONTEXT_WINDOW"}
    assert api.patch(sess(session), {"config": {"CONTEXT_WINDOW": 60_000}}).status_code == 200


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
    assert body["context_window"] == 200_000
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


def test_session_context_window_follows_its_config(api, session):
    body = api.patch(sess(session), {"config": {"CONTEXT_WINDOW": 100_000}}).json()
    assert body["context_window"] == 100_000


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
