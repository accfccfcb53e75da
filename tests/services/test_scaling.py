"""What a turn and a compaction cost in statements, and that none of it grows with history.

Statements are counted as PostgreSQL receives them, without BEGIN and COMMIT.
"""

from __future__ import annotations

import copy

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from compaction import selectors, services
from compaction.exceptions import InvalidInput
from compaction.models import ChatSession, Message
from tests.support.database import assert_counters_match_rows
from tests.support.factories import SessionFactory
from tests.support.helpers import (
    StaticSummarizer,
    assistant,
    chat,
    settings_with,
    tool_answer,
    tool_call,
    user,
)

pytestmark = pytest.mark.django_db

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def statements(captured: CaptureQueriesContext) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if not query["sql"].startswith(TRANSACTION_CONTROL)
    ]


def _history(turns: int, **settings) -> ChatSession:
    session = SessionFactory(config=settings or {})
    messages = chat(turns, words=5)
    for start in range(0, len(messages), 500):
        services.message_append(
            session_id=session.pk, messages=messages[start : start + 500], auto_compact=False
        )
    return ChatSession.objects.get(pk=session.pk)


def _turn(session: ChatSession) -> tuple[list[str], list[str], list[str]]:
    """A host's whole turn as the README does it: the user's message, the payload, the answer
    with its usage, appended from the session the first append returned."""
    with CaptureQueriesContext(connection) as first:
        appended = services.message_append(
            session_id=session.pk, messages=[user("Run the tests again")]
        )
    with CaptureQueriesContext(connection) as context:
        payload = selectors.session_context_build(session=appended.session)
    with CaptureQueriesContext(connection) as second:
        services.message_append(
            session_id=session.pk,
            session=appended.session,
            messages=[assistant("All 12 tests pass.")],
            usage={"input_tokens": 900, "output_tokens": 12, "cache_read_input_tokens": 4000},
            estimated_tokens=payload.estimated_tokens,
        )
    return statements(first), statements(context), statements(second)


def _compact(session: ChatSession) -> ChatSession:
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        force=True,
        summarizer=StaticSummarizer(settings=settings_with()),
    )
    assert run.status == "succeeded" and run.messages_compacted > 0
    return ChatSession.objects.get(pk=session.pk)


def _compacted(turns: int) -> ChatSession:
    return _compact(_history(turns))


