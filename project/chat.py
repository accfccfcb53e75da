"""The example project's chat page at ``/``: a browser client of the REST API.

The page itself (``templates/chat/index.html``, ``static/chat/``) reads and writes sessions
through ``/api/compaction/`` with the Django session login. Two small views here serve what
the API does not:

- ``replay_transcript``: the fixture transcript the page replays when no API key is set,
  cut into turns (each ends with the assistant's answer), which the page appends one by one
  with the API's messages POST, so AUTO_COMPACT="sync" compacts in the append;
- ``chat_turn``: with an API key, one turn through ``compaction.agent.stream_turn``, with
  Claude, with an OpenAI model (Responses), or with a local server at a base URL (Chat
  Completions),
  streamed to the page as server-sent events (text deltas, compaction status, the end).

The model: Claude with ``CHAT_ANTHROPIC_API_KEY`` (setting, else environment), else
``ANTHROPIC_API_KEY``; otherwise OpenAI with ``CHAT_OPENAI_API_KEY`` (setting, else
environment) or ``OPENAI_API_KEY``, or an OpenAI-compatible server at ``CHAT_OPENAI_BASE_URL``
(no key needed). ``scripts/demo`` unsets ``ANTHROPIC_API_KEY`` and ``OPENAI_API_KEY``
(summaries stay offline), so there the chat talks to a model only when a ``CHAT_`` key or
base URL is given; the summarizer stays as configured either way.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from compaction import selectors
from compaction.exceptions import SessionNotFound
from compaction.providers import classify

logger = logging.getLogger(__name__)

#: The longest message the composer sends.
MAX_TEXT_CHARS = 20_000


@dataclass(frozen=True)
class ChatModel:
    """Who answers the chat: the provider, its model, the key and endpoint to reach it."""

    provider: str  # "anthropic" or "openai"
    model: str
    api_key: str = ""
    base_url: str = ""

    @property
    def api(self) -> str | None:
        """OpenAI's Responses; Chat Completions for a server at a base URL (local servers
        seldom serve Responses); the Messages API for Claude."""
        if self.provider != "openai":
            return None
        return "chat" if self.base_url else "responses"

    def client(self) -> Any:
        if self.provider == "anthropic":
            import anthropic

            # The SDK reads ANTHROPIC_BASE_URL itself (the tests point it at a local stub).
            return anthropic.Anthropic(api_key=self.api_key, max_retries=1, timeout=120.0)
        import openai

        return openai.OpenAI(
            # A local server checks no key, but the SDK wants one.
            api_key=self.api_key or "not-needed",
            base_url=self.base_url or None,
            max_retries=1,
            timeout=120.0,
        )


def _setting_or_env(name: str) -> str:
    return getattr(settings, name, None) or os.environ.get(name) or ""


def chat_model() -> ChatModel | None:
    """The model the chat turns use, or None (the page then replays a transcript)."""
    key = _setting_or_env("CHAT_ANTHROPIC_API_KEY") or os.environ.get("ANTHROPIC_API_KEY")
    if key:
        return ChatModel("anthropic", settings.CHAT_MODEL, key)
    key = _setting_or_env("CHAT_OPENAI_API_KEY") or os.environ.get("OPENAI_API_KEY") or ""
    base_url = _setting_or_env("CHAT_OPENAI_BASE_URL")
    if key or base_url:
        return ChatModel("openai", settings.CHAT_OPENAI_MODEL, key, base_url)
    return None


def replay_path() -> Path:
    return Path(settings.CHAT_REPLAY_TRANSCRIPT)


def replay_turns(messages: Iterable[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The transcript in turns: what the user side sends (a prompt or tool results) and the
    assistant's answer. A tool call is answered at the start of the next turn, as an agent
    appends it; a trailing user message is a turn of its own."""
    turns: list[list[dict[str, Any]]] = []
    turn: list[dict[str, Any]] = []
    for message in messages:
        turn.append(message)
        if message.get("role") == "assistant":
            turns.append(turn)
            turn = []
    if turn:
        turns.append(turn)
    return turns


@login_required
@require_GET
def chat_page(request: HttpRequest) -> HttpResponse:
    model = chat_model()
    config = {
        "api": reverse("compaction_api:session-list").removesuffix("sessions/"),
        "mode": "live" if model else "replay",
        "model": model.model if model else None,
        "replayUrl": reverse("chat-replay"),
        "turnUrl": reverse("chat-turn", args=[UUID(int=0)]).replace(str(UUID(int=0)), "{id}"),
        "sessionConfig": settings.CHAT_SESSION_CONFIG,
        "systemPrompt": settings.CHAT_SYSTEM_PROMPT,
        "replayInterval": settings.CHAT_REPLAY_INTERVAL_MS,
    }
    return render(request, "chat/index.html", {"chat_config": config})


