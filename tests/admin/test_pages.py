"""The model admins' pages: sessions, messages, checkpoints and runs.

Changelists with their filters and search, the change pages, read-only-ness, escaping of
stored text on every admin page, and query counts that must not grow with the rows.
Data is built through the services, as in production; the admin never writes rows itself.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compaction import selectors, services
from compaction.admin import RECENT_MESSAGES
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from tests.support.admin import XSS, XSS_ESCAPED, admin_url, compact, queue, session_urls
from tests.support.agent_outputs import bash
from tests.support.helpers import VALID_SUMMARY, assistant, chat, tool_answer, tool_call, user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]


# ----------------------------------------------------------------------------- pages


def test_every_admin_page_renders_for_staff(admin_client: Any, chain: ChatSession) -> None:
    checkpoint = Checkpoint.objects.get(session=chain, version=2)
    message = Message.objects.filter(session=chain).first()
    run = CompactionRun.objects.filter(session=chain).first()
    urls = [
        reverse("admin:index"),
        reverse("admin:app_list", args=["compaction"]),
        admin_url("chatsession_changelist"),
        admin_url("chatsession_change", chain.pk),
        admin_url("message_changelist"),
        admin_url("message_changelist") + f"?session={chain.pk}",
        admin_url("message_change", message.pk),
        admin_url("checkpoint_changelist"),
        admin_url("checkpoint_changelist") + f"?session={chain.pk}",
        admin_url("checkpoint_change", checkpoint.pk),
        admin_url("compactionrun_changelist"),
        admin_url("compactionrun_change", run.pk),
        *session_urls(chain).values(),
        admin_url("chatsession_originals", chain.pk, 2),
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
    response = admin_client.get(admin_url("chatsession_changelist") + query)
    assert response.status_code == 200


def test_session_search_by_id(admin_client: Any, chain: ChatSession) -> None:
    other = services.session_create(external_id="other")
    response = admin_client.get(admin_url("chatsession_changelist") + f"?q={chain.pk}")
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [chain]
    assert other not in response.context["cl"].result_list


@pytest.mark.parametrize(
    "url", ["compactionrun_changelist", "message_changelist", "checkpoint_changelist"]
)
def test_searching_garbage_is_not_an_error(admin_client: Any, chain: ChatSession, url: str) -> None:
    assert admin_client.get(admin_url(url) + "?q=not-a-uuid%00<b>").status_code == 200


def test_session_list_shows_tokens_against_threshold_and_live_run(
    admin_client: Any, chain: ChatSession
) -> None:
    live = queue(chain)
    chain.refresh_from_db()
    response = admin_client.get(admin_url("chatsession_changelist"))
    html = response.content.decode()
    assert f"{chain.calibrated_tokens:,} / 2,000 (" in html
    assert admin_url("compactionrun_change", live.pk) in html
    assert ">pending</a>" in html


def test_over_threshold_filter_matches_the_trigger(admin_client: Any) -> None:
    """The SQL threshold (with per-session overrides) agrees with session_should_compact."""
    configs = [
        {},  # global threshold 2000
        {"COMPACTION_THRESHOLD": 50},
        {"COMPACTION_THRESHOLD": 100_000},
        # A 50-token window minus reserve: the window guard refuses it now, so the configs
        # are written to the rows as stored (this one by a version before the guard).
        {"COMPACTION_THRESHOLD": None, "CONTEXT_WINDOW": 1000, "RESERVE_TOKENS": 950},
        {"COMPACTION_THRESHOLD": None},  # 200k window - 20k reserve
    ]
    sessions = []
    for index, config in enumerate(configs):
        session = services.session_create(external_id=f"t{index}")
        ChatSession.objects.filter(pk=session.pk).update(config=config)
        services.message_append(session_id=session.pk, messages=chat(2), auto_compact=False)
        session.refresh_from_db()
        sessions.append(session)
    expected = {s.pk for s in sessions if selectors.session_should_compact(session=s)}
    assert 0 < len(expected) < len(sessions)
    over = admin_client.get(admin_url("chatsession_changelist") + "?over_threshold=yes")
    within = admin_client.get(admin_url("chatsession_changelist") + "?over_threshold=no")
    assert {s.pk for s in over.context["cl"].result_list} == expected
    assert {s.pk for s in within.context["cl"].result_list} == {s.pk for s in sessions} - expected


def test_session_page_shows_its_window_warnings(admin_client: Any) -> None:
    fine = services.session_create(external_id="fine")
    page = admin_client.get(admin_url("chatsession_change", fine.pk)).content.decode()
    assert "Window warnings" in page and "under 32,000" not in page
    small = services.session_create(
        external_id="small", config={"CONTEXT_WINDOW": 48_000, "KEEP_RECENT_TOKENS": 8_000}
    )
    page = admin_client.get(admin_url("chatsession_change", small.pk)).content.decode()
    assert "is 28,000 tokens, under 32,000" in page and "(compaction.W007)" in page


def test_session_page_shows_only_the_newest_messages(admin_client: Any) -> None:
    session = services.session_create(external_id="long")
    services.message_append(session_id=session.pk, messages=chat(15, words=5))  # 30 messages
    response = admin_client.get(admin_url("chatsession_change", session.pk))
    html = response.content.decode()
    seqs = [int(s) for s in re.findall(r'<td class="field-seq">\s*(\d+)\s*</td>', html)]
    assert seqs == list(range(31 - RECENT_MESSAGES, 31))
    assert f"{admin_url('message_changelist')}?session={session.pk}" in html
    for page in ("chatsession_timeline", "chatsession_diff"):
        assert admin_url(page, session.pk) in html


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
    html = admin_client.get(admin_url("message_change", call.pk)).content.decode()
    assert "tool call bash id=toolu_01" in html
    assert "command: pytest -q" in html
    assert "Running them." in html
    html = admin_client.get(admin_url("message_change", result.pk)).content.decode()
    assert "tool result for toolu_01 (error)" in html
    assert re.search(r'<details class="cmp-block cmp-tool-result cmp-error">', html)


def test_checkpoint_page_renders_the_summary_first_and_the_chain(
    admin_client: Any, chain: ChatSession
) -> None:
    first, second = Checkpoint.objects.filter(session=chain).order_by("version")
    html = admin_client.get(admin_url("checkpoint_change", first.pk)).content.decode()
    # The summary, as Markdown, before every fieldset; the raw JSON after it, closed.
    panel = html.index('id="cmp-summary"')
    for section in ("Goal", "Constraints &amp; Preferences", "Progress", "Critical Context"):
        assert html.index(f"<h2>{section}</h2>", panel) > panel
    assert panel < html.index('class="module aligned') < html.index('class="cmp-json"')
    raw = re.search(r'<fieldset class="module aligned collapse"[^>]*>\s*<details>', html)
    assert raw and raw.start() < html.index('class="cmp-json"')
    assert admin_url("checkpoint_change", second.pk) in html  # next version
    assert admin_url("chatsession_originals", chain.pk, 1) in html
    html = admin_client.get(admin_url("checkpoint_change", second.pk)).content.decode()
    assert admin_url("checkpoint_change", first.pk) in html  # previous version
    assert "old=1&amp;new=2" in html


def test_checkpoint_page_shows_the_preserved_text_as_carried(admin_client: Any) -> None:
    session = services.session_create()
    services.message_append(
        session_id=session.pk,
        messages=[
            user("Render the invoice template."),
            *bash("python render.py", f"ValueError: unknown tag {XSS}", error=True),
            assistant("Decision: escape every tag before rendering."),
            *chat(3),
        ],
    )
    compact(session)
    checkpoint = Checkpoint.objects.get(session=session)
    assert [item["kind"] for item in checkpoint.preserved] == ["decision", "error"]
    html = admin_client.get(admin_url("checkpoint_change", checkpoint.pk)).content.decode()
    fieldset = html.split("Carried verbatim", 1)[1]
    assert "Preserved text:" in fieldset
    assert (
        '<div class="cmp-block cmp-preserved-error cmp-error"><div class="cmp-label">error · '
        f'message #3</div><pre class="cmp-body">ValueError: unknown tag {XSS_ESCAPED}</pre></div>'
    ) in fieldset
    assert "decision · message #4</div>" in fieldset
    assert fieldset.index("decision · message #4") < fieldset.index("error · message #3")
    assert XSS not in html


def test_admin_is_read_only(admin_client: Any, chain: ChatSession) -> None:
    for name in ("chatsession", "message", "checkpoint", "compactionrun"):
        assert admin_client.get(admin_url(f"{name}_add")).status_code == 403
    message = Message.objects.filter(session=chain).first()
    before = Message.objects.get(pk=message.pk).content
    response = admin_client.post(admin_url("message_change", message.pk), {"content": '"x"'})
    assert response.status_code == 403
    assert Message.objects.get(pk=message.pk).content == before
    assert admin_client.post(admin_url("chatsession_delete", chain.pk)).status_code == 403
    assert ChatSession.objects.filter(pk=chain.pk).exists()


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
    compact(session)
    services.message_append(
        session_id=session.pk, messages=[*chat(2, start=3), user(f"Again: {XSS}")]
    )
    planted = VALID_SUMMARY + f"- Planted: {XSS}\n"
    compact(session, planted)
    services.message_append(session_id=session.pk, messages=[assistant(f"Last: {XSS}")])
    states = Message.objects.filter(session=session).with_checkpoint()
    archived = states.get(seq=3)
    latest = states.order_by("-seq").first()
    assert archived.checkpoint_id is not None and latest.checkpoint_id is None
    checkpoint = Checkpoint.objects.get(session=session, version=2)
    pages = {
        "diff": admin_url("chatsession_diff", session.pk) + "?old=1&new=2",
        "timeline": admin_url("chatsession_timeline", session.pk),
        "originals": admin_url("chatsession_originals", session.pk, 1),
        "checkpoint": admin_url("checkpoint_change", checkpoint.pk),
        "message": admin_url("message_change", archived.pk),
        "latest message": admin_url("message_change", latest.pk),
        "session": admin_url("chatsession_change", session.pk),
        "sessions": admin_url("chatsession_changelist"),
        "messages": admin_url("message_changelist"),
        "checkpoints": admin_url("checkpoint_changelist"),
        "runs": admin_url("compactionrun_changelist"),
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
        compact(session)


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
            response = client.get(admin_url(name))
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
    response = admin_client.get(admin_url("chatsession_changelist"))
    assert len(response.context["cl"].result_list) == 50


def test_session_page_never_loads_the_whole_history(admin_client: Any) -> None:
    session = services.session_create(external_id="history")
    services.message_append(session_id=session.pk, messages=chat(15, words=5))
    url = admin_url("chatsession_change", session.pk)

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
        admin_client.get(admin_url("chatsession_changelist"))
    # Session + user, counts, the agent filter's values, date hierarchy, the page itself.
    assert len(queries) <= 10, [q["sql"] for q in queries]


def test_session_page_lists_its_memory_flushes_escaped(admin_client: Any) -> None:
    session = services.session_create(external_id="flushes")
    services.message_append(session_id=session.pk, messages=chat(3, words=5))
    services.memory_flush_record(session_id=session.pk, outcome="spoke", response_text=XSS)
    html = admin_client.get(admin_url("chatsession_change", session.pk)).content.decode()
    assert "Memory flushes (one per cycle" in html
    assert XSS not in html and XSS_ESCAPED in html
    assert re.search(r'<td class="field-outcome">\s*(?:<p>)?spoke', html), "outcome not shown"
