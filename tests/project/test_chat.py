"""The example project's chat page at /: the page, its replay transcript, its streamed turn.

The page works through the REST API with the Django session login, so these tests call the
API as the page does: logged in, with the CSRF token the page carries. The streamed turn
talks to the local Messages API stub; the summarizer stays offline (no ANTHROPIC_API_KEY),
as in scripts/demo.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from compaction import services
from compaction.models import ChatSession, Message
from project.chat import replay_turns
from tests.support.anthropic_stub import AnthropicStub
from tests.support.api import API
from tests.support.helpers import chat
from tests.support.openai_stub import OpenAIStub

PASSWORD = "pw"


@pytest.fixture
def browser_client(alice: Any) -> Client:
    """Alice logged in with the session cookie, CSRF enforced as for a real browser."""
    client = Client(enforce_csrf_checks=True)
    assert client.login(username="alice", password=PASSWORD)
    return client


@pytest.fixture
def claude(monkeypatch: pytest.MonkeyPatch) -> Iterator[AnthropicStub]:
    """A key for the chat only (as scripts/demo passes it) and the SDK pointed at the stub."""
    with AnthropicStub() as stub:
        monkeypatch.setenv("CHAT_ANTHROPIC_API_KEY", "sk-chat")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.url)
        yield stub


def csrf_token(client: Client) -> str:
    page = client.get("/").content.decode()
    match = re.search(r'<meta name="csrf-token" content="([^"]+)">', page)
    assert match, page[:500]
    return match.group(1)


def page_config(response: Any) -> dict[str, Any]:
    match = re.search(
        r'<script id="chat-config" type="application/json">(.*?)</script>',
        response.content.decode(),
        re.S,
    )
    assert match
    return json.loads(match.group(1))


def sse(response: Any) -> list[tuple[str, dict[str, Any]]]:
    """The server-sent events of a streamed response, parsed."""
    assert response.streaming
    raw = b"".join(response.streaming_content).decode()
    events = []
    for chunk in raw.split("\n\n"):
        if not chunk.strip():
            continue
        lines = dict(line.split(": ", 1) for line in chunk.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def turn_url(session: ChatSession) -> str:
    return f"/chat/sessions/{session.pk}/turn/"


# --------------------------------------------------------------------------- the page


@pytest.mark.django_db
def test_the_page_needs_a_login_and_the_login_page_leads_back_to_it(alice: Any) -> None:
    client = Client()
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/login/?next=/"
    page = client.get("/login/?next=/")
    assert b"demo</strong> / <strong>demo" in page.content
    response = client.post("/login/", {"username": "alice", "password": PASSWORD, "next": "/"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/").status_code == 200


@pytest.mark.django_db
def test_without_a_key_the_page_replays(browser_client: Client) -> None:
    response = browser_client.get("/")
    assert response.status_code == 200
    config = page_config(response)
    assert config["mode"] == "replay" and config["model"] is None
    assert config["api"] == f"{API}/"
    assert config["turnUrl"] == "/chat/sessions/{id}/turn/"
    assert config["sessionConfig"] == settings.CHAT_SESSION_CONFIG
    content = response.content.decode()
    assert "/static/chat/chat.js" in content and "/static/chat/chat.css" in content
    assert "/static/chat/vendor/markdown-it.min.js" in content  # summaries render as Markdown
    for element in ('id="gauge"', 'id="summary"', 'id="runs"', 'id="new-replay"'):
        assert element in content, element


@pytest.mark.django_db
def test_with_a_key_the_page_chats(browser_client: Client, claude: AnthropicStub) -> None:
    config = page_config(browser_client.get("/"))
    assert config["mode"] == "live" and config["model"] == settings.CHAT_MODEL


@pytest.mark.django_db
def test_static_files_are_found() -> None:
    from django.contrib.staticfiles import finders

    for name in ("chat/chat.js", "chat/chat.css", "chat/vendor/markdown-it.min.js"):
        assert finders.find(name), name


# --------------------------------------------------------------------------- replay


def test_replay_turns_end_with_the_assistant_and_keep_every_message() -> None:
    messages = [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": "b"},
        {"role": "user", "content": "c"},
        {"role": "assistant", "content": "d"},
        {"role": "user", "content": "e"},
    ]
    turns = replay_turns(messages)
    assert [[m["content"] for m in turn] for turn in turns] == [["a", "b"], ["c", "d"], ["e"]]


@pytest.mark.django_db
def test_the_replay_transcript_needs_a_login() -> None:
    response = Client().get("/chat/replay/")
    assert response.status_code == 302 and response["Location"].startswith("/login/")


# transaction=True: AUTO_COMPACT="sync" compacts when the append's transaction commits.
@pytest.mark.django_db(transaction=True)
def test_replaying_through_the_api_compacts_within_a_dozen_turns(
    browser_client: Client,
) -> None:
    """What the page does without a key, request for request: a session with the page's
    config, then the transcript's turns appended with the session login and CSRF token."""
    transcript = browser_client.get("/chat/replay/").json()
    fixture = json.loads(settings.CHAT_REPLAY_TRANSCRIPT.read_text())
    assert [m for turn in transcript["turns"] for m in turn] == fixture["messages"]
    assert transcript["license"].startswith("MIT")

    token = csrf_token(browser_client)
    body = {
        "agent_id": "replay",
        "external_id": "replay test",
        "system_prompt": transcript["system"],
        "config": settings.CHAT_SESSION_CONFIG,
    }
    # Without the token, a session-authenticated write is refused.
    refused = browser_client.post(f"{API}/sessions/", body, content_type="application/json")
    assert refused.status_code == 403
    created = browser_client.post(
        f"{API}/sessions/", body, content_type="application/json", headers={"X-CSRFToken": token}
    )
    assert created.status_code == 201, created.content
    session_id = created.json()["id"]

    gauge = []  # (estimated tokens after the turn, compaction run or None)
    for index, turn in enumerate(transcript["turns"][:12]):
        response = browser_client.post(
            f"{API}/sessions/{session_id}/messages/",
            {"messages": turn},
            content_type="application/json",
            headers={"X-CSRFToken": token, "Idempotency-Key": f"replay-{session_id}-{index}"},
        )
        assert response.status_code == 201, response.content
        body = response.json()
        gauge.append((body["session"]["estimated_tokens"], body["compaction"]))
    compactions = [(i, run) for i, (_, run) in enumerate(gauge) if run is not None]
    assert len(compactions) >= 2, gauge
    for index, run in compactions:
        assert run["status"] == "succeeded"
        assert run["tokens_before"] > settings.CHAT_SESSION_CONFIG["COMPACTION_THRESHOLD"]
        assert gauge[index][0] < run["tokens_before"]
    # At least one compaction brings the gauge below where the turn before left it.
    assert any(gauge[i][0] < gauge[i - 1][0] for i, _ in compactions)
    session = ChatSession.objects.get(pk=session_id)
    assert session.checkpoint_version == len(compactions)
    detail = browser_client.get(f"{API}/sessions/{session_id}/").json()
    assert detail["context_window"] == 200_000 and detail["threshold"] == 4000


