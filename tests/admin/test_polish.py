"""What a newcomer met in the admin, fixed: each page read as an operator reads it.

Summaries first and rendered as escaped Markdown, pages named by the session (not its
UUID), booleans shown only when true, empty tables that say so, one dash, a timeline that
mentions a regeneration only when there was one, and the admin index's way to the drift
pages (the "Drift audit" overview, read from the stored audits in a fixed number of
queries).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compaction import selectors, services
from compaction.admin.rendering import markdown_html
from compaction.exceptions import PermanentSummarizerError
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from tests.support.admin import XSS, XSS_ESCAPED, admin_url, compact, staff_user
from tests.support.helpers import VALID_SUMMARY, ScriptedSummarizer, chat, user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]

#: Django's rendering of a boolean: the red cross (and green tick) images.
BOOLEAN_ICONS = ("icon-no.svg", "icon-yes.svg")


def _page(client: Any, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _crumbs(html: str) -> list[str]:
    """The breadcrumbs as shown, whatever the series' markup (<ol> or <div>)."""
    trail = re.search(r'class="breadcrumbs">(.*?)</(?:ol|div)>', html, re.S).group(1)
    parts = re.split(r"</li>|&rsaquo;", trail)
    return [t for t in (re.sub(r"<[^>]+>", "", p).strip() for p in parts) if t]


# ----------------------------------------------------------------------------- markdown


def test_markdown_is_rendered_with_every_piece_of_html_escaped() -> None:
    html = markdown_html(
        "## Goal\n"
        "- [c1] **Fix** the `parser` <script>alert(1)</script>\n"
        "- [see](javascript:alert(1)) [data](data:text/html,<b>x</b>) [ok](https://example.com)\n"
        "\n<img src=x onerror=alert(1)>\n\n![pixel](https://tracker.example/p.png)\n"
    )
    assert "<h2>Goal</h2>" in html and "<strong>Fix</strong>" in html
    assert "<code>parser</code>" in html
    # Raw HTML is text; unsafe links are no links; no image is fetched.
    assert "<script>" not in html and XSS_ESCAPED in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "<img" not in html
    # An image stays a plain link: nothing is fetched by opening the page.
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert hrefs == ["https://example.com", "https://tracker.example/p.png"], hrefs
    assert '<a href="https://example.com" rel="nofollow noopener noreferrer">ok</a>' in html


def test_the_checkpoint_page_puts_the_rendered_summary_first(admin_client: Any) -> None:
    session = services.session_create(external_id="chat-42")
    services.message_append(session_id=session.pk, messages=chat(3))
    planted = VALID_SUMMARY + f"- Planted: {XSS} [click](javascript:alert(1)) **bold**\n"
    compact(session, planted)
    checkpoint = Checkpoint.objects.get(session=session)
    html = _page(admin_client, admin_url("checkpoint_change", checkpoint.pk))
    summary = html.index('id="cmp-summary"')
    assert summary < html.index("<h2>Goal</h2>") < html.index('class="cmp-json"')
    assert summary < html.index('class="module aligned')  # before every fieldset
    assert "<strong>bold</strong>" in html and XSS not in html and XSS_ESCAPED in html
    assert 'href="javascript:' not in html
    # The raw data last and closed: a collapsible fieldset (a <details> on every series).
    raw = html.index("Raw data")
    assert raw > html.index('id="cmp-artifacts"') and raw < html.index('class="cmp-json"')


# ----------------------------------------------------------------------------- names


def test_pages_are_named_by_the_session_and_the_version(
    admin_client: Any, chain: ChatSession
) -> None:
    checkpoint = Checkpoint.objects.get(session=chain, version=2)
    html = _page(admin_client, admin_url("checkpoint_change", checkpoint.pk))
    assert "<title>conv-1 · v2 | View checkpoint |" in html
    assert "<h2>conv-1 · v2</h2>" in html
    assert _crumbs(html) == ["Home", "Conversation compaction", "Checkpoints", "conv-1", "v2"]

    anonymous = services.session_create()
    services.message_append(session_id=anonymous.pk, messages=chat(3))
    compact(anonymous)
    label = f"session {str(anonymous.pk)[:8]}"
    pages = {
        "session": admin_url("chatsession_change", anonymous.pk),
        "timeline": admin_url("chatsession_timeline", anonymous.pk),
        "diff": admin_url("chatsession_diff", anonymous.pk),
        "originals": admin_url("chatsession_originals", anonymous.pk, 1),
        "checkpoint": admin_url("checkpoint_change", Checkpoint.objects.get(session=anonymous).pk),
    }
    for name, url in pages.items():
        html = _page(admin_client, url)
        title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
        assert title.startswith(label), (name, title)
        crumbs = _crumbs(html)
        assert label in crumbs and not any(str(anonymous.pk) in c for c in crumbs), name


# ----------------------------------------------------------------------------- booleans


