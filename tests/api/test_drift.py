"""The drift endpoints: a diff between two versions and the session's drift timeline."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from compaction import services
from tests.support.helpers import UPDATED_SUMMARY, VALID_SUMMARY, ScriptedSummarizer, chat
from tests.support.tool_calls import tool_answer, tool_call

pytestmark = pytest.mark.django_db


def session_with_versions(compaction_settings, django_user_model, *summaries: str):
    """A session compacted once per summary, in order, and an API client of its owner."""
    compaction_settings(AUTO_COMPACT="off", COMPACTION_THRESHOLD=2000, KEEP_RECENT_TOKENS=500)
    owner = django_user_model.objects.create(username="owner")
    session = services.session_create(owner=owner)
    for turn, summary in enumerate(summaries):
        services.message_append(session_id=session.pk, messages=chat(20, start=turn * 20))
        services.compaction_run_execute(
            session_id=session.pk,
            trigger="command",
            # Twice: a summary that drops items silently is sent back once, comes back the same.
            summarizer=ScriptedSummarizer(summary, summary),
        )
    client = APIClient()
    client.force_authenticate(owner)
    return session, client


@pytest.fixture
def chain(compaction_settings, django_user_model):
    return session_with_versions(
        compaction_settings, django_user_model, VALID_SUMMARY, UPDATED_SUMMARY
    )


def test_diff_reports_what_was_dropped_changed_and_declared_by_item(chain):
    session, client = chain
    response = client.get(f"/api/compaction/sessions/{session.pk}/checkpoints/2/diff/?against=1")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["version"], body["against"], body["protocol"]) == (2, 1, "ids")
    assert [(r["item"], r["kind"]) for r in body["lost"]] == [("c6", "item")]
    assert body["lost"][0]["value"] == "Run the full test suite and report the results."
    assert [(r["item"], r["value"], r["new_value"]) for r in body["changed"]] == [
        ("c8", "src/parser.py", "lib/calendar_utils.py")
    ]
    assert [(d["item"], d["kind"], d["target"]) for d in body["declared"]] == [
        ("c3", "superseded", "c9")
    ]
    assert [(u["item"], u["confirmed"]) for u in body["unverified"]] == [("c4", False)]
    assert [a["item"] for a in body["added"]] == ["c9", "c10"]
    assert body["drift_score"] == pytest.approx(2 / 9, abs=1e-4) and body["items_counted"] == 2
    assert body["judgement"] is None and body["violations"] == []
    assert {line["op"] for line in body["line_diff"]} >= {" ", "+", "-"}


@pytest.mark.parametrize(
    ("path", "status", "field"),
    [
        ("checkpoints/2/diff/", 400, "against"),
        ("checkpoints/2/diff/?against=x", 400, "against"),
        ("checkpoints/9/diff/?against=1", 404, None),
        ("checkpoints/2/diff/?against=9", 404, None),
    ],
)
def test_diff_bad_input(chain, path, status, field):
    session, client = chain
    response = client.get(f"/api/compaction/sessions/{session.pk}/{path}")
    assert response.status_code == status
    error = response.json()["error"]
    if field:
        assert field in error["details"]


def test_drift_timeline_and_item_history(chain):
    session, client = chain
    body = client.get(f"/api/compaction/sessions/{session.pk}/drift/").json()
    assert [point["version"] for point in body["timeline"]] == [1, 2]
    point = body["timeline"][1]
    assert (point["protocol"], point["silent_drops"], point["silent_changes"]) == ("ids", 1, 1)
    assert (point["declared"], point["unverified"], point["added"]) == (1, 1, 2)
    assert point["drift_score_vs_previous"] == pytest.approx(2 / 9, abs=1e-4)
    assert all(p["tokens_before"] > p["tokens_after"] for p in body["timeline"])
    lives = {item["item"]: item for item in body["items"]}
    assert (lives["c6"]["ended"], lives["c6"]["ended_in"]) == ("silent", 2)
    assert (lives["c3"]["ended"], lives["c3"]["target"]) == ("superseded", "c9")
    assert lives["c8"]["ended"] is None and lives["c8"]["changed_in"] == [2]
    assert lives["c4"]["reworded_in"] == [2] and lives["c4"]["changed_in"] == []
    # A chat without tool calls: the artifact ledger is empty, nothing to cover.
    assert body["coverage"]["items"] == [] and body["coverage"]["share_carried"] == 1


def test_drift_endpoints_are_scoped_to_the_owner(chain, django_user_model):
    session, _ = chain
    stranger = APIClient()
    stranger.force_authenticate(django_user_model.objects.create(username="stranger"))
    for path in ("drift/", "checkpoints/2/diff/?against=1"):
        response = stranger.get(f"/api/compaction/sessions/{session.pk}/{path}")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"


def test_the_api_and_the_admin_read_one_audit_bounded_by_settings(
    chain, compaction_settings, django_user_model
):
    session, client = chain
    # A regenerated version numbers its items afresh: it is compared on values only.
    run = services.compaction_run_regenerate(
        session_id=session.pk, trigger="admin", summarizer=ScriptedSummarizer(VALID_SUMMARY)
    )
    assert run.status == "succeeded", run.error
    body = client.get(f"/api/compaction/sessions/{session.pk}/drift/").json()
    assert body["timeline"][-1]["protocol"] == "none" and body["timeline"][-1]["regenerated"]
    assert body["drift_score_definition"].startswith("drift score = (items of the older")

    admin = django_user_model.objects.create_superuser("ops", "ops@example.com", "pw")
    from django.test import Client

    browser = Client()
    browser.force_login(admin)
    page = browser.get(f"/admin/compaction/chatsession/{session.pk}/timeline/")
    assert page.status_code == 200
    assert page.context["coverage"].as_dict() == body["coverage"]
    assert [row["row"].as_dict() for row in page.context["versions"]] == body["timeline"]
    compaction_settings(DRIFT_MAX_VERSIONS=2)
    capped = client.get(f"/api/compaction/sessions/{session.pk}/drift/").json()
    assert [p["version"] for p in capped["timeline"]] == [2, 3]
    assert capped["versions_total"] == 3


def test_coverage_ranks_the_ledgers_open_errors_then_changed_files(chain):
    """Coverage lists what the tool calls did, most needed first, each with its message and
    whether the summary or the payload's Files & artifacts section carries it."""
    session, client = chain
    write, write_id = tool_call(
        "str_replace_based_edit_tool",
        {"command": "create", "path": "/srv/app/config/limits.yaml", "file_text": "max: 3\n"},
    )
    test, test_id = tool_call("bash", {"command": "cd /srv/app && pytest -q"})
    listing, listing_id = tool_call("bash", {"command": "ls /srv/app"})
    services.message_append(
        session_id=session.pk,
        messages=[
            {"role": "user", "content": "Keep an eye on config/limits.yaml please."},
            listing,
            tool_answer(listing_id, "config\ndeploy\n"),
            write,
            tool_answer(write_id, "File created successfully at: /srv/app/config/limits.yaml"),
            test,
            tool_answer(
                test_id, "F.\nFAILED tests/test_limits.py::test_max\n1 failed, 1 passed in 0.1s"
            ),
            *chat(20, start=100),
        ],
    )
    services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=ScriptedSummarizer(UPDATED_SUMMARY)
    )
    coverage = client.get(f"/api/compaction/sessions/{session.pk}/drift/").json()["coverage"]
    ranked = [(item["group"], item["value"]) for item in coverage["items"]]
    assert ranked == [
        ("Unresolved errors", "cd /srv/app && pytest -q"),
        ("Files changed", "/srv/app/config/limits.yaml"),
        ("Test runs", "cd /srv/app && pytest -q"),
        ("Commands", "ls /srv/app"),
    ]
    first = coverage["items"][0]
    assert first["detail"] == "FAILED tests/test_limits.py::test_max"
    assert first["in_section"] and not first["in_summary"]
    assert [item["rank"] for item in coverage["items"]] == [0, 1, 2, 3]
    assert coverage["in_neither"] == 0 and coverage["share_carried"] == 1
    # The seq of the message each came from: the failing result, the call.
    seqs = {item["value"]: item["seq"] for item in coverage["items"]}
    archived = client.get(f"/api/compaction/sessions/{session.pk}/messages/?include_compacted=true")
    by_seq = {m["seq"]: m for m in archived.json()["results"]}
    assert by_seq[seqs["ls /srv/app"]]["role"] == "assistant"


