"""The service layer through its public functions, on PostgreSQL."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from compaction import selectors, services, signals
from compaction.engine.items import without_ids
from compaction.exceptions import (
    CompactionInProgress,
    InvalidConversation,
    InvalidInput,
    InvalidSettings,
    PermanentSummarizerError,
    RetryableSummarizerError,
    SessionNotFound,
)
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from tests.support import TRANSCRIPTS
from tests.support.database import archived_by, expected_tokens
from tests.support.factories import SessionFactory
from tests.support.helpers import (
    VALID_SUMMARY,
    ScriptedSummarizer,
    StaticSummarizer,
    agent_loop,
    assistant,
    chat,
    payload_problem,
    settings_with,
    tool_answer,
    tool_call,
    user,
)

pytestmark = pytest.mark.django_db
FIXTURES = TRANSCRIPTS


# ----------------------------------------------------------------------------- sessions


def test_session_create_validates_config_and_external_id(django_user_model):
    owner = django_user_model.objects.create(username="ann")
    services.session_create(owner=owner, external_id="conv-1")
    with pytest.raises(InvalidInput) as info:
        services.session_create(owner=owner, external_id="conv-1")
    assert "external_id" in info.value.details
    services.session_create(owner=None, external_id="conv-1")  # another owner: fine
    with pytest.raises(InvalidSettings) as info:
        services.session_create(config={"LEASE_SECONDS": 1, "KEEP_RECENT_TOKENS": -5})
    assert set(info.value.details) == {"config.LEASE_SECONDS", "config.KEEP_RECENT_TOKENS"}
    assert ChatSession.objects.count() == 2


def test_session_config_overrides_the_threshold(compaction_settings):
    session = SessionFactory(config={"COMPACTION_THRESHOLD": 10})
    services.message_append(session_id=session.pk, messages=[user("hello " * 40)])
    session.refresh_from_db()
    assert selectors.session_should_compact(session=session)
    assert not selectors.session_should_compact(
        session=SessionFactory(messages=[user("hello " * 40)])
    )


def test_session_update_keeps_the_token_counter_in_step():
    session = SessionFactory(messages=chat(2))
    updated = services.session_update(session_id=session.pk, system_prompt="x" * 4000)
    assert updated.estimated_tokens == expected_tokens(updated)


# ----------------------------------------------------------------------------- append


def test_append_assigns_contiguous_seqs_and_counters():
    session = SessionFactory()
    first = services.message_append(session_id=session.pk, messages=chat(2))
    second = services.message_append(session_id=session.pk, messages=[user("more")])
    assert [m.seq for m in first.messages + second.messages] == [1, 2, 3, 4, 5]
    session.refresh_from_db()
    assert session.message_count == session.active_message_count == 5
    assert session.estimated_tokens == expected_tokens(session)


@pytest.mark.parametrize(
    "batch",
    [
        [user("ok"), {"role": "tool", "content": "x"}],
        [user("ok"), tool_answer("toolu_nope", "orphan")],
        [user("ok"), tool_call("t1", "ls"), user("no result")],
        [user("ok"), {"role": "user", "content": "nul \x00 byte"}],
        [user("x" * 600_000)],
    ],
)
def test_bad_input_writes_nothing(batch):
    session = SessionFactory(messages=[user("start")])
    with pytest.raises(InvalidInput):
        services.message_append(session_id=session.pk, messages=batch)
    session.refresh_from_db()
    assert session.message_count == 1
    assert Message.objects.filter(session=session).count() == 1


def test_append_checks_pairing_against_the_stored_last_message():
    session = SessionFactory(messages=[user("go"), tool_call("t1", "ls")])
    with pytest.raises(InvalidConversation) as info:
        services.message_append(session_id=session.pk, messages=[assistant("skip it")])
    assert "t1" in json.dumps(info.value.details)
    services.message_append(session_id=session.pk, messages=[tool_answer("t1", "a.txt")])


def test_batch_limit_and_missing_session(compaction_settings):
    compaction_settings(MAX_BATCH=3)
    session = SessionFactory()
    with pytest.raises(InvalidInput):
        services.message_append(session_id=session.pk, messages=chat(2))
    with pytest.raises(SessionNotFound):
        services.message_append(
            session_id="00000000-0000-0000-0000-000000000000", messages=[user("x")]
        )


def _fill(session, messages) -> None:
    for start in range(0, len(messages), 500):
        services.message_append(session_id=session.pk, messages=messages[start : start + 500])


def _append_queries(history: int) -> int:
    session = SessionFactory()
    _fill(session, chat(history // 2))
    with CaptureQueriesContext(connection) as queries:
        services.message_append(session_id=session.pk, messages=[user("one more")])
    return len(queries)


def _context_queries(history: int) -> int:
    session = SessionFactory()
    _fill(session, chat(history // 2))
    session.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        selectors.session_context_build(session=session)
    return len(queries)


def test_append_and_context_query_counts_do_not_grow_with_history(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    assert _append_queries(100) == _append_queries(5000)
    assert _context_queries(100) == _context_queries(5000) <= 3


def test_compaction_query_count_does_not_grow_with_the_compacted_part(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=200)

    def queries(turns: int) -> int:
        session = SessionFactory()
        _fill(session, chat(turns, words=5))
        with CaptureQueriesContext(connection) as captured:
            run = services.compaction_run_execute(
                session_id=session.pk,
                trigger="command",
                force=True,
                summarizer=StaticSummarizer(settings=settings_with()),
            )
        assert run.status == "succeeded"
        return len(captured)

    assert queries(20) == queries(400)


# ----------------------------------------------------------------------------- compaction


def test_compaction_writes_a_checkpoint_and_archives_originals(small):
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    session.refresh_from_db()
    checkpoint = Checkpoint.objects.get(session=session)
    assert (checkpoint.version, checkpoint.kind, checkpoint.last_seq) == (1, "create", run.cut_seq)
    assert session.checkpoint_version == 1 and session.compaction_count == 1
    assert session.lease_token is None
    archived = archived_by(checkpoint)
    assert archived.count() == run.messages_compacted == checkpoint.messages_compacted
    assert Message.objects.filter(session=session).count() == 40  # nothing deleted
    assert session.active_message_count == 40 - run.messages_compacted
    assert session.estimated_tokens == expected_tokens(session) == run.tokens_after
    assert run.tokens_after < run.tokens_before
    assert (run.llm_calls, run.request_id, run.model) == (1, "req_static", "static-1")
    payload = selectors.session_context_build(session=session)
    assert payload_problem(payload.messages) is None
    assert payload.checkpoint_version == 1


def test_second_compaction_updates_the_previous_summary(small):
    session = SessionFactory(messages=chat(20))
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    services.message_append(session_id=session.pk, messages=chat(20, start=20))
    summarizer = ScriptedSummarizer()
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=summarizer
    )
    assert run.status == "succeeded"
    second = Checkpoint.objects.get(session=session, version=2)
    assert second.kind == "update" and second.previous.version == 1
    assert without_ids(summarizer.requests[0].previous_summary) == VALID_SUMMARY.strip()
    assert summarizer.requests[0].messages[0]["seq"] == second.previous.last_seq + 1


def test_below_threshold_is_skipped_with_reason_unless_forced(small):
    session = SessionFactory(messages=chat(2))
    run = services.compaction_run_execute(session_id=session.pk, trigger="api")
    assert run.status == "skipped" and "below the threshold" in run.reason
    forced = services.compaction_run_execute(session_id=session.pk, trigger="api", force=True)
    assert forced.status == "skipped" and "nothing to compact" in forced.reason
    assert not Checkpoint.objects.exists()


def test_retryable_error_is_retried_then_succeeds(small):
    session = SessionFactory(messages=chat(20))
    summarizer = ScriptedSummarizer(RetryableSummarizerError("overloaded", status=529))
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=summarizer
    )
    assert run.status == "succeeded" and run.attempts == 2
    assert len(summarizer.requests) == 2


@pytest.mark.parametrize(
    ("steps", "attempts"),
    [
        ([RetryableSummarizerError("overloaded", status=529)] * 2, 2),
        ([PermanentSummarizerError("bad request", status=400)], 1),
        (["garbage", "## Goal\n\n## Next Steps\n"], 2),
    ],
)
def test_failures_fall_back_and_keep_the_originals(small, steps, attempts):
    session = SessionFactory(messages=chat(20))
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    services.message_append(session_id=session.pk, messages=chat(20, start=20))
    total = Message.objects.filter(session=session).count()
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=ScriptedSummarizer(*steps)
    )
    assert run.status == "fell_back" and run.attempts == attempts
    assert run.fallback_mode == "annotate" and run.error
    checkpoint = Checkpoint.objects.get(session=session, version=2)
    assert checkpoint.fallback and checkpoint.summary.startswith(VALID_SUMMARY.strip()[:40])
    assert "archived without a new summary" in checkpoint.summary
    assert Message.objects.filter(session=session).count() == total
    session.refresh_from_db()
    assert session.estimated_tokens == expected_tokens(session)
    assert payload_problem(selectors.session_context_build(session=session).messages) is None


def test_fallback_none_fails_and_compacts_nothing(small, compaction_settings):
    compaction_settings(FALLBACK="none")
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        summarizer=ScriptedSummarizer(PermanentSummarizerError("unauthorized", status=401)),
    )
    assert run.status == "failed" and "unauthorized" in run.error
    session.refresh_from_db()
    assert session.lease_token is None and session.checkpoint_version == 0
    assert not Message.objects.archived().exists()


def test_pinned_and_first_messages_are_carried_verbatim(small):
    messages = chat(20)
    messages[4] = {**messages[4], "pinned": True}
    session = SessionFactory(messages=messages)
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    checkpoint = Checkpoint.objects.get(session=session)
    assert [(c["seq"], c["protected"]) for c in checkpoint.carried] == [(1, True), (5, False)]
    first_content = selectors.session_context_build(session=session).messages[0]["content"]
    assert {"type": "text", "text": messages[0]["content"]} in first_content
    assert {"type": "text", "text": messages[4]["content"]} in first_content


def test_agent_loop_compacts_without_orphaning_tool_results(small):
    session = SessionFactory(messages=agent_loop(80))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded"
    payload = selectors.session_context_build(session=session)
    assert payload_problem(payload.messages) is None
    services.message_append(
        session_id=session.pk, messages=[tool_call("t_new", "ls"), tool_answer("t_new", "ok")]
    )


def test_live_lease_refuses_a_second_claim_with_the_run(small):
    session = SessionFactory(messages=chat(20))
    claimed = services.compaction_run_claim(session_id=session.pk, trigger="api")
    with pytest.raises(CompactionInProgress) as info:
        services.compaction_run_execute(session_id=session.pk, trigger="api", force=True)
    assert info.value.run.pk == claimed.pk


def test_dry_run_estimates_without_calling_the_summarizer(small):
    session = SessionFactory(messages=chat(20))
    session.refresh_from_db()
    estimate = selectors.compaction_estimate(session=session)
    assert estimate.would_compact and estimate.should_compact
    assert estimate.tokens_after < estimate.tokens_before
    assert estimate.messages_to_compact + estimate.messages_kept == 40
    assert not CompactionRun.objects.exists()


def test_memory_flush_runs_once_per_version_and_signals_fire(small, compaction_settings):
    calls = []
    compaction_settings(MEMORY_FLUSH="tests.services.test_services.record_flush")
    record_flush.calls = calls
    seen = []

    def on_pre(sender, session, run, **kwargs):
        seen.append(("pre", run.pk))

    def on_post(sender, session, run, checkpoint, **kwargs):
        seen.append(("post", checkpoint.version))

    signals.pre_compaction.connect(on_pre)
    signals.post_compaction.connect(on_post)
    try:
        session = SessionFactory(
            messages=chat(20)
        )  # crossing threshold - margin flushes once for v0
        services.compaction_run_execute(session_id=session.pk, trigger="command")
    finally:
        signals.pre_compaction.disconnect(on_pre)
        signals.post_compaction.disconnect(on_post)
    assert len(calls) == 1
    assert [kind for kind, _ in seen] == ["pre", "post"]


def record_flush(*, session, run):
    record_flush.calls.append((session.pk, run))


@pytest.mark.django_db(transaction=True)
def test_auto_compact_sync_compacts_on_append(compaction_settings):
    compaction_settings(
        AUTO_COMPACT="sync",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    session = SessionFactory()
    result = services.message_append(session_id=session.pk, messages=chat(20))
    assert result.compaction is not None and result.compaction.status == "succeeded"
    assert result.compaction.trigger == "auto"


def test_auto_compact_inside_a_caller_transaction_waits_for_commit(
    compaction_settings, django_capture_on_commit_callbacks
):
    compaction_settings(
        AUTO_COMPACT="sync",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    session = SessionFactory()
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        result = services.message_append(session_id=session.pk, messages=chat(20))
        assert result.compaction is None
        assert not CompactionRun.objects.exists()
    assert len(callbacks) == 1
    assert CompactionRun.objects.get().status == "succeeded"


def test_usage_calibrates_the_estimate():
    session = SessionFactory(messages=chat(5))
    before = session.estimated_tokens
    updated = services.session_usage_record(
        session_id=session.pk, input_tokens=before * 2, output_tokens=50
    )
    assert updated.calibration_ratio == pytest.approx(1.1)
    assert (updated.total_input_tokens, updated.total_output_tokens) == (before * 2, 50)
    with pytest.raises(InvalidInput):
        services.session_usage_record(session_id=session.pk, input_tokens=-1)


def test_release_expired_leases_is_a_noop_without_leases():
    assert services.compaction_leases_release_expired() == []


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_real_transcripts_import_compact_and_stay_valid(path, compaction_settings):
    # Some first requests are ~9k tokens and protected: keep a small window so there is
    # always something besides them to compact.
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=300)
    data = json.loads(path.read_text())
    session = services.session_create(system_prompt=data["system"])
    services.message_append(session_id=session.pk, messages=data["messages"])
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded", (run.reason, run.error)
    assert run.summarizer == "offline"
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)
    assert payload_problem(payload.messages) is None
    archived = Message.objects.filter(session=session).archived().count()
    assert archived == run.messages_compacted > 0


def test_all_transcripts_in_one_long_session_shrink_by_most(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", COMPACTION_THRESHOLD=40_000)
    session = services.session_create(system_prompt="You are an autonomous programmer.")
    for path in sorted(FIXTURES.glob("*.json")):
        messages = json.loads(path.read_text())["messages"]
        services.message_append(session_id=session.pk, messages=messages)
    session.refresh_from_db()
    assert session.estimated_tokens > 40_000
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", (run.reason, run.error)
    # The default 20k-token recent window stays verbatim; the rest becomes one summary.
    compacted_share = 1 - (run.tokens_after - 20_000) / (run.tokens_before - 20_000)
    assert compacted_share > 0.8, (run.tokens_before, run.tokens_after)
    assert payload_problem(selectors.session_context_build(session=session).messages) is None


# ----------------------------------------------------------------------------- project


def test_migrations_are_committed():
    call_command("makemigrations", "compaction", "--check", "--dry-run", verbosity=0)


def test_system_checks_flag_bad_settings(settings):
    from compaction.checks import check_database, check_settings

    settings.COMPACTION = {"LEASE_SECONDS": 0, "SUMMARY_PLACEMENT": "top", "NOPE": 1}
    ids = sorted(m.id for m in check_settings())
    assert ids == ["compaction.E002", "compaction.E002", "compaction.W002"]
    assert check_database() == []  # the tests run on PostgreSQL


def test_system_checks_bound_the_drift_audit_settings(settings):
    from compaction.checks import check_settings

    settings.COMPACTION = {
        "DRIFT_MAX_VERSIONS": 0,
        "DRIFT_JUDGE": "compaction.judges.NoSuchJudge",
        "DRIFT_JUDGE_MODEL": "",
    }
    problems = {str(m.msg) for m in check_settings()}
    assert problems == {
        "COMPACTION['DRIFT_MAX_VERSIONS']: must be a positive integer, not 0",
        "COMPACTION['DRIFT_JUDGE_MODEL']: must be a string of 1 to 255 characters, not ''",
        "COMPACTION['DRIFT_JUDGE'] cannot be imported: Module \"compaction.judges\" does not "
        'define a "NoSuchJudge" attribute/class',
    }
    settings.COMPACTION = {"DRIFT_JUDGE": None}
    assert check_settings() == []  # no judge: reworded items stay unverified
    settings.COMPACTION = {"DRIFT_JUDGE": 3}
    assert [str(m.msg) for m in check_settings()] == [
        "COMPACTION['DRIFT_JUDGE']: must be None or a dotted path of 1 to 255 characters, not 3"
    ]


def test_a_removed_setting_is_named_as_removed_not_unknown(settings):
    from compaction.checks import check_settings

    settings.COMPACTION = {"DRIFT_GUARD_MAX_LOSS": 0.3}
    [message] = check_settings()
    assert message.id == "compaction.W002"
    assert str(message.msg).startswith(
        "COMPACTION['DRIFT_GUARD_MAX_LOSS'] was removed and is ignored: the item protocol"
    )


def test_dry_run_estimate_counts_carried_messages(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=300)
    data = json.loads((FIXTURES / "swe-03-pydicom__pydicom-1458.json").read_text())
    session = services.session_create(system_prompt=data["system"])
    services.message_append(session_id=session.pk, messages=data["messages"])
    session.refresh_from_db()
    estimate = selectors.compaction_estimate(session=session)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert estimate.tokens_before == run.tokens_before
    # The estimate assumes a full-size summary, so it may only overestimate, and not by much.
    assert run.tokens_after <= estimate.tokens_after <= run.tokens_after + 1600
    with pytest.raises(SessionNotFound):
        missing = "00000000-0000-0000-0000-000000000000"
        selectors.compaction_estimate(session=selectors.session_get(session_id=missing))


class CrashingSummarizer(StaticSummarizer):
    def summarize(self, request):
        raise ZeroDivisionError("plugin bug")


def test_crashing_summarizer_releases_the_lease(small):
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        summarizer=CrashingSummarizer(settings=settings_with()),
    )
    assert run.status == "fell_back" and "ZeroDivisionError: plugin bug" in run.error
    assert run.attempts == 1
    session.refresh_from_db()
    assert session.lease_token is None


def test_session_delete_cascades_through_the_archive_but_not_during_a_run(small):
    session = SessionFactory(messages=chat(20))
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    services.message_append(session_id=session.pk, messages=chat(20, start=20))
    services.compaction_run_claim(session_id=session.pk, trigger="api")
    with pytest.raises(CompactionInProgress):
        services.session_delete(session_id=session.pk)
    ChatSession.objects.filter(pk=session.pk).update(lease_expires_at=None, lease_token=None)
    CompactionRun.objects.filter(session=session, status="running").update(status="expired")
    services.session_delete(session_id=session.pk)
    assert not ChatSession.objects.filter(pk=session.pk).exists()
    assert not Message.objects.exists() and not Checkpoint.objects.exists()


def test_malformed_ids_are_not_found_and_nul_in_config_is_rejected():
    for bad in ("garbage", "", "1234"):
        with pytest.raises(SessionNotFound):
            selectors.session_get(session_id=bad)
        with pytest.raises(SessionNotFound):
            services.message_append(session_id=bad, messages=[user("x")])
        with pytest.raises(SessionNotFound):
            selectors.compaction_estimate(session=selectors.session_get(session_id=bad))
    with pytest.raises(InvalidSettings) as info:
        services.session_create(config={"MODEL": "claude\x00"})
    assert "config.MODEL" in info.value.details


def test_append_flags_messages_that_answer_tools():
    session = SessionFactory(messages=agent_loop(3))
    flags = list(
        Message.objects.filter(session=session)
        .order_by("seq")
        .values_list("answers_tools", flat=True)
    )
    assert flags == [False, False, True, False, True, False, True]