def test_a_turn_is_four_statements_whatever_the_history(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    for session in (_history(5), _history(1500), _compacted(1500)):
        append_user, context, append_answer = _turn(session)
        # An append reads the session with its latest checkpoint, then writes its counters
        # and rows in one statement guarded by what it read: no row lock, no transaction of
        # its own. The payload starts from that checkpoint: one read, the active window.
        # The answer's append starts from the session the first returned: no read.
        assert len(append_user) == 2, append_user
        read, user_write = append_user
        assert read.startswith("SELECT") and "FOR UPDATE" not in read
        assert '"compaction_checkpoint"' in read
        assert len(append_answer) == 1, append_answer
        for write in (user_write, append_answer[0]):
            assert write.startswith("WITH") and "UPDATE" in write and "INSERT" in write
        assert len(context) == 1 and '"compaction_message"' in context[0], context
        session.refresh_from_db()
        assert (session.total_input_tokens, session.total_cache_read_tokens) == (900, 4000)
        assert session.calibration_ratio != 1.0
        assert_counters_match_rows(session.pk)


def test_the_payload_from_an_append_is_the_one_a_fresh_read_builds(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    for session in (_history(5), _compacted(1500)):
        appended = services.message_append(
            session_id=session.pk, messages=[user("Run the tests again")]
        )
        fresh = ChatSession.objects.get(pk=session.pk)
        assert selectors.session_context_build(
            session=appended.session
        ) == selectors.session_context_build(session=fresh)


def test_a_kept_session_builds_the_payload_of_now(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    session = _compacted(1500)
    kept = services.message_append(session_id=session.pk, messages=[user("And now?")]).session
    # Another writer appends and compacts after the session was read with checkpoint v1.
    services.message_append(session_id=session.pk, messages=[assistant("Now all pass.")])
    more = chat(600, words=5)
    for start in range(0, len(more), 500):
        services.message_append(session_id=session.pk, messages=more[start : start + 500])
    _compact(session)
    with CaptureQueriesContext(connection) as captured:
        now = selectors.session_context_build(session=kept)
    # The window showed messages after the session's moment: checkpoint and window again.
    assert len(statements(captured)) == 3
    assert now.checkpoint_version == 2
    assert now == selectors.session_context_build(session=ChatSession.objects.get(pk=session.pk))
    kept.refresh_from_db()
    with CaptureQueriesContext(connection) as captured:
        assert selectors.session_context_build(session=kept) == now
    assert len(statements(captured)) == 2


def test_a_compaction_right_after_the_append_leaves_the_payload_of_that_moment(
    compaction_settings,
):
    compaction_settings(AUTO_COMPACT="off")
    session = _compacted(1500)
    more = chat(600, words=5)
    for start in range(0, len(more), 500):
        services.message_append(session_id=session.pk, messages=more[start : start + 500])
    kept = services.message_append(session_id=session.pk, messages=[user("And now?")]).session
    at_the_time = selectors.session_context_build(session=ChatSession.objects.get(pk=session.pk))
    _compact(session)
    # Nothing was appended since: the checkpoint read with the session and the messages
    # after it are the payload the session stood for, and nothing is lost from it.
    payload = selectors.session_context_build(session=kept)
    assert payload.checkpoint_version == 1 and payload == at_the_time


def test_a_turns_statements_are_prepared_once_per_connection(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    session = _compacted(1500)
    for _ in range(6):
        # psycopg prepares a statement on its sixth run: the turn's text must not vary.
        _turn(session)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]
    turn = [
        any("LEFT JOIN LATERAL" in s and '"compaction_checkpoint"' in s for s in prepared),
        any(s.startswith('SELECT "seq"') and '"seq" > $2' in s for s in prepared),
        any(s.startswith("WITH counted AS (UPDATE") for s in prepared),
    ]
    if connection.features.uses_server_side_binding:
        assert all(turn), prepared
    else:
        # DATABASE_PREPARED_STATEMENTS=off: Django's default, nothing a pooler could lose.
        assert not any(turn), prepared


def test_usage_with_the_answer_records_what_the_usage_endpoint_would(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    together, apart = _history(3), _history(3)
    report = {"input_tokens": 300, "output_tokens": 40, "cache_creation_input_tokens": 700}
    services.message_append(
        session_id=together.pk, messages=[user("q")], usage=report, estimated_tokens=900
    )
    services.message_append(session_id=apart.pk, messages=[user("q")])
    services.session_usage_record(session_id=apart.pk, estimated_tokens=900, **report)
    together.refresh_from_db()
    apart.refresh_from_db()
    fields = (
        "calibration_ratio",
        "total_input_tokens",
        "total_output_tokens",
        "total_cache_creation_tokens",
        "total_cache_read_tokens",
    )
    assert [getattr(together, f) for f in fields] == [getattr(apart, f) for f in fields]


def test_openai_usage_counts_cached_prompt_tokens_as_cache_reads(compaction_settings):
    from openai.types.chat import ChatCompletion

    compaction_settings(AUTO_COMPACT="off")
    session = _history(2)
    completion = ChatCompletion.model_validate(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1763800000,
            "model": "gpt-5-mini",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {"role": "assistant", "content": "Done."},
                }
            ],
            "usage": {
                "prompt_tokens": 5000,
                "completion_tokens": 20,
                "total_tokens": 5020,
                "prompt_tokens_details": {"cached_tokens": 4096},
            },
        }
    )
    services.message_append(
        session_id=session.pk,
        messages=[completion.choices[0].message.model_dump(exclude_none=True)],
        format="openai",
        usage=completion.usage,
    )
    session.refresh_from_db()
    assert (session.total_input_tokens, session.total_cache_read_tokens) == (904, 4096)
    assert session.total_output_tokens == 20


def test_bad_usage_is_refused_with_the_field_named_and_writes_nothing(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    session = _history(2)
    for usage, field in (
        ({"input_tokens": -1}, "usage.input_tokens"),
        ({"input_tokens": 5, "output_tokens": "many"}, "usage.output_tokens"),
        ({"output_tokens": 5}, "usage.input_tokens"),
        ("lots", "usage"),
    ):
        with pytest.raises(InvalidInput) as info:
            services.message_append(session_id=session.pk, messages=[user("q")], usage=usage)
        assert field in info.value.details
    assert Message.objects.filter(session=session).count() == 4


def _compaction_statements(turns: int) -> tuple[list[str], list[str]]:
    session = _history(turns, KEEP_RECENT_TOKENS=200)
    summarizer = StaticSummarizer(settings=settings_with())
    with CaptureQueriesContext(connection) as claim:
        run = services.compaction_run_claim(session_id=session.pk, trigger="command", force=True)
    outcome = services.compaction_run_summarize(run=run, summarizer=summarizer)
    with CaptureQueriesContext(connection) as finalize:
        run = services.compaction_run_finalize(run=run, outcome=outcome)
    assert run.status == "succeeded", run.error
    assert_counters_match_rows(session.pk)
    return statements(claim), statements(finalize)


def test_claim_and_finalize_do_not_grow_with_the_backlog(compaction_settings):
    compaction_settings(AUTO_COMPACT="off")
    small_claim, small_finalize = _compaction_statements(20)
    large_claim, large_finalize = _compaction_statements(1500)
    assert len(small_claim) == len(large_claim)
    assert len(small_finalize) == len(large_finalize)
    # Finalize does not touch a message at all; the claim reads only its planning window.
    assert not [sql for sql in large_finalize if "compaction_message" in sql]
    assert not [sql for sql in large_claim if sql.startswith('UPDATE "compaction_message')]


def test_a_compaction_rewrites_no_message_row(compaction_settings):
    """An UPDATE moves a row to a new ctid: none may move, however much is archived."""
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=200)
    session = _history(300)

    def versions() -> dict[int, str]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT seq, ctid::text FROM compaction_message WHERE session_id = %s",
                [session.pk],
            )
            return dict(cursor.fetchall())

    before = versions()
    for _ in range(2):
        _compact(session)
        services.message_append(session_id=session.pk, messages=chat(30, words=5))
    after = versions()
    assert {seq: after[seq] for seq in before} == before
    session = assert_counters_match_rows(session.pk)
    assert session.archived_seq > 500
    archived = selectors.message_list(session=session, include_compacted=True)
    versions_seen = {m.seq: m.checkpoint_version for m in archived}
    assert versions_seen[1] == 1 and versions_seen[session.archived_seq] == 2
    assert versions_seen[session.message_count] is None