def test_a_version_without_ids_is_compared_on_its_values(compaction_settings, django_user_model):
    """Checkpoints written before the item protocol: no ids, so values only; the prose that
    changed is listed unverified, never counted."""
    before = VALID_SUMMARY + "- Clinic: Frau Yilmaz, +49 40 555 8120\n"
    session, client = session_with_versions(compaction_settings, django_user_model, before)
    from compaction.models import Checkpoint

    Checkpoint.objects.filter(session=session, version=1).update(summary=before)
    after = VALID_SUMMARY.replace("tersely", "briefly")
    services.message_append(session_id=session.pk, messages=chat(20, start=100))
    services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=ScriptedSummarizer(after)
    )
    body = client.get(f"/api/compaction/sessions/{session.pk}/checkpoints/2/diff/?against=1").json()
    assert body["protocol"] == "none"
    assert [(r["item"], r["value"]) for r in body["lost"]] == [(None, "+49 40 555 8120")]
    assert [u["text"] for u in body["unverified"]] == [
        "The user corrects the agent tersely and expects short answers."
    ]
    assert body["drift_score"] == pytest.approx(1 / body["items_old"], abs=1e-4)


def test_each_version_stores_its_audit_and_the_timeline_reads_it(chain):
    from compaction.models import Checkpoint

    session, client = chain
    v2 = Checkpoint.objects.get(session=session, version=2)
    assert (v2.audit["against"], v2.audit["protocol"]) == (1, "ids")
    assert (v2.audit["lost"], v2.audit["changed"], v2.audit["declared"]) == (["c6"], ["c8"], ["c3"])
    url = f"/api/compaction/sessions/{session.pk}/drift/"
    # The timeline reads the record written with the version, not a recomputation...
    Checkpoint.objects.filter(pk=v2.pk).update(audit={**v2.audit, "lost": []})
    assert client.get(url).json()["timeline"][1]["silent_drops"] == 0
    # ...and audits a version written before records were, when it reads it.
    Checkpoint.objects.filter(pk=v2.pk).update(audit={})
    assert client.get(url).json()["timeline"][1]["silent_drops"] == 1
