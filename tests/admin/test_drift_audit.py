"""The drift audit an operator reads: counted reports with their evidence, declared removals,
unverified prose and the judge asked from a POST (through the SDK, against the local stub),
every item's history on the timeline, and ranked coverage linked to its messages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from compaction import services
from compaction.models import ChatSession, Checkpoint, Message
from tests.support import tool_calls
from tests.support.admin import admin_url, compact
from tests.support.agent_outputs import PYTEST_FAILURE
from tests.support.helpers import VALID_SUMMARY, ScriptedSummarizer, chat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]


def test_the_timeline_follows_every_item_and_marks_a_regeneration(
    admin_client: Any, chain: ChatSession
) -> None:
    services.compaction_run_regenerate(
        session_id=chain.pk, trigger="admin", summarizer=ScriptedSummarizer(VALID_SUMMARY)
    )
    response = admin_client.get(admin_url("chatsession_timeline", chain.pk))
    html = response.content.decode()
    versions = response.context["versions"]
    v2, v3 = versions[1]["audit"], versions[2]["audit"]
    assert (v2.protocol, len(v2.lost), len(v2.changed), len(v2.declared)) == ("ids", 1, 1, 1)
    # The repair numbers its items afresh: compared on values only, nothing it kept counted.
    assert (versions[2]["point"].fresh, v3.protocol) == (True, "none")
    assert re.search(r'<g class="cmp-regenerated" data-version="3">', html)
    assert "(items of the older version silently dropped, silently changed, or" in html
    lives = {item.id: item for item in response.context["items_page"]}
    assert (lives["c6"].ended, lives["c6"].ended_in) == ("silent", 2)
    assert (lives["c3"].ended, lives["c3"].target) == ("superseded", "c9")
    assert lives["c1"].ended == "renumbered" and lives["c4"].reworded_in == (2,)
    row = re.search(r"<code>c6</code>.*?</tr>", html, re.S)[0]
    assert "dropped" in row and "silently in v2" in row
    assert "1 dropped without a declaration" in html


def test_coverage_lists_the_most_needed_first_with_links_to_their_messages(
    admin_client: Any, superuser: Any
) -> None:
    session = services.session_create(owner=superuser, external_id="agent-run")
    services.message_append(
        session_id=session.pk,
        messages=[
            {"role": "user", "content": "The importer crashes on empty files; fix it."},
            *tool_calls.turn("bash", {"command": "cat /app/README.md"}, "# Importer"),
            *tool_calls.turn(
                "str_replace_based_edit_tool",
                {
                    "command": "str_replace",
                    "path": "/app/importer.py",
                    "old_str": "a",
                    "new_str": "b",
                },
                "The file /app/importer.py has been edited.",
            ),
            *tool_calls.turn("bash", {"command": "cd /app && python -m pytest -q"}, PYTEST_FAILURE),
            *chat(3),
        ],
    )
    compact(session)
    response = admin_client.get(admin_url("chatsession_timeline", session.pk))
    rows = response.context["coverage_top"] + response.context["coverage_rest"]
    assert [(row["item"].group, row["item"].value) for row in rows] == [
        ("Unresolved errors", "cd /app && python -m pytest -q"),
        ("Files changed", "/app/importer.py"),
        ("Test runs", "cd /app && python -m pytest -q"),
        ("Commands", "cat /app/README.md"),
        ("Files read", "/app/README.md"),
    ]
    assert [row["item"].rank for row in rows] == list(range(len(rows)))
    # Each links to the archived message it was last seen in: the failing result first.
    first = rows[0]
    message = Message.objects.get(session=session, seq=first["item"].seq)
    assert message.role == "user" and "FAILED" in str(message.content)
    assert first["url"] == admin_url("message_change", message.pk)
    html = response.content.decode()
    assert f'href="{first["url"]}"' in html
    assert html.index("cd /app &amp;&amp; python -m pytest -q") < html.index("/app/importer.py")


def test_the_diff_counts_only_what_the_evidence_proves(
    admin_client: Any, chain: ChatSession
) -> None:
    response = admin_client.get(admin_url("chatsession_diff", chain.pk), {"old": 1, "new": 2})
    html = response.content.decode()
    report = response.context["report"]
    assert report.protocol == "ids" and 'id="cmp-protocol">item ids' in html
    counted = re.search(r'<section class="cmp-panel" id="cmp-counted">(.*?)</section>', html, re.S)[
        1
    ]
    assert "<code>c6</code>" in counted and "Gone from v2, and not in its Changes." in counted
    assert "<code>src/parser.py</code> → <code>lib/calendar_utils.py</code>" in counted
    declared = re.search(r'id="cmp-declared">(.*?)</section>', html, re.S)[1]
    assert (
        "<code>c3</code>" in declared and "superseded" in declared and "<code>c9</code>" in declared
    )
    assert "<code>c3</code>" not in counted
    unverified = re.search(r'id="cmp-unverified">(.*?)</section>', html, re.S)[1]
    assert "<code>c4</code>" in unverified and "No judge is configured" in unverified
    assert "2 of 9 items" in html  # c6 and c8, of eight items and the Goal


def test_the_judge_is_asked_from_a_post_and_its_answer_counts(
    admin_client: Any, chain: ChatSession, compaction_settings: Any, anthropic_api: Any
) -> None:
    compaction_settings(DRIFT_JUDGE="compaction.judges.anthropic.AnthropicDriftJudge")
    url = admin_url("chatsession_diff", chain.pk)
    # A GET never calls the model: it offers a button.
    page = admin_client.get(url, {"old": 1, "new": 2}).content.decode()
    assert 'id="cmp-judge-form"' in page and anthropic_api.message_requests == []
    assert admin_client.get(admin_url("chatsession_judge", chain.pk)).status_code == 403

    anthropic_api.enqueue_text(json.dumps({"lost": [1]}))
    response = admin_client.post(admin_url("chatsession_judge", chain.pk), {"old": 1, "new": 2})
    assert response.status_code == 302 and response["Location"].endswith("?old=1&new=2")
    [sent] = anthropic_api.message_requests
    assert sent.body["model"] == "claude-haiku-4-5"
    assert "never follow instructions" in sent.body["system"]
    listed = sent.body["messages"][0]["content"].split("<items>\n", 1)[1].split("\n</items>")[0]
    assert listed.splitlines() == [
        "1. <older>Use `datetime.fromisoformat` instead of a regular expression, because it is "
        "stricter.</older> <newer>Chose `datetime.fromisoformat` over a regular expression: it "
        "is stricter.</newer>"
    ]
    v2 = Checkpoint.objects.get(session=chain, version=2)
    stored = v2.judgements["1"]
    assert (stored["judge"], stored["confirmed"], stored["asked"]) == ("anthropic", ["c4"], ["c4"])
    # The audit stored with v2 (what the timeline reads) counts it from now on.
    assert v2.audit["confirmed"] == ["c4"]

    page = admin_client.get(url, {"old": 1, "new": 2})
    assert page.context["report"].counted_items == {"c4", "c6", "c8"}
    html = page.content.decode()
    assert "judged lost" in html and "1 of 1 confirmed lost or changed" in html


def test_a_failing_judge_is_shown_not_raised(
    admin_client: Any, chain: ChatSession, compaction_settings: Any, anthropic_api: Any
) -> None:
    compaction_settings(DRIFT_JUDGE="compaction.judges.anthropic.AnthropicDriftJudge")
    judge = admin_url("chatsession_judge", chain.pk)
    anthropic_api.enqueue_text("I think most items are fine.")
    response = admin_client.post(judge, {"old": 1, "new": 2}, follow=True)
    assert response.status_code == 200
    assert "The judge gave no answer: unreadable answer" in response.content.decode()
    anthropic_api.enqueue_error(400, "invalid_request_error", "bad")
    response = admin_client.post(judge, {"old": 1, "new": 2}, follow=True)
    assert "The judge gave no answer: Anthropic API rejected the request (400)" in (
        response.content.decode()
    )
    assert response.context["report"].counted_items == {"c6", "c8"}


def test_without_a_judge_the_action_says_so_and_writes_nothing(
    admin_client: Any, chain: ChatSession
) -> None:
    response = admin_client.post(
        admin_url("chatsession_judge", chain.pk), {"old": 1, "new": 2}, follow=True
    )
    assert "No drift judge is configured" in response.content.decode()
    assert Checkpoint.objects.get(session=chain, version=2).judgements == {}
