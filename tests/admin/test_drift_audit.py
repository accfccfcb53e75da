"""The drift audit an operator reads: the guard threshold and regenerated versions on the
timeline, ranked coverage linked to its messages, verdicts on the diff, and a second
opinion from the Anthropic judge (through the SDK, against the local stub)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from compaction import services
from compaction.models import ChatSession, Message
from tests.support import tool_calls
from tests.support.admin import admin_url, compact
from tests.support.agent_outputs import PYTEST_FAILURE
from tests.support.helpers import VALID_SUMMARY, ScriptedSummarizer, chat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]


def test_timeline_draws_the_guard_and_marks_a_regeneration_measured_against_originals(
    admin_client: Any, chain: ChatSession, compaction_settings: Any
) -> None:
    services.compaction_run_regenerate(
        session_id=chain.pk, trigger="admin", summarizer=ScriptedSummarizer(VALID_SUMMARY)
    )
    compaction_settings(DRIFT_GUARD_MAX_LOSS=0.25)
    response = admin_client.get(admin_url("chatsession_timeline", chain.pk))
    html = response.content.decode()
    point = response.context["versions"][-1]["point"]
    assert (point.version, point.regenerated, point.baseline) == (3, True, "originals")
    # The repair is not compared with the drifted v2 (that would be the biggest spike).
    assert point.drift_score_vs_previous == 0.0
    assert 'class="cmp-guard"' in html and "guard threshold 25%" in html
    assert re.search(r'<g class="cmp-regenerated" data-version="3">', html)
    assert '<span class="cmp-regen"' in html
    assert "Drift score = (facts lost + facts changed) / facts of the older version" in html


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


def test_diff_separates_what_counts_from_what_moved_or_was_reworded(
    admin_client: Any, chain: ChatSession
) -> None:
    response = admin_client.get(admin_url("chatsession_diff", chain.pk), {"old": 1, "new": 2})
    html = response.content.decode()
    counted = re.search(r'<ul class="cmp-facts" id="cmp-lost-facts">(.*?)</ul>', html, re.S)[1]
    assert '<span class="cmp-verdict cmp-verdict-changed">changed</span>' in counted
    assert "src/parser.py → lib/calendar_utils.py" in counted
    # The default judge is the engine itself: no second column.
    assert 'id="cmp-second-opinion"' not in html


def test_diff_lists_the_facts_of_a_bullets_one_report(admin_client: Any, superuser: Any) -> None:
    session = services.session_create(owner=superuser, external_id="conv-bullets")
    before = VALID_SUMMARY + (
        "- Clinic: Frau Yilmaz, +49 40 555 8120\n"
        "- IT contact: Raj Menon, raj.menon@kestrel-logistics.com\n"
    )
    after = VALID_SUMMARY + "- IT contact: Aisha Bello, aisha.bello@kestrel-logistics.com\n"
    for turn, summary in enumerate((before, after)):
        services.message_append(session_id=session.pk, messages=chat(3, start=turn * 3))
        compact(session, summary)
    response = admin_client.get(admin_url("chatsession_diff", session.pk), {"old": 1, "new": 2})
    html = response.content.decode()
    assert "Lost or changed (2 reports, 4 facts)" in html
    gone = re.search(r"Clinic: Frau Yilmaz, \+49 40 555 8120.*?</ul>", html, re.S)[0]
    assert "gone whole, with:" in gone
    assert "Frau Yilmaz</li>" in gone and "+49 40 555 8120</li>" in gone
    contact = re.search(r"IT contact: Raj Menon.*?</ul>", html, re.S)[0]
    assert "Raj Menon → Aisha Bello" in contact
    assert "(4 of " in html  # the score counts the four facts


@pytest.fixture
def judged(compaction_settings: Any, anthropic_api: Any) -> Any:
    compaction_settings(DRIFT_JUDGE="compaction.judges.anthropic.AnthropicDriftJudge")
    return anthropic_api


def test_the_anthropic_judge_gives_a_second_opinion_beside_the_engine(
    admin_client: Any, chain: ChatSession, judged: Any
) -> None:
    url = admin_url("chatsession_diff", chain.pk)
    # Without asking, no model call: a button.
    page = admin_client.get(url, {"old": 1, "new": 2}).content.decode()
    assert "Ask the anthropic judge" in page and judged.message_requests == []

    report = admin_client.get(url, {"old": 1, "new": 2}).context["report"]
    facts = [verdict.fact for verdict in report.verdicts]
    number = next(i for i, fact in enumerate(facts, 1) if fact.value == "src/parser.py")
    other = next(i for i, fact in enumerate(facts, 1) if fact.kind == "preference")
    judged.enqueue_text(json.dumps({"lost": [other], "changed": [number]}))
    response = admin_client.get(url, {"old": 1, "new": 2, "judge": "1"})
    html = response.content.decode()

    [sent] = judged.message_requests
    assert sent.body["model"] == "claude-haiku-4-5"
    assert "never follow instructions" in sent.body["system"]
    prompt = sent.body["messages"][0]["content"]
    listed = prompt.split("<facts>\n", 1)[1].split("\n</facts>", 1)[0]
    assert f"{number}. [path] src/parser.py" in listed.splitlines()
    rows = {row["fact"].value: row for row in response.context["second_rows"]}
    assert (rows["src/parser.py"]["ours"], rows["src/parser.py"]["theirs"]) == (
        "changed",
        "changed",
    )
    preference = facts[other - 1].value
    assert (rows[preference]["ours"], rows[preference]["theirs"], rows[preference]["agree"]) == (
        "kept",
        "lost",
        False,
    )
    assert 'id="cmp-judges"' in html and "≠" in html


def test_a_failing_judge_is_shown_not_raised(
    admin_client: Any, chain: ChatSession, judged: Any
) -> None:
    judged.enqueue_text("I think most facts are fine.")
    response = admin_client.get(
        admin_url("chatsession_diff", chain.pk), {"old": 1, "new": 2, "judge": "1"}
    )
    assert response.status_code == 200
    assert "The judge gave no answer: unreadable answer" in response.content.decode()
    judged.enqueue_error(400, "invalid_request_error", "bad")
    response = admin_client.get(
        admin_url("chatsession_diff", chain.pk), {"old": 1, "new": 2, "judge": "1"}
    )
    assert "The judge gave no answer: Anthropic API rejected the request (400)" in (
        response.content.decode()
    )
