"""The memory flush: due near the threshold once per cycle, a turn never stored, one report
per cycle, and the host callable kept out of transactions and async requests."""

from __future__ import annotations

import anthropic
import pytest
from django.db import transaction

from compaction import selectors, services
from compaction.engine.memory import MEMORY_FLUSH_PROMPT, flush_outcome, is_silent
from compaction.exceptions import (
    InvalidConversation,
    InvalidInput,
    MemoryFlushAlreadyRecorded,
    MemoryFlushStale,
)
from compaction.models import ChatSession, MemoryFlush, Message
from tests.support.anthropic_stub import AnthropicStub
from tests.support.helpers import chat, tool_answer, tool_call

pytestmark = pytest.mark.django_db


def due_session(turns: int = 12) -> ChatSession:
    session = services.session_create(system_prompt="You are a careful agent.")
    services.message_append(session_id=session.pk, messages=chat(turns))
    return ChatSession.objects.get(pk=session.pk)


def test_a_flush_is_due_within_the_margin_not_before(near_flush):
    early = due_session(2)
    assert not selectors.session_memory_flush_due(session=early)
    assert selectors.session_context_build(session=early).as_dict()["memory_flush"] == {
        "due": False,
        "prompt": None,
    }
    session = due_session()
    assert session.calibrated_tokens < 3000  # not over the threshold yet: flush first
    payload = selectors.session_context_build(session=session).as_dict()
    assert payload["memory_flush"] == {"due": True, "prompt": MEMORY_FLUSH_PROMPT}
    assert payload["flush_turn"] is False


def test_the_flush_turn_payload_ends_with_the_prompt_and_is_never_stored(near_flush):
    session = due_session()
    before = list(Message.objects.filter(session=session).values_list("seq", "content"))
    normal = selectors.session_context_build(session=session)
    flush = selectors.session_context_build(session=session, memory_flush=True)
    assert flush.flush_turn
    last = flush.messages[-1]
    assert last["role"] == "user"
    assert last["content"][-1] == {"type": "text", "text": MEMORY_FLUSH_PROMPT}
    # The same conversation before it: the flush turn reads the cached prefix.
    assert flush.system == normal.system
    assert flush.messages[:-1] == normal.messages
    assert flush.estimated_tokens > normal.estimated_tokens
    # The Messages API takes it (the stub applies its rules, not the app's).
    with AnthropicStub() as stub:
        stub.enqueue_text("SILENT")
        client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        answer = client.messages.create(
            model="claude-haiku-4-5", max_tokens=256, system=flush.system, messages=flush.messages
        )
    assert is_silent(answer.content[0].text)
    services.memory_flush_record(session_id=session.pk, outcome="silent")
    after = list(Message.objects.filter(session=session).values_list("seq", "content"))
    assert after == before


def test_the_flush_prompt_follows_tool_results_in_their_user_turn(near_flush):
    session = due_session()
    services.message_append(
        session_id=session.pk,
        messages=[tool_call("toolu_01", "ls"), tool_answer("toolu_01", "README.md\nsrc")],
    )
    session.refresh_from_db()
    flush = selectors.session_context_build(session=session, memory_flush=True)
    last = flush.messages[-1]["content"]
    assert [block["type"] for block in last] == ["tool_result", "text"]


def test_no_flush_while_tool_calls_wait_for_results(near_flush):
    session = due_session()
    services.message_append(session_id=session.pk, messages=[tool_call("toolu_01", "ls")])
    session.refresh_from_db()
    assert not selectors.session_memory_flush_due(session=session)
    with pytest.raises(InvalidConversation) as info:
        selectors.session_context_build(session=session, memory_flush=True)
    assert "memory_flush" in info.value.details


def test_one_report_per_cycle_and_a_new_checkpoint_rearms_it(near_flush):
    session = due_session()
    flush = services.memory_flush_record(
        session_id=session.pk, outcome="saved", input_tokens=1200, output_tokens=40
    )
    assert (flush.cycle, flush.source, flush.outcome) == (0, "turn", "saved")
    session.refresh_from_db()
    assert session.memory_flush_version == 0
    assert (session.total_input_tokens, session.total_output_tokens) == (1200, 40)
    assert not selectors.session_memory_flush_due(session=session)
    with pytest.raises(MemoryFlushAlreadyRecorded) as info:
        services.memory_flush_record(session_id=session.pk, outcome="silent")
    assert info.value.status_code == 409
    assert info.value.details == {"cycle": 0, "outcome": "saved", "source": "turn"}
    assert MemoryFlush.objects.count() == 1

    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded", run.error
    services.message_append(session_id=session.pk, messages=chat(14, start=20))
    session.refresh_from_db()
    assert session.checkpoint_version == 1
    assert selectors.session_memory_flush_due(session=session)
    again = services.memory_flush_record(session_id=session.pk, outcome="silent")
    assert again.cycle == 1


