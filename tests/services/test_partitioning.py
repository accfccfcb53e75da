"""The message table hash-partitioned by session (``compaction.partitioning``), applied to
the test database by the migration the docs show: the hot path works on it unchanged, and
every statement it sends to the message table is planned against exactly one partition.

The recipe is applied for each test and reversed after it, so the rest of the suite runs on
the table as the app's migrations create it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from compaction import selectors, services
from compaction.models import ChatSession, Message
from compaction.partitioning import TABLE, hash_partition_sql, partition_name, unpartition_sql
from tests.support.api import API, make_client
from tests.support.database import assert_counters_match_rows
from tests.support.docs import tagged_code
from tests.support.factories import SessionFactory
from tests.support.helpers import StaticSummarizer, assistant, chat, settings_with, user

pytestmark = pytest.mark.django_db(transaction=True)

PARTITIONS = 8
SESSIONS = 6  # more sessions than the hot path of one could hide: several partitions in use


def _docs_migration() -> Any:
    """The ``Migration`` of docs/operations.md's recipe, as a host's migration file."""
    namespace: dict[str, Any] = {}
    exec(compile(tagged_code("python migrations/partition_messages"), "recipe", "exec"), namespace)
    return namespace["Migration"]


def _run(statements: list[str]) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _partitions() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
            "WHERE i.inhparent = %s::regclass ORDER BY c.relname",
            [TABLE],
        )
        return [name for (name,) in cursor.fetchall()]


@pytest.fixture
def partitioned():
    [operation] = _docs_migration().operations
    assert operation.sql == hash_partition_sql(partitions=16)
    assert operation.reverse_sql == unpartition_sql()
    _run(hash_partition_sql(partitions=PARTITIONS))
    try:
        yield
    finally:
        _run(unpartition_sql())
        assert _partitions() == []


def _partitions_touched(sql: str) -> set[str]:
    """The partitions of the message table in ``sql``'s plan (literal SQL, as captured)."""
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
        [[plan]] = cursor.fetchall()
    found: set[str] = set()

    def walk(node: dict[str, Any]) -> None:
        name = node.get("Relation Name", "")
        if re.fullmatch(rf"{TABLE}_p\d+", name):
            found.add(name)
        for child in node.get("Plans", ()):
            walk(child)

    walk(plan[0]["Plan"])
    return found


def _message_statements(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured if f'"{TABLE}"' in q["sql"] or f" {TABLE} " in q["sql"]]


def _hot_path(session: ChatSession) -> None:
    """Turns, a compaction, turns after it: what a conversation sends."""
    kept = session
    for turn in range(3):
        appended = services.message_append(
            session_id=session.pk, session=kept, messages=chat(6, start=turn * 6)
        )
        selectors.session_context_build(session=appended.session)
        kept = appended.session
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        force=True,
        summarizer=StaticSummarizer(settings=settings_with()),
    )
    assert run.status == "succeeded" and run.messages_compacted > 0, (run.status, run.reason)
    appended = services.message_append(session_id=session.pk, messages=[user("And now?")])
    selectors.session_context_build(session=appended.session)
    # A turn over HTTP: the views' own reads around the same services.
    api = make_client(session.owner)
    base = f"{API}/sessions/{session.pk}"
    assert api.post(f"{base}/messages/", {"messages": [user("Over HTTP?")]}).status_code == 201
    assert api.get(f"{base}/context/").status_code == 200
    assert api.post(f"{base}/messages/", assistant("Yes.")).status_code == 201


def test_the_hot_path_on_a_partitioned_message_table_stays_in_one_partition(
    partitioned, small, alice
):
    assert _partitions() == sorted(partition_name(r) for r in range(PARTITIONS))
    sessions = [SessionFactory(owner=alice) for _ in range(SESSIONS)]
    for session in sessions[1:]:
        _hot_path(session)  # the other partitions hold rows too
    with CaptureQueriesContext(connection) as captured:
        _hot_path(sessions[0])
    statements = _message_statements(captured)
    # Appends, context builds, the compaction's reads of its range: each names the session.
    assert len(statements) >= 8, [q["sql"] for q in captured]
    home = _home_partition(sessions[0].pk)
    # What the check would catch: a message looked up by id alone scans every partition.
    assert len(_partitions_touched(f'SELECT seq FROM "{TABLE}" WHERE id = 1')) == PARTITIONS
    planned = {sql: _partitions_touched(sql) for sql in statements}
    for sql, touched in planned.items():
        # One partition, the session's; none when the planner proves the range empty (a
        # compaction's "seq > n AND seq <= 0"), or for an append's INSERT, whose rows are
        # routed at execution (checked on the rows below).
        assert touched <= {home}, (touched, sql)
    scans = [sql for sql, touched in planned.items() if not _is_insert_only(sql)]
    assert sum(planned[sql] == {home} for sql in scans) >= len(scans) - 1, planned
    for session in sessions:
        assert_counters_match_rows(session.pk)
        # Every row of a session in its one partition, ids unique across the table.
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT DISTINCT tableoid::regclass::text FROM {TABLE} WHERE session_id = %s",
                [session.pk],
            )
            assert [name for (name,) in cursor.fetchall()] == [_home_partition(session.pk)]
    ids = list(Message.objects.values_list("id", flat=True))
    assert len(ids) == len(set(ids))


def _is_insert_only(sql: str) -> bool:
    """An append's one statement: ``WITH ... UPDATE session ... INSERT INTO message``,
    which reads the message table nowhere."""
    head = sql.split(f'INSERT INTO "{TABLE}"', 1)[0]
    return f'INSERT INTO "{TABLE}"' in sql and f'"{TABLE}"' not in head


def _home_partition(session_id: Any) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT tableoid::regclass::text FROM {TABLE} WHERE session_id = %s LIMIT 1",
            [session_id],
        )
        [(name,)] = cursor.fetchall()
    return name


def test_the_recipe_keeps_rows_and_ids_and_reverses(small):
    session = SessionFactory()
    services.message_append(session_id=session.pk, messages=chat(5))
    before = list(Message.objects.order_by("id").values_list("id", "session_id", "seq", "content"))
    _run(hash_partition_sql(partitions=4))
    try:
        assert len(_partitions()) == 4
        after = list(
            Message.objects.order_by("id").values_list("id", "session_id", "seq", "content")
        )
        assert after == before
        # New ids continue after the copied ones.
        services.message_append(session_id=session.pk, messages=[user("next")])
        newest = Message.objects.order_by("-seq").first()
        assert newest.id > before[-1][0] and newest.seq == before[-1][2] + 1
        with pytest.raises(ValueError):
            hash_partition_sql(partitions=0)
    finally:
        _run(unpartition_sql())
    assert _partitions() == []
    services.message_append(session_id=session.pk, messages=[user("after")])
    assert Message.objects.filter(session=session).count() == len(before) + 2
    assert_counters_match_rows(session.pk)
