"""The operators' admin: pages, custom views, actions, permissions, escaping, query counts.

Data is built through the services, as in production; the admin never writes rows itself.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compaction import selectors, services
from compaction.admin import RECENT_MESSAGES
from compaction.admin.chart import ChartPoint, drift_chart_svg, nice_ticks
from compaction.admin.rendering import content_preview, render_content
from compaction.admin.views import side_by_side
from compaction.engine.drift import DiffLine
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from tests.support.helpers import (
    VALID_SUMMARY,
    ScriptedSummarizer,
    assistant,
    chat,
    tool_answer,
    tool_call,
    user,
)

pytestmark = pytest.mark.django_db

XSS = "<script>alert(1)</script>"
XSS_ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
# v2 drops src/parser.py (a critical path) and introduces lib/calendar_utils.py.
SUMMARY_V2 = VALID_SUMMARY.replace("src/parser.py", "lib/calendar_utils.py")


@pytest.fixture(autouse=True)
def small(compaction_settings: Any) -> None:
    """Thresholds small enough that a few messages compact; no drift-guard retries."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=100,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
        DRIFT_GUARD_MAX_LOSS=None,
    )


@pytest.fixture
def superuser(django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser("root", "root@example.com", "pw")


@pytest.fixture
def admin_client(client: Any, superuser: Any) -> Any:
    client.force_login(superuser)
    return client


def _staff(django_user_model: Any, username: str, *codenames: str) -> Any:
    staff = django_user_model.objects.create_user(username, password="pw", is_staff=True)
    if codenames:
        staff.user_permissions.set(
            Permission.objects.filter(content_type__app_label="compaction", codename__in=codenames)
        )
    return staff


VIEW_ALL = ("view_chatsession", "view_checkpoint", "view_message", "view_compactionrun")


def _compact(session: ChatSession, summary: str = VALID_SUMMARY) -> CompactionRun:
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        force=True,
        summarizer=ScriptedSummarizer(summary),
    )
    assert run.status == "succeeded", (run.status, run.reason, run.error)
    return run


@pytest.fixture
def chain(superuser: Any) -> ChatSession:
    """A session with two checkpoint versions (v1 -> v2 drops src/parser.py)."""
    session = services.session_create(owner=superuser, external_id="conv-1", agent_id="swe")
    services.message_append(session_id=session.pk, messages=chat(3))
    _compact(session)
    services.message_append(session_id=session.pk, messages=chat(3, start=3))
    _compact(session, SUMMARY_V2)
    session.refresh_from_db()
    assert session.checkpoint_version == 2
    return session


def _queue(session: ChatSession) -> CompactionRun:
    """A live (pending) run on ``session``, as a queued Celery compaction leaves it.

    The task itself is published on commit, which never comes inside a test transaction.
    """
    services.message_append(session_id=session.pk, messages=chat(3, start=50), auto_compact=False)
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api", force=True)
    assert run.status == "pending", run.reason
    return run


def _url(name: str, *args: Any) -> str:
    return reverse(f"admin:compaction_{name}", args=args)


def _session_urls(session: ChatSession) -> dict[str, str]:
    return {
        "diff": _url("chatsession_diff", session.pk),
        "timeline": _url("chatsession_timeline", session.pk),
        "originals": _url("chatsession_originals", session.pk, 1),
    }


