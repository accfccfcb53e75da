"""``compaction_bench --only cost --quick``: the token bill's invariants, not its figures.

One quick run (two ~80k-token sessions, four systems each, the schedule search) is shared
by the module. What is checked holds whatever the data: every model call of the replay
reached the stand-in once, the app's own records of the calls equal what the stand-in
billed, the invoice adds up, the cheapest schedule costs no more than the schedules the
app followed (under the same model), and the model reproduces the replay it is built on.
"""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from benchmarks.config import BenchConfig
from benchmarks.cost import SYSTEMS
from benchmarks.cost.standin import MODEL, SUMMARIZER_MODEL, Usage
from compaction.models import ChatSession
from compaction.providers import pricing

QUICK = BenchConfig.quick_config()

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def cost(tmp_path_factory, django_db_setup, django_db_blocker) -> SimpleNamespace:
    path = tmp_path_factory.mktemp("cost") / "cost.json"
    out = io.StringIO()
    with django_db_blocker.unblock():
        sessions_before = ChatSession.objects.count()
        call_command(
            "compaction_bench",
            "--quick",
            "--only",
            "cost",
            "--json",
            str(path),
            stdout=out,
            stderr=io.StringIO(),
        )
        sessions_after = ChatSession.objects.count()
    return SimpleNamespace(
        data=json.loads(path.read_text(encoding="utf-8"))["cost"],
        table=out.getvalue(),
        sessions=(sessions_before, sessions_after),
    )


def test_every_system_replayed_every_session(cost):
    assert [row["session"]["name"] for row in cost.data["sessions"]] == ["transcripts", "coding"]
    for row in cost.data["sessions"]:
        session = row["session"]
        assert session["history_tokens"] >= QUICK.cost_target_tokens
        assert list(row["systems"]) == list(SYSTEMS)
        for name, system in row["systems"].items():
            model = system["model"]
            # One request per scripted answer, plus the app's memory flush turns.
            flushes = system["details"].get("flush_turns", 0)
            assert model["by_kind"]["model"]["requests"] == session["model_calls"], name
            assert model["requests"] == session["model_calls"] + flushes, name
            assert system["needles"]["of"] == session["needles"]
            assert 0 <= system["needles"]["answerable"] <= session["needles"]
            assert system["peak_context"] <= 200_000
        # The quick threshold makes every compacting system compact.
        for name in ("langchain", "app", "tuned"):
            assert row["systems"][name]["compactions"] >= 1, name
        assert row["systems"]["none"]["compactions"] == 0
        assert row["systems"]["none"]["summarizer"]["requests"] == 0


def test_the_app_records_what_the_stand_in_billed(cost):
    """run_turn stores each answer's usage; each run its summarizer calls. Both must equal
    the stand-ins' ledgers request for request."""
    for row in cost.data["sessions"]:
        for name in ("none", "app", "tuned"):
            system = row["systems"][name]
            recorded = system["details"]["recorded"]
            billed = system["model"]
            flush = billed["by_kind"].get("flush", {"requests": 0})
            assert recorded["model"]["cache_read_input_tokens"] <= billed["cache_read_input_tokens"]
            # The session's totals count the conversation's calls; flush turns are recorded
            # on their own rows, so they are the only difference.
            if flush["requests"] == 0:
                for field in (
                    "input_tokens",
                    "cache_creation_input_tokens",
                    "cache_read_input_tokens",
                    "output_tokens",
                ):
                    assert recorded["model"][field] == billed[field], (name, field)
            assert recorded["summarizer"]["requests"] == system["summarizer"]["requests"]
            assert recorded["summarizer"]["output_tokens"] == system["summarizer"]["output_tokens"]


def test_the_invoice_adds_up(cost):
    for row in cost.data["sessions"]:
        for name, system in row["systems"].items():
            for part, model in (("model", MODEL), ("summarizer", SUMMARIZER_MODEL)):
                bill = system[part]
                assert bill["prompt_tokens"] == (
                    bill["input_tokens"]
                    + bill["cache_creation_input_tokens"]
                    + bill["cache_read_input_tokens"]
                )
                summed = Usage(
                    "model",
                    model,
                    bill["input_tokens"],
                    bill["cache_creation_input_tokens"],
                    bill["cache_read_input_tokens"],
                    bill["cache_write_1h_tokens"],
                    bill["output_tokens"],
                    0.0,
                )
                # Prices are linear: the sum of the requests' dollars is the sum's dollars.
                from benchmarks.cost.prices import request_dollars, request_equivalents

                assert bill["usd"] == pytest.approx(request_dollars(summed), abs=1e-3), name
                assert bill["input_equivalents"] == pytest.approx(
                    request_equivalents(summed), abs=1
                )
                assert sum(k["requests"] for k in bill["by_kind"].values()) == bill["requests"]
            assert system["usd"] == pytest.approx(
                system["model"]["usd"] + system["summarizer"]["usd"], abs=1e-3
            )


def test_the_cheapest_schedule_is_no_dearer_than_the_apps(cost):
    for row in cost.data["sessions"]:
        schedule = row["schedule"]
        best = schedule["optimum"]
        assert best["usd"] == pytest.approx(best["model_usd"] + best["summarizer_usd"], abs=1e-3)
        assert best["compactions"] == len(best["schedule"])
        for name, own in schedule["own_schedules"].items():
            # Each app system's own compaction points are among the candidates, so under the
            # same model the optimum cannot cost more than following them.
            assert best["usd"] <= own["usd"] + 1e-6, name
        for name, check in schedule["checks"].items():
            # With the replay's own summaries the model rebuilds every payload exactly.
            assert check["model_calls_usd_real_summaries"] == pytest.approx(
                check["replay_calls_usd"], rel=1e-6
            ), name


def test_the_price_table_prices_both_models(cost):
    prices = cost.data["pricing"]["per_million_tokens_usd"]
    for model in (MODEL, SUMMARIZER_MODEL):
        assert prices[model] == pricing.BUILTIN.get(model).as_dict()


def test_the_table_and_cleanup(cost):
    assert "10. Token bill" in cost.table
    assert "optimum" in cost.table
    # The replays' sessions belong to the bench user and are deleted with it.
    assert cost.sessions[0] == cost.sessions[1]
