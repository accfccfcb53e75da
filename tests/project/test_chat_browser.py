"""The chat page in a real browser: log in, replay the transcript until it compacts.

Headless Chromium (tests.support.browser) against pytest-django's live server, with no API
key: the page replays the fixture transcript through the REST API and the offline
summarizer compacts in the append. Screenshots go to test-artifacts/ for a human to look
at; their paths are printed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from compaction import services
from compaction.models import Message
from tests.support import ROOT
from tests.support.anthropic_stub import AnthropicStub
from tests.support.browser import chromium
from tests.support.helpers import VALID_SUMMARY, HeldSummarizer, ScriptedSummarizer, chat
from tests.support.responses import conversation

SCREENSHOTS = ROOT / "test-artifacts"
PASSWORD = "correct horse battery staple"
THRESHOLD = settings.CHAT_SESSION_CONFIG["COMPACTION_THRESHOLD"]


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    with chromium() as driver:
        yield driver
        # A script error anywhere on the page fails the test.
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, errors


@pytest.fixture
def visitor(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("visitor", password=PASSWORD)


def _wait(driver: WebDriver, css: str) -> Any:
    return WebDriverWait(driver, 20).until(ec.visibility_of_element_located((By.CSS_SELECTOR, css)))


def _until(condition: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {condition}")


def _screenshot(driver: WebDriver, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    assert driver.save_screenshot(str(path)), path
    print(f"screenshot: {path}")
    return path


def _log_in(browser: WebDriver, url: str) -> None:
    browser.get(url)
    # Not logged in: the login page, which leads back.
    browser.find_element(By.NAME, "username").send_keys("visitor")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "#login-form [type=submit]").click()
    _wait(browser, "#gauge")


def _gauge(browser: WebDriver) -> tuple[int, str]:
    gauge = browser.find_element(By.ID, "gauge")
    return int(gauge.get_attribute("data-tokens")), gauge.get_attribute("data-state") or ""


# What the page shows, read in one go: the page changes between two WebDriver calls.
SNAPSHOT = """
const label = document.getElementById("compaction-state");
return {
  tokens: Number(document.getElementById("gauge").dataset.tokens),
  compacting: document.getElementById("gauge").dataset.state === "compacting",
  label: label.hidden ? null : label.textContent,
  progress: document.getElementById("replay-progress").textContent,
  ready: !document.getElementById("replay-next").disabled,
};
"""


# How the page is laid out, read in one go: what scrolls, and what sticks out of the window.
LAYOUT = """
const scrolls = (node) => node.scrollHeight > node.clientHeight + 1 &&
  ["auto", "scroll"].includes(getComputedStyle(node).overflowY);