def _messages(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


# ----------------------------------------------------------------------------- pages


def test_every_admin_page_renders_for_staff(admin_client: Any, chain: ChatSession) -> None:
    checkpoint = Checkpoint.objects.get(session=chain, version=2)
    message = Message.objects.filter(session=chain).first()
    run = CompactionRun.objects.filter(session=chain).first()
    urls = [
        reverse("admin:index"),
        reverse("admin:app_list", args=["compaction"]),
        _url("chatsession_changelist"),
        _url("chatsession_change", chain.pk),
        _url("message_changelist"),
        _url("message_changelist") + f"?session={chain.pk}",
        _url("message_change", message.pk),
        _url("checkpoint_changelist"),
        _url("checkpoint_changelist") + f"?session={chain.pk}",
        _url("checkpoint_change", checkpoint.pk),
        _url("compactionrun_changelist"),
        _url("compactionrun_change", run.pk),
        *_session_urls(chain).values(),
        _url("chatsession_originals", chain.pk, 2),
    ]
    for url in urls:
        response = admin_client.get(url)
        assert response.status_code == 200, url


@pytest.mark.parametrize(
    "query",
    [
        "?q=conv-1",
        "?q=root",
        "?q=swe",
        "?has_checkpoint=yes",
        "?has_checkpoint=no",
        "?over_threshold=yes",
        "?over_threshold=no",
        "?agent_id=swe",
    ],
)
def test_session_changelist_filters_and_search(
    admin_client: Any, chain: ChatSession, query: str
) -> None:
    response = admin_client.get(_url("chatsession_changelist") + query)
    assert response.status_code == 200


def test_session_search_by_id(admin_client: Any, chain: ChatSession) -> None:
    other = services.session_create(external_id="other")
    response = admin_client.get(_url("chatsession_changelist") + f"?q={chain.pk}")
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [chain]
    assert other not in response.context["cl"].result_list


@pytest.mark.parametrize(
    "url", ["compactionrun_changelist", "message_changelist", "checkpoint_changelist"]
)
def test_searching_garbage_is_not_an_error(admin_client: Any, chain: ChatSession, url: str) -> None:
    assert admin_client.get(_url(url) + "?q=not-a-uuid%00<b>").status_code == 200


def test_session_list_shows_tokens_against_threshold_and_live_run(
    admin_client: Any, chain: ChatSession
) -> None:
    live = _queue(chain)
    chain.refresh_from_db()
    response = admin_client.get(_url("chatsession_changelist"))
    html = response.content.decode()
    assert f"{chain.calibrated_tokens:,} / 2,000 (" in html
    assert _url("compactionrun_change", live.pk) in html
    assert ">pending</a>" in html


def test_over_threshold_filter_matches_the_trigger(admin_client: Any) -> None:
    """The SQL threshold (with per-session overrides) agrees with session_should_compact."""
    configs = [
        {},  # global threshold 2000
        {"COMPACTION_THRESHOLD": 50},
        {"COMPACTION_THRESHOLD": 100_000},
        {"COMPACTION_THRESHOLD": None, "CONTEXT_WINDOW": 1000, "RESERVE_TOKENS": 950},
        {"COMPACTION_THRESHOLD": None},  # 200k window - 20k reserve
    ]
    sessions = []
    for index, config in enumerate(configs):
        session = services.session_create(external_id=f"t{index}", config=config)
        services.message_append(session_id=session.pk, messages=chat(2), auto_compact=False)
        session.refresh_from_db()
        sessions.append(session)
    expected = {s.pk for s in sessions if selectors.session_should_compact(session=s)}
    assert 0 < len(expected) < len(sessions)
    over = admin_client.get(_url("chatsession_changelist") + "?over_threshold=yes")
    within = admin_client.get(_url("chatsession_changelist") + "?over_threshold=no")
    assert {s.pk for s in over.context["cl"].result_list} == expected
    assert {s.pk for s in within.context["cl"].result_list} == {s.pk for s in sessions} - expected


def test_session_page_shows_only_the_newest_messages(admin_client: Any) -> None:
    session = services.session_create(external_id="long")
    services.message_append(session_id=session.pk, messages=chat(15, words=5))  # 30 messages
    response = admin_client.get(_url("chatsession_change", session.pk))
    html = response.content.decode()
    seqs = [int(s) for s in re.findall(r'<td class="field-seq">\s*(\d+)\s*</td>', html)]
    assert seqs == list(range(31 - RECENT_MESSAGES, 31))
    assert f"{_url('message_changelist')}?session={session.pk}" in html
    for page in ("chatsession_timeline", "chatsession_diff"):
        assert _url(page, session.pk) in html


def test_message_page_labels_and_collapses_tool_blocks(admin_client: Any) -> None:
    session = services.session_create()
    services.message_append(
        session_id=session.pk,
        messages=[
            user("Run the tests please."),
            tool_call("toolu_01", "pytest -q", text="Running them."),
            tool_answer(
                "toolu_01", "FAILED tests/test_a.py::test_x\n" + "E   boom\n" * 40, error=True
            ),
            assistant("One test fails."),
        ],
    )
    call = Message.objects.get(session=session, seq=2)
    result = Message.objects.get(session=session, seq=3)
    html = admin_client.get(_url("message_change", call.pk)).content.decode()
    assert "tool call bash id=toolu_01" in html
    assert "command: pytest -q" in html
    assert "Running them." in html
    html = admin_client.get(_url("message_change", result.pk)).content.decode()
    assert "tool result for toolu_01 (error)" in html
    assert re.search(r'<details class="cmp-block cmp-tool-result cmp-error">', html)


def test_checkpoint_page_renders_the_summary_by_section_and_the_chain(
    admin_client: Any, chain: ChatSession
) -> None:
    first, second = Checkpoint.objects.filter(session=chain).order_by("version")
    html = admin_client.get(_url("checkpoint_change", first.pk)).content.decode()
    for section in ("Goal", "Constraints &amp; Preferences", "Progress", "Critical Context"):
        assert f"<h3>{section}</h3>" in html
    assert _url("checkpoint_change", second.pk) in html  # next version
    assert _url("chatsession_originals", chain.pk, 1) in html
    html = admin_client.get(_url("checkpoint_change", second.pk)).content.decode()
    assert _url("checkpoint_change", first.pk) in html  # previous version
    assert "old=1&amp;new=2" in html


def test_admin_is_read_only(admin_client: Any, chain: ChatSession) -> None:
    for name in ("chatsession", "message", "checkpoint", "compactionrun"):
        assert admin_client.get(_url(f"{name}_add")).status_code == 403
    message = Message.objects.filter(session=chain).first()
    before = Message.objects.get(pk=message.pk).content
    response = admin_client.post(_url("message_change", message.pk), {"content": '"x"'})
    assert response.status_code == 403
    assert Message.objects.get(pk=message.pk).content == before
    assert admin_client.post(_url("chatsession_delete", chain.pk)).status_code == 403
    assert ChatSession.objects.filter(pk=chain.pk).exists()


# ----------------------------------------------------------------------------- permissions


def test_custom_views_redirect_anonymous_users_to_login(client: Any, chain: ChatSession) -> None:
    for url in _session_urls(chain).values():
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("admin:login"))