def test_a_history_larger_than_the_window_is_cut_to_fit_and_says_so(compaction_settings):
    from tests.support.helpers import agent_loop, payload_problem

    compaction_settings(AUTO_COMPACT="off", CONTEXT_WINDOW=4000, RESERVE_TOKENS=500)
    session = SessionFactory()
    loop = agent_loop(400)
    for start in range(0, len(loop), 500):
        services.message_append(session_id=session.pk, messages=loop[start : start + 500])
    session.refresh_from_db()
    assert session.estimated_tokens > 10 * 4000
    with CaptureQueriesContext(connection) as captured:
        payload = selectors.session_context_build(session=session)
    assert len(statements(captured)) == 2
    assert payload.truncated and payload.omitted_messages > 500
    first = payload.messages[0]["content"]
    assert "earlier messages of this conversation" in str(first)
    assert payload_problem(payload.messages) is None  # no tool result without its call
    assert payload.estimated_tokens <= 4000 - 500
    assert payload.as_dict()["truncated"] is True
    # Within the window nothing is left out, and the payload says that too.
    compaction_settings(AUTO_COMPACT="off", CONTEXT_WINDOW=100_000_000, RESERVE_TOKENS=500)
    whole = selectors.session_context_build(session=session)
    assert not whole.truncated and whole.omitted_messages == 0
    assert len(whole.messages) > len(payload.messages)


