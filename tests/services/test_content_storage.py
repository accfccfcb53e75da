"""Message content on PostgreSQL: kept as the ``json`` text it was appended as.

The content is read whole on every model call and never searched in SQL, so it is stored as
``json`` rather than ``jsonb`` (``compaction.fields.JSONTextField``): no parsing on write, no
serializing on read, and the keys come back in the order they went in. What the ORM offers
on the field still works: reads, lookups, key transforms.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from compaction import selectors, services
from compaction.models import Message
from tests.support.factories import SessionFactory
from tests.support.helpers import unmarked, user
from tests.support.responses import chat_completion_tool_call, dumped, web_search

pytestmark = pytest.mark.django_db

SEARCH = web_search()


def _stored_text(message: Message) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT content::text FROM compaction_message WHERE id = %s", [message.pk])
        return cursor.fetchone()[0]


def test_the_column_is_json_on_postgresql():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT data_type FROM information_schema.columns "
            "WHERE table_name = 'compaction_message' AND column_name IN ('content', 'metadata') "
            "ORDER BY column_name"
        )
        assert [row[0] for row in cursor.fetchall()] == ["json", "jsonb"]


@pytest.mark.parametrize("locked", [False, True], ids=["guarded write", "row lock"])
def test_content_reads_back_as_appended_keys_in_order(locked):
    session = SessionFactory()
    question = {"role": "user", "content": "Quand est sortie Django 6.0 ? 日本語も。"}
    answer = {"role": "assistant", "content": dumped(SEARCH)}
    # An Idempotency-Key takes the locked path (the ORM's bulk_create), none the guarded write.
    result = services.message_append(
        session_id=session.pk,
        messages=[question, answer],
        idempotency_key="turn-1" if locked else None,
    )
    stored = list(Message.objects.filter(session=session).order_by("seq"))
    for appended, row in zip(result.messages, stored, strict=True):
        assert row.content == appended.content
        # The text as written: compact, UTF-8, the keys in the SDK's order, not jsonb's.
        assert _stored_text(row) == json.dumps(
            appended.content, ensure_ascii=False, separators=(",", ":")
        )
    blocks = stored[1].content
    assert [list(block) for block in blocks] == [
        list(block) for block in result.messages[1].content
    ]
    # jsonb would have sorted them (shorter keys first): server_tool_use's "input" came before
    # "name" in the SDK's dump.
    assert any(list(block) != sorted(block, key=lambda key: (len(key), key)) for block in blocks)
    payload = selectors.session_context_build(session=session)
    # As appended (the question ends the previous call's conversation: a cache marker).
    assert unmarked(payload.messages[:1]) == unmarked([question])
    assert [list(block) for block in payload.messages[1]["content"]] == [
        list(block) for block in stored[1].content
    ]


def test_the_orm_reads_and_filters_the_content():
    session = SessionFactory()
    completion = chat_completion_tool_call()
    services.message_append(session_id=session.pk, messages=[user("Run the tests")])
    services.message_append(
        session_id=session.pk,
        messages=[completion.choices[0].message.model_dump(exclude_none=True)],
        format="openai",
    )
    rows = Message.objects.filter(session=session)
    assert rows.order_by("seq").values_list("content", flat=True).first() == "Run the tests"
    # JSONField's lookups and key transforms, on the column cast to jsonb.
    assert rows.filter(content="Run the tests").count() == 1
    assert rows.filter(content__has_key="tool_calls").count() == 1
    assert rows.filter(content__contains={"role": "assistant"}).count() == 1
    assert rows.filter(content__tool_calls__0__type="function").count() == 1
    assert rows.filter(content__isnull=False).count() == 2
    assert list(
        rows.filter(seq=2).values_list("content__tool_calls__0__function__name", flat=True)
    ) == [completion.choices[0].message.tool_calls[0].function.name]


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_stored_content():
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("compaction")
    session = SessionFactory()
    services.message_append(
        session_id=session.pk,
        messages=[user("Ça marche ?"), {"role": "assistant", "content": dumped(SEARCH)}],
    )
    before = list(Message.objects.order_by("seq").values_list("content", flat=True))
    try:
        executor.migrate([("compaction", "0009_message_session_index_from_seq")])
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT data_type FROM information_schema.columns "
                "WHERE table_name = 'compaction_message' AND column_name = 'content'"
            )
            assert cursor.fetchone()[0] == "jsonb"
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(latest)
    assert list(Message.objects.order_by("seq").values_list("content", flat=True)) == before