def test_custom_views_refuse_staff_without_the_view_permission(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    client.force_login(_staff(django_user_model, "nobody"))
    for url in _session_urls(chain).values():
        assert client.get(url).status_code == 403, url
    # Viewing sessions alone does not open the checkpoints' summaries or the messages.
    client.force_login(_staff(django_user_model, "sessions-only", "view_chatsession"))
    for url in _session_urls(chain).values():
        assert client.get(url).status_code == 403, url


def test_custom_views_open_for_a_view_only_staff_user(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    client.force_login(_staff(django_user_model, "viewer", *VIEW_ALL))
    for url in _session_urls(chain).values():
        assert client.get(url).status_code == 200, url


def test_custom_views_404_on_unknown_session_or_version(
    admin_client: Any, chain: ChatSession
) -> None:
    assert admin_client.get(_url("chatsession_diff", "not-a-uuid")).status_code == 404
    missing = "00000000-0000-0000-0000-000000000000"
    assert admin_client.get(_url("chatsession_timeline", missing)).status_code == 404
    assert admin_client.get(_url("chatsession_originals", chain.pk, 99)).status_code == 404


# ----------------------------------------------------------------------------- diff


def test_diff_without_a_query_compares_the_latest_two_versions(
    admin_client: Any, chain: ChatSession
) -> None:
    response = admin_client.get(_url("chatsession_diff", chain.pk))
    assert response.status_code == 200
    assert response.context["report"] is not None
    assert (response.context["old"], response.context["new"]) == (1, 2)


def test_diff_reports_a_dropped_path_as_lost_and_a_new_one_as_added(
    admin_client: Any, chain: ChatSession
) -> None:
    response = admin_client.get(_url("chatsession_diff", chain.pk), {"old": 1, "new": 2})
    html = response.content.decode()
    lost = re.search(r'<ul class="cmp-facts" id="cmp-lost-facts">(.*?)</ul>', html, re.S)[1]
    added = re.search(r'<ul class="cmp-facts" id="cmp-added-facts">(.*?)</ul>', html, re.S)[1]
    assert re.search(
        r'<li class="cmp-lost[^"]*"><span class="cmp-kind">path</span> src/parser.py', lost
    )
    assert re.search(
        r'<li class="cmp-added[^"]*"><span class="cmp-kind">path</span> lib/calendar_utils.py',
        added,
    )
    assert "lib/calendar_utils.py" not in lost
    report = response.context["report"]
    assert report.drift_score > 0
    assert f"{len(report.retained)}</strong>facts retained" in html
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
    response = admin_client.get(_url("chatsession_diff", chain.pk), query)
    assert response.status_code == 200
    assert response.context["report"] is None
    assert not response.context["form"].is_valid()
    assert error in response.content.decode()
    assert "<b>x</b>" not in response.content.decode()


def test_diff_of_a_session_with_one_version_explains_itself(admin_client: Any) -> None:
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(3))
    _compact(session)
    response = admin_client.get(_url("chatsession_diff", session.pk))
    assert response.status_code == 200
    assert "a diff needs at least two" in response.content.decode()


# ----------------------------------------------------------------------------- timeline


def test_timeline_has_an_svg_chart_with_one_point_per_version(
    admin_client: Any, chain: ChatSession
) -> None:
    services.compaction_run_regenerate(
        session_id=chain.pk, trigger="command", summarizer=ScriptedSummarizer()
    )
    response = admin_client.get(_url("chatsession_timeline", chain.pk))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in html
    for series in ("chars", "tokens-before", "tokens-after"):
        points = re.findall(rf'class="cmp-pt cmp-pt-{series}" data-version="(\d+)"', html)
        assert points == ["1", "2", "3"], series
    # No drift for the first version: nothing to compare it with.
    assert re.findall(r'class="cmp-pt cmp-pt-drift" data-version="(\d+)"', html) == ["2", "3"]
    assert "<script" not in html.split("<svg", 1)[1].split("</svg>", 1)[0]
    # Ledger: v2 dropped src/parser.py and the regeneration (v3) brought it back: a gap.
    ledger = response.context["ledger"]
    entry = ledger.entry("path", "src/parser.py")
    assert (entry.first_version, entry.last_version, entry.gaps) == (1, 3, (2,))
    assert entry.in_latest
    entry = ledger.entry("path", "lib/calendar_utils.py")
    assert (entry.first_version, entry.last_version, entry.in_latest) == (2, 2, False)
    row = re.search(r"<tr>\s*<td[^>]*>lib/calendar_utils.py</td>(.*?)</tr>", html, re.S)[1]
    assert "✗" in row
    row = re.search(r"<tr>\s*<td[^>]*>src/parser.py</td>(.*?)</tr>", html, re.S)[1]
    assert "✓" in row and "v2" in row
    assert "Coverage of the archived originals" in html


def test_timeline_fact_filters_and_pages(admin_client: Any, chain: ChatSession) -> None:
    url = _url("chatsession_timeline", chain.pk)
    for query in ("?facts=lost", "?facts=gaps", "?facts=critical", "?facts=zzz", "?page=abc"):
        assert admin_client.get(url + query).status_code == 200
    lost = admin_client.get(url + "?facts=lost").context["ledger_page"]
    assert lost.object_list and all(not entry.in_latest for entry in lost.object_list)


def test_timeline_without_checkpoints(admin_client: Any) -> None:
    session = services.session_create()
    response = admin_client.get(_url("chatsession_timeline", session.pk))
    assert response.status_code == 200
    assert "no checkpoint yet" in response.content.decode()


# ----------------------------------------------------------------------------- originals


def test_originals_lists_the_messages_a_checkpoint_replaced(
    admin_client: Any, chain: ChatSession
) -> None:
    checkpoint = Checkpoint.objects.get(session=chain, version=1)
    archived = list(Message.objects.filter(compacted_by=checkpoint).order_by("seq"))
    assert archived
    response = admin_client.get(_url("chatsession_originals", chain.pk, 1))
    html = response.content.decode()
    shown = [int(s) for s in re.findall(r'<div class="cmp-message" id="message-(\d+)">', html)]
    assert shown == [m.seq for m in archived]
    assert admin_client.get(_url("chatsession_originals", chain.pk, 1) + "?p=zz").status_code == 200


# ----------------------------------------------------------------------------- actions


def _act(client: Any, action: str, *sessions: ChatSession, **extra: Any) -> Any:
    data = {"action": action, "_selected_action": [s.pk for s in sessions], "index": 0, **extra}
    return client.post(_url("chatsession_changelist"), data, follow=True)


def test_compact_now_writes_a_checkpoint(admin_client: Any) -> None:
    session = services.session_create(external_id="c")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "compact_now", session)
    assert response.status_code == 200
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1
    assert checkpoint.run.trigger == "admin" and checkpoint.run.force
    assert any("compacted into checkpoint v1" in m for m in _messages(response))