def test_a_pinned_message_in_the_recent_window_is_planned_once(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=200)
    session = _history(40)
    services.message_append(
        session_id=session.pk,
        messages=[{**user("Remember: deploy on Fridays only"), "pinned": True}],
    )
    services.message_append(session_id=session.pk, messages=[assistant("Noted.")])
    session.refresh_from_db()
    estimate = selectors.compaction_estimate(session=session)
    assert estimate.would_compact
    assert estimate.messages_to_compact + estimate.messages_kept == session.message_count


def test_messages_have_no_index_on_the_session_alone():
    # The unique (session, seq) index serves every lookup by session. A second index on
    # the session alone costs a write per message and, with lagging statistics (seen in
    # the bench: 800k dead rows, a few rows per session expected), the planner took it
    # for the window read and filtered a 50k-message history by seq: 14 ms a turn.
    with connection.cursor() as cursor:
        indexes = connection.introspection.get_constraints(cursor, Message._meta.db_table)
    alone = [
        name
        for name, index in indexes.items()
        if index["index"] and index["columns"] == ["session_id"]
    ]
    assert alone == []


def test_the_active_window_is_an_index_range(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=200)
    session = _history(1500)
    services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        force=True,
        summarizer=StaticSummarizer(settings=settings_with()),
    )
    session.refresh_from_db()
    assert session.archived_seq > 2500
    with CaptureQueriesContext(connection) as captured:
        selectors.session_context_build(session=session)
    window = next(sql for sql in statements(captured) if '"tokens_through"' in sql)
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + window)
        plan = "\n".join(line for (line,) in cursor.fetchall())
    assert "compaction_message_seq_uniq" in plan, plan
    assert "Filter" not in plan, plan


def test_a_stale_session_costs_a_read_never_a_wrong_write(compaction_settings):
    # The hint is from before another writer's append: the guarded write sees the count
    # moved, writes nothing, and the append reads and validates again.
    compaction_settings(AUTO_COMPACT="off")
    session = _history(3)
    first = services.message_append(session_id=session.pk, messages=[user("Run the tests")])
    services.message_append(
        session_id=session.pk, messages=[assistant("Running them."), user("And now?")]
    )
    seen = copy.deepcopy(
        (first.session.message_count, first.session.tail, first.session.appended_tokens)
    )
    with CaptureQueriesContext(connection) as captured:
        services.message_append(
            session_id=session.pk, session=first.session, messages=[assistant("12 pass.")]
        )
    # The write that missed, the read, the write that landed.
    assert [sql.split()[0] for sql in statements(captured)] == ["WITH", "SELECT", "WITH"]
    assert (first.session.message_count, first.session.tail, first.session.appended_tokens) == (
        seen
    )
    rows = Message.objects.filter(session=session).order_by("seq")
    assert [r.content for r in rows][-4:] == [
        "Run the tests",
        "Running them.",
        "And now?",
        "12 pass.",
    ]
    assert_counters_match_rows(session.pk)


def test_a_stale_session_is_validated_against_what_was_written_since(compaction_settings):
    # Valid against the hint (the assistant's turn), not against the session now (another
    # writer appended a tool call that waits for its result): refused, nothing written.
    from compaction.exceptions import InvalidConversation

    compaction_settings(AUTO_COMPACT="off")
    session = _history(3)
    first = services.message_append(session_id=session.pk, messages=[user("Run the tests")])
    services.message_append(session_id=session.pk, messages=[tool_call("toolu_1", "ls")])
    with pytest.raises(InvalidConversation):
        services.message_append(
            session_id=session.pk, session=first.session, messages=[assistant("Done.")]
        )
    assert not Message.objects.filter(session=session, content="Done.").exists()
    assert_counters_match_rows(session.pk)


