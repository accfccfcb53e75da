"""The admin in a real browser: log in, read a session's drift timeline and a diff.

Runs headless Debian Chromium through Selenium (tests.support.browser) against
pytest-django's live server, and leaves screenshots in test-artifacts/ for a human to
look at.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from compaction import services
from compaction.models import ChatSession
from tests.support import OPENHANDS, ROOT
from tests.support.browser import chromium

ARTIFACTS = ROOT / "test-artifacts"
TRANSCRIPTS = ROOT / "fixtures" / "transcripts"
PASSWORD = "correct horse battery staple"
SESSION_TRANSCRIPTS = (
    "oh-1-ponylang__ponyc-4595",
    "swe-00-marshmallow-code__marshmallow-1867",
    "swe-01-marshmallow-code__marshmallow-1867",
    "swe-02-function_calling_simple",
)


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    with chromium() as driver:
        yield driver


@pytest.fixture
def session_with_history(django_user_model: Any, compaction_settings: Any) -> ChatSession:
    """The demo's long session: the real transcripts, compacted after each one.

    The offline summarizer (no API key in tests) writes real, drifting summaries, so the
    timeline and the diff show what an operator would see.
    """
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=6_000, SUMMARIZER=None)
    owner = django_user_model.objects.create_superuser("operator", "op@example.com", PASSWORD)
    session = services.session_create(
        owner=owner,
        external_id="demo-all-transcripts",
        agent_id="swe-agent",
        system_prompt="You are an autonomous programmer working in a repository.",
    )
    # An OpenHands run that leaves its build failing, then three SWE-agent runs: the ledger
    # has files changed, commands, and errors open and resolved.
    for name in SESSION_TRANSCRIPTS:
        folder = OPENHANDS if name.startswith("oh-") else TRANSCRIPTS
        messages = json.loads((folder / f"{name}.json").read_text())["messages"]
        services.message_append(session_id=session.pk, messages=messages)
        services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    # The repair an operator runs from the admin: a version regenerated from the originals.
    services.compaction_run_regenerate(session_id=session.pk, trigger="admin")
    session.refresh_from_db()
    assert session.checkpoint_version >= 4, session.checkpoint_version
    return session


def _wait(driver: WebDriver, css: str) -> Any:
    # While a page is replaced, ChromeDriver may answer a lookup with "Node with given id
    # does not belong to the document" (a plain WebDriverException, not a stale element):
    # a moment of the navigation, so the wait tries again.
    return WebDriverWait(driver, 20, ignored_exceptions=(WebDriverException,)).until(
        ec.visibility_of_element_located((By.CSS_SELECTOR, css))
    )


def _screenshot(driver: WebDriver, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    assert driver.save_screenshot(str(path)), path
    return path


#: What overflows: the page wider than the window, a changelist wider than its scrolling
#: box, or a table or chart wider than what holds it (a cut column).
OVERFLOWS = """
const found = [];
if (document.documentElement.scrollWidth > window.innerWidth) found.push("page");
for (const box of document.querySelectorAll(".results")) {
  if (box.scrollWidth > box.clientWidth + 1) found.push("changelist");
}
for (const el of document.querySelectorAll("#content table, #content svg")) {
  const outer = el.parentElement.getBoundingClientRect().width;
  const name = el.id || el.className.baseVal || el.className || el.tagName;
  if (el.getBoundingClientRect().width > outer + 1) found.push(name);
}
return found;
"""


def _fits(driver: WebDriver) -> None:
    assert driver.execute_script("return document.documentElement.scrollWidth") <= (
        driver.execute_script("return window.innerWidth")
    )
    assert driver.execute_script(OVERFLOWS) == [], driver.current_url


def _no_boolean_icons(driver: WebDriver) -> None:
    """Django draws a boolean as a red cross or a green tick: none on these pages."""
    icons = 'img[src$="icon-no.svg"], img[src$="icon-yes.svg"]'
    assert driver.find_elements(By.CSS_SELECTOR, icons) == [], driver.current_url


@pytest.mark.django_db(transaction=True)
def test_operator_reads_the_drift_timeline_and_a_diff(
    live_server: Any, browser: WebDriver, session_with_history: ChatSession
) -> None:
    session = session_with_history
    versions = session.checkpoint_version

    # Log in through the admin's own form.
    browser.get(live_server.url + reverse("admin:login") + "?next=" + reverse("admin:index"))
    browser.find_element(By.NAME, "username").send_keys("operator")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "#login-form [type=submit]").click()
    _wait(browser, "#user-tools")
    # Compare lower-cased: the admin's CSS upper-cases captions, and .text is what is shown.
    assert "conversation compaction" in browser.find_element(By.ID, "content").text.lower()

    # From the session's page to its drift timeline.
    browser.get(live_server.url + reverse("admin:compaction_chatsession_change", args=[session.pk]))
    browser.find_element(By.CSS_SELECTOR, ".object-tools a[href$='/timeline/']").click()
    chart = _wait(browser, "svg.cmp-chart")
    # The crumbs follow the running admin's markup (an <ol> on Django 6.1, a <div> before),
    # so the admin's stylesheet paints them as on its own pages.
    crumbs = browser.find_element(By.CSS_SELECTOR, ".breadcrumbs")
    assert crumbs.value_of_css_property("background-color") == "rgba(38, 75, 93, 1)"
    assert "Drift timeline" in crumbs.text
    assert chart.size["width"] > 600 and chart.size["height"] > 300
    points = browser.find_elements(By.CSS_SELECTOR, "svg.cmp-chart circle.cmp-pt-chars")
    assert len(points) == versions
    body = browser.find_element(By.TAG_NAME, "body").text.lower()
    for text in ("drift timeline", f"{versions} versions", "items", "coverage of the files"):
        assert text in body, text
    assert "context tokens before" in chart.text and "checkpoint version" in chart.text
    # The regenerated version is marked: its items are numbered afresh, values compared.
    marks = browser.find_elements(By.CSS_SELECTOR, "svg.cmp-chart g.cmp-regenerated")
    assert [m.get_attribute("data-version") for m in marks] == [str(versions)]
    table = browser.find_element(By.CSS_SELECTOR, "#cmp-versions").text
    assert "regenerated" in table and "declared" in table and "no item identity" in table
    definition = browser.find_element(By.ID, "cmp-score-definition").text
    assert "silently dropped, silently changed, or confirmed lost by a judge" in definition
    # Every item with its id, and how it ended: the offline summarizer declares what it
    # leaves out, so nothing of its chain is dropped silently.
    items = browser.find_element(By.ID, "cmp-items")
    assert "none dropped without a declaration" in items.text
    ended = items.find_elements(By.CSS_SELECTOR, "#cmp-items-table .cmp-verdict-kept")
    assert {e.text.lower() for e in ended} >= {"superseded", "obsolete"}
    assert items.find_element(By.CSS_SELECTOR, "#cmp-items-table code").text.startswith("c")
    # Named by the session, not its UUID; nothing cut or overflowing.
    assert browser.title.startswith("demo-all-transcripts | Drift timeline")
    assert str(session.pk) not in crumbs.text
    _fits(browser)
    browser.execute_script("window.scrollTo(0, 0)")
    _screenshot(browser, "admin-drift-timeline.png")

    # Coverage: what the tool calls did, most needed first (the open errors, then the files
    # changed), each linked to its message, whether the payload's section or the summary
    # carries it; the rest behind a toggle.
    coverage = browser.find_element(By.ID, "cmp-coverage")
    browser.execute_script("arguments[0].scrollIntoView()", coverage)
    rows = coverage.find_elements(By.CSS_SELECTOR, "#cmp-coverage-table tbody tr")
    assert len(rows) == 10
    groups = [row.find_elements(By.TAG_NAME, "td")[0].text for row in rows]
    assert groups[0] == "Unresolved errors" and "Files changed" in groups
    assert groups.index("Files changed") == groups.count("Unresolved errors")
    assert rows[0].find_element(By.TAG_NAME, "a").get_attribute("href").endswith("/change/")
    assert "ponyc: No such file or directory" in rows[0].text and "#43" in rows[0].text
    toggle = coverage.find_element(By.CSS_SELECTOR, "details#cmp-coverage-rest")
    assert not toggle.find_element(By.TAG_NAME, "table").is_displayed()
    assert "reach the model" in coverage.text
    _screenshot(browser, "admin-drift-coverage.png")

    # The latest checkpoint's page: its Files & artifacts after the summary.
    browser.find_element(By.CSS_SELECTOR, "#cmp-versions tbody tr:last-child a").click()
    panel = _wait(browser, "#cmp-artifacts")
    headings = [h.text for h in panel.find_elements(By.CSS_SELECTOR, "h3.cmp-artifact-group")]
    assert headings[0].startswith("Unresolved errors") and headings[1].startswith("Files changed")
    changed = panel.find_elements(By.CSS_SELECTOR, "tr.cmp-changed code")
    assert "/testbed/src/marshmallow/fields.py" in [c.text for c in changed]
    assert (
        panel.find_element(By.CSS_SELECTOR, "tr.cmp-lost a")
        .get_attribute("href")
        .endswith("/change/")
    )
    section = panel.find_element(By.CSS_SELECTOR, "#cmp-artifacts-section")
    assert not section.find_element(By.TAG_NAME, "pre").is_displayed()
    browser.execute_script("arguments[0].scrollIntoView()", panel)
    _screenshot(browser, "admin-checkpoint-artifacts.png")
    browser.back()

    # Compare the first and the latest version with the form.
    browser.find_element(By.LINK_TEXT, "Diff versions").click()
    _wait(browser, "#cmp-diff-form")
    Select(browser.find_element(By.NAME, "old")).select_by_value("1")
    Select(browser.find_element(By.NAME, "new")).select_by_value(str(versions))
    browser.find_element(By.CSS_SELECTOR, "#cmp-diff-form [type=submit]").click()
    # The page before the submit has a summary too: wait for the new page (by its URL, no
    # element of the old one touched) before looking for the summary.
    WebDriverWait(browser, 20).until(ec.url_contains(f"old=1&new={versions}"))
    summary = _wait(browser, "#cmp-diff-summary")
    assert f"v1 → v{versions}" in summary.text
    # Across the regeneration: no ids in common, so the values are what is compared.
    for text in ("drift score", "values lost", "values changed silently", "unverified"):
        assert text in summary.text.lower(), text
    assert "no item identity" in browser.find_element(By.ID, "cmp-protocol").text
    assert _wait(browser, "table.cmp-diff").is_displayed()
    assert f"old=1&new={versions}" in browser.current_url
    _screenshot(browser, "admin-diff-values.png")

    # The previous change, with ids: declared removals listed, the reworded unverified.
    Select(browser.find_element(By.NAME, "old")).select_by_value(str(versions - 2))
    Select(browser.find_element(By.NAME, "new")).select_by_value(str(versions - 1))
    browser.find_element(By.CSS_SELECTOR, "#cmp-diff-form [type=submit]").click()
    WebDriverWait(browser, 20).until(ec.url_contains(f"old={versions - 2}&new={versions - 1}"))
    assert "item ids" in _wait(browser, "#cmp-protocol").text
    declared = browser.find_element(By.ID, "cmp-declared")
    assert declared.find_elements(By.CSS_SELECTOR, "tbody tr code")
    counted = browser.find_element(By.ID, "cmp-counted")
    assert "every item of" in counted.text and "still there with its values, or declared" in (
        counted.text
    )
    assert browser.title.startswith("demo-all-transcripts | Compare summary versions")
    _fits(browser)
    browser.execute_script("arguments[0].scrollIntoView()", declared)
    _screenshot(browser, "admin-diff.png")


@pytest.mark.django_db(transaction=True)
def test_operator_reads_what_an_update_dropped_changed_and_declared(
    live_server: Any, browser: WebDriver, django_user_model: Any, compaction_settings: Any
) -> None:
    """v2 drops an item and changes a path without a word, supersedes one item and rewords
    another: the diff counts the first two, lists the others, and the items say so."""
    from tests.support.admin import compact
    from tests.support.helpers import UPDATED_SUMMARY, chat

    compaction_settings(AUTO_COMPACT="off", COMPACTION_THRESHOLD=2000, KEEP_RECENT_TOKENS=100)
    owner = django_user_model.objects.create_superuser("operator", "op@example.com", PASSWORD)
    session = services.session_create(owner=owner, external_id="date-parser")
    services.message_append(session_id=session.pk, messages=chat(3))
    compact(session)
    services.message_append(session_id=session.pk, messages=chat(3, start=3))
    compact(session, UPDATED_SUMMARY)
    _login(browser, live_server)
    browser.get(live_server.url + reverse("admin:compaction_chatsession_diff", args=[session.pk]))
    summary = _wait(browser, "#cmp-diff-summary")
    assert "2 of 9 items" in summary.text and "item ids" in summary.text
    counted = browser.find_element(By.ID, "cmp-counted")
    rows = counted.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [row.find_element(By.TAG_NAME, "code").text for row in rows] == ["c6", "c8"]
    assert "src/parser.py → lib/calendar_utils.py" in rows[1].text
    _screenshot(browser, "admin-diff-counted.png")
    unverified = browser.find_element(By.ID, "cmp-unverified")
    browser.execute_script("arguments[0].scrollIntoView()", unverified)
    assert "c4" in unverified.text and "No judge is configured" in unverified.text
    _screenshot(browser, "admin-diff-unverified.png")
    browser.get(
        live_server.url + reverse("admin:compaction_chatsession_timeline", args=[session.pk])
    )
    items = _wait(browser, "#cmp-items")
    browser.execute_script("arguments[0].scrollIntoView()", items)
    first = items.find_element(By.CSS_SELECTOR, "#cmp-items-table tbody tr")
    assert "c6" in first.text and "silently in v2" in first.text
    _screenshot(browser, "admin-timeline-items.png")


@pytest.mark.django_db(transaction=True)
def test_operator_reads_a_turn_with_server_tools(
    live_server: Any, browser: WebDriver, django_user_model: Any
) -> None:
    from compaction.models import Message
    from tests.support.responses import conversation

    owner = django_user_model.objects.create_superuser("operator", "op@example.com", PASSWORD)
    session = services.session_create(owner=owner, external_id="server-tools")
    services.message_append(session_id=session.pk, messages=conversation(none_fields=True))
    turn = Message.objects.get(session=session, seq=6)  # bash, file view, failing code run

    browser.get(live_server.url + reverse("admin:login"))
    browser.find_element(By.NAME, "username").send_keys("operator")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "#login-form [type=submit]").click()
    _wait(browser, "#user-tools")
    browser.get(live_server.url + reverse("admin:compaction_message_change", args=[turn.pk]))
    content = _wait(browser, ".cmp-content")
    labels = [e.text for e in content.find_elements(By.CSS_SELECTOR, ".cmp-label")]
    assert any(text.startswith("server tool bash_code_execution") for text in labels), labels
    assert any("bash result (exit code 0)" in text for text in labels), labels
    failing = content.find_element(By.CSS_SELECTOR, ".cmp-tool-result.cmp-error")
    assert "code execution result (exit code 1) (error)" in failing.text
    # Long output starts collapsed; opening it shows the log.
    log = content.find_elements(By.CSS_SELECTOR, "details.cmp-tool-result")[0]
    log.find_element(By.TAG_NAME, "summary").click()
    assert "test_case_399 PASSED" in log.text
    browser.execute_script("arguments[0].scrollIntoView()", failing)
    _screenshot(browser, "admin-server-tools.png")


def _login(browser: WebDriver, live_server: Any) -> None:
    browser.get(live_server.url + reverse("admin:login"))
    browser.find_element(By.NAME, "username").send_keys("operator")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "#login-form [type=submit]").click()
    _wait(browser, "#user-tools")


# The admin's --breadcrumbs-bg (#264b5d): what an unstyled trail (Django 6.1 styles only
# <ol class="breadcrumbs">) does not get.
BREADCRUMBS_BG = "rgba(38, 75, 93, 1)"


@pytest.mark.django_db(transaction=True)
def test_custom_pages_match_this_djangos_admin_layout(
    live_server: Any, browser: WebDriver, session_with_history: ChatSession
) -> None:
    """Breadcrumbs styled and the session's actions below its title, on each Django series
    CI runs; the screenshots carry the series in their name."""
    import django

    series = "{}.{}".format(*django.VERSION[:2])
    session = session_with_history
    _login(browser, live_server)
    pages = {
        "timeline": reverse("admin:compaction_chatsession_timeline", args=[session.pk]),
        "diff": reverse("admin:compaction_chatsession_diff", args=[session.pk]) + "?old=1&new=2",
        "originals": reverse("admin:compaction_chatsession_originals", args=[session.pk, 1]),
    }
    for name, url in pages.items():
        browser.get(live_server.url + url)
        trail = _wait(browser, ".breadcrumbs")
        assert trail.value_of_css_property("background-color") == BREADCRUMBS_BG, name
        links = trail.find_elements(By.TAG_NAME, "a")
        assert [link.text for link in links][:1] == ["Home"], name
        assert (
            links[-1]
            .get_attribute("href")
            .endswith(reverse("admin:compaction_chatsession_change", args=[session.pk]))
        ), name
        # One line: the trail's crumbs sit side by side, not one per row.
        assert trail.size["height"] < 60, (name, trail.size)
        _screenshot(browser, f"admin-{name}-django{series}.png")

    browser.get(live_server.url + reverse("admin:compaction_chatsession_change", args=[session.pk]))
    title = _wait(browser, "#content h1")
    actions = _wait(browser, "#cmp-session-actions")
    tools = _wait(browser, ".object-tools")
    below_title = title.location["y"] + title.size["height"]
    assert actions.location["y"] >= below_title, "the actions crowd the title row"
    assert tools.find_element(By.CSS_SELECTOR, "a[href$='/timeline/']").is_displayed()
    buttons = actions.find_elements(By.TAG_NAME, "button")
    assert [b.text for b in buttons] == [
        "Dry-run estimate", "Compact now", "Regenerate from originals",
    ]  # fmt: skip
    # The buttons share one row.
    assert len({b.location["y"] for b in buttons}) == 1
    _screenshot(browser, f"admin-session-django{series}.png")


@pytest.mark.django_db(transaction=True)
def test_operator_pages_read_well_and_fit(
    live_server: Any, browser: WebDriver, session_with_history: ChatSession
) -> None:
    """The newcomer's complaints, looked at in a browser at 1400 x 1000: the index leads to
    the drift audit and the runs; pages are named by the session; no column of crosses;
    the summary first; tables that fit (at 1280 too)."""
    from compaction.models import Checkpoint

    session = session_with_history
    latest = Checkpoint.objects.get(session=session, version=session.checkpoint_version)
    _login(browser, live_server)

    # The index: a way to the drift pages and to the runs.
    browser.get(live_server.url + reverse("admin:index"))
    module = _wait(browser, "#content-main .app-compaction")
    assert module.find_element(By.LINK_TEXT, "Drift audit").is_displayed()
    assert module.find_element(By.LINK_TEXT, "Compaction runs").is_displayed()
    _fits(browser)
    _screenshot(browser, "admin-index.png")

    # The drift audit overview: the stored figures, each session leading to its timeline.
    module.find_element(By.LINK_TEXT, "Drift audit").click()
    row = _wait(browser, "#result_list tbody tr")
    assert "demo-all-transcripts" in row.text
    versions = session.checkpoint_version
    assert f"v{versions - 1} → v{versions}" in row.text
    score = row.find_element(By.CSS_SELECTOR, "td.field-score").text
    assert score.endswith("%"), score
    _no_boolean_icons(browser)
    _fits(browser)
    _screenshot(browser, "admin-drift-audit.png")
    row.find_element(By.CSS_SELECTOR, "td.field-session_cell a").click()
    _wait(browser, "svg.cmp-chart")
    assert browser.current_url.endswith(
        reverse("admin:compaction_chatsession_timeline", args=[session.pk])
    )

    # The session's page: its name in the title; the empty memory-flush table says so.
    browser.get(live_server.url + reverse("admin:compaction_chatsession_change", args=[session.pk]))
    _wait(browser, "#cmp-session-actions")
    assert browser.title.startswith("demo-all-transcripts | View chat session")
    flushes = browser.find_element(By.CSS_SELECTOR, "[id$='-group'] .cmp-empty-inline")
    assert flushes.text.startswith("None")
    _no_boolean_icons(browser)
    _fits(browser)
    _screenshot(browser, "admin-session.png")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", flushes)
    _screenshot(browser, "admin-session-inlines.png")

    # The checkpoint list fits beside both sidebars, at 1400 and at 1280.
    browser.get(live_server.url + reverse("admin:compaction_checkpoint_changelist"))
    rows = _wait(browser, "#result_list tbody").find_elements(By.TAG_NAME, "tr")
    assert len(rows) == versions
    header = [th.text.lower() for th in browser.find_elements(By.CSS_SELECTOR, "#result_list th")]
    assert header[:3] == ["version", "session", "kind"], header
    _no_boolean_icons(browser)
    _fits(browser)
    _screenshot(browser, "admin-checkpoint-list.png")
    browser.set_window_size(1280, 1000)
    try:
        browser.refresh()
        _wait(browser, "#result_list")
        _fits(browser)
        _screenshot(browser, "admin-checkpoint-list-1280.png")
        browser.get(live_server.url + reverse("admin:compaction_compactionrun_changelist"))
        _wait(browser, "#result_list")
        _fits(browser)
    finally:
        browser.set_window_size(1400, 1000)

    # A checkpoint: "name · version", the summary first and rendered, raw JSON closed below.
    browser.get(live_server.url + reverse("admin:compaction_checkpoint_change", args=[latest.pk]))
    summary = _wait(browser, "#cmp-summary")
    label = f"demo-all-transcripts · v{versions}"
    assert browser.title.startswith(label)
    assert browser.find_element(By.CSS_SELECTOR, "#content h2").text == label
    crumbs = [c.text for c in browser.find_elements(By.CSS_SELECTOR, ".breadcrumbs li")]
    if crumbs:  # Django 6.1: <ol> of crumbs; before, one line of text
        assert crumbs[-2:] == ["demo-all-transcripts", f"v{versions}"], crumbs
    assert str(session.pk) not in browser.find_element(By.CSS_SELECTOR, ".breadcrumbs").text
    assert summary.location["y"] < 400, summary.location  # on the first screen
    headings = [h.text for h in summary.find_elements(By.CSS_SELECTOR, ".cmp-markdown h2")]
    assert headings[:2] == ["Goal", "Constraints & Preferences"], headings
    assert summary.find_elements(By.CSS_SELECTOR, ".cmp-markdown li code")
    raw = browser.find_element(By.CSS_SELECTOR, "pre.cmp-json")
    assert not raw.is_displayed()  # closed
    follows = browser.execute_script(
        "return arguments[0].compareDocumentPosition(arguments[1]) & 4", summary, raw
    )
    assert follows, "the raw JSON comes before the summary"
    _no_boolean_icons(browser)
    _fits(browser)
    _screenshot(browser, "admin-checkpoint.png")