def test_compact_now_queues_when_auto_compact_is_async(
    admin_client: Any, compaction_settings: Any
) -> None:
    compaction_settings(AUTO_COMPACT="async")
    session = services.session_create(external_id="q")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "compact_now", session)
    run = CompactionRun.objects.get(session=session)
    assert (run.status, run.trigger, run.force) == ("pending", "admin", True)
    assert any("compaction queued" in m for m in _messages(response))


def test_compact_now_while_a_run_is_live_is_a_warning_not_an_error(
    admin_client: Any, chain: ChatSession
) -> None:
    _queue(chain)
    response = _act(admin_client, "compact_now", chain)
    assert response.status_code == 200
    assert any("already running" in m for m in _messages(response))
    assert Checkpoint.objects.filter(session=chain).count() == 2


def test_dry_run_estimate_writes_no_run(admin_client: Any) -> None:
    session = services.session_create(external_id="e")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "estimate", session)
    assert not CompactionRun.objects.filter(session=session).exists()
    assert not Checkpoint.objects.filter(session=session).exists()
    session.refresh_from_db()
    estimate = selectors.compaction_estimate(session=session)
    text = " ".join(_messages(response))
    assert f"would compact {estimate.messages_to_compact} message(s)" in text
    assert f"{estimate.tokens_before:,} → {estimate.tokens_after:,}" in text


