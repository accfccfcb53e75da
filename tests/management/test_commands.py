"""The management commands: import_transcript, compact, show_context."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from compaction import selectors
from compaction.exceptions import PermanentSummarizerError
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.services import compaction_run_claim, message_append, session_create
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from tests.support import ROOT
from tests.support.helpers import agent_loop, assistant, chat, payload_problem, user

TRANSCRIPTS = sorted((ROOT / "fixtures" / "transcripts").glob("*.json"))
SMALL = ROOT / "fixtures" / "transcripts" / "swe-02-function_calling_simple.json"

pytestmark = pytest.mark.django_db


class FailingSummarizer(Summarizer):
    """Every call fails permanently (no retry)."""

    name = "failing"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        raise PermanentSummarizerError("the summarizer is down", status=400)


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def import_file(path: Path | str, *extra: str) -> ChatSession:
    out, _ = run("import_transcript", str(path), *extra)
    return ChatSession.objects.get(pk=out.splitlines()[-1])


def write_jsonl(path: Path, messages: list[Any]) -> Path:
    path.write_text("\n".join(json.dumps(m) for m in messages) + "\n", encoding="utf-8")
    return path


def seqs(session: ChatSession) -> list[int]:
    return list(session.messages.order_by("seq").values_list("seq", flat=True))


# --------------------------------------------------------------------------- import_transcript


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_import_fixture_then_show_context_json(path):
    data = json.loads(path.read_text(encoding="utf-8"))

    out, _ = run("import_transcript", str(path))

    session = ChatSession.objects.get(pk=out.splitlines()[-1])
    assert session.message_count == len(data["messages"])
    assert session.messages.count() == len(data["messages"])
    assert session.system_prompt == data["system"]
    assert f"Imported {len(data['messages'])} messages" in out
    assert "should compact: no" in out
    stored = list(session.messages.order_by("seq").values("role", "content"))
    assert stored == [{"role": m["role"], "content": m["content"]} for m in data["messages"]]

    shown, _ = run("show_context", str(session.pk), "--json")
    expected = selectors.session_context_build(session=session).as_dict()
    assert json.loads(shown) == expected
    assert payload_problem(expected["messages"]) is None


def test_import_last_line_is_the_session_id_alone():
    out, _ = run("import_transcript", str(SMALL), "--external-id", "ext-1", "--agent-id", "a1")
    lines = out.splitlines()
    session = ChatSession.objects.get()
    assert lines[-1] == str(session.pk)
    assert len(lines) >= 2
    assert (session.external_id, session.agent_id) == ("ext-1", "a1")


def test_import_jsonl(tmp_path):
    messages = [*agent_loop(4), assistant("All done.")]
    lines = [json.dumps(m) for m in messages]
    lines.insert(3, "   ")  # blank lines are ignored
    path = tmp_path / "loop.jsonl"
    path.write_text("\n".join(lines) + "\n\n", encoding="utf-8")

    session = import_file(path)

    assert session.message_count == len(messages)
    assert session.system_prompt == ""
    assert seqs(session) == list(range(1, len(messages) + 1))
    assert list(session.messages.order_by("seq").values_list("content", flat=True)) == [
        m["content"] for m in messages
    ]


def test_import_system_as_text_blocks(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(
        json.dumps(
            {
                "system": [{"type": "text", "text": "You are terse."}, {"text": "Be kind."}],
                "messages": chat(1),
                "source": "ignored",
            }
        ),
        encoding="utf-8",
    )
    session = import_file(path)
    assert session.system_prompt == "You are terse.\n\nBe kind."
    assert session.message_count == 2


def test_import_into_existing_session_appends_after_existing_seqs(tmp_path):
    session = session_create(system_prompt="Existing prompt.")
    message_append(session_id=session.pk, messages=chat(2))
    path = write_jsonl(tmp_path / "more.jsonl", chat(3, start=10))

    out, _ = run("import_transcript", str(path), "--session", str(session.pk))

    assert out.splitlines()[-1] == str(session.pk)
    assert "existing session" in out
    session.refresh_from_db()
    assert session.message_count == 10
    assert seqs(session) == list(range(1, 11))
    assert session.messages.get(seq=5).content.startswith("Question 10")
    assert session.system_prompt == "Existing prompt."
    assert ChatSession.objects.count() == 1


def test_import_in_batches_of_max_batch(compaction_settings, tmp_path):
    compaction_settings(MAX_BATCH=4)
    path = write_jsonl(tmp_path / "many.jsonl", chat(5))
    session = import_file(path)
    assert seqs(session) == list(range(1, 11))


def test_import_does_not_compact_automatically(compaction_settings):
    compaction_settings(COMPACTION_THRESHOLD=500, KEEP_RECENT_TOKENS=500)
    out, _ = run("import_transcript", str(SMALL))
    assert "should compact: yes" in out
    assert not CompactionRun.objects.exists()
    assert not Checkpoint.objects.exists()


def test_import_into_unknown_or_malformed_session(tmp_path):
    path = write_jsonl(tmp_path / "m.jsonl", chat(1))
    with pytest.raises(CommandError, match="not a valid session id"):
        run("import_transcript", str(path), "--session", "not-a-uuid")
    with pytest.raises(CommandError, match="Session not found"):
        run("import_transcript", str(path), "--session", "00000000-0000-0000-0000-000000000000")
    assert not Message.objects.exists()


def test_import_missing_file(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        run("import_transcript", str(tmp_path / "nope.json"))
    assert not ChatSession.objects.exists()


def test_import_bad_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"system": "x",\n "messages": [\n  {"role": "user",}\n]}', encoding="utf-8")
    with pytest.raises(CommandError, match="line 3"):
        run("import_transcript", str(path))
    assert not ChatSession.objects.exists()


def test_import_bad_jsonl_names_the_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(user("hi")) + "\n\n{not json}\n", encoding="utf-8")
    with pytest.raises(CommandError, match=r"line 3: invalid JSON"):
        run("import_transcript", str(path))
    assert not ChatSession.objects.exists()


def test_import_not_a_transcript(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(CommandError, match="expected an object"):
        run("import_transcript", str(path))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(CommandError, match="no messages"):
        run("import_transcript", str(empty))


def test_import_invalid_message_names_the_line_and_writes_nothing(tmp_path):
    messages: list[Any] = chat(2)
    messages[2] = {"role": "pirate", "content": "Arr."}
    path = write_jsonl(tmp_path / "bad-role.jsonl", messages)

    with pytest.raises(CommandError) as excinfo:
        run("import_transcript", str(path))

    text = str(excinfo.value)
    assert "message 3 (line 3), role: must be one of: user, assistant, system" in text
    assert "Nothing was imported" in text
    assert not ChatSession.objects.exists()
    assert not Message.objects.exists()


def test_import_invalid_message_into_existing_session_writes_nothing(tmp_path):
    session = session_create()
    message_append(session_id=session.pk, messages=chat(1))
    messages: list[Any] = chat(2, start=5)
    messages[2] = {"role": "bot", "content": "nope"}
    path = write_jsonl(tmp_path / "bad.jsonl", messages)

    with pytest.raises(CommandError, match=r"line 3"):
        run("import_transcript", str(path), "--session", str(session.pk))

    session.refresh_from_db()
    assert session.message_count == 2
    assert seqs(session) == [1, 2]


def test_import_pairing_error_in_a_json_transcript_names_the_index(tmp_path):
    messages = agent_loop(2)
    del messages[2]  # a tool_use left unanswered
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"system": "s", "messages": messages}), encoding="utf-8")
    with pytest.raises(CommandError, match=r"message 3 \(messages\[2\]\)"):
        run("import_transcript", str(path))
    assert not Message.objects.exists()


def test_batch_failure_reports_file_line_and_keeps_earlier_batches(
    compaction_settings, tmp_path, monkeypatch
):
    # The up-front validation normally catches this; without it the service still
    # refuses the whole batch, and the error names the place in the file.
    monkeypatch.setattr(
        "compaction.management.commands.import_transcript.clean_messages",
        lambda *args, **kwargs: [],
    )
    compaction_settings(MAX_BATCH=4)
    messages: list[Any] = chat(4)
    messages[5] = {"role": "bot", "content": "nope"}
    path = write_jsonl(tmp_path / "bad.jsonl", messages)

    with pytest.raises(CommandError) as excinfo:
        run("import_transcript", str(path))

    text = str(excinfo.value)
    assert "message 6 (line 6), role" in text
    assert "Messages 5-8 were not imported; 4 messages before them were" in text
    session = ChatSession.objects.get()
    assert str(session.pk) in text
    assert seqs(session) == [1, 2, 3, 4]


# --------------------------------------------------------------------------- compact


def test_compact_dry_run_writes_nothing(compaction_settings):
    compaction_settings(
        KEEP_RECENT_TOKENS=500, SUMMARIZER="tests.management.test_commands.FailingSummarizer"
    )
    session = import_file(SMALL)
    before = ChatSession.objects.values().get(pk=session.pk)

    out, _ = run("compact", "--session", str(session.pk), "--dry-run")

    assert f"{session.pk}  dry-run: would compact" in out
    assert "messages to compact" in out
    assert "cut at seq" in out
    assert not CompactionRun.objects.exists()
    assert not Checkpoint.objects.exists()
    assert ChatSession.objects.values().get(pk=session.pk) == before


def test_compact_dry_run_over_all_sessions(compaction_settings):
    compaction_settings(COMPACTION_THRESHOLD=1000, KEEP_RECENT_TOKENS=500)
    big = import_file(SMALL)
    small = session_create()
    message_append(session_id=small.pk, messages=chat(1))

    out, _ = run("compact", "--dry-run")

    assert str(big.pk) in out
    assert str(small.pk) not in out
    assert not CompactionRun.objects.exists()


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_compact_force_on_an_imported_transcript(compaction_settings, path):
    compaction_settings(KEEP_RECENT_TOKENS=500)
    session = import_file(path)

    out, _ = run("compact", "--session", str(session.pk), "--force")

    run_ = CompactionRun.objects.get(session=session)
    assert run_.status == CompactionRun.Status.SUCCEEDED, run_.error
    assert run_.trigger == CompactionRun.Trigger.COMMAND
    assert run_.force is True
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1
    assert f"{session.pk}  succeeded  {run_.tokens_before} → {run_.tokens_after} tokens" in out
    assert f"{run_.messages_compacted} messages compacted" in out
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)
    assert payload.checkpoint_version == 1
    assert payload_problem(payload.messages) is None
    shown, _ = run("show_context", str(session.pk), "--json")
    assert json.loads(shown) == payload.as_dict()


def test_compact_records_the_trigger(compaction_settings):
    compaction_settings(KEEP_RECENT_TOKENS=500, SUMMARIZER="tests.support.helpers.StaticSummarizer")
    session = import_file(SMALL)
    run("compact", "--session", str(session.pk), "--force", "--trigger", "admin")
    assert CompactionRun.objects.get().trigger == "admin"


def test_compact_below_threshold_without_force_is_skipped(compaction_settings):
    compaction_settings(KEEP_RECENT_TOKENS=500, SUMMARIZER="tests.support.helpers.StaticSummarizer")
    session = import_file(SMALL)
    out, _ = run("compact", "--session", str(session.pk))
    assert CompactionRun.objects.get().status == CompactionRun.Status.SKIPPED
    assert f"{session.pk}  skipped" in out
    assert "below the threshold" in out
    assert not Checkpoint.objects.exists()


def test_compact_all_compacts_only_sessions_over_their_threshold(compaction_settings):
    compaction_settings(
        COMPACTION_THRESHOLD=1500,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    big = import_file(SMALL)
    small = session_create()
    message_append(session_id=small.pk, messages=chat(1))
    # Per-session overrides: a small session with a tiny threshold is due, a big one
    # with a huge threshold is not.
    small_low = session_create(config={"COMPACTION_THRESHOLD": 50, "KEEP_RECENT_TOKENS": 1})
    message_append(session_id=small_low.pk, messages=chat(2))
    big_high = import_file(SMALL)
    ChatSession.objects.filter(pk=big_high.pk).update(config={"COMPACTION_THRESHOLD": 10**6})

    out, err = run("compact")

    compacted = set(
        CompactionRun.objects.filter(status=CompactionRun.Status.SUCCEEDED).values_list(
            "session_id", flat=True
        )
    )
    assert compacted == {big.pk, small_low.pk}
    assert CompactionRun.objects.count() == 2
    assert set(CompactionRun.objects.values_list("trigger", flat=True)) == {"command"}
    assert str(small.pk) not in out
    assert str(big_high.pk) not in out
    assert "2 sessions: 2 succeeded" in out
    assert err == ""  # stderr is no TTY here: no progress bar


class TtyStream(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_compact_shows_a_progress_bar_on_a_tty_for_many_sessions(compaction_settings):
    compaction_settings(
        COMPACTION_THRESHOLD=1500,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    first, second = import_file(SMALL), import_file(SMALL)
    out, err = io.StringIO(), TtyStream()

    call_command("compact", "--dry-run", stdout=out, stderr=err)

    assert "2/2" in err.getvalue()
    assert str(first.pk) not in err.getvalue()
    assert str(first.pk) in out.getvalue() and str(second.pk) in out.getvalue()

    single = TtyStream()
    call_command("compact", "--session", str(first.pk), "--dry-run", stdout=out, stderr=single)
    assert single.getvalue() == ""


def test_compact_all_with_nothing_to_do():
    session_create()
    out, _ = run("compact")
    assert "No session is over its compaction threshold" in out
    assert not CompactionRun.objects.exists()


def test_compact_failure_exits_non_zero_naming_the_session(compaction_settings):
    compaction_settings(
        KEEP_RECENT_TOKENS=500,
        FALLBACK="none",
        SUMMARIZER="tests.management.test_commands.FailingSummarizer",
    )
    session = import_file(SMALL)

    with pytest.raises(CommandError, match=str(session.pk)) as excinfo:
        run("compact", "--session", str(session.pk), "--force")

    assert "failed for 1 session" in str(excinfo.value)
    run_ = CompactionRun.objects.get()
    assert run_.status == CompactionRun.Status.FAILED
    assert "the summarizer is down" in run_.error
    assert not Checkpoint.objects.exists()


def test_compact_all_with_failures_still_runs_every_session(compaction_settings):
    compaction_settings(
        COMPACTION_THRESHOLD=1500,
        KEEP_RECENT_TOKENS=500,
        FALLBACK="none",
        SUMMARIZER="tests.management.test_commands.FailingSummarizer",
    )
    first, second = import_file(SMALL), import_file(SMALL)
    out = io.StringIO()

    with pytest.raises(CommandError) as excinfo:
        call_command("compact", stdout=out, stderr=io.StringIO())

    assert str(first.pk) in str(excinfo.value) and str(second.pk) in str(excinfo.value)
    assert out.getvalue().count("  failed  ") == 2
    assert CompactionRun.objects.filter(status=CompactionRun.Status.FAILED).count() == 2


def test_compact_fallback_is_a_warning_not_a_failure(compaction_settings):
    compaction_settings(
        KEEP_RECENT_TOKENS=500,
        FALLBACK="annotate",
        SUMMARIZER="tests.management.test_commands.FailingSummarizer",
    )
    session = import_file(SMALL)

    out, _ = run("compact", "--session", str(session.pk), "--force")

    assert CompactionRun.objects.get().status == CompactionRun.Status.FELL_BACK
    assert f"{session.pk}  fell_back" in out
    assert "warning" in out
    assert Checkpoint.objects.get().fallback is True


def test_compact_in_progress_is_reported_not_failed(compaction_settings):
    compaction_settings(KEEP_RECENT_TOKENS=500, SUMMARIZER="tests.support.helpers.StaticSummarizer")
    session = import_file(SMALL)
    live = compaction_run_claim(session_id=session.pk, trigger="api", force=True)
    assert live.status == CompactionRun.Status.RUNNING

    out, _ = run("compact", "--session", str(session.pk), "--force")

    assert f"{session.pk}  in progress  run {live.pk}" in out
    assert CompactionRun.objects.count() == 1


def test_compact_argument_errors():
    with pytest.raises(CommandError, match="not a valid session id"):
        run("compact", "--session", "xyz")
    with pytest.raises(CommandError, match="Session not found"):
        run("compact", "--session", "00000000-0000-0000-0000-000000000000")
    with pytest.raises(CommandError, match="--force needs --session"):
        run("compact", "--force")


# --------------------------------------------------------------------------- show_context


def test_show_context_readable(compaction_settings):
    compaction_settings(KEEP_RECENT_TOKENS=500, SUMMARIZER="tests.support.helpers.StaticSummarizer")
    session = import_file(SMALL)
    run("compact", "--session", str(session.pk), "--force")
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)

    out, _ = run("show_context", str(session.pk))

    assert out.startswith(f"Session {session.pk}: checkpoint v1, {len(payload.messages)} messages")
    assert f"~{payload.estimated_tokens} estimated tokens" in out
    assert "Tool-result pruning:" in out
    assert "=== system ===\nSETTING: You are an autonomous programmer" in out
    assert "=== [1] user ===" in out
    assert "<checkpoint>" in out
    assert "[tool call" in out and "[tool result for" in out


def test_show_context_errors():
    with pytest.raises(CommandError, match="not a valid session id"):
        run("show_context", "123")
    with pytest.raises(CommandError, match="Session not found"):
        run("show_context", "00000000-0000-0000-0000-000000000000", "--json")


# --------------------------------------------------------------------------- manage.py


def _database_url(settings: Any) -> str:
    db = settings.DATABASES["default"]
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_manage_py_import_transcript_end_to_end(settings):
    env = {**os.environ, "DATABASE_URL": _database_url(settings)}
    env.pop("ANTHROPIC_API_KEY", None)
    manage = [sys.executable, "manage.py"]

    done = subprocess.run(
        [*manage, "import_transcript", "fixtures/transcripts/swe-02-function_calling_simple.json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert done.returncode == 0, done.stderr
    session_id = done.stdout.splitlines()[-1]
    assert ChatSession.objects.get(pk=session_id).message_count == 11

    shown = subprocess.run(
        [*manage, "show_context", session_id, "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    session = ChatSession.objects.get(pk=session_id)
    assert json.loads(shown.stdout) == selectors.session_context_build(session=session).as_dict()

    failed = subprocess.run(
        [*manage, "import_transcript", "does-not-exist.json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert failed.returncode != 0
    assert "Cannot read" in failed.stderr
    assert failed.stdout == ""
