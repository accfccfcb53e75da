"""sessions_latest_audit / latest_audit_summary: the drift overview read from stored audits."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from compaction import selectors, services
from compaction.models import ChatSession, Checkpoint
from tests.support.admin import compact
from tests.support.helpers import UPDATED_SUMMARY, chat

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _few_messages_compact(compaction_settings: Any) -> None:
    compaction_settings(AUTO_COMPACT="off", COMPACTION_THRESHOLD=2000, KEEP_RECENT_TOKENS=100)


def _session(external_id: str, versions: int) -> ChatSession:
    session = services.session_create(external_id=external_id)
    for index in range(versions):
        services.message_append(session_id=session.pk, messages=chat(3, start=3 * index))
        if index:
            compact(session, UPDATED_SUMMARY)
        else:
            compact(session)
    return session


def test_the_latest_stored_audit_of_each_session_in_one_query() -> None:
    two = _session("two", 2)
    _session("one", 1)
    services.session_create(external_id="none")

    with CaptureQueriesContext(connection) as queries:
        rows = {s.external_id: s for s in selectors.sessions_latest_audit(ChatSession.objects)}
        found = {name: selectors.latest_audit_summary(s) for name, s in rows.items()}
    assert len(queries) == 1
    assert set(rows) == {"two", "one"}  # never compacted: nothing to audit
    assert rows["two"].latest_checkpoint_pk == Checkpoint.objects.get(session=two, version=2).pk
    assert found["one"] is None  # a first version is audited against nothing

    # The stored figures are the audit's own (v2 against v1), read, not recomputed.
    audit = selectors.checkpoint_audit(session=two, version=2, against=1).audit.summary()
    assert found["two"] == audit
    assert audit.counted_items and audit.declared and audit.unverified


def test_a_version_stored_without_its_audit_reads_as_none() -> None:
    two = _session("two", 2)
    Checkpoint.objects.filter(session=two, version=2).update(audit={})
    (row,) = selectors.sessions_latest_audit(ChatSession.objects.filter(pk=two.pk))
    assert selectors.latest_audit_summary(row) is None