def test_regenerate_writes_a_regenerate_checkpoint(admin_client: Any, chain: ChatSession) -> None:
    response = _act(admin_client, "regenerate", chain)
    latest = Checkpoint.objects.filter(session=chain).order_by("-version").first()
    assert (latest.version, latest.kind) == (3, "regenerate")
    assert latest.run.trigger == "admin"
    assert any(
        "regenerated from the originals into checkpoint v3" in m for m in _messages(response)
    )


def test_regenerate_without_a_checkpoint_warns(admin_client: Any) -> None:
    session = services.session_create(external_id="r")
    response = _act(admin_client, "regenerate", session)
    assert any("nothing to regenerate" in m for m in _messages(response))


def test_actions_from_the_session_page_come_back_to_it(
    admin_client: Any, chain: ChatSession
) -> None:
    page = _url("chatsession_change", chain.pk)
    assert 'value="compact_now"' in admin_client.get(page).content.decode()
    response = admin_client.post(
        _url("chatsession_changelist"),
        {"action": "estimate", "_selected_action": [chain.pk], "index": 0, "next": page},
    )
    assert response.status_code == 302 and response.url == page
    # An off-site "next" is ignored.
    response = admin_client.post(
        _url("chatsession_changelist"),
        {
            "action": "estimate",
            "_selected_action": [chain.pk],
            "index": 0,
            "next": "https://evil.example/",
        },
    )
    assert response.url != "https://evil.example/"