const visible = (node) => node.getClientRects().length > 0;
const name = (node) => node.id ? `#${node.id}` : `${node.tagName.toLowerCase()}.${node.className}`;
return {
  width: window.innerWidth,
  height: window.innerHeight,
  scrollers: [...document.querySelectorAll("*")].filter(scrolls).map(name),
  pageScrolls: document.documentElement.scrollHeight > window.innerHeight,
  scrollWidth: document.documentElement.scrollWidth,
  // Anything drawn past the window's right edge, even where an ancestor clips it.
  outside: [...document.body.querySelectorAll("*")]
    .filter((node) => visible(node) && node.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map(name),
  // Anything in the runs card drawn past the card.
  runsOutside: [...document.querySelectorAll("#runs-card *")]
    .filter((node) => visible(node) && node.getBoundingClientRect().right >
      document.getElementById("runs-card").getBoundingClientRect().right + 0.5)
    .map(name),
};
"""

# The summary as the page shows it.
SUMMARY = """
const summary = document.getElementById("summary");
return {
  h2: [...summary.querySelectorAll("h2")].map((h) => h.textContent),
  items: summary.querySelectorAll("li").length,
  ids: [...summary.querySelectorAll("li .item-id")].map((s) => s.textContent),
  text: summary.textContent,
  font: getComputedStyle(summary).fontFamily,
  width: summary.getBoundingClientRect().width,
};
"""


def _assert_one_scroll_area(browser: WebDriver) -> dict[str, Any]:
    layout = browser.execute_script(LAYOUT)
    # The conversation is the one area that scrolls; the page itself does not.
    assert layout["scrollers"] == ["#messages"], layout
    assert not layout["pageScrolls"], layout
    assert layout["scrollWidth"] <= layout["width"], layout
    assert not layout["outside"], layout
    assert not layout["runsOutside"], layout
    return layout


def _assert_runs_uncut(browser: WebDriver) -> None:
    """Each cell of the runs table fits its column (a longer text would be cut, with the
    whole of it in the cell's title)."""
    cut = browser.execute_script(
        "return [...document.querySelectorAll('#runs th, #runs td')]"
        ".filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent)"
    )
    assert not cut, cut


@pytest.mark.django_db(transaction=True)
def test_a_visitor_watches_the_replay_compact(
    live_server: Any, browser: WebDriver, visitor: Any
) -> None:
    _log_in(browser, live_server.url + "/")
    assert browser.find_element(By.ID, "mode").text == "Replay · no API key"
    assert not browser.find_element(By.ID, "chat-form").is_displayed()

    browser.find_element(By.ID, "new-replay").click()
    progress = _wait(browser, "#replay-progress")
    _until(lambda: progress.text.startswith("0 of "))
    turns = int(progress.text.split(" of ")[1].split()[0])
    assert browser.find_element(By.ID, "session-title").text.startswith("replay ")
    assert browser.find_element(By.ID, "summary-version").text == "none yet"
    next_turn = browser.find_element(By.ID, "replay-next")

    seen_compacting = []  # (turn, tokens shown while "compacting…" is up)
    after_turn = [_gauge(browser)[0]]  # the gauge once each turn has settled
    shot = None
    for turn in range(1, turns + 1):
        next_turn.click()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # until the turn settles, noting what is shown
            page = browser.execute_script(SNAPSHOT)
            if page["compacting"]:
                assert page["label"].startswith("compacting…"), page
                seen_compacting.append((turn, page["tokens"]))
                # Once the gauge has moved to the context the compaction started from.
                if shot is None and len(seen_compacting) > 10:
                    shot = _screenshot(browser, "chat-compacting.png")
            elif page["progress"].startswith(f"{turn} of ") and page["ready"]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"turn {turn} did not settle: {page}")
        after_turn.append(_gauge(browser)[0])
        if browser.find_element(By.ID, "summary-version").text == "v3":
            break

    # Three compactions happened within a dozen turns, each shown as it ran.
    assert turn <= 12, turn
    compacted_at = sorted({t for t, _ in seen_compacting})
    assert len(compacted_at) == 3, seen_compacting
    for at in compacted_at:
        peak = max(tokens for t, tokens in seen_compacting if t == at)
        # "compacting…" shows the context over the threshold; the gauge then drops.
        assert peak > THRESHOLD, seen_compacting
        assert after_turn[at] < peak
    # A later compaction leaves less than the turn before it did.
    assert after_turn[compacted_at[2]] < after_turn[compacted_at[2] - 1], after_turn
    assert "over" not in browser.find_element(By.ID, "gauge").get_attribute("class")

    # The summary, rendered from its Markdown, sits in the conversation after what it
    # replaced: headings and bullets, the item ids kept (muted), no Markdown left as text.
    summary = browser.execute_script(SUMMARY)
    assert summary["h2"][:2] == ["Goal", "Constraints & Preferences"], summary
    assert summary["items"] >= 3 and "[c1]" in summary["ids"], summary
    assert "## " not in summary["text"] and "\n- [c" not in summary["text"], summary
    assert "monospace" not in summary["font"], summary
    assert "tokens" in browser.find_element(By.ID, "summary-meta").text
    # What v3 did to v2's items: the removals it declared, what the audit counts.
    changes = browser.find_element(By.ID, "summary-changes")
    assert changes.is_displayed() and changes.text.startswith("Since v2: ")
    assert "0 counted by the audit" in changes.text
    # Nothing counted: the list is folded; unfolded, it says what each removal was.
    assert changes.get_attribute("open") is None
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", changes)
    _screenshot(browser, "chat-summary-changes.png")
    changes.find_element(By.TAG_NAME, "summary").click()
    declared = changes.find_elements(By.CSS_SELECTOR, "ul.changes li.declared")
    assert declared and declared[0].text.startswith("[c")
    runs = browser.find_elements(By.CSS_SELECTOR, "#runs tr.run.succeeded")
    cells = [td.text for td in runs[0].find_elements(By.TAG_NAME, "td")]
    assert len(runs) == 3 and cells[:3] == ["v3", "succeeded", "auto"], cells
    assert "→" in cells[3] and cells[4].endswith(" ms"), cells
    _assert_runs_uncut(browser)
    assert "Compaction succeeded" in browser.find_element(By.ID, "status").text
    folds = browser.find_elements(By.CSS_SELECTOR, "#messages details.archived")
    assert [f.get_attribute("data-version") for f in folds] == ["1", "2", "3"]
    assert "summarized into v1" in folds[0].text
    card = browser.find_element(By.CSS_SELECTOR, "#messages > details.archived + #checkpoint")
    assert "summary v3" in card.find_element(By.CLASS_NAME, "summary-marker").text
    # The one scroll area, at the test window's size and at a laptop's: the summary in
    # view, then the end of the conversation.
    browser.find_element(By.ID, "summary-jump").click()
    _until(
        lambda: browser.execute_script(
            "return Math.abs(arguments[0].getBoundingClientRect().top"
            " - document.getElementById('messages').getBoundingClientRect().top) < 30",
            card,
        )
    )
    _assert_one_scroll_area(browser)
    _screenshot(browser, "chat-compacted.png")
    browser.set_window_size(1280, 800)
    _until(lambda: browser.execute_script("return window.innerWidth") == 1280)
    browser.execute_script("arguments[0].scrollIntoView()", card)
    _assert_one_scroll_area(browser)
    _screenshot(browser, "chat-compacted-1280.png")
    browser.execute_script(
        "const box = document.getElementById('messages'); box.scrollTop = box.scrollHeight"
    )
    _screenshot(browser, "chat-compacted-1280-end.png")
    browser.set_window_size(1400, 1000)
    # Tool calls and results are folded; opening one shows it.
    call = browser.find_elements(By.CSS_SELECTOR, "#messages > .msg details.block.tool")[-1]
    assert call.find_element(By.TAG_NAME, "summary").text.startswith("tool call: ")
    assert not call.find_element(By.TAG_NAME, "pre").is_displayed()
    call.find_element(By.TAG_NAME, "summary").click()
    assert call.find_element(By.TAG_NAME, "pre").is_displayed()
    # The session's line in the list follows.
    active = browser.find_element(By.CSS_SELECTOR, "#sessions li.active")
    assert "summary v3" in active.text
    # Beside the summary, what the summarized tool calls did, exactly: folded, counted.
    card = browser.find_element(By.ID, "artifacts-card")
    assert "command" in card.find_element(By.ID, "artifacts-count").text
    card.find_element(By.TAG_NAME, "summary").click()
    assert "From the tool calls up to #" in card.find_element(By.ID, "artifacts-meta").text
    groups = card.find_elements(By.CSS_SELECTOR, "details.artifact-group > summary")
    assert groups and all(g.text.endswith(")") for g in groups)
    values = [
        c.get_attribute("textContent")
        for c in card.find_elements(By.CSS_SELECTOR, "ul.artifacts code")
    ]
    assert "/testbed/setup.py" in values or "pip install -e .[dev]" in values, values
    browser.execute_script("arguments[0].scrollIntoView()", card)
    _assert_one_scroll_area(browser)
    _screenshot(browser, "chat-artifacts.png")


# What a model (or whoever wrote through the API) might put in a summary to run script in
# the page or send the visitor somewhere: all of it must arrive as inert text.
HOSTILE_SUMMARY = VALID_SUMMARY.replace(
    "## Key Decisions\n",
    "## Key Decisions\n"
    "- <script>window.pwned = 'script'</script> kept as text.\n"
    "- <img src=x onerror=\"window.pwned = 'img'\"> kept as text.\n"
    "- [a javascript link](javascript:window.pwned='link') and "
    "[a data link](data:text/html,<script>window.pwned='data'</script>) stay text.\n"
    "- ![an image](https://example.invalid/pixel.png) is not fetched.\n"
    "- [the docs](https://example.com/docs) open apart.\n",
)


@pytest.mark.django_db(transaction=True)
def test_a_hostile_summary_renders_inert(
    live_server: Any, browser: WebDriver, visitor: Any, compaction_settings: Any
) -> None:
    compaction_settings(AUTO_COMPACT="off", COMPACTION_THRESHOLD=2000, KEEP_RECENT_TOKENS=500)
    session = services.session_create(owner=visitor, external_id="hostile")
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=ScriptedSummarizer(HOSTILE_SUMMARY)
    )
    assert run.status == "succeeded", run.error
    assert "<script>" in session.checkpoints.get().summary  # stored as written

    _log_in(browser, live_server.url + "/")
    browser.get(f"{live_server.url}/#{session.pk}")
    _until(lambda: browser.find_element(By.ID, "summary-version").text == "v1")
    page = _until(
        lambda: browser.execute_script(
            """
            const summary = document.getElementById("summary");
            return summary.querySelector("li") && {
              pwned: window.pwned ?? null,
              elements: [...summary.querySelectorAll("*")].map((node) => node.tagName),
              handlers: [...summary.querySelectorAll("*")].flatMap((node) =>
                [...node.attributes].map((a) => a.name).filter((n) => n.startsWith("on"))),
              links: [...summary.querySelectorAll("a")].map((a) =>
                ({ href: a.getAttribute("href"), rel: a.rel, target: a.target })),
              text: summary.textContent,
            };
            """
        )
    )
    assert page["pwned"] is None, page
    assert not {"SCRIPT", "IMG", "IFRAME"} & set(page["elements"]), page
    assert not page["handlers"], page
    # Links safe to follow stay links, opened apart (the image is one, not fetched); the
    # others are text.
    opened_apart = {"rel": "noopener noreferrer nofollow", "target": "_blank"}
    assert page["links"] == [
        {"href": "https://example.invalid/pixel.png", **opened_apart},
        {"href": "https://example.com/docs", **opened_apart},
    ], page
    assert "<script>window.pwned = 'script'</script> kept as text." in page["text"]
    assert "<img src=x onerror=\"window.pwned = 'img'\"> kept as text." in page["text"]
    assert "[a javascript link](javascript:window.pwned='link')" in page["text"]
    time.sleep(0.5)  # a handler that was going to fire has fired
    assert browser.execute_script("return window.pwned ?? null") is None
    browser.execute_script(
        "[...document.querySelectorAll('#summary h2')]"
        ".find((h) => h.textContent === 'Key Decisions').scrollIntoView()"
    )
    _screenshot(browser, "chat-summary-escaped.png")
    # The run's row, with the longest trigger, fits the card.
    row = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#runs tr.run td")]
    assert row[:3] == ["v1", "succeeded", "command"], row
    _assert_runs_uncut(browser)


