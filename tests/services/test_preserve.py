"""PRESERVE through the services: exact errors, decisions and commits outlive the summary.

A session is built the way a host builds it (services.message_append with what the SDK and
the tools produced), compacted by ``compaction_run_execute`` (Claude through the local
Messages API stub where the summarizer matters), and read back through
``session_context_build``: the payload a model would get next.
"""

from __future__ import annotations

from typing import Any

import anthropic
import pytest

from compaction import selectors, services
from compaction.engine.context import summary_tokens
from compaction.engine.items import without_ids
from compaction.engine.preserve import SECTION_HEAD
from compaction.exceptions import PermanentSummarizerError
from compaction.models import Checkpoint
from tests.support.agent_outputs import (
    GIT_COMMIT,
    MIGRATE_ERROR,
    MIGRATE_TRACEBACK,
    PYTEST_FAILURE,
    PYTEST_FAILURE_ERROR,
    bash,
)
from tests.support.database import assert_counters_match_rows
from tests.support.helpers import ScriptedSummarizer, assistant, chat, user
from tests.support.summaries import sent_prompt

pytestmark = pytest.mark.django_db

MISSING = "cat: config/rounding.toml: No such file or directory"
DECISION = "Decision: round half-up with Decimal.quantize, as finance asked."

# What a summarizer may well write of that session: the error text is gone.
DROPPING_SUMMARY = """## Goal
Fix the invoice rounding so that totals match what finance expects.

## Constraints & Preferences
- Keep the change small; no new dependencies.

## Progress
### Done
- Ran the invoice tests; one of them failed.
### In Progress
- Changing how totals are rounded.

## Key Decisions
- Round totals the way finance asked.

## Conversation Dynamics
- The user wants short status updates.

## Next Steps
- Re-run the tests after the change.

## Critical Context
- A configuration file was looked for and not found.
"""


def failing_session(config: dict[str, Any] | None = None) -> Any:
    session = services.session_create(
        system_prompt="You are a careful coding agent.", config=config
    )
    services.message_append(
        session_id=session.pk,
        messages=[
            user("The invoice totals are off by a cent. Please fix the rounding."),
            *bash("pytest -q tests/test_invoices.py", PYTEST_FAILURE, text="Running the tests."),
            *bash("cat config/rounding.toml", MISSING, error=True, text="Checking the config."),
            assistant(DECISION),
            *chat(12),
        ],
    )
    session.refresh_from_db()
    return session


@pytest.fixture
def claude(anthropic_api, compaction_settings):
    """Claude summarizes, through the SDK, against the local Messages API."""
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
    )
    return anthropic_api


def summary_block(payload: Any) -> str:
    """The text block carrying the checkpoint in an Anthropic payload."""
    return payload.messages[0]["content"][-1]["text"]


def test_a_failing_tool_results_exact_error_survives_a_summarizer_that_drops_it(claude):
    session = failing_session()
    claude.enqueue_text(DROPPING_SUMMARY)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    assert run.summarizer == "anthropic" and len(claude.message_requests) == 1
    # Claude was shown the errors; its summary left them out.
    prompt = sent_prompt(claude.message_requests[0].body)
    assert MISSING in prompt and "AssertionError: assert Decimal('10.00')" in prompt
    checkpoint = Checkpoint.objects.get(session=session)
    assert without_ids(checkpoint.summary) == DROPPING_SUMMARY.strip()
    assert MISSING not in checkpoint.summary and "AssertionError" not in checkpoint.summary

    assert checkpoint.preserved == [
        {"kind": "decision", "seq": 6, "text": DECISION},
        {"kind": "error", "seq": 5, "text": MISSING},
        {"kind": "error", "seq": 3, "text": PYTEST_FAILURE_ERROR},
    ]

    # The next payload carries them verbatim after the summary, inside the cached block.
    payload = selectors.session_context_build(session=session)
    text = summary_block(payload)
    after_summary = text.split("</checkpoint>", 1)[1]
    assert after_summary.startswith(f"\n\n{SECTION_HEAD}")
    assert f'<error message="#5">\n{MISSING}\n</error>' in after_summary
    assert f'<error message="#3">\n{PYTEST_FAILURE_ERROR}\n</error>' in after_summary
    assert payload.messages[0]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    client = anthropic.Anthropic(api_key="sk-test", base_url=claude.url, max_retries=0)
    client.messages.create(
        model="claude-haiku-4-5", max_tokens=256, system=payload.system, messages=payload.messages
    )

    # The counters count the preserved text as part of the checkpoint.
    plain = summary_tokens(
        summary=checkpoint.summary, version=1, carried=checkpoint.carried, image_tokens=1600
    )
    assert checkpoint.summary_tokens == summary_tokens(
        summary=checkpoint.summary,
        version=1,
        carried=checkpoint.carried,
        image_tokens=1600,
        preserved=checkpoint.preserved,
        artifacts=checkpoint.artifacts_text,
    )
    assert checkpoint.summary_tokens >= plain + len(after_summary) // 4
    assert_counters_match_rows(session.pk)


