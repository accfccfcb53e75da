"""The drift endpoints: a diff between two versions and the session's drift timeline."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from compaction import services
from tests.support.helpers import VALID_SUMMARY, ScriptedSummarizer, chat
from tests.support.tool_calls import tool_answer, tool_call

pytestmark = pytest.mark.django_db

# VALID_SUMMARY without its parser path, with a new URL.
DRIFTED = VALID_SUMMARY.replace(
    "`src/parser.py` line 42", "see https://example.com/issues/7"
).replace("`src/parser.py`", "the parser")


def session_with_versions(compaction_settings, django_user_model, *summaries: str):
    """A session compacted once per summary, in order, and an API client of its owner."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        DRIFT_GUARD_MAX_LOSS=None,
    )
    owner = django_user_model.objects.create(username="owner")
    session = services.session_create(owner=owner)
    for turn, summary in enumerate(summaries):
        services.message_append(session_id=session.pk, messages=chat(20, start=turn * 20))
        services.compaction_run_execute(
            session_id=session.pk, trigger="command", summarizer=ScriptedSummarizer(summary)
        )
    client = APIClient()
    client.force_authenticate(owner)
    return session, client


@pytest.fixture
def chain(compaction_settings, django_user_model):
    return session_with_versions(compaction_settings, django_user_model, VALID_SUMMARY, DRIFTED)


def test_diff_reports_lost_and_added_facts(chain):
    session, client = chain
    response = client.get(f"/api/compaction/sessions/{session.pk}/checkpoints/2/diff/?against=1")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["version"], body["against"]) == (2, 1)
    assert "src/parser.py" in {fact["key"] for fact in body["lost"]}
    assert any("example.com/issues/7" in fact["value"] for fact in body["added"])
    assert 0 < body["drift_score"] <= 1
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


def test_drift_timeline_and_ledger(chain):
    session, client = chain
    body = client.get(f"/api/compaction/sessions/{session.pk}/drift/").json()
    assert [point["version"] for point in body["timeline"]] == [1, 2]
    assert body["timeline"][1]["drift_score_vs_previous"] > 0
    assert all(point["tokens_before"] > point["tokens_after"] for point in body["timeline"])
    entry = next(e for e in body["ledger"]["entries"] if e["fact"]["key"] == "src/parser.py")
    assert (entry["first_version"], entry["last_version"], entry["in_latest"]) == (1, 1, False)
    # No version was regenerated: no original needed reading.
    assert body["originals_scanned"] == 0 < body["originals_total"]
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


def test_diff_reports_changed_values_and_defines_the_score(chain, compaction_settings):
    session, client = chain
    body = client.get(f"/api/compaction/sessions/{session.pk}/checkpoints/2/diff/?against=1").json()
    assert body["drift_score_definition"].startswith("Drift score = (facts lost + facts changed)")
    counted = [v for v in body["verdicts"] if v["verdict"] in ("lost", "changed")]
    facts = sum(len(v["parts"]) or 1 for v in counted)
    assert body["facts_counted"] == facts == len(body["lost"]) + len(body["changed"])
    assert body["drift_score"] == pytest.approx(facts / body["facts_old"])
    assert {v["verdict"] for v in body["verdicts"]} <= {
        "kept",
        "moved",
        "reworded",
        "changed",
        "condensed",
        "lost",
    }


def test_the_api_and_the_admin_read_one_audit_bounded_by_settings(
    chain, compaction_settings, django_user_model
):
    session, client = chain
    compaction_settings(DRIFT_ORIGINALS_LIMIT=5)
    # A regenerated version is measured against the originals: the newest five of them.
    run = services.compaction_run_regenerate(
        session_id=session.pk, trigger="admin", summarizer=ScriptedSummarizer(VALID_SUMMARY)
    )
    assert run.status == "succeeded", run.error
    body = client.get(f"/api/compaction/sessions/{session.pk}/drift/").json()
    assert body["originals_scanned"] == 5 < body["originals_total"]
    assert body["timeline"][-1]["baseline"] == "originals"

    admin = django_user_model.objects.create_superuser("ops", "ops@example.com", "pw")
    from django.test import Client

    browser = Client()
    browser.force_login(admin)
    page = browser.get(f"/admin/compaction/chatsession/{session.pk}/timeline/")
    assert page.status_code == 200
    coverage = page.context["coverage"]
    assert coverage.as_dict() == body["coverage"]
    assert [row["row"].point.as_dict() for row in page.context["versions"]] == [
        {
            k: v
            for k, v in point.items()
            if k not in ("kind", "fallback", "tokens_before", "tokens_after")
        }
        for point in body["timeline"]
    ]
    assert body["guard_limit"] is None  # the chain turned the guard off


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
        session_id=session.pk, trigger="command", summarizer=ScriptedSummarizer(DRIFTED)
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


def test_the_facts_of_one_bullet_are_one_report_and_still_count_one_by_one(
    compaction_settings, django_user_model
):
    """A bullet gone whole is one lost report, a contact whose name and address changed is
    one changed report; the score, ``lost`` and ``changed`` still count their facts."""
    before = VALID_SUMMARY + (
        "- Clinic: Frau Yilmaz, +49 40 555 8120\n"
        "- IT contact: Raj Menon, raj.menon@kestrel-logistics.com\n"
    )
    after = VALID_SUMMARY + "- IT contact: Aisha Bello, aisha.bello@kestrel-logistics.com\n"
    session, client = session_with_versions(compaction_settings, django_user_model, before, after)
    body = client.get(f"/api/compaction/sessions/{session.pk}/checkpoints/2/diff/?against=1").json()

    counted = {v["value"]: v for v in body["verdicts"] if v["verdict"] in ("lost", "changed")}
    assert set(counted) == {
        "Clinic: Frau Yilmaz, +49 40 555 8120",
        "IT contact: Raj Menon, raj.menon@kestrel-logistics.com",
    }
    clinic = counted["Clinic: Frau Yilmaz, +49 40 555 8120"]
    assert (clinic["verdict"], clinic["kind"], clinic["whole"]) == ("lost", "note", True)
    assert [(part["kind"], part["value"]) for part in clinic["parts"]] == [
        ("name", "Frau Yilmaz"),
        ("identifier", "+49 40 555 8120"),
    ]
    contact = counted["IT contact: Raj Menon, raj.menon@kestrel-logistics.com"]
    assert (contact["verdict"], contact["whole"]) == ("changed", False)
    assert "Raj Menon → Aisha Bello" in contact["note"]
    assert {part["verdict"] for part in contact["parts"]} == {"changed"}

    assert body["facts_counted"] == 4 == len(body["lost"]) + len(body["changed"])
    assert {fact["value"] for fact in body["lost"]} == {"Frau Yilmaz", "+49 40 555 8120"}
    assert body["drift_score"] == pytest.approx(4 / body["facts_old"])
