"""Audit reads on a replica (``compaction.routers``): the audit pages of the admin and the
API read compaction's tables from ``AUDIT_DATABASE`` only; a turn reads and writes the
primary only.

The replica is a second alias, ``replica``, configured as Django configures a test mirror
(``TEST: {"MIRROR": "default"}``): a connection of its own to the same test database. It is
added to the connection handler for these tests alone, and the tests commit
(``transaction=True``), so the replica's connection sees what the primary's wrote.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compaction import checks, selectors, services
from compaction.checks import check_audit_database
from compaction.routers import AuditReplicaRouter, audit_reads
from tests.support.admin import compact, staff_user
from tests.support.api import API, make_client
from tests.support.docs import tagged_code
from tests.support.factories import SessionFactory
from tests.support.helpers import chat

REPLICA = "replica"
ROUTER = "compaction.routers.AuditReplicaRouter"

pytestmark = pytest.mark.django_db(transaction=True, databases=["default", REPLICA])


@pytest.fixture(scope="module", autouse=True)
def replica_alias(django_db_setup):
    """The ``replica`` alias for this module, added before the tests' database access is
    set up (which checks their ``databases``): the primary's settings, as a test mirror."""
    primary = connections["default"].settings_dict
    connections.settings[REPLICA] = {**primary, "TEST": {**primary["TEST"], "MIRROR": "default"}}
    try:
        yield
    finally:
        connections[REPLICA].close()
        del connections[REPLICA]
        del connections.settings[REPLICA]


@pytest.fixture(autouse=True)
def replica(settings, compaction_settings):
    settings.DATABASE_ROUTERS = [ROUTER]
    compaction_settings(AUDIT_DATABASE=REPLICA)
    yield connections[REPLICA]
    connections[REPLICA].close()


def _compacted_session(owner):
    session = SessionFactory(owner=owner)
    for _ in range(3):
        services.message_append(session_id=session.pk, messages=chat(4), auto_compact=False)
        compact(session)
    services.message_append(session_id=session.pk, messages=chat(2), auto_compact=False)
    return session


def _compaction_sql(captured: CaptureQueriesContext) -> list[str]:
    return [query["sql"] for query in captured if '"compaction_' in query["sql"]]


def _audit_urls(session, run_id) -> dict[str, str]:
    base = f"{API}/sessions/{session.pk}"
    return {
        "api checkpoints": f"{base}/checkpoints/",
        "api checkpoint": f"{base}/checkpoints/2/",
        "api diff": f"{base}/checkpoints/3/diff/?against=2",
        "api drift": f"{base}/drift/",
        "api runs": f"{API}/runs/",
        "api run": f"{API}/runs/{run_id}/",
        "api history text": f"{base}/history-text/",
        "admin diff": reverse("admin:compaction_chatsession_diff", args=[session.pk])
        + "?old=1&new=3",
        "admin timeline": reverse("admin:compaction_chatsession_timeline", args=[session.pk]),
        "admin originals": reverse("admin:compaction_chatsession_originals", args=[session.pk, 1]),
        "admin drift list": reverse("admin:compaction_driftaudit_changelist"),
    }


def test_audit_pages_read_compaction_tables_from_the_replica_only(
    django_user_model, replica, small
):
    owner = staff_user(django_user_model, "auditor")
    owner.is_superuser = True
    owner.save()
    session = _compacted_session(owner)
    run_id = session.runs.order_by("-created_at").values_list("pk", flat=True)[0]
    api = make_client(owner)
    admin = make_client()
    admin.force_login(owner)
    for name, url in _audit_urls(session, run_id).items():
        client = admin if name.startswith("admin") else api
        with (
            CaptureQueriesContext(connections["default"]) as primary,
            CaptureQueriesContext(replica) as replicated,
        ):
            response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        # The pages' own reads: every one of compaction's tables, rendering included.
        assert _compaction_sql(replicated), name
        assert _compaction_sql(primary) == [], (name, _compaction_sql(primary))
        # The host's tables (sessions, users) stay with the host's routing: the primary.
        assert all('"compaction_' in q["sql"] for q in replicated), (
            name,
            [q["sql"] for q in replicated if '"compaction_' not in q["sql"]],
        )


def test_a_turn_stays_on_the_primary(replica, small):
    session = SessionFactory()
    with (
        CaptureQueriesContext(connections["default"]) as primary,
        CaptureQueriesContext(replica) as replicated,
    ):
        result = services.message_append(session_id=session.pk, messages=chat(20))
        selectors.session_context_build(session=result.session)
        run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
        selectors.session_context_build(session=session)
    assert run.status == "succeeded"
    assert len(replicated) == 0, [q["sql"] for q in replicated]
    assert _compaction_sql(primary)


def test_writes_of_rows_read_in_an_audit_go_to_the_primary(replica):
    session = SessionFactory(agent_id="before")
    with audit_reads() as alias:
        assert alias == REPLICA
        read = type(session).objects.get(pk=session.pk)
        assert read._state.db == REPLICA
        read.agent_id = "after"
        with CaptureQueriesContext(replica) as replicated:
            read.save(update_fields=["agent_id"])
    assert [q["sql"] for q in replicated] == []
    assert type(session).objects.get(pk=session.pk).agent_id == "after"
    router = AuditReplicaRouter()
    assert router.allow_migrate(REPLICA, "compaction") is False
    assert router.allow_migrate("default", "compaction") is None


def test_without_the_setting_the_audits_read_the_primary(
    django_user_model, replica, compaction_settings, small
):
    compaction_settings(AUDIT_DATABASE=None)
    owner = staff_user(django_user_model, "auditor")
    session = _compacted_session(owner)
    with CaptureQueriesContext(replica) as replicated:
        assert make_client(owner).get(f"{API}/sessions/{session.pk}/drift/").status_code == 200
    assert len(replicated) == 0


def test_checks_name_an_unknown_alias_and_a_missing_router(settings, compaction_settings):
    assert check_audit_database() == []
    compaction_settings(AUDIT_DATABASE="replicaa")
    [error] = check_audit_database()
    assert error.id == "compaction.E008" and "'replicaa'" in error.msg
    assert "'replica'" in error.hint  # the aliases there are
    compaction_settings(AUDIT_DATABASE=REPLICA)
    settings.DATABASE_ROUTERS = []
    [warning] = check_audit_database()
    assert warning.id == "compaction.W011" and ROUTER in warning.hint


def test_the_replica_settings_of_the_docs_pass_the_checks(settings, monkeypatch):
    # docs/operations.md, "Audit pages on a replica", over a host's settings (read by the
    # check alone: the test's connections keep theirs).
    namespace = {"DATABASES": {"default": dict(settings.DATABASES["default"])}, "COMPACTION": {}}
    exec(tagged_code("python settings/replica"), namespace)
    host = SimpleNamespace(**{k: v for k, v in namespace.items() if k.isupper()})
    monkeypatch.setattr(checks, "settings", host)
    settings.COMPACTION = namespace["COMPACTION"]
    assert namespace["DATABASES"]["replica"]["HOST"] == "db-replica.internal"
    assert check_audit_database() == []
    with audit_reads() as alias:
        assert alias == REPLICA
