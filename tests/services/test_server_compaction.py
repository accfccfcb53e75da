"""Server-side compaction: a signed ``compaction`` block, archived, audited and sent back.

The stub signs the blocks it issues and refuses one whose content no longer matches its
signature, one that is not the first block of the conversation, or two of them, with the
``error_code`` the SDK turns into its typed errors: the tests go the way a host goes.
"""

from __future__ import annotations

import anthropic
import pytest
from anthropic.types import CompactionBlockMisplacedError, CompactionContentMismatchError

from compaction import selectors, services
from compaction.models import Checkpoint, CompactionRun, Message
from tests.support.anthropic_stub import AnthropicStub
from tests.support.api import sess
from tests.support.database import archived_by
from tests.support.helpers import VALID_SUMMARY, agent_loop, chat, user

pytestmark = pytest.mark.django_db

SERVER_SUMMARY = VALID_SUMMARY.replace("`src/parser.py` line 42", "`src/parser.py` line 57")


@pytest.fixture
def stub(anthropic_api, compaction_settings):
    compaction_settings(AUTO_COMPACT="off", API_MAX_RETRIES=0, MAX_ATTEMPTS=2)
    return anthropic_api


def client(stub: AnthropicStub) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)


def turn_with_server_compaction(stub: AnthropicStub, session) -> anthropic.types.beta.BetaMessage:
    """The host's next turn with the compact_20260112 edit on: the API compacts in-turn."""
    stub.enqueue_message(
        [stub.compaction_block(SERVER_SUMMARY), {"type": "text", "text": "Continuing the fix."}]
    )
    payload = selectors.session_context_build(session=session)
    return client(stub).beta.messages.create(
        model="claude-haiku-4-5",
        max_tokens=1024,
        system=payload.system,
        messages=payload.messages,
        context_management={"edits": [{"type": "compact_20260112"}]},
        betas=["compact-2026-01-12"],
    )


def test_an_appended_compaction_block_archives_what_it_replaced(api, session, stub):
    services.message_append(session_id=session.pk, messages=[*agent_loop(6), user("Go on.")])
    response = turn_with_server_compaction(stub, session)
    appended = api.post(
        sess(session, "messages/"),
        {"role": "assistant", "content": [b.model_dump() for b in response.content]},
    )
    assert appended.status_code == 201, appended.content

    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.kind == "native" and checkpoint.version == 1
    assert checkpoint.summary == SERVER_SUMMARY and checkpoint.last_seq == 14
    assert checkpoint.messages_compacted == 14 and checkpoint.native_block["signature"]
    run = checkpoint.run
    assert (run.mode, run.trigger, run.status) == ("native", "append", "succeeded")
    archived = archived_by(checkpoint)
    assert archived.count() == 14
    session.refresh_from_db()
    assert (session.active_message_count, session.checkpoint_version) == (1, 1)

    # The next payload starts with the block, untouched, and nothing before it.
    payload = selectors.session_context_build(session=session)
    first = payload.messages[0]
    assert first["role"] == "assistant" and first["content"][0] == checkpoint.native_block
    assert all("<checkpoint>" not in str(m["content"]) for m in payload.messages)
    follow = [*payload.messages, {"role": "user", "content": "Thanks, continue."}]
    client(stub).beta.messages.create(
        model="claude-haiku-4-5", max_tokens=256, system=payload.system, messages=follow
    )

    # The audit covers it like any checkpoint.
    drift = api.get(sess(session, "drift/")).json()
    assert [point["version"] for point in drift["timeline"]] == [1]
    assert drift["items"] == []  # a server summary has no item ids


def test_our_next_compaction_archives_the_server_block_and_builds_on_its_summary(
    session, stub, small
):
    services.message_append(session_id=session.pk, messages=[*chat(8), user("Go on.")])
    response = turn_with_server_compaction(stub, session)
    services.message_append(
        session_id=session.pk,
        messages=[
            {"role": "assistant", "content": [b.model_dump() for b in response.content]},
            *chat(20, start=50),
        ],
    )
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded", run.error
    latest = Checkpoint.objects.get(session=session, version=2)
    assert latest.kind == "update" and latest.native_block is None
    compaction_message = Message.objects.with_checkpoint().get(session=session, seq=18)
    assert compaction_message.checkpoint_id == latest.pk  # the block is archived too
    payload = selectors.session_context_build(session=session)
    assert payload.messages[0]["role"] == "user"
    assert not any(
        isinstance(m["content"], list) and any(b.get("type") == "compaction" for b in m["content"])
        for m in payload.messages
    )
    client(stub).beta.messages.create(
        model="claude-haiku-4-5", max_tokens=256, system=payload.system, messages=payload.messages
    )


