"""The bill through the API and the admin: the conversation's, the summarizer's and the flush
turns' cost, each matching a hand computation from the usage recorded (a 1-hour cache
write, an unknown model, a host's own price), and the stand-in server's reported usage."""

from __future__ import annotations

from decimal import Decimal

import anthropic
import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from compaction import selectors, services
from compaction.agent import run_turn
from compaction.checks import check_settings
from compaction.models import ChatSession
from tests.support.api import API, assert_error, sess
from tests.support.helpers import chat

pytestmark = pytest.mark.django_db

M = Decimal(1_000_000)
SONNET = "claude-sonnet-4-5-20250929"  # $3 in, $3.75 5m write, $6 1h write, $0.30 read, $15 out
HAIKU_45 = {"in": Decimal(1), "w5": Decimal("1.25"), "w1": Decimal(2), "r": Decimal("0.10"),
            "out": Decimal(5)}  # fmt: skip


def haiku(uncached, write_5m, write_1h, read, output) -> Decimal:
    p = HAIKU_45
    return (
        uncached * p["in"] + write_5m * p["w5"] + write_1h * p["w1"] + read * p["r"]
        + output * p["out"]
    ) / M  # fmt: skip


def report(api, session, **usage):
    response = api.post(sess(session, "usage/"), usage)
    assert response.status_code == 200, response.content
    return response.json()


def bill_of(api, session) -> dict:
    response = api.get(sess(session))
    assert response.status_code == 200, response.content
    return response.json()["bill"]


def test_the_conversation_bill_prices_each_model_and_a_1h_write(api, session):
    report(
        api, session, input_tokens=1_000, output_tokens=500, cache_read_input_tokens=10_000,
        cache_creation_input_tokens=4_000,
        cache_creation={"ephemeral_1h_input_tokens": 1_000, "ephemeral_5m_input_tokens": 3_000},
        model=SONNET,
    )  # fmt: skip
    # The answer's usage with the answer, from a model the table does not know.
    response = api.post(
        sess(session, "messages/"),
        {
            "messages": [{"role": "user", "content": "hi"}],
            "usage": {"input_tokens": 200, "output_tokens": 50, "model": "my-local-llama"},
        },
    )
    assert response.status_code == 201, response.content

    bill = bill_of(api, session)
    by_model = {part["model"]: part for part in bill["conversation_by_model"]}
    sonnet = by_model[SONNET]
    expected = (1_000 * 3 + 3_000 * Decimal("3.75") + 1_000 * 6 + 10_000 * Decimal("0.30")
                + 500 * 15) / M  # fmt: skip
    assert Decimal(sonnet["dollars"]) == expected == Decimal("0.03075")
    # 1,000 + 3,000 x 1.25 + 1,000 x 2 + 10,000 x 0.1
    assert Decimal(sonnet["billed_input_tokens"]) == 7_750
    assert (sonnet["cache_write_tokens"], sonnet["cache_write_1h_tokens"]) == (4_000, 1_000)
    llama = by_model["my-local-llama"]
    assert llama["dollars"] is None and llama["unpriced_models"] == ["my-local-llama"]
    assert Decimal(llama["billed_input_tokens"]) == 200
    # Unknown is unknown for the whole conversation, and says why; the tokens still add up.
    conversation = bill["conversation"]
    assert conversation["dollars"] is None
    assert conversation["unpriced_models"] == ["my-local-llama"]
    assert Decimal(conversation["billed_input_tokens"]) == 7_950
    assert conversation["input_tokens"] == 1_200 and conversation["output_tokens"] == 550
    assert bill["total"]["dollars"] is None
    assert bill["summarizer"]["dollars"] == "0" and bill["memory_flush"]["dollars"] == "0"


def test_a_hosts_price_makes_an_unknown_model_known(api, session, compaction_settings):
    compaction_settings(MODEL_PRICES={"my-local-llama": {"input": "0.2", "output": "0.6"}})
    report(api, session, input_tokens=200, output_tokens=50, model="my-local-llama")
    bill = bill_of(api, session)
    assert (
        Decimal(bill["conversation"]["dollars"]) == (200 * Decimal("0.2") + 50 * Decimal("0.6")) / M
    )
    assert bill["conversation"]["unpriced_models"] == []


