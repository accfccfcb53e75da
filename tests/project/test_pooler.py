"""Behind PgBouncer in transaction mode (Debian's 1.18: no prepared statement support).

The demo project's settings as production starts them, in child processes pointed at a
PgBouncer the test starts: with ``DATABASE_POOLER=pgbouncer-transaction`` turns from several
threads all work; with prepared statements left on behind it they fail, which is what system
check ``compaction.W010`` warns about. A missing pgbouncer fails the test, it is not skipped.
"""

from __future__ import annotations

import pytest
from django.db import connection

from tests.support.pooler import pgbouncer, run_child

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 4
TURNS = 8  # more than psycopg's prepare_threshold=5: the sixth run of a statement prepares it

CHILD_ENV = {
    "COMPACTION_AUTO_COMPACT": "off",
    "COMPACTION_SUMMARIZER": "tests.support.helpers.StaticSummarizer",
    "CELERY_BROKER_URL": "",
    "ANTHROPIC_API_KEY": "",
    "OPENAI_API_KEY": "",
}


@pytest.fixture
def bouncer_url():
    database = connection.settings_dict
    with pgbouncer(
        server_host=database["HOST"] or "127.0.0.1",
        server_port=int(database["PORT"] or 5432),
        user=database["USER"] or "postgres",
    ) as port:
        yield f"postgres://{database['USER'] or 'postgres'}@127.0.0.1:{port}/{database['NAME']}"


def test_the_pooler_setting_makes_turns_work_behind_pgbouncer_from_several_threads(bouncer_url):
    result = run_child(
        env={**CHILD_ENV, "DATABASE_URL": bouncer_url, "DATABASE_POOLER": "pgbouncer-transaction"},
        threads=THREADS,
        turns=TURNS,
        sequential=False,
    )
    assert result["errors"] == []
    assert result["turns"] == THREADS * TURNS
    assert result["options"] == {"server_side_binding": None, "prepare_threshold": None}
    assert result["disable_server_side_cursors"] is True
    assert "compaction.W010" not in result["checks"]
    assert result["database_checks"] == []


def test_prepared_statements_behind_pgbouncer_1_18_fail_and_the_check_says_so(bouncer_url):
    # One client after the other: PgBouncer hands each the server connection the previous
    # one left, where psycopg's "_pg3_0" of the first is already prepared.
    result = run_child(
        env={
            **CHILD_ENV,
            "DATABASE_URL": bouncer_url,
            "DATABASE_POOLER": "pgbouncer-transaction",
            "DATABASE_PREPARED_STATEMENTS": "on",
        },
        threads=2,
        turns=TURNS,
        sequential=True,
    )
    assert result["options"] == {"server_side_binding": True, "prepare_threshold": 5}
    assert "compaction.W010" in result["checks"]
    assert result["database_checks"] == ["compaction.E009"]  # check --database tried it
    assert result["errors"], result
    assert all("prepared statement" in error for error in result["errors"]), result["errors"]
    assert result["turns"] < 2 * TURNS