def test_regenerating_right_after_a_server_compaction_is_skipped_with_the_reason(session, stub):
    services.message_append(session_id=session.pk, messages=[*chat(3), user("Go on.")])
    response = turn_with_server_compaction(stub, session)
    services.message_append(
        session_id=session.pk,
        messages=[{"role": "assistant", "content": [b.model_dump() for b in response.content]}],
    )
    run = services.compaction_run_regenerate(session_id=session.pk, trigger="admin")
    assert run.status == "skipped" and "API's own compaction" in run.reason


def test_the_stub_refuses_what_the_api_refuses(stub):
    block = stub.compaction_block(SERVER_SUMMARY)
    misplaced = [
        {"role": "user", "content": "Hello"},
        {"role": "assistant", "content": [block, {"type": "text", "text": "Hi"}]},
    ]
    with pytest.raises(CompactionBlockMisplacedError):
        client(stub).beta.messages.create(
            model="claude-haiku-4-5", max_tokens=16, messages=misplaced
        )
    tampered = [
        {"role": "assistant", "content": [{**block, "content": SERVER_SUMMARY + " (edited)"}]},
        {"role": "user", "content": "Go on."},
    ]
    with pytest.raises(CompactionContentMismatchError):
        client(stub).beta.messages.create(
            model="claude-haiku-4-5", max_tokens=16, messages=tampered
        )


NATIVE = "compaction.summarizers.anthropic_compaction.AnthropicCompactionSummarizer"


def test_the_server_summarizer_asks_the_api_to_compact_and_keeps_its_block(
    session, stub, compaction_settings
):
    compaction_settings(
        SUMMARIZER=NATIVE,
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
    )
    services.message_append(session_id=session.pk, messages=agent_loop(20, output_chars=600))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    assert run.summarizer == "anthropic-compaction" and run.request_id
    request = stub.message_requests[0]
    assert "compact-2026-09-04" in request.headers["anthropic-beta"]
    instructions = request.body["compaction"]["instructions"]
    assert "## Critical Context" in instructions and "<conversation>" not in instructions
    assert request.body["messages"][0]["role"] == "user"  # the conversation itself, as messages

    first = Checkpoint.objects.get(session=session)
    assert first.native_block["type"] == "compaction" and first.carried == []
    assert first.summary == first.native_block["content"] == stub.default_text
    payload = selectors.session_context_build(session=session)
    assert payload.messages[0] == {"role": "assistant", "content": [first.native_block]}
    client(stub).beta.messages.create(
        model="claude-haiku-4-5", max_tokens=256, system=payload.system, messages=payload.messages
    )

    # The next compaction sends the previous block first, in place of its summary.
    services.message_append(
        session_id=session.pk, messages=agent_loop(20, output_chars=600, start=50)[1:]
    )
    stub.clear()
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    sent = stub.message_requests[0].body["messages"]
    assert sent[0] == {"role": "assistant", "content": [first.native_block]}
    second = Checkpoint.objects.get(session=session, version=2)
    assert second.native_block["signature"] != first.native_block["signature"]


def test_a_server_compaction_without_a_summary_is_retried_then_falls_back(
    session, stub, compaction_settings
):
    compaction_settings(SUMMARIZER=NATIVE, COMPACTION_THRESHOLD=2000, KEEP_RECENT_TOKENS=500)
    services.message_append(session_id=session.pk, messages=chat(20))
    for _ in range(2):
        stub.enqueue_text("")  # a compaction that produced content null
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "fell_back" and run.attempts == 2
    assert "no summary" in run.error
    assert CompactionRun.objects.get(pk=run.pk).checkpoint.native_block is None