def test_view_only_staff_cannot_compact_or_regenerate(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    client.force_login(_staff(django_user_model, "viewer", *VIEW_ALL))
    changelist = client.get(_url("chatsession_changelist"))
    actions = [
        value for value, _label in changelist.context["action_form"].fields["action"].choices
    ]
    assert "estimate" in actions
    assert "compact_now" not in actions and "regenerate" not in actions
    page = client.get(_url("chatsession_change", chain.pk)).content.decode()
    assert 'value="estimate"' in page and 'value="compact_now"' not in page
    runs = CompactionRun.objects.count()
    for action in ("compact_now", "regenerate"):
        response = _act(client, action, chain)
        assert response.status_code == 200
    assert CompactionRun.objects.count() == runs
    assert Checkpoint.objects.filter(session=chain).count() == 2
    # The dry run writes nothing, so viewing is enough for it.
    response = _act(client, "estimate", chain)
    assert any("would" in m for m in _messages(response))


def test_staff_with_compact_permission_can_compact(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    # The change permission alone does not open the actions: compacting has its own.
    client.force_login(_staff(django_user_model, "editor", *VIEW_ALL, "change_chatsession"))
    _act(client, "compact_now", chain)
    assert Checkpoint.objects.filter(session=chain).count() == 2
    client.force_login(_staff(django_user_model, "operator", *VIEW_ALL, "compact_chatsession"))
    services.message_append(session_id=chain.pk, messages=chat(3, start=6))
    _act(client, "compact_now", chain)
    assert Checkpoint.objects.filter(session=chain).count() == 3
    # The permission opens the actions, never the form: the page stays read-only.
    page = client.get(_url("chatsession_change", chain.pk)).content.decode()
    assert 'name="external_id"' not in page


# ----------------------------------------------------------------------------- escaping


def test_summary_and_message_text_is_escaped_on_every_page(admin_client: Any) -> None:
    session = services.session_create(external_id=XSS, agent_id=XSS)
    services.message_append(
        session_id=session.pk,
        messages=[
            user(f"Please look at {XSS} in the form."),
            tool_call("toolu_x1", f"echo '{XSS}'", text=XSS),
            tool_answer("toolu_x1", XSS, error=True),
            *chat(3),
        ],
    )
    _compact(session)
    services.message_append(
        session_id=session.pk, messages=[*chat(2, start=3), user(f"Again: {XSS}")]
    )
    planted = VALID_SUMMARY + f"- Planted: {XSS}\n"
    _compact(session, planted)
    services.message_append(session_id=session.pk, messages=[assistant(f"Last: {XSS}")])
    archived = Message.objects.filter(session=session, seq=3).first()
    latest = Message.objects.filter(session=session).order_by("-seq").first()
    assert archived.compacted_by is not None and latest.compacted_by is None
    checkpoint = Checkpoint.objects.get(session=session, version=2)
    pages = {
        "diff": _url("chatsession_diff", session.pk) + "?old=1&new=2",
        "timeline": _url("chatsession_timeline", session.pk),
        "originals": _url("chatsession_originals", session.pk, 1),
        "checkpoint": _url("checkpoint_change", checkpoint.pk),
        "message": _url("message_change", archived.pk),
        "latest message": _url("message_change", latest.pk),
        "session": _url("chatsession_change", session.pk),
        "sessions": _url("chatsession_changelist"),
        "messages": _url("message_changelist"),
        "checkpoints": _url("checkpoint_changelist"),
        "runs": _url("compactionrun_changelist"),
    }
    for name, url in pages.items():
        html = admin_client.get(url).content.decode()
        assert XSS not in html, name
        assert "<script>alert" not in html, name
        assert XSS_ESCAPED in html, name


# ----------------------------------------------------------------------------- query counts


def _build_sessions(count: int, owner: Any) -> None:
    for index in range(count):
        session = services.session_create(
            owner=owner, external_id=f"bulk-{ChatSession.objects.count()}-{index}", agent_id="a"
        )
        services.message_append(session_id=session.pk, messages=chat(2))
        _compact(session)


COUNTED_PAGES = (
    "chatsession_changelist",
    "message_changelist",
    "checkpoint_changelist",
    "compactionrun_changelist",
)


def _query_counts(client: Any) -> dict[str, int]:
    counts = {}
    for name in COUNTED_PAGES:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(_url(name))
        assert response.status_code == 200
        counts[name] = len(queries)
    return counts


def test_changelists_do_not_query_per_row(admin_client: Any, superuser: Any) -> None:
    _build_sessions(10, superuser)
    assert Checkpoint.objects.count() == 10 and CompactionRun.objects.count() == 10
    few = _query_counts(admin_client)
    _build_sessions(90, superuser)
    assert ChatSession.objects.count() == 100 and Message.objects.count() == 400
    many = _query_counts(admin_client)
    assert many == few
    # And the pages really show more rows now.
    response = admin_client.get(_url("chatsession_changelist"))
    assert len(response.context["cl"].result_list) == 50


def test_session_page_never_loads_the_whole_history(admin_client: Any) -> None:
    session = services.session_create(external_id="history")
    services.message_append(session_id=session.pk, messages=chat(15, words=5))
    url = _url("chatsession_change", session.pk)

    def page_queries() -> list[str]:
        with CaptureQueriesContext(connection) as queries:
            assert admin_client.get(url).status_code == 200
        return [q["sql"] for q in queries]

    few = page_queries()
    services.message_append(session_id=session.pk, messages=chat(40, words=5, start=15))
    many = page_queries()
    assert len(many) == len(few)
    reads = [sql for sql in many if 'FROM "compaction_message"' in sql and "COUNT" not in sql]
    assert reads and all(f"LIMIT {RECENT_MESSAGES}" in sql for sql in reads), reads


def test_session_changelist_query_count_is_small(admin_client: Any, superuser: Any) -> None:
    _build_sessions(3, superuser)
    with CaptureQueriesContext(connection) as queries:
        admin_client.get(_url("chatsession_changelist"))
    # Session + user, counts, the agent filter's values, date hierarchy, the page itself.
    assert len(queries) <= 10, [q["sql"] for q in queries]


# ----------------------------------------------------------------------------- helpers


def test_side_by_side_pairs_removed_and_added_lines() -> None:
    lines = [
        DiffLine(" ", 1, 1, "same"),
        DiffLine("-", 2, None, "old a"),
        DiffLine("-", 3, None, "old b"),
        DiffLine("+", None, 2, "new a"),
        DiffLine(" ", 4, 3, "tail"),
        DiffLine("+", None, 4, "appended"),
    ]
    rows = side_by_side(lines)
    assert [(r.kind, r.old_text, r.new_text) for r in rows] == [
        ("equal", "same", "same"),
        ("replace", "old a", "new a"),
        ("delete", "old b", None),
        ("equal", "tail", "tail"),
        ("insert", None, "appended"),
    ]


def test_nice_ticks() -> None:
    assert nice_ticks(0) == [0.0, 1.0]
    assert nice_ticks(45_210) == [0, 10_000, 20_000, 30_000, 40_000, 50_000]
    ticks = nice_ticks(7)
    assert ticks[0] == 0 and ticks[-1] >= 7 and len(ticks) <= 7


def test_drift_chart_has_axes_legend_and_a_point_per_version() -> None:
    points = [
        ChartPoint(version=v, chars=1000 * v, tokens_before=9000, tokens_after=3000, drift=d)
        for v, d in ((1, None), (2, 0.25), (3, 0.5))
    ]
    svg = str(drift_chart_svg(points))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("cmp-pt-chars") == 3 and svg.count("cmp-pt-drift") == 2
    for label in ("tokens", "chars", "checkpoint version", "drift score", "v1", "v3", "100%"):
        assert label in svg
    assert "No checkpoint yet" in str(drift_chart_svg([]))


def test_render_content_escapes_and_labels_blocks() -> None:
    html = str(
        render_content(
            [
                {"type": "text", "text": XSS},
                {"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": XSS}},
                {"type": "tool_result", "tool_use_id": "t1", "content": "x\n" * 50},
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/png", "data": "A" * 99},
                },
                {"type": "mystery", "value": XSS},
            ]
        )
    )
    assert XSS not in html and html.count(XSS_ESCAPED) == 3
    assert "tool call bash id=t1" in html
    assert "<details" in html and "tool result for t1" in html
    assert "image: image/png" in html and "A" * 99 not in html
    assert str(render_content(XSS)).count(XSS_ESCAPED) == 1
    assert content_preview([{"type": "text", "text": "a " * 200}], 20).endswith("…")