@login_required
@require_GET
def replay_transcript(request: HttpRequest) -> JsonResponse:
    """The replay fixture: its source, system prompt and turns."""
    path = replay_path()
    data = json.loads(path.read_text(encoding="utf-8"))
    return JsonResponse(
        {
            "name": path.stem,
            "source": data.get("source", ""),
            "license": data.get("license", ""),
            "system": data.get("system", ""),
            "turns": replay_turns(data["messages"]),
        }
    )


def _event(name: str, data: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


def _run(run: Any) -> dict[str, Any] | None:
    if run is None:
        return None
    checkpoint = getattr(run, "checkpoint", None) if not run.is_live else None
    return {
        "id": str(run.pk),
        "status": run.status,
        "tokens_before": run.tokens_before,
        "tokens_after": run.tokens_after,
        "checkpoint_version": checkpoint.version if checkpoint is not None else None,
    }


def sse_events(events: Iterable[Any]) -> Iterator[bytes]:
    """``stream_turn``'s events as server-sent events: ``text`` for each text delta,
    ``compaction`` and ``memory_flush`` as those steps run, ``done`` at the end, or
    ``error`` when the turn fails (what was stored so far stays stored)."""
    try:
        for event in events:
            kind = getattr(event, "type", "")
            if kind == "content_block_delta" and event.delta.type == "text_delta":
                yield _event("text", {"text": event.delta.text})
            elif kind in ("content.delta", "response.output_text.delta"):  # OpenAI
                yield _event("text", {"text": event.delta})
            elif kind == "compaction":
                yield _event(
                    "compaction",
                    {"status": event.status, "detail": event.detail, "run": _run(event.run)},
                )
            elif kind == "memory_flush":
                yield _event("memory_flush", {"outcome": event.outcome, "error": event.error})
            elif kind == "turn_complete":
                result = event.result
                yield _event(
                    "done",
                    {
                        "text": result.text,
                        "seqs": [message.seq for message in result.messages],
                        "compactions": [_run(run) for run in result.compactions],
                        "estimated_tokens": result.session.calibrated_tokens,
                    },
                )
    except Exception as exc:  # the page shows it; an unexpected one's traceback goes to the log
        if classify(exc) is not None:
            logger.warning("Chat turn failed: %s", exc)
        else:
            logger.exception("Chat turn failed")
        yield _event("error", {"message": f"{type(exc).__name__}: {exc}"})


def _error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": {"message": message}}, status=status)


@login_required
@require_POST
def chat_turn(request: HttpRequest, session_id: UUID) -> HttpResponse:
    """One turn with the chat's model, streamed: ``{"text": "..."}`` in, server-sent events
    out."""
    model = chat_model()
    if model is None:
        return _error(
            503,
            "No API key: set CHAT_ANTHROPIC_API_KEY (or ANTHROPIC_API_KEY), or "
            "CHAT_OPENAI_API_KEY (or OPENAI_API_KEY, or CHAT_OPENAI_BASE_URL for a local server).",
        )
    try:
        session = selectors.session_get(session_id=session_id, user=request.user)
    except SessionNotFound:
        return _error(404, "Session not found.")
    # As the API's writes: owners, and staff allowed to change others' sessions.
    if session.owner_id != request.user.pk and not request.user.has_perm(
        "compaction.change_chatsession"
    ):
        return _error(403, "You may read this session but not change it.")
    try:
        text = json.loads(request.body or b"{}").get("text")
    except (ValueError, AttributeError):
        text = None
    if not isinstance(text, str) or not text.strip() or "\x00" in text:
        return _error(400, 'Send {"text": "..."}: a non-empty message.')
    if len(text) > MAX_TEXT_CHARS:
        return _error(400, f"The message is longer than {MAX_TEXT_CHARS} characters.")

    from compaction.agent import stream_turn

    events = stream_turn(
        session_id=session.pk,
        client=model.client(),
        api=model.api,
        model=model.model,
        max_tokens=settings.CHAT_MAX_TOKENS,
        user_message=text.strip(),
        # The flush turn asks the model to save memories with the host's tools; this page
        # offers none, so it would only cost a call.
        memory_flush=False,
    )
    response = StreamingHttpResponse(sse_events(events), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front must not hold the stream back
    return response