def test_booleans_show_only_when_true(admin_client: Any) -> None:
    session = services.session_create(external_id="flags")
    services.message_append(
        session_id=session.pk,
        messages=[{**user("Always answer in French."), "pinned": True}, *chat(3)],
    )
    failing = ScriptedSummarizer(PermanentSummarizerError("the summarizer is down"))
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", force=True, summarizer=failing
    )
    assert run.status == "fell_back", run.error
    checkpoint = Checkpoint.objects.get(session=session)
    pinned = Message.objects.get(session=session, seq=1)
    plain = Message.objects.get(session=session, seq=2)
    assert checkpoint.fallback and pinned.pinned and not plain.pinned

    pages = [
        admin_url("chatsession_change", session.pk),
        admin_url("message_changelist"),
        admin_url("message_change", pinned.pk),
        admin_url("message_change", plain.pk),
        admin_url("checkpoint_changelist"),
        admin_url("checkpoint_change", checkpoint.pk),
        admin_url("compactionrun_changelist"),
        admin_url("compactionrun_change", run.pk),
    ]
    for url in pages:
        html = _page(admin_client, url)
        for icon in BOOLEAN_ICONS:
            assert icon not in html, (url, icon)
    # Where true, a badge says so; where false, nothing does.
    assert ">pinned</span>" in _page(admin_client, admin_url("message_change", pinned.pk))
    assert ">pinned</span>" not in _page(admin_client, admin_url("message_change", plain.pk))
    badges = re.findall(r">(pinned)</span>", _page(admin_client, admin_url("message_changelist")))
    assert badges == ["pinned"]
    assert ">fallback</span>" in _page(admin_client, admin_url("checkpoint_changelist"))
    assert ">fallback</span>" in _page(admin_client, admin_url("checkpoint_change", checkpoint.pk))
    assert ">forced</span>" in _page(admin_client, admin_url("compactionrun_change", run.pk))


# ----------------------------------------------------------------------------- empties


def test_an_empty_memory_flush_table_says_none(admin_client: Any) -> None:
    session = services.session_create(external_id="no-flush")
    services.message_append(session_id=session.pk, messages=chat(2))
    html = _page(admin_client, admin_url("chatsession_change", session.pk))
    flushes = html[html.index("Memory flushes (one per cycle") : html.index("Recent messages")]
    assert "None: no memory flush has run in this session." in flushes
    assert "<th" not in flushes  # no headers over no rows

    services.memory_flush_record(session_id=session.pk, outcome="silent", response_text="")
    html = _page(admin_client, admin_url("chatsession_change", session.pk))
    flushes = html[html.index("Memory flushes (one per cycle") : html.index("Recent messages")]
    assert "None:" not in flushes and 'class="column-cycle"' in flushes


def test_one_dash_for_nothing_on_every_page(admin_client: Any, chain: ChatSession) -> None:
    run = CompactionRun.objects.filter(session=chain).first()
    checkpoint = Checkpoint.objects.get(session=chain, version=1)
    pages = [
        admin_url("chatsession_change", chain.pk),
        admin_url("compactionrun_change", run.pk),
        admin_url("checkpoint_change", checkpoint.pk),
        admin_url("chatsession_timeline", chain.pk),
        admin_url("chatsession_diff", chain.pk),
        admin_url("checkpoint_changelist"),
        admin_url("compactionrun_changelist"),
        admin_url("driftaudit_changelist"),
    ]
    for url in pages:
        html = _page(admin_client, url)
        # The admin's own default ("-") in a read-only field or a cell, or a hyphen alone.
        assert not re.search(r'<div class="readonly">\s*-\s*</div>', html), url
        assert not re.search(r"<td[^>]*>\s*-\s*</td>", html), url
    # Fields with nothing in them say so with the one dash.
    html = _page(admin_client, admin_url("compactionrun_change", run.pk))
    assert re.search(r'<div class="readonly">\s*—\s*</div>', html)


# ----------------------------------------------------------------------------- timeline


def test_the_timeline_speaks_of_a_regeneration_only_when_there_was_one(
    admin_client: Any, chain: ChatSession
) -> None:
    def definition() -> str:
        html = _page(admin_client, admin_url("chatsession_timeline", chain.pk))
        return re.search(r'id="cmp-score-definition">(.*?)</p>', html, re.S).group(1)

    assert "regenerated" not in definition()
    run = services.compaction_run_regenerate(
        session_id=chain.pk, trigger="admin", summarizer=ScriptedSummarizer(VALID_SUMMARY)
    )
    assert run.status == "succeeded", run.error
    assert "Version v3 was regenerated from the originals" in definition()


# ----------------------------------------------------------------------------- drift audit


def test_the_admin_index_leads_to_the_drift_audit_and_the_runs(admin_client: Any) -> None:
    html = _page(admin_client, reverse("admin:index"))
    assert f'href="{admin_url("driftaudit_changelist")}"' in html
    assert ">Drift audit</a>" in html
    assert f'href="{admin_url("compactionrun_changelist")}"' in html


