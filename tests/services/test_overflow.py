"""Overflow recovery: the model refused the prompt as too long; compact harder until the
payload fits, never losing a stored message."""

from __future__ import annotations

import anthropic
import pytest
from django.db import connection

from compaction import selectors, services
from compaction.engine.fitting import CLEARED_TOOL_RESULTS, CUT_OVERSIZED, OVERSIZED_MARKER
from compaction.models import ChatSession, CompactionRun, Message
from compaction.services.overflow import parse_overflow_error
from tests.support.anthropic_stub import AnthropicStub, estimate_tokens
from tests.support.helpers import (
    GatedSummarizer,
    agent_loop,
    chat,
    tool_answer,
    tool_call,
    user,
)

pytestmark = pytest.mark.django_db

BUDGET = 36_000  # CONTEXT_WINDOW - RESERVE_TOKENS below


def send(stub: AnthropicStub, payload) -> anthropic.types.Message:
    client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
    return client.messages.create(
        model="claude-haiku-4-5",
        max_tokens=1024,
        system=payload.system,
        messages=payload.messages,
    )


def test_an_overflow_the_api_answers_is_recovered_and_the_retry_fits(host_window):
    session = services.session_create(system_prompt="You are a careful agent.")
    services.message_append(session_id=session.pk, messages=chat(80, words=200))
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)
    assert payload.truncated and payload.estimated_tokens <= BUDGET
    stored = list(Message.objects.filter(session=session).values_list("seq", "content"))

    # The real model's window is smaller than the host was told: it refuses the payload.
    with AnthropicStub(context_window=30_000) as stub:
        with pytest.raises(anthropic.BadRequestError) as refused:
            send(stub, payload)
        assert "prompt is too long" in refused.value.message
        recovery = services.session_overflow_recover(
            session_id=session.pk,
            error_message=refused.value.message,
            estimated_tokens=payload.estimated_tokens,
        )
        answer = send(stub, recovery.payload)
        retried = stub.message_requests[-1].body

    assert answer.stop_reason == "end_turn"
    assert estimate_tokens(retried) <= 30_000
    assert recovery.fits and recovery.payload.estimated_tokens <= BUDGET
    calibrated, compacted = recovery.steps[0], recovery.steps[1]
    assert calibrated["action"] == "calibrated"
    assert calibrated["reported_tokens"] == recovery.reported_tokens > payload.estimated_tokens
    assert recovery.model_maximum == 30_000
    assert calibrated["ratio_after"] > calibrated["ratio_before"]
    assert compacted["action"] == "compacted" and compacted["status"] == "succeeded"
    run = CompactionRun.objects.get(pk=compacted["run_id"])
    assert run.trigger == "overflow"
    # Nothing stored was lost: every message is there, the compacted ones in the archive.
    assert list(Message.objects.filter(session=session).values_list("seq", "content")) == stored
    session = ChatSession.objects.get(pk=session.pk)
    assert Message.objects.filter(session=session).archived().count() == session.archived_seq > 0


def test_without_a_count_it_still_compacts_once(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(40, words=200))
    recovery = services.session_overflow_recover(session_id=session.pk)
    assert [step["action"] for step in recovery.steps] == ["compacted"]
    assert recovery.reported_tokens is None and len(recovery.runs) == 1


def test_a_message_larger_than_the_window_is_cut_in_the_payload_only(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(20))
    huge = "Here is the whole log:\n" + "line of a very long build log\n" * 8_000  # ~240k chars
    services.message_append(session_id=session.pk, messages=[user(huge)])
    session.refresh_from_db()

    recovery = services.session_overflow_recover(
        session_id=session.pk, error_message="prompt is too long: 62000 tokens > 40000 maximum"
    )
    actions = [step["action"] for step in recovery.steps]
    # Compacting cannot shrink the newest message: three compactions, then it is cut.
    assert actions.count("compacted") == len(recovery.runs) <= 3
    assert actions[-1] == CUT_OVERSIZED
    assert recovery.fits
    last = recovery.payload.messages[-1]["content"]
    text = last if isinstance(last, str) else last[-1]["text"]
    assert OVERSIZED_MARKER.split("{")[0] in text and text.startswith("Here is the whole log")
    assert recovery.payload.truncated
    # Stored as sent.
    assert Message.objects.get(session=session, seq=41).content == huge


def test_a_turn_larger_than_the_window_is_kept_and_cut_not_dropped(host_window):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=agent_loop(6, output_chars=3_000))
    services.message_append(
        session_id=session.pk,
        messages=[tool_call("toolu_big", "cat build.log"), tool_answer("toolu_big", "x" * 240_000)],
    )
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)
    # The newest tool call and its result stay, cut; everything older is left out.
    assert payload.fitted == (CLEARED_TOOL_RESULTS, CUT_OVERSIZED)
    assert payload.estimated_tokens <= BUDGET and payload.truncated
    kinds = [[b["type"] for b in m["content"]] for m in payload.messages[-2:]]
    assert kinds == [["text", "tool_use"], ["tool_result"]]


@pytest.mark.django_db(transaction=True)
def test_a_compaction_in_flight_is_reported_and_the_payload_still_fits(host_window):
    import threading

    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(80, words=200))
    gated = GatedSummarizer()

    def compact() -> None:
        try:
            services.compaction_run_execute(
                session_id=session.pk, trigger="api", force=True, summarizer=gated
            )
        finally:
            connection.close()

    worker = threading.Thread(target=compact)
    worker.start()
    try:
        assert gated.entered.wait(10)
        recovery = services.session_overflow_recover(
            session_id=session.pk, error_message="prompt is too long: 41000 tokens > 40000 maximum"
        )
    finally:
        gated.release.set()
        worker.join(10)
    assert [step["action"] for step in recovery.steps][:2] == [
        "calibrated",
        "compaction_in_progress",
    ]
    assert recovery.fits and recovery.payload.truncated


def test_overflow_messages_of_both_apis_are_read():
    assert parse_overflow_error("prompt is too long: 215000 tokens > 200000 maximum") == (
        215_000,
        200_000,
    )
    openai = (
        "This model's maximum context length is 128000 tokens. However, your messages "
        "resulted in 130,512 tokens. Please reduce the length of the messages."
    )
    assert parse_overflow_error(openai) == (130_512, 128_000)
    assert parse_overflow_error("rate limited") == (None, None)
    with_output = "input length and `max_tokens` exceed context limit: 190000 + 21333 > 200000"
    assert parse_overflow_error(with_output) == (190_000, 178_667)


@pytest.mark.parametrize(
    "message",
    [
        "prompt is too long: , tokens > 1 maximum",
        "prompt is too long: " + "9" * 5000 + " tokens > 1 maximum",
        "prompt is too long: " + "9" * 400 + " tokens > 200000 maximum",
        "maximum context length is 1,,, tokens. However, your messages resulted in , tokens",
    ],
)
def test_garbled_counts_are_read_safely_or_not_at_all(host_window, message):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(10))
    recovery = services.session_overflow_recover(
        session_id=session.pk, error_message=message[:10_000]
    )
    assert recovery.fits


def test_an_unknown_session_is_not_found(host_window):
    import uuid

    from compaction.exceptions import SessionNotFound

    for session_id in (uuid.uuid4(), "not-a-uuid"):
        with pytest.raises(SessionNotFound):
            services.session_overflow_recover(session_id=session_id)