@pytest.mark.django_db(transaction=True)
def test_server_tool_blocks_are_folded(live_server: Any, browser: WebDriver, visitor: Any) -> None:
    session = services.session_create(owner=visitor, external_id="server tools")
    services.message_append(session_id=session.pk, messages=conversation(none_fields=True))
    _log_in(browser, live_server.url + "/")
    browser.get(f"{live_server.url}/#{session.pk}")
    _until(lambda: browser.find_element(By.ID, "session-title").text == "server tools")
    # Read in one go: the list may be drawn again meanwhile (the hash opened it once more).
    page = _until(
        lambda: browser.execute_script(
            """
            const blocks = [...document.querySelectorAll("#messages details.block")];
            return blocks.length && {
              labels: blocks.map((b) => b.querySelector("summary").textContent),
              open: blocks.filter((b) => b.open).length,
              texts: document.querySelectorAll("#messages .msg .text").length,
            };
            """
        )
    )
    labels = page["labels"]
    assert any(label.startswith("server tool: web_search") for label in labels), labels
    assert any(label.startswith("server tool result: web search") for label in labels), labels
    assert any(label.startswith("thinking") for label in labels), labels
    assert any(label.startswith("tool result") for label in labels), labels
    assert page["open"] == 0  # all folded
    assert page["texts"] > 0  # the answers' text stays readable
    # Without a key, a session that is not a replay has no composer to write in.
    note = browser.find_element(By.ID, "composer-note").text
    assert "No API key" in note and not browser.find_element(By.ID, "chat-form").is_displayed()
    _screenshot(browser, "chat-server-tools.png")