def test_a_stale_session_that_would_refuse_what_the_session_now_takes_does_not(
    compaction_settings,
):
    # The hint awaits nothing; another writer has since appended a tool call. The results
    # the caller now appends would be refused by the hint, and are taken by the session.
    compaction_settings(AUTO_COMPACT="off")
    session = _history(3)
    first = services.message_append(session_id=session.pk, messages=[user("List the files")])
    services.message_append(session_id=session.pk, messages=[tool_call("toolu_1", "ls")])
    appended = services.message_append(
        session_id=session.pk,
        session=first.session,
        messages=[tool_answer("toolu_1", "README.md")],
    )
    assert appended.messages[0].seq == first.messages[0].seq + 2
    assert_counters_match_rows(session.pk)


def test_a_session_kept_from_a_rolled_back_transaction_writes_nothing_wrong(compaction_settings):
    # Its count may equal the committed one; its running total and tail do not.
    compaction_settings(AUTO_COMPACT="off")
    session = _history(3)
    with pytest.raises(RuntimeError), transaction.atomic():
        ghost = services.message_append(
            session_id=session.pk, messages=[user("A much longer question " * 40)]
        )
        raise RuntimeError("rolled back")
    services.message_append(session_id=session.pk, messages=[user("short")])
    services.message_append(
        session_id=session.pk, session=ghost.session, messages=[assistant("An answer.")]
    )
    assert_counters_match_rows(session.pk)
    rows = list(Message.objects.filter(session=session).order_by("seq"))
    assert rows[-1].tokens_through == sum(row.token_estimate for row in rows)


def test_the_session_id_may_be_written_as_any_form_of_its_uuid():
    session = SessionFactory()
    first = services.message_append(session_id=session.pk, messages=[user("hi")])
    services.message_append(
        session_id=str(session.pk).upper(), session=first.session, messages=[assistant("Hello.")]
    )
    assert_counters_match_rows(session.pk)


def test_a_session_of_another_session_id_is_refused():
    one, other = SessionFactory(), SessionFactory()
    with pytest.raises(ValueError, match="session_id"):
        services.message_append(session_id=one.pk, session=other, messages=[user("hi")])
    assert not Message.objects.filter(session__in=[one, other]).exists()


def test_responses_usage_counts_its_cached_and_written_tokens_apart(compaction_settings):
    from openai.types.responses import Response

    from tests.support.responses import responses_json

    compaction_settings(AUTO_COMPACT="off")
    session = _history(2)
    answer = responses_json("Done.", input_tokens=5000, cached_tokens=4096)
    answer["usage"]["input_tokens_details"]["cache_write_tokens"] = 600
    usage = Response.model_validate(answer).usage
    services.message_append(
        session_id=session.pk,
        messages=[{"role": "assistant", "content": "Done."}],
        usage=usage,
    )
    session.refresh_from_db()
    # As Anthropic counts: the uncached rest, cache reads and cache writes apart.
    assert (session.total_input_tokens, session.total_cache_read_tokens) == (304, 4096)
    assert session.total_cache_creation_tokens == 600
    # The same as JSON, as a host posts it to the API.
    services.message_append(
        session_id=session.pk,
        messages=[{"role": "user", "content": "Thanks."}],
        usage=usage.model_dump(mode="json"),
    )
    session.refresh_from_db()
    assert session.total_cache_read_tokens == 2 * 4096


def test_a_responses_turn_is_the_same_statements_whatever_the_history(compaction_settings):
    from tests.support import responses_items as items

    compaction_settings(AUTO_COMPACT="off")
    for turns in (2, 300):
        session = SessionFactory()
        history = []
        for turn in range(turns):
            history += [
                items.user(f"Read file {turn}."),
                *items.output(items.function_call(f"call_{turn}", "read_file", '{"path": "a"}')),
                items.function_output(f"call_{turn}", f"contents {turn}"),
            ]
        for start in range(0, len(history), 500):
            services.message_append(
                session_id=session.pk,
                messages=history[start : start + 500],
                format="responses",
                auto_compact=False,
            )
        with CaptureQueriesContext(connection) as first:
            appended = services.message_append(
                session_id=session.pk, messages=[items.user("And now?")], format="responses"
            )
        with CaptureQueriesContext(connection) as context:
            selectors.session_context_build(session=appended.session, format="responses")
        assert len(statements(first)) == 2 and len(statements(context)) == 1