def test_flush_turns_and_the_summarizer_are_billed_apart(
    api, session, anthropic_api, small, compaction_settings
):
    compaction_settings(SUMMARIZER=None)  # Claude, through the stand-in
    report(api, session, input_tokens=300, output_tokens=20, model="claude-haiku-4-5")
    flush = api.post(
        sess(session, "memory-flush/"),
        {
            "outcome": "silent", "input_tokens": 900, "output_tokens": 3,
            "cache_read_input_tokens": 500, "cache_creation_input_tokens": 100,
            "cache_creation_1h_input_tokens": 100, "model": "claude-haiku-4-5-20251001",
        },
    )  # fmt: skip
    assert flush.status_code == 201, flush.content
    assert flush.json()["cache_write_1h_tokens"] == 100
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    assert run.model and run.llm_calls >= 1
    assert run.llm_input_tokens + run.llm_cache_write_tokens + run.llm_cache_read_tokens > 0

    bill = bill_of(api, session)
    # The flush turn: 900 uncached, 100 written to 1-hour entries, 500 read.
    assert Decimal(bill["memory_flush"]["dollars"]) == haiku(900, 0, 100, 500, 3)
    assert Decimal(bill["memory_flush"]["billed_input_tokens"]) == 900 + 200 + 50
    # The summarizer's calls, as the run recorded what the stand-in reported.
    summarizer = haiku(
        run.llm_input_tokens,
        run.llm_cache_write_tokens - run.llm_cache_write_1h_tokens,
        run.llm_cache_write_1h_tokens,
        run.llm_cache_read_tokens,
        run.llm_output_tokens,
    )
    assert bill["summarizer"]["unpriced_models"] == [], (bill["summarizer"], run.model)
    assert Decimal(bill["summarizer"]["dollars"]) == summarizer
    # The conversation is the host's call alone: the flush's tokens are not in it.
    assert Decimal(bill["conversation"]["dollars"]) == haiku(300, 0, 0, 0, 20)
    assert Decimal(bill["total"]["dollars"]) == summarizer + haiku(900, 0, 100, 500, 3) + haiku(
        300, 0, 0, 0, 20
    )
    run.refresh_from_db()
    assert bill["compactions"] == 1
    assert bill["tokens_removed"] == run.tokens_before - run.tokens_after > 0

    body = api.get(f"{API}/runs/{run.pk}/").json()
    assert Decimal(body["bill"]["dollars"]) == summarizer
    assert body["tokens_removed"] == run.tokens_before - run.tokens_after
    assert body["llm_cache_write_tokens"] == run.llm_cache_write_tokens


def test_the_bill_matches_what_the_stand_in_billed_for_each_turn(
    api, session, anthropic_api, compaction_settings
):
    # One-hour breakpoints, and a prefix above Haiku 4.5's minimum cacheable 4,096 tokens.
    compaction_settings(PROMPT_CACHE_TTL="1h")
    client = anthropic.Anthropic(api_key="sk-test", base_url=anthropic_api.url, max_retries=0)
    services.session_update(session_id=session.pk, system_prompt="You are careful. " * 2000)
    usages = []
    for text in ("Where are the tests?", "And the fixtures?", "Thanks."):
        anthropic_api.enqueue_text(f"Answer to: {text}")
        result = run_turn(
            session_id=session.pk, client=client, model="claude-haiku-4-5", max_tokens=256,
            user_message=text,
        )  # fmt: skip
        usages.append(result.message.usage)
    assert sum(u.cache_read_input_tokens for u in usages) > 0  # the prefix was read

    def one_hour(u) -> int:
        return (u.cache_creation.ephemeral_1h_input_tokens or 0) if u.cache_creation else 0

    assert sum(one_hour(u) for u in usages) > 0  # and written to one-hour entries
    expected = sum(
        (
            haiku(
                u.input_tokens,
                u.cache_creation_input_tokens - one_hour(u),
                one_hour(u),
                u.cache_read_input_tokens,
                u.output_tokens,
            )
            for u in usages
        ),
        Decimal(0),
    )
    bill = bill_of(api, session)
    assert Decimal(bill["conversation"]["dollars"]) == expected
    assert bill["conversation"]["cache_write_1h_tokens"] == sum(one_hour(u) for u in usages)
    # Recorded under the model the stand-in answered as.
    assert [p["model"] for p in bill["conversation_by_model"]] == ["claude-haiku-4-5"]


