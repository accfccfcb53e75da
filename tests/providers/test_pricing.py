"""The price table: exact dollars from usage, aliases and dated ids, unknown models, and a
host's entries checked and merged over the built-in ones."""

from decimal import Decimal

import pytest

from compaction.providers.pricing import (
    BUILTIN,
    MAX_MODELS,
    Bill,
    PriceTable,
    TokenUsage,
    bill,
    billed_input_tokens,
    cost,
    parse_price_table,
    parse_prices,
)

USAGE = TokenUsage(
    input_tokens=1_000,
    output_tokens=500,
    cache_read_tokens=10_000,
    cache_write_tokens=4_000,
    cache_write_1h_tokens=1_000,
)


def test_billed_input_tokens_weigh_writes_and_reads_as_anthropic_bills_them():
    # 1,000 uncached + 3,000 five-minute writes x 1.25 + 1,000 one-hour writes x 2
    # + 10,000 reads x 0.1
    assert billed_input_tokens(USAGE) == Decimal("7750")
    assert USAGE.prompt_tokens == 15_000


def test_sonnet_dollars_match_a_hand_computation_exactly():
    # $3 input, $3.75 5m write, $6 1h write, $0.30 read, $15 output per million
    expected = (
        Decimal(1_000 * 3)
        + Decimal(3_000) * Decimal("3.75")
        + Decimal(1_000 * 6)
        + Decimal(10_000) * Decimal("0.30")
        + Decimal(500 * 15)
    ) / 1_000_000
    assert BUILTIN.cost("claude-sonnet-4-5", USAGE) == expected == Decimal("0.03075")


@pytest.mark.parametrize(
    ("model", "canonical"),
    [
        ("claude-haiku-4-5-20251001", "claude-haiku-4-5"),
        ("Claude-Haiku-4-5", "claude-haiku-4-5"),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
        ("claude-opus-4-20250514", "claude-opus-4-0"),
        ("claude-opus-4-1-20250805", "claude-opus-4-1"),
        ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
        ("claude-3-haiku-20240307", "claude-3-haiku"),
        ("gpt-4o-2024-08-06", "gpt-4o"),
        ("gpt-4.1-mini-2025-04-14", "gpt-4.1-mini"),
        ("gpt-5-nano-2025-08-07", "gpt-5-nano"),
    ],
)
def test_aliases_and_dated_ids_find_the_model(model, canonical):
    assert BUILTIN.get(model) is not None
    assert BUILTIN.get(model) == BUILTIN.get(canonical)


def test_generations_are_priced_apart():
    # Opus 4.5 cut the price of Opus 4/4.1 by two thirds: a prefix match would be wrong.
    assert BUILTIN.get("claude-opus-4-5").input == Decimal(5)
    assert BUILTIN.get("claude-opus-4-1").input == Decimal(15)
    assert BUILTIN.get("gpt-4.1").input != BUILTIN.get("gpt-4.1-mini").input


def test_haiku_3_uses_the_published_cache_prices_not_the_multipliers():
    prices = BUILTIN.get("claude-3-haiku")
    assert (prices.cache_write_5m, prices.cache_write_1h, prices.cache_read) == (
        Decimal("0.30"),
        Decimal("0.50"),
        Decimal("0.03"),
    )


def test_openai_reads_cost_the_cached_price_and_writes_the_input_price():
    usage = TokenUsage(input_tokens=2_000, cache_read_tokens=8_000, output_tokens=100)
    assert (
        BUILTIN.cost("gpt-5-mini", usage)
        == (Decimal(2_000) * Decimal("0.25") + Decimal(8_000) * Decimal("0.025") + 100 * 2)
        / 1_000_000
    )
    prices = BUILTIN.get("gpt-4o")
    assert prices.cache_write_5m == prices.cache_write_1h == prices.input


def test_an_unknown_model_has_no_price_never_zero():
    assert BUILTIN.get("my-local-llama") is None
    assert BUILTIN.cost("my-local-llama", USAGE) is None
    assert BUILTIN.get("") is None and BUILTIN.get(None) is None
    part = bill(BUILTIN, "my-local-llama", USAGE)
    assert part.dollars is None and part.unpriced == ("my-local-llama",)
    assert part.billed_input_tokens == Decimal("7750")


def test_a_bill_with_one_unpriced_part_is_unknown_and_names_it():
    total = bill(BUILTIN, "claude-haiku-4-5", USAGE) + bill(BUILTIN, "mystery", USAGE)
    assert total.dollars is None
    assert total.unpriced == ("mystery",)
    assert total.usage == USAGE + USAGE
    # No tokens cost nothing, whatever the model (a session that never reported usage).
    assert bill(BUILTIN, "mystery", TokenUsage()) == Bill()


def test_host_entries_override_and_extend_the_table():
    table = BUILTIN.merged(
        parse_price_table(
            {
                "claude-haiku-4-5": {"input": 2, "output": 10, "cache_read": "0.2"},
                "my-local-llama": {"input": 0, "output": 0},
            }
        )
    )
    haiku = table.get("claude-haiku-4-5-20251001")
    assert haiku.input == 2 and haiku.cache_read == Decimal("0.2")
    # Writes default to the input price: a host names a surcharge when there is one.
    assert haiku.cache_write_5m == haiku.cache_write_1h == 2
    assert table.cost("my-local-llama", USAGE) == 0
    assert BUILTIN.get("claude-haiku-4-5").input == 1  # the built-in table is untouched


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ([], "must be a mapping"),
        ({"": {"input": 1, "output": 1}}, "keys must be model names"),
        ({"m": {"output": 1}}, "['m'].input is required"),
        ({"m": {"input": -1, "output": 1}}, "['m'].input must be from 0"),
        ({"m": {"input": 1, "output": 10**9}}, "['m'].output must be from 0"),
        ({"m": {"input": True, "output": 1}}, "['m'].input must be a number"),
        ({"m": {"input": "NaN", "output": 1}}, "['m'].input must be from 0"),
        ({"m": {"input": "cheap", "output": 1}}, "['m'].input must be a number"),
        ({"m": {"input": 1, "output": 1, "cache_wrte_5m": 1}}, "unknown keys cache_wrte_5m"),
        ({"m": 3}, "must be a mapping of prices"),
        ({f"m{i}": {"input": 1, "output": 1} for i in range(MAX_MODELS + 1)}, "at most"),
    ],
)
def test_bad_host_entries_are_refused_naming_the_key(value, words):
    with pytest.raises(ValueError) as caught:
        parse_price_table(value)
    assert words in str(caught.value)


def test_usage_refuses_impossible_counts():
    with pytest.raises(ValueError):
        TokenUsage(input_tokens=-1)
    with pytest.raises(ValueError):
        TokenUsage(cache_write_tokens=1, cache_write_1h_tokens=2)


def test_cost_of_a_price_entry_is_linear_in_each_part():
    prices = parse_prices(
        {"input": 1, "output": 2, "cache_read": 3, "cache_write_5m": 4, "cache_write_1h": 5}
    )
    for field, unit in [
        ("input_tokens", 1),
        ("output_tokens", 2),
        ("cache_read_tokens", 3),
    ]:
        assert cost(TokenUsage(**{field: 1_000_000}), prices) == unit
    assert cost(TokenUsage(cache_write_tokens=1_000_000), prices) == 4
    assert (
        cost(TokenUsage(cache_write_tokens=10, cache_write_1h_tokens=10), prices)
        == Decimal(50) / 1_000_000
    )
    assert PriceTable({}).cost("anything", USAGE) is None
