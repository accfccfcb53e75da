"""The custom session views (compaction/admin/views.py): diff, drift timeline, originals.

Who may open them (login, the view permissions, 404s), then each view in turn.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from compaction import services
from compaction.models import ChatSession, Checkpoint
from tests.support.admin import VIEW_ALL, admin_url, compact, session_urls, staff_user
from tests.support.database import archived_by
from tests.support.helpers import ScriptedSummarizer, chat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]


# ----------------------------------------------------------------------------- permissions


def test_custom_views_redirect_anonymous_users_to_login(client: Any, chain: ChatSession) -> None:
    for url in session_urls(chain).values():
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("admin:login"))


def test_custom_views_refuse_staff_without_the_view_permission(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    client.force_login(staff_user(django_user_model, "nobody"))
    for url in session_urls(chain).values():
        assert client.get(url).status_code == 403, url
    # Viewing sessions alone does not open the checkpoints' summaries or the messages.
    client.force_login(staff_user(django_user_model, "sessions-only", "view_chatsession"))
    for url in session_urls(chain).values():
        assert client.get(url).status_code == 403, url


def test_custom_views_open_for_a_view_only_staff_user(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    client.force_login(staff_user(django_user_model, "viewer", *VIEW_ALL))
    for url in session_urls(chain).values():
        assert client.get(url).status_code == 200, url


def test_custom_views_404_on_unknown_session_or_version(
    admin_client: Any, chain: ChatSession
) -> None:
    assert admin_client.get(admin_url("chatsession_diff", "not-a-uuid")).status_code == 404
    missing = "00000000-0000-0000-0000-000000000000"
    assert admin_client.get(admin_url("chatsession_timeline", missing)).status_code == 404
    assert admin_client.get(admin_url("chatsession_originals", chain.pk, 99)).status_code == 404


# ----------------------------------------------------------------------------- diff


def test_diff_without_a_query_compares_the_latest_two_versions(
    admin_client: Any, chain: ChatSession
) -> None:
    response = admin_client.get(admin_url("chatsession_diff", chain.pk))
    assert response.status_code == 200
    assert response.context["report"] is not None
    assert (response.context["old"], response.context["new"]) == (1, 2)


def test_diff_reports_a_path_that_changed(admin_client: Any, chain: ChatSession) -> None:
    response = admin_client.get(admin_url("chatsession_diff", chain.pk), {"old": 1, "new": 2})
    html = response.content.decode()
    report = response.context["report"]
    # The same item names another file: one "changed" report, not a loss plus an addition.
    [changed] = [r for r in report.changed if r.value_kind == "path"]
    assert (changed.item, changed.value, changed.new_value) == (
        "c8",
        "src/parser.py",
        "lib/calendar_utils.py",
    )
    assert report.score > 0
    # The side-by-side rows carry the changed line on both sides.
    changed = [row for row in response.context["rows"] if row.kind == "replace"]
    assert any(
        "src/parser.py" in row.old_text and "lib/calendar_utils.py" in row.new_text
        for row in changed
    )
    assert 'class="cmp-del"' in html and 'class="cmp-ins"' in html


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ({"old": 1, "new": 1}, "Pick two different versions"),
        ({"old": 1, "new": 99}, "Select a valid choice"),
        ({"old": "abc", "new": "2"}, "Select a valid choice"),
        ({"old": "1"}, "This field is required"),
        ({"new": "<b>x</b>", "old": "1e3"}, "Select a valid choice"),
        ({"old": "", "new": ""}, "This field is required"),
    ],
)
def test_diff_form_rejects_bad_input_with_a_form_error(
    admin_client: Any, chain: ChatSession, query: dict[str, Any], error: str
) -> None:
    response = admin_client.get(admin_url("chatsession_diff", chain.pk), query)
    assert response.status_code == 200
    assert response.context["report"] is None
    assert not response.context["form"].is_valid()
    assert error in response.content.decode()
    assert "<b>x</b>" not in response.content.decode()


def test_diff_of_a_session_with_one_version_explains_itself(admin_client: Any) -> None:
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(3))
    compact(session)
    response = admin_client.get(admin_url("chatsession_diff", session.pk))
    assert response.status_code == 200
    assert "a diff needs at least two" in response.content.decode()


# ----------------------------------------------------------------------------- timeline


def test_timeline_has_an_svg_chart_with_one_point_per_version(
    admin_client: Any, chain: ChatSession
) -> None:
    services.compaction_run_regenerate(
        session_id=chain.pk, trigger="command", summarizer=ScriptedSummarizer()
    )
    response = admin_client.get(admin_url("chatsession_timeline", chain.pk))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in html
    for series in ("chars", "tokens-before", "tokens-after"):
        points = re.findall(rf'class="cmp-pt cmp-pt-{series}" data-version="(\d+)"', html)
        assert points == ["1", "2", "3"], series
    # No drift for the first version: nothing to compare it with.
    assert re.findall(r'class="cmp-pt cmp-pt-drift" data-version="(\d+)"', html) == ["2", "3"]
    assert "<script" not in html.split("<svg", 1)[1].split("</svg>", 1)[0]
    # Items: v2 dropped c6 silently; the regeneration (v3) renumbered every item.
    lives = {item.id: item for item in response.context["items_page"]}
    assert (lives["c6"].first_version, lives["c6"].last_version, lives["c6"].ended) == (
        1,
        1,
        "silent",
    )
    assert (lives["c10"].first_version, lives["c10"].ended, lives["c10"].ended_in) == (
        2,
        "renumbered",
        3,
    )
    assert all(lives[ident].present for ident in lives if int(ident[1:]) > 10)
    assert "Coverage of the files, commands and errors" in html
    # A chat with no tool call: nothing recorded, and the page says so.
    assert "artifact ledger is empty: no tool call in the archived messages" in html


def test_timeline_item_filters_and_pages(admin_client: Any, chain: ChatSession) -> None:
    url = admin_url("chatsession_timeline", chain.pk)
    for query in ("?items=ended", "?items=silent", "?items=reworded", "?items=zzz", "?page=abc"):
        assert admin_client.get(url + query).status_code == 200
    silent = admin_client.get(url + "?items=silent").context["items_page"]
    assert [item.id for item in silent.object_list] == ["c6"]


def test_timeline_without_checkpoints(admin_client: Any) -> None:
    session = services.session_create()
    response = admin_client.get(admin_url("chatsession_timeline", session.pk))
    assert response.status_code == 200
    assert "no checkpoint yet" in response.content.decode()


# ----------------------------------------------------------------------------- originals


def test_originals_lists_the_messages_a_checkpoint_replaced(
    admin_client: Any, chain: ChatSession
) -> None:
    checkpoint = Checkpoint.objects.get(session=chain, version=1)
    archived = list(archived_by(checkpoint).order_by("seq"))
    assert archived
    response = admin_client.get(admin_url("chatsession_originals", chain.pk, 1))
    html = response.content.decode()
    shown = [int(s) for s in re.findall(r'<div class="cmp-message" id="message-(\d+)">', html)]
    assert shown == [m.seq for m in archived]
    assert (
        admin_client.get(admin_url("chatsession_originals", chain.pk, 1) + "?p=zz").status_code
        == 200
    )