def test_usage_reports_refuse_bad_cost_fields(api, session):
    assert_error(api.post(sess(session, "usage/"), {"input_tokens": 1, "model": "x" * 256}), 400)
    body = assert_error(
        api.post(
            sess(session, "usage/"),
            {"input_tokens": 1, "cache_creation_input_tokens": 1,
             "cache_creation": {"ephemeral_1h_input_tokens": 2}},
        ),
        400,
    )  # fmt: skip
    assert "cache_creation_1h_input_tokens" in str(body)
    session.refresh_from_db()
    assert session.usage_by_model == {} and session.total_input_tokens == 0


def test_a_session_keeps_a_bounded_number_of_models_apart(session):
    for index in range(25):
        services.session_usage_record(session_id=session.pk, input_tokens=1, model=f"m{index}")
    session.refresh_from_db()
    assert len(session.usage_by_model) == 21
    assert session.usage_by_model["(other models)"]["input"] == 5
    bill = selectors.session_bill(session=session)
    assert bill.conversation.usage.input_tokens == 25


def test_bad_model_prices_are_a_system_check_error_and_never_a_500(
    api, session, compaction_settings
):
    compaction_settings(MODEL_PRICES={"claude-haiku-4-5": {"input": -1, "output": 5}})
    errors = [e for e in check_settings() if e.id == "compaction.E002"]
    assert len(errors) == 1 and "MODEL_PRICES" in errors[0].msg
    assert "['claude-haiku-4-5'].input must be from 0" in errors[0].msg
    report(api, session, input_tokens=1_000_000, model="claude-haiku-4-5")
    # The bad entry is left out: the built-in price bills the call.
    assert Decimal(bill_of(api, session)["conversation"]["dollars"]) == 1
    compaction_settings(MODEL_PRICES={"m": {"input": 1, "output": 1, "typo": 2}})
    assert any("unknown keys typo" in e.msg for e in check_settings())


def test_list_and_usage_answers_do_not_pay_for_the_bill(api, session):
    report_body = report(api, session, input_tokens=5)
    assert "bill" not in report_body
    listed = api.get(f"{API}/sessions/").json()["results"][0]
    assert "bill" not in listed


@pytest.mark.django_db(transaction=True)
def test_migration_0016_bills_earlier_usage_as_unrecorded(alice):
    executor = MigrationExecutor(connection)
    executor.migrate([("compaction", "0015_drift_audit_proxy")])
    old = executor.loader.project_state(("compaction", "0015_drift_audit_proxy")).apps
    old.get_model("compaction", "ChatSession").objects.create(
        id="00000000-0000-0000-0000-000000000016", total_input_tokens=1_000,
        total_cache_read_tokens=2_000, total_output_tokens=10,
    )  # fmt: skip
    executor = MigrationExecutor(connection)
    executor.migrate([("compaction", "0016_usage_for_billing")])
    session = ChatSession.objects.get(pk="00000000-0000-0000-0000-000000000016")
    assert session.usage_by_model == {}
    bill = selectors.session_bill(session=session)
    assert bill.conversation.dollars is None
    assert bill.conversation.unpriced == ("(model not recorded)",)
    assert bill.conversation.billed_input_tokens == 1_000 + 200
    call_command("makemigrations", "compaction", "--check", "--dry-run", verbosity=0)
