"""The checkpoints of a session and the compaction runs API."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from compaction import services
from compaction.models import Checkpoint, CompactionRun
from tests.support.agent_outputs import GIT_COMMIT, PYTEST_FAILURE, PYTEST_FAILURE_ERROR, bash
from tests.support.api import API, RUN_FIELDS, assert_error, sess
from tests.support.helpers import chat, user

pytestmark = pytest.mark.django_db


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
    assert (
        api.get(f"{API}/runs/", {"status": "succeeded", "session": str(other.pk)}).json()["count"]
        == 0
    )
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


def test_a_checkpoint_shows_its_preserved_text(api, session, small):
    services.message_append(
        session_id=session.pk,
        messages=[
            user("Run the invoice tests."),
            *bash("pytest -q tests/test_invoices.py", PYTEST_FAILURE),
            *bash("git commit -am 'Round half-up'", GIT_COMMIT),
            *chat(15),
        ],
    )
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    checkpoint = Checkpoint.objects.get(session=session)
    detail = api.get(sess(session, "checkpoints/1/")).json()
    assert detail["preserved"] == checkpoint.preserved == [
        {"kind": "commit", "seq": 5, "text": GIT_COMMIT.splitlines()[0]},
        {"kind": "error", "seq": 3, "text": PYTEST_FAILURE_ERROR},
    ]
    listed = api.get(sess(session, "checkpoints/")).json()["results"][0]
    assert "preserved" not in listed  # like the summary, only on the detail

    schema = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    field = schema["CheckpointDetail"]["properties"]["preserved"]
    assert field["readOnly"] and field["items"]["$ref"] == "#/components/schemas/PreservedItem"
    item = schema["PreservedItem"]
    assert set(item["required"]) == {"kind", "seq", "text"}
    assert item["properties"]["kind"]["pattern"] == "^(error|decision|commit)$"