def test_the_drift_audit_lists_the_stored_figures_and_links_to_each_timeline(
    admin_client: Any, chain: ChatSession
) -> None:
    never = services.session_create(external_id="never-compacted")
    services.message_append(session_id=never.pk, messages=chat(2))
    one = services.session_create(external_id="one-version")
    services.message_append(session_id=one.pk, messages=chat(3))
    compact(one)

    response = admin_client.get(admin_url("driftaudit_changelist"))
    assert response.status_code == 200
    rows = {session.external_id: session for session in response.context["cl"].result_list}
    assert set(rows) == {"conv-1", "one-version"}  # never compacted: nothing to audit
    html = response.content.decode()
    # conv-1's v2 (UPDATED_SUMMARY): c6 dropped and c8's path changed silently, counted;
    # c3 superseded, declared; c4 reworded, unverified: as the stored record says.
    stored = selectors.latest_audit_summary(rows["conv-1"])
    assert stored is not None
    assert (len(stored.counted_items), len(stored.declared), len(stored.unverified)) == (2, 1, 1)
    row = re.search(r"<tr>.*?conv-1.*?</tr>", html, re.S).group(0)
    cells = re.findall(r'<td class="field-(\w+)[^"]*">(.*?)</td>', row, re.S)
    text = {name: re.sub(r"<[^>]+>", "", value).strip() for name, value in cells}
    assert (text["counted"], text["declared"], text["unverified"]) == ("2", "1", "1")
    assert text["score"] == f"{stored.score * 100:.0f}%" and text["latest_change"] == "v1 → v2"
    assert admin_url("chatsession_timeline", chain.pk) in row
    assert admin_url("chatsession_diff", chain.pk) + "?old=1&amp;new=2" in row
    assert admin_url("compactionrun_changelist") + f"?session={chain.pk}" in row
    # A first version has no audit: the one dash, and no diff to link.
    row = re.search(r"<tr>.*?one-version.*?</tr>", html, re.S).group(0)
    assert "first version" in row and "?old=" not in row
    # The "row" itself is the session's timeline.
    response = admin_client.get(admin_url("driftaudit_change", chain.pk))
    assert response.status_code == 302
    assert response["Location"] == admin_url("chatsession_timeline", chain.pk)


def test_the_drift_audit_reads_what_is_stored_and_never_recomputes(
    admin_client: Any, chain: ChatSession
) -> None:
    """A version written before audits were stored shows the one dash, not an audit run
    for the list (the timeline audits such versions)."""
    Checkpoint.objects.filter(session=chain, version=2).update(audit={})
    response = admin_client.get(admin_url("driftaudit_changelist"))
    html = response.content.decode()
    row = re.search(r"<tr>.*?conv-1.*?</tr>", html, re.S).group(0)
    for column in ("counted", "declared", "unverified", "score"):
        cell = re.search(rf'<td class="field-{column}[^"]*">(.*?)</td>', row, re.S).group(1)
        assert cell.strip() == "—", column


def _build(count: int, owner: Any) -> None:
    for index in range(count):
        session = services.session_create(
            owner=owner, external_id=f"audit-{ChatSession.objects.count()}-{index}"
        )
        services.message_append(session_id=session.pk, messages=chat(3))
        compact(session)
        services.message_append(session_id=session.pk, messages=chat(2, start=3))
        compact(session)


def test_the_drift_audit_costs_the_same_queries_whatever_the_rows(
    admin_client: Any, superuser: Any, django_assert_max_num_queries: Any
) -> None:
    _build(2, superuser)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            response = admin_client.get(admin_url("driftaudit_changelist"))
        assert response.status_code == 200
        return len(captured)

    few = queries()
    _build(12, superuser)
    with django_assert_max_num_queries(few):
        response = admin_client.get(admin_url("driftaudit_changelist"))
    assert len(response.context["cl"].result_list) == 14
    assert queries() == few


def test_the_drift_audit_is_for_whoever_may_read_the_drift_pages(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    reader = staff_user(django_user_model, "reader", "view_chatsession", "view_checkpoint")
    client.force_login(reader)
    assert client.get(admin_url("driftaudit_changelist")).status_code == 200
    assert ">Drift audit</a>" in _page(client, reverse("admin:index"))
    assert client.get(admin_url("chatsession_timeline", chain.pk)).status_code == 200

    sessions_only = staff_user(django_user_model, "sessions-only", "view_chatsession")
    client.force_login(sessions_only)
    assert client.get(admin_url("driftaudit_changelist")).status_code == 403
    assert "Drift audit" not in _page(client, reverse("admin:index"))

    # The list names every session: its own permission does not stand in for reading them.
    granted = staff_user(django_user_model, "granted", "view_driftaudit")
    client.force_login(granted)
    assert client.get(admin_url("driftaudit_changelist")).status_code == 403
