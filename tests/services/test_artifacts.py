"""The artifact ledger through compaction: computed in phase 2, continued across versions,
stored with every checkpoint and carried in every payload, whatever the summary says."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from compaction import selectors, services
from compaction.engine.artifacts import Ledger, artifacts_section, ledger_fold
from compaction.engine.artifacts.section import code
from compaction.exceptions import PermanentSummarizerError
from compaction.models import Checkpoint, Message
from compaction.selectors.rows import CHECKPOINT_PAYLOAD_FIELDS
from tests.support import TRANSCRIPTS
from tests.support.database import assert_counters_match_rows
from tests.support.helpers import VALID_SUMMARY, ScriptedSummarizer, chat
from tests.support.tool_calls import turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def small(compaction_settings: Any) -> None:
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=200)


def payload_text(payload: Any) -> str:
    system = payload.system_text
    return system + "\n" + json.dumps(payload.messages, ensure_ascii=False)


def session_with(*tool_turn: dict[str, Any], config: dict[str, Any] | None = None) -> Any:
    """A session of one request, a tool call and its answer (``tool_turn``), then chat."""
    session = services.session_create(config=config)
    services.message_append(
        session_id=session.pk,
        messages=[{"role": "user", "content": "Go."}, *tool_turn, *chat(3)],
    )
    return session


def stored_rows(session: Any) -> list[dict[str, Any]]:
    return list(
        Message.objects.filter(session=session, seq__lte=session.archived_seq)
        .order_by("seq")
        .values("seq", "role", "format", "content")
    )


# A summary that names none of the transcripts' files or commands: what the payload knows
# of them comes from the ledger alone.
SILENT = VALID_SUMMARY.replace("`src/parser.py`", "the parser")

TOOL_TRANSCRIPTS = [
    path for path in sorted(TRANSCRIPTS.glob("*.json")) if '"tool_use"' in path.read_text()
]


@pytest.mark.parametrize("path", TOOL_TRANSCRIPTS, ids=lambda p: p.stem)
def test_after_compaction_every_file_changed_and_command_is_in_the_payload(
    path: Any, small: None
) -> None:
    data = json.loads(path.read_text())
    session = services.session_create(system_prompt=data["system"])
    services.message_append(session_id=session.pk, messages=[*data["messages"], *chat(2)])
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", force=True, summarizer=ScriptedSummarizer(SILENT)
    )
    assert run.status == "succeeded", (run.reason, run.error)
    session.refresh_from_db()
    checkpoint = Checkpoint.objects.get(session=session)
    ledger = Ledger.from_dict(checkpoint.artifacts)
    # The ledger is the fold of the archived range, through its last message.
    assert ledger == ledger_fold(stored_rows(session))
    assert ledger.through_seq == checkpoint.last_seq
    assert ledger.changed_files and ledger.commands

    payload = selectors.session_context_build(session=session)
    # After the summary, in the block that carries it (inside the cached prefix).
    summary_block = payload.messages[0]["content"][-1]
    assert summary_block["text"].endswith(f"</checkpoint>\n\n{checkpoint.artifacts_text}") or (
        f"</preserved>\n\n{checkpoint.artifacts_text}" in summary_block["text"]
    )
    assert summary_block["cache_control"] == {"type": "ephemeral"}
    section = checkpoint.artifacts_text
    for entry in ledger.changed_files:
        assert code(entry.path) in section, entry.path
    for entry in ledger.commands:
        assert code(entry.command) in section, entry.command
    for error in ledger.errors:
        line = next(
            line
            for line in section.split("\n")
            if line.startswith(f"- {code(error.target)} (#{error.seq}")
        )
        assert ("resolved:" in line) is error.resolved
    assert "Left out for space" not in section
    assert_counters_match_rows(session.pk)


def test_the_ledger_continues_across_versions_and_a_regeneration_rebuilds_it(small: None) -> None:
    session = services.session_create()
    first = [
        {"role": "user", "content": "Fix the build."},
        *turn(
            "bash",
            {"command": "make"},
            "cc: error: x.c: No such file\n[Command finished with exit code 2]",
        ),
        *chat(3),
    ]
    services.message_append(session_id=session.pk, messages=first)
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    v1 = Ledger.from_dict(Checkpoint.objects.get(session=session, version=1).artifacts)
    assert [e.target for e in v1.unresolved_errors] == ["make"]

    services.message_append(
        session_id=session.pk,
        messages=[
            *turn("Write", {"file_path": "/b/x.c", "content": "int main(){}"}, "ok"),
            *turn("bash", {"command": "make"}, "[Command finished with exit code 0]"),
            *chat(3, start=10),
        ],
    )
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    session.refresh_from_db()
    v2 = Checkpoint.objects.get(session=session, version=2)
    ledger = Ledger.from_dict(v2.artifacts)
    # The error of v1's range is resolved by a run in v2's: one ledger, never rewritten.
    assert ledger.unresolved_errors == () and [e.target for e in ledger.resolved_errors] == ["make"]
    assert ledger == ledger_fold(stored_rows(session))
    assert "### Resolved errors" in v2.artifacts_text

    run = services.compaction_run_regenerate(session_id=session.pk, trigger="admin")
    assert run.status == "succeeded", run.error
    v3 = Checkpoint.objects.get(session=session, version=3)
    assert Ledger.from_dict(v3.artifacts) == ledger
    assert v3.artifacts_text == v2.artifacts_text
    assert_counters_match_rows(session.pk)


def test_a_checkpoint_written_before_the_ledger_is_caught_up_by_the_next_compaction(
    small: None,
) -> None:
    session = session_with(
        *turn("Edit", {"file_path": "/r/a.py", "old_string": "1", "new_string": "2"}, "ok")
    )
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    # As a checkpoint of an earlier release: no ledger, no section.
    Checkpoint.objects.filter(session=session).update(artifacts={}, artifacts_text="")
    services.message_append(
        session_id=session.pk,
        messages=[*turn("bash", {"command": "pytest -q"}, "3 passed in 0.1s"), *chat(3, start=9)],
    )
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    session.refresh_from_db()
    ledger = Ledger.from_dict(Checkpoint.objects.get(session=session, version=2).artifacts)
    assert [entry.path for entry in ledger.changed_files] == ["/r/a.py"]
    assert ledger == ledger_fold(stored_rows(session))


def test_a_fallback_checkpoint_keeps_the_ledger(small: None) -> None:
    session = session_with(*turn("Write", {"file_path": "/r/new.py", "content": "x"}, "ok"))
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        force=True,
        summarizer=ScriptedSummarizer(PermanentSummarizerError("down")),
    )
    assert run.status == "fell_back"
    checkpoint = Checkpoint.objects.get(session=session)
    assert "- `/r/new.py`: created (#2)" in checkpoint.artifacts_text
    assert_counters_match_rows(session.pk)


def test_a_server_compaction_gets_its_ledger_after_the_append_commits(
    small: None, django_capture_on_commit_callbacks: Any
) -> None:
    session = services.session_create(system_prompt="You are a coding agent.")
    services.message_append(
        session_id=session.pk,
        messages=[
            {"role": "user", "content": "Go."},
            *turn("Write", {"file_path": "/r/new.py", "content": "x"}, "ok"),
            *chat(2),
        ],
    )
    block = {
        "type": "compaction",
        "content": "The agent created /r/new.py.",
        "signature": "sig",
        "encrypted_content": "enc",
    }
    with django_capture_on_commit_callbacks(execute=True):
        services.message_append(
            session_id=session.pk,
            messages=[{"role": "assistant", "content": [block, {"type": "text", "text": "Next."}]}],
        )
    session.refresh_from_db()
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.kind == Checkpoint.Kind.NATIVE
    assert "- `/r/new.py`: created (#2)" in checkpoint.artifacts_text
    payload = selectors.session_context_build(session=session)
    # The block must open the conversation alone: the section rides on the system prompt.
    assert payload.messages[0]["content"][0]["type"] == "compaction"
    assert payload.system[-1]["text"] == checkpoint.artifacts_text
    assert_counters_match_rows(session.pk)


def test_the_context_build_reads_the_section_not_the_ledger(small: None) -> None:
    session = session_with(*turn("Write", {"file_path": "/r/new.py", "content": "x"}, "ok"))
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert (
        "artifacts" not in CHECKPOINT_PAYLOAD_FIELDS
        and "artifacts_text" in CHECKPOINT_PAYLOAD_FIELDS
    )
    session.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        selectors.session_context_build(session=session)
    checkpoint_reads = [q["sql"] for q in queries if "compaction_checkpoint" in q["sql"]]
    assert checkpoint_reads and all(
        '"artifacts",' not in sql and '"artifacts" ' not in sql for sql in checkpoint_reads
    )


def test_the_section_budget_is_a_per_session_setting(small: None) -> None:
    session = session_with(
        *turn("Write", {"file_path": "/r/new.py", "content": "x"}, "ok"),
        config={"ARTIFACTS_MAX_TOKENS": 0},
    )
    services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    checkpoint = Checkpoint.objects.get(session=session)
    # The ledger is kept for the admin and the API; the payload carries no section.
    assert Ledger.from_dict(checkpoint.artifacts).changed_files
    assert checkpoint.artifacts_text == ""
    assert "<artifacts>" not in payload_text(selectors.session_context_build(session=session))
    assert artifacts_section(Ledger.from_dict(checkpoint.artifacts), max_tokens=1500)