# --------------------------------------------------------------------------- the streamed turn


@pytest.mark.django_db
def test_a_streamed_turn_sends_text_deltas_and_stores_the_turn(
    browser_client: Client, alice: Any, claude: AnthropicStub
) -> None:
    session = services.session_create(owner=alice, system_prompt="Be brief.")
    answer = "Compaction keeps the recent turns and summarizes the older ones into a checkpoint."
    claude.enqueue_text(answer)
    response = browser_client.post(
        turn_url(session),
        {"text": "What does compaction do?"},
        content_type="application/json",
        headers={"X-CSRFToken": csrf_token(browser_client)},
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache"
    events = sse(response)
    deltas = [data["text"] for name, data in events if name == "text"]
    assert len(deltas) > 1 and "".join(deltas) == answer  # streamed in pieces
    name, done = events[-1]
    assert name == "done" and done["text"] == answer and done["seqs"] == [1, 2]
    stored = list(Message.objects.filter(session=session).order_by("seq"))
    assert [(m.role, m.content) for m in stored] == [
        ("user", "What does compaction do?"),
        ("assistant", [{"type": "text", "text": answer}]),
    ]
    request = claude.message_requests[-1]
    assert request.body["stream"] is True and request.body["model"] == settings.CHAT_MODEL
    assert request.headers["authorization"] == "Bearer sk-chat"


@pytest.mark.django_db
def test_a_streamed_turn_reports_the_compaction_it_runs(
    browser_client: Client, alice: Any, claude: AnthropicStub
) -> None:
    session = services.session_create(owner=alice, config=settings.CHAT_SESSION_CONFIG)
    services.message_append(session_id=session.pk, messages=chat(24), auto_compact=False)
    claude.enqueue_text("Here is the short answer.")
    response = browser_client.post(
        turn_url(session),
        {"text": "And now?"},
        content_type="application/json",
        headers={"X-CSRFToken": csrf_token(browser_client)},
    )
    events = sse(response)
    compaction = [data for name, data in events if name == "compaction"]
    assert [data["status"] for data in compaction] == ["running", "succeeded"]
    run = compaction[-1]["run"]
    assert run["checkpoint_version"] == 1 and run["tokens_after"] < run["tokens_before"]
    names = [name for name, _ in events]
    # The status comes before the answer streams, and the turn still ends normally.
    assert names.index("compaction") < names.index("text") and names[-1] == "done"
    assert events[-1][1]["compactions"][0]["checkpoint_version"] == 1
    session.refresh_from_db()
    assert session.checkpoint_version == 1
    # The summary was written offline: the key is the chat's alone.
    assert session.checkpoints.get().summarizer == "offline"
    assert len(claude.message_requests) == 1


@pytest.mark.django_db
def test_an_api_error_ends_the_stream_with_an_error_event(
    browser_client: Client, alice: Any, claude: AnthropicStub
) -> None:
    session = services.session_create(owner=alice)
    claude.enqueue_error(400, message="messages: something the API refused")
    response = browser_client.post(
        turn_url(session),
        {"text": "Hello"},
        content_type="application/json",
        headers={"X-CSRFToken": csrf_token(browser_client)},
    )
    events = sse(response)
    assert events[-1][0] == "error" and "something the API refused" in events[-1][1]["message"]
    # The user's message was stored before the call; it is there for the next try.
    assert list(Message.objects.filter(session=session).values_list("role", flat=True)) == ["user"]


@pytest.mark.django_db
def test_the_turn_refuses_what_it_cannot_do(
    browser_client: Client, alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = csrf_token(browser_client)
    own = services.session_create(owner=alice)
    other = services.session_create(owner=bob)

    def post(session: ChatSession, body: Any, **extra: Any) -> Any:
        return browser_client.post(
            turn_url(session), body, content_type="application/json",
            headers={"X-CSRFToken": token}, **extra,
        )  # fmt: skip

    # No key: the page replays instead; the view says why.
    response = post(own, {"text": "Hi"})
    assert (
        response.status_code == 503
        and "CHAT_ANTHROPIC_API_KEY" in response.json()["error"]["message"]
    )
    monkeypatch.setenv("CHAT_ANTHROPIC_API_KEY", "sk-chat")
    assert post(other, {"text": "Hi"}).status_code == 404
    for body in ({}, {"text": "   "}, {"text": 5}, {"text": "a\x00b"}, ["Hi"]):
        assert post(own, body).status_code == 400, body
    assert post(own, {"text": "x" * 20_001}).status_code == 400
    assert browser_client.get(turn_url(own)).status_code == 405
    # Without the CSRF token, no turn.
    assert browser_client.post(turn_url(own), {"text": "Hi"}).status_code == 403
    assert not Message.objects.filter(session=own).exists()
    # Logged out: to the login page.
    response = Client().post(turn_url(own), {"text": "Hi"}, content_type="application/json")
    assert response.status_code == 302


@pytest.fixture
def gpt(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Iterator[OpenAIStub]:
    """Only an OpenAI key for the chat; the SDK pointed at the stand-in (as OpenAI's own
    endpoint: through the SDK's OPENAI_BASE_URL, not the chat's local-server setting)."""
    with OpenAIStub(api_key="sk-proj-chat", cached_tokens=16) as stub:
        monkeypatch.setenv("CHAT_OPENAI_API_KEY", "sk-proj-chat")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.url + "/v1")
        yield stub


@pytest.mark.django_db
def test_with_only_an_openai_key_the_chat_streams_through_responses(
    browser_client: Client, alice: Any, gpt: OpenAIStub, settings: Any
) -> None:
    assert page_config(browser_client.get("/"))["model"] == settings.CHAT_OPENAI_MODEL
    session = services.session_create(owner=alice, config=settings.CHAT_SESSION_CONFIG)
    services.message_append(session_id=session.pk, messages=chat(24), auto_compact=False)
    answer = "Compaction keeps the recent turns and summarizes the older ones."
    gpt.enqueue_text(answer, model="gpt-5-mini")
    response = browser_client.post(
        turn_url(session),
        {"text": "What does compaction do?"},
        content_type="application/json",
        headers={"X-CSRFToken": csrf_token(browser_client)},
    )
    events = sse(response)
    deltas = [data["text"] for name, data in events if name == "text"]
    assert len(deltas) > 1 and "".join(deltas) == answer
    assert [d["status"] for n, d in events if n == "compaction"] == ["running", "succeeded"]
    assert events[-1][0] == "done" and events[-1][1]["text"] == answer
    request = gpt.requests[-1]
    assert request.path == "/v1/responses" and request.body["stream"] is True
    assert request.headers["authorization"] == "Bearer sk-proj-chat"
    last = Message.objects.filter(session=session).order_by("-seq").first()
    assert last.format == "responses" and last.content["content"][0]["text"] == answer
    session.refresh_from_db()
    assert session.total_cache_read_tokens == 16


@pytest.mark.django_db
def test_a_local_server_at_a_base_url_needs_no_key(
    browser_client: Client, alice: Any, settings: Any
) -> None:
    with OpenAIStub(compatible=True) as server:
        settings.CHAT_OPENAI_BASE_URL = server.url + "/v1"
        settings.CHAT_OPENAI_MODEL = "llama3.1:8b"
        session = services.session_create(owner=alice)
        server.enqueue_text("Hello from a local model.")
        events = sse(
            browser_client.post(
                turn_url(session),
                {"text": "Hi"},
                content_type="application/json",
                headers={"X-CSRFToken": csrf_token(browser_client)},
            )
        )
        sent = server.requests[-1].body
    assert (
        events[-1] == ("done", events[-1][1])
        and events[-1][1]["text"] == "Hello from a local model."
    )
    assert sent["model"] == "llama3.1:8b" and sent["max_tokens"] == settings.CHAT_MAX_TOKENS
