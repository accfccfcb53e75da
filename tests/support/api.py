"""Calling the REST API from tests: clients, URLs, the error shape, what was written."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from compaction.models import ChatSession, Checkpoint, CompactionRun, IdempotencyKey, Message

API = "/api/compaction"
ERROR_KEYS = {"code", "message", "details"}
# The fields of a serialized compaction run, wherever the API answers one.
RUN_FIELDS = {
    "id", "session", "status", "trigger", "force", "reason", "created_at", "started_at",
    "finished_at", "duration_ms", "turns_waited", "turn_wait_ms", "tokens_before", "tokens_after",
    "cut_seq",
    "messages_compacted", "messages_kept", "summarizer", "model", "llm_calls",
    "llm_input_tokens", "llm_output_tokens", "llm_cache_read_tokens", "llm_cache_write_tokens",
    "llm_cache_write_1h_tokens", "bill", "tokens_removed", "request_id", "attempts", "error",
    "fallback_mode", "checkpoint_version",
}  # fmt: skip


def make_client(account: Any = None) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    if account is not None:
        client.force_authenticate(account)
    return client


def sess(session: ChatSession | str, suffix: str = "") -> str:
    ident = session.pk if isinstance(session, ChatSession) else session
    return f"{API}/sessions/{ident}/{suffix}"


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    """The error of ``response``, after checking its status and the one error shape."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == ERROR_KEYS, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if code is not None:
        assert body["error"]["code"] == code, body
    return body["error"]


def row_counts() -> tuple[int, ...]:
    """Rows of every model: a refused request must leave them all as they were."""
    return (
        ChatSession.objects.count(),
        Message.objects.count(),
        IdempotencyKey.objects.count(),
        CompactionRun.objects.count(),
        Checkpoint.objects.count(),
    )