def test_a_flush_built_before_a_checkpoint_is_stale_and_leaves_the_new_cycle_open(near_flush):
    session = due_session()
    payload = selectors.session_context_build(session=session, memory_flush=True)
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    with pytest.raises(MemoryFlushStale) as info:
        services.memory_flush_record(
            session_id=session.pk, outcome="silent", cycle=payload.checkpoint_version
        )
    assert info.value.status_code == 409 and info.value.details["checkpoint_version"] == 1
    session.refresh_from_db()
    assert session.memory_flush_version is None and not MemoryFlush.objects.exists()
    flush = services.memory_flush_record(session_id=session.pk, outcome="silent", cycle=1)
    assert flush.cycle == 1


def test_a_flush_reports_cache_tokens_apart(near_flush):
    session = due_session()
    before = (session.total_input_tokens, session.total_cache_read_tokens)
    flush = services.memory_flush_record(
        session_id=session.pk,
        outcome="silent",
        input_tokens=40,
        cache_creation_input_tokens=10,
        cache_read_input_tokens=3000,
        output_tokens=2,
    )
    session.refresh_from_db()
    assert session.total_input_tokens - before[0] == 40
    assert session.total_cache_read_tokens - before[1] == 3000
    assert session.total_cache_creation_tokens == 10
    assert flush.input_tokens == 3050  # the flush's whole prompt, for the audit


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"outcome": "done"}, "outcome"),
        ({"outcome": "silent", "input_tokens": -1}, "input_tokens"),
        ({"outcome": "silent", "output_tokens": True}, "output_tokens"),
        ({"outcome": "spoke", "response_text": "a\x00b"}, "response_text"),
    ],
)
def test_bad_reports_name_the_field_and_write_nothing(near_flush, kwargs, field):
    session = due_session()
    with pytest.raises(InvalidInput) as info:
        services.memory_flush_record(session_id=session.pk, **kwargs)
    assert field in info.value.details
    assert not MemoryFlush.objects.exists()
    session.refresh_from_db()
    assert session.memory_flush_version is None


def test_outcomes_from_the_reply():
    assert flush_outcome(reply="SILENT", saved=False) == "silent"
    assert flush_outcome(reply=" `SILENT`. ", saved=True) == "saved"
    assert flush_outcome(reply="", saved=True) == "saved"
    assert flush_outcome(reply="I saved your preferences!", saved=True) == "spoke"


# ----------------------------------------------------------------------------- the callable


def record_flush(*, session, run):
    from django.db import connection

    record_flush.calls.append((session.pk, run, connection.in_atomic_block))


@pytest.mark.django_db(transaction=True)
def test_the_callable_runs_after_the_callers_transaction_commits(near_flush, compaction_settings):
    compaction_settings(MEMORY_FLUSH="tests.services.test_memory_flush.record_flush")
    record_flush.calls = []
    session = services.session_create()
    with transaction.atomic():
        services.message_append(session_id=session.pk, messages=chat(12))
        assert record_flush.calls == []  # not inside the caller's transaction
    assert len(record_flush.calls) == 1
    assert record_flush.calls[0][2] is False
    flush = MemoryFlush.objects.get()
    assert (flush.source, flush.outcome, flush.cycle) == ("callable", "saved", 0)
    # The cycle is closed for the flush turn too.
    with pytest.raises(MemoryFlushAlreadyRecorded):
        services.memory_flush_record(session_id=session.pk, outcome="silent")


@pytest.mark.django_db(transaction=True)
def test_the_callable_is_left_to_the_worker_when_compaction_is_async(
    near_flush, compaction_settings, django_capture_on_commit_callbacks
):
    compaction_settings(
        MEMORY_FLUSH="tests.services.test_memory_flush.record_flush",
        AUTO_COMPACT="async",
    )
    record_flush.calls = []
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(12))
    assert record_flush.calls == []
    assert not MemoryFlush.objects.exists()
