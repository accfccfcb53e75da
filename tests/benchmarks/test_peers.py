"""The per-turn comparison with the peer stacks (``--only peers``), run for real on tiny histories.

Needs the ``bench`` extra (part of ``dev``, which CI installs): LangGraph, its PostgreSQL
checkpointer and langchain-postgres run against the test database. As in test_bench.py,
nothing here asserts a wall-clock figure; statement counts, compaction and cleanup are
checked.
"""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import psycopg
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from benchmarks import peers as peers_module
from benchmarks.config import BenchConfig
from benchmarks.data import MixedHistory
from benchmarks.peers import conninfo, import_peers, to_langchain, verify_counter
from benchmarks.runner import Bench
from benchmarks.sqlcount import StatementCounter
from compaction.content import Tail, clean_messages
from tests.benchmarks.test_bench import _snapshot

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = (120, 240)  # ~530 tokens a message: both over the quick 20k-token threshold


def _peer_schemas() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'compaction\\_peers\\_%'"
        )
        return [row[0] for row in cursor.fetchall()]


@pytest.fixture(scope="module")
def run(tmp_path_factory, django_db_setup, django_db_blocker) -> SimpleNamespace:
    path = tmp_path_factory.mktemp("peers") / "peers.json"
    out = io.StringIO()
    with django_db_blocker.unblock():
        before = (_snapshot(), _peer_schemas())
        call_command(
            "compaction_bench",
            "--only",
            "peers",
            "--quick",
            "--peer-sizes",
            ",".join(map(str, SIZES)),
            "--repeat",
            "3",
            "--json",
            str(path),
            stdout=out,
            stderr=io.StringIO(),
        )
        after = (_snapshot(), _peer_schemas())
    data = json.loads(path.read_text(encoding="utf-8"))
    return SimpleNamespace(
        data=data, peers=data["peers"], table=out.getvalue(), before=before, after=after
    )


def test_only_the_peer_section_ran_and_cleaned_up(run: SimpleNamespace) -> None:
    assert set(run.data) == {"meta", "config", "peers", "goals"}
    assert run.data["config"]["sections"] == ["peers"]
    assert "6. Per-turn cost vs peers" in run.table
    assert "1. Context build" not in run.table
    # The app's sessions and the bench user are gone, and so is the peers' schema.
    assert run.after == run.before


def test_every_stack_ran_each_size(run: SimpleNamespace) -> None:
    peers = run.peers
    assert "skipped" not in peers
    assert [row["history"] for row in peers["rows"]] == list(SIZES)
    assert all(peers["versions"][name] for name in ("langgraph", "langchain-postgres"))
    for row in peers["rows"]:
        for name in ("app", "langgraph", "pg_history"):
            stats = row[name]
            assert stats["n"] == 3
            assert 0 < stats["median_ms"] <= stats["p95_ms"] <= stats["max_ms"]
        assert set(row["ratio_vs_app"]) == {"langgraph", "pg_history"}


def test_app_turn_is_four_statements_and_the_counter_agrees_with_django(
    run: SimpleNamespace,
) -> None:
    check = run.peers["counter_check"]
    assert check["app_turn"] == {"psycopg_counter": 4, "capture_queries_context": 4}
    assert check["known_case"] == {"statements": 7, "transaction_control": 2, "rows_inserted": 5}
    for row in run.peers["rows"]:
        assert row["app"]["statements"] == {"min": 4, "max": 4, "median": 4}
    goal = next(g for g in run.data["goals"] if g["goal"].startswith("turn statements"))
    assert goal["met"] is True and goal["measured"] == [4]


def test_each_stack_compacted_or_reads_everything_as_documented(run: SimpleNamespace) -> None:
    keep = run.peers["policy"]["keep_tokens"]
    assert run.peers["policy"] == {"threshold_tokens": 20_000, "keep_tokens": 4_000}
    langgraph_counts = set()
    for row in run.peers["rows"]:
        size, setup = row["history"], row["setup"]
        # The app: one compaction at load, a bounded window after it.
        assert setup["app"]["compaction"] == "succeeded"
        assert setup["app"]["active_messages"] < size
        assert row["app"]["context"]["messages"] < size
        # LangGraph: the middleware summarized on the first turn; the state stays bounded.
        assert setup["langgraph"]["summarized"] is True
        assert row["langgraph"]["context"]["messages"] < size
        assert row["langgraph"]["context"]["tokens"] < 4 * keep
        langgraph_counts |= {row["langgraph"]["statements"][k] for k in ("min", "max")}
        # PostgresChatMessageHistory: every turn reads the whole history.
        assert row["pg_history"]["context"]["messages"] > size
        assert row["pg_history"]["statements"]["max"] == 3  # insert, select, insert
    assert len(langgraph_counts) == 1 and langgraph_counts.pop() > 0
    speed_goals = [g for g in run.data["goals"] if "SummarizationMiddleware" in g["goal"]]
    assert len(speed_goals) == len(SIZES)
    assert all(g["met"] in (True, False) for g in speed_goals)


# --------------------------------------------------------------------------- pieces


def test_statement_counter_on_a_known_case() -> None:
    counter = StatementCounter()
    with psycopg.connect(conninfo(connection.settings_dict)) as conn, counter.installed():
        found = verify_counter(counter, conn)
    assert found["known_case"]["statements"] == 7


def test_statement_counter_is_removed_after_use() -> None:
    original = psycopg.Cursor.execute
    counter = StatementCounter()
    with counter.installed():
        assert psycopg.Cursor.execute is not original
    assert psycopg.Cursor.execute is original
    with psycopg.connect(conninfo(connection.settings_dict)) as conn:
        conn.execute("SELECT 1")  # nothing installed: nothing recorded, nothing raised


def test_mixed_history_is_seeded_prefix_stable_and_valid() -> None:
    history = MixedHistory(seed=3)
    messages = history.messages(0, 400)
    assert messages == MixedHistory(seed=3).messages(0, 400)
    assert history.messages(100, 50) == messages[100:150]
    assert messages != MixedHistory(seed=4).messages(0, 400)
    clean_messages(messages, tail=Tail(), max_chars=500_000, batch=True)
    peers = import_peers()
    for message in messages:
        converted = to_langchain(message, peers)
        text = converted.content
        assert 150 <= len(text) <= 8_000, len(text)


def test_only_rejects_unknown_sections() -> None:
    with pytest.raises(CommandError, match="--only"):
        call_command("compaction_bench", "--only", "peers,nope")


def test_missing_peers_are_reported_not_faked(monkeypatch) -> None:
    def unavailable() -> dict:
        raise peers_module.PeersUnavailable("No module named 'langgraph' (test)")

    monkeypatch.setattr(peers_module, "import_peers", unavailable)
    bench = Bench(BenchConfig.quick_config(sections=("peers",)))
    assert bench.peer_benchmarks()["skipped"].startswith("No module named 'langgraph'")
    monkeypatch.setattr("project.management.commands.compaction_bench.import_peers", unavailable)
    with pytest.raises(CommandError, match="cannot run here"):
        call_command("compaction_bench", "--only", "peers", "--quick")
