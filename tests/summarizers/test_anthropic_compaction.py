"""Compaction through the real anthropic SDK against the local Messages API stub."""

from __future__ import annotations

import anthropic
import pytest

from compaction import selectors, services
from compaction.models import Checkpoint, Message
from tests.support.factories import SessionFactory
from tests.support.helpers import agent_loop, chat
from tests.support.summaries import sent_prompt

pytestmark = pytest.mark.django_db


@pytest.fixture
def stub(anthropic_api, compaction_settings):
    compaction_settings(
        SUMMARIZER=None,  # the default: Claude, because a key is set
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
        API_TIMEOUT=0.5,
        MAX_ATTEMPTS=2,
    )
    return anthropic_api


def test_success_records_usage_request_id_and_model(stub):
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    assert run.summarizer == "anthropic" and run.model == "claude-haiku-4-5"
    assert run.request_id == "req_stub_1"
    assert run.llm_input_tokens > 0 and run.llm_output_tokens > 0
    body = stub.message_requests[0].body
    assert body["model"] == "claude-haiku-4-5" and body["max_tokens"] == 4096
    assert "<conversation>" in sent_prompt(body)
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.summary.startswith("## Goal") and checkpoint.model == "claude-haiku-4-5"


@pytest.mark.parametrize("status", [529, 500, 429])
def test_transient_error_then_success(stub, status):
    stub.enqueue_error(status)
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded" and run.attempts == 2
    assert len(stub.message_requests) == 2


def test_timeout_then_success(stub):
    stub.enqueue_delay(3)
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded" and run.attempts == 2


def test_persistent_overload_falls_back_and_loses_nothing(stub):
    stub.enqueue_error(529)
    stub.enqueue_error(529)
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "fell_back" and run.attempts == 2
    assert "overloaded" in run.error.lower()
    assert Message.objects.filter(session=session).count() == 40
    assert Checkpoint.objects.get(session=session).fallback


def test_bad_request_is_not_retried(stub):
    stub.enqueue_error(400, message="prompt is too long")
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "fell_back" and run.attempts == 1
    assert len(stub.message_requests) == 1
    assert "prompt is too long" in run.error


def test_garbage_answer_is_rejected_then_retried(stub):
    stub.enqueue_text("Sure! Here is a summary: the user wanted things.")
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded" and run.attempts == 2


def test_the_context_payload_is_accepted_by_the_messages_api(stub, compaction_settings):
    compaction_settings(KEEP_RECENT_TOKENS=20_000)  # a window wide enough to prune inside
    session = SessionFactory(messages=agent_loop(60, output_chars=5000))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded"
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)
    client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
    # The stub answers 400 for anything the real API would reject (orphaned tool results...).
    client.messages.create(
        model="claude-haiku-4-5",
        max_tokens=1024,
        system=payload.system,
        messages=payload.messages,
    )
    assert payload.hard_cleared + payload.soft_trimmed > 0