@pytest.mark.django_db(transaction=True)
def test_with_a_key_the_answer_streams_in(
    live_server: Any, browser: WebDriver, visitor: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = "Compaction summarizes the older turns into a checkpoint and keeps the recent ones."
    with AnthropicStub() as claude:
        monkeypatch.setenv("CHAT_ANTHROPIC_API_KEY", "sk-chat")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", claude.url)
        claude.enqueue_text(answer)
        _log_in(browser, live_server.url + "/")
        assert browser.find_element(By.ID, "mode").text == f"Claude · {settings.CHAT_MODEL}"
        browser.find_element(By.ID, "new-chat").click()
        _until(lambda: browser.find_element(By.ID, "session-title").text.startswith("chat "))
        field = _wait(browser, "#chat-form textarea")
        field.send_keys("What does compaction do?")
        field.send_keys("\n")  # Enter sends
        _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#messages .msg[data-seq='2']"))
        texts = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#messages .msg .text")]
        assert texts == ["What does compaction do?", answer]
        assert claude.message_requests[-1].body["stream"] is True
    session = Message.objects.get(seq=2).session
    assert session.agent_id == "chat" and session.config == settings.CHAT_SESSION_CONFIG
    _screenshot(browser, "chat-live.png")


@pytest.mark.django_db(transaction=True)
def test_a_background_compaction_shows_and_the_replay_goes_on(
    live_server: Any, browser: WebDriver, visitor: Any, compaction_settings: Any
) -> None:
    # The default mode, with a summarizer that holds until the test lets it answer.
    HeldSummarizer.reset()
    compaction_settings(
        AUTO_COMPACT="background", SUMMARIZER="tests.support.helpers.HeldSummarizer"
    )
    try:
        _log_in(browser, live_server.url + "/")
        browser.find_element(By.ID, "new-replay").click()
        progress = _wait(browser, "#replay-progress")
        _until(lambda: progress.text.startswith("0 of "))
        next_turn = browser.find_element(By.ID, "replay-next")
        turn = 0
        while not HeldSummarizer.entered.is_set():
            turn += 1
            assert turn <= 12, "no compaction started within a dozen turns"
            next_turn.click()
            _until(
                lambda t=turn: browser.execute_script(SNAPSHOT)["progress"].startswith(f"{t} of ")
            )
            _until(lambda: browser.execute_script(SNAPSHOT)["ready"])
        # The append that started it returned at once; the page shows the run in the
        # background and the replay can go on meanwhile.
        page = _until(lambda: (p := browser.execute_script(SNAPSHOT))["compacting"] and p)
        assert page["label"] == "compacting…", page
        status = browser.find_element(By.ID, "status").text
        assert status.startswith("A compaction runs in the background since "), status
        assert browser.find_element(By.ID, "summary-version").text == "none yet"
        next_turn.click()
        _until(lambda: browser.execute_script(SNAPSHOT)["progress"].startswith(f"{turn + 1} of "))
        assert browser.execute_script(SNAPSHOT)["compacting"]
        _screenshot(browser, "chat-background-compacting.png")
    finally:
        HeldSummarizer.gate.set()
    # Once it is written, the page picks it up by itself (no click).
    _until(lambda: browser.find_element(By.ID, "summary-version").text == "v1", timeout=15)
    _until(lambda: not browser.execute_script(SNAPSHOT)["compacting"], timeout=15)
    status = browser.find_element(By.ID, "status").text
    assert status == "Compaction done in the background: summary v1.", status
    assert services.compaction_background_wait(timeout=10)
    assert HeldSummarizer.calls == 1