def test_with_preserve_and_the_artifacts_section_off_the_summary_is_all_there_is(claude):
    session = failing_session(config={"PRESERVE": [], "ARTIFACTS_MAX_TOKENS": 0})
    claude.enqueue_text(DROPPING_SUMMARY)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.preserved == [] and checkpoint.artifacts_text == ""
    text = summary_block(selectors.session_context_build(session=session))
    assert "<preserved>" not in text and MISSING not in text
    assert "<artifacts>" not in text and "AssertionError" not in text


def test_with_preserve_off_the_ledger_still_names_the_failing_commands(claude):
    """The artifact ledger is not preserved text: it keeps what failed, one line each."""
    session = failing_session(config={"PRESERVE": []})
    claude.enqueue_text(DROPPING_SUMMARY)
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    text = summary_block(selectors.session_context_build(session=session))
    assert "<preserved>" not in text
    section = text.split("<artifacts>", 1)[1]
    assert "### Unresolved errors" in section
    assert f"(#5): {MISSING.splitlines()[0]}" in section


def test_the_openai_payload_and_the_system_placement_carry_them_too(small, compaction_settings):
    session = failing_session()
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    openai_payload = selectors.session_context_build(session=session, format="openai")
    lead = next(m for m in openai_payload.messages if m["role"] == "user")
    assert f'<error message="#5">\n{MISSING}\n</error>' in str(lead["content"])
    compaction_settings(SUMMARY_PLACEMENT="system")
    payload = selectors.session_context_build(session=session)
    system = payload.system[-1]
    assert f"{SECTION_HEAD}" in system["text"] and MISSING in system["text"]
    assert system["cache_control"] == {"type": "ephemeral"}


def test_items_carry_to_the_next_version_newest_first_and_the_oldest_fall_off(
    small, compaction_settings
):
    session = failing_session()
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    first = Checkpoint.objects.get(session=session, version=1)
    assert [item["seq"] for item in first.preserved] == [6, 5, 3]

    services.message_append(
        session_id=session.pk,
        messages=[
            user("Commit it and run the migration."),
            *bash("git commit -am 'Round half-up'", GIT_COMMIT),
            *bash("python manage.py migrate", MIGRATE_TRACEBACK),
            *chat(12, start=20),
        ],
    )
    # Room for the new items and the newest of the old, not for the old pytest failure.
    new_and_old = 330
    compaction_settings(PRESERVE_MAX_TOKENS=new_and_old)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    second = Checkpoint.objects.get(session=session, version=2)
    seqs = [item["seq"] for item in second.preserved]
    assert seqs == sorted(seqs, reverse=True)  # newest first
    texts = [item["text"] for item in second.preserved]
    assert texts[:2] == [MIGRATE_ERROR, GIT_COMMIT.splitlines()[0]]
    assert DECISION in texts and MISSING in texts
    assert PYTEST_FAILURE_ERROR not in texts  # the oldest fell off
    rendered = summary_block(selectors.session_context_build(session=session))
    # The preserved section alone (the Files & artifacts section follows it).
    section = rendered.split("</checkpoint>\n\n", 1)[1].split("\n\n<artifacts>", 1)[0]
    assert section.endswith("</preserved>")
    assert len(section) <= new_and_old * 4
    assert_counters_match_rows(session.pk)

    # A regeneration reads every archived original again: with room, all of them are back.
    compaction_settings(PRESERVE_MAX_TOKENS=2000)
    run = services.compaction_run_regenerate(session_id=session.pk, trigger="admin")
    assert run.status == "succeeded", run.error
    regenerated = Checkpoint.objects.get(session=session, version=3)
    assert [item["text"] for item in regenerated.preserved] == [*texts, PYTEST_FAILURE_ERROR]
    assert_counters_match_rows(session.pk)


def test_a_fallback_checkpoint_keeps_the_exact_errors(small):
    session = failing_session()
    failing = ScriptedSummarizer(PermanentSummarizerError("the summarizer is down"))
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=failing
    )
    assert run.status == "fell_back", run.error
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.fallback
    assert {"kind": "error", "seq": 5, "text": MISSING} in checkpoint.preserved
    assert MISSING in summary_block(selectors.session_context_build(session=session))
    assert_counters_match_rows(session.pk)


def test_the_dry_run_counts_the_preserved_text(small):
    session = failing_session()
    estimate = selectors.compaction_estimate(session=session)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert Checkpoint.objects.get(session=session).preserved
    # A full-size summary is assumed; the preserved text is the run's own.
    assert run.tokens_after <= estimate.tokens_after <= run.tokens_after + 1600


def test_a_server_compaction_block_stands_alone_without_preserved_text(claude, compaction_settings):
    compaction_settings(
        SUMMARIZER="compaction.summarizers.anthropic_compaction.AnthropicCompactionSummarizer"
    )
    session = failing_session()
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.native_block is not None
    assert checkpoint.preserved == [] and checkpoint.carried == []
    payload = selectors.session_context_build(session=session)
    assert payload.messages[0] == {"role": "assistant", "content": [checkpoint.native_block]}
    assert "<preserved>" not in str(payload.as_dict())
    openai_payload = selectors.session_context_build(session=session, format="openai")
    assert "<preserved>" not in str(openai_payload.as_dict())
